//! Line patterns: what a stone on a cell would make along one line, for one side.
//!
//! The shape is read from the `2K` cells around the cell (K on each side), each empty, own or
//! blocked (an opponent stone or the board's edge), with the cell itself taken as an own
//! stone. The classes are relative to K, so the same names serve every board: a *four* is
//! K-1 stones that one more move turns into K, a *three* one move from a four, and so on.
//! Classification is recursive (a three is a shape where one more stone makes a four), which
//! handles gapped shapes (`xx.x`) and, with exact-K rules, overlines, without a hand-written
//! table; results are memoised per shape, so each shape is classified once.

use rustc_hash::FxHashMap;

/// The class of a line shape for one side, weakest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing that can become K in a row soon.
    None = 0,
    /// K-4 stones, one side blocked.
    Block1,
    /// K-4 stones, open.
    Flex1,
    /// K-3 stones (a "two" in Gomoku), one side blocked.
    Block2,
    /// An open two.
    Flex2,
    /// A closed three: one move makes a (closed) four.
    Block3,
    /// An open three: one move makes an open four.
    Flex3,
    /// A four: exactly one cell completes K.
    Block4,
    /// An open four: two or more cells complete K, so it cannot be stopped.
    Flex4,
    /// K in a row: the game is won.
    Five,
}

/// Number of pattern classes.
pub const PATTERNS: usize = 10;

impl Pattern {
    /// The class one stone weaker (what this becomes before its last stone).
    fn weaker(self) -> Pattern {
        match self {
            Pattern::Five => Pattern::None, // not reached: a five is checked first
            Pattern::Flex4 => Pattern::Flex3,
            Pattern::Block4 => Pattern::Block3,
            Pattern::Flex3 => Pattern::Flex2,
            Pattern::Block3 => Pattern::Block2,
            Pattern::Flex2 => Pattern::Flex1,
            Pattern::Block2 => Pattern::Block1,
            _ => Pattern::None,
        }
    }

    /// Every pattern, weakest first: `ALL[p as usize] == p`.
    pub const ALL: [Pattern; PATTERNS] = [
        Pattern::None,
        Pattern::Block1,
        Pattern::Flex1,
        Pattern::Block2,
        Pattern::Flex2,
        Pattern::Block3,
        Pattern::Flex3,
        Pattern::Block4,
        Pattern::Flex4,
        Pattern::Five,
    ];

    fn from_u8(v: u8) -> Pattern {
        Self::ALL[(v as usize).min(PATTERNS - 1)]
    }
}

/// A cell of a line segment, seen from one side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Seen {
    /// Empty.
    Empty = 0,
    /// A stone of the side.
    Own = 1,
    /// An opponent stone or off the board.
    Blocked = 2,
}

/// Memoised classification of segments for one K and one rule (freestyle or exact).
#[derive(Clone)]
pub struct PatternTable {
    k: usize,
    exact: bool,
    dense: Vec<u8>,
    sparse: FxHashMap<u128, u8>,
}

/// Unknown entry of the dense table.
const UNKNOWN: u8 = u8::MAX;

/// Dense tables are used up to this many segment cells (3^12 bytes = 0.5 MB).
const DENSE_CELLS: usize = 12;

impl PatternTable {
    /// A table for `k` in a row; with `exact`, lines longer than `k` do not win.
    pub fn new(k: usize, exact: bool) -> Self {
        let cells = 2 * k;
        let dense = if cells <= DENSE_CELLS {
            vec![UNKNOWN; 3usize.pow(cells as u32)]
        } else {
            Vec::new()
        };
        PatternTable {
            k,
            exact,
            dense,
            sparse: FxHashMap::default(),
        }
    }

    /// The base-3 key of a segment of `2K+1` cells: the [`Seen`] digits of its keyed cells,
    /// the first the most significant (so each digit counts its [`PatternTable::weight`]).
    pub fn key(&self, seg: &[Seen]) -> u128 {
        let keyed = seg.iter().enumerate().filter(|&(i, _)| self.keyed(i));
        keyed.fold(0, |key, (_, &s)| key * 3 + s as u128)
    }

    /// Whether segment cell `i` is part of the key: not the middle cell (where the stone
    /// goes), nor the two end cells under freestyle rules (they cannot matter there, so more
    /// shapes share a key).
    fn keyed(&self, i: usize) -> bool {
        i != self.k && (self.exact || (i != 0 && i != 2 * self.k))
    }

    /// What the digit of segment cell `i` weighs in [`PatternTable::key`]: 0 for a cell
    /// left out, else 3 to the number of keyed cells after it.
    pub fn weight(&self, i: usize) -> u128 {
        let after = (i + 1..=2 * self.k).filter(|&j| self.keyed(j)).count();
        if self.keyed(i) {
            3u128.pow(after as u32)
        } else {
            0
        }
    }

