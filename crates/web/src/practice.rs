//! Practice as JSON: the exercise a student is given and the marking of an answer
//! ([`mnk_engine::practice`]), in the shapes the page and `mnk practice --json` both print.
//! The first mistake comes as English text and as data (`mistake_data`), so a front end in
//! another language can word it itself.

use mnk_engine::practice::{Exercise, Marking, Mistake, Part, Task};
use mnk_engine::teach::{bound_text, path_name};
use mnk_engine::tree::chance::{probability_text, value_text};
use serde::Serialize;

/// An exercise as the student sees it, without its answer.
#[derive(Debug, Serialize)]
pub struct ExerciseView {
    /// `minimax`, `alphabeta`, `window`, `ordering`, `position` or `chance`.
    pub kind: &'static str,
    /// `easy`, `medium` or `hard`.
    pub difficulty: &'static str,
    /// The seed it was made from.
    pub seed: u64,
    /// The question, in English.
    pub question: String,
    /// The parts of the answer, in the order they are asked.
    pub parts: Vec<PartView>,
    /// Tree exercises: the tree in `mnk tree` syntax.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<String>,
    /// Tree exercises: whether MAX chooses at the root.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_first: Option<bool>,
    /// The window exercise: the node asked about (`1.0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<String>,
    /// Tree exercises: the tree drawn as an outline.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outline: Option<String>,
    /// The chance exercise: the range every leaf lies in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounds: Option<[i32; 2]>,
    /// The position exercise: the rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesView>,
    /// The position exercise: the board text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The position exercise: `x` or `o`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<String>,
}

/// A board's rules.
#[derive(Debug, Serialize)]
pub struct RulesView {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Stones in a row that win.
    pub k: usize,
}

/// One part of an answer.
#[derive(Debug, Serialize)]
pub struct PartView {
    /// The key in the answer's text (`0.1`, `pruned`, `value`, `alpha`, `beta`, `moves`), or
    /// null when the reply is the whole text (the ordering).
    pub key: Option<String>,
    /// The question for this part, in English.
    pub prompt: String,
    /// The reply is a list (spaces and commas separate its items).
    pub list: bool,
}

impl From<&Part> for PartView {
    fn from(part: &Part) -> Self {
        PartView {
            key: part.key.clone(),
            prompt: part.prompt.trim_end().to_string(),
            list: part.list,
        }
    }
}

impl ExerciseView {
    /// The view of an exercise.
    pub fn of(exercise: &Exercise) -> Self {
        let mut view = ExerciseView {
            kind: exercise.kind.name(),
            difficulty: exercise.difficulty.name(),
            seed: exercise.seed,
            question: exercise.question(),
            parts: exercise.parts().iter().map(PartView::from).collect(),
            tree: None,
            max_first: None,
            node: None,
            outline: None,
            bounds: None,
            rules: None,
            position: None,
            to_move: None,
        };
        match &exercise.task {
            Task::Tree {
                tree,
                max_first,
                node,
            } => {
                view.tree = Some(tree.to_string());
                view.max_first = Some(*max_first);
                view.node = node.as_deref().map(path_name);
                view.outline = exercise.outline();
            }
            Task::Chance {
                tree,
                max_first,
                bounds,
            } => {
                view.tree = Some(tree.to_string());
                view.max_first = Some(*max_first);
                view.outline = exercise.outline();
                view.bounds = Some([bounds.0, bounds.1]);
            }
            Task::Position(board) => {
                let rules = board.rules();
                view.rules = Some(RulesView {
                    width: rules.width(),
                    height: rules.height(),
                    k: rules.k(),
                });
                view.position = Some(board.to_text());
                view.to_move = Some(board.to_move().letter().to_string());
            }
        }
        view
    }
}

/// A marked answer.
#[derive(Debug, Serialize)]
pub struct MarkingView {
    /// Points earned.
    pub points: u32,
    /// Points available.
    pub out_of: u32,
    /// Whether every point was earned.
    pub correct: bool,
    /// Every part, in the order the search meets them.
    pub items: Vec<ItemView>,
    /// The first mistake explained, in English.
    pub mistake: Option<String>,
    /// The first mistake as data, for wording it in another language.
    pub mistake_data: Option<MistakeView>,
    /// Where to look again, in English.
    pub hint: Option<String>,
}

/// One marked part.
#[derive(Debug, Serialize)]
pub struct ItemView {
    /// The part: a node, `value`, `alpha`, `beta`, `leaves` or a move.
    pub part: String,
    /// What the student gave.
    pub given: String,
    /// What is right.
    pub expected: String,
    /// Whether it earned its point.
    pub right: bool,
}

