//! The rules of an m,n,k-game: board width and height, and how many in a row win.

use crate::error::{NotationError, RulesError};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// Largest board side (columns are lettered `a`..`z`).
///
/// ```
/// use mnk_engine::{Rules, MAX_SIDE};
///
/// assert!(Rules::new(MAX_SIDE, MAX_SIDE, Some(5)).is_ok());
/// assert!(Rules::new(MAX_SIDE + 1, 3, Some(3)).is_err());
/// ```
pub const MAX_SIDE: usize = 26;

/// A validated rule set: a board `width` x `height`, `k` in a row wins; by default "K or
/// more" (freestyle), or exactly K when [`Rules::with_exact_k`] says so (a line longer than
/// K, an overline, does not win, as in Gomocup's exactly-five rule).
///
/// ```
/// use mnk_engine::Rules;
///
/// let gomoku = Rules::new(15, 15, None).unwrap(); // K defaults to min(W, H, 5)
/// assert_eq!(gomoku.k(), 5);
/// assert!(Rules::new(3, 3, Some(4)).is_err()); // no room for 4 in a row
/// // Cells are named like a chess board: column letter, row number, a1 bottom-left.
/// let ttt = Rules::tic_tac_toe();
/// assert_eq!(ttt.cell_name(ttt.parse_cell("b2").unwrap()), "b2");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rules {
    width: usize,
    height: usize,
    k: usize,
    rule: Rule,
}

/// Who wins with which lines, and which moves are forbidden: Gomocup's rule choices.
///
/// ```
/// use mnk_engine::Rule;
///
/// let renju: Rule = "renju".parse().unwrap();
/// assert_eq!(renju.to_string(), "renju");
/// assert!("chess".parse::<Rule>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rule {
    /// K or more in a row wins, for both sides (freestyle Gomoku).
    #[default]
    Freestyle,
    /// Exactly K in a row wins, for both sides: an overline does not.
    Exact,
    /// The Renju International Federation's rule: x (black) wins only with exactly K and may
    /// not make an overline, a double four or a double three (see [`Foul`](crate::Foul)); o
    /// (white) wins with K or more and has no restriction.
    Renju,
}

impl Rule {
    /// Every rule, in the order the protocol numbers them.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Exact, Rule::Renju];

    /// The rule's name on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Exact => "exact",
            Rule::Renju => "renju",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| RulesError::UnknownRule(s.chars().take(40).collect()))
    }
}

impl Rules {
    /// Checks and builds a rule set; `k` defaults to `min(width, height, 5)`.
    pub fn new(width: usize, height: usize, k: Option<usize>) -> Result<Self, RulesError> {
        for (name, side) in [("width", width), ("height", height)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return Err(RulesError::Side { name, side });
            }
        }
        let k = k.unwrap_or_else(|| width.min(height).min(5));
        let longest = width.max(height);
        if k < 1 || k > longest {
            return Err(RulesError::K { k, longest });
        }
        Ok(Rules {
            width,
            height,
            k,
            rule: Rule::Freestyle,
        })
    }

    /// Tic-tac-toe: 3 x 3, three in a row.
    pub fn tic_tac_toe() -> Self {
        Rules {
            width: 3,
            height: 3,
            k: 3,
            rule: Rule::Freestyle,
        }
    }

    /// The same rules where exactly K in a row wins (`true`: overlines do not) or K or more
    /// (`false`, the default).
    ///
    /// ```
    /// use mnk_engine::{Board, Rules};
    ///
    /// let exact = Rules::new(7, 2, Some(3)).unwrap().with_exact_k(true);
    /// let mut board = Board::from_text(exact, "xx.x.../o.o.o..").unwrap();
    /// board.play(board.parse_cell("c2").unwrap()).unwrap(); // four in a row: no win
    /// assert!(!board.is_over());
    /// ```
    pub fn with_exact_k(self, exact: bool) -> Self {
        let rule = if exact { Rule::Exact } else { Rule::Freestyle };
        Rules { rule, ..self }
    }

    /// The same board and K under `rule`.
    ///
    /// ```
    /// use mnk_engine::{Board, Rule, Rules};
    ///
    /// let renju = Rules::new(15, 15, None).unwrap().with_rule(Rule::Renju);
    /// // x (black) may not play a double three: h8 with i8, j8 and h7, h6.
    /// let mut board = Board::new(renju);
    /// for name in ["i8", "a1", "j8", "a2", "h7", "a3", "h6", "a4"] {
    ///     board.play(board.parse_cell(name).unwrap()).unwrap();
    /// }
    /// let h8 = board.parse_cell("h8").unwrap();
    /// assert!(board.play(h8).is_err());
    /// ```
    pub fn with_rule(self, rule: Rule) -> Self {
        Rules { rule, ..self }
    }

    /// The rule: who wins with which lines, and what is forbidden.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Whether exactly K in a row wins for both sides (the [`Rule::Exact`] rule).
    pub fn exact_k(&self) -> bool {
        self.rule == Rule::Exact
    }

    /// Whether `side` wins only with exactly K (an overline does not win for it).
    pub fn exact_for(&self, side: Side) -> bool {
        match self.rule {
            Rule::Freestyle => false,
            Rule::Exact => true,
            Rule::Renju => side == Side::X,
        }
    }

    /// Whether some moves are forbidden to x ([`Rule::Renju`]).
    pub fn has_forbidden_moves(&self) -> bool {
        self.rule == Rule::Renju
    }

    /// Board width (number of columns).
    pub fn width(&self) -> usize {
        self.width
    }

    /// Board height (number of rows).
    pub fn height(&self) -> usize {
        self.height
    }

    /// Stones in a row needed to win.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Number of cells.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Cell index (row by row from the top-left) of column `col`, row `row` from the top.
    pub fn cell(&self, col: usize, row: usize) -> usize {
        row * self.width + col
    }

    /// Column and row (from the top) of a cell index.
    pub fn col_row(&self, cell: usize) -> (usize, usize) {
        (cell % self.width, cell / self.width)
    }

    /// Parses a move: a coordinate like `b2` (column letter from the left, row number from
    /// the bottom, either case) or a cell number `1..=W*H` counted row by row from the
    /// top-left.
    pub fn parse_cell(&self, text: &str) -> Result<usize, NotationError> {
        let t = text.trim();
        let bad = || NotationError::BadMove {
            text: t.chars().take(40).collect(),
            last_col: (b'a' + self.width() as u8 - 1) as char,
            height: self.height(),
            cells: self.cells(),
        };
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            let n: usize = t.parse().map_err(|_| bad())?;
            return if (1..=self.cells()).contains(&n) {
                Ok(n - 1)
            } else {
                Err(bad())
            };
        }
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let col = (letter as u8 - b'a') as usize;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(bad());
        }
        let row_from_bottom: usize = digits.parse().map_err(|_| bad())?;
        if col >= self.width() || !(1..=self.height()).contains(&row_from_bottom) {
            return Err(bad());
        }
        Ok(self.cell(col, self.height() - row_from_bottom))
    }

    /// A cell's name in move notation: column letter from the left, row number from the
    /// bottom (`a1` is the bottom-left corner).
    pub fn cell_name(&self, cell: usize) -> String {
        let (col, row) = self.col_row(cell);
        format!("{}{}", (b'a' + col as u8) as char, self.height - row)
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::tic_tac_toe()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}, k={}", self.width, self.height, self.k)?;
        match self.rule {
            Rule::Freestyle => {}
            Rule::Exact => write!(f, " exactly")?,
            Rule::Renju => write!(f, " renju")?,
        }
        Ok(())
    }
}

