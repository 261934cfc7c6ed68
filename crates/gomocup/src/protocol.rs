//! The Piskvork (Gomocup) protocol, both directions, without any I/O so transcripts can be
//! tested directly: the manager's [`Command`]s (parsed by [`Parser`], written by `Display`)
//! and the brain's [`Answer`]s (parsed by [`Answer::parse`], written by `Display`). The brain
//! (`crate::brain`) reads commands and writes answers; `mnk match` writes commands and reads
//! answers. Coordinates are 0-based `x,y` with `x` the column from the left and `y` the row
//! from the top. Lines may end in CR LF.

use mnk_engine::Rule;
use std::fmt;
use thiserror::Error;

/// A stone in a `BOARD` block: 1 = the brain's own, 2 = the opponent's, 3 = a winning-line
/// stone of a continuous game (treated as the opponent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardStone {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
    /// Whether the brain owns it.
    pub own: bool,
}

/// One command from the manager.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `START n`: a new game on an n x n board.
    Start(usize),
    /// `RECTSTART w,h`: a new game on a w x h board.
    RectStart(usize, usize),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: the brain plays first.
    Begin,
    /// `TURN x,y`: the opponent played here; answer a move.
    Turn(usize, usize),
    /// `BOARD` ... `DONE`: the whole position; answer a move.
    Board(Vec<BoardStone>),
    /// `INFO key value`.
    Info(String, String),
    /// `END`: quit.
    End,
    /// `ABOUT`: identify.
    About,
    /// `TAKEBACK x,y`: remove that stone.
    Takeback(usize, usize),
    /// A command this brain does not implement.
    Unknown(String),
}

impl Command {
    /// `INFO key value`.
    pub fn info(key: &str, value: impl fmt::Display) -> Command {
        Command::Info(key.to_string(), value.to_string())
    }
}

/// The bits of `INFO rule` that name a rule: 1 exactly five (an overline does not win), 4
/// Renju.
pub fn rule_bits(rule: Rule) -> u64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Exact => 1,
        Rule::Renju => 4,
    }
}

/// The rule that `INFO rule` bits name: Renju (bit 4) takes precedence over exactly five
/// (bit 1); bit 2 (continuous games) changes nothing here, and caro (bit 8) is not supported.
pub fn rule_of_bits(bits: u64) -> Rule {
    if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Exact
    } else {
        Rule::Freestyle
    }
}

/// The line (or, for `BOARD`, the lines) the manager sends.
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Start(n) => write!(f, "START {n}"),
            Command::RectStart(w, h) => write!(f, "RECTSTART {w},{h}"),
            Command::Restart => f.write_str("RESTART"),
            Command::Begin => f.write_str("BEGIN"),
            Command::Turn(x, y) => write!(f, "TURN {x},{y}"),
            Command::Board(stones) => {
                f.write_str("BOARD\n")?;
                for s in stones {
                    writeln!(f, "{},{},{}", s.x, s.y, if s.own { 1 } else { 2 })?;
                }
                f.write_str("DONE")
            }
            Command::Info(key, value) => write!(f, "INFO {key} {value}"),
            Command::End => f.write_str("END"),
            Command::About => f.write_str("ABOUT"),
            Command::Takeback(x, y) => write!(f, "TAKEBACK {x},{y}"),
            Command::Unknown(word) => f.write_str(word),
        }
    }
}

/// One line from the brain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `OK`: ready (to `START`, `RECTSTART`, `RESTART`, `TAKEBACK`).
    Ok,
    /// `x,y`: the brain's move.
    Move(usize, usize),
    /// `ERROR text`: the command was refused.
    Error(String),
    /// `UNKNOWN text`: the command is not implemented.
    Unknown(String),
    /// `MESSAGE text`: for the person watching; not an answer.
    Message(String),
    /// `DEBUG text`: for the brain's author; not an answer.
    Debug(String),
    /// `SUGGEST x,y`: a move the brain would like to play (a manager may ignore it).
    Suggest(usize, usize),
    /// The answer to `ABOUT`: `key="value"` pairs, kept as the brain wrote them.
    About(String),
}

