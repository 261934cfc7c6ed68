//! The chance-node exercise: the expectiminimax value of every inner node, and every node
//! that alpha-beta extended to chance nodes skips when the leaves' range is known; marked
//! against [`crate::tree::chance`].

use super::answer::Answer;
use super::mark::{Item, Marking, Mistake};
use crate::score::Score;
use crate::teach::path_name;
use crate::tree::chance::{self, value_text, ChanceSearch, ChanceTree, Chooser};
use std::collections::{BTreeMap, HashMap};

/// How far a value may be from the exact one and still count: values are written with two
/// decimals.
pub const TOLERANCE: f64 = 0.005;

/// The engine's account of a chance tree.
#[derive(Clone, Debug)]
pub(super) struct Solved {
    /// Every node's expectiminimax value.
    pub values: HashMap<Vec<usize>, f64>,
    /// What the pruning search did.
    pub search: ChanceSearch,
    /// Every node, children before parents, with who decides there (`None`: a leaf).
    pub nodes: Vec<(Vec<usize>, Option<Chooser>)>,
}

/// Values and searches a chance tree whose leaves lie in `bounds`.
pub(super) fn solve(tree: &ChanceTree, max_first: bool, bounds: (Score, Score)) -> Solved {
    Solved {
        values: chance::expectiminimax(tree, max_first),
        search: chance::search(tree, max_first, f64::from(bounds.0), f64::from(bounds.1)),
        nodes: tree.post_order(max_first),
    }
}

/// The engine's answer.
pub(super) fn solution(solved: &Solved) -> Answer {
    Answer::Chance {
        values: solved
            .nodes
            .iter()
            .filter(|(_, c)| c.is_some())
            .map(|(p, _)| (p.clone(), solved.values[p]))
            .collect(),
        pruned: solved.search.pruned.clone(),
    }
}

/// Marks an answer: a point per inner node's value (children first), then a point per leaf
/// rightly marked as skipped or searched.
pub(super) fn mark(tree: &ChanceTree, answer: &Answer, solved: &Solved) -> Marking {
    let empty_values = BTreeMap::new();
    let (given, marked): (&BTreeMap<Vec<usize>, f64>, &[Vec<usize>]) = match answer {
        Answer::Chance { values, pruned } => (values, pruned),
        _ => (&empty_values, &[]),
    };
    let mut marking = Marking::empty();
    for (path, chooser) in &solved.nodes {
        let Some(chooser) = chooser else { continue };
        let expected = solved.values[path];
        let mine = given.get(path).copied();
        let node = tree.at(path).expect("paths come from the tree");
        let children: Vec<(Option<f64>, f64)> = node
            .children()
            .iter()
            .enumerate()
            .map(|(i, (p, _))| {
                let mut c = path.clone();
                c.push(i);
                (*p, solved.values[&c])
            })
            .collect();
        marking.add(
            Item {
                part: path_name(path),
                given: mine.map(value_text).unwrap_or_default(),
                expected: value_text(expected),
                right: mine.is_some_and(|m| (m - expected).abs() <= TOLERANCE),
            },
            || Mistake::ChanceValue {
                path: path.clone(),
                chooser: *chooser,
                children: children.clone(),
                expected,
                given: mine,
            },
        );
    }
    let search = &solved.search;
    let mut leaves: Vec<&Vec<usize>> = solved
        .nodes
        .iter()
        .filter(|(_, c)| c.is_none())
        .map(|(p, _)| p)
        .collect();
    leaves.sort();
    for leaf in leaves {
        let skipped = search.pruned.iter().any(|r| leaf.starts_with(r));
        let mark_at = marked.iter().find(|m| leaf.starts_with(m));
        let word = |s: bool| if s { "skipped" } else { "searched" }.to_string();
        marking.add(
            Item {
                part: path_name(leaf),
                given: word(mark_at.is_some()),
                expected: word(skipped),
                right: skipped == mark_at.is_some(),
            },
            || match mark_at {
                Some(m) => {
                    let (alpha, beta) = search.visits.get(m).map_or((0.0, 0.0), |v| v.window);
                    Mistake::ChanceMarkedButSearched {
                        path: m.clone(),
                        alpha,
                        beta,
                    }
                }
                None => skipped_mistake(search, solved, leaf),
            },
        );
    }
    marking
}

/// Why the skipped leaf `leaf` was skipped: the cut at the parent of its pruned subtree.
fn skipped_mistake(search: &ChanceSearch, solved: &Solved, leaf: &[usize]) -> Mistake {
    let root = search
        .pruned
        .iter()
        .find(|p| leaf.starts_with(p))
        .cloned()
        .unwrap_or_else(|| leaf.to_vec());
    let parent = root[..root.len().saturating_sub(1)].to_vec();
    let visit = search.visits.get(&parent);
    let cut = visit.and_then(|v| v.cut);
    let after = cut.map_or(0, |c| c.after);
    let mut last = parent.clone();
    last.push(after);
    let chooser = solved
        .nodes
        .iter()
        .find(|(p, _)| *p == parent)
        .and_then(|(_, c)| *c)
        .unwrap_or(Chooser::Max);
    Mistake::ChanceSkipped {
        path: root,
        chooser,
        after,
        returned: search.visits.get(&last).map_or(0.0, |v| v.value),
        alpha: cut.map_or(0.0, |c| c.alpha),
        beta: cut.map_or(0.0, |c| c.beta),
        sum_and_rest: cut.and_then(|c| c.sum_and_rest),
        bounds: search.bounds,
    }
}
