//! Explicit game trees for teaching: integer leaves, inner nodes with any number of children,
//! MAX and MIN alternating by level; and ([`chance`]) trees with chance nodes too, searched by
//! expectiminimax.

pub mod chance;
mod parse;

pub use parse::{
    parse, parse_chance, TreeParseError, MAX_DEPTH, MAX_INPUT_BYTES, MAX_LEAF, MAX_NODES,
};

use crate::score::Score;
use crate::search::Game;

/// A game tree with values (MAX's view) at the leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tree {
    /// A leaf and its value.
    Leaf(Score),
    /// An inner node and its children, left to right.
    Node(Vec<Tree>),
}

impl Tree {
    /// The node at a path of child indices, if there is one.
    pub fn at(&self, path: &[usize]) -> Option<&Tree> {
        path.iter().try_fold(self, |t, &i| match t {
            Tree::Node(children) => children.get(i),
            Tree::Leaf(_) => None,
        })
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(children) => children.iter().map(Tree::leaf_count).sum(),
        }
    }

    /// Depth of the deepest leaf (a lone leaf has depth 0).
    pub fn depth(&self) -> usize {
        match self {
            Tree::Leaf(_) => 0,
            Tree::Node(children) => 1 + children.iter().map(Tree::depth).max().unwrap_or(0),
        }
    }

    /// The leaf values from left to right.
    pub fn leaves(&self) -> Vec<Score> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(t) = stack.pop() {
            match t {
                Tree::Leaf(v) => out.push(*v),
                Tree::Node(children) => stack.extend(children.iter().rev()),
            }
        }
        out
    }

    /// Number of nodes, the root included.
    pub fn node_count(&self) -> usize {
        match self {
            Tree::Leaf(_) => 1,
            Tree::Node(children) => 1 + children.iter().map(Tree::node_count).sum::<usize>(),
        }
    }
}

/// The S-expression that [`parse`] reads back: `((60 63) (15 58))`.
impl std::fmt::Display for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // An explicit stack: a tree may be as deep as the parser allows.
        enum Step<'a> {
            Open(&'a Tree),
            Close,
            Space,
        }
        let mut stack = vec![Step::Open(self)];
        while let Some(step) = stack.pop() {
            match step {
                Step::Open(Tree::Leaf(v)) => write!(f, "{v}")?,
                Step::Open(Tree::Node(children)) => {
                    f.write_str("(")?;
                    stack.push(Step::Close);
                    for (i, child) in children.iter().enumerate().rev() {
                        stack.push(Step::Open(child));
                        if i > 0 {
                            stack.push(Step::Space);
                        }
                    }
                }
                Step::Close => f.write_str(")")?,
                Step::Space => f.write_str(" ")?,
            }
        }
        Ok(())
    }
}

/// A walk through a [`Tree`] that the searches can drive.
pub struct TreeGame<'a> {
    root: &'a Tree,
    root_is_max: bool,
    stack: Vec<&'a Tree>,
}

impl<'a> TreeGame<'a> {
    /// Starts at the root; `root_is_max` says who chooses there.
    pub fn new(root: &'a Tree, root_is_max: bool) -> Self {
        TreeGame {
            root,
            root_is_max,
            stack: vec![root],
        }
    }

    fn current(&self) -> &'a Tree {
        self.stack.last().copied().unwrap_or(self.root)
    }
}

impl Game for TreeGame<'_> {
    type Move = usize;

    fn moves(&self, out: &mut Vec<usize>) {
        if let Tree::Node(children) = self.current() {
            out.extend(0..children.len());
        }
    }

    fn play(&mut self, mv: usize) {
        if let Tree::Node(children) = self.current() {
            self.stack.push(&children[mv]);
        }
    }

    fn undo(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    fn maximizing(&self) -> bool {
        // The root is at depth 0; levels alternate.
        (self.stack.len() % 2 == 1) == self.root_is_max
    }

    fn terminal_value(&self) -> Option<Score> {
        match self.current() {
            Tree::Leaf(v) => Some(*v),
            Tree::Node(children) if children.is_empty() => Some(0),
            Tree::Node(_) => None,
        }
    }

    fn heuristic_value(&self) -> Score {
        0
    }
}
