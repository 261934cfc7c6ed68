//! mnk-engine: rules, positions, notation, search, the exact solver and counting for
//! m,n,k-games (tic-tac-toe, four-in-a-row on 4x4, Gomoku). No I/O, no clocks: front ends
//! hand in what they need (a stop flag, a random generator) and measure time themselves.

pub mod bits;
pub mod board;
pub mod board_game;
pub mod certificate;
pub mod count;
pub mod error;
pub mod eval;
pub mod geometry;
pub mod gomoku;
pub mod notation;
pub mod position;
pub mod proof;
pub mod rules;
pub mod score;
pub mod search;
pub mod session;
pub mod solver;
pub mod teach;
pub mod threats;
pub mod tree;

pub use board::Board;
pub use error::{NotationError, PositionError, RulesError, SearchError};
pub use position::{Outcome, Side};
pub use rules::{Rules, Size};
pub use score::{Score, Verdict};

/// Any error the engine reports.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// Bad rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Bad board text or move.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// An impossible position or move.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A search that cannot be done.
    #[error(transparent)]
    Search(#[from] SearchError),
}
