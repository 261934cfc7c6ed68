//! A tree with chance nodes shown as a table: every node's expectiminimax value, and what
//! alpha-beta with chance-node bounds did there (its value or bound, its cut, the subtrees it
//! skipped), with the rule it followed.

use super::path_name;
use crate::tree::chance::{probability_text, value_text, ChanceSearch, ChanceTree, Chooser};
use std::collections::HashMap;

/// One line of a tree drawn as an outline.
#[derive(Clone, Debug, PartialEq)]
pub struct OutlineRow {
    /// The node, as child indices from the root.
    pub path: Vec<usize>,
    /// Who decides there (`None` for a leaf).
    pub chooser: Option<Chooser>,
    /// The probability on the branch from a chance node above it.
    pub probability: Option<f64>,
    /// The branch glyphs (`├─ `, `│  `) that go before its name.
    pub lead: String,
}

/// Every node of `tree`, root first, children left to right, with who decides there and the
/// glyphs that draw its branch: the outline that the tables and the exercises print.
pub fn outline_rows(tree: &ChanceTree, max_first: bool) -> Vec<OutlineRow> {
    let mut rows = Vec::new();
    // (node, path, max decides next, probability, lead, what its children's leads start with)
    let mut stack = vec![(
        tree,
        Vec::new(),
        max_first,
        None,
        String::new(),
        String::new(),
    )];
    while let Some((node, path, max_next, probability, lead, rest)) = stack.pop() {
        let (chooser, below) = match node {
            ChanceTree::Leaf(_) => (None, max_next),
            ChanceTree::Node(_) if max_next => (Some(Chooser::Max), false),
            ChanceTree::Node(_) => (Some(Chooser::Min), true),
            ChanceTree::Chance(_) => (Some(Chooser::Chance), max_next),
        };
        let children = node.children();
        for (i, (p, child)) in children.iter().enumerate().rev() {
            let last = i + 1 == children.len();
            let mut child_path = path.clone();
            child_path.push(i);
            stack.push((
                *child,
                child_path,
                below,
                *p,
                format!("{rest}{}", if last { "└─ " } else { "├─ " }),
                format!("{rest}{}", if last { "   " } else { "│  " }),
            ));
        }
        rows.push(OutlineRow {
            path,
            chooser,
            probability,
            lead,
        });
    }
    rows
}

/// The "with cuts" column of a chance table: what the pruning search did at one node.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WithCuts {
    /// The node lies in a subtree the search skipped.
    Pruned,
    /// The search never reached it, though no cut skipped it by name (below a pruned node).
    NotVisited,
    /// The search found this exact value.
    Value(f64),
    /// A MAX or MIN node stopped early with this bound.
    Cut(f64),
    /// A chance node stopped: its value is at most `value`, at most alpha.
    CutAtMost {
        /// The bound.
        value: f64,
        /// Alpha at the node.
        alpha: f64,
    },
    /// A chance node stopped: its value is at least `value`, at least beta.
    CutAtLeast {
        /// The bound.
        value: f64,
        /// Beta at the node.
        beta: f64,
    },
}

/// One node of a chance table: where it is, who decides there, its expectiminimax value and
/// what the pruning search did there. Front ends word it in their own language.
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceRow {
    /// The node with who decides there and the glyphs of its branch.
    pub outline: OutlineRow,
    /// Its expectiminimax value.
    pub value: f64,
    /// What the pruning search did there.
    pub with_cuts: WithCuts,
}

/// Every node of a tree with chance nodes, root first: `values` from
/// [`crate::tree::chance::expectiminimax`], `search` from [`crate::tree::chance::search`] on
/// the same tree.
pub fn chance_rows(
    tree: &ChanceTree,
    max_first: bool,
    values: &HashMap<Vec<usize>, f64>,
    search: &ChanceSearch,
) -> Vec<ChanceRow> {
    outline_rows(tree, max_first)
        .into_iter()
        .map(|outline| {
            let path = &outline.path;
            let searched = match search.visits.get(path) {
                _ if search.pruned.contains(path) => WithCuts::Pruned,
                None => WithCuts::NotVisited,
                Some(v) => match v.cut {
                    Some(cut) => match cut.sum_and_rest {
                        Some(_) if v.value <= cut.alpha => WithCuts::CutAtMost {
                            value: v.value,
                            alpha: cut.alpha,
                        },
                        Some(_) => WithCuts::CutAtLeast {
                            value: v.value,
                            beta: cut.beta,
                        },
                        None => WithCuts::Cut(v.value),
                    },
                    None => WithCuts::Value(v.value),
                },
            };
            ChanceRow {
                value: values[path],
                with_cuts: searched,
                outline,
            }
        })
        .collect()
}

/// The table of a tree with chance nodes in English: `values` from
/// [`crate::tree::chance::expectiminimax`], `search` from [`crate::tree::chance::search`] on
/// the same tree.
pub fn chance_table(
    tree: &ChanceTree,
    max_first: bool,
    values: &HashMap<Vec<usize>, f64>,
    search: &ChanceSearch,
) -> String {
    let (lo, hi) = search.bounds;
    let bounded = lo.is_finite() && hi.is_finite();
    let mut rows: Vec<[String; 3]> =
        vec![["node".into(), "expectiminimax".into(), "with cuts".into()]];
    for row in chance_rows(tree, max_first, values, search) {
        let outline = &row.outline;
        let mut name = format!("{}{}", outline.lead, path_name(&outline.path));
        if let Some(c) = outline.chooser {
            name.push(' ');
            name.push_str(c.word());
        }
        if let Some(p) = outline.probability {
            name.push_str(&format!(" (p {})", probability_text(p)));
        }
        let searched = match row.with_cuts {
            WithCuts::Pruned => "pruned".to_string(),
            WithCuts::NotVisited => "·".to_string(),
            WithCuts::CutAtMost { value, alpha } => {
                format!("≤{} cut (≤ α = {})", value_text(value), value_text(alpha))
            }
            WithCuts::CutAtLeast { value, beta } => {
                format!("≥{} cut (≥ β = {})", value_text(value), value_text(beta))
            }
            WithCuts::Cut(value) => format!("{} cut", value_text(value)),
            WithCuts::Value(value) => value_text(value),
        };
        rows.push([name, value_text(row.value), searched]);
    }
    let widths: Vec<usize> = (0..3)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!(
        "A tree with chance nodes, {} leaves, {} at the root; {}.\n\n",
        tree.leaf_count(),
        if max_first { "MAX" } else { "MIN" },
        if bounded {
            format!(
                "leaves known to lie in [{}, {}], so chance nodes can cut",
                value_text(lo),
                value_text(hi)
            )
        } else {
            "no range known for the leaves, so only MAX and MIN nodes cut".to_string()
        }
    );
    for row in &rows {
        let line = format!(
            "{:w0$}  {:w1$}  {}",
            row[0],
            row[1],
            row[2],
            w0 = widths[0],
            w1 = widths[1]
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let pruned: Vec<String> = search.pruned.iter().map(|p| path_name(p)).collect();
    out.push_str(&format!(
        "\nValue: {}. Pruned subtrees: {}.\n",
        value_text(search.value),
        if pruned.is_empty() {
            "none".to_string()
        } else {
            pruned.join(", ")
        }
    ));
    out.push_str(
        "(a chance node stops when the children left cannot bring its value back inside \
         (α, β): after children worth s in all with probability r left, its value lies in \
         [s + r·lo, s + r·hi])\n",
    );
    out
}