    /// Whether segments are keyed into the dense table, so [`PatternTable::known`] can
    /// answer from a key built without a segment.
    #[inline]
    pub fn is_dense(&self) -> bool {
        !self.dense.is_empty()
    }

    /// The class of the segment whose [`PatternTable::key`] is `key`, if the dense table
    /// has met it before.
    #[inline]
    pub fn known(&self, key: usize) -> Option<Pattern> {
        let v = *self.dense.get(key)?;
        (v != UNKNOWN).then(|| Pattern::from_u8(v))
    }

    /// The class of `seg` (length `2K+1`, the middle cell being where the stone goes).
    pub fn classify(&mut self, seg: &[Seen]) -> Pattern {
        let key = self.key(seg);
        if let Some(v) = self.lookup(key) {
            return v;
        }
        let mut work = seg.to_vec();
        work[self.k] = Seen::Own;
        let p = self.compute(&mut work, 4);
        self.store(key, p);
        p
    }

    fn lookup(&self, key: u128) -> Option<Pattern> {
        let v = if self.dense.is_empty() {
            *self.sparse.get(&key)?
        } else {
            self.dense[key as usize]
        };
        (v != UNKNOWN).then(|| Pattern::from_u8(v))
    }

    fn store(&mut self, key: u128, p: Pattern) {
        if self.dense.is_empty() {
            self.sparse.insert(key, p as u8);
        } else {
            self.dense[key as usize] = p as u8;
        }
    }

    /// Whether a window of K own stones covers both the middle and `also`, and (exact rules)
    /// the run is not longer than K.
    fn completes(&self, seg: &[Seen], also: usize) -> bool {
        let k = self.k;
        let lo = also.min(k);
        let hi = also.max(k);
        // Window [start, start+k) with start <= lo and start+k-1 >= hi, inside 1..=2k-1.
        let first = (hi + 1).saturating_sub(k).max(1);
        (first..=lo).any(|start| {
            let end = start + k; // one past the window
            if end > 2 * k {
                return false;
            }
            if !seg[start..end].iter().all(|&s| s == Seen::Own) {
                return false;
            }
            !self.exact || (seg[start - 1] != Seen::Own && seg[end] != Seen::Own)
        })
    }

    /// The empty cells (as bits of segment indices) of the windows through the middle that
    /// `depth` more stones could still fill: no blocked cell, at most `depth` empty ones.
    fn useful_cells(&self, seg: &[Seen], depth: u32) -> u64 {
        let k = self.k;
        let mut cells = 0u64;
        for start in 1..=k {
            let window = &seg[start..start + k];
            let empty = window.iter().filter(|&&s| s == Seen::Empty).count();
            if !window.contains(&Seen::Blocked) && empty <= depth as usize {
                for (i, &s) in window.iter().enumerate() {
                    if s == Seen::Empty {
                        cells |= 1 << (start + i);
                    }
                }
            }
        }
        cells
    }

