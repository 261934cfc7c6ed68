//! Threat verdicts and threat probes for the interior of the main search.
//!
//! - [`verdict`]: wins read off the patterns alone, proven in a few plies (an open four or a
//!   double four to make; a four-three or a double three when the opponent cannot make a four).
//! - [`combos`]: the cells where each side would make two threats at once (four-three,
//!   double three, double four), which the evaluation scores for both sides together.
//! - [`Probe`]: a bounded threat search (VCF, then VCT) for the side to move at the shallow
//!   nodes of the main search, with a small table of its results so that repeated
//!   iterations do not search the same position again. Nothing here allocates after
//!   [`Probe::new`].

use super::pattern::Pattern;
use super::state::State;
use super::vct::{Vct, VctLimits};
use crate::budget::Budget;
use crate::score::{win_score, Score};
use crate::side::Side;

/// What one cell gives one side: fours (a four or an open four, per direction) and open
/// threes.
fn shape(p: [Pattern; 4]) -> (u32, u32) {
    let fours = p.iter().filter(|&&x| x >= Pattern::Block4).count() as u32;
    let threes = p.iter().filter(|&&x| x == Pattern::Flex3).count() as u32;
    (fours, threes)
}

/// Whether `side` can make a four (or better) with one stone.
fn can_four(state: &State, side: Side) -> bool {
    state.count(side, Pattern::Block4) > 0
        || state.count(side, Pattern::Flex4) > 0
        || state.count(side, Pattern::Five) > 0
}

/// A win for the side to move read off the patterns, as its score, when neither side can
/// complete K at once (the caller has checked).
///
/// Why each is proven (the opponent cannot complete K next move, having no four now, and the
/// mover's stone never helps it):
/// - an open four, or two fours from one stone: the opponent blocks one cell, the other
///   completes K (3 plies);
/// - a four and an open three from one stone, or two open threes, when the opponent cannot
///   make a four: its reply is not a four, and one stone stops at most one of the two
///   threats (their lines meet only at the mover's stone), so the mover then makes an open
///   four, which the opponent, still without a four, cannot answer (5 plies).
pub fn verdict(state: &State) -> Option<Score> {
    let me = state.to_move();
    let n = state.stone_count();
    if state.can_make(me, Pattern::Flex4) {
        return Some(win_score(n + 3));
    }
    // Under Renju x may not make two fours or two threes at once, and the point that would
    // turn its three into an open four may be forbidden: only the open four is sure.
    if me == Side::X && state.rules().has_forbidden_moves() {
        return None;
    }
    let fours = state.count(me, Pattern::Block4);
    let threes = state.count(me, Pattern::Flex3);
    let quiet_opponent = !can_four(state, me.other());
    if fours >= 2 || (quiet_opponent && fours + threes >= 2) {
        let mut best: Option<usize> = None;
        for cell in state.threat_cells(me) {
            let (f, t) = shape(state.patterns(cell, me));
            if f >= 2 {
                return Some(win_score(n + 3));
            }
            if quiet_opponent && f + t >= 2 {
                best = Some(5);
            }
        }
        if let Some(plies) = best {
            return Some(win_score(n + plies));
        }
    }
    None
}

/// Cells where `side` would make two threats with one stone (a four and an open three, two
/// open threes; two fours count too), at most `cap` of them counted.
pub fn combos(state: &State, side: Side, cap: u32) -> u32 {
    // A combination cell adds at least two to these counts.
    if state.count(side, Pattern::Block4) + state.count(side, Pattern::Flex3) < 2 {
        return 0;
    }
    let mut found = 0;
    for cell in state.threat_cells(side) {
        let (f, t) = shape(state.patterns(cell, side));
        if f + t >= 2 {
            found += 1;
            if found >= cap {
                break;
            }
        }
    }
    found
}

/// Entries of the probe's table (a power of two).
const PROBE_ENTRIES: usize = 1 << 14;

#[derive(Clone, Copy, Default)]
struct Seen {
    key: u64,
    /// Plies of the found win, or 0 when none was found.
    plies: u16,
}

