//! The threat-pattern search behind the `hard` level on every board (and `perfect` where the
//! exact solver cannot answer): strongest on big boards, Gomoku among them.
//!
//! - [`pattern`]: what a stone would make along one line (five, open four, four, open
//!   three, ...), relative to K, memoised; freestyle ("K or more") or exact-K rules.
//! - [`cell_class`]: what a stone would make over a cell's four lines together (a four and a
//!   three, two open twos, ...).
//! - [`state`]: the board with those patterns kept up to date incrementally per cell, and a
//!   journal that takes a move back by copying.
//! - [`vcf`]: threat-space search by continuous fours, used to win and to defend.
//! - [`vct`]: threat-space search by continuous fours and open threes, with the defender's
//!   full set of answers (counter-fours included).
//! - [`tactics`]: wins read off the patterns, double-threat cells, and the bounded threat
//!   probe of the main search's shallow nodes.
//! - [`reductions`]: where the main search looks less deep: late-move reductions, static
//!   futility, the null move, move-count pruning, the width of a node.
//! - [`defence`]: the root's answers to the opponent's VCF or VCT.
//! - [`weights`]: the evaluation and move-ordering weights, in one struct, and the estimate.
//! - [`search`]: iterative-deepening PVS with a transposition table, killer and history
//!   ordering, candidate moves near stones and threat-driven pruning; its interior's cuts
//!   and reductions are set in [`reductions`].
//!
//! Time is the caller's business: [`search::HardLimits`] carries the caller's
//! [`crate::budget::Budget`] (a stop flag, nodes, a deadline that reads the caller's clock) and
//! the search always answers with the best move found so far.

pub mod cell_class;
pub mod defence;
pub mod pattern;
pub mod reductions;
pub mod search;
pub mod state;
pub mod tactics;
pub mod vcf;
pub mod vct;
pub mod weights;

#[cfg(test)]
mod tests;

pub use search::{HardLimits, Searcher};
pub use state::State;

/// Table size the session and the brain use by default, in MiB.
pub const DEFAULT_HASH_MIB: usize = 64;