impl MarkingView {
    /// The view of a marking.
    pub fn of(marking: &Marking) -> Self {
        MarkingView {
            points: marking.points,
            out_of: marking.out_of,
            correct: marking.correct(),
            items: marking
                .items
                .iter()
                .map(|i| ItemView {
                    part: i.part.clone(),
                    given: i.given.clone(),
                    expected: i.expected.clone(),
                    right: i.right,
                })
                .collect(),
            mistake: marking.explanation(),
            mistake_data: marking.first_mistake.as_ref().map(MistakeView::of),
            hint: marking.first_mistake.as_ref().map(Mistake::hint),
        }
    }
}

/// The first mistake as data: node names as `mnk tree` writes them, bounds as numbers or
/// `-∞` / `+∞`.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MistakeView {
    /// An inner node's value is wrong or missing.
    NodeValue {
        /// The node.
        node: String,
        /// Whether MAX chooses there.
        maximizing: bool,
        /// Its children's values.
        children: Vec<i32>,
        /// Its value.
        expected: i32,
        /// The student's value.
        given: Option<i32>,
    },
    /// A node marked as skipped that the search entered.
    MarkedButSearched {
        /// The node.
        node: String,
        /// Alpha on entry.
        alpha: String,
        /// Beta on entry.
        beta: String,
        /// What it returned.
        value: Option<i32>,
    },
    /// A skipped node left unmarked.
    SkippedNotMarked {
        /// The root of the skipped subtree.
        node: String,
        /// Its parent.
        parent: String,
        /// Whether MAX chooses at the parent.
        parent_max: bool,
        /// The parent's last searched child.
        after: String,
        /// What that child returned.
        returned: i32,
        /// Alpha at the cut.
        alpha: String,
        /// Beta at the cut.
        beta: String,
    },
    /// The root's value is wrong or missing.
    RootValue {
        /// Whether MAX chooses at the root.
        maximizing: bool,
        /// The values of the root's searched children.
        children: Vec<i32>,
        /// The value.
        expected: i32,
        /// The student's value.
        given: Option<i32>,
    },
    /// Alpha or beta is wrong or missing.
    Bound {
        /// `alpha` or `beta`.
        bound: &'static str,
        /// The node asked about.
        node: String,
        /// The bound.
        expected: String,
        /// The student's bound.
        given: Option<String>,
        /// The ancestor that set it, if any.
        source: Option<String>,
        /// Its finished child whose value it is.
        source_child: Option<String>,
    },
    /// The order visits more leaves than the best.
    Order {
        /// Leaves the student's order visits (null: no order).
        yours: Option<u64>,
        /// Leaves the best order visits.
        best: u64,
        /// A best order.
        best_order: Vec<usize>,
        /// The root's children's values, by old index.
        values: Vec<i32>,
        /// Whether MAX chooses at the root.
        maximizing: bool,
    },
    /// The position's value is wrong or missing.
    PositionValue {
        /// The side to move.
        side: String,
        /// `win`, `draw` or `loss`.
        expected: &'static str,
        /// The student's value.
        given: Option<&'static str>,
        /// A move that achieves it.
        witness: String,
        /// Plies to the end with it (null: a draw).
        plies: Option<u32>,
    },
    /// A move named best that is not.
    NotBest {
        /// The move.
        r#move: String,
        /// Its value for the side that plays it.
        value: &'static str,
        /// The position's value.
        best: &'static str,
        /// A move that keeps it.
        instead: String,
    },
    /// A best move left out.
    MissedBest {
        /// The move.
        r#move: String,
        /// The value it keeps.
        value: &'static str,
    },
    /// An inner node of a chance tree whose value is wrong or missing.
    ChanceValue {
        /// The node.
        node: String,
        /// `MAX`, `MIN` or `chance`.
        chooser: &'static str,
        /// Its children's probabilities (null under MAX and MIN) and values.
        children: Vec<(Option<f64>, f64)>,
        /// The same probabilities as the engine writes them (`0.25`, `1/3`).
        probability_texts: Vec<Option<String>>,
        /// Its value.
        expected: f64,
        /// The student's value.
        given: Option<f64>,
    },
    /// A node of a chance tree marked as skipped that the search entered.
    ChanceMarkedButSearched {
        /// The node.
        node: String,
        /// Alpha on entry.
        alpha: String,
        /// Beta on entry.
        beta: String,
    },
    /// A skipped node of a chance tree left unmarked.
    ChanceSkipped {
        /// The root of the skipped subtree.
        node: String,
        /// Its parent.
        parent: String,
        /// `MAX`, `MIN` or `chance` at the parent.
        chooser: &'static str,
        /// The parent's last searched child.
        after: String,
        /// What that child returned.
        returned: f64,
        /// Alpha at the cut.
        alpha: String,
        /// Beta at the cut.
        beta: String,
        /// A chance parent: the weighted sum so far and the probability left.
        sum: Option<f64>,
        /// The probability left.
        rest: Option<f64>,
        /// The probability left as the engine writes it (`0.25`, `1/3`).
        rest_text: Option<String>,
        /// A chance parent: the most it can still be worth (`sum + rest × the leaves'
        /// highest`, when `at_most`) or the least (`sum + rest × the leaves' lowest`).
        limit: Option<f64>,
        /// A chance parent: whether `limit` is the most it can be worth (at or below alpha)
        /// rather than the least (at or above beta).
        at_most: Option<bool>,
        /// The leaves' range.
        bounds: [f64; 2],
    },
}

