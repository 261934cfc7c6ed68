//! Everything about a rule set that is computed once and shared: the winning windows (every
//! K-cell segment of a row, column or diagonal), the windows through each cell, the board
//! symmetries as cell permutations, and the Zobrist keys.

use crate::bits::BitSet;
use crate::rules::Rules;
use crate::side::Side;
use std::sync::Arc;

/// Precomputed facts about a rule set, for one bitboard width `B`.
#[derive(Debug)]
pub struct Geometry<B> {
    rules: Rules,
    full: B,
    windows: Vec<B>,
    /// Per window, the cells just beyond its two ends on its line: with exactly-K rules a
    /// window is a win only when the side owns neither (empty sets with K-or-more rules).
    bounds: Vec<B>,
    windows_through: Vec<Vec<u32>>,
    symmetries: Vec<Vec<u16>>,
    inverses: Vec<Vec<u16>>,
    zobrist: Vec<[u64; 2]>,
    symmetric_zobrist: Vec<[u64; 8]>,
    side_key: u64,
    centre_order: Vec<u16>,
    centre_rank: Vec<u16>,
}

/// The four line directions as (column step, row step), rows counted downwards.
pub const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The searches that look only near the stones on big boards consider the empty cells at
/// most this many king moves from a stone: a cell that makes a threat (a window of K holding
/// K-1 stones of a side) always has a stone of its window within two cells of it.
pub const NEAR_RADIUS: usize = 2;

/// A fixed pseudo-random sequence (SplitMix64), so hashes and node counts repeat run to run.
pub fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every K-cell segment of a row, column or diagonal, as a cell set, with the cells just
/// beyond its ends when the rules are exactly-K (else an empty set).
fn winning_windows<B: BitSet>(rules: Rules) -> Vec<(B, B)> {
    let (w, h, k) = (
        rules.width() as isize,
        rules.height() as isize,
        rules.k() as isize,
    );
    let mut windows = Vec::new();
    for row in 0..h {
        for col in 0..w {
            for (dc, dr) in DIRECTIONS {
                let (end_c, end_r) = (col + dc * (k - 1), row + dr * (k - 1));
                if !(0..w).contains(&end_c) || !(0..h).contains(&end_r) {
                    continue;
                }
                let window = (0..k).fold(B::default(), |s, i| {
                    s.with(rules.cell((col + dc * i) as usize, (row + dr * i) as usize))
                });
                let mut bounds = B::default();
                if rules.exact_for(Side::X) || rules.exact_for(Side::O) {
                    for (c, r) in [(col - dc, row - dr), (end_c + dc, end_r + dr)] {
                        if (0..w).contains(&c) && (0..h).contains(&r) {
                            bounds = bounds.with(rules.cell(c as usize, r as usize));
                        }
                    }
                }
                windows.push((window, bounds));
            }
        }
    }
    // With k = 1 every direction yields the same one-cell window (kept once per direction
    // with exactly-K rules, where the directions' bounds differ).
    windows.sort_unstable();
    windows.dedup();
    windows
}

/// The permutation that undoes `perm`.
fn inverse(perm: &[u16]) -> Vec<u16> {
    let mut inv = vec![0u16; perm.len()];
    for (from, &to) in perm.iter().enumerate() {
        inv[to as usize] = from as u16;
    }
    inv
}

/// The Zobrist keys of a rule set, from a fixed stream so that hashes repeat run to run.
struct ZobristKeys {
    /// Per cell, one key per side.
    cells: Vec<[u64; 2]>,
    /// Per (cell, side), the key of its image under each symmetry.
    symmetric: Vec<[u64; 8]>,
    /// Xored in when o is to move.
    side: u64,
}

