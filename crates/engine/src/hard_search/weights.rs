//! The evaluation and move-ordering weights of the big-board search, in one place so that a
//! tuning run (`cargo bench -p mnk-bench --bench tune`) can set them by name, and the two
//! functions that use them: the static estimate of a position and the value of a cell.

use super::cell_class::{class_of, CellClass, CELL_CLASSES};
use super::pattern::{Pattern, PATTERNS};
use super::state::State;
use super::tactics::combos;
use crate::score::Score;
use crate::side::Side;

/// Estimates are clamped to this magnitude, well inside the decisive range.
pub const EVAL_LIMIT: Score = 20_000;

/// The weights. `eval[p]` is what one (empty cell, line) pair on which a side would make
/// pattern `p` is worth to the estimate; `order[p]` what it adds to a cell's value for move
/// ordering (a cell's own combinations, such as a four and a three, are valued apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Estimate per pattern instance, indexed by [`Pattern`].
    pub eval: [Score; PATTERNS],
    /// The side to move's patterns count `mover_num / 5` of the other side's (having the
    /// move is worth something).
    pub mover_num: Score,
    /// Move-ordering value per pattern on a cell, indexed by [`Pattern`].
    pub order: [i64; PATTERNS],
    /// Move ordering: how much more a cell's value for the side to move counts than its
    /// value for the opponent (taking the cell from them), in halves.
    pub own_halves: i64,
    /// Estimate of each cell (two at most) where the side to move would make two threats at
    /// once (a four-three or a double three) that is not already a proven win (the opponent
    /// can answer with fours).
    pub combo_mine: Score,
    /// Estimate of each cell (two at most) where the opponent would make two threats at
    /// once: counted against the side to move, which must spend its move on it.
    pub combo_theirs: Score,
    /// Estimate per empty cell of each [`CellClass`] (a side's four lines through the cell
    /// together), on top of its line patterns.
    pub cell: [Score; CELL_CLASSES],
    /// Move ordering: what a cell's [`CellClass`] adds to its value, on top of its lines.
    pub order_cell: [i64; CELL_CLASSES],
}

/// The defaults. An open three and a four were raised from 20 and 25 to 30 and 35 by the
/// tuning tool: 24 of 32 points in self-play against the old weights (300 ms a move, ten
/// openings, both colours). The double-threat cells: without them (0, 0) the search scored
/// 6.5 of 20 against (150, 100), and (300, 200) scored 12 of 20 against (150, 100) (300 ms,
/// 2 cores at a load of 6 to 8). The cell classes' weights (a three or a four with a second
/// line's two or closed three, two open twos, two closed threes) came from self-play at 20,000
/// nodes a move, 60 games each on the tuning tool's openings, each step against the one before:
/// the estimate's weights 35 of 60 (seed 31); ordering by class on top, 38 of 60 (seed 32);
/// that ordering doubled, 34.5 of 60 (seed 33). Doubling either again was within the noise
/// (31.5 and 31 of 60, seeds 34 and 35).
impl Default for Weights {
    fn default() -> Self {
        Weights {
            eval: [0, 1, 2, 3, 8, 6, 30, 35, 70, 0],
            mover_num: 6,
            order: [0, 1, 2, 4, 12, 10, 600, 500, 0, 0],
            own_halves: 4,
            combo_mine: 300,
            combo_theirs: 200,
            cell: [0, 0, 0, 15, 10, 0, 40, 0, 0, 30, 0, 0, 0],
            order_cell: [0, 0, 0, 60, 40, 0, 600, 0, 0, 400, 0, 0, 0],
        }
    }
}

/// Names of the patterns, as the tuning tool's keys use them.
#[cfg(any(test, feature = "internals"))]
const NAMES: [&str; PATTERNS] = [
    "none", "block1", "flex1", "block2", "flex2", "block3", "flex3", "block4", "flex4", "five",
];

