//! Trees with chance nodes, and expectiminimax on them.
//!
//! A chance node's value is the probability-weighted mean of its children's. MAX and MIN
//! nodes alternate among themselves: a chance node does not take a turn, so the decision
//! node below a chance node under MAX is MIN (as in backgammon: MAX moves, the dice roll, MIN
//! moves).
//!
//! [`expectiminimax`] values every node. [`search`] is alpha-beta extended to chance nodes
//! for leaves known to lie in `[lo, hi]`: MAX and MIN nodes cut as usual when alpha meets
//! beta; a chance node searches its children one by one (each with the full window) and
//! stops as soon as the children left cannot bring its value back inside its window: after
//! children worth `s` in all (weighted) with probability `r` left, its value lies in
//! `[s + r·lo, s + r·hi]`; it is skipped past when `s + r·hi ≤ α` or `s + r·lo ≥ β`.

use super::Tree;
use crate::score::Score;
use std::collections::HashMap;
use std::fmt;

/// A tree whose inner nodes are decision nodes (MAX and MIN in turn) or chance nodes.
#[derive(Clone, Debug, PartialEq)]
pub enum ChanceTree {
    /// A leaf and its value (MAX's view).
    Leaf(Score),
    /// A decision node: its children, left to right.
    Node(Vec<ChanceTree>),
    /// A chance node: each child with its probability (they add up to 1).
    Chance(Vec<(f64, ChanceTree)>),
}

/// Who decides at an inner node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Chooser {
    /// MAX takes the largest child.
    Max,
    /// MIN takes the smallest.
    Min,
    /// Chance: the probability-weighted mean.
    Chance,
}

impl Chooser {
    /// `MAX`, `MIN` or `chance`.
    pub fn word(self) -> &'static str {
        match self {
            Chooser::Max => "MAX",
            Chooser::Min => "MIN",
            Chooser::Chance => "chance",
        }
    }
}

impl From<&Tree> for ChanceTree {
    fn from(tree: &Tree) -> Self {
        match tree {
            Tree::Leaf(v) => ChanceTree::Leaf(*v),
            Tree::Node(children) => ChanceTree::Node(children.iter().map(Into::into).collect()),
        }
    }
}

impl ChanceTree {
    /// The tree without chance nodes, if it has none.
    pub fn into_plain(self) -> Option<Tree> {
        match self {
            ChanceTree::Leaf(v) => Some(Tree::Leaf(v)),
            ChanceTree::Node(children) => Some(Tree::Node(
                children
                    .into_iter()
                    .map(ChanceTree::into_plain)
                    .collect::<Option<Vec<_>>>()?,
            )),
            ChanceTree::Chance(_) => None,
        }
    }

    /// Whether any node is a chance node.
    pub fn has_chance(&self) -> bool {
        match self {
            ChanceTree::Leaf(_) => false,
            ChanceTree::Node(children) => children.iter().any(ChanceTree::has_chance),
            ChanceTree::Chance(_) => true,
        }
    }

    /// The children, with their probabilities for a chance node (`None` for decisions).
    pub fn children(&self) -> Vec<(Option<f64>, &ChanceTree)> {
        match self {
            ChanceTree::Leaf(_) => Vec::new(),
            ChanceTree::Node(children) => children.iter().map(|c| (None, c)).collect(),
            ChanceTree::Chance(children) => children.iter().map(|(p, c)| (Some(*p), c)).collect(),
        }
    }

    /// The node at a path of child indices.
    pub fn at(&self, path: &[usize]) -> Option<&ChanceTree> {
        path.iter()
            .try_fold(self, |t, &i| t.children().get(i).map(|(_, c)| *c))
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        match self {
            ChanceTree::Leaf(_) => 1,
            _ => self.children().iter().map(|(_, c)| c.leaf_count()).sum(),
        }
    }

    /// Levels of inner nodes above the deepest leaf.
    pub fn depth(&self) -> usize {
        match self {
            ChanceTree::Leaf(_) => 0,
            _ => {
                1 + self
                    .children()
                    .iter()
                    .map(|(_, c)| c.depth())
                    .max()
                    .unwrap_or(0)
            }
        }
    }