impl ZobristKeys {
    fn new(rules: Rules, symmetries: &[Vec<u16>]) -> ZobristKeys {
        let (w, h, k) = (rules.width(), rules.height(), rules.k());
        let mut seed = 0x6d6e_6b5f_7a6f_6272 ^ (w as u64) << 16 ^ (h as u64) << 8 ^ k as u64;
        let cells: Vec<[u64; 2]> = (0..rules.cells())
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let side = splitmix(&mut seed);
        let symmetric = (0..rules.cells() * 2)
            .map(|i| {
                let (cell, side) = (i / 2, i % 2);
                let mut keys = [0u64; 8];
                for (s, perm) in symmetries.iter().enumerate() {
                    keys[s] = cells[perm[cell] as usize][side];
                }
                keys
            })
            .collect();
        ZobristKeys {
            cells,
            symmetric,
            side,
        }
    }
}

/// Cells on many windows first, then nearer the centre: the classic static move order.
fn centre_order(rules: Rules, windows_through: &[Vec<u32>]) -> Vec<u16> {
    let (w, h) = (rules.width() as isize, rules.height() as isize);
    let centre_distance = |c: u16| {
        let (col, row) = rules.col_row(c as usize);
        let dc = 2 * col as isize - (w - 1);
        let dr = 2 * row as isize - (h - 1);
        dc * dc + dr * dr
    };
    let mut order: Vec<u16> = (0..rules.cells() as u16).collect();
    order.sort_by_key(|&c| {
        (
            std::cmp::Reverse(windows_through[c as usize].len()),
            centre_distance(c),
            c,
        )
    });
    order
}

