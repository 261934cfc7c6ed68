//! The forbidden-move test on the RIF's cases, built as positions around h8 on 15x15, and
//! against a plain re-scan of the board written from the definitions in another way.

use super::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// A 15x15 Renju board as a cell array.
struct Diagram {
    rules: Rules,
    cells: Vec<Option<Side>>,
}

/// h8, the centre, where each case puts the move it asks about.
const P: (isize, isize) = (7, 7);

impl Diagram {
    fn new() -> Diagram {
        let rules = Rules::new(15, 15, Some(5)).unwrap();
        Diagram {
            rules,
            cells: vec![None; rules.cells()],
        }
    }

    /// Cell at `dc` columns right and `dr` rows down from h8.
    fn at(&self, dc: isize, dr: isize) -> usize {
        self.rules.cell((P.0 + dc) as usize, (P.1 + dr) as usize)
    }

    fn x(mut self, stones: &[(isize, isize)]) -> Diagram {
        for &(dc, dr) in stones {
            let cell = self.at(dc, dr);
            self.cells[cell] = Some(Side::X);
        }
        self
    }

    fn o(mut self, stones: &[(isize, isize)]) -> Diagram {
        for &(dc, dr) in stones {
            let cell = self.at(dc, dr);
            self.cells[cell] = Some(Side::O);
        }
        self
    }

    /// The verdict on x playing h8.
    fn centre(&self) -> Option<Foul> {
        foul(&self.rules, |c| self.cells[c], self.at(0, 0))
    }
}

#[test]
fn two_open_threes_are_a_double_three() {
    let d = Diagram::new().x(&[(1, 0), (2, 0), (0, 1), (0, 2)]);
    assert_eq!(d.centre(), Some(Foul::DoubleThree));
    // Split threes count too: x.x on one line, xx on the other.
    let d = Diagram::new().x(&[(-1, 0), (2, 0), (0, 1), (0, 2)]);
    assert_eq!(d.centre(), Some(Foul::DoubleThree));
    // Diagonals as well.
    let d = Diagram::new().x(&[(1, 1), (2, 2), (1, -1), (2, -2)]);
    assert_eq!(d.centre(), Some(Foul::DoubleThree));
}

#[test]
fn a_three_blocked_at_one_end_does_not_count() {
    // o x x x . on the row is no three: it can only become a closed four.
    let d = Diagram::new()
        .x(&[(1, 0), (2, 0), (0, 1), (0, 2)])
        .o(&[(-1, 0)]);
    assert_eq!(d.centre(), None);
    // Blocked one cell further: o . x x x . . makes a straight four only with the cell
    // beyond the o side, which would touch the o: still a three on the far side.
    let d = Diagram::new()
        .x(&[(1, 0), (2, 0), (0, 1), (0, 2)])
        .o(&[(-2, 0)]);
    assert_eq!(d.centre(), Some(Foul::DoubleThree));
    // With an o two cells away on the right as well, no straight four fits.
    let d = Diagram::new()
        .x(&[(1, 0), (2, 0), (0, 1), (0, 2)])
        .o(&[(-2, 0), (4, 0)]);
    assert_eq!(d.centre(), None);
}

#[test]
fn two_fours_are_a_double_four_even_on_one_line() {
    let d = Diagram::new().x(&[(1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)]);
    assert_eq!(d.centre(), Some(Foul::DoubleFour));
    // x . x h8 x . x: two fours on one row.
    let d = Diagram::new().x(&[(-3, 0), (-1, 0), (1, 0), (3, 0)]);
    assert_eq!(d.centre(), Some(Foul::DoubleFour));
    // Closed fours count: both blocked at one end.
    let d = Diagram::new()
        .x(&[(1, 0), (2, 0), (3, 0), (0, 1), (0, 2), (0, 3)])
        .o(&[(-1, 0), (0, -1)]);
    assert_eq!(d.centre(), Some(Foul::DoubleFour));
}

#[test]
fn a_straight_four_is_one_four_and_four_three_is_allowed() {
    // . x x h8 x . makes a straight four: one four, not two.
    let d = Diagram::new().x(&[(-2, 0), (-1, 0), (1, 0)]);
    assert_eq!(d.centre(), None);
    // A four and a three at once is the winning shape, allowed.
    let d = Diagram::new().x(&[(1, 0), (2, 0), (3, 0), (0, 1), (0, 2)]);
    assert_eq!(d.centre(), None);
}

#[test]
fn six_in_a_row_is_an_overline_but_a_five_elsewhere_wins() {
    let d = Diagram::new().x(&[(-3, 0), (-2, 0), (-1, 0), (1, 0), (2, 0)]);
    assert_eq!(d.centre(), Some(Foul::Overline));
    // The same stone also makes exactly five down the column: the five wins.
    let d = d.x(&[(0, 1), (0, 2), (0, -1), (0, -2)]);
    assert_eq!(d.centre(), None);
    // A five with a double four elsewhere is a win too.
    let d = Diagram::new().x(&[
        (-2, 0),
        (-1, 0),
        (1, 0),
        (2, 0),
        (1, 1),
        (2, 2),
        (3, 3),
        (1, -1),
        (2, -2),
        (3, -3),
    ]);
    assert_eq!(d.centre(), None);
}

