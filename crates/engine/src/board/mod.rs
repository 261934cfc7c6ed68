//! [`Board`]: one position type for the front ends, whatever the board size. Boards of up to
//! 64 cells use one machine word per side, larger ones a wider set; the front ends never see
//! the difference. A board keeps the rules, the moves and the text; the searches' entry
//! points that take one are in [`crate::exact`] (the exact searches) and [`crate::ai`] (the
//! players), and reach its position through [`with_position`].

use crate::bits::{BitSet, Mid, Wide};
use crate::error::BoardError;
use crate::error::{GameOver, NotationError, PositionError};
use crate::foul::Foul;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::rules::Rules;
use crate::score::Score;
use crate::side::{Outcome, Side};

/// A position on a board of any supported size (1x1 to 26x26). Boards of up to 64 cells use
/// one machine word per side, larger ones a wider set; callers never see the difference.
///
/// ```
/// use mnk_engine::{Board, Outcome, Rules, Side};
///
/// let mut board = Board::new(Rules::tic_tac_toe());
/// for name in ["a1", "b1", "a2", "b2", "a3"] {
///     let cell = board.parse_cell(name).unwrap();
///     board.play(cell).unwrap();
/// }
/// assert_eq!(board.outcome(), Some(Outcome::Win(Side::X)));
/// assert!(board.play(8).is_err()); // the game is over: no move is taken
/// assert_eq!(board.to_text(), "x../xo./xo.");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Board(pub(crate) Repr);

/// How a [`Board`] holds its position.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Repr {
    /// Up to 64 cells.
    Small(Position<u64>),
    /// 65 to 128 cells.
    Mid(Position<Mid>),
    /// 129 to 676 cells.
    Wide(Position<Wide>),
}

impl From<Position<u64>> for Board {
    fn from(p: Position<u64>) -> Board {
        Board(Repr::Small(p))
    }
}

impl From<Position<Mid>> for Board {
    fn from(p: Position<Mid>) -> Board {
        Board(Repr::Mid(p))
    }
}

impl From<Position<Wide>> for Board {
    fn from(p: Position<Wide>) -> Board {
        Board(Repr::Wide(p))
    }
}

/// Runs the same code on either variant, mutably.
macro_rules! each_mut {
    ($board:expr, $p:ident => $body:expr) => {
        match &mut $board.0 {
            Repr::Small($p) => $body,
            Repr::Mid($p) => $body,
            Repr::Wide($p) => $body,
        }
    };
}

/// Runs the same code on either variant: the one place that dispatches on how a board holds
/// its position. The rest of the crate reaches it as [`with_position`], so that nothing
/// outside this module names the representations.
macro_rules! each {
    ($board:expr, $p:ident => $body:expr) => {
        match &$board.0 {
            $crate::board::Repr::Small($p) => $body,
            $crate::board::Repr::Mid($p) => $body,
            $crate::board::Repr::Wide($p) => $body,
        }
    };
}

/// `with_position!(board, p => body)`: `body` with `p` bound to the board's position, of
/// whichever width (the body is generic code over `Position<B>`).
pub(crate) use each as with_position;

impl Board {
    /// The empty board of a rule set, x to move.
    pub fn new(rules: Rules) -> Board {
        match rules.cells() {
            ..=64 => Board::from(Position::<u64>::empty(Geometry::new(rules))),
            65..=128 => Board::from(Position::<Mid>::empty(Geometry::new(rules))),
            _ => Board::from(Position::<Wide>::empty(Geometry::new(rules))),
        }
    }

    /// Parses board text (see DESIGN.md) for a rule set.
    pub fn from_text(rules: Rules, text: &str) -> Result<Board, BoardError> {
        Ok(match rules.cells() {
            ..=64 => Board::from(Position::<u64>::from_text(Geometry::new(rules), text)?),
            65..=128 => Board::from(Position::<Mid>::from_text(Geometry::new(rules), text)?),
            _ => Board::from(Position::<Wide>::from_text(Geometry::new(rules), text)?),
        })
    }

    /// The position with stones of x on `x` and of o on `o` (cells), `to_move` to move, if a
    /// game can reach it (counts, lines); the moves that led there are unknown, so it starts a
    /// new history.
    pub fn from_stones(
        rules: Rules,
        x: &[usize],
        o: &[usize],
        to_move: Side,
    ) -> Result<Board, PositionError> {
        let cells = rules.cells();
        if let Some(&cell) = x.iter().chain(o).find(|&&c| c >= cells) {
            return Err(PositionError::OffBoard { cell, cells });
        }
        fn build<B: BitSet>(
            rules: Rules,
            x: &[usize],
            o: &[usize],
            to_move: Side,
        ) -> Result<Position<B>, PositionError> {
            let set = |cells: &[usize]| cells.iter().fold(B::default(), |s, &c| s.with(c));
            let (xs, os) = (set(x), set(o));
            if let Some(cell) = xs.and(os).lowest() {
                return Err(PositionError::Occupied(rules.cell_name(cell)));
            }
            Position::from_stones(Geometry::new(rules), xs, os, Some(to_move))
        }
        Ok(match cells {
            ..=64 => Board::from(build::<u64>(rules, x, o, to_move)?),
            65..=128 => Board::from(build::<Mid>(rules, x, o, to_move)?),
            _ => Board::from(build::<Wide>(rules, x, o, to_move)?),
        })
    }

