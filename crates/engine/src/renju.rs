//! Renju's forbidden moves: under the rules of the Renju International Federation (RIF) the
//! first player (x, black) may not make an overline, a double four or a double three, unless
//! the same stone makes exactly K in a row, which wins. The second player (o, white) has no
//! restriction and wins with K or more.
//!
//! The test follows the RIF's definitions, for K in a row (five in Renju proper):
//! - a *five* is exactly K stones in a row; an *overline* more than K;
//! - a *four* is a line that one more stone turns into a five; a *straight four* is one that
//!   two different stones turn into a five (`.xxxx.`), and it counts as one four, while two
//!   fours on one line with different stones (`x.xxx.x`, the middle played) count as two;
//! - a *three* is a line that one more stone turns into a straight four, where that stone
//!   itself is not forbidden: so whether a three counts depends on a forbidden-move test one
//!   stone further on, and so on (the RIF's recursive rule; the search gives up after
//!   [`MAX_DEPTH`] stones, taking the point as allowed).
//!
//! The test reads the board through a function, so the position type and the `hard` search's
//! board share it, and it allocates nothing.

use crate::foul::Foul;
use crate::geometry::DIRECTIONS;
use crate::rules::Rules;
use crate::side::Side;

/// How many stones deep the test follows "is the point that makes the straight four itself
/// forbidden?"; past it a point counts as allowed. Real positions rarely need more than two.
pub const MAX_DEPTH: usize = 4;

/// Whether a stone of x on the empty `cell` would be forbidden under Renju, and why; `stone`
/// tells what stands on any cell of the board. Says nothing about whose turn it is or
/// whether the rules are Renju: callers ask only for x under Renju.
pub fn foul(rules: &Rules, stone: impl Fn(usize) -> Option<Side>, cell: usize) -> Option<Foul> {
    let scan = Scan::new(rules, stone);
    if !scan.may_foul(cell) {
        return None;
    }
    foul_checked(rules, scan.stone, cell)
}

/// [`foul`] without its quick first look, for a caller that has made its own (the `hard`
/// search reads it off the patterns it keeps).
pub fn foul_checked(
    rules: &Rules,
    stone: impl Fn(usize) -> Option<Side>,
    cell: usize,
) -> Option<Foul> {
    Scan::new(rules, stone).foul_at(cell, 0)
}

/// The board as the test sees it: the real stones plus the x stones it has placed in thought.
struct Scan<'a, F> {
    rules: &'a Rules,
    stone: F,
    /// The stones placed in thought: one per level of the recursion, and two trial stones.
    extra: [usize; MAX_DEPTH + 4],
    placed: usize,
}

impl<'a, F: Fn(usize) -> Option<Side>> Scan<'a, F> {
    fn new(rules: &'a Rules, stone: F) -> Self {
        Scan {
            rules,
            stone,
            extra: [usize::MAX; MAX_DEPTH + 4],
            placed: 0,
        }
    }

    /// The cell `steps` along direction `d` from `cell`, if it is on the board.
    fn step(&self, cell: usize, d: usize, steps: isize) -> Option<usize> {
        let (col, row) = self.rules.col_row(cell);
        let (dc, dr) = DIRECTIONS[d];
        let c = col as isize + dc * steps;
        let r = row as isize + dr * steps;
        let inside = (0..self.rules.width() as isize).contains(&c)
            && (0..self.rules.height() as isize).contains(&r);
        inside.then(|| self.rules.cell(c as usize, r as usize))
    }

    fn is_x(&self, cell: usize) -> bool {
        self.extra[..self.placed].contains(&cell) || (self.stone)(cell) == Some(Side::X)
    }

    fn is_empty(&self, cell: usize) -> bool {
        !self.extra[..self.placed].contains(&cell) && (self.stone)(cell).is_none()
    }

    /// x stones in a row from `cell` (not counted) along `d` in the sense of `sign`.
    fn run(&self, cell: usize, d: usize, sign: isize) -> usize {
        let mut n = 0;
        while let Some(next) = self.step(cell, d, sign * (n as isize + 1)) {
            if !self.is_x(next) {
                break;
            }
            n += 1;
        }
        n
    }

