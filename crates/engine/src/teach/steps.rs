//! The steps of a lesson: its events walked once, each turned into what a front end shows
//! (the node, the numbers, a sentence key and its arguments), so the CLI's trace, the web
//! server and the page all word the same account and none of them walks the events again.

use super::events::{prunes, Event};
use super::lesson::Lesson;
use super::{path_name, TextbookSearch};
use crate::score::{Bound, Score};

/// What a step is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// An inner node entered.
    Enter,
    /// A leaf entered and valued: its two events are one step.
    Leaf,
    /// A child returned its value to this node.
    Child,
    /// Alpha met beta here (pruning children or, after the last one, nothing).
    Cutoff,
    /// This node's value passed up.
    Backup,
}

impl StepKind {
    /// The name in JSON: `enter`, `leaf`, `child`, `cutoff`, `backup`.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Enter => "enter",
            StepKind::Leaf => "leaf",
            StepKind::Child => "child",
            StepKind::Cutoff => "cutoff",
            StepKind::Backup => "backup",
        }
    }
}

/// Which sentence says a step. A front end keeps one sentence per key in each of its
/// languages and fills it from [`Step::args`]; `_ab` keys are alpha-beta's, which name the
/// window too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// An inner node entered (args: node, role, moves).
    Enter,
    /// The same with its window (args: node, role, moves, alpha, beta).
    EnterAb,
    /// A game end reached (args: node, moves, value).
    Leaf,
    /// The same with its window (args: node, moves, value, alpha, beta).
    LeafAb,
    /// A leaf valued by the heuristic at the depth limit (args as [`Key::Leaf`]).
    Estimate,
    /// The same with its window (args as [`Key::LeafAb`]).
    EstimateAb,
    /// Minimax: a child's value is the best so far (args: node, role, child, value, best).
    Child,
    /// Minimax: a child's value leaves the best as it was (args as [`Key::Child`]).
    ChildStays,
    /// Alpha-beta: a child's value moves the node's bound, α for MAX, β for MIN (args:
    /// node, role, child, value, best, alpha, beta).
    ChildAb,
    /// Alpha-beta: a child's value leaves the node's bound as it was (args as
    /// [`Key::ChildAb`]).
    ChildAbStays,
    /// Alpha met beta and the later children are pruned (args: node, role, alpha, beta,
    /// pruned).
    Cutoff,
    /// Alpha met beta after the last child: nothing to prune (args: node, role, alpha, beta,
    /// child, the last one).
    NoCutoff,
    /// An exact value passed up (args: node, value).
    Backup,
    /// The root's value: the value of the whole tree (args: node, value).
    BackupRoot,
    /// A cutoff made the value an upper bound (args: node, value).
    BackupAtMost,
    /// A cutoff made the value a lower bound (args: node, value).
    BackupAtLeast,
}

impl Key {
    /// The key in JSON and in a front end's table of sentences (`enter_ab`, `no_cutoff`, …).
    pub fn name(self) -> &'static str {
        match self {
            Key::Enter => "enter",
            Key::EnterAb => "enter_ab",
            Key::Leaf => "leaf",
            Key::LeafAb => "leaf_ab",
            Key::Estimate => "estimate",
            Key::EstimateAb => "estimate_ab",
            Key::Child => "child",
            Key::ChildStays => "child_stays",
            Key::ChildAb => "child_ab",
            Key::ChildAbStays => "child_ab_stays",
            Key::Cutoff => "cutoff",
            Key::NoCutoff => "no_cutoff",
            Key::Backup => "backup",
            Key::BackupRoot => "backup_root",
            Key::BackupAtMost => "backup_at_most",
            Key::BackupAtLeast => "backup_at_least",
        }
    }
}

/// Who chooses at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// MAX.
    Max,
    /// MIN.
    Min,
}

impl Role {
    /// `max` or `min`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Max => "max",
            Role::Min => "min",
        }
    }
}

/// One argument of a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A node, by its path.
    Node(Vec<usize>),
    /// Several nodes.
    Nodes(Vec<Vec<usize>>),
    /// A value or a window bound, MAX's view; [`super::INFINITY`] and its negation stand for
    /// ±∞.
    Score(Score),
    /// Who chooses.
    Role(Role),
    /// The moves from the root to the node (real game trees; empty for explicit trees).
    Moves(Vec<String>),
}

