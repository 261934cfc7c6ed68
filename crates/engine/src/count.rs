//! Full game-tree statistics, counted over positions rather than games: each ply is a map from
//! position to the number of move sequences reaching it, so 4x4/4's 15 trillion games take
//! seconds. Boards of up to 64 cells.
//!
//! Memory is what limits it (two plies' maps at once), so a count is bounded by a number of
//! bytes: before it starts, a sampled estimate of every ply's size refuses a count that surely
//! cannot fit, and while it runs, a map that would outgrow the bound stops it with
//! [`CountError::OutOfMemory`]. It publishes its progress and obeys a stop flag through the same
//! [`Controls`] as the searches.

use crate::bits::BitSet;
use crate::budget::{Controls, Meter};
use crate::error::SearchError;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::side::Side;
use rustc_hash::FxHashMap;

mod estimate;

pub use estimate::{estimate, CountEstimate};

/// Default memory bound of a count, in MiB: 4x4/4 needs about a tenth of it.
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules, DEFAULT_MEMORY_MIB};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let bound = DEFAULT_MEMORY_MIB << 20;
/// let count = exact::count(&board, bound, &Go::default()).unwrap();
/// assert_eq!(count.positions_up_to_symmetry, 765);
/// ```
pub const DEFAULT_MEMORY_MIB: u64 = 2048;

/// Why a count did not finish.
///
/// ```
/// use mnk_engine::{exact, Board, CountError, Go, Rules};
///
/// // A few kilobytes cannot hold 4x4/4's plies: refused before any counting.
/// let board = Board::new(Rules::new(4, 4, Some(4)).unwrap());
/// let refused = exact::count(&board, 4_096, &Go::default());
/// assert!(matches!(refused, Err(CountError::WouldNotFit { .. })));
/// ```
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum CountError {
    /// The up-front estimate shows the count cannot fit in the memory bound.
    #[error(
        "counting from here would need about {} (ply {ply} alone holds about {} positions), \
         more than the {limit_mib} MiB allowed",
        approx_bytes(*needed_bytes),
        approx_positions(*positions)
    )]
    WouldNotFit {
        /// The estimated peak, bytes.
        needed_bytes: u64,
        /// The widest ply of the estimate.
        ply: usize,
        /// Its estimated positions.
        positions: f64,
        /// The bound, MiB.
        limit_mib: u64,
    },
    /// A ply outgrew the memory bound while counting.
    #[error(
        "counting stopped at ply {ply}: its {positions} positions so far and the ply before \
         them would need more than the {limit_mib} MiB allowed"
    )]
    OutOfMemory {
        /// The ply being built.
        ply: usize,
        /// Positions it held when it was stopped.
        positions: usize,
        /// The bound, MiB.
        limit_mib: u64,
    },
    /// The stop flag was raised.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// A number of bytes as a rounded figure for messages.
fn approx_bytes(bytes: u64) -> String {
    const GIB: f64 = (1u64 << 30) as f64;
    if bytes >= 1 << 40 {
        format!("{:.1} TiB", bytes as f64 / GIB / 1024.0)
    } else if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / GIB)
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// A position count as a rounded figure for messages.
fn approx_positions(n: f64) -> String {
    if n >= 1e9 {
        format!("{:.1} billion", n / 1e9)
    } else if n >= 1e6 {
        format!("{:.1} million", n / 1e6)
    } else {
        format!("{:.0}", n)
    }
}

/// The statistics of the game tree below a position.
///
/// ```
/// use mnk_engine::{exact, Board, Go, Rules};
///
/// // Tic-tac-toe's published figures: 255,168 games, 5,478 positions.
/// let board = Board::new(Rules::tic_tac_toe());
/// let count = exact::count(&board, 64 << 20, &Go::default()).unwrap();
/// assert_eq!(count.games, 255_168);
/// assert_eq!((count.x_wins, count.o_wins, count.draws), (131_184, 77_904, 46_080));
/// assert_eq!(count.positions, 5_478);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CountResult {
    /// Tree nodes, the root included.
    pub nodes: u128,
    /// Complete games (paths from the root to a finished position).
    pub games: u128,
    /// Games x wins.
    pub x_wins: u128,
    /// Games o wins.
    pub o_wins: u128,
    /// Games drawn.
    pub draws: u128,
    /// Tree nodes at each ply below the root (index 0 is the root).
    pub nodes_per_ply: Vec<u128>,
    /// Distinct positions reachable, the root included.
    pub positions: u64,
    /// Distinct positions up to the board's symmetries.
    pub positions_up_to_symmetry: u64,
}

/// Cell-set symmetry images by byte lookup tables: a set's image is the union of the images
/// of its bytes.
struct FastTransform {
    tables: Vec<Vec<[u64; 256]>>,
}

