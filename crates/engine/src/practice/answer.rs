//! A student's answer and its text: one line every front end reads the same way.
//!
//! - minimax: `root=60 0=60 1=15` (every inner node by name, as `mnk tree` names them);
//! - alpha-beta: `value=60 pruned=1.1,2` (`pruned=none` when nothing is skipped);
//! - the window: `alpha=3 beta=+inf` (`-inf`, `+inf`, `∞` and `α`/`β` are accepted);
//! - move ordering: `2 0 1` (the root's children by their old numbers, in the new order);
//! - a position: `value=draw moves=b2,a1` (the value for the side to move);
//! - chance nodes: `root=5 0=4.5 1=13/3 pruned=1.1` (values as decimals or fractions).

use super::{Exercise, Kind, Task};
use crate::score::{Score, INFINITY};
use crate::teach::path_name;
use crate::tree::chance::value_text;
use crate::tree::chance::ChanceTree;
use crate::tree::{Tree, MAX_LEAF};
use std::collections::BTreeMap;
use thiserror::Error;

/// Most characters an answer's text may have: far more than any exercise needs.
pub const MAX_ANSWER_CHARS: usize = 4_096;

/// An exact value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionValue {
    /// The side to move can force a win.
    Win,
    /// Best play on both sides draws.
    Draw,
    /// The other side can force a win.
    Loss,
}

impl PositionValue {
    /// `win`, `draw` or `loss`.
    pub fn word(self) -> &'static str {
        match self {
            PositionValue::Win => "win",
            PositionValue::Draw => "draw",
            PositionValue::Loss => "loss",
        }
    }
}

/// A student's answer to an exercise. Missing parts are allowed: they score nothing.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// [`Kind::Minimax`]: values of inner nodes by path.
    Values(BTreeMap<Vec<usize>, Score>),
    /// [`Kind::AlphaBeta`]: the nodes marked as skipped (a marked inner node skips all below
    /// it), sorted, and the root's value.
    Pruned {
        /// The marked nodes.
        pruned: Vec<Vec<usize>>,
        /// The root's value.
        value: Option<Score>,
    },
    /// [`Kind::Window`]: alpha and beta, with ±[`crate::teach::INFINITY`] for the infinities.
    Window {
        /// Alpha.
        alpha: Option<Score>,
        /// Beta.
        beta: Option<Score>,
    },
    /// [`Kind::Ordering`]: the root's children by their old indices, in the new order.
    Order(Vec<usize>),
    /// [`Kind::Chance`]: values of inner nodes (decimals) and the nodes marked as skipped.
    Chance {
        /// Values by path.
        values: BTreeMap<Vec<usize>, f64>,
        /// The marked nodes, sorted.
        pruned: Vec<Vec<usize>>,
    },
    /// [`Kind::Position`]: the value for the side to move and the moves that keep it.
    Position {
        /// The value.
        value: Option<PositionValue>,
        /// The moves, as cells, sorted.
        moves: Vec<usize>,
    },
}

/// Why an answer's text was not read; the message says what is accepted.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{0}")]
pub struct AnswerError(pub String);

fn err<T>(text: impl Into<String>) -> Result<T, AnswerError> {
    Err(AnswerError(text.into()))
}

