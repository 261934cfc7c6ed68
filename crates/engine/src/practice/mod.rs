//! Practice: exercises the student answers and the engine marks.
//!
//! An [`Exercise`] is generated from a kind, a [`Difficulty`] and a seed (the same three give
//! the same exercise). The student's [`Answer`] is read from text ([`Answer::parse`]) and
//! marked by [`Exercise::mark`]: every part scores a point, and the first mistake is
//! explained from the engine's own search of the exercise (the recorded [`Lesson`] for trees,
//! the exact analysis for positions), never from a second copy of the algorithms.
//!
//! ```
//! use mnk_engine::practice::{Answer, Difficulty, Exercise, Kind};
//!
//! let exercise = Exercise::generate(Kind::Minimax, Difficulty::Easy, 7).unwrap();
//! // The engine's own answer always earns every point.
//! let answer = exercise.solution();
//! let marking = exercise.mark(&answer);
//! assert!(marking.correct());
//! // Read back from its text, it is the same answer.
//! assert_eq!(Answer::parse(&exercise, &answer.to_text(&exercise)).unwrap(), answer);
//! ```

mod answer;
mod chance;
mod chance_words;
mod explain;
mod generate;
mod mark;
mod position;
mod sheet;
#[cfg(test)]
mod tests;
mod trees;

pub use answer::{Answer, AnswerError, Part, PositionValue, MAX_ANSWER_CHARS};
pub use mark::{Item, Marking, Mistake};
pub use sheet::{worksheet, MAX_SHEET_EXERCISES};

use crate::board::Board;
use crate::score::Score;
use crate::search::TextbookSearch;
use crate::teach::Lesson;
use crate::tree::chance::{ChanceSearch, ChanceTree};
use crate::tree::Tree;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The kinds of exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Fill in the minimax value of every inner node of a tree.
    Minimax,
    /// Mark every leaf alpha-beta skips (children left to right) and give the root's value.
    AlphaBeta,
    /// Give alpha and beta at a chosen node at the moment alpha-beta enters it.
    Window,
    /// Reorder the root's children so that alpha-beta visits the fewest leaves.
    Ordering,
    /// A small board: its exact value for the side to move and every move that keeps it.
    Position,
    /// A tree with chance nodes: every inner node's expectiminimax value, and what alpha-beta
    /// skips when the leaves' range is known.
    Chance,
}

impl Kind {
    /// Every kind, in the order of the lessons.
    pub const ALL: [Kind; 6] = [
        Kind::Minimax,
        Kind::AlphaBeta,
        Kind::Window,
        Kind::Ordering,
        Kind::Position,
        Kind::Chance,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Minimax => "minimax",
            Kind::AlphaBeta => "alphabeta",
            Kind::Window => "window",
            Kind::Ordering => "ordering",
            Kind::Position => "position",
            Kind::Chance => "chance",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a kind or a difficulty.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("unknown {what} '{given}'; use one of: {accepted}")]
pub struct UnknownName {
    what: &'static str,
    given: String,
    accepted: &'static str,
}

impl FromStr for Kind {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Kind, UnknownName> {
        let s = s.trim().to_ascii_lowercase();
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s || (s == "alpha-beta" && *k == Kind::AlphaBeta))
            .ok_or(UnknownName {
                what: "kind of exercise",
                given: s,
                accepted: "minimax, alphabeta, window, ordering, position, chance",
            })
    }
}

/// How hard an exercise is: the size of its tree or the number of empty cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Two levels, two or three children.
    Easy,
    /// Three levels, some branches ending early.
    Medium,
    /// Four levels (or a bigger board).
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Difficulty, UnknownName> {
        let s = s.trim().to_ascii_lowercase();
        let by_number = match s.as_str() {
            "1" => Some(Difficulty::Easy),
            "2" => Some(Difficulty::Medium),
            "3" => Some(Difficulty::Hard),
            _ => None,
        };
        by_number
            .or_else(|| Difficulty::ALL.into_iter().find(|d| d.name() == s))
            .ok_or(UnknownName {
                what: "difficulty",
                given: s,
                accepted: "easy, medium, hard (or 1, 2, 3)",
            })
    }
}

/// What the student is given.
#[derive(Clone, Debug)]
pub enum Task {
    /// An explicit tree; MAX chooses at the root unless `max_first` is false.
    Tree {
        /// The tree.
        tree: Tree,
        /// Whether MAX chooses at the root.
        max_first: bool,
        /// The node asked about ([`Kind::Window`] only), as child indices from the root.
        node: Option<Vec<usize>>,
    },
    /// A position on a small board, with the side to move.
    Position(Box<Board>),
    /// A tree with chance nodes whose leaves lie in `bounds`.
    Chance {
        /// The tree.
        tree: ChanceTree,
        /// Whether MAX is the first to decide.
        max_first: bool,
        /// The range every leaf lies in, known to the search.
        bounds: (Score, Score),
    },
}

/// Why an exercise could not be made.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ExerciseError {
    /// The generator found no suitable exercise in its bounded number of tries.
    #[error("no {kind} exercise was found for seed {seed}; try another seed")]
    NotFound {
        /// The kind asked for.
        kind: Kind,
        /// The seed.
        seed: u64,
    },
}

