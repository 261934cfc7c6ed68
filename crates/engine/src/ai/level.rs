//! Who plays a side: a human, or the computer at some level.
//!
//! | name         | level                    | what it does                                          |
//! |--------------|--------------------------|-------------------------------------------------------|
//! | `perfect`    | [`Level::Perfect`]       | exact solver (fastest win, slowest loss, a drawing move when drawn) wherever it proves the position in time; see below |
//! | `hard`       | [`Level::Hard`]          | 4 plies + forced-move extension; never misses a win, a forced block or an opponent's double threat |
//! | `medium`     | [`Level::Depth`]`(2)`    | alpha-beta 2 plies deep with the open-lines estimate (seed 004's default) |
//! | `easy`       | [`Level::Depth`]`(1)`    | one ply: takes a win it sees, otherwise the best open-lines count |
//! | `depth:N`    | [`Level::Depth`]`(N)`    | alpha-beta N plies deep with the open-lines estimate (seeds 001, 004) |
//! | `random`     | [`Level::Random`]        | any legal move                                        |
//!
//! `perfect` tries the exact solver on every position of a board of up to 64 cells, from the
//! first move, within its share of the move's budget ([`super::PROOF_SHARE`] of the time, or
//! [`super::UNTIMED_PROOF_NODES`]), keeping the solver's table from move to move; where the
//! proof does not come in time (or the board is bigger) it plays the `hard` search's move and
//! labels it an estimate, so it always answers within the move's time. On four or more in a
//! row it asks the proof search first ([`crate::proof_first`]), which settles the draws there
//! in milliseconds.

use std::fmt;
use std::str::FromStr;

/// A player name that is neither `human` nor a known computer level.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
#[error(
    "'{0}' is not a player: use human, perfect, hard, medium, easy, random or depth:N \
     (N from 1 to {max})",
    max = Level::MAX_DEPTH
)]
pub struct BadPlayer(pub String);

/// How the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// The exact solver wherever it proves the position within the move's budget; otherwise
    /// the `Hard` search (and the move says it is an estimate).
    Perfect,
    /// The threat-pattern search on every board size: wins, forced blocks and winning
    /// threat sequences first, then an iterative-deepening search within the move's budget.
    Hard,
    /// Textbook depth-limited alpha-beta with the open-lines estimate at the horizon.
    Depth(u32),
    /// A uniformly random legal move.
    Random,
}

/// Who plays a side.
///
/// ```
/// use mnk_engine::ai::{Level, Player};
///
/// assert_eq!("human".parse::<Player>().unwrap(), Player::Human);
/// assert_eq!("depth:3".parse::<Player>().unwrap(), Player::Computer(Level::Depth(3)));
/// assert!("grandmaster".parse::<Player>().is_err());
/// ```
/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Moves come from outside (the keyboard, a click).
    Human,
    /// The engine chooses the moves.
    Computer(Level),
}

impl Level {
    /// What the level does, in one English sentence without its name (the CLI's help, the
    /// TUI's settings and the web page say the same).
    pub fn description(self) -> String {
        match self {
            Level::Perfect => "plays the exact best move wherever the solver proves it within \
                               the move's time, otherwise hard's move, marked as an estimate."
                .into(),
            Level::Hard => "the strongest bounded search: threats first, then as deep as the \
                            move's time allows; never misses a win or a forced block."
                .into(),
            Level::Depth(1) => "looks one ply ahead.".into(),
            Level::Depth(2) => "looks two plies ahead, counting open lines.".into(),
            Level::Depth(n) => format!("looks {n} plies ahead, counting open lines."),
            Level::Random => "plays any empty cell.".into(),
        }
    }

    /// Deepest `depth:N` accepted: beyond it a full-width search of a 4x4 board already takes
    /// seconds per move, and the exact solver is the better tool.
    pub const MAX_DEPTH: u32 = 9;
}

impl Player {
    /// Whether moves come from outside.
    pub fn is_human(self) -> bool {
        self == Player::Human
    }

    /// The computer level, when the engine plays.
    pub fn level(self) -> Option<Level> {
        match self {
            Player::Human => None,
            Player::Computer(level) => Some(level),
        }
    }
}

impl FromStr for Player {
    type Err = BadPlayer;

    /// Accepts `human`, `perfect`, `hard`, `medium`, `easy`, `random` and `depth:N`, in any
    /// case, with surrounding spaces ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let name = s.trim().to_ascii_lowercase();
        let bad = || BadPlayer(s.trim().chars().take(30).collect());
        let level = match name.as_str() {
            "human" => return Ok(Player::Human),
            "perfect" => Level::Perfect,
            "hard" => Level::Hard,
            "medium" => Level::Depth(2),
            "easy" => Level::Depth(1),
            "random" => Level::Random,
            other => {
                let digits = other.strip_prefix("depth:").ok_or_else(bad)?;
                let depth: u32 = digits.parse().map_err(|_| bad())?;
                if !(1..=Level::MAX_DEPTH).contains(&depth) {
                    return Err(bad());
                }
                Level::Depth(depth)
            }
        };
        Ok(Player::Computer(level))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Perfect => write!(f, "perfect"),
            Level::Hard => write!(f, "hard"),
            Level::Depth(n) => write!(f, "depth:{n}"),
            Level::Random => write!(f, "random"),
        }
    }
}

impl fmt::Display for Player {
    /// The name [`FromStr`] reads back (`easy` and `medium` come out as `depth:1`, `depth:2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human => write!(f, "human"),
            Player::Computer(level) => write!(f, "{level}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_print_back() {
        for name in ["human", "perfect", "hard", "random", "depth:1", "depth:9"] {
            let p: Player = name.parse().unwrap();
            assert_eq!(p.to_string(), name);
        }
        assert_eq!(
            "Medium".parse::<Player>().unwrap(),
            Player::Computer(Level::Depth(2))
        );
        assert_eq!(
            " easy ".parse::<Player>().unwrap(),
            Player::Computer(Level::Depth(1))
        );
    }

    #[test]
    fn bad_names_are_refused_with_the_accepted_list() {
        for bad in [
            "", "robot", "depth:", "depth:0", "depth:10", "depth:x", "depth:-1",
        ] {
            let err = bad.parse::<Player>().unwrap_err();
            assert!(err.to_string().contains("depth:N"), "{bad}: {err}");
        }
    }
}
