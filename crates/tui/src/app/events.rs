//! What reaches the app ([`Event`]) and the work it hands back to the runner ([`Effect`]).

use mnk_engine::ai::Analysis;
use mnk_engine::session::{Handle, ThinkDone};
use mnk_engine::Board;
use mnk_engine::SearchError;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Something that happened.
pub enum Event {
    /// A key was pressed.
    Key(KeyEvent),
    /// The mouse did something.
    Mouse(MouseEvent),
    /// The terminal now has this many columns and rows.
    Resize(u16, u16),
    /// Time passed (drives the AI-vs-AI pace and the spinner).
    Tick(Instant),
    /// A background decision finished after `elapsed`.
    Thought {
        /// The id given in [`Effect::Think`].
        id: u64,
        /// The answer, for [`mnk_engine::session::Session::finish_think`] (boxed: it holds the solver).
        done: Box<ThinkDone>,
        /// Wall time of the search.
        elapsed: Duration,
    },
    /// A background analysis finished.
    Analysed {
        /// The id given in [`Effect::Analyze`].
        id: u64,
        /// Every legal move's exact value, or why not.
        result: Result<Analysis, SearchError>,
    },
}

/// Work the runner does for the app.
pub enum Effect {
    /// Wait for this thinking (already running on its own thread) and send back
    /// [`Event::Thought`] with the same id.
    Think {
        /// Names the answer.
        id: u64,
        /// The thinking, to join.
        thinking: Box<Handle<ThinkDone>>,
    },
    /// Value every move of this position (exactly where the engine can; stoppable) and send
    /// [`Event::Analysed`].
    Analyze {
        /// Names the answer.
        id: u64,
        /// The position (boxed: large boards are large).
        board: Box<Board>,
        /// Set when the analysis is no longer wanted.
        stop: Arc<AtomicBool>,
    },
    /// Leave the app.
    Quit,
}
