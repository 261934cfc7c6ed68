//! `mnk.Tree` and the lessons: minimax and alpha-beta on a tree you type, recorded by the
//! engine's own searches (`teach::Lesson`), with their values, pruned nodes, trace steps and
//! pictures (DOT text, SVG, and `_repr_svg_` so Jupyter draws them).

use crate::errors;
use mnk_engine::search::TextbookSearch;
use mnk_engine::teach::{self, dot, draw, path_name, svg, Lesson};
use mnk_engine::tree::{self, Tree};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A game tree with integer values (MAX's view) at the leaves: MAX and MIN choose in turn,
/// level by level.
///
/// >>> tree = mnk.Tree.parse("((60 63) (15 58))")   # or "[[60, 63], [15, 58]]"
/// >>> mnk.alphabeta(tree).pruned
/// ['1.1']
#[pyclass(module = "mnk", name = "Tree", frozen, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyTree(pub Tree);

#[pymethods]
impl PyTree {
    /// Reads a tree from an S-expression (`"((60 63) (15 58))"`) or JSON nested arrays
    /// (`"[[60, 63], [15, 58]]"`): a leaf is an integer, an inner node a non-empty list of
    /// children. Bounded: at most 100,000 nodes, 64 levels, leaves within ±29,999, 1 MiB of text.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        tree::parse(text).map(PyTree).map_err(errors::tree)
    }

    /// The leaf values from left to right.
    #[getter]
    fn leaves(&self) -> Vec<i32> {
        self.0.leaves()
    }

    /// Levels of inner nodes above the deepest leaf.
    #[getter]
    fn depth(&self) -> usize {
        self.0.depth()
    }

    /// Nodes, the root included.
    #[getter]
    fn node_count(&self) -> usize {
        self.0.node_count()
    }

    /// The tree as Graphviz DOT text, with the values minimax backs up (MAX at the root unless
    /// `min_first`).
    #[pyo3(signature = (*, min_first = false))]
    fn to_dot(&self, min_first: bool) -> String {
        dot::dot(&self.lesson(TextbookSearch::Minimax, min_first))
    }

    /// The tree as an SVG picture, with the values minimax backs up.
    #[pyo3(signature = (*, min_first = false))]
    fn to_svg(&self, min_first: bool) -> PyResult<String> {
        svg::svg(&self.lesson(TextbookSearch::Minimax, min_first)).map_err(errors::search)
    }

    /// The picture Jupyter shows for a tree.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.to_svg(false)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Tree.parse('{}')", self.0)
    }
}

impl PyTree {
    fn lesson(&self, algo: TextbookSearch, min_first: bool) -> Lesson {
        Lesson::for_tree(&self.0, !min_first, algo)
    }
}

/// A search recorded on a tree: the root's value, the best line, the work, the pruned
/// subtrees, the step-by-step trace and the pictures.
#[pyclass(module = "mnk", name = "Lesson", frozen)]
pub struct PyLesson(pub Lesson);

