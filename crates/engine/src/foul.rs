//! Why a move is forbidden: the reasons Renju gives, apart from the test that finds them
//! ([`crate::renju`]), so that the errors can name them.

use std::fmt;

/// Why a move is forbidden to x under Renju.
///
/// ```
/// use mnk_engine::{Board, Foul, Rule, Rules};
///
/// // Renju: x may not make two open threes at once (h8 would make two here).
/// let rules = Rules::new(15, 15, Some(5)).unwrap().with_rule(Rule::Renju);
/// let mut board = Board::new(rules);
/// for cell in ["g8", "a1", "i8", "a3", "h7", "a5", "h9", "a7"] {
///     board.play(board.parse_cell(cell).unwrap()).unwrap();
/// }
/// assert_eq!(board.foul(board.parse_cell("h8").unwrap()), Some(Foul::DoubleThree));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Foul {
    /// More than K in a row.
    Overline,
    /// Two fours or more made at once.
    DoubleFour,
    /// Two threes or more made at once.
    DoubleThree,
}

impl Foul {
    /// The rule's short name in English, as the protocol and the JSON write it.
    pub fn name(self) -> &'static str {
        match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double four",
            Foul::DoubleThree => "double three",
        }
    }
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
