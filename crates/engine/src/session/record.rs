//! The game record: a small line-based text format that a person can read and write.
//!
//! ```text
//! mnk-record 1
//! # any line starting with '#' is a comment; blank lines are ignored
//! rules 4x4 k4
//! x human
//! o perfect
//! first x
//! moves b3 c2 b2 b1
//! moves c3
//! result unfinished
//! ```
//!
//! - `mnk-record 1` must be the first line that is not blank or a comment (the version).
//! - `rules WxH kK` is required, optionally followed by the rule (`freestyle`, the default,
//!   `exact` or `renju`); every other line is optional.
//! - `x` and `o` name the players (`human`, `perfect`, `hard`, `depth:N`, `random`; the
//!   default is `human` for x and `perfect` for o); `first` is `x` (the default) or `o`.
//! - `moves` lists moves in notation (`a1` = bottom-left), separated by spaces, in the order
//!   they were played; several `moves` lines are joined in order.
//! - `result` is `x`, `o`, `draw` or `unfinished`; when present it must agree with the moves.
//!
//! Parsing replays the moves, so a record that parses is a legal game.

use super::result::GameResult;
use super::SessionError;
use crate::ai::{Level, Player};
use crate::board::Board;
use crate::rules::{Rule, Rules, Size};
use crate::side::Side;

/// The first line of every record.
pub const HEADER: &str = "mnk-record 1";

/// A saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Board and winning length.
    pub rules: Rules,
    /// Who played x.
    pub x: Player,
    /// Who played o.
    pub o: Player,
    /// The side that moved first.
    pub first: Side,
    /// The moves, as cells, in order.
    pub moves: Vec<usize>,
    /// How the game stood when it was saved.
    pub result: GameResult,
}

impl Record {
    /// The record as text (see the module documentation), ending with a newline.
    pub fn to_text(&self) -> String {
        let rules = self.rules;
        let board = Board::new(rules);
        let moves: Vec<String> = self.moves.iter().map(|&c| board.cell_name(c)).collect();
        // The rule is written only when it is not the default, so older readers still
        // read freestyle records.
        let rule = match rules.rule() {
            Rule::Freestyle => String::new(),
            other => format!(" {other}"),
        };
        let mut out = format!(
            "{HEADER}\nrules {}x{} k{}{rule}\nx {}\no {}\nfirst {}\n",
            rules.width(),
            rules.height(),
            rules.k(),
            self.x,
            self.o,
            self.first
        );
        // Sixteen moves to a line keeps long games readable.
        for chunk in moves.chunks(16) {
            out.push_str(&format!("moves {}\n", chunk.join(" ")));
        }
        out.push_str(&format!("result {}\n", self.result.word()));
        out
    }

    /// Reads a record and replays its moves to check them.
    pub fn parse(text: &str) -> Result<Record, SessionError> {
        let err = |line: usize, reason: String| SessionError::Record { line, reason };
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        match lines.next() {
            Some((_, l)) if l == HEADER => {}
            Some((n, _)) => return Err(err(n, format!("the first line must be '{HEADER}'"))),
            None => return Err(err(0, "the record is empty".into())),
        }
        let mut rules = None;
        let mut x = Player::Human;
        let mut o = Player::Computer(Level::Perfect);
        let mut first = Side::X;
        let mut move_words: Vec<(usize, String)> = Vec::new();
        let mut result = None;
        for (n, line) in lines {
            let (key, value) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let value = value.trim();
            match key {
                "rules" => rules = Some(parse_rules(value).map_err(|r| err(n, r))?),
                "x" => {
                    x = value
                        .parse()
                        .map_err(|e: crate::ai::BadPlayer| err(n, e.to_string()))?
                }
                "o" => {
                    o = value
                        .parse()
                        .map_err(|e: crate::ai::BadPlayer| err(n, e.to_string()))?
                }
                "first" => {
                    first = match value {
                        "x" => Side::X,
                        "o" => Side::O,
                        _ => return Err(err(n, format!("first must be x or o, not '{value}'"))),
                    }
                }
                "moves" => move_words.extend(value.split_whitespace().map(|w| (n, w.to_string()))),
                "result" => {
                    result = Some(match value {
                        "x" => GameResult::Win(Side::X),
                        "o" => GameResult::Win(Side::O),
                        "draw" => GameResult::Draw,
                        "unfinished" => GameResult::Unfinished,
                        _ => {
                            return Err(err(
                                n,
                                format!("result must be x, o, draw or unfinished, not '{value}'"),
                            ))
                        }
                    })
                }
                _ => {
                    return Err(err(
                        n,
                        format!(
                            "unknown key '{key}': the keys are rules, x, o, first, moves and result"
                        ),
                    ))
                }
            }
        }
        let rules = rules.ok_or_else(|| err(0, "the 'rules WxH kK' line is missing".into()))?;
        let mut board = Board::new(rules)
            .with_side_to_move(first)
            .map_err(|e| err(0, e.to_string()))?;
        for (n, word) in &move_words {
            let cell = board.parse_cell(word).map_err(|e| err(*n, e.to_string()))?;
            board.play(cell).map_err(|e| err(*n, e.to_string()))?;
        }
        let replayed = match board.outcome() {
            None => GameResult::Unfinished,
            Some(crate::side::Outcome::Win(s)) => GameResult::Win(s),
            Some(crate::side::Outcome::Draw) => GameResult::Draw,
        };
        if let Some(claimed) = result {
            if claimed != replayed {
                return Err(err(
                    0,
                    format!(
                        "the record says the result is '{}' but its moves give '{}'",
                        claimed.word(),
                        replayed.word()
                    ),
                ));
            }
        }
        Ok(Record {
            rules,
            x,
            o,
            first,
            moves: board.history(),
            result: replayed,
        })
    }
}