    /// The same stones with a given side to move, when the stone counts allow it (the moves
    /// played so far are forgotten).
    pub fn with_side_to_move(&self, side: Side) -> Result<Board, PositionError> {
        Ok(each!(self, p => Board::from(Position::from_stones(
            p.geometry().clone(),
            p.stones(Side::X),
            p.stones(Side::O),
            Some(side),
        )?)))
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        each!(self, p => p.rules())
    }

    /// Board text.
    pub fn to_text(&self) -> String {
        each!(self, p => p.to_text())
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        each!(self, p => p.to_move())
    }

    /// The stone on a cell.
    pub fn stone(&self, cell: usize) -> Option<Side> {
        each!(self, p => {
            if p.stones(Side::X).contains(cell) {
                Some(Side::X)
            } else if p.stones(Side::O).contains(cell) {
                Some(Side::O)
            } else {
                None
            }
        })
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        each!(self, p => p.stone_count())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// Nothing when the game goes on; the [`GameOver`] error once it is over.
    pub fn unfinished(&self) -> Result<(), GameOver> {
        each!(self, p => p.unfinished())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        each!(self, p => p.is_over())
    }

    /// The cells of the winning line, when there is one.
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        each!(self, p => p.winning_line().map(|l| l.cells().collect()))
    }

    /// Why the side to move may not play the empty `cell`, if it may not (x under Renju).
    ///
    /// ```
    /// use mnk_engine::{Board, Foul, Rule, Rules};
    ///
    /// let renju = Rules::new(15, 15, None).unwrap().with_rule(Rule::Renju);
    /// let mut board = Board::new(renju);
    /// // x: i8, j8, h7, h6 (o far away); h8 would make two open threes.
    /// for name in ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"] {
    ///     board.play(board.parse_cell(name).unwrap()).unwrap();
    /// }
    /// let h8 = board.parse_cell("h8").unwrap();
    /// assert_eq!(board.foul(h8), Some(Foul::DoubleThree));
    /// assert!(!board.legal_moves().contains(&h8));
    /// ```
    pub fn foul(&self, cell: usize) -> Option<Foul> {
        each!(self, p => p.foul(cell))
    }

    /// Every empty cell the side to move may not play, with the reason, in cell order: x's
    /// forbidden points under Renju (none otherwise), for the front ends to mark.
    pub fn forbidden_cells(&self) -> Vec<(usize, Foul)> {
        if !self.rules().has_forbidden_moves() || self.to_move() != Side::X || self.is_over() {
            return Vec::new();
        }
        (0..self.rules().cells())
            .filter(|&c| self.stone(c).is_none())
            .filter_map(|c| Some((c, self.foul(c)?)))
            .collect()
    }

    /// The legal moves in cell order (without the moves forbidden to x under Renju).
    pub fn legal_moves(&self) -> Vec<usize> {
        each!(self, p => p.legal_moves().cells().collect())
    }

    /// The moves played since set-up.
    pub fn history(&self) -> Vec<usize> {
        each!(self, p => p.history().iter().map(|&c| c as usize).collect())
    }

    /// The last move played since set-up.
    pub fn last_move(&self) -> Option<usize> {
        each!(self, p => p.last_move())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, cell: usize) -> Result<(), PositionError> {
        each_mut!(self, p => p.play(cell))
    }

    /// Takes back the last move played since set-up.
    pub fn undo(&mut self) -> Result<usize, PositionError> {
        each_mut!(self, p => p.undo())
    }

    /// Parses a move in notation or as a cell number ([`Rules::parse_cell`] on this board's
    /// rules).
    pub fn parse_cell(&self, text: &str) -> Result<usize, NotationError> {
        self.rules().parse_cell(text)
    }

    /// A cell's name (`a1` = bottom-left; [`Rules::cell_name`] on this board's rules).
    pub fn cell_name(&self, cell: usize) -> String {
        self.rules().cell_name(cell)
    }

    /// Turns a score from x's point of view into one for the side to move.
    pub fn for_side_to_move(&self, x_score: Score) -> Score {
        match self.to_move() {
            Side::X => x_score,
            Side::O => -x_score,
        }
    }

    /// The wide-board position (boards of more than 128 cells).
    #[cfg(any(test, feature = "internals"))]
    pub(crate) fn as_wide(&self) -> Option<&Position<Wide>> {
        match &self.0 {
            Repr::Wide(p) => Some(p),
            _ => None,
        }
    }

    /// The two-word position (boards of 65 to 128 cells).
    #[cfg(any(test, feature = "internals"))]
    pub(crate) fn as_mid(&self) -> Option<&Position<Mid>> {
        match &self.0 {
            Repr::Mid(p) => Some(p),
            _ => None,
        }
    }

    /// The small-board position, for the searches that need one machine word.
    pub(crate) fn as_small(&self) -> Option<&Position<u64>> {
        match &self.0 {
            Repr::Small(p) => Some(p),
            _ => None,
        }
    }
}
