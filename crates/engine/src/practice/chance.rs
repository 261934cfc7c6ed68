//! The chance-node exercise: the expectiminimax value of every inner node, and every node
//! that alpha-beta extended to chance nodes skips when the leaves' range is known; marked
//! against [`crate::tree::chance`].

use super::answer::{Answer, AnswerError};
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

/// Reads `root=5 0=4.5 1=3/2 pruned=1.1` against `tree`.
pub(super) fn parse(tree: &ChanceTree, tokens: &[&str]) -> Result<Answer, AnswerError> {
    let mut values = BTreeMap::new();
    let mut pruned = Vec::new();
    let mut seen_pruned = false;
    for token in tokens {
        let Some((name, value)) = token.split_once('=') else {
            return Err(AnswerError(format!(
                "expected node=value or pruned=... but found '{token}'; write for example \
                 root=5 0=4.5 pruned=1.1"
            )));
        };
        if name.eq_ignore_ascii_case("pruned") {
            if seen_pruned {
                return Err(AnswerError("pruned is given twice".into()));
            }
            seen_pruned = true;
            for node in super::answer::list(Some(value)) {
                let path = node_path(tree, node)?;
                if path.is_empty() {
                    return Err(AnswerError(
                        "the root is always searched: mark the nodes below it".into(),
                    ));
                }
                pruned.push(path);
            }
            continue;
        }
        let path = node_path(tree, name)?;
        if matches!(tree.at(&path), Some(ChanceTree::Leaf(_))) {
            return Err(AnswerError(format!(
                "{name} is a leaf: its value is given; name inner nodes"
            )));
        }
        if values.insert(path, decimal(value)?).is_some() {
            return Err(AnswerError(format!("{name} is given twice")));
        }
    }
    pruned.sort();
    pruned.dedup();
    Ok(Answer::Chance { values, pruned })
}

/// A value: a decimal (`4.5`, `-2`) or a fraction (`13/3`).
fn decimal(text: &str) -> Result<f64, AnswerError> {
    let bad = || {
        AnswerError(format!(
            "'{text}' is not a value: write a number such as 4.5 or a fraction such as 13/3"
        ))
    };
    let number = |t: &str| -> Option<f64> {
        let t = t.trim_start_matches('+');
        let ok = !t.is_empty()
            && t.len() <= 12
            && t.trim_start_matches('-')
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.');
        ok.then(|| t.parse::<f64>().ok()).flatten()
    };
    let v = match text.split_once('/') {
        Some((n, d)) => match (number(n), number(d)) {
            (Some(n), Some(d)) if d != 0.0 => n / d,
            _ => return Err(bad()),
        },
        None => number(text).ok_or_else(bad)?,
    };
    if v.is_finite() && v.abs() <= 1e6 {
        Ok(v)
    } else {
        Err(bad())
    }
}