impl Weights {
    /// Sets the weight called `key` (`flex3`, `order_flex3`, `mover`, `own`, ...); `false`
    /// for an unknown key.
    #[cfg(any(test, feature = "internals"))]
    pub fn set(&mut self, key: &str, value: i32) -> bool {
        if let Some(p) = NAMES.iter().position(|&n| n == key) {
            self.eval[p] = value;
        } else if let Some(p) = key
            .strip_prefix("order_")
            .and_then(|k| NAMES.iter().position(|&n| n == k))
        {
            self.order[p] = value.into();
        } else if key == "mover" {
            self.mover_num = value;
        } else if key == "own" {
            self.own_halves = value.into();
        } else if key == "combo_mine" {
            self.combo_mine = value;
        } else if key == "combo_theirs" {
            self.combo_theirs = value;
        } else if let Some(c) = Self::cell_class_named(key, "cell_") {
            self.cell[c] = value;
        } else if let Some(c) = Self::cell_class_named(key, "order_cell_") {
            self.order_cell[c] = value.into();
        } else {
            return false;
        }
        true
    }

    /// The index of the cell class that `key` names after `prefix`.
    #[cfg(any(test, feature = "internals"))]
    fn cell_class_named(key: &str, prefix: &str) -> Option<usize> {
        let name = key.strip_prefix(prefix)?;
        super::cell_class::NAMES.iter().position(|&n| n == name)
    }

    /// How good a cell is for a side, from its four line patterns (for move ordering).
    pub fn cell_value(&self, p: [Pattern; 4]) -> i64 {
        // The combinations that win or force are ranked apart, above every sum of lines.
        let class = class_of(p);
        match class {
            CellClass::Five => 1_000_000,
            CellClass::Flex4 => 100_000,
            CellClass::Block4Flex3 => 50_000,
            CellClass::Flex3Twice => 20_000,
            _ => {
                p.iter().map(|&x| self.order[x as usize]).sum::<i64>()
                    + self.order_cell[class as usize]
            }
        }
    }

    /// The value of cell `m` for the side to move: its own patterns and the opponent's.
    pub fn move_value(&self, state: &State, m: usize) -> i64 {
        let me = state.to_move();
        self.own_halves * self.cell_value(state.patterns(m, me)) / 2
            + self.cell_value(state.patterns(m, me.other()))
    }

    /// The static estimate for the side to move: weighted pattern counts, ours minus theirs,
    /// with a bonus for having the move, and the cells where either side would make two
    /// threats at once (see [`combos`]), valued by whose move it is.
    pub fn evaluate(&self, state: &State) -> Score {
        let me = state.to_move();
        let side_sum = |side: Side| -> Score {
            let lines: Score = (1..9)
                .map(|p| self.eval[p] * state.count(side, Pattern::ALL[p]))
                .sum();
            let cells: Score = (CellClass::Flex2 as usize..CellClass::Five as usize)
                .map(|c| self.cell[c] * state.class_count(side, CellClass::ALL[c]))
                .sum();
            lines + cells
        };
        let v = side_sum(me) * self.mover_num / 5 - side_sum(me.other())
            + self.combo_mine * combos(state, me, 2) as Score
            - self.combo_theirs * combos(state, me.other(), 2) as Score;
        v.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_set_by_name() {
        let mut w = Weights::default();
        assert!(w.set("flex3", 30));
        assert!(w.set("order_block4", 7));
        assert!(w.set("mover", 7));
        assert!(!w.set("sixes", 1));
        assert_eq!(w.eval[Pattern::Flex3 as usize], 30);
        assert_eq!(w.order[Pattern::Block4 as usize], 7);
        assert_eq!(w.mover_num, 7);
        assert!(w.set("cell_flex3plus", 40));
        assert!(w.set("order_cell_flex2x2", 9));
        assert!(!w.set("cell_flex9", 1));
        assert_eq!(w.cell[CellClass::Flex3Plus as usize], 40);
        assert_eq!(w.order_cell[CellClass::Flex2Twice as usize], 9);
    }
}
