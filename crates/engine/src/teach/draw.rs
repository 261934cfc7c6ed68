//! Text for the terminal: the tree drawn as an outline with every node's backed-up value
//! (one column per algorithm, side by side), the summary of the work, and the step-by-step
//! trace. Plain strings, so every front end can show them and tests can compare them.

use super::lesson::{Lesson, Node};
use super::record::{prunes, Event};
use super::{path_name, Algo};
use crate::score::Bound;
use crate::score::Score;

/// Draws the tree of the lessons (one or two runs over the same tree), one line per node,
/// with a value column per lesson, the alpha-beta window, cutoffs and pruned branches.
pub fn draw(lessons: &[&Lesson]) -> String {
    let Some(shape) = lessons.iter().max_by_key(|l| l.nodes.len()) else {
        return String::new();
    };
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut header = vec!["node".to_string()];
    for l in lessons {
        header.push(l.algo.title().to_string());
        if l.algo == Algo::AlphaBeta {
            header.push("window (α, β)".to_string());
        }
    }
    rows.push(header);
    // Depth-first over the largest lesson; each lesson is looked up by path (a node missing
    // from a lesson lies under a subtree it pruned and never expanded).
    let mut stack: Vec<(usize, String, String)> = vec![(0, String::new(), String::new())];
    while let Some((idx, lead, rest)) = stack.pop() {
        let node = &shape.nodes[idx];
        let mut name = format!("{lead}{}", path_name(&node.path));
        if let Some(label) = &node.label {
            name.push(' ');
            name.push_str(label);
        }
        if !node.leaf || !node.children.is_empty() {
            name.push_str(if node.maximizing { " MAX" } else { " MIN" });
        }
        let mut row = vec![name];
        for l in lessons {
            let found = l.find(&node.path);
            row.push(cell(l, found));
            if l.algo == Algo::AlphaBeta {
                row.push(match found.and_then(|n| n.window) {
                    Some((a, b)) => format!("({}, {})", l.bound_text(a), l.bound_text(b)),
                    None => String::new(),
                });
            }
        }
        rows.push(row);
        let count = node.children.len();
        for (i, &child) in node.children.iter().enumerate().rev() {
            let last = i + 1 == count;
            let lead = format!("{rest}{}", if last { "└─ " } else { "├─ " });
            let next = format!("{rest}{}", if last { "   " } else { "│  " });
            stack.push((child, lead, next));
        }
    }
    let mut out = table(&rows);
    out.push_str(&legend(lessons));
    out
}

/// One lesson's entry for a node.
fn cell(lesson: &Lesson, node: Option<&Node>) -> String {
    let Some(node) = node else {
        return "·".to_string();
    };
    if !node.visited {
        let value = match node.value {
            Some(v) if node.leaf => format!("({})", lesson.value_text(v)),
            _ => "·".to_string(),
        };
        // Only the root of a pruned subtree says so; the nodes under it are just unvisited.
        return if lesson.pruned.binary_search(&node.path).is_ok() {
            format!("pruned {value}").trim_end_matches(" ·").to_string()
        } else {
            value
        };
    }
    let mut text = match node.value {
        Some(v) => {
            let sign = match node.bound() {
                Bound::Exact => "",
                Bound::Upper => "≤",
                Bound::Lower => "≥",
            };
            format!("{sign}{}", lesson.value_text(v))
        }
        None => "?".to_string(),
    };
    if node.horizon {
        text.push_str(" est");
    }
    if lesson.best_path.starts_with(&node.path) {
        text.push_str(" *");
    }
    if node.cut.is_some() {
        text.push_str(" cut");
    }
    text
}

