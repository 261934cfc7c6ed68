//! The size of a count, estimated before it starts by sampling, so that one that cannot fit in
//! its memory bound is refused at once instead of part way.

use super::{map_bytes, CountError};
use crate::bits::BitSet;
use crate::position::Position;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Random placements tried per ply by [`estimate`]: enough for a few per cent on the plies
/// that matter, and a few milliseconds on the largest boards.
const SAMPLES: u32 = 2048;

/// What a count from a position will need, estimated before it starts by sampling: for each
/// ply, random placements of the right number of stones, the share of them that a game can
/// reach (no line for the side that did not move last, and every line of the side that did
/// through one of its new stones) times the number of placements.
///
/// ```
/// use mnk_engine::{exact, Board, Rules};
///
/// // Known before counting: the widest ply of tic-tac-toe holds a few hundred positions.
/// let estimate = exact::count_estimate(&Board::new(Rules::tic_tac_toe())).unwrap();
/// assert_eq!(estimate.positions_per_ply.len(), 10);
/// assert!(estimate.peak_bytes() < 1 << 20);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CountEstimate {
    /// Estimated positions at each ply (index 0 is the root's).
    pub positions_per_ply: Vec<f64>,
    /// Cautious figures: three standard errors below the estimate, so that a refusal based
    /// on them is right even when the sample was unlucky.
    low_per_ply: Vec<f64>,
}

impl CountEstimate {
    /// Estimated bytes at the widest moment of the count.
    pub fn peak_bytes(&self) -> u64 {
        peak_bytes(&self.positions_per_ply)
    }

    /// The ply with the most positions, and their estimated number.
    pub fn widest_ply(&self) -> (usize, f64) {
        self.positions_per_ply
            .iter()
            .copied()
            .enumerate()
            .fold(
                (0, 0.0),
                |best, (p, n)| if n > best.1 { (p, n) } else { best },
            )
    }

    /// The refusal of a count this estimate shows cannot fit in `memory_bytes`.
    pub fn refusal(&self, memory_bytes: u64) -> Option<CountError> {
        (peak_bytes(&self.low_per_ply) > memory_bytes).then(|| {
            let (ply, positions) = self.widest_ply();
            CountError::WouldNotFit {
                needed_bytes: self.peak_bytes(),
                ply,
                positions,
                limit_mib: memory_bytes >> 20,
            }
        })
    }
}

/// The most bytes two consecutive plies' maps hold at once (the newer one also with the
/// buckets it last grew from).
fn peak_bytes(per_ply: &[f64]) -> u64 {
    let bytes = |n: f64| map_bytes(n.ceil() as usize);
    (1..per_ply.len())
        .map(|p| {
            let newer = bytes(per_ply[p]);
            bytes(per_ply[p - 1]) + newer + newer / 2
        })
        .max()
        .unwrap_or(bytes(1.0))
}

/// Estimates the positions of every ply of the count below `root` (see [`CountEstimate`]).
/// The sample is seeded, so the same position always gets the same estimate.
pub fn estimate(root: &Position<u64>) -> CountEstimate {
    let mut positions_per_ply = vec![1.0];
    let mut low_per_ply = vec![1.0];
    if root.outcome().is_some() {
        return CountEstimate {
            positions_per_ply,
            low_per_ply,
        };
    }
    let geo = root.geometry();
    let windows = geo.windows();
    let mover = root.to_move();
    let mut empties: Vec<usize> = root.empty_cells().cells().collect();
    let e = empties.len();
    let mut rng = StdRng::seed_from_u64(0x6d6e_6b5f_636f_756e);
    for p in 1..=e {
        // The root's mover has played ceil(p/2) new stones, the other side floor(p/2).
        let (mine, theirs) = (p.div_ceil(2), p / 2);
        let placements = multinomial(e, mine, theirs);
        let mut hits = 0u32;
        for _ in 0..SAMPLES {
            for i in 0..p {
                let j = rng.gen_range(i..e);
                empties.swap(i, j);
            }
            let new_mine = empties[..mine].iter().fold(0u64, |s, &c| s | 1 << c);
            let new_theirs = empties[mine..p].iter().fold(0u64, |s, &c| s | 1 << c);
            let all_mine = root.stones(mover) | new_mine;
            let all_theirs = root.stones(mover.other()) | new_theirs;
            // Odd plies end with the root's mover, even ones with the other side.
            let reached = if p % 2 == 1 {
                reachable(windows, all_mine, all_theirs, new_mine)
            } else {
                reachable(windows, all_theirs, all_mine, new_theirs)
            };
            hits += u32::from(reached);
        }
        let share = f64::from(hits) / f64::from(SAMPLES);
        let low_hits = (f64::from(hits) - 3.0 * f64::from(hits).sqrt()).max(0.0);
        positions_per_ply.push(placements * share);
        low_per_ply.push(placements * low_hits / f64::from(SAMPLES));
    }
    CountEstimate {
        positions_per_ply,
        low_per_ply,
    }
}

/// Whether a game reaches these stones with `last` having moved last: the other side owns no
/// line, and every line of `last` runs through one cell among its new stones (played last).
fn reachable(windows: &[u64], last: u64, other: u64, new_last: u64) -> bool {
    let mut common = u64::MAX;
    for &w in windows {
        if other & w == w {
            return false;
        }
        if last & w == w {
            common &= w;
        }
    }
    common & new_last != 0
}

/// Ways to place `a` stones of one side and `b` of the other on `n` empty cells.
fn multinomial(n: usize, a: usize, b: usize) -> f64 {
    let choose =
        |n: usize, k: usize| (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64);
    choose(n, a + b) * choose(a + b, a)
}
