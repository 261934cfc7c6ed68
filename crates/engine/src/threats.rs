//! Threats: the cells where a side would complete a line at once, and the cells that still lie
//! on a line someone could complete. The solver's move generation and the informed move order
//! stand on this one scan.

use crate::bits::BitSet;
use crate::position::{Position, Side};

/// What one pass over the winning windows tells about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatScan<B> {
    /// Empty cells where `side` completes a line now.
    pub wins: B,
    /// Empty cells where the opponent would complete a line on its next move.
    pub blocks: B,
    /// Cells on at least one window that either side could still complete.
    pub live: B,
}

/// Scans every window of `pos` from the point of view of `side`.
#[inline]
pub fn scan<B: BitSet>(pos: &Position<B>, side: Side) -> ThreatScan<B> {
    let mine = pos.stones(side);
    let theirs = pos.stones(side.other());
    let need = pos.rules().k() as u32 - 1;
    let mut out = ThreatScan {
        wins: B::default(),
        blocks: B::default(),
        live: B::default(),
    };
    for &w in pos.geometry().windows() {
        let m = w.and(mine);
        let t = w.and(theirs);
        if t.is_empty() {
            out.live = out.live.or(w);
            if m.count() == need {
                out.wins = out.wins.or(w.and_not(m));
            }
        } else if m.is_empty() {
            out.live = out.live.or(w);
            if t.count() == need {
                out.blocks = out.blocks.or(w.and_not(t));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rules::Rules;

    #[test]
    fn finds_wins_blocks_and_dead_cells() {
        let geo = Geometry::<u64>::new(Rules::tic_tac_toe());
        let pos = Position::from_text(geo.clone(), "xx./oo./...").unwrap();
        let s = scan(&pos, Side::X);
        assert_eq!(s.wins.cells().collect::<Vec<_>>(), vec![2]);
        assert_eq!(s.blocks.cells().collect::<Vec<_>>(), vec![5]);
        let blocked = Position::from_text(geo, "xox/xoo/oxx").unwrap();
        assert!(scan(&blocked, Side::O).live.is_empty());
    }
}