/// A node's name as a path that exists in `tree`.
fn node_path(tree: &ChanceTree, name: &str) -> Result<Vec<usize>, AnswerError> {
    let path = super::answer::path_of(name)?;
    if tree.at(&path).is_none() {
        return Err(AnswerError(format!("the tree has no node {name}")));
    }
    Ok(path)
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

/// The tree as an outline: names, who decides, probabilities, leaf values.
pub(super) fn outline(tree: &ChanceTree, max_first: bool) -> String {
    let choosers: HashMap<Vec<usize>, Option<Chooser>> =
        tree.post_order(max_first).into_iter().collect();
    let mut out = String::new();
    let mut stack = vec![(
        Vec::<usize>::new(),
        None::<f64>,
        String::new(),
        String::new(),
    )];
    while let Some((path, prob, lead, rest)) = stack.pop() {
        let node = tree.at(&path).expect("paths come from the tree");
        out.push_str(&lead);
        out.push_str(&path_name(&path));
        if let Some(p) = prob {
            out.push_str(&format!(" (p {})", chance::probability_text(p)));
        }
        match (node, choosers.get(&path).copied().flatten()) {
            (ChanceTree::Leaf(v), _) => out.push_str(&format!("  {v}")),
            (_, Some(c)) => {
                out.push(' ');
                out.push_str(c.word());
            }
            _ => {}
        }
        out.push('\n');
        let children = node.children();
        for (i, (p, _)) in children.iter().enumerate().rev() {
            let last = i + 1 == children.len();
            let mut child = path.clone();
            child.push(i);
            stack.push((
                child,
                *p,
                format!("{rest}{}", if last { "└─ " } else { "├─ " }),
                format!("{rest}{}", if last { "   " } else { "│  " }),
            ));
        }
    }
    out
}

/// A hint for one part.
pub(super) fn part_hint(exercise: &super::Exercise, key: &str) -> String {
    let Some(tree) = exercise.chance_tree() else {
        return String::new();
    };
    if key == "pruned" {
        return super::explain::first_hint(exercise);
    }
    let path = super::answer::path_of(key).unwrap_or_default();
    match tree.at(&path) {
        Some(ChanceTree::Chance(_)) => format!(
            "{} is a chance node: multiply each child's value by its probability and add them up.",
            capital_name(&path)
        ),
        _ => "A MAX node takes the largest of its children's values, a MIN node the smallest; \
              work out the children first."
            .to_string(),
    }
}

fn node_name(path: &[usize]) -> String {
    if path.is_empty() {
        "the root".to_string()
    } else {
        format!("node {}", path_name(path))
    }
}

fn capital_name(path: &[usize]) -> String {
    if path.is_empty() {
        "The root".to_string()
    } else {
        format!("Node {}", path_name(path))
    }
}

fn bound(v: f64) -> String {
    value_text(v)
}

/// A chance-tree mistake explained (English).
pub(super) fn explain(mistake: &Mistake) -> String {
    match mistake {
        Mistake::ChanceValue {
            path,
            chooser,
            children,
            expected,
            given,
        } => {
            let yours = match given {
                Some(v) => format!("you wrote {}", value_text(*v)),
                None => "you left it empty".to_string(),
            };
            let how = match chooser {
                Chooser::Chance => {
                    let terms: Vec<String> = children
                        .iter()
                        .map(|(p, v)| {
                            format!(
                                "{}×{}",
                                chance::probability_text(p.unwrap_or_default()),
                                value_text(*v)
                            )
                        })
                        .collect();
                    format!("{} = {}", terms.join(" + "), value_text(*expected))
                }
                Chooser::Max | Chooser::Min => {
                    let values: Vec<String> =
                        children.iter().map(|(_, v)| value_text(*v)).collect();
                    format!(
                        "its children are worth {}, and {} takes the {}, {}",
                        values.join(", "),
                        chooser.word(),
                        if *chooser == Chooser::Max {
                            "largest"
                        } else {
                            "smallest"
                        },
                        value_text(*expected)
                    )
                }
            };
            format!(
                "{} is a {} node: {how}; {yours}.",
                capital_name(path),
                chooser.word()
            )
        }
        Mistake::ChanceMarkedButSearched { path, alpha, beta } => format!(
            "You marked {} as skipped, but when the search reached it, α was {} and β was {}: \
             nothing above it had stopped yet, so it was searched.",
            path_name(path),
            bound(*alpha),
            bound(*beta)
        ),
        Mistake::ChanceSkipped {
            path,
            chooser,
            after,
            returned,
            alpha,
            beta,
            sum_and_rest,
            bounds,
        } => {
            let parent = &path[..path.len() - 1];
            let mut last = parent.to_vec();
            last.push(*after);
            let why = match (chooser, sum_and_rest) {
                (Chooser::Chance, Some((sum, rest))) => {
                    let (low, high) = (sum + rest * bounds.0, sum + rest * bounds.1);
                    if high <= *alpha {
                        format!(
                            "after {} returned {}, its children so far add up to {} with \
                             probability {} left, so it is worth at most {} + {}×{} = {}, \
                             at or below α = {}: MAX has that much elsewhere",
                            path_name(&last),
                            value_text(*returned),
                            value_text(*sum),
                            chance::probability_text(*rest),
                            value_text(*sum),
                            chance::probability_text(*rest),
                            value_text(bounds.1),
                            value_text(high),
                            bound(*alpha)
                        )
                    } else {
                        format!(
                            "after {} returned {}, its children so far add up to {} with \
                             probability {} left, so it is worth at least {} + {}×{} = {}, \
                             at or above β = {}: MIN has that little elsewhere",
                            path_name(&last),
                            value_text(*returned),
                            value_text(*sum),
                            chance::probability_text(*rest),
                            value_text(*sum),
                            chance::probability_text(*rest),
                            value_text(bounds.0),
                            value_text(low),
                            bound(*beta)
                        )
                    }
                }
                (Chooser::Max, _) => format!(
                    "after {} returned {}, its α rose to {}, at or above β = {}",
                    path_name(&last),
                    value_text(*returned),
                    bound(*alpha),
                    bound(*beta)
                ),
                _ => format!(
                    "after {} returned {}, its β fell to {}, at or below α = {}",
                    path_name(&last),
                    value_text(*returned),
                    bound(*beta),
                    bound(*alpha)
                ),
            };
            format!(
                "{} is skipped: {} is a {} node, and {why}; so {} cannot change the root's \
                 value.",
                path_name(path),
                node_name(parent),
                chooser.word(),
                path_name(path)
            )
        }
        _ => String::new(),
    }
}

/// Where to look again.
pub(super) fn hint(mistake: &Mistake) -> String {
    match mistake {
        Mistake::ChanceValue { path, chooser, .. } => format!(
            "Look again at {}: it is a {} node.",
            node_name(path),
            chooser.word()
        ),
        Mistake::ChanceMarkedButSearched { path, .. } => format!(
            "Check the window when the search reaches {}: has anything above it stopped?",
            path_name(path)
        ),
        Mistake::ChanceSkipped { path, .. } => format!(
            "Check the parent of {} after its earlier children return: can the rest still \
             bring its value inside (α, β)?",
            path_name(path)
        ),
        _ => String::new(),
    }
}
