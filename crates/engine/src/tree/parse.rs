//! Reading trees from text: S-expressions (`((60 63) (15 58))`) or JSON nested arrays
//! (`[[60, 63], [15, 58]]`). A leaf is an integer, an inner node a non-empty list of children.
//! In S-expressions a list that starts with `?` is a chance node, each child after its
//! probability (a decimal or a fraction): `(? 0.5 (3 4) 1/2 7)`; [`parse_chance`] reads
//! those, [`parse`] refuses them (minimax and alpha-beta have no chance nodes).
//!
//! The parser is iterative (an explicit stack, never recursion) and bounded by the limits
//! below, so a pasted huge or hostile input gets an error, never a stack overflow or an
//! exhausted memory.

use super::chance::ChanceTree;
use super::Tree;
use crate::score::Score;
use thiserror::Error;

/// Longest tree text accepted, in bytes (1 MiB).
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Most nodes (inner nodes and leaves, the root included) a tree may have.
pub const MAX_NODES: usize = 100_000;

/// Deepest a tree may be: levels of inner nodes above the deepest leaf.
pub const MAX_DEPTH: usize = 64;

/// Largest leaf magnitude: leaves lie in `-MAX_LEAF..=MAX_LEAF`, strictly inside the
/// searches' infinity, so alpha-beta's initial window is wider than every value.
pub const MAX_LEAF: Score = 29_999;

/// Why a tree text was refused. Messages name the place of the problem as `col N` (or
/// `line L, col N` in multi-line input), columns counted in characters from 1.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TreeParseError {
    /// The input is longer than [`MAX_INPUT_BYTES`].
    #[error("the tree text is {bytes} bytes long; the limit is {MAX_INPUT_BYTES} bytes (1 MiB)")]
    TooLong {
        /// Length of the input.
        bytes: usize,
    },
    /// A problem at a place in the text.
    #[error("{}: {problem}", place(*line, *col))]
    At {
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        col: usize,
        /// What was wrong and what is accepted.
        problem: String,
    },
}

fn place(line: usize, col: usize) -> String {
    if line == 1 {
        format!("col {col}")
    } else {
        format!("line {line}, col {col}")
    }
}

/// Which of the two notations the text uses; decided by its first bracket.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    SExpr,
    Json,
}

impl Syntax {
    fn open(self) -> char {
        match self {
            Syntax::SExpr => '(',
            Syntax::Json => '[',
        }
    }
    fn close(self) -> char {
        match self {
            Syntax::SExpr => ')',
            Syntax::Json => ']',
        }
    }
}

/// An inner node being read: its children so far and where it opened.
struct Frame {
    children: Vec<ChanceTree>,
    line: usize,
    col: usize,
    /// JSON only: a comma was read and a value must follow.
    need_value: bool,
    /// A chance node: its children's probabilities, one per child.
    chance: Option<Vec<f64>>,
}

/// A cursor over the text that knows its line and column.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    col: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }
    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
    fn error(&self, problem: impl Into<String>) -> TreeParseError {
        TreeParseError::At {
            line: self.line,
            col: self.col,
            problem: problem.into(),
        }
    }
}

/// Parses a tree written as an S-expression or as JSON nested arrays (see the module docs).
/// Chance nodes are refused.
pub fn parse(text: &str) -> Result<Tree, TreeParseError> {
    Ok(read(text, false)?
        .into_plain()
        .expect("chance nodes were refused while reading"))
}

/// Parses a tree that may hold chance nodes (see the module docs).
pub fn parse_chance(text: &str) -> Result<ChanceTree, TreeParseError> {
    read(text, true)
}

/// Most decimals (or the largest denominator's digits) a probability may have.
const MAX_PROBABILITY_CHARS: usize = 12;

