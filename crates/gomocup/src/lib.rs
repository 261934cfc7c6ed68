//! mnk-gomocup: the mnk engine as a Gomocup brain, without any I/O.
//!
//! - [`protocol`]: the Piskvork protocol, manager to brain, one line at a time
//!   ([`Parser`] turns lines into [`Command`]s);
//! - [`brain`]: [`Brain`], the game state and its answer to each command, moves searched by
//!   the engine's big-board search ([`mnk_engine::gomoku`]).
//!
//! The `pbrain-mnk` binary (in the `mnk` package) only moves lines between standard input,
//! this library and standard output; the fuzz targets drive the same code directly.

pub mod brain;
pub mod protocol;

pub use brain::{Brain, Budget};
pub use protocol::{BoardStone, Command, Parser, ProtocolError};

#[cfg(test)]
mod tests;