    /// A quick necessary condition, so most cells cost a few reads: a foul needs a line with
    /// K-1 other x stones within K cells (an overline or two fours on one line), or two lines
    /// with K-3 others within K-1 (two threes or fours).
    fn may_foul(&self, cell: usize) -> bool {
        let k = self.rules.k() as isize;
        let mut lines_with_some = 0;
        for d in 0..4 {
            let count = |reach: isize| {
                (-reach..=reach)
                    .filter(|&s| s != 0)
                    .filter_map(|s| self.step(cell, d, s))
                    .filter(|&c| self.is_x(c))
                    .count() as isize
            };
            if count(k) >= k - 1 {
                return true;
            }
            if count(k - 1) >= (k - 3).max(1) {
                lines_with_some += 1;
            }
        }
        lines_with_some >= 2
    }

    /// The test with `cell` (empty) taken as x, `depth` stones into the recursion.
    fn foul_at(&mut self, cell: usize, depth: usize) -> Option<Foul> {
        self.extra[self.placed] = cell;
        self.placed += 1;
        let found = self.foul_placed(cell, depth);
        self.placed -= 1;
        found
    }

    fn foul_placed(&mut self, cell: usize, depth: usize) -> Option<Foul> {
        let k = self.rules.k();
        let lengths: [usize; 4] =
            std::array::from_fn(|d| 1 + self.run(cell, d, 1) + self.run(cell, d, -1));
        if lengths.contains(&k) {
            return None; // a five wins, whatever else the stone makes
        }
        if lengths.iter().any(|&n| n > k) {
            return Some(Foul::Overline);
        }
        let fours: [usize; 4] = std::array::from_fn(|d| self.fours(cell, d));
        if fours.iter().sum::<usize>() >= 2 {
            return Some(Foul::DoubleFour);
        }
        let mut threes = 0;
        for (d, &line_fours) in fours.iter().enumerate() {
            if line_fours == 0 && self.is_three(cell, d, depth) {
                threes += 1;
                if threes >= 2 {
                    return Some(Foul::DoubleThree);
                }
            }
        }
        None
    }

    /// Whether an x stone on the empty `q` would make exactly K in a row along `d` with
    /// `cell` among them.
    fn makes_five_with(&mut self, q: usize, d: usize, cell: usize) -> bool {
        self.extra[self.placed] = q;
        self.placed += 1;
        let (back, forward) = (self.run(q, d, -1), self.run(q, d, 1));
        self.placed -= 1;
        if back + forward + 1 != self.rules.k() {
            return false;
        }
        (-(back as isize)..=forward as isize).any(|s| self.step(q, d, s) == Some(cell))
    }

    /// The fours through the placed `cell` along `d`: the cells that would complete a five
    /// with it, where the two ends of a straight four are one four.
    fn fours(&mut self, cell: usize, d: usize) -> usize {
        let k = self.rules.k() as isize;
        let mut completions = [0isize; 8];
        let mut n = 0;
        for s in (-(k - 1)..=k - 1).filter(|&s| s != 0) {
            let Some(q) = self.step(cell, d, s) else {
                continue;
            };
            if self.is_empty(q) && self.makes_five_with(q, d, cell) && n < completions.len() {
                completions[n] = s;
                n += 1;
            }
        }
        let straight_pairs = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| (completions[j] - completions[i]).abs() == k)
            .count();
        n - straight_pairs
    }

    /// Whether the placed `cell` makes a three along `d`: some empty cell on the line would
    /// make a straight four with it, and that cell is not itself forbidden.
    fn is_three(&mut self, cell: usize, d: usize, depth: usize) -> bool {
        let k = self.rules.k() as isize;
        for s in (-(k - 1)..=k - 1).filter(|&s| s != 0) {
            let Some(q) = self.step(cell, d, s) else {
                continue;
            };
            if !self.is_empty(q) {
                continue;
            }
            self.extra[self.placed] = q;
            self.placed += 1;
            let straight = self.straight_four(cell, d);
            self.placed -= 1;
            if straight && (depth >= MAX_DEPTH || self.foul_at(q, depth + 1).is_none()) {
                return true;
            }
        }
        false
    }

    /// Whether the run of x through `cell` along `d` is a straight four: K-1 stones whose two
    /// ends are empty and would each make exactly K.
    fn straight_four(&mut self, cell: usize, d: usize) -> bool {
        let (back, forward) = (self.run(cell, d, -1), self.run(cell, d, 1));
        if back + forward + 1 != self.rules.k() - 1 {
            return false;
        }
        let ends = [
            self.step(cell, d, -(back as isize) - 1),
            self.step(cell, d, forward as isize + 1),
        ];
        ends.iter().all(|&end| match end {
            Some(end) => self.is_empty(end) && self.makes_five_with(end, d, cell),
            None => false,
        })
    }
}

#[cfg(test)]
mod tests;
