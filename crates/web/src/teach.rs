//! The teaching panel: a pasted tree searched by the engine's recorded minimax and alpha-beta
//! ([`mnk_engine::teach::Lesson`]), sent as nodes to draw and a trace to step through.

use crate::error::ApiError;
use mnk_engine::teach::lesson::Bound;
use mnk_engine::teach::{draw, Algo, Event, Lesson};
use mnk_engine::tree;
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

/// One step of the trace.
#[derive(Debug, Serialize)]
pub struct Step {
    /// The engine's sentence for the step.
    pub text: String,
    /// The node the step concerns.
    pub path: Vec<usize>,
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
}

/// Parses the tree and runs the chosen searches.
pub fn lessons(req: &TreeRequest) -> Result<Vec<LessonView>, ApiError> {
    let tree = tree::parse(&req.tree).map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    if tree.node_count() > MAX_DRAWN_NODES {
        return Err(ApiError::Unprocessable(format!(
            "the tree has {} nodes; the page draws at most {MAX_DRAWN_NODES} (use `mnk tree` \
             for larger trees)",
            tree.node_count()
        )));
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

fn view(lesson: &Lesson) -> LessonView {
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
                Bound::AtMost => "at_most",
                Bound::AtLeast => "at_least",
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
    }
}

/// The engine's trace sentences, each paired with the node it is about. The trace writes one
/// numbered line per event, an entered leaf and its value together; the events give the node.
fn steps(lesson: &Lesson) -> Vec<Step> {
    let text = draw::trace(lesson);
    let lines: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let t = line.trim_start();
            let (num, rest) = t.split_once(". ")?;
            num.parse::<usize>().ok()?;
            Some(rest.trim_start().to_string())
        })
        .collect();
    let mut paths = Vec::new();
    let mut events = lesson.events.iter().peekable();
    while let Some(e) = events.next() {
        let path = match e {
            Event::Enter { path, .. } => {
                if matches!(events.peek(), Some(Event::Leaf { .. })) {
                    events.next();
                }
                path
            }
            Event::Leaf { path, .. }
            | Event::Child { path, .. }
            | Event::Cutoff { path, .. }
            | Event::Backup { path, .. } => path,
        };
        paths.push(path.clone());
    }
    if paths.len() != lines.len() {
        // Should the trace's wording change, still show every sentence, on the root.
        return lines
            .into_iter()
            .map(|text| Step {
                text,
                path: Vec::new(),
            })
            .collect();
    }
    lines
        .into_iter()
        .zip(paths)
        .map(|(text, path)| Step { text, path })
        .collect()
}
