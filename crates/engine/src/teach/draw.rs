//! Text for the terminal: the tree drawn as an outline with every node's backed-up value
//! (one column per algorithm, side by side) and the summary of the work (the step-by-step
//! trace is [`super::trace()`]). Plain strings, so every front end can show them and tests
//! can compare them.

use super::lesson::{Lesson, Node};
use super::{path_name, TextbookSearch};
use crate::score::Bound;

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
        if l.algo == TextbookSearch::AlphaBeta {
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
            if l.algo == TextbookSearch::AlphaBeta {
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
    if lessons.iter().any(|l| l.algo == TextbookSearch::AlphaBeta) {
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
    for l in lessons
        .iter()
        .filter(|l| l.algo == TextbookSearch::AlphaBeta)
    {
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
