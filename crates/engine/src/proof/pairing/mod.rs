//! Pairing strategies: disjoint pairs of empty cells such that every line the attacker could
//! still complete holds one whole pair. The defender then answers a move on one cell of a pair
//! with the other cell (and anything else with anything), so the attacker never completes a
//! line: every live line keeps a cell of each of its pairs for the defender.
//!
//! Finding one is a set-packing problem; the finder is a small backtracking search (the line
//! with the fewest choices first, the pair that covers most lines first) under a step budget,
//! so it may miss a pairing that exists but never claims one that does not.

use crate::bits::BitSet;

mod sliced;

/// A pair of cells the defender will split.
pub type Pair = (u16, u16);

/// Steps one call to [`find_pairing`] may take before it gives up.
pub const DEFAULT_PAIRING_STEPS: u32 = 300;

/// Most free cells of the line a step branches on that the fast pair counter handles (a
/// window of up to eight cells); longer lines are counted the plain way.
const FAST_FREE: usize = 8;

/// The pairing finder with its working memory, kept between calls so that a search that asks
/// millions of times allocates nothing (the pairs of a found pairing are the only output).
/// `B` is the board's cell set (a machine word up to 64 cells, a wider set beyond).
#[derive(Debug)]
pub struct PairingFinder<B: BitSet = u64> {
    /// A stack of line lists: each step's lines, then the lines left after its pair.
    lines: Vec<B>,
    /// The pairs chosen so far.
    pairs: Vec<Pair>,
    /// Steps left in this call.
    steps: u32,
    /// The lines [`PairingFinder::too_few_cells`] takes.
    family: Vec<B>,
    /// The sliced search's set of lines through each cell (see [`sliced`]).
    through: Vec<u128>,
    /// Whether the sliced search takes the lines that fit it (off only to compare the two).
    sliced: bool,
    /// The sliced search's lines that its failure rests on, one bit each (see
    /// [`PairingFinder::failure_core`]).
    core_lines: u128,
    /// The cells of the lines the last failed [`PairingFinder::find`] showed cannot all hold
    /// a pair, when it showed it (see [`PairingFinder::failure_core`]).
    core: Option<B>,
}

/// The two cells of a pair given as a set of two cells.
#[inline]
fn split_pair<B: BitSet>(pair: B) -> Pair {
    let a = pair.lowest().unwrap_or(0);
    let b = pair.without(a).lowest().unwrap_or(a);
    (a as u16, b as u16)
}

impl<B: BitSet> Default for PairingFinder<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: BitSet> PairingFinder<B> {
    /// A finder with no working memory yet.
    pub fn new() -> Self {
        PairingFinder {
            lines: Vec::new(),
            pairs: Vec::new(),
            steps: 0,
            family: Vec::new(),
            through: Vec::new(),
            sliced: true,
            core_lines: 0,
            core: None,
        }
    }

    /// Whether a pairing exists for the position where `attacker` and `defender` hold these
    /// stones, found within `steps` search steps; on success [`PairingFinder::pairs`] holds it.
    /// The pairs hold empty cells only, are disjoint, and every window free of defender stones
    /// contains one of them.
    pub fn find(&mut self, windows: &[B], attacker: B, defender: B, steps: u32) -> bool {
        self.pairs.clear();
        self.lines.clear();
        self.core = None;
        let n = match self.open_lines(windows, attacker, defender) {
            Ok(n) => n,
            Err(short) => {
                self.core = Some(short);
                return false;
            }
        };
        if self.too_few_cells(n) {
            self.core = Some(self.family.iter().fold(B::default(), |u, &l| u.or(l)));
            return false;
        }
        self.steps = steps;
        if self.sliced && self.fits_sliced(n) {
            self.core_lines = 0;
            let found = self.cover_sliced(n);
            // Out of steps the search proved nothing (steps only go down, so a search that
            // ends with some left never ran out).
            if !found && self.steps > 0 {
                let lines = &self.lines;
                self.core = Some(
                    (0..n)
                        .filter(|&i| self.core_lines >> i & 1 == 1)
                        .fold(B::default(), |u, i| u.or(lines[i])),
                );
            }
            return found;
        }
        self.cover(0, n, B::default())
    }

    /// After a [`PairingFinder::find`] that failed: the free cells of some of the lines it
    /// was given that no pairing covers all together, when the search proved there is none
    /// (not when it ran out of steps; `None` then, and after a success). A defender stone
    /// off these cells leaves those lines live with the same free cells, so the position
    /// with it has no pairing either: a caller that tries several replies at one node need
    /// not search again for those that miss the core.
    pub fn failure_core(&self) -> Option<B> {
        self.core
    }

    /// The pairing the last successful [`PairingFinder::find`] found.
    pub fn pairs(&self) -> &[Pair] {
        &self.pairs
    }

