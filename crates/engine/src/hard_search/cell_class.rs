//! What one stone on an empty cell would make for one side over its four lines together: the
//! cell's class. A line pattern alone cannot tell an open three that also makes a two on a
//! second line (two threats after one more stone) from a lone open three, and the evaluation
//! and move ordering value the two very differently. The classes follow the order of
//! strength that Gomoku players use for combined shapes.

use super::pattern::{Pattern, PATTERNS};

/// The class of a cell for one side, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum CellClass {
    /// Nothing better than a closed two on any line.
    None = 0,
    /// One open two.
    Flex2,
    /// One closed three (and at most nothing better than a closed two elsewhere).
    Block3,
    /// Two open twos or more: the next stone may make two open threes.
    Flex2Twice,
    /// A closed three and another closed three or open two.
    Block3Plus,
    /// One open three.
    Flex3,
    /// An open three and a closed three or an open two on another line.
    Flex3Plus,
    /// Two open threes.
    Flex3Twice,
    /// One four, nothing else of note.
    Block4,
    /// A four and a closed three or an open two on another line.
    Block4Plus,
    /// A four and an open three.
    Block4Flex3,
    /// An open four, or two fours.
    Flex4,
    /// K in a row.
    Five,
}

impl CellClass {
    /// Every class, weakest first: `ALL[c as usize] == c`.
    pub const ALL: [CellClass; CELL_CLASSES] = [
        CellClass::None,
        CellClass::Flex2,
        CellClass::Block3,
        CellClass::Flex2Twice,
        CellClass::Block3Plus,
        CellClass::Flex3,
        CellClass::Flex3Plus,
        CellClass::Flex3Twice,
        CellClass::Block4,
        CellClass::Block4Plus,
        CellClass::Block4Flex3,
        CellClass::Flex4,
        CellClass::Five,
    ];
}

/// Number of cell classes.
pub const CELL_CLASSES: usize = CellClass::Five as usize + 1;

/// Names of the classes, as the tuning tool's keys use them (after `cell_` or `order_cell_`).
#[cfg(any(test, feature = "internals"))]
pub const NAMES: [&str; CELL_CLASSES] = [
    "none",
    "flex2",
    "block3",
    "flex2x2",
    "block3plus",
    "flex3",
    "flex3plus",
    "flex3x2",
    "block4",
    "block4plus",
    "block4flex3",
    "flex4",
    "five",
];

/// The class of a cell whose four line patterns are `p`.
#[inline]
pub fn class_of(p: [Pattern; 4]) -> CellClass {
    class_of_code(class_code(p))
}

/// What a pattern on each line weighs in a [`class_code`]: the code is the four patterns as
/// the digits of a number in base [`PATTERNS`], the first line the most significant.
pub const LINE_PLACE: [usize; 4] = [
    PATTERNS * PATTERNS * PATTERNS,
    PATTERNS * PATTERNS,
    PATTERNS,
    1,
];

/// The code of four line patterns, which [`class_of_code`] turns into their class (a caller
/// that changes one line can change the code by that line's [`LINE_PLACE`]).
#[inline]
pub fn class_code(p: [Pattern; 4]) -> usize {
    p.iter().fold(0, |code, &x| code * PATTERNS + x as usize)
}

/// The class of the cell whose lines have the [`class_code`] `code`.
#[inline]
pub fn class_of_code(code: usize) -> CellClass {
    CLASS_TABLE[code]
}

/// [`classify`] for every packed code `p0*1000 + p1*100 + p2*10 + p3`, built at compile time.
static CLASS_TABLE: [CellClass; PATTERNS * PATTERNS * PATTERNS * PATTERNS] = {
    let mut table = [CellClass::None; PATTERNS * PATTERNS * PATTERNS * PATTERNS];
    let mut code = 0;
    while code < table.len() {
        table[code] = classify(code);
        code += 1;
    }
    table
};

/// The class of the packed code `code` (see [`CLASS_TABLE`]).
const fn classify(code: usize) -> CellClass {
    // How many lines make each pattern.
    let mut n = [0u8; PATTERNS];
    let mut rest = code;
    let mut line = 0;
    while line < 4 {
        n[rest % PATTERNS] += 1;
        rest /= PATTERNS;
        line += 1;
    }
    let five = n[Pattern::Five as usize];
    let flex4 = n[Pattern::Flex4 as usize];
    let block4 = n[Pattern::Block4 as usize];
    let flex3 = n[Pattern::Flex3 as usize];
    let block3 = n[Pattern::Block3 as usize];
    let flex2 = n[Pattern::Flex2 as usize];
    // What a second line adds to a four or an open three: a closed three or an open two.
    let helpers = block3 + flex2;
    if five > 0 {
        CellClass::Five
    } else if flex4 > 0 || block4 >= 2 {
        CellClass::Flex4
    } else if block4 == 1 && flex3 > 0 {
        CellClass::Block4Flex3
    } else if block4 == 1 && helpers > 0 {
        CellClass::Block4Plus
    } else if block4 == 1 {
        CellClass::Block4
    } else if flex3 >= 2 {
        CellClass::Flex3Twice
    } else if flex3 == 1 && helpers > 0 {
        CellClass::Flex3Plus
    } else if flex3 == 1 {
        CellClass::Flex3
    } else if block3 >= 1 && helpers >= 2 {
        CellClass::Block3Plus
    } else if flex2 >= 2 {
        CellClass::Flex2Twice
    } else if block3 >= 1 {
        CellClass::Block3
    } else if flex2 == 1 {
        CellClass::Flex2
    } else {
        CellClass::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn combined_shapes_get_their_class_whatever_the_order_of_the_lines() {
        let cases = [
            ([None, None, None, None], CellClass::None),
            ([Block2, Flex1, None, Block1], CellClass::None),
            ([Flex2, None, None, None], CellClass::Flex2),
            ([None, Flex2, Block2, Flex2], CellClass::Flex2Twice),
            ([Block3, None, None, None], CellClass::Block3),
            ([Block3, Flex2, None, None], CellClass::Block3Plus),
            ([Block3, Block3, None, None], CellClass::Block3Plus),
            ([Flex3, None, None, None], CellClass::Flex3),
            ([Flex2, Flex3, None, None], CellClass::Flex3Plus),
            ([Flex3, Block3, None, None], CellClass::Flex3Plus),
            ([Flex3, None, Flex3, None], CellClass::Flex3Twice),
            ([Block4, None, Block2, None], CellClass::Block4),
            ([Block4, Flex2, None, None], CellClass::Block4Plus),
            ([Flex3, Block4, None, None], CellClass::Block4Flex3),
            ([Block4, Block4, None, None], CellClass::Flex4),
            ([Flex4, None, None, None], CellClass::Flex4),
            ([Flex3, Five, None, None], CellClass::Five),
        ];
        for (lines, class) in cases {
            for turn in 0..4 {
                let mut p = lines;
                p.rotate_left(turn);
                assert_eq!(class_of(p), class, "{p:?}");
            }
        }
    }
}
