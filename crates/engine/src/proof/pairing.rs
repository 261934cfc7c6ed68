//! Pairing strategies: disjoint pairs of empty cells such that every line the attacker could
//! still complete holds one whole pair. The defender then answers a move on one cell of a pair
//! with the other cell (and anything else with anything), so the attacker never completes a
//! line: every live line keeps a cell of each of its pairs for the defender.
//!
//! Finding one is a set-packing problem; the finder is a small backtracking search (the line
//! with the fewest choices first, the pair that covers most lines first) under a step budget,
//! so it may miss a pairing that exists but never claims one that does not.

/// A pair of cells the defender will split.
pub type Pair = (u8, u8);

/// Steps one call to [`find_pairing`] may take before it gives up.
pub const DEFAULT_PAIRING_STEPS: u32 = 2_000;

/// Most windows a board of up to 64 cells has (four directions through each cell).
const MAX_LINES: usize = 256;

/// Lines that must hold a pair: the free cells of each live attacker window, with a line left
/// out when its free cells contain another line's (a pair inside the smaller lies inside the
/// larger). `None` when a live line has fewer than two free cells.
fn open_lines(
    windows: &[u64],
    attacker: u64,
    defender: u64,
    out: &mut [u64; MAX_LINES],
) -> Option<usize> {
    let empty_of_board = !(attacker | defender);
    let mut n = 0;
    for &w in windows {
        if w & defender != 0 {
            continue;
        }
        let free = w & empty_of_board;
        if free.count_ones() < 2 {
            return None;
        }
        out[n] = free;
        n += 1;
    }
    out[..n].sort_unstable_by_key(|l| (l.count_ones(), *l));
    let mut kept = 0;
    for i in 0..n {
        let l = out[i];
        if !out[..kept].iter().any(|&s| s & !l == 0) {
            out[kept] = l;
            kept += 1;
        }
    }
    Some(kept)
}

/// A pairing for the position where `attacker` and `defender` hold these stones (cells of a
/// board whose winning windows are `windows`), found within `steps` search steps, or `None`.
/// The pairs hold empty cells only, are disjoint, and every window free of defender stones
/// contains one of them.
pub fn find_pairing(
    windows: &[u64],
    attacker: u64,
    defender: u64,
    steps: u32,
) -> Option<Vec<Pair>> {
    let mut lines = [0u64; MAX_LINES];
    let n = open_lines(windows, attacker, defender, &mut lines)?;
    let mut finder = Finder {
        steps,
        pairs: Vec::new(),
    };
    finder.cover(&lines[..n], 0).then_some(finder.pairs)
}

struct Finder {
    steps: u32,
    pairs: Vec<Pair>,
}

impl Finder {
    /// Covers every line of `lines` with pairs avoiding `used`; on success `self.pairs` holds
    /// the pairs chosen.
    fn cover(&mut self, lines: &[u64], used: u64) -> bool {
        if lines.is_empty() {
            return true;
        }
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        // The line with the fewest free cells is the hardest to cover: decide it first.
        let mut pick = 0;
        let mut fewest = u32::MAX;
        for (i, &l) in lines.iter().enumerate() {
            let free = (l & !used).count_ones();
            if free < 2 {
                return false;
            }
            if free < fewest {
                fewest = free;
                pick = i;
            }
        }
        let free = lines[pick] & !used;
        let mut candidates: Vec<(u32, u64)> = Vec::with_capacity(16);
        let mut a_set = free;
        while a_set != 0 {
            let a = a_set.trailing_zeros();
            a_set &= a_set - 1;
            let mut b_set = a_set;
            while b_set != 0 {
                let b = b_set.trailing_zeros();
                b_set &= b_set - 1;
                let pair = 1u64 << a | 1u64 << b;
                let covered = lines.iter().filter(|&&l| l & pair == pair).count() as u32;
                candidates.push((covered, pair));
            }
        }
        candidates.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        let mut rest = [0u64; MAX_LINES];
        for (_, pair) in candidates {
            let mut n = 0;
            for &l in lines {
                if l & pair != pair {
                    rest[n] = l;
                    n += 1;
                }
            }
            let a = pair.trailing_zeros() as u8;
            let b = 63 - pair.leading_zeros() as u8;
            self.pairs.push((a, b));
            if self.cover(&rest[..n], used | pair) {
                return true;
            }
            self.pairs.pop();
            if self.steps == 0 {
                return false;
            }
        }
        false
    }
}

