//! A game session: the flow of one game between two players (human or computer), written once
//! as pure logic so that every front end (line-mode play, the full-screen terminal UI, the web
//! server) drives the same rules, the same computer players and the same record format.
//!
//! The computer players themselves live in [`crate::ai`].
//!
//! - [`Session`]: the game itself (moves, undo, hints, the [`GameResult`]), set up by a
//!   [`SessionConfig`];
//! - a computer decision started on a thread of its own ([`Session::start_computer_move`],
//!   for a [`ThinkPurpose`]) and handed back as a [`ThinkDone`] with
//!   [`Session::finish_think`];
//! - [`Handle`]: the one way to stop, poll and join thinking off-thread;
//! - [`Record`]: the small text format that saves and restores a game.
//!
//! Nothing here reads a clock or does I/O (a thinking thread is started only on request); randomness comes from a seeded generator held by
//! the session, so a given seed and a given sequence of inputs always give the same game.

mod background;
mod game;
mod handle;
mod record;
mod result;

pub use background::{ThinkDone, ThinkPurpose};
pub use game::{Session, SessionConfig};
pub use handle::Handle;
pub use record::Record;
pub use result::GameResult;

use crate::ai::BadPlayer;
use crate::error::{NotationError, PositionError, SearchError};
use thiserror::Error;

/// What can go wrong in a session. Each message is one sentence a front end can show as it is.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SessionError {
    /// A player name that is neither `human` nor a known computer level.
    #[error(transparent)]
    BadPlayer(#[from] BadPlayer),
    /// A move that does not parse.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A move that cannot be played (taken cell, game over, off the board).
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A search that could not be done.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A human move was offered while a computer is to move.
    #[error("it is {0}'s turn, and {0} is played by the computer")]
    ComputerToMove(char),
    /// A computer move was asked for while a human is to move.
    #[error("it is {0}'s turn, and {0} is played by a human")]
    HumanToMove(char),
    /// `undo` with no human move to take back.
    #[error("there is no move of yours to take back")]
    NothingToUndo,
    /// Renju asked for with o moving first: its rule binds the first player, x.
    #[error("under Renju x (black) moves first: leave out the choice of o first")]
    RenjuFirst,
    /// A background decision handed back after the game moved on (undo, new game, a move).
    #[error("the position changed while the computer was thinking; its answer was dropped")]
    Stale,
    /// A game record that does not parse or does not replay.
    #[error("game record{}: {reason}", at_line(*line))]
    Record {
        /// 1-based line number (0 when the problem concerns the whole record).
        line: usize,
        /// What was wrong and what is accepted.
        reason: String,
    },
}

/// ", line N" for a problem on one line of a record; nothing when it concerns the whole record.
fn at_line(line: usize) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(", line {line}")
    }
}

#[cfg(test)]
mod tests;
