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
mod events;
mod lesson;
mod steps;
#[cfg(feature = "svg")]
pub mod svg;
mod trace;

pub use chance::{chance_rows, chance_table, outline_rows, ChanceRow, OutlineRow, WithCuts};
pub use events::{prunes, Event};
pub use lesson::{Cut, Lesson, Node, MAX_LESSON_NODES};
pub use steps::{sentence, steps, Arg, Key, Role, Step, StepKind};
pub use trace::trace;

use crate::score::Score;
use crate::search::TextbookSearch;

/// The value that stands for +∞ in a lesson's windows (alpha, beta); −∞ is its negation.
pub const INFINITY: Score = crate::score::INFINITY;

/// Which textbook searches a lesson shows: one of them, or both side by side. Named on the
/// command line (`mnk tree --algo`) and in JSON (the web's `algo`) by [`TextbookChoice::name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextbookChoice {
    /// One search.
    One(TextbookSearch),
    /// Minimax, then alpha-beta.
    Both,
}

impl TextbookChoice {
    /// Every choice: minimax, alpha-beta, both.
    pub const ALL: [TextbookChoice; 3] = [
        TextbookChoice::One(TextbookSearch::Minimax),
        TextbookChoice::One(TextbookSearch::AlphaBeta),
        TextbookChoice::Both,
    ];

    /// The names of [`TextbookChoice::ALL`], in order.
    pub const NAMES: [&'static str; 3] = ["minimax", "alphabeta", "both"];

    /// The name: the search's own (`minimax`, `alphabeta`) or `both`.
    pub fn name(self) -> &'static str {
        match self {
            TextbookChoice::One(search) => search.name(),
            TextbookChoice::Both => "both",
        }
    }

    /// The choice of a [`name`](TextbookChoice::name).
    ///
    /// ```
    /// use mnk_engine::search::TextbookSearch;
    /// use mnk_engine::teach::TextbookChoice;
    /// let both = TextbookChoice::from_name("both").unwrap();
    /// assert_eq!(both.searches(), &TextbookSearch::BOTH);
    /// assert_eq!(TextbookChoice::from_name("negamax"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<TextbookChoice> {
        TextbookChoice::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The searches to run, in order.
    pub fn searches(self) -> &'static [TextbookSearch] {
        match self {
            TextbookChoice::One(TextbookSearch::Minimax) => &[TextbookSearch::Minimax],
            TextbookChoice::One(TextbookSearch::AlphaBeta) => &[TextbookSearch::AlphaBeta],
            TextbookChoice::Both => &TextbookSearch::BOTH,
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
