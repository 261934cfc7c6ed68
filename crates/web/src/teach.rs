//! The teaching panel: a pasted tree searched by the engine's recorded minimax and alpha-beta
//! ([`mnk_engine::teach::Lesson`]), sent as nodes to draw and the engine's steps
//! ([`mnk_engine::teach::steps`]) to step through.

use crate::error::ApiError;
use mnk_engine::teach::{self, Arg, Lesson, TextbookChoice, INFINITY};
use mnk_engine::tree;
use mnk_engine::Bound;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Most nodes of a tree the page draws (the engine's parser accepts more, the page could not
/// show them legibly).
pub const MAX_DRAWN_NODES: usize = 2_000;

/// `POST /api/v1/tree`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreeRequest {
    /// The tree in `mnk tree` syntax: `((60 63) (15 58))` or `[[60,63],[15,58]]`.
    pub tree: String,
    /// `minimax`, `alphabeta` or `both` (default `both`).
    pub algo: Option<AlgoChoice>,
    /// MIN chooses at the root (default false: MAX).
    pub min_first: Option<bool>,
}

/// Which searches to run: the engine's [`TextbookChoice`], read from its name (`minimax`,
/// `alphabeta` or `both`; any other is refused as an unknown variant is).
#[derive(Clone, Copy, Debug)]
pub struct AlgoChoice(pub TextbookChoice);

