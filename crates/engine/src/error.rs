//! Typed errors of the engine. Each message is one sentence that says what was wrong and
//! what is accepted, so front ends can show it as it is.

use crate::side::Outcome;
use thiserror::Error;

/// A move or a search asked of a finished game.
///
/// ```
/// use mnk_engine::{Board, Outcome, PositionError, Rules, Side};
///
/// let mut board = Board::from_text(Rules::tic_tac_toe(), "xxx/oo./...").unwrap();
/// assert_eq!(board.outcome(), Some(Outcome::Win(Side::X)));
/// let err = board.play(8).unwrap_err();
/// assert!(matches!(err, PositionError::GameOver(_)));
/// assert_eq!(err.to_string(), "the game is already over: x has won");
/// ```
#[derive(Debug, Error, Clone, Copy, PartialEq, Eq)]
#[error("the game is already over: {0}")]
pub struct GameOver(pub Outcome);
/// `n` and its noun, singular for exactly one (`1 row`, `2 rows`).
fn noun(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A rule set that cannot be played.
///
/// ```
/// use mnk_engine::{Rules, RulesError};
///
/// let err = Rules::new(3, 3, Some(4)).unwrap_err();
/// assert_eq!(err, RulesError::K { k: 4, longest: 3 });
/// assert!(err.to_string().contains("use 1 to 3"));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// A side outside 1..=26.
    #[error("board {name} {side} is out of range: use 1 to 26")]
    Side {
        /// `width` or `height`.
        name: &'static str,
        /// The size given.
        side: usize,
    },
    /// K outside 1..=max(W, H).
    #[error("the winning length k={k} is out of range: use 1 to {longest} (the longer side of the board)")]
    K {
        /// The K given.
        k: usize,
        /// The longer side.
        longest: usize,
    },
    /// A size that is not `WxH`.
    #[error("board size '{0}' is not understood: write it as WxH, e.g. 3x3 or 15x15")]
    SizeSyntax(String),
    /// A rule name that is not one of the rules.
    #[error("rule '{0}' is not known: use freestyle, exact or renju")]
    UnknownRule(String),
}

/// Board text or a move that does not parse.
///
/// ```
/// use mnk_engine::{Board, NotationError, Rules};
///
/// let err = Board::from_text(Rules::tic_tac_toe(), "x./.../...").unwrap_err();
/// assert!(err.to_string().starts_with("row 1 has 2 cells"));
/// let board = Board::new(Rules::tic_tac_toe());
/// assert!(matches!(board.parse_cell("z9"), Err(NotationError::BadMove { .. })));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum NotationError {
    /// A character that is not `x`, `o`, `.` or `/`.
    #[error("row {row}, column {col}: unexpected character '{ch}' (cells are x, o or .; rows are separated by /)")]
    BadCell {
        /// Row number counted from the top, 1-based.
        row: usize,
        /// Column counted from the left, 1-based.
        col: usize,
        /// The character found.
        ch: char,
    },
    /// A row of the wrong length.
    #[error("row {row} has {} but the board is {width} wide", noun(*found, "cell", "cells"))]
    RowLength {
        /// Row number from the top, 1-based.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells expected.
        width: usize,
    },
    /// Wrong number of rows.
    #[error("the position has {} but the board is {height} high", noun(*found, "row", "rows"))]
    RowCount {
        /// Rows found.
        found: usize,
        /// Rows expected.
        height: usize,
    },
    /// A side-to-move suffix other than ` x` or ` o`.
    #[error("side to move '{0}' is not understood: write x or o after a space")]
    BadSide(String),
    /// A move that is neither a coordinate nor a cell number.
    #[error("'{text}' is not a move: write a column letter and a row number like a1 (a..{last_col}, 1..{height}) or a cell number 1..{cells}")]
    BadMove {
        /// The text given.
        text: String,
        /// Last column letter.
        last_col: char,
        /// Rows on the board.
        height: usize,
        /// Cells on the board.
        cells: usize,
    },
}

