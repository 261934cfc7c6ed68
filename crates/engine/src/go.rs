//! [`Go`]: everything a caller tells one search or decision (a move, a hint, a ponder, an
//! analysis, an exact solve, a count, a proof), handed in with each call. A front end or the
//! Gomocup brain fills it from what it knows (its time settings, its stop button, its memory,
//! the counters it shows), and the engine's one time manager ([`crate::TimeManager`]) turns it
//! into the budgets of the searches; nothing about a call's limits is kept between calls.
//!
//! It sits in the bottom layer, beside the budget it is turned into, so that the exact
//! searches' entry points ([`crate::exact`]) take it as the players ([`crate::ai`]) do.

use crate::progress::Progress;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A caller's clock: the engine asks it for "now" and never reads a clock of its own
/// (`Instant::now` in a program, a fake one in tests).
///
/// ```
/// use mnk_engine::{Clock, Go};
/// use std::sync::Arc;
/// use std::time::{Duration, Instant};
///
/// // A clock that stands still: a decision measured by it never runs out of time.
/// let start = Instant::now();
/// let frozen: Clock = Arc::new(move || start);
/// let go = Go::default().with_clock(frozen, Some(Duration::from_millis(50)));
/// assert!(go.is_timed());
/// ```
pub type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// What one decision may use and how it chooses: a stop handle, node and depth caps, the time
/// for this move and the time left in the game (with the clock to measure them by), the size
/// of the search tables, the seed of its choices among equally good moves, and whether to
/// value every candidate.
///
/// The default is **fixed work**: no clock, each search of the decision bounded by a fixed
/// number of nodes (the level's own), so a decision repeats exactly for the same position and
/// seed. [`Go::timed`] bounds it by time instead. An exact search ([`crate::exact`]) has no
/// level and no node count of its own: told the default, it runs until it is done.
///
/// The same value carries the [`Progress`] counters a caller watches a long search by
/// ([`Go::with_progress`]), so one value says what any search may use and how it is watched.
///
/// ```
/// use mnk_engine::ai::{Level, Thinker};
/// use mnk_engine::Go;
/// use mnk_engine::{Board, Rules};
/// use std::time::{Duration, Instant};
///
/// // o must block x's column a at a3, by fixed work and in a tenth of a second alike.
/// let board = Board::from_text(Rules::tic_tac_toe(), ".../xo./x..").unwrap();
/// let timed = Go::timed(Duration::from_millis(100), Instant::now);
/// for go in [Go::default(), timed] {
///     let thought = Thinker::new().think(&board, Level::Hard, &go).unwrap();
///     assert_eq!(board.cell_name(thought.cell), "a3");
/// }
/// ```
#[derive(Clone, Default)]
pub struct Go {
    stop: Option<Arc<AtomicBool>>,
    nodes: Option<u64>,
    depth: Option<u32>,
    move_time: Option<Duration>,
    game_left: Option<Duration>,
    clock: Option<Clock>,
    table_mib: Option<usize>,
    seed: Option<u64>,
    threads: Option<usize>,
    explain: bool,
    progress: Option<Arc<Progress>>,
}

