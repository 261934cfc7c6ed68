//! What marking gives back: a point per part, each part's given and expected answer, and the
//! first mistake as data (the front ends word it; [`Mistake::explain`] is the English).

use super::answer::PositionValue;
use crate::score::Score;
use crate::tree::chance::Chooser;

/// One marked part of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// Which part: a node's name (`root`, `0.1`), `value`, `alpha`, `beta`, `leaves` or a move.
    pub part: String,
    /// What the student gave (empty when nothing).
    pub given: String,
    /// What is right.
    pub expected: String,
    /// Whether the part earned its point.
    pub right: bool,
}

/// A marked answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Marking {
    /// Points earned (partial credit).
    pub points: u32,
    /// Points available.
    pub out_of: u32,
    /// Every part, in the order the search meets them.
    pub items: Vec<Item>,
    /// The first mistake in that order, if any.
    pub first_mistake: Option<Mistake>,
}

impl Marking {
    /// A marking with no part scored yet.
    pub(super) fn empty() -> Marking {
        Marking {
            points: 0,
            out_of: 0,
            items: Vec::new(),
            first_mistake: None,
        }
    }

    /// Scores one part, a point when it is right, and keeps the first mistake (made only when
    /// it is the first).
    pub(super) fn add(&mut self, item: Item, mistake: impl FnOnce() -> Mistake) {
        self.out_of += 1;
        if item.right {
            self.points += 1;
        } else if self.first_mistake.is_none() {
            self.first_mistake = Some(mistake());
        }
        self.items.push(item);
    }

    /// Whether every point was earned.
    pub fn correct(&self) -> bool {
        self.points == self.out_of && self.first_mistake.is_none()
    }

    /// The first mistake explained in English, if there is one.
    pub fn explanation(&self) -> Option<String> {
        self.first_mistake.as_ref().map(Mistake::explain)
    }
}

/// The first thing an answer got wrong, with what the search knew there.
#[derive(Clone, Debug, PartialEq)]
pub enum Mistake {
    /// An inner node's value is wrong or missing.
    NodeValue {
        /// The node.
        path: Vec<usize>,
        /// Whether MAX chooses there.
        maximizing: bool,
        /// Its children's values, left to right.
        children: Vec<Score>,
        /// Its value.
        expected: Score,
        /// The student's value.
        given: Option<Score>,
    },
    /// A node marked as skipped that alpha-beta searched.
    MarkedButSearched {
        /// The node the student marked.
        path: Vec<usize>,
        /// Alpha when the search entered it.
        alpha: Score,
        /// Beta when the search entered it.
        beta: Score,
        /// What it returned.
        value: Option<Score>,
    },
    /// A skipped node the student did not mark.
    SkippedNotMarked {
        /// The root of the skipped subtree.
        path: Vec<usize>,
        /// Whether MAX chooses at its parent.
        parent_max: bool,
        /// The last child of the parent that was searched.
        after: usize,
        /// What that child returned.
        returned: Score,
        /// Alpha at the cut.
        alpha: Score,
        /// Beta at the cut.
        beta: Score,
    },
    /// The root's value is wrong or missing.
    RootValue {
        /// Whether MAX chooses at the root.
        maximizing: bool,
        /// The root's children's values, left to right (pruned ones absent).
        children: Vec<Option<Score>>,
        /// The value.
        expected: Score,
        /// The student's value.
        given: Option<Score>,
    },
    /// Alpha or beta at the asked node is wrong or missing.
    Bound {
        /// `true` for alpha, `false` for beta.
        alpha: bool,
        /// The node asked about.
        node: Vec<usize>,
        /// The bound.
        expected: Score,
        /// The student's bound.
        given: Option<Score>,
        /// Where it was set: the ancestor and its finished child whose value it is (`None`:
        /// no ancestor had set it, so it is still infinite).
        source: Option<(Vec<usize>, usize)>,
    },
    /// The order leaves alpha-beta more leaves to visit than the best one.
    Order {
        /// Leaves visited in the student's order (`None`: no order given).
        yours: Option<u64>,
        /// Leaves visited in the best order.
        best: u64,
        /// A best order.
        best_order: Vec<usize>,
        /// The root's children's values, by old index.
        values: Vec<Score>,
        /// Whether MAX chooses at the root.
        maximizing: bool,
    },
    /// The position's value is wrong or missing.
    PositionValue {
        /// The side to move, `x` or `o`.
        side: char,
        /// The value.
        expected: PositionValue,
        /// The student's value.
        given: Option<PositionValue>,
        /// A move that achieves it, and in how many plies the game ends with it (None: a draw).
        witness: (String, Option<u32>),
    },
    /// A move named as best that is not.
    NotBest {
        /// The move.
        mv: String,
        /// Its value for the side that plays it.
        value: PositionValue,
        /// The position's value.
        best: PositionValue,
        /// A move that keeps the position's value.
        instead: String,
    },
    /// A best move left out.
    MissedBest {
        /// The move.
        mv: String,
        /// The position's value, which it keeps.
        value: PositionValue,
    },
    /// An inner node of a chance tree whose value is wrong or missing.
    ChanceValue {
        /// The node.
        path: Vec<usize>,
        /// Who decides there.
        chooser: Chooser,
        /// Its children: probability (chance nodes) and value.
        children: Vec<(Option<f64>, f64)>,
        /// Its value.
        expected: f64,
        /// The student's value.
        given: Option<f64>,
    },
    /// A node of a chance tree marked as skipped that the search entered.
    ChanceMarkedButSearched {
        /// The node the student marked.
        path: Vec<usize>,
        /// Alpha on entry.
        alpha: f64,
        /// Beta on entry.
        beta: f64,
    },
    /// A skipped node of a chance tree the student did not mark.
    ChanceSkipped {
        /// The root of the skipped subtree.
        path: Vec<usize>,
        /// Who decides at its parent.
        chooser: Chooser,
        /// The parent's last child searched.
        after: usize,
        /// What that child returned.
        returned: f64,
        /// Alpha at the cut.
        alpha: f64,
        /// Beta at the cut.
        beta: f64,
        /// A chance parent: the weighted sum of the children searched, and the probability
        /// left.
        sum_and_rest: Option<(f64, f64)>,
        /// The leaves' range.
        bounds: (f64, f64),
    },
}

impl Mistake {
    /// For a skipped subtree left unmarked: the node that stopped before it (its parent) and
    /// the last child that node searched; `None` for other mistakes.
    pub fn cut_at(&self) -> Option<(Vec<usize>, Vec<usize>)> {
        let (path, after) = match self {
            Mistake::SkippedNotMarked { path, after, .. }
            | Mistake::ChanceSkipped { path, after, .. } => (path, *after),
            _ => return None,
        };
        let parent = path[..path.len().saturating_sub(1)].to_vec();
        let mut last = parent.clone();
        last.push(after);
        Some((parent, last))
    }

    /// For a subtree skipped under a chance node: the most the chance node can still be
    /// worth when that is at or below alpha (`true`), else the least it can be worth (at or
    /// above beta, `false`): the bound that cut it, from its children so far, the probability
    /// left and the leaves' range. `None` for other mistakes.
    pub fn chance_reach(&self) -> Option<(f64, bool)> {
        let Mistake::ChanceSkipped {
            alpha,
            sum_and_rest: Some((sum, rest)),
            bounds,
            ..
        } = self
        else {
            return None;
        };
        let high = sum + rest * bounds.1;
        Some(if high <= *alpha {
            (high, true)
        } else {
            (sum + rest * bounds.0, false)
        })
    }
}
