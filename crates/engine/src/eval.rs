//! Heuristic evaluation for depth-limited search: the seeds' "open lines" count, the number of
//! winning windows a side could still complete minus those its opponent could.

use crate::bits::BitSet;
use crate::position::Position;
use crate::score::Score;
use crate::side::Side;

/// The evaluators a depth-limited search can use.
///
/// ```
/// use mnk_engine::Evaluator;
///
/// // The seeds' evaluator is the default of a lesson on a real game tree.
/// assert_eq!(Evaluator::default(), Evaluator::OpenLines);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evaluator {
    /// Open lines of a side minus open lines of its opponent (seeds 001 and 004).
    #[default]
    OpenLines,
    /// Every unfinished position is worth 0: pure win/draw/loss search to the horizon.
    Zero,
}

impl Evaluator {
    /// The estimated value of `pos` for `side`, always strictly inside the heuristic bound.
    pub(crate) fn evaluate<B: BitSet>(self, pos: &Position<B>, side: Side) -> Score {
        match self {
            Evaluator::OpenLines => open_lines(pos, side) - open_lines(pos, side.other()),
            Evaluator::Zero => 0,
        }
    }
}

/// Windows holding no stone of `side`'s opponent: the lines `side` could still complete.
pub fn open_lines<B: BitSet>(pos: &Position<B>, side: Side) -> Score {
    let theirs = pos.stones(side.other());
    pos.geometry()
        .windows()
        .iter()
        .filter(|w| w.and(theirs).is_empty())
        .count() as Score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rules::Rules;

    #[test]
    fn centre_stone_on_3x3_is_worth_four_lines() {
        let geo = Geometry::<u64>::new(Rules::tic_tac_toe());
        let pos = Position::from_text(geo.clone(), ".../.x./...").unwrap();
        // x keeps all 8 lines, o keeps the 4 that avoid the centre.
        assert_eq!(Evaluator::OpenLines.evaluate(&pos, Side::X), 4);
        assert_eq!(Evaluator::OpenLines.evaluate(&pos, Side::O), -4);
        let corner = Position::from_text(geo, "x../.../...").unwrap();
        assert_eq!(Evaluator::OpenLines.evaluate(&corner, Side::X), 3);
    }
}