fn read(text: &str, allow_chance: bool) -> Result<ChanceTree, TreeParseError> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(TreeParseError::TooLong { bytes: text.len() });
    }
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        col: 1,
    };
    cur.skip_space();
    let syntax = match cur.peek() {
        Some('[') => Syntax::Json,
        _ => Syntax::SExpr,
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut nodes = 0usize;
    let root = loop {
        cur.skip_space();
        let Some(c) = cur.peek() else {
            return Err(match stack.last() {
                Some(open) => cur.error(format!(
                    "the text ends but the '{}' at {} is never closed: add '{}'",
                    syntax.open(),
                    place(open.line, open.col),
                    syntax.close()
                )),
                None => {
                    cur.error("the tree is empty: write a number or a list like ((60 63) (15 58))")
                }
            });
        };
        let done = if c == syntax.open() {
            if stack.last().is_some_and(|f| !expects_value(syntax, f)) {
                return Err(cur.error(format!("expected ',' or ']' after an element, found '{c}'")));
            }
            if let Some(Frame {
                chance: Some(probs),
                children,
                ..
            }) = stack.last()
            {
                if probs.len() == children.len() {
                    return Err(cur.error(
                        "expected a probability (such as 0.5 or 1/3) before each child of a \
                         chance node",
                    ));
                }
            }
            count_node(&mut nodes, &cur)?;
            if stack.len() >= MAX_DEPTH {
                return Err(cur.error(format!(
                    "the tree is nested more than {MAX_DEPTH} levels deep (the limit)"
                )));
            }
            let (line, col) = (cur.line, cur.col);
            cur.bump();
            cur.skip_space();
            let chance = if syntax == Syntax::SExpr && cur.peek() == Some('?') {
                if !allow_chance {
                    return Err(cur.error(
                        "'?' starts a chance node, which minimax and alpha-beta do not take: \
                         `mnk tree` searches such trees with expectiminimax",
                    ));
                }
                cur.bump();
                Some(Vec::new())
            } else {
                None
            };
            stack.push(Frame {
                children: Vec::new(),
                line,
                col,
                need_value: false,
                chance,
            });
            None
        } else if c == syntax.close() && !stack.is_empty() {
            let frame = stack.pop().expect("the stack was checked to be non-empty");
            if frame.children.is_empty() {
                return Err(cur.error(format!(
                    "an empty list '{}{}' is not a tree: an inner node needs at least one child",
                    syntax.open(),
                    syntax.close()
                )));
            }
            if frame.need_value {
                return Err(cur.error("expected a number or '[' after ','"));
            }
            let node = match frame.chance {
                None => ChanceTree::Node(frame.children),
                Some(probs) => {
                    if probs.len() > frame.children.len() {
                        return Err(cur.error(
                            "the chance node ends with a probability: give its child after it",
                        ));
                    }
                    let sum: f64 = probs.iter().sum();
                    if (sum - 1.0).abs() > 1e-9 {
                        return Err(cur.error(format!(
                            "the probabilities of the chance node at {} add up to {}, not 1",
                            place(frame.line, frame.col),
                            (sum * 1e6).round() / 1e6
                        )));
                    }
                    ChanceTree::Chance(probs.into_iter().zip(frame.children).collect())
                }
            };
            cur.bump();
            Some(node)
        } else if syntax == Syntax::Json
            && c == ','
            && stack.last().is_some_and(|f| !expects_value(syntax, f))
        {
            if let Some(f) = stack.last_mut() {
                f.need_value = true;
            }
            cur.bump();
            None
        } else if c == '-' || c == '+' || c == '.' || c.is_ascii_alphanumeric() {
            if stack.last().is_some_and(|f| !expects_value(syntax, f)) {
                return Err(cur.error(format!("expected ',' or ']' after an element, found '{c}'")));
            }
            if let Some(Frame {
                chance: Some(probs),
                children,
                ..
            }) = stack.last_mut()
            {
                if probs.len() == children.len() {
                    probs.push(read_probability(&mut cur)?);
                    continue;
                }
            }
            count_node(&mut nodes, &cur)?;
            Some(ChanceTree::Leaf(read_number(&mut cur)?))
        } else {
            return Err(cur.error(match (syntax, stack.is_empty()) {
                (Syntax::SExpr, true) => format!("expected a number or '(' but found '{c}'"),
                (Syntax::SExpr, false) => {
                    format!("expected a number, '(' or ')' but found '{c}'")
                }
                (Syntax::Json, _) => format!("expected a number, '[' or ']' but found '{c}'"),
            }));
        };
        if let Some(tree) = done {
            match stack.last_mut() {
                Some(parent) => {
                    parent.children.push(tree);
                    parent.need_value = false;
                }
                None => break tree,
            }
        }
    };
    cur.skip_space();
    if let Some(c) = cur.peek() {
        return Err(cur.error(format!(
            "unexpected '{c}' after the end of the tree (one tree only; check the brackets)"
        )));
    }
    Ok(root)
}

/// Whether the innermost open list may take a value now (JSON needs commas between them).
fn expects_value(syntax: Syntax, frame: &Frame) -> bool {
    syntax == Syntax::SExpr || frame.children.is_empty() || frame.need_value
}

fn count_node(nodes: &mut usize, cur: &Cursor<'_>) -> Result<(), TreeParseError> {
    *nodes += 1;
    if *nodes > MAX_NODES {
        return Err(cur.error(format!(
            "the tree has more than {MAX_NODES} nodes (the limit)"
        )));
    }
    Ok(())
}

/// Reads one probability: a decimal (`0.25`, `.5`, `1`) or a fraction (`1/4`), above 0 and
/// at most 1.
fn read_probability(cur: &mut Cursor<'_>) -> Result<f64, TreeParseError> {
    let (line, col) = (cur.line, cur.col);
    let mut word = String::new();
    while let Some(c) = cur.peek() {
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.' | '/' | '_') {
            word.push(c);
            cur.bump();
        } else {
            break;
        }
        if word.len() > 2 * MAX_PROBABILITY_CHARS {
            break;
        }
    }
    let bad = || TreeParseError::At {
        line,
        col,
        problem: format!(
            "expected a probability but found '{word}' (write 0.5, .25 or 1/3: above 0, at \
             most 1)"
        ),
    };
    let number = |t: &str| -> Option<f64> {
        let plain = !t.is_empty()
            && t.len() <= MAX_PROBABILITY_CHARS
            && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && t.bytes().filter(|&b| b == b'.').count() <= 1
            && t != ".";
        plain.then(|| t.parse::<f64>().ok()).flatten()
    };
    let p = match word.split_once('/') {
        Some((n, d)) => match (number(n), number(d)) {
            (Some(n), Some(d)) if d > 0.0 => n / d,
            _ => return Err(bad()),
        },
        None => number(&word).ok_or_else(bad)?,
    };
    if p > 0.0 && p <= 1.0 + 1e-12 {
        Ok(p)
    } else {
        Err(bad())
    }
}