/// One exercise: its kind, difficulty and seed, what the student sees, and the engine's own
/// account of it.
#[derive(Clone, Debug)]
pub struct Exercise {
    /// The kind.
    pub kind: Kind,
    /// How hard it is.
    pub difficulty: Difficulty,
    /// The seed it was made from.
    pub seed: u64,
    /// What the student is given.
    pub task: Task,
    solved: Solved,
}

/// The engine's account of an exercise, kept so marking and hints never search again.
#[derive(Clone, Debug)]
enum Solved {
    /// The alpha-beta and minimax lessons of a tree (the ordering exercise keeps the best and
    /// worst leaf counts over every order of the root's children, and one best order).
    Tree {
        minimax: Box<Lesson>,
        alphabeta: Box<Lesson>,
        orders: Option<trees::Orders>,
    },
    /// The exact value of every move of a position.
    Position(position::Solved),
    /// The values and the pruning search of a chance tree.
    Chance(Box<chance::Solved>),
}

impl Exercise {
    /// Makes the exercise of this kind, difficulty and seed.
    pub fn generate(kind: Kind, difficulty: Difficulty, seed: u64) -> Result<Self, ExerciseError> {
        generate::exercise(kind, difficulty, seed).ok_or(ExerciseError::NotFound { kind, seed })
    }

    /// Builds an exercise on a given tree (kinds [`Kind::Minimax`], [`Kind::AlphaBeta`],
    /// [`Kind::Ordering`]; [`Kind::Window`] asks about `node`), for a teacher's own trees and
    /// for tests. `None` when the kind needs a board, or `node` is missing or never entered.
    pub fn on_tree(
        kind: Kind,
        tree: Tree,
        max_first: bool,
        node: Option<Vec<usize>>,
    ) -> Option<Self> {
        let exercise = Exercise::from_tree(kind, Difficulty::Medium, 0, tree, max_first, node)?;
        Some(exercise)
    }

    /// Builds an exercise on a position (kind [`Kind::Position`]); `None` when the game is over
    /// or the board is too big to analyse exactly here.
    pub fn on_position(board: Board) -> Option<Self> {
        let solved = position::solve(&board)?;
        Some(Exercise {
            kind: Kind::Position,
            difficulty: Difficulty::Medium,
            seed: 0,
            task: Task::Position(Box::new(board)),
            solved: Solved::Position(solved),
        })
    }

    /// Builds a chance exercise on a given tree whose leaves lie in `bounds`; `None` when a
    /// leaf lies outside them or the tree has no inner node.
    pub fn on_chance_tree(
        tree: ChanceTree,
        max_first: bool,
        bounds: (Score, Score),
    ) -> Option<Self> {
        Exercise::from_chance(Difficulty::Medium, 0, tree, max_first, bounds)
    }

    fn from_chance(
        difficulty: Difficulty,
        seed: u64,
        tree: ChanceTree,
        max_first: bool,
        bounds: (Score, Score),
    ) -> Option<Self> {
        let leaves_inside = tree
            .post_order(max_first)
            .iter()
            .all(|(p, _)| match tree.at(p) {
                Some(ChanceTree::Leaf(v)) => (bounds.0..=bounds.1).contains(v),
                _ => true,
            });
        if matches!(tree, ChanceTree::Leaf(_)) || !leaves_inside || bounds.0 >= bounds.1 {
            return None;
        }
        let solved = chance::solve(&tree, max_first, bounds);
        Some(Exercise {
            kind: Kind::Chance,
            difficulty,
            seed,
            task: Task::Chance {
                tree,
                max_first,
                bounds,
            },
            solved: Solved::Chance(Box::new(solved)),
        })
    }

    fn from_tree(
        kind: Kind,
        difficulty: Difficulty,
        seed: u64,
        tree: Tree,
        max_first: bool,
        node: Option<Vec<usize>>,
    ) -> Option<Self> {
        if matches!(kind, Kind::Position | Kind::Chance) || matches!(tree, Tree::Leaf(_)) {
            return None;
        }
        let minimax = Lesson::for_tree(&tree, max_first, TextbookSearch::Minimax);
        let alphabeta = Lesson::for_tree(&tree, max_first, TextbookSearch::AlphaBeta);
        if kind == Kind::Window {
            let path = node.as_ref()?;
            alphabeta.find(path)?.window?;
        }
        let orders = match kind {
            Kind::Ordering => Some(trees::orders(&tree, max_first)?),
            _ => None,
        };
        let node = if kind == Kind::Window { node } else { None };
        Some(Exercise {
            kind,
            difficulty,
            seed,
            task: Task::Tree {
                tree,
                max_first,
                node,
            },
            solved: Solved::Tree {
                minimax: Box::new(minimax),
                alphabeta: Box::new(alphabeta),
                orders,
            },
        })
    }