/// The bounded threat search of the shallow nodes, with its table of results.
pub struct Probe {
    vct: Vct,
    seen: Vec<Seen>,
    /// Bounds of each probe: by default 300 nodes, fours alone first, then lines with one
    /// open three. With the slower state of before, self-play (300 ms a move, 20 games, 2
    /// cores at a load of 6 to 8) had found threes costing more depth than they found (2
    /// threes and 400 nodes at plies 1 to 3: 5.5 of 20 against no probe; 1 three and 100
    /// nodes: 7; fours alone and 100 nodes: 10). With the state 3.9 times faster, against
    /// PELA at 300 ms (32 games, load 5.7 to 8.5) one three and 300 nodes scored 19.5 of 32,
    /// fours alone and 100 nodes 18.5 (both with the root's wider VCT).
    pub limits: VctLimits,
    /// Interior nodes this close to the root (in plies) ask the probe whether the side to
    /// move wins by threats: at odd plies this refutes a root move that lets the opponent
    /// start a winning threat sequence, at even plies it finds our own.
    pub plies: usize,
    /// Probes that searched (not answered from the table), for measurements.
    pub searched: u64,
    /// Whether the last probe was cut short by the caller's budget (its stop flag or
    /// deadline), which the caller then stops on too.
    pub interrupted: bool,
}

impl Default for Probe {
    fn default() -> Self {
        Probe::new()
    }
}

impl Probe {
    /// A probe with its table made here, once.
    pub fn new() -> Probe {
        Probe {
            vct: Vct::new(),
            seen: vec![Seen::default(); PROBE_ENTRIES],
            limits: VctLimits {
                threes: 1,
                moves: 10,
                nodes: 300,
            },
            plies: 3,
            searched: 0,
            interrupted: false,
        }
    }

    /// Forgets the remembered results (a new game).
    pub fn clear(&mut self) {
        self.seen.fill(Seen::default());
    }

    /// The win of the side to move by continuous threats, as its score, if the bounded search
    /// finds one. A search cut short by the caller's budget finds nothing and is not
    /// remembered.
    pub fn win(&mut self, state: &mut State, caller: &Budget) -> Option<Score> {
        self.interrupted = false;
        let key = state.hash();
        let slot = (key as usize) & (PROBE_ENTRIES - 1);
        let e = self.seen[slot];
        let n = state.stone_count();
        if e.key == key {
            return (e.plies > 0).then(|| win_score(n + e.plies as usize));
        }
        if self.limits.nodes == 0 {
            return None;
        }
        self.searched += 1;
        let found = self.vct.find_fours_first(state, self.limits, caller);
        self.interrupted = caller.is_interrupted();
        if self.interrupted {
            return None;
        }
        let plies = found.map_or(0, |w| w.plies.min(u16::MAX as usize) as u16);
        self.seen[slot] = Seen { key, plies };
        found.map(|w| win_score(n + w.plies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hard_search::tests::played as state;

    #[test]
    fn a_double_three_wins_only_against_a_quiet_opponent() {
        // x: (7,7) (8,7) and (6,8) (6,9): (6,7) would make two open threes; o's stones far.
        let s = state(&[
            (7, 7),
            (0, 0),
            (8, 7),
            (14, 0),
            (6, 8),
            (0, 14),
            (6, 9),
            (14, 14),
        ]);
        assert_eq!(s.to_move(), Side::X);
        assert_eq!(verdict(&s), Some(win_score(s.stone_count() + 5)));
        assert_eq!(combos(&s, Side::X, 8), 1);
        assert_eq!(combos(&s, Side::O, 8), 0);
        // o with a three of its own (a four to make) may answer with fours: no verdict.
        let s = state(&[
            (7, 7),
            (1, 12),
            (8, 7),
            (2, 12),
            (6, 8),
            (3, 12),
            (6, 9),
            (14, 14),
        ]);
        assert_eq!(verdict(&s), None);
        assert_eq!(combos(&s, Side::X, 8), 1);
    }

    #[test]
    fn a_double_four_wins_whatever_the_opponent_has() {
        // x: three in a row and three in a column meeting at (4,4), o with its own three.
        let s = state(&[
            (1, 4),
            (1, 12),
            (2, 4),
            (2, 12),
            (3, 4),
            (3, 12),
            (4, 1),
            (10, 0),
            (4, 2),
            (12, 0),
            (4, 3),
            (14, 14),
        ]);
        assert_eq!(s.to_move(), Side::X);
        // (4,4) makes two fours; the two threes are open so it makes open fours too.
        assert_eq!(verdict(&s), Some(win_score(s.stone_count() + 3)));
    }
}
