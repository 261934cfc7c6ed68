//! mnk-match: matches between m,n,k-game players, built-in computer levels or external
//! Gomocup brains (run through [`mnk_gomocup::BrainProcess`]).
//!
//! A match ([`play`] with its [`Settings`]) is a series of games from balanced openings
//! ([`openings`]) with colours alternated; each game is refereed move by move (an illegal
//! move, a crash or a passed time limit loses it: [`Fault`]), counted ([`stats`]: the
//! tallies, the results by colour, the Elo difference with its interval), optionally
//! analysed for the loser's losing move ([`losing`]) and written to a PGN-like record
//! ([`record`]). `mnk match` (in the `mnk` package) parses its flags, calls [`play`] and
//! prints the scoreboard, the table and the JSON report.

mod contestant;
mod error;
pub mod losing;
pub mod openings;
pub mod record;
mod runner;
pub mod stats;
mod workdir;

pub use contestant::{display_name, Contestant, Spec, DEFAULT_TOLERANCE_MS, MATCH_MEMORY};
pub use error::MatchError;
pub use losing::LosingMove;
pub use mnk_gomocup::{Fault, GameSetup};
pub use openings::Choice;
pub use runner::{play, reason, GameRecord, Settings, Summary};
pub use stats::{ColourSplit, Elo, Tally};
pub use workdir::ScratchFolder;