/// The RIF's recursive rule: the row's three (h8 with i8, j8) can become a straight four only
/// at g8 or k8. Stones elsewhere make each of those a double four, so neither is a legal
/// move for x, the row is no three, and h8 with the column's real three is allowed.
#[test]
fn a_three_whose_straight_four_points_are_forbidden_does_not_count() {
    let threes = Diagram::new().x(&[(1, 0), (2, 0), (0, 1), (0, 2)]);
    assert_eq!(threes.centre(), Some(Foul::DoubleThree));
    // g8 (-1, 0): with a four down its column (. gap, then three stones).
    let g8_blocked = threes.x(&[(-1, 2), (-1, 3), (-1, 4)]);
    assert_eq!(
        g8_blocked.centre(),
        Some(Foul::DoubleThree),
        "k8 still makes the straight four"
    );
    // k8 (3, 0): with a straight four along its diagonal.
    let both_blocked = g8_blocked.x(&[(4, 1), (5, 2), (6, 3)]);
    assert_eq!(both_blocked.centre(), None);
    let g8 = both_blocked.at(-1, 0);
    let k8 = both_blocked.at(3, 0);
    let with_h8 = both_blocked.x(&[(0, 0)]);
    for point in [g8, k8] {
        assert_eq!(
            foul(&with_h8.rules, |c| with_h8.cells[c], point),
            Some(Foul::DoubleFour)
        );
    }
}

#[test]
fn the_edge_and_white_stones_end_lines() {
    // Four x stones along the bottom edge from a1: a1..d1 and e1 would be a five, not more.
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut cells = vec![None; rules.cells()];
    for name in ["a1", "b1", "c1", "d1"] {
        cells[rules.parse_cell(name).unwrap()] = Some(Side::X);
    }
    cells[rules.parse_cell("g1").unwrap()] = Some(Side::X);
    let e1 = rules.parse_cell("e1").unwrap();
    assert_eq!(
        foul(&rules, |c| cells[c], e1),
        None,
        "e1 makes exactly five"
    );
    cells[rules.parse_cell("f1").unwrap()] = Some(Side::X);
    assert_eq!(foul(&rules, |c| cells[c], e1), Some(Foul::Overline));
}

/// The plain test: place the stone on a copy of the board and read every window through it.
/// Fours are counted as distinct sets of K-1 stones that one empty cell completes to exactly
/// K; threes by trying every cell of the line for a straight four of K+1 cells.
struct Plain {
    rules: Rules,
    cells: Vec<Option<Side>>,
}

impl Plain {
    fn get(&self, col: isize, row: isize) -> Option<Option<Side>> {
        let inside = (0..self.rules.width() as isize).contains(&col)
            && (0..self.rules.height() as isize).contains(&row);
        inside.then(|| self.cells[self.rules.cell(col as usize, row as usize)])
    }

    fn is_x(&self, col: isize, row: isize) -> bool {
        self.get(col, row) == Some(Some(Side::X))
    }

    /// Cells of the line along `d` through `cell`, from `from` to `to` steps (inclusive), or
    /// `None` when one is off the board.
    fn segment(&self, cell: usize, d: usize, from: isize, to: isize) -> Option<Vec<usize>> {
        let (col, row) = self.rules.col_row(cell);
        let (dc, dr) = DIRECTIONS[d];
        (from..=to)
            .map(|s| {
                let (c, r) = (col as isize + dc * s, row as isize + dr * s);
                self.get(c, r)?;
                Some(self.rules.cell(c as usize, r as usize))
            })
            .collect()
    }

    /// Whether the K cells from `start` steps along `d` of `cell` are all x and the cells
    /// just beyond are not.
    fn exact_five_at(&self, cell: usize, d: usize, start: isize) -> bool {
        let k = self.rules.k() as isize;
        let Some(window) = self.segment(cell, d, start, start + k - 1) else {
            return false;
        };
        let (col, row) = self.rules.col_row(cell);
        let (dc, dr) = DIRECTIONS[d];
        let beyond =
            [start - 1, start + k].map(|s| self.is_x(col as isize + dc * s, row as isize + dr * s));
        window.iter().all(|&c| self.cells[c] == Some(Side::X)) && !beyond.contains(&true)
    }

    fn foul(&mut self, cell: usize, depth: usize) -> Option<Foul> {
        self.cells[cell] = Some(Side::X);
        let found = self.foul_placed(cell, depth);
        self.cells[cell] = None;
        found
    }