/// One step of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// What the step is about.
    pub kind: StepKind,
    /// The node concerned.
    pub path: Vec<usize>,
    /// Whether MAX chooses at the node.
    pub maximizing: bool,
    /// The value: the leaf's, the child's, the one backed up.
    pub value: Option<Score>,
    /// Alpha on entry, after the child, at the cut (every step but a backup).
    pub alpha: Option<Score>,
    /// Beta, likewise.
    pub beta: Option<Score>,
    /// `Child`: which child returned; `Cutoff`: the last child searched.
    pub index: Option<usize>,
    /// `Cutoff`: how many children the node has (those after `index` are pruned).
    pub of: Option<usize>,
    /// `Child`: the node's best value so far, this child's included.
    pub best: Option<Score>,
    /// The moves from the root to the node (real game trees; empty for explicit trees).
    pub moves: Vec<String>,
    /// The sentence that says the step.
    pub key: Key,
}

impl Step {
    /// The arguments of the step's sentence, by name, in the order the key lists them.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let mut args = vec![("node", Arg::Node(self.path.clone()))];
        let role = if self.maximizing {
            Role::Max
        } else {
            Role::Min
        };
        let score = |v: Option<Score>| Arg::Score(v.unwrap_or_default());
        let window = [("alpha", score(self.alpha)), ("beta", score(self.beta))];
        match self.key {
            Key::Enter | Key::EnterAb => {
                args.push(("role", Arg::Role(role)));
                args.push(("moves", Arg::Moves(self.moves.clone())));
            }
            Key::Leaf | Key::LeafAb | Key::Estimate | Key::EstimateAb => {
                args.push(("moves", Arg::Moves(self.moves.clone())));
                args.push(("value", score(self.value)));
            }
            Key::Child | Key::ChildStays | Key::ChildAb | Key::ChildAbStays => {
                args.push(("role", Arg::Role(role)));
                args.push(("child", Arg::Node(self.child().unwrap_or_default())));
                args.push(("value", score(self.value)));
                args.push(("best", score(self.best)));
            }
            Key::Cutoff | Key::NoCutoff => args.push(("role", Arg::Role(role))),
            Key::Backup | Key::BackupRoot | Key::BackupAtMost | Key::BackupAtLeast => {
                args.push(("value", score(self.value)));
            }
        }
        if matches!(
            self.key,
            Key::EnterAb
                | Key::LeafAb
                | Key::EstimateAb
                | Key::ChildAb
                | Key::ChildAbStays
                | Key::Cutoff
                | Key::NoCutoff
        ) {
            args.extend(window);
        }
        match self.key {
            Key::Cutoff => args.push(("pruned", Arg::Nodes(self.pruned()))),
            Key::NoCutoff => args.push(("child", Arg::Node(self.child().unwrap_or_default()))),
            _ => {}
        }
        args
    }

    /// The child a `Child` step heard from, or the last child a `Cutoff` searched.
    pub fn child(&self) -> Option<Vec<usize>> {
        let mut child = self.path.clone();
        child.push(self.index?);
        Some(child)
    }

    /// The children a `Cutoff` step pruned (none after the last child).
    pub fn pruned(&self) -> Vec<Vec<usize>> {
        let (Some(after), Some(of)) = (self.index, self.of) else {
            return Vec::new();
        };
        (after + 1..of)
            .map(|i| {
                let mut p = self.path.clone();
                p.push(i);
                p
            })
            .collect()
    }
}

/// What the walk remembers about each open node: who chooses, its window as the children
/// move it (to say whether a child moved the bound) and its best value so far.
struct Open {
    maximizing: bool,
    alpha: Score,
    beta: Score,
    best: Option<Score>,
}

