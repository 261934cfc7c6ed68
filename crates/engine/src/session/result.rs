//! How a game stands: unfinished, won by a side, or drawn.

use crate::side::Side;

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Still being played.
    Unfinished,
    /// This side completed a line.
    Win(Side),
    /// The board filled up without a line.
    Draw,
}

impl GameResult {
    /// The word used by the record format: `x`, `o`, `draw` or `unfinished`.
    pub fn word(self) -> &'static str {
        match self {
            GameResult::Unfinished => "unfinished",
            GameResult::Win(Side::X) => "x",
            GameResult::Win(Side::O) => "o",
            GameResult::Draw => "draw",
        }
    }
}