impl<'de> Deserialize<'de> for AlgoChoice {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = AlgoChoice;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "one of {}", TextbookChoice::NAMES.join(", "))
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<AlgoChoice, E> {
                TextbookChoice::from_name(name)
                    .map(AlgoChoice)
                    .ok_or_else(|| E::unknown_variant(name, &TextbookChoice::NAMES))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

/// One node to draw.
#[derive(Debug, Serialize)]
pub struct NodeView {
    /// Child indices from the root.
    pub path: Vec<usize>,
    /// Whether MAX chooses here.
    pub max: bool,
    /// Whether the search entered it (false: pruned, drawn grey).
    pub visited: bool,
    /// Its value (backed up or the leaf's); null for pruned inner nodes.
    pub value: Option<i32>,
    /// `exact`, `at_most` or `at_least` (alpha-beta's fail-soft bounds).
    pub bound: &'static str,
    /// Whether it is a leaf.
    pub leaf: bool,
    /// Indices into `nodes` of its children, in order.
    pub children: Vec<usize>,
    /// Whether it lies on the best line.
    pub best: bool,
}

/// One step of the trace ([`mnk_engine::teach::Step`]): the numbers, so a page can replay the
/// search (values, windows and cuts appearing as the search reaches them), and the sentence
/// key and arguments, so it can say each step in its own words.
#[derive(Debug, Serialize)]
pub struct Step {
    /// The engine's sentence for the step.
    pub text: String,
    /// The node the step concerns.
    pub path: Vec<usize>,
    /// `enter` (an inner node entered), `leaf` (a leaf entered and valued), `child` (a child
    /// returned its value to this node), `cutoff` (alpha met beta here) or `backup` (this
    /// node's value passed up).
    pub kind: &'static str,
    /// The value concerned: the leaf's, the child's, the backed-up one (MAX's view).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Alpha at this step (on entry, after the child, at the cut); see [`LessonView::infinity`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alpha: Option<i32>,
    /// Beta at this step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub beta: Option<i32>,
    /// `child`: which child returned; `cutoff`: the last child searched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// `cutoff`: how many children the node has (those after `index` are pruned).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub of: Option<usize>,
    /// Which sentence says the step ([`mnk_engine::teach::Key::name`]: `enter_ab`,
    /// `child_stays`, `no_cutoff`, `backup_at_most`, …).
    pub key: &'static str,
    /// The sentence's arguments by name: `node`, `child` (paths), `pruned` (a list of paths),
    /// `role` (`max` or `min`), `value`, `best`, `alpha`, `beta` (numbers, ±`infinity` for
    /// ±∞), `moves` (move names; empty for a pasted tree).
    pub args: BTreeMap<&'static str, ArgView>,
}

/// One argument of a step's sentence, as JSON.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum ArgView {
    /// A node's path.
    Node(Vec<usize>),
    /// Several paths.
    Nodes(Vec<Vec<usize>>),
    /// A value or a bound.
    Number(i32),
    /// `max` or `min`.
    Role(&'static str),
    /// Move names.
    Moves(Vec<String>),
}

impl From<Arg> for ArgView {
    fn from(arg: Arg) -> ArgView {
        match arg {
            Arg::Node(path) => ArgView::Node(path),
            Arg::Nodes(paths) => ArgView::Nodes(paths),
            Arg::Score(v) => ArgView::Number(v),
            Arg::Role(role) => ArgView::Role(role.name()),
            Arg::Moves(moves) => ArgView::Moves(moves),
        }
    }
}

/// One search, ready to draw and step through.
#[derive(Debug, Serialize)]
pub struct LessonView {
    /// `minimax` or `alphabeta`.
    pub algo: &'static str,
    /// The root's value.
    pub value: i32,
    /// The best line, as child indices.
    pub best_path: Vec<usize>,
    /// Roots of the subtrees never visited.
    pub pruned: Vec<Vec<usize>>,
    /// Nodes entered.
    pub nodes_visited: u64,
    /// Leaves valued.
    pub leaves_visited: u64,
    /// Cutoffs made.
    pub cutoffs: u64,
    /// Every node, the root first.
    pub nodes: Vec<NodeView>,
    /// The trace, one step per sentence.
    pub steps: Vec<Step>,
    /// The magnitude that stands for an infinite alpha or beta (`-infinity` is minus it).
    pub infinity: i32,
}

/// Parses the tree and runs the chosen searches.
pub fn lessons(req: &TreeRequest) -> Result<Vec<LessonView>, ApiError> {
    let tree = tree::parse(&req.tree)?;
    if tree.node_count() > MAX_DRAWN_NODES {
        return Err(ApiError::TreeTooBig {
            nodes: tree.node_count(),
            limit: MAX_DRAWN_NODES,
        });
    }
    let algos = req.algo.map_or(TextbookChoice::Both, |c| c.0).searches();
    let max_first = !req.min_first.unwrap_or(false);
    Ok(algos
        .iter()
        .map(|&algo| view(&Lesson::for_tree(&tree, max_first, algo)))
        .collect())
}

/// A recorded search as the page draws it: what `POST /api/v1/tree` sends for each search,
/// and what the practice solution steps through.
pub fn view(lesson: &Lesson) -> LessonView {
    let nodes = lesson
        .nodes
        .iter()
        .map(|n| NodeView {
            path: n.path.clone(),
            max: n.maximizing,
            visited: n.visited,
            value: n.value,
            bound: match n.bound() {
                Bound::Exact => "exact",
                Bound::Upper => "at_most",
                Bound::Lower => "at_least",
            },
            leaf: n.leaf,
            children: n.children.clone(),
            best: lesson.best_path.starts_with(&n.path),
        })
        .collect();
    LessonView {
        algo: lesson.algo.name(),
        value: lesson.value,
        best_path: lesson.best_path.clone(),
        pruned: lesson.pruned.clone(),
        nodes_visited: lesson.stats.nodes,
        leaves_visited: lesson.stats.leaves,
        cutoffs: lesson.stats.cutoffs,
        nodes,
        steps: steps(lesson),
        infinity: INFINITY,
    }
}

/// The engine's steps of the lesson as the page reads them: the numbers it replays, the
/// sentence key and arguments it words in its own language, and the engine's English.
fn steps(lesson: &Lesson) -> Vec<Step> {
    teach::steps(lesson)
        .iter()
        .map(|step| Step {
            text: teach::sentence(lesson, step),
            path: step.path.clone(),
            kind: step.kind.name(),
            value: step.value,
            alpha: step.alpha,
            beta: step.beta,
            index: step.index,
            of: step.of,
            key: step.key.name(),
            args: step
                .args()
                .into_iter()
                .map(|(name, arg)| (name, ArgView::from(arg)))
                .collect(),
        })
        .collect()
}