    /// Every node's path and chooser (`None` for leaves), children before parents.
    pub fn post_order(&self, max_first: bool) -> Vec<(Vec<usize>, Option<Chooser>)> {
        let mut out = Vec::new();
        walk(self, &mut Vec::new(), max_first, &mut |path, _, chooser| {
            out.push((path.to_vec(), chooser));
        });
        out
    }
}

/// Visits every node after its children, with who decides there.
fn walk(
    t: &ChanceTree,
    path: &mut Vec<usize>,
    max_next: bool,
    visit: &mut impl FnMut(&[usize], &ChanceTree, Option<Chooser>),
) {
    let chooser = match t {
        ChanceTree::Leaf(_) => None,
        ChanceTree::Node(_) if max_next => Some(Chooser::Max),
        ChanceTree::Node(_) => Some(Chooser::Min),
        ChanceTree::Chance(_) => Some(Chooser::Chance),
    };
    let next = match t {
        ChanceTree::Node(_) => !max_next,
        _ => max_next,
    };
    // Trees are at most 64 levels deep (the parser's limit), so recursion is safe.
    for (i, (_, child)) in t.children().into_iter().enumerate() {
        path.push(i);
        walk(child, path, next, visit);
        path.pop();
    }
    visit(path, t, chooser);
}

/// A probability as the parser reads it back: a short decimal when there is one, else a
/// fraction with a small denominator.
pub fn probability_text(p: f64) -> String {
    for d in [1u32, 2, 4, 5, 8, 10, 20, 25, 50, 100] {
        let n = p * f64::from(d);
        if (n - n.round()).abs() < 1e-9 {
            let text = format!("{:.3}", p);
            let text = text.trim_end_matches('0').trim_end_matches('.');
            return text.to_string();
        }
    }
    for d in 3u32..=12 {
        let n = p * f64::from(d);
        if (n - n.round()).abs() < 1e-9 {
            return format!("{}/{d}", n.round() as u32);
        }
    }
    format!("{p}")
}

