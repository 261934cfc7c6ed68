//! The defender's threat zone: where the attacker, even if the defender passed, would win by
//! continuous fours, only replies near that line can stop it, and every other reply loses to
//! the same line. So a defender node with the attacker to win searches the replies in the
//! zone and no others: far fewer nodes for every proven win (and for the refuted replies of
//! a proven draw).
//!
//! Why a reply outside the zone loses: the line is attacker fours `m1, m2, ...`, each leaving
//! one cell `r1, r2, ...` that completes it (the defender's forced block), ending with a move
//! that leaves two. The zone holds every cell of every window those fours use and the
//! blocks, so a defender stone outside it stands on none of them: each four still threatens
//! its cell, and the last one still threatens two. The defender could break the line only by
//! completing a line of its own first, which needs a window free of attacker stones holding
//! `K - 1` defender stones, counting the blocks it was made to play; every window that could
//! get there with one stone more has its empty cells in the zone too.
//!
//! The distance search (`super::distance`) asks it too, with no more fours than fit before
//! its horizon.
//!
//! The search here is a small one on the proof's own window bitsets (in whatever frame the
//! caller's stones are), bounded in depth and nodes: a line it misses costs only a wider
//! search, never a value. Gomoku's heuristic VCF (`hard_search::vcf`) reads its own
//! pattern state and gives no zone, so the proof does not use it.

use crate::bits::BitSet;
use crate::geometry::Geometry;

/// Most fours in the line the proof search looks for: deeper lines are rare in the proofs
/// measured, and each level multiplies the cost of a miss (tuned on a 7x7/5 win of 6 stones:
/// 2, 3, 5 and 8 fours all within 10 % of each other).
pub(super) const MOST_FOURS: u32 = 5;

/// Most fours tried in one search (a try is a pass over the windows through one cell).
const TRIES: u32 = 160;

/// The cells a defender reply must be in to stop the attacker's win by continuous fours
/// from this node (`attacker`'s and `defender`'s stones, the defender to move, and neither
/// side with a cell that completes a line now), or `None` when no such win was found within
/// the bounds. The line has at most `most_fours` fours, so after a reply off the zone the
/// attacker completes it within `2 * most_fours + 1` plies. `threes` is working memory.
pub(super) fn threat_zone<B: BitSet>(
    geo: &Geometry<B>,
    (attacker, defender): (B, B),
    most_fours: u32,
    threes: &mut Vec<u32>,
) -> Option<B> {
    let windows = geo.windows();
    let k = geo.rules().k() as u32;
    if k < 3 || most_fours == 0 {
        return None;
    }
    threes.clear();
    threes.extend((0..windows.len() as u32).filter(|&i| {
        let w = windows[i as usize];
        w.and(defender).is_empty() && w.and(attacker).count() + 2 == k
    }));
    let mut search = Fours {
        geo,
        k,
        tries: TRIES,
        threes,
    };
    let line = search.line(attacker, defender, most_fours, 0)?;
    // Windows where the defender, with the blocks it was made to play, is one stone short
    // of a four: a stone in one of them could let it complete a line before the attacker.
    let blocked = defender.or(line.blocks);
    let counter = windows
        .iter()
        .filter(|&&w| w.and(attacker).is_empty() && w.and(blocked).count() + 2 >= k)
        .fold(B::default(), |s, &w| s.or(w));
    Some(line.cells.or(counter))
}

/// A winning line of fours: every cell its fours' windows use, and the defender's blocks.
struct Line<B> {
    cells: B,
    blocks: B,
}

/// The bounded search for a line of fours.
struct Fours<'g, B: BitSet> {
    geo: &'g Geometry<B>,
    k: u32,
    tries: u32,
    /// A stack of window lists, one per level of the line: the windows free of defender
    /// stones that the attacker fills but for two cells (where a move makes a four). A level
    /// derives its list from its parent's (only windows through the two new stones change),
    /// where a scan of every window cost a seventh of a 7x7/5 proof's time.
    threes: &'g mut Vec<u32>,
}

