//! Marking the tree exercises against the engine's recorded searches of the tree.

use super::answer::{bound_word, Answer};
use super::mark::{Item, Marking, Mistake};
use super::{Exercise, Kind, Task};
use crate::score::Score;
use crate::search::{self, NoTrace, TextbookOptions};
use crate::teach::{path_name, steps, Lesson, StepKind};
use crate::tree::{Tree, TreeGame};

/// Most children the root of an ordering exercise may have: every order is tried (6! = 720).
pub(super) const MAX_ORDERED_CHILDREN: usize = 6;

/// Alpha-beta's leaf counts over every order of the root's children.
#[derive(Clone, Debug)]
pub(super) struct Orders {
    /// Fewest leaves visited.
    pub best: u64,
    /// Most leaves visited.
    pub worst: u64,
    /// The first order (lexicographically) that visits `best` leaves.
    pub best_order: Vec<usize>,
}

/// Leaves alpha-beta visits when the root's children are searched in `order`.
pub(super) fn leaves_in_order(tree: &Tree, max_first: bool, order: &[usize]) -> u64 {
    let Tree::Node(children) = tree else {
        return 1;
    };
    let reordered = Tree::Node(order.iter().map(|&i| children[i].clone()).collect());
    let mut game = TreeGame::new(&reordered, max_first);
    search::alphabeta(&mut game, TextbookOptions::default(), &mut NoTrace)
        .stats
        .leaves
}

/// Tries every order of the root's children; `None` when there are too many.
pub(super) fn orders(tree: &Tree, max_first: bool) -> Option<Orders> {
    let Tree::Node(children) = tree else {
        return None;
    };
    if children.len() > MAX_ORDERED_CHILDREN {
        return None;
    }
    let mut order: Vec<usize> = (0..children.len()).collect();
    let mut out: Option<Orders> = None;
    loop {
        let leaves = leaves_in_order(tree, max_first, &order);
        match &mut out {
            None => {
                out = Some(Orders {
                    best: leaves,
                    worst: leaves,
                    best_order: order.clone(),
                })
            }
            Some(o) => {
                if leaves < o.best {
                    o.best = leaves;
                    o.best_order = order.clone();
                }
                o.worst = o.worst.max(leaves);
            }
        }
        if !next_permutation(&mut order) {
            return out;
        }
    }
}

/// The next order in lexicographic order; false after the last.
fn next_permutation(v: &mut [usize]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

/// The inner nodes in the order the search settles them (children before parents).
pub(super) fn inner_post_order(tree: &Tree) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), tree, false)];
    while let Some((path, node, expanded)) = stack.pop() {
        let Tree::Node(children) = node else { continue };
        if expanded {
            out.push(path);
            continue;
        }
        stack.push((path.clone(), node, true));
        for (i, child) in children.iter().enumerate().rev() {
            let mut p = path.clone();
            p.push(i);
            stack.push((p, child, false));
        }
    }
    out
}

/// The leaves' paths, left to right: the order alpha-beta meets them.
fn leaf_paths(tree: &Tree) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut stack = vec![(Vec::new(), tree)];
    while let Some((path, node)) = stack.pop() {
        match node {
            Tree::Leaf(_) => out.push(path),
            Tree::Node(children) => {
                for (i, child) in children.iter().enumerate().rev() {
                    let mut p = path.clone();
                    p.push(i);
                    stack.push((p, child));
                }
            }
        }
    }
    out
}

/// The engine's answer to a tree exercise.
pub(super) fn solution(
    exercise: &Exercise,
    minimax: &Lesson,
    alphabeta: &Lesson,
    orders: Option<&Orders>,
) -> Answer {
    let Task::Tree { tree, node, .. } = &exercise.task else {
        unreachable!("tree exercises hold trees");
    };
    match exercise.kind {
        Kind::AlphaBeta => Answer::Pruned {
            pruned: alphabeta.pruned.clone(),
            value: Some(alphabeta.value),
        },
        Kind::Window => {
            let window = node.as_ref().and_then(|p| alphabeta.find(p)?.window);
            Answer::Window {
                alpha: window.map(|w| w.0),
                beta: window.map(|w| w.1),
            }
        }
        Kind::Ordering => Answer::Order(orders.map(|o| o.best_order.clone()).unwrap_or_default()),
        Kind::Minimax | Kind::Position | Kind::Chance => Answer::Values(
            inner_post_order(tree)
                .into_iter()
                .filter_map(|p| Some((p.clone(), minimax.find(&p)?.value?)))
                .collect(),
        ),
    }
}