/// A value for people: up to two decimals, no trailing zeros.
pub fn value_text(v: f64) -> String {
    if v.is_infinite() {
        return if v > 0.0 { "+∞" } else { "-∞" }.to_string();
    }
    let text = format!("{:.2}", v);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

impl fmt::Display for ChanceTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChanceTree::Leaf(v) => write!(f, "{v}"),
            ChanceTree::Node(children) => {
                f.write_str("(")?;
                for (i, c) in children.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str(")")
            }
            ChanceTree::Chance(children) => {
                f.write_str("(?")?;
                for (p, c) in children {
                    write!(f, " {} {c}", probability_text(*p))?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The expectiminimax value of every node, by path.
pub fn expectiminimax(tree: &ChanceTree, max_first: bool) -> HashMap<Vec<usize>, f64> {
    let mut values: HashMap<Vec<usize>, f64> = HashMap::new();
    walk(
        tree,
        &mut Vec::new(),
        max_first,
        &mut |path, node, chooser| {
            let child = |i: usize| {
                let mut p = path.to_vec();
                p.push(i);
                values[&p]
            };
            let value = match (node, chooser) {
                (ChanceTree::Leaf(v), _) => f64::from(*v),
                (ChanceTree::Chance(children), _) => children
                    .iter()
                    .enumerate()
                    .map(|(i, (p, _))| p * child(i))
                    .sum(),
                (ChanceTree::Node(children), Some(Chooser::Max)) => (0..children.len())
                    .map(child)
                    .fold(f64::NEG_INFINITY, f64::max),
                (ChanceTree::Node(children), _) => {
                    (0..children.len()).map(child).fold(f64::INFINITY, f64::min)
                }
            };
            values.insert(path.to_vec(), value);
        },
    );
    values
}

/// Why a node stopped before its last child.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceCut {
    /// The last child searched.
    pub after: usize,
    /// Alpha and beta at the node.
    pub alpha: f64,
    /// Beta.
    pub beta: f64,
    /// Chance nodes: the weighted sum of the children searched, and the probability left.
    pub sum_and_rest: Option<(f64, f64)>,
}

/// What the pruning search did at a node it entered.
#[derive(Clone, Debug, PartialEq)]
pub struct Visit {
    /// Who decides there (`None` for a leaf).
    pub chooser: Option<Chooser>,
    /// The window it was entered with.
    pub window: (f64, f64),
    /// What it returned (a bound when it stopped early).
    pub value: f64,
    /// The cut that stopped it before its last child, if any.
    pub cut: Option<ChanceCut>,
}

/// The pruning search of a tree with chance nodes.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceSearch {
    /// The root's value (exact: the root is searched with the full window).
    pub value: f64,
    /// The leaves' range the chance nodes relied on.
    pub bounds: (f64, f64),
    /// Every node entered, by path.
    pub visits: HashMap<Vec<usize>, Visit>,
    /// The roots of the subtrees never entered, in tree order.
    pub pruned: Vec<Vec<usize>>,
}

/// Alpha-beta with chance nodes for leaves known to lie in `[lo, hi]` (see the module docs).
/// With infinite bounds, chance nodes never stop early.
pub fn search(tree: &ChanceTree, max_first: bool, lo: f64, hi: f64) -> ChanceSearch {
    let mut out = ChanceSearch {
        value: 0.0,
        bounds: (lo, hi),
        visits: HashMap::new(),
        pruned: Vec::new(),
    };
    out.value = visit(
        tree,
        &mut Vec::new(),
        max_first,
        f64::NEG_INFINITY,
        f64::INFINITY,
        &mut out,
    );
    out.pruned.sort();
    out
}

fn visit(
    t: &ChanceTree,
    path: &mut Vec<usize>,
    max_next: bool,
    mut alpha: f64,
    mut beta: f64,
    out: &mut ChanceSearch,
) -> f64 {
    let window = (alpha, beta);
    let (lo, hi) = out.bounds;
    let mut cut = None;
    let children = t.children();
    let skip_after = |i: usize, path: &mut Vec<usize>, out: &mut ChanceSearch| {
        for j in i + 1..children.len() {
            path.push(j);
            out.pruned.push(path.clone());
            path.pop();
        }
    };
    let (chooser, value) = match t {
        ChanceTree::Leaf(v) => (None, f64::from(*v)),
        ChanceTree::Node(_) => {
            let maximizing = max_next;
            let mut best = if maximizing {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            for (i, (_, child)) in children.iter().enumerate() {
                path.push(i);
                let v = visit(child, path, !max_next, alpha, beta, out);
                path.pop();
                if maximizing {
                    best = best.max(v);
                    alpha = alpha.max(best);
                } else {
                    best = best.min(v);
                    beta = beta.min(best);
                }
                if alpha >= beta && i + 1 < children.len() {
                    cut = Some(ChanceCut {
                        after: i,
                        alpha,
                        beta,
                        sum_and_rest: None,
                    });
                    skip_after(i, path, out);
                    break;
                }
            }
            let chooser = if maximizing {
                Chooser::Max
            } else {
                Chooser::Min
            };
            (Some(chooser), best)
        }
        ChanceTree::Chance(_) => {
            let (mut sum, mut rest) = (0.0, 1.0);
            let mut value = None;
            for (i, (p, child)) in children.iter().enumerate() {
                path.push(i);
                let v = visit(child, path, max_next, f64::NEG_INFINITY, f64::INFINITY, out);
                path.pop();
                let p = p.unwrap_or_default();
                sum += p * v;
                rest -= p;
                if i + 1 < children.len() {
                    let (low, high) = (sum + rest * lo, sum + rest * hi);
                    if high <= alpha || low >= beta {
                        cut = Some(ChanceCut {
                            after: i,
                            alpha,
                            beta,
                            sum_and_rest: Some((sum, rest)),
                        });
                        skip_after(i, path, out);
                        value = Some(if high <= alpha { high } else { low });
                        break;
                    }
                }
            }
            (Some(Chooser::Chance), value.unwrap_or(sum))
        }
    };
    out.visits.insert(
        path.clone(),
        Visit {
            chooser,
            window,
            value,
            cut,
        },
    );
    value
}
