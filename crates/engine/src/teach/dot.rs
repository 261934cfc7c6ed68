//! The tree of a lesson as a picture description: Graphviz DOT text, and the per-node and
//! per-edge looks it is made of (front ends that draw pictures themselves, such as the SVG
//! writer of the command line, use the same looks so both pictures say the same).
//!
//! Conventions: MAX nodes are ellipses, MIN nodes boxes, leaves rounded boxes; every label has
//! the node's name, its value and, for alpha-beta, the window it was entered with; the best
//! line is bold; pruned nodes and edges are grey and dashed.

use super::lesson::{Lesson, Node};
use super::{path_name, TextbookSearch};
use crate::score::Bound;

/// The shape of a node in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// An inner node where MAX chooses.
    Max,
    /// An inner node where MIN chooses.
    Min,
    /// A leaf.
    Leaf,
}

/// How one node is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeLook {
    /// Identifier, unique in the picture (`n`, `n_0`, `n_1_1`).
    pub id: String,
    /// Text lines of the label.
    pub lines: Vec<String>,
    /// Shape.
    pub shape: Shape,
    /// Never visited: grey and dashed.
    pub pruned: bool,
    /// On the best line: bold.
    pub best: bool,
}

/// How one edge is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeLook {
    /// The parent's id.
    pub from: String,
    /// The child's id.
    pub to: String,
    /// The child was never visited: grey and dashed.
    pub pruned: bool,
    /// On the best line: bold.
    pub best: bool,
}

/// The identifier of the node at a path.
pub fn node_id(path: &[usize]) -> String {
    let mut id = "n".to_string();
    for i in path {
        id.push('_');
        id.push_str(&i.to_string());
    }
    id
}

/// The look of every node and edge of a lesson, in tree order (parents before children).
pub fn looks(lesson: &Lesson) -> (Vec<NodeLook>, Vec<EdgeLook>) {
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    let mut stack = vec![0usize];
    while let Some(idx) = stack.pop() {
        let node = &lesson.nodes[idx];
        let best = lesson.best_path.starts_with(&node.path);
        nodes.push(NodeLook {
            id: node_id(&node.path),
            lines: label_lines(lesson, node),
            shape: match (node.leaf && node.children.is_empty(), node.maximizing) {
                (true, _) => Shape::Leaf,
                (false, true) => Shape::Max,
                (false, false) => Shape::Min,
            },
            pruned: !node.visited,
            best,
        });
        for &c in &node.children {
            let child = &lesson.nodes[c];
            edges.push(EdgeLook {
                from: node_id(&node.path),
                to: node_id(&child.path),
                pruned: !child.visited,
                best: lesson.best_path.starts_with(&child.path),
            });
        }
        stack.extend(node.children.iter().rev());
    }
    (nodes, edges)
}

fn label_lines(lesson: &Lesson, node: &Node) -> Vec<String> {
    let mut lines = Vec::new();
    let mut title = path_name(&node.path);
    if let Some(label) = &node.label {
        title.push(' ');
        title.push_str(label);
    }
    lines.push(title);
    let role = if node.leaf && node.children.is_empty() {
        ""
    } else if node.maximizing {
        "MAX "
    } else {
        "MIN "
    };
    let value = match node.value {
        Some(v) => {
            let sign = match node.bound() {
                Bound::Exact => "",
                Bound::Upper => "≤",
                Bound::Lower => "≥",
            };
            let est = if node.horizon { " est" } else { "" };
            format!("{role}{sign}{}{est}", lesson.value_text(v))
        }
        None => role.trim_end().to_string(),
    };
    if !value.is_empty() {
        lines.push(value);
    }
    if lesson.algo == TextbookSearch::AlphaBeta {
        if let Some((a, b)) = node.window {
            lines.push(format!(
                "α={} β={}",
                lesson.bound_text(a),
                lesson.bound_text(b)
            ));
        }
    }
    if let Some(cut) = node.cut {
        lines.push(format!(
            "cut: {} ≥ {}",
            lesson.value_text(cut.alpha),
            lesson.value_text(cut.beta)
        ));
    }
    if lesson.pruned.binary_search(&node.path).is_ok() {
        lines.push("pruned".to_string());
    }
    lines
}

/// Graphviz DOT for the lesson's tree (render with e.g. `dot -Tsvg`).
pub fn dot(lesson: &Lesson) -> String {
    let (nodes, edges) = looks(lesson);
    let root = if lesson.root_max() { "MAX" } else { "MIN" };
    let mut out = format!("digraph {} {{\n", lesson.algo.name());
    out.push_str(&format!(
        "  graph [ordering=out, labelloc=t, label=\"{}, root {root}: value {}\"];\n",
        lesson.algo.title(),
        escape(&lesson.value_text(lesson.value))
    ));
    out.push_str("  node [fontname=\"Helvetica\", fontsize=11];\n");
    out.push_str("  edge [arrowhead=none];\n");
    for n in &nodes {
        let (shape, mut styles) = match n.shape {
            Shape::Max => ("ellipse", vec![]),
            Shape::Min => ("box", vec![]),
            Shape::Leaf => ("box", vec!["rounded"]),
        };
        let mut attrs = vec![
            format!("label=\"{}\"", escape(&n.lines.join("\n"))),
            format!("shape={shape}"),
        ];
        if n.pruned {
            styles.push("dashed");
            attrs.push("color=gray60, fontcolor=gray60".to_string());
        } else if n.best {
            attrs.push("penwidth=2".to_string());
        }
        if !styles.is_empty() {
            attrs.push(format!("style=\"{}\"", styles.join(",")));
        }
        out.push_str(&format!("  {} [{}];\n", n.id, attrs.join(", ")));
    }
    for e in &edges {
        let style = if e.pruned {
            " [style=dashed, color=gray60]"
        } else if e.best {
            " [penwidth=3]"
        } else {
            ""
        };
        out.push_str(&format!("  {} -> {}{style};\n", e.from, e.to));
    }
    out.push_str("}\n");
    out
}

/// Escapes a label for a DOT string (quotes, backslashes, newlines).
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}
