//! The big-board search's two ways of searching less deep where it rarely matters, with
//! their settings in one place:
//! - late-move reductions: a quiet move that the ordering put late is first searched less
//!   deep, with a null window, and searched again at full depth only when it beats the best
//!   so far. The ordering puts threats, blocks and the cells that shape both sides' lines
//!   first, so the late moves rarely matter and most of the depth saved is spent deeper on
//!   the early ones;
//! - the null move: when the side to move stands so well that even passing keeps it above
//!   what the opponent already has elsewhere (a shallower search after a pass still fails
//!   high), the node is cut. Never when the opponent has a threat to make good on a pass.

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
    /// Plies the null move's search takes off, on top of the pass's own (0: no null move).
    pub null_plies: i32,
    /// Nodes with less depth left than this try no null move.
    pub null_min_depth: i32,
    /// Static futility: a null-window node with at most this much depth left whose estimate
    /// beats beta by [`Reductions::futility_margin`] per ply is cut at once (0: never).
    pub futility_depth: i32,
    /// Estimate points per ply of depth left that the futility cut asks for.
    pub futility_margin: i32,
    /// Move-count pruning: at a null-window node with at most this much depth left, quiet
    /// moves past the first [`Reductions::prune_per_ply`] per ply are not searched (0: never).
    pub prune_depth: i32,
    /// Quiet moves searched per ply of depth left where moves are pruned by count.
    pub prune_per_ply: usize,
    /// Moves an inner node searches at most, best first by the ordering.
    pub width: usize,
    /// Plies past the horizon (depth 0) that the search goes on while the side to move must
    /// answer an open three (0: none); the answers are few, and a leaf's estimate cannot
    /// see whether one holds.
    pub three_plies: i32,
    /// Razoring: a null-window node with at most this much depth left whose estimate stays
    /// below alpha by [`Reductions::razor_margin`] per ply, and whose side to move cannot make
    /// a four or an open three, is cut at once (0: never).
    pub razor_depth: i32,
    /// Estimate points per ply of depth left that razoring asks for.
    pub razor_margin: i32,
    /// The first root move (counting from 0) reduced by one ply when quiet (0: none).
    pub root_from: usize,
}

/// The defaults, from self-play at 40,000 nodes a move, 60 games each on the tune bench's
/// openings: reductions from the 4th move and two plies from the 10th scored 39 and 32.5 of
/// 60 against none (seeds 36 and 38); static futility at depth 2 and below with 60 points a
/// ply, on top, 36.5 and 34.5 (seeds 42 and 44). Left off, as within the noise or worse: the
/// null move (28.5 of 60), move-count pruning (29.5), open threes answered two plies past
/// the horizon (27.5), reductions from the 3rd move (29) or by two from the 6th (24.5),
/// razoring at depth 2 and 3 (30 and 32.5), root moves reduced from the 6th or the 10th
/// (31.5 and 25.5); kept at 18: a width of 24 (36.5 and 27.5).
impl Default for Reductions {
    fn default() -> Self {
        Reductions {
            from_move: 4,
            two_from: 10,
            min_depth: 3,
            null_plies: 0,
            null_min_depth: 3,
            futility_depth: 2,
            futility_margin: 60,
            prune_depth: 0,
            prune_per_ply: 4,
            width: 18,
            three_plies: 0,
            razor_depth: 0,
            razor_margin: 60,
            root_from: 0,
        }
    }
}