    /// Classifies `seg` (middle already own), looking at most `depth` stones ahead. Only the
    /// cells of windows that can still be filled are tried: a stone elsewhere completes
    /// nothing and only makes the result weaker. Without this a long K (26: segments of 53
    /// cells) made one classification take seconds.
    fn compute(&self, seg: &mut [Seen], depth: u32) -> Pattern {
        let k = self.k;
        if self.completes(seg, k) {
            return Pattern::Five;
        }
        let useful = self.useful_cells(seg, depth);
        if useful == 0 {
            return Pattern::None;
        }
        let mut wins = 0;
        for i in 1..2 * k {
            if useful & (1 << i) != 0 {
                seg[i] = Seen::Own;
                if self.completes(seg, i) {
                    wins += 1;
                }
                seg[i] = Seen::Empty;
            }
        }
        match wins {
            0 => {}
            1 => return Pattern::Block4,
            _ => return Pattern::Flex4,
        }
        if depth <= 1 {
            return Pattern::None;
        }
        let mut best = Pattern::None;
        for i in 1..2 * k {
            if useful & (1 << i) != 0 {
                seg[i] = Seen::Own;
                let p = self.compute(seg, depth - 1).weaker();
                seg[i] = Seen::Empty;
                best = best.max(p);
                if best == Pattern::Flex3 {
                    break;
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A segment from text: `x` own, `o` or `|` blocked, `.` empty, `*` the middle.
    fn seg(text: &str) -> Vec<Seen> {
        text.chars()
            .map(|c| match c {
                'x' | '*' => Seen::Own,
                '.' => Seen::Empty,
                _ => Seen::Blocked,
            })
            .collect()
    }

    fn class(k: usize, exact: bool, text: &str) -> Pattern {
        assert_eq!(text.len(), 2 * k + 1, "{text}");
        PatternTable::new(k, exact).classify(&seg(text))
    }

    #[test]
    fn gomoku_shapes() {
        assert_eq!(class(5, false, "...xx*xx..."), Pattern::Five);
        assert_eq!(class(5, false, "....x*xx..."), Pattern::Flex4);
        assert_eq!(class(5, false, "...ox*xx..."), Pattern::Block4);
        assert_eq!(class(5, false, "...x.*xx..."), Pattern::Block4);
        assert_eq!(class(5, false, ".....*xx..."), Pattern::Flex3);
        assert_eq!(class(5, false, "....o*xx..."), Pattern::Block3);
        assert_eq!(class(5, false, ".....*.x..."), Pattern::Flex2);
        assert_eq!(class(5, false, ".....*....."), Pattern::Flex1);
        assert_eq!(class(5, false, "....o*o...."), Pattern::None);
        assert_eq!(class(5, false, "|ooo.*xx.oo"), Pattern::Block3);
    }

    #[test]
    fn exact_k_refuses_overlines() {
        assert_eq!(class(5, false, ".xxxx*x...."), Pattern::Five);
        assert_eq!(class(5, true, ".xxxx*x...."), Pattern::None);
        assert_eq!(class(5, true, "..xxx*x...."), Pattern::Five);
        assert_eq!(class(5, true, "..x.x*xx..."), Pattern::Block4);
        assert!(class(5, true, ".x.xx*x.x..") < Pattern::Block4);
        assert_eq!(class(5, true, "...x.*xx..."), Pattern::Block4);
        assert_eq!(class(5, true, "..x.x*x...."), Pattern::Block4);
    }

    /// The classification before cells were pruned: every empty cell tried at every level.
    fn unpruned(table: &PatternTable, seg: &mut [Seen], depth: u32) -> Pattern {
        let k = table.k;
        if table.completes(seg, k) {
            return Pattern::Five;
        }
        let mut wins = 0;
        for i in 1..2 * k {
            if seg[i] == Seen::Empty {
                seg[i] = Seen::Own;
                wins += usize::from(table.completes(seg, i));
                seg[i] = Seen::Empty;
            }
        }
        match wins {
            0 if depth > 1 => {}
            0 => return Pattern::None,
            1 => return Pattern::Block4,
            _ => return Pattern::Flex4,
        }
        let mut best = Pattern::None;
        for i in 1..2 * k {
            if seg[i] == Seen::Empty {
                seg[i] = Seen::Own;
                best = best.max(unpruned(table, seg, depth - 1).weaker());
                seg[i] = Seen::Empty;
            }
        }
        best
    }

    #[test]
    fn pruning_never_changes_a_class() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for k in 1..=6 {
            for exact in [false, true] {
                let table = PatternTable::new(k, exact);
                // Every segment for K <= 3, a sample of 3000 for longer K.
                let all = 3usize.pow(2 * k as u32 + 1);
                for n in 0..all.min(3000) {
                    let mut code = if all <= 3000 {
                        n
                    } else {
                        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                        (state >> 20) as usize % all
                    };
                    let mut seg: Vec<Seen> = (0..=2 * k)
                        .map(|_| {
                            let s = [Seen::Empty, Seen::Own, Seen::Blocked][code % 3];
                            code /= 3;
                            s
                        })
                        .collect();
                    seg[k] = Seen::Own;
                    let want = unpruned(&table, &mut seg.clone(), 4);
                    assert_eq!(table.compute(&mut seg, 4), want, "k {k} exact {exact}");
                }
            }
        }
    }

    #[test]
    fn the_longest_k_classifies_open_segments() {
        // Found by the gomocup_protocol fuzz target: K = 26 took seconds per segment.
        let open = format!("{}*{}", ".".repeat(26), ".".repeat(26));
        assert_eq!(class(26, false, &open), Pattern::None);
        let four = format!("{}*{}", ".".repeat(26), "x".repeat(24) + "..");
        assert_eq!(class(26, true, &four), Pattern::Flex4);
    }

    #[test]
    fn other_k() {
        assert_eq!(class(3, false, "..x*..."), Pattern::Flex4);
        assert_eq!(class(3, false, "..x*o.."), Pattern::Block4);
        assert_eq!(class(4, false, "....*...."), Pattern::Flex2);
        let big = format!("{}*{}", ".".repeat(8), "x".repeat(7) + ".");
        assert_eq!(class(8, false, &big), Pattern::Five);
    }
}