/// A board size `WxH` as written on the command line.
///
/// ```
/// use mnk_engine::Size;
///
/// let size: Size = "15x15".parse().unwrap();
/// assert_eq!((size.width, size.height), (15, 15));
/// assert!("15by15".parse::<Size>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Size {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
}

impl FromStr for Size {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RulesError::SizeSyntax(s.to_string());
        let (w, h) = s.trim().split_once(['x', 'X']).ok_or_else(bad)?;
        let width: usize = w.trim().parse().map_err(|_| bad())?;
        let height: usize = h.trim().parse().map_err(|_| bad())?;
        Ok(Size { width, height })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_name_and_parse_both_ways() {
        let r = Rules::new(3, 3, None).unwrap();
        assert_eq!(r.cell_name(6), "a1");
        assert_eq!(r.cell_name(4), "b2");
        assert_eq!(r.cell_name(2), "c3");
        assert_eq!(r.parse_cell("a1").unwrap(), 6);
        assert_eq!(r.parse_cell(" C3 ").unwrap(), 2);
        assert_eq!(r.parse_cell("1").unwrap(), 0);
        assert_eq!(r.parse_cell("9").unwrap(), 8);
        for bad in [
            "",
            "0",
            "10",
            "d1",
            "a4",
            "a0",
            "b",
            "2b",
            "zz",
            "a1x",
            "99999999999999999999",
        ] {
            assert!(r.parse_cell(bad).is_err(), "{bad:?}");
        }
        let big = Rules::new(15, 15, None).unwrap();
        assert_eq!(big.parse_cell("o15").unwrap(), 14);
        assert_eq!(big.cell_name(14), "o15");
    }

    #[test]
    fn default_k_is_min_of_sides_and_five() {
        assert_eq!(Rules::new(3, 3, None).unwrap().k(), 3);
        assert_eq!(Rules::new(15, 15, None).unwrap().k(), 5);
        assert_eq!(Rules::new(7, 4, None).unwrap().k(), 4);
    }

    #[test]
    fn bad_rules_are_refused() {
        assert!(Rules::new(0, 3, None).is_err());
        assert!(Rules::new(27, 3, None).is_err());
        assert!(Rules::new(3, 3, Some(4)).is_err());
        assert!(Rules::new(3, 3, Some(0)).is_err());
        assert!(Rules::new(5, 3, Some(5)).is_ok());
    }

    #[test]
    fn sizes_parse() {
        assert_eq!(
            "4x3".parse::<Size>().unwrap(),
            Size {
                width: 4,
                height: 3
            }
        );
        assert!("4by3".parse::<Size>().is_err());
        assert!("x3".parse::<Size>().is_err());
    }
}
