//! Where the big-board search looks less deep, with the settings in one place:
//! - late-move reductions: a quiet move that the ordering put late is first searched less
//!   deep, with a null window, and searched again at full depth only when it beats the best
//!   so far. The ordering puts threats, blocks and the cells that shape both sides' lines
//!   first, so the late moves rarely matter and most of the depth saved is spent deeper on
//!   the early ones;
//! - static futility: a node near the horizon whose estimate is far above beta is cut, when
//!   the opponent has no threat to make good on;
//! - the width: how many moves an inner node searches at most.

use super::cell_class::{class_of, CellClass};
use super::pattern::Pattern;
use super::state::State;

/// When and by how much moves are reduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// The first move (counting from 0 in the ordering) that may be reduced; 0 turns the
    /// reductions off.
    pub from_move: usize,
    /// From this move on, two plies instead of one (0: never two).
    pub two_from: usize,
    /// Nodes with less depth left than this are not reduced.
    pub min_depth: i32,
    /// Static futility: a null-window node with at most this much depth left whose estimate
    /// beats beta by [`Reductions::futility_margin`] per ply is cut at once (0: never).
    pub futility_depth: i32,
    /// Estimate points per ply of depth left that the futility cut asks for.
    pub futility_margin: i32,
    /// Moves an inner node searches at most, best first by the ordering.
    pub width: usize,
}

/// The defaults, from self-play at 40,000 nodes a move, 60 games each on the tune bench's
/// openings: reductions from the 4th move and two plies from the 10th scored 39 and 32.5 of
/// 60 against none (seeds 36 and 38); static futility at depth 2 and below with 60 points a
/// ply, on top, 36.5 and 34.5 (seeds 42 and 44). Reductions from the 3rd move (29) or by
/// two from the 6th (24.5) did worse; the width stays 18 (24: 36.5 and 27.5). Tried and
/// taken out again, as within the noise or worse (commit 91b8fc4 has them): the null move
/// (28.5 of 60), move-count pruning (29.5), open threes answered two plies past the horizon
/// (27.5), razoring at depth 2 and 3 (30 and 32.5), root moves reduced from the 6th or the
/// 10th (31.5 and 25.5).
impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            from_move: 4,
            two_from: 10,
            min_depth: 3,
            futility_depth: 2,
            futility_margin: 60,
            width: 18,
        }
    }
}

impl Reductions {
    /// Sets the setting called `key` (`lmrfrom`, `lmrtwo`, `lmrdepth`, `futdepth`,
    /// `futmargin`, `width`); `false` for an unknown key.
    #[cfg(any(test, feature = "internals"))]
    pub fn set(&mut self, key: &str, value: i32) -> bool {
        match key {
            "lmrfrom" => self.from_move = value.max(0) as usize,
            "lmrtwo" => self.two_from = value.max(0) as usize,
            "lmrdepth" => self.min_depth = value,
            "futdepth" => self.futility_depth = value,
            "futmargin" => self.futility_margin = value,
            "width" => self.width = value.max(1) as usize,
            _ => return false,
        }
        true
    }

    /// Plies to take off the `index`-th move `m` (0 based, in the ordering) of a node with
    /// `depth` left, before `m` is played. Only [`quiet`] moves are reduced.
    pub fn plies(&self, state: &State, depth: i32, index: usize, m: usize) -> i32 {
        if self.from_move == 0 || index < self.from_move || depth < self.min_depth {
            return 0;
        }
        if !quiet(state, m) {
            return 0;
        }
        if self.two_from != 0 && index >= self.two_from && depth > self.min_depth {
            2
        } else {
            1
        }
    }

    /// Whether a null-window node with `depth` left and the static `estimate` is cut by
    /// static futility against `beta`.
    pub fn futile(&self, depth: i32, estimate: i32, beta: i32, null_window: bool) -> bool {
        null_window
            && depth <= self.futility_depth
            && estimate - self.futility_margin * depth.max(1) >= beta
    }
}

/// Whether the opponent of the side to move has nothing to make good on at once: no four to
/// complete, no open three to make an open four of, no cell where one stone makes two
/// threats. Only then may a node be cut on its estimate.
pub fn opponent_is_quiet(state: &State) -> bool {
    let opp = state.to_move().other();
    state.count(opp, Pattern::Five) == 0
        && state.count(opp, Pattern::Flex4) == 0
        && [
            CellClass::Flex3Twice,
            CellClass::Block4Flex3,
            CellClass::Flex4,
        ]
        .iter()
        .all(|&c| state.class_count(opp, c) == 0)
}

/// Whether move `m` is quiet: it makes no threat of the side to move (an open three or
/// better, on any line) and does not stand on one of the opponent's. Only quiet moves are
/// reduced: the threats are the forcing lines the search lives on.
pub fn quiet(state: &State, m: usize) -> bool {
    let me = state.to_move();
    let forcing = |side| class_of(state.patterns(m, side)) >= CellClass::Flex3;
    !forcing(me) && !forcing(me.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hard_search::tests::played as state;

    #[test]
    fn late_quiet_moves_are_reduced_and_threats_never() {
        let r = Reductions {
            from_move: 3,
            two_from: 8,
            ..Reductions::default()
        };
        // x has two in a row at (5,7) (6,7); o has stones far away. x to move.
        let s = state(&[(5, 7), (1, 1), (6, 7), (1, 13)]);
        let rules = s.rules();
        let quiet = rules.cell(10, 12);
        assert_eq!(
            r.plies(&s, 5, 0, quiet),
            0,
            "early moves are searched in full"
        );
        assert_eq!(r.plies(&s, 5, 3, quiet), 1);
        assert_eq!(r.plies(&s, 5, 8, quiet), 2);
        assert_eq!(
            r.plies(&s, 3, 8, quiet),
            1,
            "two plies only above the least depth"
        );
        assert_eq!(r.plies(&s, 2, 8, quiet), 0, "shallow nodes are not reduced");
        // (7,7) makes x's open three: never reduced, however late.
        assert_eq!(r.plies(&s, 5, 10, rules.cell(7, 7)), 0);
        let off = Reductions {
            from_move: 0,
            ..Reductions::default()
        };
        assert_eq!(off.plies(&s, 9, 20, quiet), 0);
    }

    #[test]
    fn a_block_of_the_opponents_three_is_never_reduced() {
        let r = Reductions {
            from_move: 1,
            two_from: 2,
            min_depth: 1,
            ..Reductions::default()
        };
        // o has two in a row at (5,7) (6,7); x to move: (7,7) would be o's open three.
        let s = state(&[(1, 1), (5, 7), (1, 13), (6, 7)]);
        assert_eq!(r.plies(&s, 5, 5, s.rules().cell(7, 7)), 0);
        assert!(r.plies(&s, 5, 5, s.rules().cell(12, 12)) > 0);
    }
}
