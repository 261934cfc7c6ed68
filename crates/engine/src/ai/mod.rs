//! The computer players: the levels a user picks, how each chooses a move, what it reports
//! (the move, its value — proven or estimated — and the work), and the move-time policy every
//! front end shares. Built on the pure searches below it (solver, textbook search, Gomoku
//! search); the game flow ([`crate::session`]) sits above it.
//!
//! What lives here, by concept (the modules are private; the names below are the API):
//! - who plays a side: `human` or a computer [`Level`] ([`Player`], [`BadPlayer`]);
//! - what the computer decided and why: [`Thought`], its [`Candidate`] moves and the
//!   [`Method`] that chose them;
//! - [`Thinker`]: the computer's memory across a game and the dispatch by level, with the
//!   [`Exactness`] of `perfect`; [`HardPlayer`], the `hard` level (the threat-pattern search
//!   on every board);
//! - [`analyze`]: the value of every move for the analysis overlay, exact or estimated
//!   ([`Analysis`], [`MoveEstimate`], [`AnalysisKind`]), and [`exact_analysis`];
//! - [`book`]: the opening book, exact values of the first plies of the popular small boards
//!   (a namespace of its own: the file format, the boards it covers, the positions it holds);
//! - [`forced_win`]: a proven forced win (by continuous fours) for judging finished games.
//!
//! The tuning constants of these parts (shares of the move, node caps, table sizes) are not
//! part of the API: a caller says what a decision may use through a [`crate::Go`] (which, with
//! the one [`crate::TimeManager`] that turns it into the searches' deadlines, sits in the
//! bottom layer, since the exact searches below the players take it too).

pub(crate) mod analysis;
pub mod book;
pub(crate) mod forced;
pub(crate) mod hard;
pub(crate) mod level;
pub(crate) mod textbook;
pub(crate) mod thinker;
pub(crate) mod thought;

pub use analysis::{analyze, exact_analysis, Analysis, AnalysisKind, MoveEstimate};
pub use forced::{forced_win, ForcedWin};
pub use hard::HardPlayer;
pub use level::{BadPlayer, Level, Player};
pub use thinker::{Exactness, Thinker};
pub use thought::{Candidate, Method, Thought};

#[cfg(test)]
mod proven_tests;
#[cfg(test)]
mod tests;
