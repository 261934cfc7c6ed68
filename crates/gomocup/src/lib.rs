//! mnk-gomocup: the mnk engine as a Gomocup brain, without any I/O.
//!
//! - [`protocol`]: the Piskvork protocol, manager to brain, one line at a time
//!   ([`Parser`] turns lines into [`Command`]s);
//! - [`brain`]: [`Brain`], the game (an engine [`mnk_engine::Board`]) and its answer to each
//!   command, moves chosen by the engine's computer player ([`mnk_engine::ai::Thinker`]),
//!   its limits mapped from the manager's `INFO` lines onto a [`mnk_engine::ai::Go`].
//!
//! The `pbrain-mnk` binary (in the `mnk` package) only moves lines between standard input,
//! this library and standard output; the fuzz targets drive the same code directly.

pub mod brain;
pub mod protocol;

pub use brain::{table_mib_for, Brain, Caps, BRAIN_TABLE_MIB};
pub use protocol::{Answer, BoardStone, Command, Parser, ProtocolError};

#[cfg(test)]
mod tests;