impl FastTransform {
    fn new(geo: &Geometry<u64>) -> Self {
        let cells = geo.rules().cells();
        let bytes = cells.div_ceil(8);
        let tables = (0..geo.symmetries().len())
            .map(|s| {
                (0..bytes)
                    .map(|b| {
                        let mut t = [0u64; 256];
                        for (pattern, image) in t.iter_mut().enumerate() {
                            *image = geo.transform(s, ((pattern as u64) << (8 * b)) & geo.full());
                        }
                        t
                    })
                    .collect()
            })
            .collect();
        FastTransform { tables }
    }

    #[inline]
    fn apply(&self, sym: usize, set: u64) -> u64 {
        self.tables[sym]
            .iter()
            .enumerate()
            .fold(0, |acc, (b, t)| acc | t[(set >> (8 * b)) as usize & 0xFF])
    }

    /// Whether (x, o) is the least of its symmetric images (one per orbit).
    #[inline]
    fn is_canonical(&self, x: u64, o: u64) -> bool {
        (1..self.tables.len()).all(|s| (x, o) <= (self.apply(s, x), self.apply(s, o)))
    }
}

/// How a position in the count stands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Open,
    Won(Side),
    Drawn,
}

/// Move sequences reaching a position and how it stands, in two words rather than a `u128`,
/// which would align every map entry to 16 bytes (48 instead of 40).
#[derive(Clone, Copy)]
struct Tally {
    paths: [u64; 2],
    status: Status,
}

impl Tally {
    fn paths(&self) -> u128 {
        (self.paths[1] as u128) << 64 | self.paths[0] as u128
    }

    fn add(&mut self, paths: u128) {
        let sum = self.paths().saturating_add(paths);
        self.paths = [sum as u64, (sum >> 64) as u64];
    }
}

/// One ply of the count: position (x stones, o stones) to its tally.
type Layer = FxHashMap<(u64, u64), Tally>;

/// Bytes of one map entry plus its control byte (hashbrown's layout, which `std` uses).
const ENTRY_BYTES: u64 = (size_of::<((u64, u64), Tally)>() + 1) as u64;

/// The buckets behind a map of `capacity` (a power of two, 7/8 usable from 8 buckets up).
fn buckets(capacity: usize) -> u64 {
    match capacity {
        0 => 0,
        c if c < 8 => (c as u64 + 1).next_power_of_two(),
        c => (c as u64).div_ceil(7).saturating_mul(8).next_power_of_two(),
    }
}

/// Bytes a map of `capacity` holds.
fn map_bytes(capacity: usize) -> u64 {
    buckets(capacity).saturating_mul(ENTRY_BYTES)
}

/// Counts the game tree below `root` (a position on a board of at most 64 cells) within
/// `memory_bytes` of position maps: refused at once when the estimate shows it cannot fit,
/// stopped when a map would outgrow the bound, or when the stop flag of `controls` is raised.
pub fn count(
    root: &Position<u64>,
    memory_bytes: u64,
    controls: &Controls,
) -> Result<CountResult, CountError> {
    if let Some(refusal) = estimate(root).refusal(memory_bytes) {
        return Err(refusal);
    }
    count_within(root, memory_bytes, controls)
}

/// [`count`] without the up-front estimate: stopped only by the bound or the flag.
fn count_within(
    root: &Position<u64>,
    memory_bytes: u64,
    controls: &Controls,
) -> Result<CountResult, CountError> {
    let limit_mib = memory_bytes >> 20;
    let mut meter = controls.meter(Meter::CHECK_EVERY);
    let geo = root.geometry().clone();
    let transform = FastTransform::new(&geo);
    let windows = geo.windows();
    let completes = |stones: u64, cell: usize| {
        geo.windows_through(cell)
            .iter()
            .any(|&i| stones & windows[i as usize] == windows[i as usize])
    };

    let mut result = CountResult::default();
    let root_status = match root.outcome() {
        None => Status::Open,
        Some(crate::side::Outcome::Win(side)) => Status::Won(side),
        Some(crate::side::Outcome::Draw) => Status::Drawn,
    };
    let mut layer = Layer::default();
    layer.insert(
        (root.stones(Side::X), root.stones(Side::O)),
        Tally {
            paths: [1, 0],
            status: root_status,
        },
    );
    let mut mover = root.to_move();
    let mut ply = 0;
    while !layer.is_empty() {
        if let Some(p) = meter.progress() {
            p.set_ply(ply);
        }
        let layer_bytes = map_bytes(layer.capacity());
        let mut next = Layer::default();
        let mut ply_nodes = 0u128;
        for (&(x, o), tally) in &layer {
            if meter.tick() {
                let why = meter
                    .exhausted()
                    .unwrap_or(crate::budget::Exhausted::Stopped);
                return Err(SearchError::Stopped(why).into());
            }
            let paths = tally.paths();
            ply_nodes = ply_nodes.saturating_add(paths);
            result.positions += 1;
            if transform.is_canonical(x, o) {
                result.positions_up_to_symmetry += 1;
            }
            match tally.status {
                Status::Won(side) => {
                    record_end(&mut result, Some(side), paths);
                    continue;
                }
                Status::Drawn => {
                    record_end(&mut result, None, paths);
                    continue;
                }
                Status::Open => {}
            }
            let empty = geo.full() & !(x | o);
            // A map that grows keeps its old buckets until the new ones are filled: the two,
            // with this ply's map, must fit in the bound.
            if next.len() + empty.count() as usize > next.capacity() {
                let old = map_bytes(next.capacity());
                let grown = buckets(next.capacity()).max(2) * 2 * ENTRY_BYTES;
                if layer_bytes + old + grown > memory_bytes {
                    return Err(CountError::OutOfMemory {
                        ply: ply + 1,
                        positions: next.len(),
                        limit_mib,
                    });
                }
            }
            for cell in empty.cells() {
                let (nx, no) = match mover {
                    Side::X => (x | 1 << cell, o),
                    Side::O => (x, o | 1 << cell),
                };
                let mine = if mover == Side::X { nx } else { no };
                let status = if completes(mine, cell) {
                    Status::Won(mover)
                } else if (nx | no) == geo.full() {
                    Status::Drawn
                } else {
                    Status::Open
                };
                next.entry((nx, no))
                    .or_insert(Tally {
                        paths: [0, 0],
                        status,
                    })
                    .add(paths);
            }
            if let Some(p) = meter.progress() {
                p.set_memory(layer_bytes + map_bytes(next.capacity()));
            }
        }
        result.nodes_per_ply.push(ply_nodes);
        result.nodes = result.nodes.saturating_add(ply_nodes);
        layer = next;
        mover = mover.other();
        ply += 1;
    }
    Ok(result)
}