#[pymethods]
impl PyLesson {
    /// `"minimax"` or `"alphabeta"`.
    #[getter]
    fn algo(&self) -> &'static str {
        self.0.algo.name()
    }

    /// The root's value (MAX's view).
    #[getter]
    fn value(&self) -> i32 {
        self.0.value
    }

    /// The best line as child indices from the root (0 is the leftmost child).
    #[getter]
    fn best_path(&self) -> Vec<usize> {
        self.0.best_path.clone()
    }

    /// Nodes the search entered, the root included.
    #[getter]
    fn nodes_visited(&self) -> u64 {
        self.0.stats.nodes
    }

    /// Leaves the search valued.
    #[getter]
    fn leaves_visited(&self) -> u64 {
        self.0.stats.leaves
    }

    /// Leaves under pruned subtrees (never looked at).
    #[getter]
    fn leaves_pruned(&self) -> u64 {
        self.0.leaves_pruned().unwrap_or(0)
    }

    /// Cutoffs that pruned at least one child.
    #[getter]
    fn cutoffs(&self) -> u64 {
        self.0.stats.cutoffs
    }

    /// The roots of the pruned subtrees, named by their paths (`"1.1"`: the second child of
    /// the second child of the root), in tree order.
    #[getter]
    fn pruned(&self) -> Vec<String> {
        self.0.pruned.iter().map(|p| path_name(p)).collect()
    }

    /// The values of the leaves the search never looked at, left to right.
    #[getter]
    fn pruned_leaves(&self) -> Vec<i32> {
        let unvisited = self.0.nodes.iter().filter(|n| n.leaf && !n.visited);
        unvisited.filter_map(|n| n.value).collect()
    }

    /// The step-by-step trace, one line per step (nodes entered with their windows, values
    /// returned and backed up, cutoffs and why), then the root's value.
    #[getter]
    fn steps(&self) -> Vec<String> {
        teach::trace(&self.0).lines().map(str::to_string).collect()
    }

    /// Every node in the order the search entered it (pruned ones after), as dicts: `path`,
    /// `max` (MAX chooses there), `visited`, `value` (None for a pruned inner node), `window`
    /// (alpha, beta on entry; alpha-beta, visited nodes), `bound` (`"exact"`, `"lower"` or
    /// `"upper"`: what the value says of the true value), `leaf`, `cut` (the children after
    /// this index were pruned).
    #[getter]
    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.0
            .nodes
            .iter()
            .map(|n| {
                let d = PyDict::new(py);
                d.set_item("path", path_name(&n.path))?;
                d.set_item("max", n.maximizing)?;
                d.set_item("visited", n.visited)?;
                d.set_item("value", n.value)?;
                d.set_item("window", n.window)?;
                d.set_item("bound", bound_word(n.bound()))?;
                d.set_item("leaf", n.leaf)?;
                d.set_item("cut", n.cut.map(|c| c.after))?;
                Ok(d)
            })
            .collect()
    }

    /// The trace as one text.
    fn trace(&self) -> String {
        teach::trace(&self.0)
    }

    /// The tree drawn as text with each node's value (and window), and the summary of the work.
    fn draw(&self) -> String {
        format!("{}\n{}", draw::draw(&[&self.0]), draw::summary(&[&self.0]))
    }

    /// The tree as Graphviz DOT text: MAX ellipses, MIN boxes, the best line bold, pruned
    /// nodes grey and dashed.
    fn to_dot(&self) -> String {
        dot::dot(&self.0)
    }

    /// The same picture as SVG (trees of up to 2,000 nodes).
    fn to_svg(&self) -> PyResult<String> {
        svg::svg(&self.0).map_err(errors::search)
    }

    /// The picture Jupyter shows for a lesson.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.to_svg()
    }

    fn __str__(&self) -> String {
        self.draw()
    }

    fn __repr__(&self) -> String {
        format!(
            "<mnk.Lesson {} value={} nodes_visited={} pruned={}>",
            self.0.algo.name(),
            self.0.value,
            self.0.stats.nodes,
            crate::py_list(&self.pruned())
        )
    }
}

/// Plain minimax on `tree`: every node visited, each value backed up (MAX at the root unless
/// `min_first`).
#[pyfunction]
#[pyo3(signature = (tree, *, min_first = false))]
pub fn minimax(tree: &PyTree, min_first: bool) -> PyLesson {
    PyLesson(tree.lesson(TextbookSearch::Minimax, min_first))
}

/// Textbook alpha-beta on `tree`: children left to right, a node's remaining children pruned
/// once alpha >= beta (MAX at the root unless `min_first`).
#[pyfunction]
#[pyo3(signature = (tree, *, min_first = false))]
pub fn alphabeta(tree: &PyTree, min_first: bool) -> PyLesson {
    PyLesson(tree.lesson(TextbookSearch::AlphaBeta, min_first))
}

/// What a node's value says of its true value, in a word.
fn bound_word(bound: mnk_engine::Bound) -> &'static str {
    match bound {
        mnk_engine::Bound::Exact => "exact",
        mnk_engine::Bound::Lower => "lower",
        mnk_engine::Bound::Upper => "upper",
    }
}