impl MistakeView {
    /// The mistake's `type`, as it is written in JSON (`node_value`, `bound`, ...).
    pub fn type_name(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("type")?.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// The data of a mistake.
    pub fn of(mistake: &Mistake) -> Self {
        match mistake {
            Mistake::NodeValue {
                path,
                maximizing,
                children,
                expected,
                given,
            } => MistakeView::NodeValue {
                node: path_name(path),
                maximizing: *maximizing,
                children: children.clone(),
                expected: *expected,
                given: *given,
            },
            Mistake::MarkedButSearched {
                path,
                alpha,
                beta,
                value,
            } => MistakeView::MarkedButSearched {
                node: path_name(path),
                alpha: bound_text(*alpha),
                beta: bound_text(*beta),
                value: *value,
            },
            Mistake::SkippedNotMarked {
                path,
                parent_max,
                after: _,
                returned,
                alpha,
                beta,
            } => {
                let (parent, last) = mistake.cut_at().expect("a skipped subtree has a cut");
                MistakeView::SkippedNotMarked {
                    node: path_name(path),
                    parent: path_name(&parent),
                    parent_max: *parent_max,
                    after: path_name(&last),
                    returned: *returned,
                    alpha: bound_text(*alpha),
                    beta: bound_text(*beta),
                }
            }
            Mistake::RootValue {
                maximizing,
                children,
                expected,
                given,
            } => MistakeView::RootValue {
                maximizing: *maximizing,
                children: children.iter().flatten().copied().collect(),
                expected: *expected,
                given: *given,
            },
            Mistake::Bound {
                alpha,
                node,
                expected,
                given,
                source,
            } => MistakeView::Bound {
                bound: if *alpha { "alpha" } else { "beta" },
                node: path_name(node),
                expected: bound_text(*expected),
                given: given.map(bound_text),
                source: source.as_ref().map(|(a, _)| path_name(a)),
                source_child: source.as_ref().map(|(a, c)| {
                    let mut p = a.clone();
                    p.push(*c);
                    path_name(&p)
                }),
            },
            Mistake::Order {
                yours,
                best,
                best_order,
                values,
                maximizing,
            } => MistakeView::Order {
                yours: *yours,
                best: *best,
                best_order: best_order.clone(),
                values: values.clone(),
                maximizing: *maximizing,
            },
            Mistake::PositionValue {
                side,
                expected,
                given,
                witness,
            } => MistakeView::PositionValue {
                side: side.to_string(),
                expected: expected.word(),
                given: given.map(|g| g.word()),
                witness: witness.0.clone(),
                plies: witness.1,
            },
            Mistake::NotBest {
                mv,
                value,
                best,
                instead,
            } => MistakeView::NotBest {
                r#move: mv.clone(),
                value: value.word(),
                best: best.word(),
                instead: instead.clone(),
            },
            Mistake::MissedBest { mv, value } => MistakeView::MissedBest {
                r#move: mv.clone(),
                value: value.word(),
            },
            Mistake::ChanceValue {
                path,
                chooser,
                children,
                expected,
                given,
            } => MistakeView::ChanceValue {
                node: path_name(path),
                chooser: chooser.word(),
                children: children.clone(),
                probability_texts: children
                    .iter()
                    .map(|(p, _)| p.map(probability_text))
                    .collect(),
                expected: *expected,
                given: *given,
            },
            Mistake::ChanceMarkedButSearched { path, alpha, beta } => {
                MistakeView::ChanceMarkedButSearched {
                    node: path_name(path),
                    alpha: value_text(*alpha),
                    beta: value_text(*beta),
                }
            }
            Mistake::ChanceSkipped {
                path,
                chooser,
                after: _,
                returned,
                alpha,
                beta,
                sum_and_rest,
                bounds,
            } => {
                let (parent, last) = mistake.cut_at().expect("a skipped subtree has a cut");
                let reach = mistake.chance_reach();
                MistakeView::ChanceSkipped {
                    node: path_name(path),
                    parent: path_name(&parent),
                    chooser: chooser.word(),
                    after: path_name(&last),
                    returned: *returned,
                    alpha: value_text(*alpha),
                    beta: value_text(*beta),
                    sum: sum_and_rest.map(|s| s.0),
                    rest: sum_and_rest.map(|s| s.1),
                    rest_text: sum_and_rest.map(|s| probability_text(s.1)),
                    limit: reach.map(|r| r.0),
                    at_most: reach.map(|r| r.1),
                    bounds: [bounds.0, bounds.1],
                }
            }
        }
    }
}