/// Adds a finished game's paths to the totals.
fn record_end(result: &mut CountResult, winner: Option<Side>, paths: u128) {
    result.games += paths;
    match winner {
        Some(Side::X) => result.x_wins += paths,
        Some(Side::O) => result.o_wins += paths,
        None => result.draws += paths,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::progress::Progress;
    use crate::rules::Rules;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    fn empty(w: usize, h: usize, k: usize) -> Position<u64> {
        Position::empty(Geometry::new(Rules::new(w, h, Some(k)).unwrap()))
    }

    const PLENTY: u64 = DEFAULT_MEMORY_MIB << 20;

    #[test]
    fn the_estimate_is_close_to_the_real_count() {
        for (w, h, k) in [(3, 3, 3), (4, 3, 3), (4, 4, 4)] {
            let root = empty(w, h, k);
            let real = count(&root, PLENTY, &Controls::default()).unwrap();
            let estimated: f64 = estimate(&root).positions_per_ply.iter().sum();
            let error = (estimated - real.positions as f64).abs() / real.positions as f64;
            assert!(
                error < 0.05,
                "{w}x{h}/{k}: {estimated} for {}",
                real.positions
            );
        }
    }

    #[test]
    fn a_count_that_cannot_fit_is_refused_before_it_starts() {
        let err = count(&empty(5, 5, 4), PLENTY, &Controls::default()).unwrap_err();
        let CountError::WouldNotFit {
            needed_bytes, ply, ..
        } = err
        else {
            panic!("{err:?}");
        };
        assert!(needed_bytes > PLENTY * 4, "{needed_bytes}");
        assert!(ply >= 8, "{ply}");
        assert!(err.to_string().contains("TiB"), "{err}");
        // Nearly full, the same board counts at once.
        let mut near_end = empty(5, 5, 4);
        for cell in [0, 1, 2, 5, 4, 3, 6, 7, 9, 8, 10, 11, 13, 12, 14, 16, 15] {
            near_end.play(cell).unwrap();
        }
        assert!(count(&near_end, PLENTY, &Controls::default()).is_ok());
    }

    #[test]
    fn a_count_stops_at_the_memory_bound() {
        // 4x4/4 needs about a hundred MiB; allowed 4, it stops part way and says where.
        let err = count_within(&empty(4, 4, 4), 4 << 20, &Controls::default()).unwrap_err();
        assert!(
            matches!(err, CountError::OutOfMemory { ply, positions, limit_mib: 4 }
                if ply > 3 && positions > 0),
            "{err:?}"
        );
        assert!(err.to_string().contains("4 MiB"), "{err}");
    }

    #[test]
    fn a_count_obeys_the_stop_flag_and_publishes_its_progress() {
        let progress = Arc::new(Progress::default());
        let watched = Controls {
            budget: Budget::unlimited().with_stop_flag(Arc::new(AtomicBool::new(false))),
            progress: Some(progress.clone()),
        };
        let r = count(&empty(3, 3, 3), PLENTY, &watched).unwrap();
        let seen = progress.snapshot();
        assert_eq!(seen.nodes, r.positions);
        assert_eq!(seen.ply, 9);
        assert!(seen.memory > 0);
        let stopped = Controls::with_budget(
            Budget::unlimited().with_stop_flag(Arc::new(AtomicBool::new(true))),
        );
        assert_eq!(
            count(&empty(3, 3, 3), PLENTY, &stopped).unwrap_err(),
            CountError::Search(SearchError::Stopped(crate::budget::Exhausted::Stopped))
        );
    }
}