impl Answer {
    /// Reads an answer to `exercise` from its text (the formats are in the module's docs).
    pub fn parse(exercise: &Exercise, text: &str) -> Result<Answer, AnswerError> {
        if text.chars().count() > MAX_ANSWER_CHARS {
            return err(format!(
                "the answer is longer than {MAX_ANSWER_CHARS} characters"
            ));
        }
        let tokens: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ';')
            .filter(|t| !t.is_empty())
            .collect();
        match (&exercise.task, exercise.kind) {
            (Task::Tree { tree, .. }, Kind::Minimax) => values(tree, &tokens),
            (Task::Tree { tree, .. }, Kind::AlphaBeta) => pruned(tree, &tokens),
            (Task::Tree { .. }, Kind::Window) => window(&tokens),
            (Task::Tree { tree, .. }, Kind::Ordering) => order(tree, text),
            (Task::Position(board), _) => {
                let pairs = pairs(&tokens, &["value", "moves"])?;
                let value = match pairs.get("value") {
                    None => None,
                    Some(v) => Some(position_value(v)?),
                };
                let mut moves = Vec::new();
                for name in list(pairs.get("moves").copied()) {
                    let cell = board
                        .parse_cell(name)
                        .map_err(|e| AnswerError(e.to_string()))?;
                    if board.stone(cell).is_some() {
                        return err(format!("{name} is taken: name empty cells"));
                    }
                    moves.push(cell);
                }
                moves.sort_unstable();
                moves.dedup();
                Ok(Answer::Position { value, moves })
            }
            (Task::Chance { tree, .. }, _) => chance_answer(tree, &tokens),
            (Task::Tree { .. }, Kind::Position | Kind::Chance) => {
                err("this exercise has no board or chance node")
            }
        }
    }

    /// The answer's text, which [`Answer::parse`] reads back.
    pub fn to_text(&self, exercise: &Exercise) -> String {
        match self {
            Answer::Values(values) => values
                .iter()
                .map(|(path, v)| format!("{}={v}", path_name(path)))
                .collect::<Vec<_>>()
                .join(" "),
            Answer::Pruned { pruned, value } => {
                let list = node_list(pruned);
                match value {
                    Some(v) => format!("value={v} pruned={list}"),
                    None => format!("pruned={list}"),
                }
            }
            Answer::Window { alpha, beta } => {
                let mut parts = Vec::new();
                if let Some(a) = alpha {
                    parts.push(format!("alpha={}", bound_word(*a)));
                }
                if let Some(b) = beta {
                    parts.push(format!("beta={}", bound_word(*b)));
                }
                parts.join(" ")
            }
            Answer::Chance { values, pruned } => {
                let mut parts: Vec<String> = values
                    .iter()
                    .map(|(path, v)| format!("{}={}", path_name(path), value_text(*v)))
                    .collect();
                let list = node_list(pruned);
                parts.push(format!("pruned={list}"));
                parts.join(" ")
            }
            Answer::Order(order) => order
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            Answer::Position { value, moves } => {
                let names: Vec<String> = match exercise.board() {
                    Some(board) => moves.iter().map(|&c| board.cell_name(c)).collect(),
                    None => moves.iter().map(usize::to_string).collect(),
                };
                let mut parts = Vec::new();
                if let Some(v) = value {
                    parts.push(format!("value={}", v.word()));
                }
                parts.push(format!("moves={}", names.join(",")));
                parts.join(" ")
            }
        }
    }
}

/// One part of an answer, asked on its own by a front end that asks step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The key of the part in the answer's text (`0.1`, `pruned`, `value`, `alpha`, `beta`,
    /// `moves`); `None` when the reply is the whole text (the ordering).
    pub key: Option<String>,
    /// The question, in English, ending with `? `.
    pub prompt: String,
    /// The reply is a list: spaces and commas both separate its items.
    pub list: bool,
}

impl Part {
    /// The piece of answer text a reply makes: `key=reply`, or the reply itself.
    pub fn text(&self, reply: &str) -> String {
        let reply = reply.trim();
        let reply = if self.list {
            reply
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(",")
        } else {
            reply.to_string()
        };
        match &self.key {
            Some(key) => format!("{key}={reply}"),
            None => reply,
        }
    }
}

