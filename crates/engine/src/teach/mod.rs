//! The teaching tools: minimax and alpha-beta explained on explicit trees and on real game
//! trees. Every lesson is recorded from the engine's own searches ([`crate::search`]) through
//! their [`Tracer`](crate::search::Tracer) hooks, never from a copy of the algorithms.
//!
//! - [`Lesson`]: run a search and keep its account as a tree of [`Node`]s (with each [`Cut`]);
//! - [`draw`]: the terminal drawing and the summary of the work;
//! - [`steps()`]: the lesson's events walked once into steps (node, numbers, sentence key and
//!   arguments) that every front end words, and [`sentence()`], the engine's English for one;
//! - [`trace()`]: the step-by-step trace, those sentences numbered;
//! - [`dot`]: Graphviz DOT;
//! - [`chance_table()`]: a tree with chance nodes, its expectiminimax values and cuts;
//! - [`compare`]: the work of each algorithm on one position;
//! - `svg` (feature `svg`): the tree of a lesson as an SVG picture.

mod chance;
pub mod compare;
pub mod dot;
pub mod draw;
mod lesson;
mod record;
mod steps;
#[cfg(feature = "svg")]
pub mod svg;
mod trace;

pub use chance::{chance_rows, chance_table, outline_rows, ChanceRow, OutlineRow, WithCuts};
pub use lesson::{Cut, Lesson, Node, MAX_LESSON_NODES};
pub use record::{prunes, Event};
pub use steps::{sentence, steps, Arg, Key, Role, Step, StepKind};
pub use trace::trace;

use crate::score::Score;

/// The value that stands for +∞ in a lesson's windows (alpha, beta); −∞ is its negation.
pub const INFINITY: Score = crate::score::INFINITY;

/// The two textbook searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// Plain minimax: every node visited.
    Minimax,
    /// Textbook alpha-beta: children left to right, cut when alpha >= beta.
    AlphaBeta,
}

impl Algo {
    /// The name used on the command line and in JSON: `minimax` or `alphabeta`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Minimax => "minimax",
            Algo::AlphaBeta => "alphabeta",
        }
    }

    /// The name for people: `minimax` or `alpha-beta`.
    pub fn title(self) -> &'static str {
        match self {
            Algo::Minimax => "minimax",
            Algo::AlphaBeta => "alpha-beta",
        }
    }
}

/// A node's name: its path of 0-based child indices joined by dots, `root` for the root.
pub fn path_name(path: &[usize]) -> String {
    if path.is_empty() {
        return "root".to_string();
    }
    let parts: Vec<String> = path.iter().map(usize::to_string).collect();
    parts.join(".")
}

/// A window bound, with the search's infinity shown as `-∞` / `+∞`.
pub fn bound_text(v: Score) -> String {
    if v >= INFINITY {
        "+∞".to_string()
    } else if v <= -INFINITY {
        "-∞".to_string()
    } else {
        v.to_string()
    }
}

#[cfg(test)]
mod tests;