    fn foul_placed(&mut self, cell: usize, depth: usize) -> Option<Foul> {
        let k = self.rules.k() as isize;
        if (0..4).any(|d| (1 - k..=0).any(|s| self.exact_five_at(cell, d, s))) {
            return None;
        }
        let overline = (0..4).any(|d| {
            (-k..=0).any(|s| {
                self.segment(cell, d, s, s + k)
                    .is_some_and(|w| w.iter().all(|&c| self.cells[c] == Some(Side::X)))
            })
        });
        if overline {
            return Some(Foul::Overline);
        }
        let mut fours: HashSet<(usize, Vec<usize>)> = HashSet::new();
        for d in 0..4 {
            for s in 1 - k..=0 {
                let Some(window) = self.segment(cell, d, s, s + k - 1) else {
                    continue;
                };
                let empty: Vec<usize> = window
                    .iter()
                    .copied()
                    .filter(|&c| self.cells[c].is_none())
                    .collect();
                let owned = window
                    .iter()
                    .filter(|&&c| self.cells[c] == Some(Side::X))
                    .count();
                if empty.len() != 1 || owned != k as usize - 1 {
                    continue;
                }
                self.cells[empty[0]] = Some(Side::X);
                let five = self.exact_five_at(cell, d, s);
                self.cells[empty[0]] = None;
                if five {
                    let stones: Vec<usize> =
                        window.into_iter().filter(|&c| c != empty[0]).collect();
                    fours.insert((d, stones));
                }
            }
        }
        if fours.len() >= 2 {
            return Some(Foul::DoubleFour);
        }
        let mut threes = 0;
        for d in (0..4).filter(|&d| fours.iter().all(|(fd, _)| *fd != d)) {
            let line = (1 - k..k)
                .filter_map(|s| self.segment(cell, d, s, s))
                .flatten()
                .filter(|&q| self.cells[q].is_none())
                .collect::<Vec<_>>();
            let three = line.into_iter().any(|q| {
                self.cells[q] = Some(Side::X);
                // A straight four: K+1 cells through `cell`, empty at both ends, x inside,
                // and not x just beyond (each end then makes exactly K).
                let straight = (-k..=0).any(|s| self.straight_at(cell, d, s));
                self.cells[q] = None;
                straight && (depth >= MAX_DEPTH || self.foul(q, depth + 1).is_none())
            });
            threes += usize::from(three);
        }
        (threes >= 2).then_some(Foul::DoubleThree)
    }

    fn straight_at(&self, cell: usize, d: usize, s: isize) -> bool {
        let k = self.rules.k() as isize;
        let Some(w) = self.segment(cell, d, s, s + k) else {
            return false;
        };
        let (col, row) = self.rules.col_row(cell);
        let (dc, dr) = DIRECTIONS[d];
        let inside_x = w[1..w.len() - 1]
            .iter()
            .all(|&c| self.cells[c] == Some(Side::X));
        let ends_empty = self.cells[w[0]].is_none() && self.cells[w[w.len() - 1]].is_none();
        let beyond_x = [s - 1, s + k + 1]
            .iter()
            .any(|&t| self.is_x(col as isize + dc * t, row as isize + dr * t));
        inside_x && ends_empty && !beyond_x
    }
}

/// Thousands of random crowded middles of a 15x15 board: the test and the plain re-scan agree
/// on every empty cell, and every kind of foul turns up.
#[test]
fn the_test_agrees_with_a_plain_rescan_of_the_board() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut rng = StdRng::seed_from_u64(2026);
    let mut seen: HashSet<Option<Foul>> = HashSet::new();
    for _ in 0..400 {
        let mut cells = vec![None; rules.cells()];
        let (x_stones, o_stones) = (rng.gen_range(4..26), rng.gen_range(0..12));
        for (side, count) in [(Side::X, x_stones), (Side::O, o_stones)] {
            for _ in 0..count {
                let (c, r) = (rng.gen_range(3..12), rng.gen_range(3..12));
                cells[rules.cell(c, r)] = Some(side);
            }
        }
        let mut plain = Plain {
            rules,
            cells: cells.clone(),
        };
        for cell in (0..rules.cells()).filter(|&c| cells[c].is_none()) {
            let fast = foul(&rules, |c| cells[c], cell);
            let slow = plain.foul(cell, 0);
            assert_eq!(
                fast,
                slow,
                "x on {} of {:?}",
                rules.cell_name(cell),
                (0..15)
                    .map(|r| (0..15)
                        .map(|c| match cells[rules.cell(c, r)] {
                            None => '.',
                            Some(Side::X) => 'x',
                            Some(Side::O) => 'o',
                        })
                        .collect::<String>())
                    .collect::<Vec<_>>()
                    .join("/")
            );
            seen.insert(fast);
        }
    }
    for kind in [
        None,
        Some(Foul::Overline),
        Some(Foul::DoubleFour),
        Some(Foul::DoubleThree),
    ] {
        assert!(seen.contains(&kind), "no case of {kind:?}");
    }
}