impl fmt::Debug for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Go")
            .field("stop", &self.stop)
            .field("nodes", &self.nodes)
            .field("depth", &self.depth)
            .field("move_time", &self.move_time)
            .field("game_left", &self.game_left)
            .field("clock", &self.clock.is_some())
            .field("table_mib", &self.table_mib)
            .field("seed", &self.seed)
            .field("threads", &self.threads)
            .field("explain", &self.explain)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl Go {
    /// Fixed work: no clock, each search bounded by the level's own node count.
    pub fn fixed_work() -> Go {
        Go::default()
    }

    /// A decision that may take `move_time` by `clock` (the time manager keeps a margin for
    /// the answer to arrive in time).
    pub fn timed<F>(move_time: Duration, clock: F) -> Go
    where
        F: Fn() -> Instant + Send + Sync + 'static,
    {
        Go::default().with_clock(Arc::new(clock), Some(move_time))
    }

    /// The same decision measured by `clock`, with `move_time` for this move (`None`: only
    /// the game's clock, [`Go::with_game_left`], bounds it).
    pub fn with_clock(mut self, clock: Clock, move_time: Option<Duration>) -> Go {
        self.clock = Some(clock);
        self.move_time = move_time;
        self
    }

    /// The same decision, cancelled when `flag` is raised (from any thread): the decision
    /// then answers [`crate::SearchError::Stopped`] and plays nothing.
    pub fn with_stop(mut self, flag: Arc<AtomicBool>) -> Go {
        self.stop = Some(flag);
        self
    }

    /// The same decision, each of its searches visiting at most `nodes` nodes, whatever the
    /// clock says (a fuzzer's or a test's brain that must answer in milliseconds).
    pub fn with_nodes(mut self, nodes: u64) -> Go {
        self.nodes = Some(nodes);
        self
    }

    /// The same decision, its iterative searches going at most `depth` plies deep.
    pub fn with_depth(mut self, depth: u32) -> Go {
        self.depth = Some(depth);
        self
    }

    /// The same decision in a game whose clock has `left` for this player: a move then takes
    /// at most a share of it (see [`crate::TimeManager`]). Needs a clock ([`Go::with_clock`]).
    pub fn with_game_left(mut self, left: Duration) -> Go {
        self.game_left = Some(left);
        self
    }

    /// The same decision with search tables of `mib` MiB in all (the solver's, the proof
    /// search's and the `hard` search's share it); `None` leaves each its default size.
    ///
    /// This is the per-call owner of the tables' size: a player splits it among its searches,
    /// and an exact entry point that makes its own tables ([`crate::exact::solve`],
    /// [`crate::exact::solve_moves`], [`crate::exact::report_proof`],
    /// [`crate::ai::exact_analysis`]) uses it in place of the `hash_mib` of its
    /// [`crate::SolverConfig`], which is only the size used when a call names none. A
    /// [`crate::proof::Prover`] handed in already has its table (sized by its
    /// [`crate::proof::ProofConfig`]), so it does not apply there.
    pub fn with_table_mib(mut self, mib: Option<usize>) -> Go {
        self.table_mib = mib.map(|m| m.max(1));
        self
    }

    /// The same decision choosing among equally good (and, for `hard`, near-equal) moves by
    /// `seed` and the position, so that games differ from seed to seed; without a seed the
    /// same position always gets the same move.
    pub fn with_seed(mut self, seed: Option<u64>) -> Go {
        self.seed = seed;
        self
    }

    /// The same decision on at most `threads` threads (`None`: what the search chooses,
    /// every core for a timed `hard` search; fixed work always takes one, so that it repeats).
    pub fn with_threads(mut self, threads: Option<usize>) -> Go {
        self.threads = threads.map(|t| t.max(1));
        self
    }

    /// The most threads the decision may use, if it was told.
    pub fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// The same decision, valuing every candidate move too (`--explain`): slower, and the
    /// move chosen is the same.
    pub fn explaining(mut self, explain: bool) -> Go {
        self.explain = explain;
        self
    }

    /// The same search, publishing its work to `progress` as it goes (nodes, and what else it
    /// knows: root moves settled and table fill for the solver, the ply and memory for the
    /// count), for a caller that shows it live from another thread.
    pub fn with_progress(mut self, progress: Arc<Progress>) -> Go {
        self.progress = Some(progress);
        self
    }

    /// The counters the search publishes to, when the caller watches it.
    pub fn progress(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref()
    }

    /// The stop handle, when there is one.
    pub fn stop_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.stop.as_ref()
    }

    /// Whether the stop handle has been raised.
    pub fn is_stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The node cap of each search, when there is one.
    pub fn nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The depth cap, when there is one.
    pub fn depth(&self) -> Option<u32> {
        self.depth
    }

    /// The time for this move, when the decision is timed.
    pub fn move_time(&self) -> Option<Duration> {
        self.move_time.filter(|_| self.clock.is_some())
    }

    /// The time left in the game for this player, when the game is timed.
    pub fn game_left(&self) -> Option<Duration> {
        self.game_left.filter(|_| self.clock.is_some())
    }

    /// The clock, when the decision is timed.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Whether time bounds the decision (a clock and a time to keep to); otherwise it does
    /// fixed work.
    pub fn is_timed(&self) -> bool {
        self.move_time().is_some() || self.game_left().is_some()
    }

    /// The size of all the search tables together, when one is asked for.
    pub fn table_mib(&self) -> Option<usize> {
        self.table_mib
    }

    /// The seed of the choices, when there is one.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Whether every candidate is valued too.
    pub fn explain(&self) -> bool {
        self.explain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_without_a_clock_is_not_time() {
        let go = Go::default().with_game_left(Duration::from_secs(5));
        assert!(!go.is_timed(), "no clock to measure it by");
        assert_eq!(go.game_left(), None);
        let timed = Go::timed(Duration::from_millis(300), Instant::now);
        assert!(timed.is_timed());
        assert_eq!(timed.move_time(), Some(Duration::from_millis(300)));
        let game_only = Go::default()
            .with_clock(Arc::new(Instant::now), None)
            .with_game_left(Duration::from_secs(5));
        assert!(game_only.is_timed());
    }

    #[test]
    fn a_raised_stop_handle_is_seen() {
        let flag = Arc::new(AtomicBool::new(false));
        let go = Go::default().with_stop(flag.clone());
        assert!(!go.is_stopped());
        flag.store(true, Ordering::Relaxed);
        assert!(go.is_stopped());
    }
}