    /// Lines that must hold a pair, into `self.lines`: the free cells of each live attacker
    /// window, with a line left out when its free cells contain another line's (a pair inside
    /// the smaller lies inside the larger). When a live line has fewer than two free cells,
    /// its free cells as the error.
    fn open_lines(&mut self, windows: &[B], attacker: B, defender: B) -> Result<usize, B> {
        for &w in windows {
            if !w.and(defender).is_empty() {
                continue;
            }
            let free = w.and_not(attacker);
            if free.count() < 2 {
                return Err(free);
            }
            self.lines.push(free);
        }
        let lines = &mut self.lines;
        lines.sort_unstable_by_key(|l| (l.count(), *l));
        let mut kept = 0;
        for i in 0..lines.len() {
            let l = lines[i];
            if !lines[..kept].iter().any(|&s| s.and_not(l).is_empty()) {
                lines[kept] = l;
                kept += 1;
            }
        }
        lines.truncate(kept);
        Ok(kept)
    }

    /// Whether the lines `0..n` cannot all hold a pair for want of cells: lines that pairwise
    /// share at most one free cell need a pair each (no pair lies in two of them), all
    /// disjoint, inside their own free cells; more than half as many as those cells is too
    /// many. The lines are taken greedily, fewest free cells first.
    fn too_few_cells(&mut self, n: usize) -> bool {
        let family = &mut self.family;
        family.clear();
        let mut cells = B::default();
        for &l in &self.lines[..n] {
            if family.len() < 128 && family.iter().all(|&f| f.and(l).count() <= 1) {
                family.push(l);
                cells = cells.or(l);
            }
        }
        let size = family.len();
        2 * size as u32 > cells.count()
    }

    /// Covers every line of `self.lines[start..start + n]` with pairs avoiding `used`; on
    /// success `self.pairs` holds the pairs chosen. The lines left after a pair are pushed
    /// above the step's own and dropped again when it returns.
    fn cover(&mut self, start: usize, n: usize, used: B) -> bool {
        if n == 0 {
            return true;
        }
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        let end = start + n;
        // The line with the fewest free cells is the hardest to cover: decide it first.
        let mut pick = start;
        let mut fewest = u32::MAX;
        for i in start..end {
            let free = self.lines[i].and_not(used).count();
            if free < 2 {
                return false;
            }
            if free < fewest {
                fewest = free;
                pick = i;
            }
        }
        self.branch(start, end, used, pick, fewest)
    }

    /// A step's branching, once its lines `start..end` are known to hold two free cells each
    /// and `pick` is the first with the fewest (`fewest`): every pair of its free cells, the
    /// pair that lies in most lines first.
    fn branch(&mut self, start: usize, end: usize, used: B, pick: usize, fewest: u32) -> bool {
        let free = self.lines[pick].and_not(used);
        let mut candidates = [(0u32, B::default()); FAST_FREE * (FAST_FREE - 1) / 2];
        let count = if fewest as usize <= FAST_FREE {
            self.count_pairs(start, end, free, &mut candidates)
        } else {
            return self.cover_long(start, end, used, free);
        };
        let candidates = &mut candidates[..count];
        candidates.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        for &(_, pair) in candidates.iter() {
            if self.try_pair(start, end, used, pair) {
                return true;
            }
            if self.steps == 0 {
                return false;
            }
        }
        false
    }

    /// The pairs of `free` (at most [`FAST_FREE`] cells) with the number of lines of
    /// `start..end` each lies in, into `out`, in cell order; returns how many.
    fn count_pairs(
        &self,
        start: usize,
        end: usize,
        free: B,
        out: &mut [(u32, B); FAST_FREE * (FAST_FREE - 1) / 2],
    ) -> usize {
        // counts[i * FAST_FREE + j]: lines holding the i-th and the j-th free cell (i < j).
        let mut counts = [0u32; FAST_FREE * FAST_FREE];
        for &l in &self.lines[start..end] {
            let mut m = l.and(free);
            if m.count() < 2 {
                continue;
            }
            while let Some(a) = m.pop_lowest() {
                let ia = free.rank(a) as usize;
                let mut rest = m;
                while let Some(b) = rest.pop_lowest() {
                    counts[ia * FAST_FREE + free.rank(b) as usize] += 1;
                }
            }
        }
        let mut n = 0;
        let mut a_set = free;
        let mut ia = 0;
        while let Some(a) = a_set.pop_lowest() {
            let mut b_set = a_set;
            let mut ib = ia + 1;
            while let Some(b) = b_set.pop_lowest() {
                out[n] = (counts[ia * FAST_FREE + ib], B::single(a).with(b));
                n += 1;
                ib += 1;
            }
            ia += 1;
        }
        n
    }