/// `WxH kK RULE` (the `k` part and the rule may be left out for the defaults).
fn parse_rules(value: &str) -> Result<Rules, String> {
    let mut words = value.split_whitespace();
    let size: Size = words
        .next()
        .ok_or("rules need a size like 3x3")?
        .parse()
        .map_err(|e: crate::RulesError| e.to_string())?;
    let k = match words.next() {
        None => None,
        Some(w) => Some(
            w.strip_prefix('k')
                .and_then(|d| d.parse().ok())
                .ok_or_else(|| {
                    format!("'{w}' is not a winning length: write k and a number, like k3")
                })?,
        ),
    };
    let rule: Rule = match words.next() {
        None => Rule::Freestyle,
        Some(w) => w.parse().map_err(|e: crate::RulesError| e.to_string())?,
    };
    if let Some(extra) = words.next() {
        return Err(format!(
            "'{extra}' is not understood: write rules as WxH kK and a rule, like 15x15 k5 renju"
        ));
    }
    Ok(Rules::new(size.width, size.height, k)
        .map_err(|e| e.to_string())?
        .with_rule(rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_is_kept_and_a_forbidden_move_refused() {
        let text = "mnk-record 1\nrules 15x15 k5 renju\nx human\no human\nmoves h8 a1\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.rules.rule(), Rule::Renju);
        assert!(record.to_text().contains("rules 15x15 k5 renju\n"));
        assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
        // x's double three at h8 (i8 j8 h7 h6) does not replay.
        let forbidden = "mnk-record 1\nrules 15x15 k5 renju\nmoves i8 a1 j8 a3 h7 a5 h6 a7 h8\n";
        let e = Record::parse(forbidden).unwrap_err().to_string();
        assert!(e.contains("double three"), "{e}");
        let e = Record::parse("mnk-record 1\nrules 15x15 k5 chess\n").unwrap_err();
        assert!(e.to_string().contains("freestyle, exact or renju"), "{e}");
    }

    fn sample() -> Record {
        let rules = Rules::new(4, 4, Some(4)).unwrap();
        let board = Board::new(rules);
        let moves = ["b3", "c2", "b2", "b1", "c3"]
            .iter()
            .map(|m| board.parse_cell(m).unwrap())
            .collect();
        Record {
            rules,
            x: Player::Human,
            o: Player::Computer(Level::Depth(3)),
            first: Side::O,
            moves,
            result: GameResult::Unfinished,
        }
    }

    #[test]
    fn round_trips_through_text() {
        let record = sample();
        let text = record.to_text();
        assert!(text.starts_with("mnk-record 1\nrules 4x4 k4\nx human\no depth:3\nfirst o\n"));
        assert!(text.contains("moves b3 c2 b2 b1 c3\nresult unfinished\n"));
        assert_eq!(Record::parse(&text).unwrap(), record);
    }

    #[test]
    fn comments_defaults_and_split_move_lines_are_accepted() {
        let text = "# saved by hand\n\nmnk-record 1\nrules 3x3\nmoves b2 a1\nmoves c3\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.x, Player::Human);
        assert_eq!(r.o, Player::Computer(Level::Perfect));
        assert_eq!(r.moves.len(), 3);
        assert_eq!(r.result, GameResult::Unfinished);
    }

    #[test]
    fn bad_records_say_which_line_is_wrong() {
        let cases = [
            ("", "empty"),
            ("hello\n", "first line"),
            ("mnk-record 1\n", "rules"),
            ("mnk-record 1\nrules 3by3\n", "line 2"),
            ("mnk-record 1\nrules 3x3 k9\n", "line 2"),
            ("mnk-record 1\nrules 3x3\nx robot\n", "line 3"),
            ("mnk-record 1\nrules 3x3\nmoves b2 b2\n", "taken"),
            ("mnk-record 1\nrules 3x3\nmoves z9\n", "not a move"),
            (
                "mnk-record 1\nrules 3x3\nmoves a1 b1 a2 b2 a3 c3\n",
                "game is already over",
            ),
            (
                "mnk-record 1\nrules 3x3\nmoves b2\nresult x\n",
                "says the result",
            ),
            ("mnk-record 1\nrules 3x3\ncolour red\n", "unknown key"),
        ];
        for (text, needle) in cases {
            let e = Record::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
    }
}