    /// The engine's own answer: it earns every point.
    pub fn solution(&self) -> Answer {
        match &self.solved {
            Solved::Tree {
                minimax,
                alphabeta,
                orders,
            } => trees::solution(self, minimax, alphabeta, orders.as_ref()),
            Solved::Position(solved) => position::solution(solved),
            Solved::Chance(solved) => chance::solution(solved),
        }
    }

    /// Marks an answer: a point per part, and the first mistake explained.
    pub fn mark(&self, answer: &Answer) -> Marking {
        match &self.solved {
            Solved::Tree {
                minimax,
                alphabeta,
                orders,
            } => trees::mark(self, answer, minimax, alphabeta, orders.as_ref()),
            Solved::Position(solved) => position::mark(self, answer, solved),
            Solved::Chance(solved) => match &self.task {
                Task::Chance { tree, .. } => chance::mark(tree, answer, solved),
                _ => unreachable!("a chance exercise holds a chance tree"),
            },
        }
    }

    /// A hint: with no answer, where to start; with an answer, where to look again (without
    /// giving the value away).
    pub fn hint(&self, answer: Option<&Answer>) -> String {
        let mistake = answer.and_then(|a| self.mark(a).first_mistake);
        match mistake {
            Some(m) => m.hint(),
            None => explain::first_hint(self),
        }
    }

    /// The parts of the answer, for front ends that ask one at a time; the replies' texts
    /// ([`Part::text`]) joined by spaces are the answer's text.
    pub fn parts(&self) -> Vec<Part> {
        explain::parts(self)
    }

    /// A hint for one part, for a front end that asks part by part: what decides that part,
    /// without its answer.
    pub fn part_hint(&self, part: &Part) -> String {
        explain::part_hint(self, part)
    }

    /// What the student is asked, in one paragraph (English).
    pub fn question(&self) -> String {
        explain::question(self)
    }

    /// The tree of a tree exercise drawn as an outline for the question: node names, who
    /// chooses, the leaves' values and the node asked about; no inner values.
    pub fn outline(&self) -> Option<String> {
        explain::outline(self)
    }

    /// The lesson that steps through the solution: alpha-beta for the tree kinds except
    /// [`Kind::Minimax`] (minimax), nothing for positions.
    pub fn lesson(&self) -> Option<&Lesson> {
        match &self.solved {
            Solved::Tree {
                minimax, alphabeta, ..
            } => Some(if self.kind == Kind::Minimax {
                minimax
            } else {
                alphabeta
            }),
            Solved::Position(_) | Solved::Chance(_) => None,
        }
    }

    /// A chance exercise's solution as data: every node's value with and without cuts, and
    /// the pruning search (its value, the leaves' range it relied on, the subtrees it
    /// skipped), for a front end that words the table in its own language. `None` for the
    /// other kinds.
    pub fn chance_rows(&self) -> Option<(Vec<crate::teach::ChanceRow>, &ChanceSearch)> {
        match (&self.solved, &self.task) {
            (
                Solved::Chance(solved),
                Task::Chance {
                    tree, max_first, ..
                },
            ) => Some((
                crate::teach::chance_rows(tree, *max_first, &solved.values, &solved.search),
                &solved.search,
            )),
            _ => None,
        }
    }

    /// The solution to step through: the recorded search's step-by-step trace for trees (for
    /// the ordering exercise, on the best order), and every move's exact value for positions.
    pub fn walkthrough(&self) -> String {
        match (&self.solved, &self.task) {
            (Solved::Position(solved), _) => position::walkthrough(solved),
            (
                Solved::Chance(solved),
                Task::Chance {
                    tree, max_first, ..
                },
            ) => crate::teach::chance_table(tree, *max_first, &solved.values, &solved.search),
            (
                Solved::Tree {
                    orders: Some(orders),
                    ..
                },
                Task::Tree {
                    tree: Tree::Node(children),
                    max_first,
                    ..
                },
            ) => {
                let reordered = Tree::Node(
                    orders
                        .best_order
                        .iter()
                        .map(|&i| children[i].clone())
                        .collect(),
                );
                let lesson = Lesson::for_tree(&reordered, *max_first, TextbookSearch::AlphaBeta);
                let order: Vec<String> = orders.best_order.iter().map(usize::to_string).collect();
                format!(
                    "Alpha-beta with the root's children in the order {} (renumbered 0 to {} \
                     below):\n{}",
                    order.join(" "),
                    order.len() - 1,
                    crate::teach::trace(&lesson)
                )
            }
            _ => self.lesson().map(crate::teach::trace).unwrap_or_default(),
        }
    }

    /// The tree of a tree exercise (not of a chance exercise: see [`Exercise::chance_tree`]).
    pub fn tree(&self) -> Option<&Tree> {
        match &self.task {
            Task::Tree { tree, .. } => Some(tree),
            _ => None,
        }
    }

    /// The tree of a chance exercise.
    pub fn chance_tree(&self) -> Option<&ChanceTree> {
        match &self.task {
            Task::Chance { tree, .. } => Some(tree),
            _ => None,
        }
    }

    /// The board of a position exercise.
    pub fn board(&self) -> Option<&Board> {
        match &self.task {
            Task::Position(board) => Some(board),
            _ => None,
        }
    }
}