impl Answer {
    /// Reads one line from a brain.
    pub fn parse(line: &str) -> Result<Answer, ProtocolError> {
        let line = line.trim_end_matches(['\r', '\n']).trim();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let text = || rest.to_string();
        Ok(match word.to_ascii_uppercase().as_str() {
            "OK" if rest.is_empty() => Answer::Ok,
            "ERROR" => Answer::Error(text()),
            "UNKNOWN" => Answer::Unknown(text()),
            "MESSAGE" => Answer::Message(text()),
            "DEBUG" => Answer::Debug(text()),
            "SUGGEST" => {
                let (x, y) = pair(rest, "SUGGEST")?;
                Answer::Suggest(x, y)
            }
            _ if line.contains('=') => Answer::About(line.to_string()),
            _ => {
                let (x, y) = pair(line, "a move")?;
                Answer::Move(x, y)
            }
        })
    }

    /// Whether the line is for people (`MESSAGE`, `DEBUG`, `SUGGEST`), not the answer a
    /// manager waits for.
    pub fn is_aside(&self) -> bool {
        matches!(
            self,
            Answer::Message(_) | Answer::Debug(_) | Answer::Suggest(..)
        )
    }
}

/// The line the brain sends.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Ok => f.write_str("OK"),
            Answer::Move(x, y) => write!(f, "{x},{y}"),
            Answer::Error(text) => write!(f, "ERROR {text}"),
            Answer::Unknown(text) => write!(f, "UNKNOWN {text}"),
            Answer::Message(text) => write!(f, "MESSAGE {text}"),
            Answer::Debug(text) => write!(f, "DEBUG {text}"),
            Answer::Suggest(x, y) => write!(f, "SUGGEST {x},{y}"),
            Answer::About(text) => f.write_str(text),
        }
    }
}

/// A line that could not be understood; the message says what is accepted.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ProtocolError(pub String);

/// Turns lines into commands; remembers an open `BOARD` block between lines.
#[derive(Default)]
pub struct Parser {
    board: Option<Vec<BoardStone>>,
}

fn pair(text: &str, what: &str) -> Result<(usize, usize), ProtocolError> {
    let bad = || {
        ProtocolError(format!(
            "{what} expects two numbers separated by a comma, like 7,7; got '{}'",
            text.chars().take(40).collect::<String>()
        ))
    };
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let a = a.trim().parse().map_err(|_| bad())?;
    let b = b.trim().parse().map_err(|_| bad())?;
    Ok((a, b))
}

impl Parser {
    /// Parses one line; `Ok(None)` for blank lines and lines inside a `BOARD` block.
    pub fn feed(&mut self, line: &str) -> Result<Option<Command>, ProtocolError> {
        let line = line.trim_end_matches(['\r', '\n']).trim();
        if let Some(stones) = self.board.as_mut() {
            if line.eq_ignore_ascii_case("DONE") {
                let stones = self.board.take().unwrap_or_default();
                return Ok(Some(Command::Board(stones)));
            }
            if line.is_empty() {
                return Ok(None);
            }
            let parts: Vec<&str> = line.split(',').map(str::trim).collect();
            let nums: Option<Vec<usize>> = parts.iter().map(|p| p.parse().ok()).collect();
            return match nums.as_deref() {
                Some(&[x, y, field]) if (1..=3).contains(&field) => {
                    stones.push(BoardStone {
                        x,
                        y,
                        own: field == 1,
                    });
                    Ok(None)
                }
                _ => {
                    self.board = None;
                    Err(ProtocolError(format!(
                        "BOARD lines are x,y,field with field 1 (mine), 2 (opponent) or 3, \
                         ended by DONE; got '{}'",
                        line.chars().take(40).collect::<String>()
                    )))
                }
            };
        }
        if line.is_empty() {
            return Ok(None);
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let cmd = match word.to_ascii_uppercase().as_str() {
            "START" => Command::Start(rest.parse().map_err(|_| {
                ProtocolError(format!("START expects a board size like 15; got '{rest}'"))
            })?),
            "RECTSTART" => {
                let (w, h) = pair(rest, "RECTSTART")?;
                Command::RectStart(w, h)
            }
            "RESTART" => Command::Restart,
            "BEGIN" => Command::Begin,
            "TURN" => {
                let (x, y) = pair(rest, "TURN")?;
                Command::Turn(x, y)
            }
            "TAKEBACK" => {
                let (x, y) = pair(rest, "TAKEBACK")?;
                Command::Takeback(x, y)
            }
            "BOARD" => {
                self.board = Some(Vec::new());
                return Ok(None);
            }
            "INFO" => {
                let (key, value) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    ProtocolError(format!("INFO expects a key and a value; got '{rest}'"))
                })?;
                Command::Info(key.to_ascii_lowercase(), value.trim().to_string())
            }
            "END" => Command::End,
            "ABOUT" => Command::About,
            _ => Command::Unknown(word.chars().take(40).collect()),
        };
        Ok(Some(cmd))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Result<Option<Command>, ProtocolError> {
        Parser::default().feed(line)
    }

