//! The English words of the chance exercise: its tree as an outline, the hint for a part, and
//! its three mistakes explained from the pruning search.

use super::answer::path_of;
use super::mark::Mistake;
use crate::teach::path_name;
use crate::tree::chance::{self, value_text, ChanceTree, Chooser};
use std::collections::HashMap;

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
    let path = path_of(key).unwrap_or_default();
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