impl Reductions {
    /// Sets the setting called `key` (`lmrfrom`, `lmrtwo`, `lmrdepth`, `nullr`, `nulldepth`,
    /// `futdepth`, `futmargin`, `prunedepth`, `pruneply`, `width`, `qthree`, `razordepth`,
    /// `razormargin`, `lmrroot`); `false` for an unknown key.
    #[cfg(any(test, feature = "internals"))]
    pub fn set(&mut self, key: &str, value: i32) -> bool {
        match key {
            "lmrfrom" => self.from_move = value.max(0) as usize,
            "lmrtwo" => self.two_from = value.max(0) as usize,
            "lmrdepth" => self.min_depth = value,
            "nullr" => self.null_plies = value.max(0),
            "nulldepth" => self.null_min_depth = value,
            "futdepth" => self.futility_depth = value,
            "futmargin" => self.futility_margin = value,
            "prunedepth" => self.prune_depth = value,
            "pruneply" => self.prune_per_ply = value.max(1) as usize,
            "width" => self.width = value.max(1) as usize,
            "qthree" => self.three_plies = value.max(0),
            "razordepth" => self.razor_depth = value,
            "razormargin" => self.razor_margin = value,
            "lmrroot" => self.root_from = value.max(0) as usize,
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

    /// Whether a node at or past the horizon (`depth` at most 0) is searched on rather than
    /// estimated: the opponent has an open three (a stone would make its open four) and the
    /// node is within [`Reductions::three_plies`] of the horizon.
    pub fn answers_three_past_horizon(&self, state: &State, depth: i32) -> bool {
        depth > -self.three_plies && state.count(state.to_move().other(), Pattern::Flex4) > 0
    }

    /// Whether the `index`-th quiet move (0 based) of a null-window node with `depth` left is
    /// left out (move-count pruning); the caller checks that it is quiet.
    pub fn prunes(&self, depth: i32, index: usize, null_window: bool) -> bool {
        null_window
            && depth <= self.prune_depth
            && index >= self.prune_per_ply * depth.max(1) as usize
    }

    /// Whether a null-window node with `depth` left and the static `estimate` is cut by
    /// static futility against `beta`.
    pub fn futile(&self, depth: i32, estimate: i32, beta: i32, null_window: bool) -> bool {
        null_window
            && depth <= self.futility_depth
            && estimate - self.futility_margin * depth.max(1) >= beta
    }

    /// Plies to take off the `index`-th root move `m` of an iteration `depth` deep: one for a
    /// [`quiet`] move from [`Reductions::root_from`] on, at the depths where inner nodes are
    /// reduced.
    pub fn root_plies(&self, state: &State, depth: i32, index: usize, m: usize) -> i32 {
        let on = self.root_from != 0 && index >= self.root_from && depth >= self.min_depth;
        i32::from(on && quiet(state, m))
    }

    /// Whether a null-window node with `depth` left and the static `estimate` is cut by
    /// razoring against `alpha`: far below it, with no four or open three to make.
    pub fn razors(&self, state: &State, depth: i32, estimate: i32, alpha: i32) -> bool {
        let me = state.to_move();
        depth <= self.razor_depth
            && estimate + self.razor_margin * depth.max(1) < alpha
            && state.count(me, Pattern::Block4) == 0
            && state.count(me, Pattern::Flex4) == 0
            && state.count(me, Pattern::Flex3) == 0
    }

    /// Whether a node with `depth` left may try the null move: it is turned on, the node is
    /// deep enough and has a null window, and the [opponent is quiet](opponent_is_quiet).
    pub fn null_move_allowed(&self, state: &State, depth: i32, null_window: bool) -> bool {
        self.null_plies != 0
            && depth >= self.null_min_depth
            && null_window
            && opponent_is_quiet(state)
    }
}

/// Whether the opponent of the side to move has nothing that a pass, or a quiet move, would
/// let it make good on at once: no four to complete, no open three to make an open four of,
/// no cell where one stone makes two threats. Only then may a node be cut on its estimate or
/// on a pass.
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
/// reduced or pruned: the threats are the forcing lines the search lives on.
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

    #[test]
    fn no_null_move_against_an_open_three_or_when_turned_off() {
        let r = Reductions {
            null_plies: 2,
            ..Reductions::default()
        };
        // o has an open three (5,7) (6,7) (7,7); x to move.
        let three = state(&[(1, 1), (5, 7), (1, 13), (6, 7), (13, 1), (7, 7)]);
        assert!(!r.null_move_allowed(&three, 5, true));
        // o has only a two: a pass gives it nothing it can make good on at once.
        let two = state(&[(1, 1), (5, 7), (1, 13), (6, 7)]);
        assert!(r.null_move_allowed(&two, 5, true));
        assert!(!r.null_move_allowed(&two, 2, true), "too shallow");
        assert!(!r.null_move_allowed(&two, 5, false), "not on a full window");
        assert!(!Reductions::default().null_move_allowed(&two, 9, true));
    }

    #[test]
    fn past_the_horizon_only_an_open_three_is_answered_and_only_so_far() {
        let r = Reductions {
            three_plies: 2,
            ..Reductions::default()
        };
        let three = state(&[(1, 1), (5, 7), (1, 13), (6, 7), (13, 1), (7, 7)]);
        assert!(r.answers_three_past_horizon(&three, 0));
        assert!(r.answers_three_past_horizon(&three, -1));
        assert!(
            !r.answers_three_past_horizon(&three, -2),
            "two plies past at most"
        );
        let two = state(&[(1, 1), (5, 7), (1, 13), (6, 7)]);
        assert!(!r.answers_three_past_horizon(&two, 0));
        assert!(!Reductions::default().answers_three_past_horizon(&three, 0));
    }

    #[test]
    fn razoring_cuts_far_below_alpha_unless_the_mover_can_make_a_threat() {
        let r = Reductions {
            razor_depth: 2,
            razor_margin: 50,
            ..Reductions::default()
        };
        // x to move with scattered stones: nothing to make a three of.
        let quiet = state(&[(1, 1), (7, 7), (13, 13), (8, 8)]);
        assert!(r.razors(&quiet, 2, 0, 101));
        assert!(!r.razors(&quiet, 2, 0, 100), "within the margin");
        assert!(!r.razors(&quiet, 3, 0, 1000), "too deep");
        // x to move with two in a row: one stone makes an open three.
        let two = state(&[(5, 7), (1, 1), (6, 7), (1, 13)]);
        assert!(!r.razors(&two, 1, 0, 1000));
        assert!(!Reductions::default().razors(&quiet, 1, 0, 1000));
    }

    #[test]
    fn late_quiet_root_moves_lose_a_ply_only_when_turned_on() {
        let r = Reductions {
            root_from: 5,
            ..Reductions::default()
        };
        let s = state(&[(5, 7), (1, 1), (6, 7), (1, 13)]);
        let quiet = s.rules().cell(10, 12);
        assert_eq!(r.root_plies(&s, 6, 5, quiet), 1);
        assert_eq!(r.root_plies(&s, 6, 4, quiet), 0, "an early root move");
        assert_eq!(r.root_plies(&s, 2, 9, quiet), 0, "a shallow iteration");
        assert_eq!(
            r.root_plies(&s, 6, 9, s.rules().cell(7, 7)),
            0,
            "an open three"
        );
        assert_eq!(Reductions::default().root_plies(&s, 6, 9, quiet), 0);
    }
}
