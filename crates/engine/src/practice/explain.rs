//! The English words of practice: the question, the outline of its tree, hints, and the
//! explanation of a mistake from what the search knew at that point. Front ends in other
//! languages word the same [`Mistake`] data themselves.

use super::answer::Part;
use super::mark::Mistake;
use super::position::plies_text;
use super::trees::inner_post_order;
use super::{Exercise, Kind, Task};
use crate::score::Score;
use crate::teach::{bound_text, outline_rows, path_name};
use crate::tree::chance::probability_text;
use crate::tree::chance::ChanceTree;
use crate::tree::Tree;

fn side(maximizing: bool) -> &'static str {
    if maximizing {
        "MAX"
    } else {
        "MIN"
    }
}

fn list(values: &[Score]) -> String {
    let words: Vec<String> = values.iter().map(Score::to_string).collect();
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{} and {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

fn node_name(path: &[usize]) -> String {
    if path.is_empty() {
        "the root".to_string()
    } else {
        format!("node {}", path_name(path))
    }
}

/// What the student is asked.
pub(super) fn question(exercise: &Exercise) -> String {
    let root = match &exercise.task {
        Task::Tree { max_first, .. } | Task::Chance { max_first, .. } => side(*max_first),
        Task::Position(_) => "",
    };
    match (&exercise.task, exercise.kind) {
        (Task::Tree { .. }, Kind::Minimax) => format!(
            "MAX and MIN take turns, {root} choosing at the root. Give the minimax value of \
             every inner node (leaves show their values)."
        ),
        (Task::Tree { .. }, Kind::AlphaBeta) => format!(
            "Run alpha-beta on this tree, {root} choosing at the root and children searched \
             left to right. Mark every node it skips, and give the root's value."
        ),
        (Task::Tree { node, .. }, Kind::Window) => format!(
            "Run alpha-beta on this tree, {root} choosing at the root and children searched \
             left to right. What are alpha and beta when the search enters {}? (Write -inf or \
             +inf for an infinite bound.)",
            node_name(node.as_deref().unwrap_or_default())
        ),
        (Task::Tree { tree, .. }, Kind::Ordering) => {
            let n = match tree {
                Tree::Node(c) => c.len(),
                Tree::Leaf(_) => 0,
            };
            format!(
                "Alpha-beta searches children left to right, {root} choosing at the root. \
                 Reorder the root's {n} children (write their numbers 0 to {} in the new \
                 order) so that alpha-beta visits as few leaves as it can.",
                n.saturating_sub(1)
            )
        }
        (Task::Position(board), _) => format!(
            "{} to move. With best play on both sides, is this a win, a draw or a loss for {}? \
             Name every move that keeps that result.",
            board.to_move().letter(),
            board.to_move().letter()
        ),
        (Task::Chance { bounds, .. }, _) => format!(
            "MAX and MIN take turns, {root} first; a chance node (its branches marked with \
             probabilities) is worth the probability-weighted mean of its children and takes \
             no turn. Give the value of every inner node. The leaves are known to lie between \
             {} and {}: mark every node that alpha-beta, extended to chance nodes with that \
             range, skips (children left to right).",
            bounds.0, bounds.1
        ),
        (Task::Tree { .. }, Kind::Position | Kind::Chance) => String::new(),
    }
}

/// The tree of a tree exercise as an outline: names, who chooses, the probabilities on the
/// branches of chance nodes, leaf values, and the node asked about. Inner values are left for
/// the student.
pub(super) fn outline(exercise: &Exercise) -> Option<String> {
    let (tree, max_first, asked) = match &exercise.task {
        Task::Tree {
            tree,
            max_first,
            node,
        } => (ChanceTree::from(tree), *max_first, node.as_deref()),
        Task::Chance {
            tree, max_first, ..
        } => (tree.clone(), *max_first, None),
        Task::Position(_) => return None,
    };
    let mut out = String::new();
    for row in outline_rows(&tree, max_first) {
        out.push_str(&row.lead);
        out.push_str(&path_name(&row.path));
        if let Some(p) = row.probability {
            out.push_str(&format!(" (p {})", probability_text(p)));
        }
        match (tree.at(&row.path), row.chooser) {
            (Some(ChanceTree::Leaf(v)), _) => out.push_str(&format!("  {v}")),
            (_, Some(c)) => {
                out.push(' ');
                out.push_str(c.word());
            }
            _ => {}
        }
        if asked == Some(row.path.as_slice()) {
            out.push_str("   ◀ α? β?");
        }
        out.push('\n');
    }
    Some(out)
}

/// Where to start, before any answer.
pub(super) fn first_hint(exercise: &Exercise) -> String {
    match exercise.kind {
        Kind::Minimax => "Work from the bottom up: a MAX node takes the largest of its \
                          children's values, a MIN node the smallest."
            .to_string(),
        Kind::AlphaBeta => "Follow the search left to right, keeping α (the best MAX is sure \
                            of) and β (the best MIN is sure of). A node stops, and its \
                            remaining children are skipped, as soon as α ≥ β."
            .to_string(),
        Kind::Window => "α and β start at -inf and +inf at the root. A MAX node raises α \
                         when a child returns more; a MIN node lowers β when a child returns \
                         less. A child enters with its parent's window at that moment."
            .to_string(),
        Kind::Ordering => "Alpha-beta prunes most when the best move comes first: search \
                           first the child the root's chooser will pick."
            .to_string(),
        Kind::Chance => "Work from the bottom up: a chance node is worth the sum of each \
                         child's value times its probability. For the cuts, a chance node with \
                         children worth s so far and probability r left is worth between \
                         s + r·lo and s + r·hi: it stops when that range lies outside (α, β)."
            .to_string(),
        Kind::Position => "Try each move and ask what the opponent's best reply gives. \
                           First look for a move that wins at once, then for one that \
                           stops the opponent winning at once."
            .to_string(),
    }
}

/// A hint for one part of the answer, for a front end that asks part by part.
pub(super) fn part_hint(exercise: &Exercise, part: &Part) -> String {
    let (max_first, node) = match &exercise.task {
        Task::Tree {
            max_first, node, ..
        } => (*max_first, node.as_deref().unwrap_or_default()),
        Task::Position(_) | Task::Chance { .. } => (true, &[][..]),
    };
    match (exercise.kind, part.key.as_deref()) {
        (Kind::Chance, Some("pruned")) => first_hint(exercise),
        (Kind::Chance, Some(key)) => super::chance_words::part_hint(exercise, key),
        (Kind::Minimax, Some(name)) => {
            let depth = if name == "root" {
                0
            } else {
                name.split('.').count()
            };
            let maximizing = (depth % 2 == 0) == max_first;
            format!(
                "{} is a {} node: its value is the {} of its children's values (work out its \
                 children first).",
                if depth == 0 {
                    "The root".to_string()
                } else {
                    format!("Node {name}")
                },
                side(maximizing),
                if maximizing { "largest" } else { "smallest" }
            )
        }
        (Kind::AlphaBeta, Some("value")) => "Alpha-beta gives the root the same value as \
                                             minimax: the best of the children it finished."
            .to_string(),
        (Kind::Window, Some(key)) => {
            let alpha = key == "alpha";
            format!(
                "{} at {} is the {} value a {} node above it had already got from a finished \
                 child before the search went down to {}; {} if none had.",
                if alpha { "α" } else { "β" },
                path_name(node),
                if alpha { "largest" } else { "smallest" },
                side(alpha),
                path_name(node),
                if alpha { "-inf" } else { "+inf" }
            )
        }
        (Kind::Position, Some("moves")) => "A best move keeps the value you found: after it, \
                                           the opponent's best reply still leaves you that \
                                           result."
            .to_string(),
        _ => first_hint(exercise),
    }
}

fn bound(v: Score) -> String {
    bound_text(v)
}

impl Mistake {
    /// The mistake explained from the search, in English.
    pub fn explain(&self) -> String {
        match self {
            Mistake::NodeValue {
                path,
                maximizing,
                children,
                expected,
                given,
            } => {
                let rule = if *maximizing {
                    "takes the largest"
                } else {
                    "takes the smallest"
                };
                let yours = match given {
                    Some(v) => format!("you wrote {v}"),
                    None => "you left it empty".to_string(),
                };
                format!(
                    "{} is a {} node: its children are worth {}, and {} {rule}, {expected}; \
                     {yours}.",
                    capital(&node_name(path)),
                    side(*maximizing),
                    list(children),
                    side(*maximizing)
                )
            }
            Mistake::MarkedButSearched {
                path,
                alpha,
                beta,
                value,
            } => {
                let returned = value
                    .map(|v| format!(" (it returned {v})"))
                    .unwrap_or_default();
                format!(
                    "You marked {} as skipped, but when the search reached it, α was {} and \
                     β was {}: α < β, so nothing above it had a better choice yet, and it was \
                     searched{returned}.",
                    path_name(path),
                    bound(*alpha),
                    bound(*beta)
                )
            }
            Mistake::SkippedNotMarked {
                path,
                parent_max,
                returned,
                alpha,
                beta,
                ..
            } => {
                let (parent, last) = self.cut_at().expect("a skipped subtree has a cut");
                let parent = parent.as_slice();
                let why = if *parent_max {
                    format!(
                        "after {} returned {returned}, its α rose to {}, at or above β = {}, \
                         which MIN is already sure of higher up. MIN will never let the game \
                         reach {}",
                        path_name(&last),
                        bound(*alpha),
                        bound(*beta),
                        node_name(parent)
                    )
                } else {
                    format!(
                        "after {} returned {returned}, its β fell to {}, at or below α = {}, \
                         which MAX is already sure of higher up. MAX will never let the game \
                         reach {}",
                        path_name(&last),
                        bound(*beta),
                        bound(*alpha),
                        node_name(parent)
                    )
                };
                format!(
                    "{} is skipped: {} is a {} node, and {why}, so {} cannot change the \
                     root's value.",
                    path_name(path),
                    node_name(parent),
                    side(*parent_max),
                    path_name(path)
                )
            }
            Mistake::RootValue {
                maximizing,
                children,
                expected,
                given,
            } => {
                let searched: Vec<Score> = children.iter().flatten().copied().collect();
                let yours = match given {
                    Some(v) => format!("you wrote {v}"),
                    None => "you left it empty".to_string(),
                };
                format!(
                    "The root is a {} node; its searched children returned {}, so its value \
                     is {expected}; {yours}.",
                    side(*maximizing),
                    list(&searched)
                )
            }
            Mistake::Bound {
                alpha,
                node,
                expected,
                given,
                source,
            } => {
                let name = if *alpha { "α" } else { "β" };
                let yours = match given {
                    Some(v) => format!("you wrote {}", bound(*v)),
                    None => "you left it empty".to_string(),
                };
                let why = match source {
                    Some((ancestor, child)) => {
                        let mut c = ancestor.clone();
                        c.push(*child);
                        format!(
                            "{} ({}) had already got {} from its child {} before the search \
                             went down to {}",
                            node_name(ancestor),
                            side(*alpha),
                            bound(*expected),
                            path_name(&c),
                            path_name(node)
                        )
                    }
                    None => format!(
                        "no {} node above it had finished a child that {} it yet",
                        side(*alpha),
                        if *alpha { "raised" } else { "lowered" }
                    ),
                };
                format!(
                    "When the search entered {}, {name} was {}: {why}; {yours}.",
                    path_name(node),
                    bound(*expected)
                )
            }
            Mistake::Order {
                yours,
                best,
                best_order,
                values,
                maximizing,
            } => {
                let order: Vec<String> = best_order.iter().map(usize::to_string).collect();
                let pick = if *maximizing {
                    values.iter().max()
                } else {
                    values.iter().min()
                };
                let first = pick
                    .map(|v| {
                        format!(
                            " The root's children are worth {} (in their old order), and {} \
                             picks {v}: searched first, it cuts the others short.",
                            list(values),
                            side(*maximizing)
                        )
                    })
                    .unwrap_or_default();
                let yours = match yours {
                    Some(n) => format!("Your order leaves alpha-beta {n} leaves to visit"),
                    None => "You gave no order".to_string(),
                };
                format!(
                    "{yours}; the order {} visits only {best}.{first}",
                    order.join(" ")
                )
            }
            Mistake::PositionValue {
                side,
                expected,
                given,
                witness,
            } => {
                let yours = match given {
                    Some(v) => format!("you wrote {}", v.word()),
                    None => "you left it empty".to_string(),
                };
                let (mv, plies) = witness;
                let how = match (expected, plies) {
                    (super::PositionValue::Win, Some(p)) => {
                        format!("{mv} wins, the game ending {} from now", plies_text(*p))
                    }
                    (super::PositionValue::Loss, Some(p)) => format!(
                        "every move loses; the longest resistance, {mv}, loses in {}",
                        plies_text(*p)
                    ),
                    _ => format!("{mv} draws, and no move wins"),
                };
                format!(
                    "With best play this position is a {} for {side}: {how}; {yours}.",
                    expected.word()
                )
            }
            Mistake::NotBest {
                mv,
                value,
                best,
                instead,
            } => format!(
                "{mv} is not a best move: with best play after it, the side that plays it gets \
                 a {}, while {instead} keeps the {}.",
                value.word(),
                best.word()
            ),
            Mistake::MissedBest { mv, value } => {
                format!(
                    "{mv} also keeps the {}: name every move that does.",
                    value.word()
                )
            }
            Mistake::ChanceValue { .. }
            | Mistake::ChanceMarkedButSearched { .. }
            | Mistake::ChanceSkipped { .. } => super::chance_words::explain(self),
        }
    }

    /// Where to look again, without the answer.
    pub fn hint(&self) -> String {
        match self {
            Mistake::NodeValue {
                path, maximizing, ..
            } => format!(
                "Look again at {}: it is a {} node.",
                node_name(path),
                side(*maximizing)
            ),
            Mistake::MarkedButSearched { path, .. } => format!(
                "Check the window when the search reaches {}: is α already ≥ β?",
                path_name(path)
            ),
            Mistake::SkippedNotMarked { path, .. } => format!(
                "Check the window at the parent of {} after its earlier children return.",
                path_name(path)
            ),
            Mistake::RootValue { .. } => {
                "The root's value comes from the children the search finished.".to_string()
            }
            Mistake::Bound { alpha, .. } => format!(
                "Follow the path from the root down, and watch where {} changes.",
                if *alpha { "α" } else { "β" }
            ),
            Mistake::Order { .. } => {
                "Find the value of each of the root's children first.".to_string()
            }
            Mistake::PositionValue { .. } => {
                "Try each move and look for the opponent's best reply.".to_string()
            }
            Mistake::NotBest { mv, .. } => {
                format!("Play {mv} in your head: what is the opponent's best reply?")
            }
            Mistake::MissedBest { .. } => {
                "Some move you left out is as good as the ones you named.".to_string()
            }
            Mistake::ChanceValue { .. }
            | Mistake::ChanceMarkedButSearched { .. }
            | Mistake::ChanceSkipped { .. } => super::chance_words::hint(self),
        }
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// The parts of an exercise's answer, in the order a student meets them.
pub(super) fn parts(exercise: &Exercise) -> Vec<Part> {
    let part = |prompt: String, key: &str, list| Part {
        prompt,
        key: Some(key.to_string()),
        list,
    };
    match (&exercise.task, exercise.kind) {
        (
            Task::Tree {
                tree, max_first, ..
            },
            Kind::Minimax,
        ) => inner_post_order(tree)
            .into_iter()
            .map(|path| {
                let maximizing = (path.len() % 2 == 0) == *max_first;
                let side = if maximizing { "MAX" } else { "MIN" };
                let name = path_name(&path);
                part(format!("Value of {name} ({side})? "), &name, false)
            })
            .collect(),
        (Task::Tree { .. }, Kind::AlphaBeta) => vec![
            part(
                "Nodes alpha-beta skips (such as 1.1,2.0; none if it skips nothing)? ".into(),
                "pruned",
                true,
            ),
            part("Value of the root? ".into(), "value", false),
        ],
        (Task::Tree { node, .. }, Kind::Window) => {
            let name = path_name(node.as_deref().unwrap_or_default());
            vec![
                part(format!("α at {name}? "), "alpha", false),
                part(format!("β at {name}? "), "beta", false),
            ]
        }
        (
            Task::Chance {
                tree, max_first, ..
            },
            _,
        ) => {
            let mut parts: Vec<Part> = tree
                .post_order(*max_first)
                .into_iter()
                .filter_map(|(path, chooser)| {
                    let name = path_name(&path);
                    Some(part(
                        format!("Value of {name} ({})? ", chooser?.word()),
                        &name,
                        false,
                    ))
                })
                .collect();
            parts.push(part(
                "Nodes skipped (such as 1.1,2; none if none)? ".into(),
                "pruned",
                true,
            ));
            parts
        }
        (Task::Tree { .. }, _) => vec![Part {
            key: None,
            prompt: "The new order (such as 2 0 1)? ".into(),
            list: false,
        }],
        (Task::Position(board), _) => {
            let side = board.to_move().letter();
            vec![
                part(
                    format!("Value for {side} (win, draw or loss)? "),
                    "value",
                    false,
                ),
                part("Every best move (such as b2,a1)? ".into(), "moves", true),
            ]
        }
    }
}