/// The steps of a lesson, one per event except that an entered leaf and its value are one.
pub fn steps(lesson: &Lesson) -> Vec<Step> {
    let alpha_beta = lesson.algo == TextbookSearch::AlphaBeta;
    // Events come depth first, so the open nodes form a stack indexed by depth.
    let mut open: Vec<Open> = Vec::new();
    let mut out = Vec::with_capacity(lesson.events.len());
    let mut events = lesson.events.iter().peekable();
    while let Some(event) = events.next() {
        let mut step = numbers(event);
        let depth = step.path.len();
        step.maximizing = open.get(depth).is_some_and(|o| o.maximizing);
        match event {
            Event::Enter {
                maximizing,
                alpha,
                beta,
                ..
            } => {
                open.truncate(depth);
                open.push(Open {
                    maximizing: *maximizing,
                    alpha: *alpha,
                    beta: *beta,
                    best: None,
                });
                step.maximizing = *maximizing;
                step.moves = moves_to(lesson, &step.path);
                step.key = if alpha_beta { Key::EnterAb } else { Key::Enter };
                // A leaf's value comes straight after it is entered: one step says both.
                if let Some(Event::Leaf { value, horizon, .. }) = events.peek() {
                    step.kind = StepKind::Leaf;
                    step.value = Some(*value);
                    step.key = leaf_key(*horizon, alpha_beta);
                    events.next();
                }
            }
            Event::Leaf { horizon, .. } => {
                step.moves = moves_to(lesson, &step.path);
                step.key = leaf_key(*horizon, false);
            }
            Event::Child {
                value, alpha, beta, ..
            } => {
                // Alpha-beta speaks of the bound the child moved, minimax of the best.
                let (moved, better) = match open.get_mut(depth) {
                    Some(node) => {
                        let moved = if node.maximizing {
                            node.alpha != *alpha
                        } else {
                            node.beta != *beta
                        };
                        let better = match node.best {
                            None => true,
                            Some(b) if node.maximizing => *value > b,
                            Some(b) => *value < b,
                        };
                        if better {
                            node.best = Some(*value);
                        }
                        (node.alpha, node.beta) = (*alpha, *beta);
                        step.best = node.best;
                        (moved, better)
                    }
                    None => (true, true),
                };
                step.key = match (alpha_beta, moved, better) {
                    (true, true, _) => Key::ChildAb,
                    (true, false, _) => Key::ChildAbStays,
                    (false, _, true) => Key::Child,
                    (false, _, false) => Key::ChildStays,
                };
            }
            Event::Cutoff { after, of, .. } => {
                step.key = if prunes(*after, *of) {
                    Key::Cutoff
                } else {
                    Key::NoCutoff
                };
            }
            Event::Backup { .. } => {
                step.key = match lesson.find(&step.path).map(|n| n.bound()) {
                    Some(Bound::Upper) => Key::BackupAtMost,
                    Some(Bound::Lower) => Key::BackupAtLeast,
                    _ if depth == 0 => Key::BackupRoot,
                    _ => Key::Backup,
                };
            }
        }
        out.push(step);
    }
    out
}

/// A step with what its event says by itself (its kind, node and numbers); who chooses, the
/// best so far, the moves and the sentence need the walk.
fn numbers(event: &Event) -> Step {
    let step = |kind, path: &Vec<usize>| Step {
        kind,
        path: path.clone(),
        maximizing: false,
        value: None,
        alpha: None,
        beta: None,
        index: None,
        of: None,
        best: None,
        moves: Vec::new(),
        key: Key::Enter,
    };
    match event {
        Event::Enter {
            path, alpha, beta, ..
        } => Step {
            alpha: Some(*alpha),
            beta: Some(*beta),
            ..step(StepKind::Enter, path)
        },
        Event::Leaf { path, value, .. } => Step {
            value: Some(*value),
            ..step(StepKind::Leaf, path)
        },
        Event::Child {
            path,
            index,
            value,
            alpha,
            beta,
        } => Step {
            value: Some(*value),
            alpha: Some(*alpha),
            beta: Some(*beta),
            index: Some(*index),
            ..step(StepKind::Child, path)
        },
        Event::Cutoff {
            path,
            alpha,
            beta,
            after,
            of,
        } => Step {
            alpha: Some(*alpha),
            beta: Some(*beta),
            index: Some(*after),
            of: Some(*of),
            ..step(StepKind::Cutoff, path)
        },
        Event::Backup { path, value } => Step {
            value: Some(*value),
            ..step(StepKind::Backup, path)
        },
    }
}

