//! mnk-gomocup: the Piskvork (Gomocup) protocol, both sides of it.
//!
//! - [`protocol`]: the protocol's lines, typed both ways: the manager's [`Command`]s (parsed
//!   by [`Parser`], written by `Display`) and the brain's [`Answer`]s (parsed by
//!   [`Answer::parse`], written by `Display`), without any I/O;
//! - [`brain`]: [`Brain`], the game (an engine [`mnk_engine::Board`]) and its answer to each
//!   command, moves chosen by the engine's computer player ([`mnk_engine::ai::Thinker`]),
//!   its limits mapped from the manager's `INFO` lines onto a [`mnk_engine::Go`];
//! - [`manager`]: the manager's side, [`BrainProcess`]: a brain program run as a child
//!   process, told a game's settings, sent commands and read answers with timeouts (what
//!   `mnk match` referees its games through).
//!
//! The `pbrain-mnk` binary (`src/bin/pbrain-mnk.rs`) only moves lines between standard
//! input, the brain and standard output; the fuzz targets drive the same code directly. The
//! crate uses the standard library's processes and threads and nothing else for I/O: no web,
//! database or terminal crate.

pub mod brain;
pub mod manager;
pub mod protocol;

pub use brain::{table_mib_for, Brain, Caps, BRAIN_TABLE_MIB};
pub use manager::{BrainProcess, Fault, GameSetup};
pub use protocol::{rule_bits, rule_of_bits, Answer, BoardStone, Command, Parser, ProtocolError};

#[cfg(test)]
mod tests;
