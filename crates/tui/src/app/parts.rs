//! The pieces of the app's state shown on screen: the overlay, the search in progress, the
//! computer's last move and the analysis.

use crate::settings::Settings;
use mnk_engine::session::ThinkPurpose;
use mnk_engine::{Side, Verdict};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What covers the game screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the game.
    None,
    /// The key help.
    Help,
    /// The settings form.
    Settings(Settings),
}

/// A search in progress.
pub struct Pending {
    /// Its id.
    pub id: u64,
    /// Move or hint.
    pub purpose: ThinkPurpose,
    /// Stops it.
    pub stop: Arc<AtomicBool>,
    /// When it started (for the spinner).
    pub started: Instant,
}

/// The computer's last move, for the status panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// Who played it.
    pub side: Side,
    /// The move, e.g. `b2`.
    pub name: String,
    /// Its value for the side that played it (none for a random move).
    pub verdict: Option<Verdict>,
    /// Whether the value was proven (the exact solver or the book), not estimated.
    pub proven: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The analysis overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysis {
    /// Hidden.
    Off,
    /// Being computed for the position after these moves.
    Running {
        /// Its id.
        id: u64,
        /// The moves of the position analysed.
        moves: Vec<usize>,
    },
    /// Every legal move's value for the side to move, for the position after `moves`.
    Ready {
        /// The moves of the position analysed.
        moves: Vec<usize>,
        /// (cell, value) for every empty cell.
        values: Vec<(usize, Verdict)>,
        /// Whether the values are proven (otherwise they are estimates).
        exact: bool,
    },
    /// Shown, but not available here (why).
    Unavailable(String),
}