fn leaf_key(horizon: bool, alpha_beta: bool) -> Key {
    match (horizon, alpha_beta) {
        (false, false) => Key::Leaf,
        (false, true) => Key::LeafAb,
        (true, false) => Key::Estimate,
        (true, true) => Key::EstimateAb,
    }
}

/// The moves from the root to a node of a real game tree (none for explicit trees).
fn moves_to(lesson: &Lesson, path: &[usize]) -> Vec<String> {
    (1..=path.len())
        .filter_map(|n| lesson.find(&path[..n]).and_then(|node| node.label.clone()))
        .collect()
}

/// The engine's English sentence for a step, as the trace prints it.
pub fn sentence(lesson: &Lesson, step: &Step) -> String {
    let score = |v: Option<Score>| lesson.value_text(v.unwrap_or_default());
    let bound = |v: Option<Score>| lesson.bound_text(v.unwrap_or_default());
    let name = path_name(&step.path);
    let child = path_name(&step.child().unwrap_or_default());
    let (a, b) = (score(step.alpha), score(step.beta));
    let window = format!(" with window ({}, {})", bound(step.alpha), bound(step.beta));
    let moves = if step.moves.is_empty() {
        String::new()
    } else {
        format!(" [{}]", step.moves.join(" "))
    };
    let role = if step.maximizing { "MAX" } else { "MIN" };
    match step.key {
        Key::Enter => format!("{name}{moves} ({role}) entered"),
        Key::EnterAb => format!("{name}{moves} ({role}) entered{window}"),
        Key::Leaf => format!("{name}{moves} is a leaf: {}", score(step.value)),
        Key::LeafAb => format!("{name}{moves} is a leaf{window}: {}", score(step.value)),
        Key::Estimate => format!(
            "{name}{moves} is an estimate at the depth limit: {}",
            score(step.value)
        ),
        Key::EstimateAb => format!(
            "{name}{moves} is an estimate at the depth limit{window}: {}",
            score(step.value)
        ),
        Key::Child | Key::ChildStays | Key::ChildAb | Key::ChildAbStays => {
            let returned = format!("{name}: child {child} returned {}", score(step.value));
            let (letter, moved) = if step.maximizing {
                ("α", step.alpha)
            } else {
                ("β", step.beta)
            };
            match step.key {
                Key::Child => format!("{returned}; best so far {}", score(step.best)),
                Key::ChildStays => format!("{returned}; best stays {}", score(step.best)),
                Key::ChildAb => format!(
                    "{returned}, so {letter} = {}; window ({}, {})",
                    bound(moved),
                    bound(step.alpha),
                    bound(step.beta)
                ),
                _ => format!("{returned}; {letter} stays {}", bound(moved)),
            }
        }
        Key::NoCutoff => format!(
            "{name}: alpha {a} >= beta {b} after its last child {child}: nothing is left to \
             prune, so no cutoff"
        ),
        Key::Cutoff => {
            let pruned: Vec<String> = step.pruned().iter().map(|p| path_name(p)).collect();
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
            let reason = if step.maximizing {
                format!(
                    "MIN can already hold MAX to {b} elsewhere, and here MAX gets {a} or more, \
                     so MIN will never let the game come here"
                )
            } else {
                format!(
                    "MAX can already get {a} elsewhere, and here MIN can hold it to {b} or \
                     less, so MAX will never let the game come here"
                )
            };
            format!(
                "cutoff: alpha {a} >= beta {b} at node {name}: children {list} pruned \
                 ({reason})"
            )
        }
        Key::Backup | Key::BackupRoot => format!("{name}: backs up {}", score(step.value)),
        Key::BackupAtMost => format!(
            "{name}: backs up {} (an upper bound: the true value is at most this)",
            score(step.value)
        ),
        Key::BackupAtLeast => format!(
            "{name}: backs up {} (a lower bound: the true value is at least this)",
            score(step.value)
        ),
    }
}
