//! Why a move is forbidden: the reasons Renju gives, apart from the test that finds them
//! ([`crate::renju`]), so that the errors can name them.

use std::fmt;

/// Why a move is forbidden to x under Renju.
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