impl<B: BitSet> Fours<'_, B> {
    /// The windows through `cell` free of `theirs` that `mine` fills but for one cell: their
    /// cells, and the cells that complete them.
    fn fours_through(&self, cell: usize, mine: B, theirs: B) -> (B, B) {
        let windows = self.geo.windows();
        let mut cells = B::default();
        let mut completing = B::default();
        for &i in self.geo.windows_through(cell) {
            let w = windows[i as usize];
            if w.and(theirs).is_empty() && w.and(mine).count() + 1 == self.k {
                cells = cells.or(w);
                completing = completing.or(w.and_not(mine));
            }
        }
        (cells, completing)
    }

    /// A line of fours for the attacker to move (`a` its stones, `d` the defender's; neither
    /// has a cell that completes a line now), at most `depth` fours deep; `self.threes[from..]`
    /// lists the windows where a move makes a four.
    fn line(&mut self, a: B, d: B, depth: u32, from: usize) -> Option<Line<B>> {
        let geo = self.geo;
        let windows = geo.windows();
        let candidates = self.threes[from..]
            .iter()
            .fold(B::default(), |s, &i| s.or(windows[i as usize].and_not(a)));
        for c in candidates.cells() {
            if self.tries == 0 {
                return None;
            }
            self.tries -= 1;
            let a2 = a.with(c);
            // Neither side had a completing cell, so the attacker's new ones are on windows
            // through `c`, and the defender has none (an attacker stone only takes windows).
            let (fours, wins) = self.fours_through(c, a2, d);
            if wins.count() >= 2 {
                return Some(Line {
                    cells: fours,
                    blocks: B::default(),
                });
            }
            let Some(block) = wins.lowest() else { continue };
            if depth <= 1 {
                continue;
            }
            let d2 = d.with(block);
            // A block that makes the defender a four would have to be answered first; such
            // lines are left to the full search.
            if !self.fours_through(block, d2, a2).1.is_empty() {
                continue;
            }
            // The next level's threes: this level's, but those the four or the block took,
            // and the windows the four's stone brought to two short.
            let next = self.threes.len();
            for j in from..next {
                let i = self.threes[j];
                let w = windows[i as usize];
                if !w.contains(c) && !w.contains(block) {
                    self.threes.push(i);
                }
            }
            for &i in geo.windows_through(c) {
                let w = windows[i as usize];
                if w.and(d2).is_empty() && w.and(a2).count() + 2 == self.k {
                    self.threes.push(i);
                }
            }
            let rest = self.line(a2, d2, depth - 1, next);
            self.threes.truncate(next);
            if let Some(rest) = rest {
                return Some(Line {
                    cells: rest.cells.or(fours),
                    blocks: rest.blocks.with(block),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::side::Side;

    fn zone(text: &str) -> Option<Vec<usize>> {
        let geo = Geometry::new(Rules::new(7, 7, Some(5)).unwrap());
        let pos: Position<u64> = Position::from_text(geo, text).unwrap();
        let (a, d) = (pos.stones(Side::X), pos.stones(Side::O));
        threat_zone(pos.geometry(), (a, d), MOST_FOURS, &mut Vec::new())
            .map(|z| z.cells().collect())
    }

    #[test]
    fn an_open_three_gives_a_zone_around_its_open_four() {
        // x's open three on the middle row: o must answer at its ends (or the cells beside).
        let z = zone("......./......./......./.xxx.../......./o....o./o......").unwrap();
        let row: Vec<usize> = (21..28).collect();
        assert!(z.iter().all(|c| row.contains(c)), "{z:?}");
        assert!(
            z.contains(&21) && z.contains(&25) && z.contains(&26),
            "{z:?}"
        );
    }

    /// The zone's claim, checked by a search that does not use it: on random 6x6/4
    /// positions (the defender to move) where a zone is found, the attacker wins after the
    /// defender's stone on any empty cell outside it.
    #[test]
    fn every_reply_outside_the_zone_loses() {
        use crate::budget::Budget;
        use crate::proof::{ProofConfig, Prover};
        let geo = Geometry::<u64>::new(Rules::new(6, 6, Some(4)).unwrap());
        let mut prover = Prover::new(ProofConfig {
            threat_zones: false,
            hash_mib: 16,
            ..ProofConfig::default()
        });
        let mut state = 7u64;
        let (mut zones, mut replies) = (0, 0);
        while zones < 40 {
            let mut pos = Position::from_stones(geo.clone(), 0, 0, Some(Side::X)).unwrap();
            let stones = 4 + crate::geometry::splitmix(&mut state) % 6;
            for _ in 0..stones {
                let empty: Vec<usize> = pos.empty_cells().cells().collect();
                let cell = empty[(crate::geometry::splitmix(&mut state) as usize) % empty.len()];
                pos.play_unchecked(cell);
            }
            let defender = pos.to_move();
            let (a, d) = (pos.stones(defender.other()), pos.stones(defender));
            let windows = geo.windows();
            let immediate = !super::super::knowledge::winning_cells(windows, a, d).is_empty()
                || !super::super::knowledge::winning_cells(windows, d, a).is_empty();
            if pos.is_over() || immediate {
                continue;
            }
            let Some(zone) = threat_zone(&geo, (a, d), MOST_FOURS, &mut Vec::new()) else {
                continue;
            };
            zones += 1;
            for cell in pos.empty_cells().and_not(zone).cells() {
                replies += 1;
                let mut after = pos.clone();
                after.play_unchecked(cell);
                let wins = prover
                    .can_force_line(&after, defender.other(), &Budget::unlimited())
                    .unwrap();
                assert!(
                    wins,
                    "{} then {cell} holds, outside {zone:?}",
                    pos.to_text()
                );
            }
        }
        assert!(replies > 100, "only {replies} replies outside the zones");
    }

    #[test]
    fn no_four_in_reach_gives_no_zone() {
        assert_eq!(
            zone("......./......./......./.x.x.../......./o....o./......."),
            None
        );
    }
}