/// The cells of a pairing.
pub fn pairing_cells(pairs: &[Pair]) -> u64 {
    pairs.iter().fold(0, |s, &(a, b)| s | 1u64 << a | 1u64 << b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Geometry;
    use crate::position::Position;
    use crate::rules::Rules;
    use crate::side::Side;

    fn setup(w: usize, h: usize, k: usize, text: &str) -> (Vec<u64>, u64, u64) {
        let geo = Geometry::<u64>::new(Rules::new(w, h, Some(k)).unwrap());
        let pos = Position::from_text(geo.clone(), text).unwrap();
        (
            geo.windows().to_vec(),
            pos.stones(Side::X),
            pos.stones(Side::O),
        )
    }

    /// Checks a pairing the slow way: disjoint empty pairs, every live window holds one.
    fn valid(windows: &[u64], x: u64, o: u64, pairs: &[Pair]) -> bool {
        let mut used = 0u64;
        for &(a, b) in pairs {
            let p = 1u64 << a | 1u64 << b;
            if a == b || p & (used | x | o) != 0 {
                return false;
            }
            used |= p;
        }
        windows.iter().all(|&w| {
            w & o != 0
                || pairs
                    .iter()
                    .any(|&(a, b)| w & (1u64 << a | 1u64 << b) == 1u64 << a | 1u64 << b)
        })
    }

    #[test]
    fn the_empty_five_by_five_board_has_a_pairing() {
        // Twelve lines, twelve disjoint pairs among 25 cells: the classic 5x5 pairing.
        let (w, x, o) = setup(5, 5, 5, "...../...../...../...../.....");
        let pairs = find_pairing(&w, x, o, DEFAULT_PAIRING_STEPS).expect("a pairing exists");
        assert_eq!(pairs.len(), 12);
        assert!(valid(&w, x, o, &pairs));
    }

    #[test]
    fn the_empty_six_by_six_board_has_none() {
        // 32 lines, 36 cells: every cell would have to be paired, and the exhaustive search
        // (a budget it never reaches) shows no arrangement covers every line.
        let (w, x, o) = setup(6, 6, 5, "....../....../....../....../....../......");
        assert!(find_pairing(&w, x, o, u32::MAX).is_none());
        // After x in a corner and o near the centre (five lines dead), one exists.
        let (w, x, o) = setup(6, 6, 5, "x...../....../..o.../....../....../......");
        let pairs = find_pairing(&w, x, o, 100_000).expect("a pairing exists");
        assert!(valid(&w, x, o, &pairs));
    }

    #[test]
    fn no_pairing_when_a_line_has_one_empty_cell() {
        // x needs one more stone in the top row: that line holds no pair.
        let (w, x, o) = setup(5, 5, 5, "xxxx./o..../.o.../...o./.....");
        assert!(find_pairing(&w, x, o, 100_000).is_none());
    }

    #[test]
    fn no_pairing_when_too_few_cells_remain() {
        // Tic-tac-toe: eight lines need eight disjoint pairs, 16 cells of 9.
        let (w, x, o) = setup(3, 3, 3, ".../.../...");
        assert!(find_pairing(&w, x, o, 100_000).is_none());
    }

    #[test]
    fn dead_lines_need_no_pair() {
        // Every line of this 3x3 position holds an o stone but the top row and the left column,
        // which share only their corner: two pairs suffice.
        let (w, x, o) = setup(3, 3, 3, ".../.o./x.o");
        let pairs = find_pairing(&w, x, o, 1000).expect("two pairs cover the two live lines");
        assert!(valid(&w, x, o, &pairs));
        assert_eq!(pairs.len(), 2);
    }

    #[test]
    fn a_pair_must_be_split_by_distinct_lines() {
        // 4x1, k = 3: lines abc and bcd. The pair (b, c) covers both.
        let (w, x, o) = setup(4, 1, 3, "....");
        let pairs = find_pairing(&w, x, o, 100).unwrap();
        assert_eq!(pairs, vec![(1, 2)]);
        // With x on b, the lines need pairs among {a, c} and {c, d}: disjoint pairs cannot
        // cover both (each needs c).
        let (w, x, o) = setup(4, 1, 3, ".x..");
        assert!(find_pairing(&w, x, o, 100).is_none());
    }
}
