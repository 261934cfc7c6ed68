//! The teaching panel: a pasted tree searched by the engine's recorded minimax and alpha-beta
//! ([`mnk_engine::teach::Lesson`]), sent as nodes to draw and a trace to step through.

use crate::error::ApiError;
use mnk_engine::teach::INFINITY;
use mnk_engine::teach::{Algo, Event, Lesson};
use mnk_engine::tree;
use mnk_engine::Bound;
use serde::{Deserialize, Serialize};

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

/// Which searches to run.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AlgoChoice {
    /// Plain minimax.
    Minimax,
    /// Textbook alpha-beta.
    Alphabeta,
    /// Both.
    Both,
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

/// One step of the trace: the engine's sentence and the event behind it, so a page can
/// replay the search (values, windows and cuts appearing as the search reaches them) and say
/// each step in its own words.
#[derive(Debug, Default, Serialize)]
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
    let algos: &[Algo] = match req.algo.unwrap_or(AlgoChoice::Both) {
        AlgoChoice::Minimax => &[Algo::Minimax],
        AlgoChoice::Alphabeta => &[Algo::AlphaBeta],
        AlgoChoice::Both => &[Algo::Minimax, Algo::AlphaBeta],
    };
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

/// The engine's trace sentences, each paired with the node it is about. The trace writes one
/// numbered line per event, an entered leaf and its value together; the events give the node.
fn steps(lesson: &Lesson) -> Vec<Step> {
    let text = mnk_engine::teach::trace(lesson);
    let lines: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let t = line.trim_start();
            let (num, rest) = t.split_once(". ")?;
            num.parse::<usize>().ok()?;
            Some(rest.trim_start().to_string())
        })
        .collect();
    let mut events = lesson.events.iter().peekable();
    let mut out = Vec::new();
    while let Some(e) = events.next() {
        out.push(match e {
            Event::Enter {
                path, alpha, beta, ..
            } => {
                let leaf = match events.peek() {
                    Some(Event::Leaf { value, .. }) => Some(*value),
                    _ => None,
                };
                if leaf.is_some() {
                    events.next();
                }
                Step {
                    path: path.clone(),
                    kind: if leaf.is_some() { "leaf" } else { "enter" },
                    value: leaf,
                    alpha: Some(*alpha),
                    beta: Some(*beta),
                    ..Step::default()
                }
            }
            Event::Leaf { path, value, .. } => Step {
                path: path.clone(),
                kind: "leaf",
                value: Some(*value),
                ..Step::default()
            },
            Event::Child {
                path,
                index,
                value,
                alpha,
                beta,
            } => Step {
                path: path.clone(),
                kind: "child",
                value: Some(*value),
                alpha: Some(*alpha),
                beta: Some(*beta),
                index: Some(*index),
                ..Step::default()
            },
            Event::Cutoff {
                path,
                alpha,
                beta,
                after,
                of,
            } => Step {
                path: path.clone(),
                kind: "cutoff",
                alpha: Some(*alpha),
                beta: Some(*beta),
                index: Some(*after),
                of: Some(*of),
                ..Step::default()
            },
            Event::Backup { path, value } => Step {
                path: path.clone(),
                kind: "backup",
                value: Some(*value),
                ..Step::default()
            },
        });
    }
    // The sentences and the events are one per step; should the trace's wording ever
    // change that, the events still drive the page and the sentence is left empty.
    if lines.len() == out.len() {
        for (step, text) in out.iter_mut().zip(lines) {
            step.text = text;
        }
    }
    out
}