/// Left-aligned columns separated by two spaces.
fn table(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, text) in row.iter().enumerate() {
            line.push_str(text);
            let pad = widths[c] - text.chars().count();
            line.push_str(&" ".repeat(pad + 2));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn legend(lessons: &[&Lesson]) -> String {
    let mut parts = vec!["* best line".to_string()];
    if lessons.iter().any(|l| l.algo == Algo::AlphaBeta) {
        parts.push(
            "≤v / ≥v: alpha-beta returned a bound, the true value is at most / at least v".into(),
        );
        parts.push("cut: alpha >= beta there, the later children were pruned".into());
        parts.push("(v): a leaf never visited".into());
    }
    if lessons.iter().any(|l| l.root_stones.is_some()) {
        parts.push("X#n / O#n: that side wins n plies below the root".into());
        parts.push("est: estimate at the depth limit".into());
    }
    format!("({})\n", parts.join("; "))
}

/// A row of the summary: its name and how to read it from a lesson.
type Figure = (&'static str, fn(&Lesson) -> u64);

/// The figures of the lessons side by side: value, best line, nodes, leaves, cutoffs, and the
/// subtrees alpha-beta never visited.
pub fn summary(lessons: &[&Lesson]) -> String {
    let Some(first) = lessons.first() else {
        return String::new();
    };
    let mut out = String::new();
    let root = if first.root_max() { "MAX" } else { "MIN" };
    out.push_str(&format!(
        "Root: {root}. Value: {}.\n",
        first.value_text(first.value)
    ));
    for l in lessons {
        let line = l.best_line();
        let names: Vec<String> = (1..=l.best_path.len())
            .map(|n| path_name(&l.best_path[..n]))
            .collect();
        let text = if first.root_stones.is_some() {
            format!("{} ({})", line.join(" "), names.join(" → "))
        } else {
            format!("root → {}", names.join(" → "))
        };
        out.push_str(&format!("Best line ({}): {text}\n", l.algo.title()));
    }
    let mut rows = vec![vec![String::new()]];
    rows[0].extend(lessons.iter().map(|l| l.algo.title().to_string()));
    let figures: [Figure; 3] = [
        ("nodes visited", |l| l.stats.nodes),
        ("leaves visited", |l| l.stats.leaves),
        ("cutoffs", |l| l.stats.cutoffs),
    ];
    for (name, f) in figures {
        let mut row = vec![name.to_string()];
        row.extend(lessons.iter().map(|l| f(l).to_string()));
        rows.push(row);
    }
    out.push_str(&table(&rows));
    for l in lessons.iter().filter(|l| l.algo == Algo::AlphaBeta) {
        let names: Vec<String> = l.pruned.iter().map(|p| path_name(p)).collect();
        out.push_str(&format!(
            "Pruned subtrees: {}\n",
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(", ")
            }
        ));
        if let (Some(total), Some(pruned)) = (l.leaves_total, l.leaves_pruned()) {
            out.push_str(&format!(
                "Leaves: {} visited + {pruned} under pruned subtrees = {total}\n",
                l.stats.leaves
            ));
        }
    }
    out
}

/// What the trace remembers about each open node.
struct Open {
    maximizing: bool,
    alpha: Score,
    beta: Score,
    best: Option<Score>,
}

/// The step-by-step account of one lesson: each node entered (with its window for
/// alpha-beta), each value returned and backed up, each cutoff with its reason.
pub fn trace(lesson: &Lesson) -> String {
    let ab = lesson.algo == Algo::AlphaBeta;
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let name = |path: &[usize]| path_name(path);
    let role = |max: bool| if max { "MAX" } else { "MIN" };
    let mut events = lesson.events.iter().peekable();
    while let Some(event) = events.next() {
        match event {
            Event::Enter {
                path,
                maximizing,
                alpha,
                beta,
            } => {
                open.truncate(path.len());
                open.push(Open {
                    maximizing: *maximizing,
                    alpha: *alpha,
                    beta: *beta,
                    best: None,
                });
                let moves = moves_to(lesson, path);
                let window = if ab {
                    format!(
                        " with window ({}, {})",
                        lesson.bound_text(*alpha),
                        lesson.bound_text(*beta)
                    )
                } else {
                    String::new()
                };
                if let Some(Event::Leaf { value, horizon, .. }) = events.peek() {
                    let kind = if *horizon {
                        "an estimate at the depth limit"
                    } else {
                        "a leaf"
                    };
                    lines.push((
                        path.len(),
                        format!(
                            "{}{moves} is {kind}{window}: {}",
                            name(path),
                            lesson.value_text(*value)
                        ),
                    ));
                    events.next();
                } else {
                    lines.push((
                        path.len(),
                        format!(
                            "{}{moves} ({}) entered{window}",
                            name(path),
                            role(*maximizing)
                        ),
                    ));
                }
            }
            Event::Child {
                path,
                index,
                value,
                alpha,
                beta,
            } => {
                let Some(node) = open.get_mut(path.len()) else {
                    continue;
                };
                let mut child = path.clone();
                child.push(*index);
                let mut text = format!(
                    "{}: child {} returned {}",
                    name(path),
                    name(&child),
                    lesson.value_text(*value)
                );
                if ab {
                    let (letter, old, new) = if node.maximizing {
                        ("α", node.alpha, *alpha)
                    } else {
                        ("β", node.beta, *beta)
                    };
                    if old != new {
                        text.push_str(&format!(
                            ", so {letter} = {}; window ({}, {})",
                            lesson.bound_text(new),
                            lesson.bound_text(*alpha),
                            lesson.bound_text(*beta)
                        ));
                    } else {
                        text.push_str(&format!("; {letter} stays {}", lesson.bound_text(new)));
                    }
                    node.alpha = *alpha;
                    node.beta = *beta;
                } else {
                    let better = match node.best {
                        None => true,
                        Some(b) if node.maximizing => *value > b,
                        Some(b) => *value < b,
                    };
                    if better {
                        node.best = Some(*value);
                        text.push_str(&format!("; best so far {}", lesson.value_text(*value)));
                    } else if let Some(b) = node.best {
                        text.push_str(&format!("; best stays {}", lesson.value_text(b)));
                    }
                }
                lines.push((path.len(), text));
            }
            Event::Cutoff {
                path,
                alpha,
                beta,
                after,
                of,
            } => {
                let (a, b) = (lesson.value_text(*alpha), lesson.value_text(*beta));
                let node = name(path);
                if !prunes(*after, *of) {
                    let mut last = path.clone();
                    last.push(*after);
                    lines.push((
                        path.len(),
                        format!(
                            "{node}: alpha {a} >= beta {b} after its last child {}: nothing is \
                             left to prune, so no cutoff",
                            name(&last)
                        ),
                    ));
                    continue;
                }
                let pruned: Vec<String> = (after + 1..*of)
                    .map(|i| {
                        let mut p = path.clone();
                        p.push(i);
                        name(&p)
                    })
                    .collect();
                let list = if pruned.len() > 6 {
                    format!(
                        "{} … {} ({} in all)",
                        pruned[..3].join(", "),
                        pruned[pruned.len() - 1],
                        pruned.len()
                    )
                } else {
                    pruned.join(", ")
                };
                let maximizing = open.get(path.len()).is_some_and(|n| n.maximizing);
                let reason = if maximizing {
                    format!(
                        "MIN can already hold MAX to {b} elsewhere, and here MAX gets {a} or more, \
                         so MIN will never let the game come here"
                    )
                } else {
                    format!(
                        "MAX can already get {a} elsewhere, and here MIN can hold it to {b} or less, \
                         so MAX will never let the game come here"
                    )
                };
                lines.push((
                    path.len(),
                    format!(
                        "cutoff: alpha {a} >= beta {b} at node {node}: children {list} pruned \
                         ({reason})"
                    ),
                ));
            }
            Event::Backup { path, value } => {
                let remark = match lesson.find(path).map(Node::bound) {
                    Some(Bound::Upper) => " (an upper bound: the true value is at most this)",
                    Some(Bound::Lower) => " (a lower bound: the true value is at least this)",
                    _ => "",
                };
                lines.push((
                    path.len(),
                    format!(
                        "{}: backs up {}{remark}",
                        name(path),
                        lesson.value_text(*value)
                    ),
                ));
            }
            Event::Leaf { .. } => {}
        }
    }
    let width = lines.len().to_string().len();
    let mut out = String::new();
    for (n, (depth, text)) in lines.iter().enumerate() {
        out.push_str(&format!(
            "{:>width$}. {}{text}\n",
            n + 1,
            "  ".repeat(*depth)
        ));
    }
    out.push_str(&format!(
        "Value of the root: {}\n",
        lesson.value_text(lesson.value)
    ));
    out
}

/// ` [x b2, o a1]`: the moves from the root to a node of a real game tree ("" otherwise).
fn moves_to(lesson: &Lesson, path: &[usize]) -> String {
    let labels: Vec<String> = (1..=path.len())
        .filter_map(|n| lesson.find(&path[..n]).and_then(|node| node.label.clone()))
        .collect();
    if labels.is_empty() {
        String::new()
    } else {
        format!(" [{}]", labels.join(" "))
    }
}
