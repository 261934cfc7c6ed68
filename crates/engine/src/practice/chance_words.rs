//! The English words of the chance exercise: the hint for a part, and its three mistakes
//! explained from the pruning search.

use super::answer::path_of;
use super::mark::Mistake;
use crate::teach::path_name;
use crate::tree::chance::{self, value_text, ChanceTree, Chooser};

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
            returned,
            alpha,
            beta,
            sum_and_rest,
            bounds,
            ..
        } => {
            let (parent, last) = mistake.cut_at().expect("a skipped subtree has a cut");
            let parent = parent.as_slice();
            let why = match (chooser, sum_and_rest) {
                (Chooser::Chance, Some((sum, rest))) => {
                    // Below alpha from its best case, or above beta from its worst.
                    let (reach, low_side) = mistake.chance_reach().expect("a chance cut");
                    let (most, end, limit, side, much) = if low_side {
                        let limit = format!("at or below α = {}", bound(*alpha));
                        ("at most", bounds.1, limit, "MAX", "much")
                    } else {
                        let limit = format!("at or above β = {}", bound(*beta));
                        ("at least", bounds.0, limit, "MIN", "little")
                    };
                    format!(
                        "after {} returned {}, its children so far add up to {} with \
                         probability {} left, so it is worth {most} {} + {}×{} = {}, {limit}: \
                         {side} has that {much} elsewhere",
                        path_name(&last),
                        value_text(*returned),
                        value_text(*sum),
                        chance::probability_text(*rest),
                        value_text(*sum),
                        chance::probability_text(*rest),
                        value_text(end),
                        value_text(reach),
                    )
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
