//! The computer players: the levels a user picks, how each chooses a move, what it reports
//! (the move, its value — proven or estimated — and the work), and the move-time policy every
//! front end shares. Built on the pure searches below it (solver, textbook search, Gomoku
//! search); the game flow ([`crate::session`]) sits above it.
//!
//! - [`level`]: who plays a side (`human` or a computer [`Level`]) and how levels are named.
//! - [`thought`]: [`Thought`], what the computer decided and why.
//! - [`thinker`]: [`Thinker`], the computer's memory across a game and the dispatch by level.
//! - [`hard`]: the `hard` level, the threat-pattern search of the engine's Gomoku module on every board.
//! - [`textbook`]: the depth-limited alpha-beta of `depth:N`.
//! - [`analysis`]: the value of every move for the analysis overlay, exact or estimated.
//! - [`book`]: the opening book, exact values of the first plies of the popular small boards.
//! - [`go`]: [`Go`], what the caller tells one decision (stop handle, nodes, depth, time,
//!   table size, seed).
//! - [`time`]: the one time manager, turning a [`Go`] into the budgets of the searches.
//! - [`forced`]: a proven forced win (by continuous fours) for judging finished games.

pub mod analysis;
pub mod book;
pub mod forced;
pub mod go;
pub mod hard;
pub mod level;
mod proven;
pub mod textbook;
pub mod thinker;
pub mod thought;
pub mod time;

pub use analysis::{
    analysis_may_be_exact, analyze, exact_analysis, Analysis, AnalysisKind, MoveEstimate,
    ANALYSIS_NODES, ANALYSIS_PROOF_NODES,
};
pub use book::{Book, BookError};
pub use forced::{forced_win, ForcedWin, FORCED_WIN_DEPTH, FORCED_WIN_NODES, FORCED_WIN_THREES};
pub use go::{Clock, Go};
pub use hard::{HardPlayer, HARD_MAX_DEPTH, HARD_TABLE_MIB};
pub use level::{BadPlayer, Level, Player};
pub use thinker::{
    perfect_exactness, Exactness, Thinker, PLAY_HASH_MIB, PROOF_FIRST_SHARE, PROOF_SHARE,
    UNTIMED_PROOF_NODES,
};
pub use thought::{Candidate, Method, Thought};
pub use time::{move_time, stop_margin, TimeManager, GAME_TIME_SHARE};

#[cfg(test)]
mod proven_tests;
#[cfg(test)]
mod tests;