/// Reads one leaf: an optional sign and decimal digits, within `±MAX_LEAF`.
fn read_number(cur: &mut Cursor<'_>) -> Result<Score, TreeParseError> {
    let (line, col) = (cur.line, cur.col);
    let mut word = String::new();
    while let Some(c) = cur.peek() {
        // Read the whole word so that "12a" is reported as one bad leaf, not as "12" + "a".
        if c.is_ascii_alphanumeric() || matches!(c, '-' | '+' | '.' | '_') {
            word.push(c);
            cur.bump();
        } else {
            break;
        }
        if word.len() > 32 {
            break;
        }
    }
    let at = |problem: String| TreeParseError::At { line, col, problem };
    let digits = word.strip_prefix(['-', '+']).unwrap_or(&word);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(at(format!(
            "expected a number but found '{word}' (leaves are integers such as 60 or -3)"
        )));
    }
    match word.parse::<i64>() {
        Ok(v) if v.abs() <= MAX_LEAF as i64 => Ok(v as Score),
        _ => Err(at(format!(
            "the leaf {word} is out of range: leaves must lie between -{MAX_LEAF} and {MAX_LEAF}"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(v: Score) -> Tree {
        Tree::Leaf(v)
    }

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_the_seed_example_in_both_notations() {
        let seed = Tree::Node(vec![
            Tree::Node(vec![leaf(60), leaf(63)]),
            Tree::Node(vec![leaf(15), leaf(58)]),
        ]);
        assert_eq!(parse("((60 63) (15 58))").unwrap(), seed);
        assert_eq!(parse("  ( (60\n63)(15 58) ) \n").unwrap(), seed);
        assert_eq!(parse("[[60, 63], [15,58]]").unwrap(), seed);
        assert_eq!(parse("-7").unwrap(), leaf(-7));
        assert_eq!(
            parse("(+3 -4)").unwrap(),
            Tree::Node(vec![leaf(3), leaf(-4)])
        );
    }

    #[test]
    fn a_tree_prints_as_the_s_expression_it_reads_from() {
        for text in ["((60 63) (15 58))", "7", "((1 (2 -3)) 4 (5))"] {
            assert_eq!(parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(
            err("((60 63) (15 x))"),
            "col 14: expected a number but found 'x' (leaves are integers such as 60 or -3)"
        );
        assert_eq!(
            err("((60 63) (15 58)"),
            "col 17: the text ends but the '(' at col 1 is never closed: add ')'"
        );
        assert_eq!(err("((60 63) ())").split(':').next(), Some("col 11"));
        assert!(err("((60 63) ())").contains("at least one child"));
        assert!(err("(1 2)) ").starts_with("col 6: unexpected ')' after the end"));
        assert!(err("{1}").starts_with("col 1: expected a number or '('"));
        assert!(err("").contains("empty"));
        assert!(err("(1 99999)").starts_with("col 4: the leaf 99999 is out of range"));
        assert!(err("(1\n 2 ?)").starts_with("line 2, col 4: expected a number, '(' or ')'"));
        assert!(err("[1 2]").starts_with("col 4: expected ',' or ']'"));
        assert!(err("[1, ]").starts_with("col 5: expected a number or '[' after ','"));
        assert!(err("[1, 2] [3]").starts_with("col 8: unexpected '['"));
        assert!(err("(1 2").contains("never closed"));
    }

    #[test]
    fn limits_are_enforced_without_recursion() {
        let deep = "(".repeat(MAX_DEPTH + 1) + "1" + &")".repeat(MAX_DEPTH + 1);
        assert!(err(&deep).contains("nested more than 64 levels"));
        let ok = "(".repeat(MAX_DEPTH) + "1" + &")".repeat(MAX_DEPTH);
        assert_eq!(parse(&ok).unwrap().depth(), MAX_DEPTH);
        // A million opening brackets: refused by size, then (under the size) by depth.
        assert!(matches!(
            parse(&"(".repeat(MAX_INPUT_BYTES + 1)),
            Err(TreeParseError::TooLong { .. })
        ));
        assert!(err(&"(".repeat(MAX_INPUT_BYTES)).contains("nested more than"));
        let wide = format!("({})", "1 ".repeat(MAX_NODES));
        assert!(err(&wide).contains("more than 100000 nodes"));
    }
}