fn value_word(v: Option<Score>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// Marks an answer to a tree exercise.
pub(super) fn mark(
    exercise: &Exercise,
    answer: &Answer,
    minimax: &Lesson,
    alphabeta: &Lesson,
    orders: Option<&Orders>,
) -> Marking {
    let Task::Tree {
        tree,
        max_first,
        node,
    } = &exercise.task
    else {
        unreachable!("tree exercises hold trees");
    };
    let mut marking = Marking::empty();
    match exercise.kind {
        Kind::Minimax | Kind::Position | Kind::Chance => {
            let empty = Default::default();
            let given = match answer {
                Answer::Values(v) => v,
                _ => &empty,
            };
            for path in inner_post_order(tree) {
                let Some(n) = minimax.find(&path) else {
                    continue;
                };
                let expected = n.value.unwrap_or_default();
                let mine = given.get(&path).copied();
                let children = n
                    .children
                    .iter()
                    .map(|&c| minimax.nodes[c].value.unwrap_or_default())
                    .collect();
                marking.add(
                    Item {
                        part: path_name(&path),
                        given: value_word(mine),
                        expected: expected.to_string(),
                        right: mine == Some(expected),
                    },
                    || Mistake::NodeValue {
                        path: path.clone(),
                        maximizing: n.maximizing,
                        children,
                        expected,
                        given: mine,
                    },
                );
            }
        }
        Kind::AlphaBeta => {
            let (marked, value) = match answer {
                Answer::Pruned { pruned, value } => (pruned.as_slice(), *value),
                _ => (&[][..], None),
            };
            for leaf in leaf_paths(tree) {
                let skipped = alphabeta.find(&leaf).is_some_and(|n| !n.visited);
                let mark_at = marked.iter().find(|m| leaf.starts_with(m));
                let word = |s: bool| if s { "skipped" } else { "searched" }.to_string();
                marking.add(
                    Item {
                        part: path_name(&leaf),
                        given: word(mark_at.is_some()),
                        expected: word(skipped),
                        right: skipped == mark_at.is_some(),
                    },
                    || match mark_at {
                        Some(m) => {
                            let n = alphabeta.find(m);
                            let (alpha, beta) = n.and_then(|n| n.window).unwrap_or_default();
                            Mistake::MarkedButSearched {
                                path: m.clone(),
                                alpha,
                                beta,
                                value: n.and_then(|n| n.value),
                            }
                        }
                        None => skipped_mistake(alphabeta, &leaf),
                    },
                );
            }
            let root = &alphabeta.nodes[0];
            marking.add(
                Item {
                    part: "value".to_string(),
                    given: value_word(value),
                    expected: alphabeta.value.to_string(),
                    right: value == Some(alphabeta.value),
                },
                || Mistake::RootValue {
                    maximizing: root.maximizing,
                    children: root
                        .children
                        .iter()
                        .map(|&c| {
                            alphabeta.nodes[c]
                                .visited
                                .then_some(alphabeta.nodes[c].value)
                                .flatten()
                        })
                        .collect(),
                    expected: alphabeta.value,
                    given: value,
                },
            );
        }
        Kind::Window => {
            let node = node.clone().unwrap_or_default();
            let (alpha, beta) = alphabeta
                .find(&node)
                .and_then(|n| n.window)
                .unwrap_or_default();
            let (given_alpha, given_beta) = match answer {
                Answer::Window { alpha, beta } => (*alpha, *beta),
                _ => (None, None),
            };
            for (is_alpha, expected, given) in
                [(true, alpha, given_alpha), (false, beta, given_beta)]
            {
                marking.add(
                    Item {
                        part: if is_alpha { "alpha" } else { "beta" }.to_string(),
                        given: given.map(bound_word).unwrap_or_default(),
                        expected: bound_word(expected),
                        right: given == Some(expected),
                    },
                    || Mistake::Bound {
                        alpha: is_alpha,
                        node: node.clone(),
                        expected,
                        given,
                        source: bound_source(alphabeta, &node, is_alpha),
                    },
                );
            }
        }
        Kind::Ordering => {
            let Some(orders) = orders else {
                return marking;
            };
            let yours = match answer {
                Answer::Order(order) if is_order_of(order, tree) => {
                    Some(leaves_in_order(tree, *max_first, order))
                }
                _ => None,
            };
            // Partial credit: how much of the gap between the worst and the best order the
            // student's order closes, in quarters.
            let span = orders.worst - orders.best;
            let points = match yours {
                Some(y) if span == 0 || y == orders.best => 4,
                Some(y) => ((orders.worst - y) * 4 / span) as u32,
                None => 0,
            };
            marking.points = points;
            marking.out_of = 4;
            marking.items.push(Item {
                part: "leaves".to_string(),
                given: yours.map(|y| y.to_string()).unwrap_or_default(),
                expected: orders.best.to_string(),
                right: yours == Some(orders.best),
            });
            if yours != Some(orders.best) {
                let values = match tree {
                    Tree::Node(children) => (0..children.len())
                        .map(|i| minimax.find(&[i]).and_then(|n| n.value).unwrap_or_default())
                        .collect(),
                    Tree::Leaf(_) => Vec::new(),
                };
                marking.first_mistake = Some(Mistake::Order {
                    yours,
                    best: orders.best,
                    best_order: orders.best_order.clone(),
                    values,
                    maximizing: *max_first,
                });
            }
        }
    }
    marking
}

/// Whether `order` names each of the root's children once.
fn is_order_of(order: &[usize], tree: &Tree) -> bool {
    let Tree::Node(children) = tree else {
        return false;
    };
    let mut seen = order.to_vec();
    seen.sort_unstable();
    seen == (0..children.len()).collect::<Vec<_>>()
}

/// Why the skipped leaf `leaf` was skipped: the cut at the parent of its pruned subtree.
fn skipped_mistake(lesson: &Lesson, leaf: &[usize]) -> Mistake {
    let root = lesson
        .pruned
        .iter()
        .find(|p| leaf.starts_with(p))
        .cloned()
        .unwrap_or_else(|| leaf.to_vec());
    let parent = &root[..root.len().saturating_sub(1)];
    let parent_node = lesson.find(parent);
    let cut = parent_node.and_then(|n| n.cut);
    let after = cut.map_or(0, |c| c.after);
    let mut child = parent.to_vec();
    child.push(after);
    Mistake::SkippedNotMarked {
        path: root.clone(),
        parent_max: parent_node.is_some_and(|n| n.maximizing),
        after,
        returned: lesson
            .find(&child)
            .and_then(|n| n.value)
            .unwrap_or_default(),
        alpha: cut.map_or(0, |c| c.alpha),
        beta: cut.map_or(0, |c| c.beta),
    }
}

/// Where alpha (or beta) at `node` was set: the deepest ancestor that raised alpha (lowered
/// beta) before the search went down towards `node`, and its finished child with that value.
fn bound_source(lesson: &Lesson, node: &[usize], alpha: bool) -> Option<(Vec<usize>, usize)> {
    let pick = |w: (Score, Score)| if alpha { w.0 } else { w.1 };
    let target = pick(lesson.find(node)?.window?);
    let steps = steps(lesson);
    let mut source = None;
    for depth in 0..node.len() {
        let ancestor = &node[..depth];
        let on_path = node[depth];
        let entered = pick(lesson.find(ancestor)?.window?);
        // The ancestor's window after each child it finished before `on_path`.
        let mut best: Option<(usize, Score)> = None;
        for step in &steps {
            let (Some(index), Some(value), Some(a), Some(b)) =
                (step.index, step.value, step.alpha, step.beta)
            else {
                continue;
            };
            if step.kind == StepKind::Child && step.path == ancestor && index < on_path {
                let after = pick((a, b));
                if after != entered && value == after && best.is_none_or(|(_, v)| v != after) {
                    best = Some((index, after));
                }
            }
        }
        if let Some((index, value)) = best {
            if value == target {
                source = Some((ancestor.to_vec(), index));
            }
        }
    }
    source
}
