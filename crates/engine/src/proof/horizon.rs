//! What the windows alone say near the horizon of the distance search
//! ([`super::distance`]): whether a move makes two cells that complete a line (three plies
//! before the horizon that decides the node), and which windows the attacker can still fill
//! in the moves it has left (the only ones its pairings need to cover).

use crate::bits::BitSet;

/// Whether the attacker (stones `a`, the defender's `d`) has a move, at `only` when given,
/// after which two different cells complete a line of its: a window free of defender stones
/// that misses two makes each of its empty cells the other's winning cell, so a cell with two
/// different such partners makes two. `partner` has a slot per cell; only the slots this call
/// writes are read.
pub(super) fn makes_two_wins<B: BitSet>(
    windows: &[B],
    (a, d): (B, B),
    only: Option<usize>,
    partner: &mut [u16],
) -> bool {
    let mut seen = B::default();
    for &w in windows {
        if !w.and(d).is_empty() {
            continue;
        }
        let free = w.and_not(a);
        if free.count() != 2 {
            continue;
        }
        let mut cells = free.cells();
        let (first, second) = (cells.next(), cells.next());
        let (Some(first), Some(second)) = (first, second) else {
            continue;
        };
        for (c, p) in [(first, second), (second, first)] {
            if only.is_some_and(|o| o != c) {
                continue;
            }
            if !seen.contains(c) {
                seen = seen.with(c);
                partner[c] = p as u16;
            } else if partner[c] != p as u16 {
                return true;
            }
        }
    }
    false
}

/// The windows free of defender stones (`d`) that miss at most `moves` attacker stones (`a`),
/// into `out`.
pub(super) fn within_reach<B: BitSet>(windows: &[B], (a, d): (B, B), moves: u32, out: &mut Vec<B>) {
    out.clear();
    out.extend(
        windows
            .iter()
            .filter(|&&w| w.and(d).is_empty() && w.and_not(a).count() <= moves),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::rules::Rules;

    /// The stones of a row of text (`x`, `o`, `.`) on a board of one row, k = 5.
    fn row(text: &str) -> (Vec<u64>, (u64, u64)) {
        let geo = Geometry::<u64>::new(Rules::new(text.len(), 1, Some(5)).unwrap());
        let cells = |c: char| {
            text.chars()
                .enumerate()
                .filter(|&(_, t)| t == c)
                .fold(0u64, |s, (i, _)| s.with(i))
        };
        (geo.windows().to_vec(), (cells('x'), cells('o')))
    }

    #[test]
    fn two_winning_cells_need_two_different_partners() {
        let mut partner = vec![0; 9];
        // Two windows miss the same two cells (b and d): either move makes one winning cell.
        let (windows, stones) = row("x.x.xxo..");
        assert!(!makes_two_wins(&windows, stones, None, &mut partner));
        // Without the o, d also makes a window that g completes: two cells.
        let (windows, stones) = row("x.x.xx...");
        assert!(makes_two_wins(&windows, stones, None, &mut partner));
        // An open three: b (or f) makes an open four, g alone does not.
        let (windows, stones) = row("..xxx....");
        assert!(makes_two_wins(&windows, stones, None, &mut partner));
        assert!(makes_two_wins(&windows, stones, Some(5), &mut partner));
        assert!(!makes_two_wins(&windows, stones, Some(6), &mut partner));
    }
}
