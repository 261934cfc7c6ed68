//! The pairing finder's search with its lines as bits of one word: a step costs a few word
//! operations instead of a pass over every line left.
//!
//! Line `i` of the finder's list is bit `i`. Each cell keeps the set of lines through it, and
//! the lines' free-cell counts are bit-sliced (plane `p` holds bit `p` of every count), so
//! choosing a pair removes the lines that hold it with one mask and takes one from the counts
//! of the lines through either cell with a borrow chain. The search makes exactly the choices
//! of [`PairingFinder::cover`], in the same order and counting the same steps (a test compares
//! them), so the two find the same pairings; this one applies when the lines fit in a word.

use super::{split_pair, PairingFinder, FAST_FREE};
use crate::bits::BitSet;

/// The most lines this search handles: one bit each.
pub(super) const MOST_LINES: usize = 128;

/// Bits of a line's free-cell count.
const PLANES: usize = 4;

/// The most free cells of a line this search handles (the counts have [`PLANES`] bits).
pub(super) const MOST_FREE: u32 = (1 << PLANES) - 1;

/// How many forced pairs a step compares (as [`PairingFinder::try_pair`] does).
const FORCED: usize = 16;

/// The lines still to cover, and their free-cell counts.
#[derive(Clone, Copy)]
struct Lines {
    active: u128,
    planes: [u128; PLANES],
}

impl Lines {
    /// The active lines with exactly `v` free cells.
    fn count_is(&self, v: u32) -> u128 {
        self.planes
            .iter()
            .enumerate()
            .fold(self.active, |m, (p, &plane)| {
                m & if v >> p & 1 == 1 { plane } else { !plane }
            })
    }

    /// Takes one free cell from each active line of `lines`.
    fn take_one(&mut self, lines: u128) {
        let mut borrow = lines & self.active;
        for plane in &mut self.planes {
            let old = *plane;
            *plane ^= borrow;
            borrow &= !old;
        }
    }

    /// The active lines with fewer than two free cells.
    fn short_lines(&self) -> u128 {
        self.active & !(self.planes[1] | self.planes[2] | self.planes[3])
    }

    /// The fewest free cells of an active line, and the first line with that many.
    fn fewest(&self) -> (u32, usize) {
        (2..=MOST_FREE)
            .find_map(|v| {
                let m = self.count_is(v);
                (m != 0).then(|| (v, m.trailing_zeros() as usize))
            })
            .unwrap_or((u32::MAX, 0))
    }
}

impl<B: BitSet> PairingFinder<B> {
    /// Whether the sliced search can take the lines `0..n` of `self.lines`.
    pub(super) fn fits_sliced(&self, n: usize) -> bool {
        n <= MOST_LINES && self.lines[..n].iter().all(|l| l.count() <= MOST_FREE)
    }

    /// [`PairingFinder::cover`] of the lines `0..n` (at most [`MOST_LINES`], each with two to
    /// [`MOST_FREE`] free cells), with nothing used yet.
    pub(super) fn cover_sliced(&mut self, n: usize) -> bool {
        if n == 0 {
            return true;
        }
        let union = self.lines[..n].iter().fold(B::default(), |u, &l| u.or(l));
        let last = union.cells().last().unwrap_or(0);
        if self.through.len() <= last {
            self.through.resize(last + 1, 0);
        }
        for c in union.cells() {
            self.through[c] = 0;
        }
        let mut lines = Lines {
            active: if n == MOST_LINES {
                u128::MAX
            } else {
                (1 << n) - 1
            },
            planes: [0; PLANES],
        };
        for (i, &l) in self.lines[..n].iter().enumerate() {
            for c in l.cells() {
                self.through[c] |= 1 << i;
            }
            let count = l.count();
            for (p, plane) in lines.planes.iter_mut().enumerate() {
                if count >> p & 1 == 1 {
                    *plane |= 1 << i;
                }
            }
        }
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        let (fewest, pick) = lines.fewest();
        self.branch_sliced(lines, B::default(), pick, fewest)
    }

