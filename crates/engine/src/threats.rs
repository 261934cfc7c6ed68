//! Threats: the cells where a side would complete a line at once, and the cells that still lie
//! on a line someone could complete. The solver's move generation and the informed move order
//! stand on this one scan.

use crate::bits::BitSet;
use crate::position::Position;
use crate::side::Side;

/// What one pass over the winning windows tells about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThreatScan<B> {
    /// Empty cells where `side` completes a line now.
    pub wins: B,
    /// Empty cells where the opponent would complete a line on its next move.
    pub blocks: B,
    /// Cells on at least one window that either side could still complete.
    pub live: B,
    /// The fewest stones `side` still needs to complete some window open to it
    /// (`u32::MAX` when every window is blocked).
    pub need: u32,
    /// The same for the opponent.
    pub opponent_need: u32,
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
        need: u32::MAX,
        opponent_need: u32::MAX,
    };
    let k = need + 1;
    for &w in pos.geometry().windows() {
        let m = w.and(mine);
        let t = w.and(theirs);
        if t.is_empty() {
            out.live = out.live.or(w);
            let have = m.count();
            out.need = out.need.min(k - have);
            if have == need {
                out.wins = out.wins.or(w.and_not(m));
            }
        } else if m.is_empty() {
            out.live = out.live.or(w);
            let have = t.count();
            out.opponent_need = out.opponent_need.min(k - have);
            if have == need {
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
        assert_eq!((s.need, s.opponent_need), (1, 1));
        let blocked = Position::from_text(geo.clone(), "xox/xoo/oxx").unwrap();
        let b = scan(&blocked, Side::O);
        assert!(b.live.is_empty());
        assert_eq!((b.need, b.opponent_need), (u32::MAX, u32::MAX));
        let open = Position::from_text(geo, ".../.x./...").unwrap();
        assert_eq!(scan(&open, Side::O).need, 3);
        assert_eq!(scan(&open, Side::O).opponent_need, 2);
    }
}