impl<B: BitSet> Geometry<B> {
    /// Builds the geometry; the caller has checked that the board fits in `B`.
    pub fn new(rules: Rules) -> Arc<Self> {
        let cells = rules.cells();
        assert!(cells <= B::CAPACITY, "board too large for this bit set");
        let full = (0..cells).fold(B::default(), |s, c| s.with(c));
        let (windows, bounds): (Vec<B>, Vec<B>) = winning_windows::<B>(rules).into_iter().unzip();
        let mut windows_through = vec![Vec::new(); cells];
        for (i, win) in windows.iter().enumerate() {
            for c in win.cells() {
                windows_through[c].push(i as u32);
            }
        }
        let symmetries = symmetry_permutations(rules.width(), rules.height());
        let inverses = symmetries.iter().map(|p| inverse(p)).collect();
        let keys = ZobristKeys::new(rules, &symmetries);
        let centre_order = centre_order(rules, &windows_through);
        let mut centre_rank = vec![0u16; cells];
        for (rank, &c) in centre_order.iter().enumerate() {
            centre_rank[c as usize] = rank as u16;
        }
        Arc::new(Geometry {
            rules,
            full,
            windows,
            bounds,
            windows_through,
            symmetries,
            inverses,
            zobrist: keys.cells,
            symmetric_zobrist: keys.symmetric,
            side_key: keys.side,
            centre_order,
            centre_rank,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Every cell of the board.
    pub fn full(&self) -> B {
        self.full
    }

    /// Every winning window.
    pub fn windows(&self) -> &[B] {
        &self.windows
    }

    /// Whether `stones` make a winning line on window `i` (an index into [`Self::windows`]):
    /// they fill it and, where `side` wins only with exactly K, own neither cell just beyond
    /// its ends.
    #[inline]
    pub fn is_line(&self, stones: B, i: usize, side: Side) -> bool {
        stones.contains_all(self.windows[i])
            && (!self.rules.exact_for(side) || stones.and(self.bounds[i]).is_empty())
    }

    /// Indices (into [`Self::windows`]) of the windows through `cell`.
    pub fn windows_through(&self, cell: usize) -> &[u32] {
        &self.windows_through[cell]
    }

    /// The board symmetries as cell permutations (`perm[cell]` = image); identity first.
    pub fn symmetries(&self) -> &[Vec<u16>] {
        &self.symmetries
    }

    /// The inverse of each symmetry.
    pub fn inverses(&self) -> &[Vec<u16>] {
        &self.inverses
    }

    /// Zobrist key of a stone of `side` (0 = x, 1 = o) on `cell`.
    #[inline]
    pub fn zobrist(&self, cell: usize, side: usize) -> u64 {
        self.zobrist[cell][side]
    }

    /// The Zobrist keys of a stone of `side` on `cell` seen through each symmetry (lanes past
    /// the board's symmetry count are unused).
    #[inline]
    pub fn symmetric_zobrist(&self, cell: usize, side: usize) -> &[u64; 8] {
        &self.symmetric_zobrist[cell * 2 + side]
    }

    /// Zobrist key xored in when o is to move.
    #[inline]
    pub fn side_key(&self) -> u64 {
        self.side_key
    }

    /// Cells in the static move order: most windows first, then nearest the centre.
    pub fn centre_order(&self) -> &[u16] {
        &self.centre_order
    }

    /// Each cell's place in [`Self::centre_order`] (0 = searched first).
    pub fn centre_rank(&self) -> &[u16] {
        &self.centre_rank
    }

    /// Applies a symmetry to a cell set.
    pub fn transform(&self, sym: usize, set: B) -> B {
        let perm = &self.symmetries[sym];
        set.cells()
            .fold(B::default(), |s, c| s.with(perm[c] as usize))
    }
}

/// A map of (column, row) to (column, row).
type CellMap = Box<dyn Fn(usize, usize) -> (usize, usize)>;

/// The symmetries of a W x H board: 8 on a square, 4 on a rectangle.
fn symmetry_permutations(w: usize, h: usize) -> Vec<Vec<u16>> {
    let square = w == h;
    let maps: Vec<CellMap> = if square {
        let n = w - 1;
        vec![
            Box::new(|c, r| (c, r)),
            Box::new(move |c, r| (n - r, c)),
            Box::new(move |c, r| (n - c, n - r)),
            Box::new(move |c, r| (r, n - c)),
            Box::new(move |c, r| (n - c, r)),
            Box::new(move |c, r| (c, n - r)),
            Box::new(|c, r| (r, c)),
            Box::new(move |c, r| (n - r, n - c)),
        ]
    } else {
        let (mc, mr) = (w - 1, h - 1);
        vec![
            Box::new(|c, r| (c, r)),
            Box::new(move |c, r| (mc - c, r)),
            Box::new(move |c, r| (c, mr - r)),
            Box::new(move |c, r| (mc - c, mr - r)),
        ]
    };
    maps.iter()
        .map(|f| {
            (0..w * h)
                .map(|cell| {
                    let (c, r) = f(cell % w, cell / w);
                    (r * w + c) as u16
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_counts_match_formula() {
        // Horizontal (W-K+1)H + vertical W(H-K+1) + 2 diagonals (W-K+1)(H-K+1).
        for (w, h, k) in [(3, 3, 3), (4, 4, 4), (5, 4, 4), (7, 6, 4), (15, 15, 5)] {
            let rules = Rules::new(w, h, Some(k)).unwrap();
            let count = if w * h <= 64 {
                Geometry::<u64>::new(rules).windows().len()
            } else {
                Geometry::<crate::bits::Wide>::new(rules).windows().len()
            };
            let sat = |a: usize| a.saturating_sub(k - 1);
            assert_eq!(count, sat(w) * h + w * sat(h) + 2 * sat(w) * sat(h));
        }
        let one = Rules::new(2, 2, Some(1)).unwrap();
        assert_eq!(Geometry::<u64>::new(one).windows().len(), 4);
    }

    #[test]
    fn symmetries_are_permutations_that_keep_windows() {
        for (w, h, k) in [(3, 3, 3), (4, 3, 3), (5, 5, 4), (1, 4, 2)] {
            let geo = Geometry::<u64>::new(Rules::new(w, h, Some(k)).unwrap());
            assert_eq!(geo.symmetries().len(), if w == h { 8 } else { 4 });
            let mut windows = geo.windows().to_vec();
            windows.sort_unstable();
            for s in 0..geo.symmetries().len() {
                let mut image: Vec<u64> = windows.iter().map(|&x| geo.transform(s, x)).collect();
                image.sort_unstable();
                assert_eq!(image, windows, "symmetry {s} of {w}x{h}");
                for c in 0..w * h {
                    assert_eq!(
                        geo.inverses()[s][geo.symmetries()[s][c] as usize] as usize,
                        c
                    );
                }
            }
        }
    }
}
