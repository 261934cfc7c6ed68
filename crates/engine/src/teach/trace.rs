//! The step-by-step trace of one lesson: each node entered (with its window for alpha-beta),
//! each value returned and backed up, each cutoff with its reason. One method per kind of
//! event, a numbered, indented line each.

use super::lesson::{Lesson, Node};
use super::record::{prunes, Event};
use super::{path_name, Algo};
use crate::score::{Bound, Score};

/// The step-by-step account of one lesson, one numbered line per step, then the root's value.
pub fn trace(lesson: &Lesson) -> String {
    let mut trace = Trace {
        lesson,
        alpha_beta: lesson.algo == Algo::AlphaBeta,
        lines: Vec::new(),
        open: Vec::new(),
    };
    let mut events = lesson.events.iter().peekable();
    while let Some(event) = events.next() {
        match event {
            Event::Enter {
                path,
                maximizing,
                alpha,
                beta,
            } => {
                // A leaf's value comes straight after it is entered: one line says both.
                let leaf = match events.peek() {
                    Some(Event::Leaf { value, horizon, .. }) => Some((*value, *horizon)),
                    _ => None,
                };
                if leaf.is_some() {
                    events.next();
                }
                trace.enter(path, *maximizing, *alpha, *beta, leaf);
            }
            Event::Child {
                path,
                index,
                value,
                alpha,
                beta,
            } => trace.child(path, *index, *value, *alpha, *beta),
            Event::Cutoff {
                path,
                alpha,
                beta,
                after,
                of,
            } => trace.cutoff(path, *alpha, *beta, *after, *of),
            Event::Backup { path, value } => trace.backup(path, *value),
            Event::Leaf { .. } => {}
        }
    }
    trace.finish()
}

/// What the trace remembers about each open node.
struct Open {
    maximizing: bool,
    alpha: Score,
    beta: Score,
    best: Option<Score>,
}

/// The trace being written: its lines (with their depth) and the open nodes on the path.
struct Trace<'a> {
    lesson: &'a Lesson,
    alpha_beta: bool,
    lines: Vec<(usize, String)>,
    open: Vec<Open>,
}

impl Trace<'_> {
    fn line(&mut self, depth: usize, text: String) {
        self.lines.push((depth, text));
    }

    /// A node entered, or a leaf entered and valued at once.
    fn enter(
        &mut self,
        path: &[usize],
        maximizing: bool,
        alpha: Score,
        beta: Score,
        leaf: Option<(Score, bool)>,
    ) {
        let lesson = self.lesson;
        self.open.truncate(path.len());
        self.open.push(Open {
            maximizing,
            alpha,
            beta,
            best: None,
        });
        let moves = moves_to(lesson, path);
        let window = if self.alpha_beta {
            format!(
                " with window ({}, {})",
                lesson.bound_text(alpha),
                lesson.bound_text(beta)
            )
        } else {
            String::new()
        };
        let name = path_name(path);
        let text = match leaf {
            Some((value, horizon)) => {
                let kind = if horizon {
                    "an estimate at the depth limit"
                } else {
                    "a leaf"
                };
                format!(
                    "{name}{moves} is {kind}{window}: {}",
                    lesson.value_text(value)
                )
            }
            None => {
                let role = if maximizing { "MAX" } else { "MIN" };
                format!("{name}{moves} ({role}) entered{window}")
            }
        };
        self.line(path.len(), text);
    }

    /// A child's value returned to its parent: the window (alpha-beta) or the best so far
    /// (minimax) that it changes or leaves.
    fn child(&mut self, path: &[usize], index: usize, value: Score, alpha: Score, beta: Score) {
        let lesson = self.lesson;
        let alpha_beta = self.alpha_beta;
        let Some(node) = self.open.get_mut(path.len()) else {
            return;
        };
        let mut child = path.to_vec();
        child.push(index);
        let mut text = format!(
            "{}: child {} returned {}",
            path_name(path),
            path_name(&child),
            lesson.value_text(value)
        );
        if alpha_beta {
            let (letter, old, new) = if node.maximizing {
                ("α", node.alpha, alpha)
            } else {
                ("β", node.beta, beta)
            };
            if old != new {
                text.push_str(&format!(
                    ", so {letter} = {}; window ({}, {})",
                    lesson.bound_text(new),
                    lesson.bound_text(alpha),
                    lesson.bound_text(beta)
                ));
            } else {
                text.push_str(&format!("; {letter} stays {}", lesson.bound_text(new)));
            }
            node.alpha = alpha;
            node.beta = beta;
        } else {
            let better = match node.best {
                None => true,
                Some(b) if node.maximizing => value > b,
                Some(b) => value < b,
            };
            if better {
                node.best = Some(value);
                text.push_str(&format!("; best so far {}", lesson.value_text(value)));
            } else if let Some(b) = node.best {
                text.push_str(&format!("; best stays {}", lesson.value_text(b)));
            }
        }
        self.line(path.len(), text);
    }

    /// A cutoff, with the children it prunes and why neither player lets the game come here;
    /// or, after the last child, the remark that nothing is left to prune.
    fn cutoff(&mut self, path: &[usize], alpha: Score, beta: Score, after: usize, of: usize) {
        let (a, b) = (self.lesson.value_text(alpha), self.lesson.value_text(beta));
        let node = path_name(path);
        if !prunes(after, of) {
            let mut last = path.to_vec();
            last.push(after);
            self.line(
                path.len(),
                format!(
                    "{node}: alpha {a} >= beta {b} after its last child {}: nothing is \
                     left to prune, so no cutoff",
                    path_name(&last)
                ),
            );
            return;
        }
        let pruned: Vec<String> = (after + 1..of)
            .map(|i| {
                let mut p = path.to_vec();
                p.push(i);
                path_name(&p)
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
        let maximizing = self.open.get(path.len()).is_some_and(|n| n.maximizing);
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
        self.line(
            path.len(),
            format!(
                "cutoff: alpha {a} >= beta {b} at node {node}: children {list} pruned \
                 ({reason})"
            ),
        );
    }

    /// A node's value backed up, with what kind of bound it is when a cutoff made it one.
    fn backup(&mut self, path: &[usize], value: Score) {
        let remark = match self.lesson.find(path).map(Node::bound) {
            Some(Bound::Upper) => " (an upper bound: the true value is at most this)",
            Some(Bound::Lower) => " (a lower bound: the true value is at least this)",
            _ => "",
        };
        let text = format!(
            "{}: backs up {}{remark}",
            path_name(path),
            self.lesson.value_text(value)
        );
        self.line(path.len(), text);
    }

    /// The numbered, indented lines and the root's value.
    fn finish(self) -> String {
        let width = self.lines.len().to_string().len();
        let mut out = String::new();
        for (n, (depth, text)) in self.lines.iter().enumerate() {
            out.push_str(&format!(
                "{:>width$}. {}{text}\n",
                n + 1,
                "  ".repeat(*depth)
            ));
        }
        out.push_str(&format!(
            "Value of the root: {}\n",
            self.lesson.value_text(self.lesson.value)
        ));
        out
    }
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