/// Nodes as an answer lists them: `1.1,2`, or `none`.
fn node_list(nodes: &[Vec<usize>]) -> String {
    if nodes.is_empty() {
        "none".to_string()
    } else {
        nodes
            .iter()
            .map(|p| path_name(p))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// A bound as an answer writes it: `-inf`, `+inf` or the number.
pub(super) fn bound_word(v: Score) -> String {
    if v >= INFINITY {
        "+inf".to_string()
    } else if v <= -INFINITY {
        "-inf".to_string()
    } else {
        v.to_string()
    }
}

/// `key=value` tokens, each key at most once and from `keys`.
fn pairs<'a>(
    tokens: &[&'a str],
    keys: &[&'static str],
) -> Result<BTreeMap<&'static str, &'a str>, AnswerError> {
    let mut out = BTreeMap::new();
    for token in tokens {
        let Some((key, value)) = token.split_once('=') else {
            return err(format!(
                "expected key=value but found '{token}'; write {}",
                keys.iter()
                    .map(|k| format!("{k}=..."))
                    .collect::<Vec<_>>()
                    .join(" ")
            ));
        };
        let lower = key.to_lowercase();
        let canonical = match lower.as_str() {
            "α" | "a" => "alpha",
            "β" | "b" => "beta",
            other => other,
        };
        let key = keys
            .iter()
            .copied()
            .find(|k| *k == canonical)
            .ok_or_else(|| AnswerError(format!("unknown key '{key}'; use {}", keys.join(", "))))?;
        if out.insert(key, value).is_some() {
            return err(format!("{key} is given twice"));
        }
    }
    Ok(out)
}

/// A comma-separated list; `none`, `-` or nothing is empty.
pub(super) fn list(text: Option<&str>) -> Vec<&str> {
    match text {
        None | Some("none") | Some("-") | Some("") => Vec::new(),
        Some(t) => t.split(',').filter(|s| !s.is_empty()).collect(),
    }
}

/// A leaf-sized integer.
fn number(text: &str) -> Result<Score, AnswerError> {
    match text.trim_start_matches('+').parse::<Score>() {
        Ok(v) if v.abs() <= MAX_LEAF => Ok(v),
        _ => err(format!(
            "'{text}' is not a value: write an integer such as 60 or -3"
        )),
    }
}

/// A window bound: a value or an infinity.
fn bound(text: &str) -> Result<Score, AnswerError> {
    match text.to_ascii_lowercase().as_str() {
        "inf" | "+inf" | "∞" | "+∞" | "infinity" | "+infinity" => Ok(INFINITY),
        "-inf" | "-∞" | "-infinity" => Ok(-INFINITY),
        _ => number(text).map_err(|_| {
            AnswerError(format!(
                "'{text}' is not a bound: write an integer, -inf or +inf"
            ))
        }),
    }
}

/// A node's name (`root`, `0`, `1.2`) as a path that exists in `tree`.
fn node_path(tree: &Tree, name: &str) -> Result<Vec<usize>, AnswerError> {
    let path = path_of(name)?;
    if tree.at(&path).is_none() {
        return err(format!("the tree has no node {name}"));
    }
    Ok(path)
}

/// A node's name (`root`, `0`, `1.2`) as a path.
pub(super) fn path_of(name: &str) -> Result<Vec<usize>, AnswerError> {
    Ok(if name.eq_ignore_ascii_case("root") {
        Vec::new()
    } else {
        name.split('.')
            .map(|part| part.parse::<usize>())
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| {
                AnswerError(format!(
                    "'{name}' is not a node: write root, or child numbers joined by dots such as 0.1"
                ))
            })?
    })
}

fn values(tree: &Tree, tokens: &[&str]) -> Result<Answer, AnswerError> {
    let mut out = BTreeMap::new();
    for token in tokens {
        let Some((name, value)) = token.split_once('=') else {
            return err(format!(
                "expected node=value but found '{token}'; write for example root=3 0=3 1=2"
            ));
        };
        let path = node_path(tree, name)?;
        if matches!(tree.at(&path), Some(Tree::Leaf(_))) {
            return err(format!(
                "{name} is a leaf: its value is given; name inner nodes"
            ));
        }
        if out.insert(path, number(value)?).is_some() {
            return err(format!("{name} is given twice"));
        }
    }
    Ok(Answer::Values(out))
}

fn pruned(tree: &Tree, tokens: &[&str]) -> Result<Answer, AnswerError> {
    let pairs = pairs(tokens, &["value", "pruned"])?;
    let value = pairs.get("value").map(|v| number(v)).transpose()?;
    let mut pruned = Vec::new();
    for name in list(pairs.get("pruned").copied()) {
        let path = node_path(tree, name)?;
        if path.is_empty() {
            return err("the root is always searched: mark the nodes below it");
        }
        pruned.push(path);
    }
    pruned.sort();
    pruned.dedup();
    Ok(Answer::Pruned { pruned, value })
}

fn window(tokens: &[&str]) -> Result<Answer, AnswerError> {
    let pairs = pairs(tokens, &["alpha", "beta"])?;
    Ok(Answer::Window {
        alpha: pairs.get("alpha").map(|v| bound(v)).transpose()?,
        beta: pairs.get("beta").map(|v| bound(v)).transpose()?,
    })
}

fn order(tree: &Tree, text: &str) -> Result<Answer, AnswerError> {
    let Tree::Node(children) = tree else {
        return err("the tree has no children to order");
    };
    let n = children.len();
    let order = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| {
            AnswerError(format!(
                "write the numbers 0 to {} in a new order, such as '{}'",
                n - 1,
                (0..n)
                    .rev()
                    .map(|i| i.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ))
        })?;
    let mut seen = order.clone();
    seen.sort_unstable();
    if !order.is_empty() && seen != (0..n).collect::<Vec<_>>() {
        return err(format!(
            "name each of the root's {n} children once: the numbers 0 to {} in a new order",
            n - 1
        ));
    }
    Ok(Answer::Order(order))
}

fn position_value(text: &str) -> Result<PositionValue, AnswerError> {
    match text.to_ascii_lowercase().as_str() {
        "win" | "w" | "won" => Ok(PositionValue::Win),
        "draw" | "d" | "drawn" => Ok(PositionValue::Draw),
        "loss" | "l" | "lose" | "lost" => Ok(PositionValue::Loss),
        _ => err(format!(
            "'{text}' is not a value: write win, draw or loss (for the side to move)"
        )),
    }
}

/// Reads `root=5 0=4.5 1=3/2 pruned=1.1` against `tree`.
fn chance_answer(tree: &ChanceTree, tokens: &[&str]) -> Result<Answer, AnswerError> {
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
            for node in list(Some(value)) {
                let path = chance_node_path(tree, node)?;
                if path.is_empty() {
                    return Err(AnswerError(
                        "the root is always searched: mark the nodes below it".into(),
                    ));
                }
                pruned.push(path);
            }
            continue;
        }
        let path = chance_node_path(tree, name)?;
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
fn chance_node_path(tree: &ChanceTree, name: &str) -> Result<Vec<usize>, AnswerError> {
    let path = path_of(name)?;
    if tree.at(&path).is_none() {
        return Err(AnswerError(format!("the tree has no node {name}")));
    }
    Ok(path)
}
