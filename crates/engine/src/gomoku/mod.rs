//! A strong player for big boards (Gomoku and any m,n,k-game too large for the exact solver).
//!
//! - [`pattern`]: what a stone would make along one line (five, open four, four, open
//!   three, ...), relative to K, memoised; freestyle ("K or more") or exact-K rules.
//! - [`state`]: the board with those patterns kept up to date incrementally per cell.
//! - [`vcf`]: threat-space search by continuous fours, used to win and to defend.
//! - [`search`]: iterative-deepening PVS with a transposition table, killer and history
//!   ordering, candidate moves near stones and threat-driven pruning.
//!
//! Time is the caller's business: [`search::Limits`] carries the caller's
//! [`crate::budget::Budget`] (a stop flag, nodes, a deadline that reads the caller's clock) and
//! the search always answers with the best move found so far.

pub mod pattern;
pub mod search;
pub mod state;
pub mod vcf;

#[cfg(test)]
mod tests;

pub use pattern::Pattern;
pub use search::{Limits, Reason, Report, Searcher};
pub use state::State;
pub use vcf::{find_vcf, find_vcf_until, VcfLimits};

/// Table size the session and the brain use by default, in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;