    /// [`PairingFinder::cover`]'s branching for a line with many free cells (windows longer
    /// than [`FAST_FREE`]): the same order, counted the plain way.
    fn cover_long(&mut self, start: usize, end: usize, used: B, free: B) -> bool {
        let mut candidates: Vec<(u32, B)> = Vec::new();
        let mut a_set = free;
        while let Some(a) = a_set.pop_lowest() {
            let mut b_set = a_set;
            while let Some(b) = b_set.pop_lowest() {
                let pair = B::single(a).with(b);
                let covered = self.lines[start..end]
                    .iter()
                    .filter(|&&l| l.and(pair) == pair)
                    .count() as u32;
                candidates.push((covered, pair));
            }
        }
        candidates.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        for (_, pair) in candidates {
            if self.try_pair(start, end, used, pair) {
                return true;
            }
            if self.steps == 0 {
                return false;
            }
        }
        false
    }

    /// Chooses `pair` and covers the lines of `start..end` it leaves. The next step's checks
    /// (a line left with fewer than two free cells, two lines left with two that overlap in
    /// one, the line to branch on) are made while
    /// the lines are copied, with the step counted as [`PairingFinder::cover`] counts it.
    fn try_pair(&mut self, start: usize, end: usize, used: B, pair: B) -> bool {
        let used = used.or(pair);
        let mut blocked = false;
        let mut pick = end;
        let mut fewest = u32::MAX;
        let mut forced = [B::default(); 16];
        let mut nforced = 0;
        for i in start..end {
            let l = self.lines[i];
            // (`and` and compare: one instruction fewer than `contains_all` without BMI.)
            if l.and(pair) != pair {
                let m = l.and_not(used);
                let free = m.count();
                if free < 2 {
                    blocked = true;
                    break;
                }
                // A line left with two free cells forces its pair; two forced pairs that
                // share one cell cannot both be chosen (found here, a dead end costs no step).
                if free == 2 {
                    if forced[..nforced]
                        .iter()
                        .any(|&f| !f.and(m).is_empty() && f != m)
                    {
                        blocked = true;
                        break;
                    }
                    if nforced < forced.len() {
                        forced[nforced] = m;
                        nforced += 1;
                    }
                }
                if free < fewest {
                    fewest = free;
                    pick = self.lines.len();
                }
                self.lines.push(l);
            }
        }
        let left = self.lines.len() - end;
        let found = if left == 0 && !blocked {
            true
        } else if self.steps == 0 {
            false
        } else {
            self.steps -= 1;
            !blocked && {
                self.pairs.push(split_pair(pair));
                let found = self.branch(end, end + left, used, pick, fewest);
                if !found {
                    self.pairs.pop();
                }
                found
            }
        };
        if found && left == 0 {
            self.pairs.push(split_pair(pair));
        }
        self.lines.truncate(end);
        found
    }
}

/// A pairing for the position where `attacker` and `defender` hold these stones (cells of a
/// board whose winning windows are `windows`), found within `steps` search steps, or `None`
/// (see [`PairingFinder::find`]; a search that asks often keeps one finder instead).
pub fn find_pairing<B: BitSet>(
    windows: &[B],
    attacker: B,
    defender: B,
    steps: u32,
) -> Option<Vec<Pair>> {
    let mut finder = PairingFinder::new();
    finder
        .find(windows, attacker, defender, steps)
        .then(|| finder.pairs.clone())
}

/// The cells of a pairing.
pub fn pairing_cells<B: BitSet>(pairs: &[Pair]) -> B {
    pairs.iter().fold(B::default(), |s, &(a, b)| {
        s.with(a as usize).with(b as usize)
    })
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
    fn one_finder_reused_answers_as_fresh_ones_do() {
        // The working memory kept between calls must not leak one call's lines or pairs into
        // the next: a failure between two successes, then a success after a failure.
        let cases = [
            (5, 5, 5, "...../...../...../...../....."),
            (3, 3, 3, ".../.../..."),
            (6, 6, 5, "x...../....../..o.../....../....../......"),
            (5, 5, 5, "xxxx./o..../.o.../...o./....."),
            (3, 3, 3, ".../.o./x.o"),
        ];
        let mut finder = PairingFinder::new();
        for (w, h, k, text) in cases {
            let (windows, x, o) = setup(w, h, k, text);
            let fresh = find_pairing(&windows, x, o, 100_000);
            let found = finder.find(&windows, x, o, 100_000);
            assert_eq!(found, fresh.is_some(), "{text}");
            if found {
                assert_eq!(Some(finder.pairs().to_vec()), fresh, "{text}");
                assert!(valid(&windows, x, o, finder.pairs()), "{text}");
            }
        }
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