    #[test]
    fn commands_parse() {
        assert_eq!(one("START 15\r\n"), Ok(Some(Command::Start(15))));
        assert_eq!(
            one("rectstart 20, 15"),
            Ok(Some(Command::RectStart(20, 15)))
        );
        assert_eq!(one("TURN 7,8"), Ok(Some(Command::Turn(7, 8))));
        assert_eq!(one("TAKEBACK 1,2"), Ok(Some(Command::Takeback(1, 2))));
        assert_eq!(
            one("INFO timeout_turn 1000"),
            Ok(Some(Command::Info("timeout_turn".into(), "1000".into())))
        );
        assert_eq!(
            one("SWAP2BOARD"),
            Ok(Some(Command::Unknown("SWAP2BOARD".into())))
        );
        assert_eq!(one("   "), Ok(None));
    }

    #[test]
    fn malformed_lines_are_errors() {
        for bad in [
            "START",
            "START x",
            "TURN 7",
            "TURN a,b",
            "TURN -1,3",
            "INFO",
            "RECTSTART 5",
        ] {
            assert!(one(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn commands_read_back_as_written() {
        let stones = vec![
            BoardStone {
                x: 7,
                y: 7,
                own: true,
            },
            BoardStone {
                x: 8,
                y: 7,
                own: false,
            },
        ];
        let commands = [
            Command::Start(15),
            Command::RectStart(20, 15),
            Command::Restart,
            Command::Begin,
            Command::Turn(3, 4),
            Command::Board(stones),
            Command::info("timeout_turn", 1000),
            Command::End,
            Command::About,
            Command::Takeback(1, 2),
        ];
        for command in commands {
            let text = command.to_string();
            let mut parser = Parser::default();
            let mut read = Vec::new();
            for line in text.lines() {
                read.extend(parser.feed(line).unwrap());
            }
            assert_eq!(read, [command], "{text}");
        }
        assert_eq!(Command::Board(Vec::new()).to_string(), "BOARD\nDONE");
    }

    #[test]
    fn answers_read_back_as_written_and_asides_are_told_apart() {
        let answers = [
            Answer::Ok,
            Answer::Move(7, 8),
            Answer::Error("no game".into()),
            Answer::Unknown("SWAP2BOARD is not implemented".into()),
            Answer::Message("thinking".into()),
            Answer::Debug("depth 9".into()),
            Answer::Suggest(1, 2),
            Answer::About("name=\"pbrain-mnk\", version=\"0.1.0\"".into()),
        ];
        for answer in answers {
            assert_eq!(Answer::parse(&answer.to_string()), Ok(answer.clone()));
        }
        assert_eq!(Answer::parse(" ok\r\n"), Ok(Answer::Ok));
        assert_eq!(Answer::parse("7, 8"), Ok(Answer::Move(7, 8)));
        assert!(Answer::Message(String::new()).is_aside());
        assert!(!Answer::Move(0, 0).is_aside());
        for bad in ["", "7", "seven,eight", "OK then", "-1,3"] {
            assert!(Answer::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn board_blocks_collect_stones() {
        let mut p = Parser::default();
        assert_eq!(p.feed("BOARD"), Ok(None));
        assert_eq!(p.feed("7,7,1\r"), Ok(None));
        assert_eq!(p.feed("8,7,2"), Ok(None));
        let done = p.feed("DONE").unwrap().unwrap();
        assert_eq!(
            done,
            Command::Board(vec![
                BoardStone {
                    x: 7,
                    y: 7,
                    own: true
                },
                BoardStone {
                    x: 8,
                    y: 7,
                    own: false
                }
            ])
        );
        assert_eq!(p.feed("BOARD"), Ok(None));
        assert!(p.feed("7,7,9").is_err());
        // After a bad line the block is abandoned and commands parse again.
        assert_eq!(p.feed("ABOUT"), Ok(Some(Command::About)));
    }
}