    /// [`PairingFinder::branch`]: every pair of the free cells of line `pick`, the pair that
    /// lies in most lines first.
    fn branch_sliced(&mut self, lines: Lines, used: B, pick: usize, fewest: u32) -> bool {
        // Every pairing covers this line with a pair of its free cells: a failure here rests
        // on it (and on what refuted each pair).
        self.core_lines |= 1 << pick;
        let free = self.lines[pick].and_not(used);
        let mut fast = [(0u32, B::default()); FAST_FREE * (FAST_FREE - 1) / 2];
        let mut long = Vec::new();
        let candidates: &mut [(u32, B)] = if fewest as usize <= FAST_FREE {
            let mut n = 0;
            self.each_pair(lines.active, free, |c| {
                fast[n] = c;
                n += 1;
            });
            &mut fast[..n]
        } else {
            self.each_pair(lines.active, free, |c| long.push(c));
            &mut long
        };
        candidates.sort_unstable_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
        for &(_, pair) in candidates.iter() {
            if self.try_sliced(lines, used, pair) {
                return true;
            }
            if self.steps == 0 {
                return false;
            }
        }
        false
    }

    /// Every pair of `free`'s cells, in cell order, with the number of `active` lines it
    /// lies in.
    fn each_pair(&self, active: u128, free: B, mut out: impl FnMut((u32, B))) {
        let mut a_set = free;
        while let Some(a) = a_set.pop_lowest() {
            let with_a = active & self.through[a];
            let mut b_set = a_set;
            while let Some(b) = b_set.pop_lowest() {
                let count = (with_a & self.through[b]).count_ones();
                out((count, B::single(a).with(b)));
            }
        }
    }

    /// [`PairingFinder::try_pair`]: chooses `pair` and covers the lines it leaves.
    fn try_sliced(&mut self, lines: Lines, used: B, pair: B) -> bool {
        let used = used.or(pair);
        let (a, b) = split_pair(pair);
        let (through_a, through_b) = (self.through[a as usize], self.through[b as usize]);
        let mut next = lines;
        next.active &= !(through_a & through_b);
        next.take_one(through_a);
        next.take_one(through_b);
        let short = next.short_lines();
        let blocked = if short != 0 {
            // One line left without a pair refutes the choice.
            self.core_lines |= short & short.wrapping_neg();
            true
        } else if let Some((i, j)) = self.forced_clash(&next, used) {
            self.core_lines |= 1 << i | 1 << j;
            true
        } else {
            false
        };
        let left = next.active != 0;
        let found = if !left && !blocked {
            true
        } else if self.steps == 0 {
            false
        } else {
            self.steps -= 1;
            !blocked && {
                self.pairs.push((a, b));
                let (fewest, pick) = next.fewest();
                let found = self.branch_sliced(next, used, pick, fewest);
                if !found {
                    self.pairs.pop();
                }
                found
            }
        };
        if found && !left {
            self.pairs.push((a, b));
        }
        found
    }

