//! The two players and how a finished game ended.

use std::fmt;

/// One of the two players.
///
/// ```
/// use mnk_engine::Side;
///
/// assert_eq!(Side::X.other(), Side::O);
/// assert_eq!(Side::O.letter(), 'o');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Side {
    /// The player with the x stones.
    X,
    /// The player with the o stones.
    O,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn other(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for x, 1 for o.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The stone letter, `x` or `o`.
    pub fn letter(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// How a finished game ended.
///
/// ```
/// use mnk_engine::{Board, Outcome, Rules};
///
/// let board = Board::from_text(Rules::tic_tac_toe(), "xox/xoo/oxx").unwrap();
/// assert_eq!(board.outcome(), Some(Outcome::Draw));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// This side completed a line.
    Win(Side),
    /// The board filled up with no line.
    Draw,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "{side} has won"),
            Outcome::Draw => write!(f, "the game is a draw"),
        }
    }
}