/// A position that cannot arise in a game, or a move that cannot be played.
///
/// ```
/// use mnk_engine::{Board, BoardError, PositionError, Rules};
///
/// let err = Board::from_text(Rules::tic_tac_toe(), "xxx/.../...").unwrap_err();
/// assert_eq!(err, BoardError::Position(PositionError::StoneCounts { x: 3, o: 0 }));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Stone counts that no game produces.
    #[error("impossible stone counts: x has {x} and o has {o}; they must differ by at most one")]
    StoneCounts {
        /// Stones of x.
        x: usize,
        /// Stones of o.
        o: usize,
    },
    /// The named side to move has played more stones than the other.
    #[error("{side} cannot be to move: it has more stones than its opponent")]
    WrongSide {
        /// The side named.
        side: char,
    },
    /// Both sides own a complete line.
    #[error("both x and o have {k} in a row; a game stops at the first line")]
    BothWon {
        /// K.
        k: usize,
    },
    /// The side to move already owns a line, so its opponent moved after the game ended.
    #[error("{side} already has {k} in a row, so the game ended before {other} moved")]
    MovedAfterWin {
        /// The winner.
        side: char,
        /// The loser, who moved after the end.
        other: char,
        /// K.
        k: usize,
    },
    /// Two lines that no single last stone completes.
    #[error("{side} has two separate lines; a game stops at the first one")]
    TwoSeparateLines {
        /// The side with the lines.
        side: char,
    },
    /// A move on a cell that holds a stone.
    #[error("cell {0} is already taken")]
    Occupied(String),
    /// A move after the end of the game.
    #[error(transparent)]
    GameOver(#[from] GameOver),
    /// A move outside the board.
    #[error("cell {cell} is off the board ({})", noun(*cells, "cell", "cells"))]
    OffBoard {
        /// The cell index.
        cell: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// Nothing to undo.
    #[error("there is no move to take back")]
    NothingToUndo,
    /// A move Renju forbids to x (black).
    #[error("{cell} is forbidden to x under Renju: it would make {}", foul_phrase(*foul))]
    Forbidden {
        /// The cell's name.
        cell: String,
        /// Which rule it breaks.
        foul: crate::foul::Foul,
    },
}

/// "an overline (more than K in a row)" and the like, for the sentence of a forbidden move.
fn foul_phrase(foul: crate::foul::Foul) -> &'static str {
    match foul {
        crate::foul::Foul::Overline => "an overline (more stones in a row than K)",
        crate::foul::Foul::DoubleFour => "a double four (two fours at once)",
        crate::foul::Foul::DoubleThree => "a double three (two open threes at once)",
    }
}

/// A request the search cannot honour.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Go, Rules, SearchError, SolverConfig};
///
/// // Nothing to search in a finished game.
/// let board = Board::from_text(Rules::tic_tac_toe(), "xxx/oo./...").unwrap();
/// let err = exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &Go::default());
/// assert!(matches!(err, Err(SearchError::GameOver(_))));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// The position is finished; there is nothing to search.
    #[error(transparent)]
    GameOver(#[from] GameOver),
    /// The board is beyond what the requested search can do.
    #[error("{what} supports boards of up to {max} cells; this board has {cells}")]
    BoardTooLarge {
        /// The search or count asked for.
        what: &'static str,
        /// The limit.
        max: usize,
        /// The board's cells.
        cells: usize,
    },
    /// The work would exceed a documented bound.
    #[error("{0}")]
    TooLarge(String),
    /// The search assumes "K or more" wins and the rules say exactly K (overlines do not
    /// win): it would answer wrongly, so it does not answer.
    #[error("{what} knows only the freestyle rule (K or more in a row wins, nothing is forbidden); under the exact and Renju rules only the big-board search and minimax or alpha-beta play")]
    ExactKUnsupported {
        /// The search asked for.
        what: &'static str,
    },
    /// The search ran out of its budget (stopped from outside, nodes or time) before it
    /// finished; nothing it found is reported.
    #[error("{0}")]
    Stopped(crate::budget::Exhausted),
    /// Every empty cell is forbidden to x under Renju, so it has no move to make.
    #[error("x has no allowed move: every empty cell is forbidden to it under Renju")]
    NoLegalMove,
}

/// What can go wrong setting up a board (its rules, its text, its stones) or asking a search
/// of it: the error of [`crate::Board`]'s own methods. The engine's umbrella [`crate::Error`]
/// takes each of its variants as its own.
///
/// ```
/// use mnk_engine::{Board, BoardError, Rules};
///
/// let err = Board::from_text(Rules::tic_tac_toe(), "x?./.../...").unwrap_err();
/// assert!(matches!(err, BoardError::Notation(_)));
/// ```
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// Bad rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Bad board text or move.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// An impossible position or move.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A search that cannot be done.
    #[error(transparent)]
    Search(#[from] SearchError),
}