    /// Two lines left with two free cells each that share one (both pairs cannot be
    /// chosen), when there are: compared in line order against the first [`FORCED`] such
    /// lines, as [`PairingFinder::try_pair`] does.
    fn forced_clash(&self, lines: &Lines, used: B) -> Option<(usize, usize)> {
        let mut forced = [(B::default(), 0); FORCED];
        let mut n = 0;
        let mut two = lines.count_is(2);
        while two != 0 {
            let i = two.trailing_zeros() as usize;
            two &= two - 1;
            let m = self.lines[i].and_not(used);
            if let Some(&(_, j)) = forced[..n]
                .iter()
                .find(|&&(f, _)| !f.and(m).is_empty() && f != m)
            {
                return Some((j, i));
            }
            if n < FORCED {
                forced[n] = (m, i);
                n += 1;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;
    use crate::geometry::Geometry;
    use crate::rules::Rules;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Up to `most` stones on `cells` cells at random, taken in turn by the attacker and the
    /// defender: (attacker's, defender's).
    fn random_stones<B: BitSet>(rng: &mut StdRng, cells: usize, most: usize) -> (B, B) {
        let (mut a, mut d) = (B::default(), B::default());
        for i in 0..rng.gen_range(0..=most) {
            let c = rng.gen_range(0..cells);
            if !a.or(d).contains(c) {
                if i % 2 == 0 {
                    a = a.with(c);
                } else {
                    d = d.with(c);
                }
            }
        }
        (a, d)
    }

    /// Random positions on `w`x`h`/`k` with up to `most` stones: the sliced search and the
    /// line-list search must answer alike, with the same pairs and the same steps left.
    fn compare<B: BitSet>(w: usize, h: usize, k: usize, most: usize, seed: u64) -> usize {
        let geo = Geometry::<B>::new(Rules::new(w, h, Some(k)).unwrap());
        let cells = w * h;
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut sliced, mut plain) = (PairingFinder::<B>::new(), PairingFinder::<B>::new());
        plain.sliced = false;
        let mut found = 0;
        for _ in 0..150 {
            let (a, d) = random_stones::<B>(&mut rng, cells, most);
            let steps = [1, 5, 50, 300, 3000][rng.gen_range(0..5)];
            let one = sliced.find(geo.windows(), a, d, steps);
            let other = plain.find(geo.windows(), a, d, steps);
            assert_eq!(
                one, other,
                "{w}x{h}/{k} seed {seed}: {a:?} {d:?} steps {steps}"
            );
            assert_eq!(sliced.steps, plain.steps, "{w}x{h}/{k}: steps left");
            assert_eq!(sliced.pairs, plain.pairs, "{w}x{h}/{k}: pairs");
            found += usize::from(one);
        }
        found
    }

    /// Random positions on `w`x`h`/`k`: wherever a search fails with a core, the live
    /// windows whose free cells lie inside it have no pairing (an exhaustive search of the
    /// line-list kind says so), and neither has the position after a defender stone off it.
    /// Returns how many cores it checked.
    fn cores_hold<B: BitSet>(w: usize, h: usize, k: usize, most: usize, seed: u64) -> usize {
        let geo = Geometry::<B>::new(Rules::new(w, h, Some(k)).unwrap());
        let cells = w * h;
        let mut rng = StdRng::seed_from_u64(seed);
        let (mut finder, mut exhaustive) = (PairingFinder::<B>::new(), PairingFinder::<B>::new());
        exhaustive.sliced = false;
        let mut checked = 0;
        for _ in 0..150 {
            let (a, d) = random_stones::<B>(&mut rng, cells, most);
            let steps = [1, 5, 50, 300][rng.gen_range(0..4)];
            if finder.find(geo.windows(), a, d, steps) {
                assert_eq!(finder.failure_core(), None, "a success has no core");
                continue;
            }
            let Some(core) = finder.failure_core() else {
                continue;
            };
            let inside: Vec<B> = (geo.windows().iter().copied())
                .filter(|w| w.and(d).is_empty() && core.contains_all(w.and_not(a)))
                .collect();
            assert!(!inside.is_empty(), "{w}x{h}/{k}: an empty core");
            assert!(
                !exhaustive.find(&inside, a, d, u32::MAX),
                "{w}x{h}/{k}: the core's lines have a pairing: {a:?} {d:?} core {core:?}"
            );
            let off = geo.full().and_not(a.or(d).or(core));
            if let Some(r) = off.cells().nth(rng.gen_range(0..=off.count() as usize)) {
                assert!(
                    !exhaustive.find(geo.windows(), a, d.with(r), 100_000),
                    "{w}x{h}/{k}: a pairing after a stone off the core"
                );
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn a_failure_core_holds_lines_without_a_pairing() {
        let mut checked = 0;
        for seed in 0..3 {
            checked += cores_hold::<u64>(4, 4, 3, 6, seed);
            checked += cores_hold::<u64>(5, 5, 4, 8, seed);
            checked += cores_hold::<u64>(7, 7, 5, 14, seed);
            checked += cores_hold::<u64>(8, 8, 5, 16, seed);
            checked += cores_hold::<Wide>(9, 9, 5, 24, seed);
        }
        assert!(checked > 300, "only {checked} cores checked");
    }

    #[test]
    fn the_sliced_search_makes_the_choices_of_the_line_list_search() {
        let mut found = 0;
        for seed in 0..4 {
            found += compare::<u64>(3, 3, 3, 3, seed);
            found += compare::<u64>(4, 4, 3, 6, seed);
            found += compare::<u64>(5, 5, 4, 8, seed);
            found += compare::<u64>(6, 6, 5, 10, seed);
            found += compare::<u64>(7, 7, 5, 14, seed);
            found += compare::<u64>(8, 8, 5, 16, seed);
            found += compare::<u64>(8, 8, 6, 16, seed);
            found += compare::<u64>(8, 2, 8, 2, seed);
            // 9x9/5 has 140 windows: the sliced search takes the positions that leave 128.
            found += compare::<Wide>(9, 9, 5, 24, seed);
            found += compare::<Wide>(12, 6, 4, 24, seed);
        }
        // Both answers occur, so the comparison covers found pairings and failures.
        assert!(found > 100, "only {found} pairings found");
    }
}
