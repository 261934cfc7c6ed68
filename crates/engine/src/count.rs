//! Full game-tree statistics, counted over positions rather than games: each ply is a map from
//! position to the number of move sequences reaching it, so 4x4/4's 15 trillion games take
//! seconds. Boards of up to 64 cells.

use crate::bits::BitSet;
use crate::error::SearchError;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::side::Side;
use rustc_hash::FxHashMap;

/// Default bound on the positions of one ply, which bounds memory (about 64 bytes each).
pub const DEFAULT_MAX_PLY_POSITIONS: usize = 50_000_000;

/// The statistics of the game tree below a position.
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

/// Counts the game tree below `root` (a position on a board of at most 64 cells). Fails when
/// one ply would hold more than `max_ply_positions` positions.
pub fn count(root: &Position<u64>, max_ply_positions: usize) -> Result<CountResult, SearchError> {
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
    // Each ply: position -> (move sequences reaching it, how it stands).
    let mut layer: FxHashMap<(u64, u64), (u128, Status)> = FxHashMap::default();
    layer.insert(
        (root.stones(Side::X), root.stones(Side::O)),
        (1, root_status),
    );
    let mut mover = root.to_move();
    while !layer.is_empty() {
        let mut next: FxHashMap<(u64, u64), (u128, Status)> = FxHashMap::default();
        let mut ply_nodes = 0u128;
        for (&(x, o), &(paths, status)) in &layer {
            ply_nodes += paths;
            result.positions += 1;
            if transform.is_canonical(x, o) {
                result.positions_up_to_symmetry += 1;
            }
            match status {
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
            for cell in empty.cells() {
                let (nx, no) = match mover {
                    Side::X => (x | 1 << cell, o),
                    Side::O => (x, o | 1 << cell),
                };
                let mine = if mover == Side::X { nx } else { no };
                let child_status = if completes(mine, cell) {
                    Status::Won(mover)
                } else if (nx | no) == geo.full() {
                    Status::Drawn
                } else {
                    Status::Open
                };
                next.entry((nx, no)).or_insert((0, child_status)).0 += paths;
            }
            if next.len() > max_ply_positions {
                return Err(SearchError::TooLarge(format!(
                    "counting stopped: one ply holds more than {max_ply_positions} positions; \
                     boards up to 4x4 (or nearly full larger boards) can be counted"
                )));
            }
        }
        result.nodes_per_ply.push(ply_nodes);
        result.nodes += ply_nodes;
        layer = next;
        mover = mover.other();
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
