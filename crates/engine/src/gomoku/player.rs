//! The big-board search as a computer level of a [`crate::session`]: what `perfect` and
//! `hard` use on boards of more than 64 cells, where the exact solver cannot finish.

use super::search::{Limits, Reason, Report, Searcher, EVAL_LIMIT};
use super::state::State;
use super::DEFAULT_HASH_MIB;
use crate::board::Board;
use crate::error::SearchError;
use crate::score::{is_decisive, Verdict};
use crate::session::think::{Candidate, Method, Thought};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes a move may cost when no time check is given: about a quarter to half a second on
/// one core of a current machine, so `mnk play` answers promptly and reproducibly.
pub const DEFAULT_NODES: u64 = 150_000;

/// A caller's clock turned into "time is up" (the engine reads no clock itself).
pub type TimeUp = Arc<dyn Fn() -> bool + Send + Sync>;

/// A per-move clock handed in by a front end: called once as each move's thinking starts, it
/// returns that move's "time is up" check (e.g. one second from now).
pub type MoveClock = Arc<dyn Fn() -> TimeUp + Send + Sync>;

/// How much sooner than a move's limit the search is told to stop: a tenth of the limit, at
/// most [`MAX_MARGIN`]. The search looks at the clock every few dozen microseconds of work, so
/// the margin is for what follows the stop (unwinding, the answer reaching the front end) and
/// above all for a busy machine, whose scheduler may leave the thread waiting for a
/// time slice (measured: up to about 12 ms under a load of 12 on 2 cores).
pub fn stop_margin(limit: Duration) -> Duration {
    (limit / 10).min(MAX_MARGIN)
}

/// The largest [`stop_margin`].
pub const MAX_MARGIN: Duration = Duration::from_millis(25);

/// A [`MoveClock`] giving each move `limit` on the clock the caller hands in (`Instant::now`
/// in a program, a fake one in tests; the engine itself never reads the time). Each move's
/// check says "time is up" once `limit` less the [`stop_margin`] has passed since the move
/// was asked for, so that the answer, not just the search, is in time.
pub fn move_time_limit<F>(limit: Duration, now: F) -> MoveClock
where
    F: Fn() -> Instant + Clone + Send + Sync + 'static,
{
    let search_for = limit - stop_margin(limit);
    Arc::new(move || {
        let start = now();
        let now = now.clone();
        Arc::new(move || now().duration_since(start) >= search_for) as TimeUp
    })
}

/// When a whole game is timed, a move may use at most this fraction (1/n) of what is left,
/// so the clock lasts however long the game goes on.
pub const GAME_TIME_SHARE: u32 = 12;

/// The time one move may take: the per-move limit, or less when the game's clock runs low
/// (`game_left`: what is left of the whole game's time, when it is timed).
pub fn move_time(per_move: Duration, game_left: Option<Duration>) -> Duration {
    match game_left {
        Some(left) => per_move.min(left / GAME_TIME_SHARE),
        None => per_move,
    }
}

/// Nodes a move may cost at most when a clock bounds it: a guard against a clock that never
/// says stop, far beyond what a second of search visits.
pub const TIMED_NODES: u64 = 200_000_000;

/// The search a session's big-board player uses (half the brain's table: a session may hold
/// a solver too).
fn new_searcher() -> Searcher {
    Searcher::new(DEFAULT_HASH_MIB / 2)
}

/// The big-board player a session keeps: the search with its table, and its budget.
pub struct BigBoardPlayer {
    searcher: Option<Searcher>,
    /// Nodes per move at most.
    pub nodes: u64,
    /// When set and true, the search answers with the best move found so far.
    pub time_up: Option<TimeUp>,
    /// When set, each move gets a fresh check from it (and `time_up` is not used).
    pub clock: Option<MoveClock>,
    /// Overlines do not win (exact-K) when set; the session's boards are freestyle.
    pub exact: bool,
}

impl Default for BigBoardPlayer {
    fn default() -> Self {
        BigBoardPlayer {
            searcher: None,
            nodes: DEFAULT_NODES,
            time_up: None,
            clock: None,
            exact: false,
        }
    }
}

impl BigBoardPlayer {
    /// Bounds every move by `clock` (and [`TIMED_NODES`]) instead of the node budget; `None`
    /// goes back to [`DEFAULT_NODES`] per move, which makes a seeded game repeat exactly.
    pub fn set_clock(&mut self, clock: Option<MoveClock>) {
        self.nodes = if clock.is_some() {
            TIMED_NODES
        } else {
            DEFAULT_NODES
        };
        self.clock = clock;
    }

    /// Frees the search table (the next move builds a new one).
    pub fn release_table(&mut self) {
        self.searcher = None;
    }

    /// Gets the search table ready for a new game (made, or emptied), so that no move's time
    /// goes to it: a match does this before each game, as a brain does on `START`.
    pub fn new_game(&mut self) {
        match &mut self.searcher {
            Some(searcher) => searcher.clear(),
            None => self.searcher = Some(new_searcher()),
        }
    }

    /// Chooses a move on `board`. A raised `stop` flag cancels (nothing is played, as with
    /// every session search); `time_up` only cuts the search short.
    pub fn think(
        &mut self,
        board: &Board,
        stop: Option<&AtomicBool>,
    ) -> Result<Thought, SearchError> {
        // The move's time runs from the moment it is asked for: setting up the position and
        // (on a first move) the table count against it too.
        let time_up = match &self.clock {
            Some(clock) => Some(clock()),
            None => self.time_up.clone(),
        };
        let mut state = State::from_board(board, self.exact);
        let searcher = self.searcher.get_or_insert_with(new_searcher);
        let cancelled = || stop.is_some_and(|f| f.load(Ordering::Relaxed));
        let stop_now = || cancelled() || time_up.as_ref().is_some_and(|t| t());
        let never = || false;
        let limits = Limits {
            max_depth: 64,
            max_nodes: self.nodes,
            stop: &stop_now,
            soft_stop: &never,
        };
        let report = searcher
            .search(&mut state, &limits)
            .ok_or_else(|| SearchError::GameOver("the game is over".into()))?;
        if cancelled() {
            return Err(SearchError::Stopped);
        }
        let verdict = verdict(&report, board.stone_count());
        Ok(Thought {
            cell: report.best,
            best: vec![report.best],
            verdict: Some(verdict),
            candidates: vec![Candidate {
                cell: report.best,
                verdict,
            }],
            nodes: report.nodes,
            method: Method::Search {
                depth: report.depth,
            },
        })
    }
}

/// The value of a search's answer on a board holding `stones` stones. Only the search's own
/// proofs are results: a line completed now, a VCF, or two threats of the opponent that no
/// move stops. A decisive score from the tree search is not one (it searches a few candidate
/// moves per node, so a refutation may lie among those it skipped): it is an estimate, kept
/// within the estimate range.
pub(super) fn verdict(report: &Report, stones: usize) -> Verdict {
    let proven = matches!(report.reason, Reason::Win | Reason::Vcf | Reason::Block);
    if proven && is_decisive(report.score) {
        Verdict::from_score(report.score, stones, false)
    } else {
        Verdict::Estimate(report.score.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gomoku::search::CHECK_EVERY_NODES;
    use crate::rules::Rules;
    use std::sync::atomic::AtomicU64;

    /// A clock that moves only when it is read, by `step` each time: the search's work between
    /// two reads stands for `step` of time, so a search that forgot to look would run on
    /// without the clock moving and be caught by the node count.
    #[derive(Clone)]
    struct FakeClock {
        base: Instant,
        step: Duration,
        reads: Arc<AtomicU64>,
    }

    impl FakeClock {
        fn new(step: Duration) -> FakeClock {
            FakeClock {
                base: Instant::now(),
                step,
                reads: Arc::new(AtomicU64::new(0)),
            }
        }

        fn now(&self) -> Instant {
            let n = self.reads.fetch_add(1, Ordering::Relaxed) as u32;
            self.base + self.step * n
        }

        /// The time shown by the last read.
        fn elapsed(&self) -> Duration {
            self.step * (self.reads.load(Ordering::Relaxed) as u32).saturating_sub(1)
        }
    }

    #[test]
    fn the_stop_margin_is_a_tenth_of_the_limit_up_to_25_ms() {
        assert_eq!(
            stop_margin(Duration::from_millis(100)),
            Duration::from_millis(10)
        );
        assert_eq!(
            stop_margin(Duration::from_millis(200)),
            Duration::from_millis(20)
        );
        assert_eq!(stop_margin(Duration::from_millis(1000)), MAX_MARGIN);
        assert_eq!(stop_margin(Duration::ZERO), Duration::ZERO);
    }

    #[test]
    fn a_move_stops_before_its_limit_less_the_margin_and_reads_the_clock_every_few_nodes() {
        let rules = Rules::new(15, 15, Some(5)).unwrap();
        let mut board = Board::new(rules);
        for cell in ["h8", "i9", "h9", "h10"] {
            board.play(board.parse_move(cell).unwrap()).unwrap();
        }
        for limit_ms in [40, 200] {
            let limit = Duration::from_millis(limit_ms);
            // One read per CHECK_EVERY_NODES nodes: 100 µs stands for those nodes' work.
            let clock = FakeClock::new(Duration::from_micros(100));
            let mut player = BigBoardPlayer::default();
            let reader = clock.clone();
            player.set_clock(Some(move_time_limit(limit, move || reader.now())));
            let thought = player.think(&board, None).unwrap();
            let reads = clock.reads.load(Ordering::Relaxed);
            // The position needs a search; it ran until the clock stopped it.
            assert!(
                thought.nodes > 100,
                "{limit_ms} ms: {} nodes",
                thought.nodes
            );
            // Stopped at the first look past limit - margin (a look or two more while the
            // root's threat checks unwind), so the answer has the margin to spare.
            let deadline = limit - stop_margin(limit);
            assert!(
                clock.elapsed() >= deadline,
                "{limit_ms} ms: {:?}",
                clock.elapsed()
            );
            assert!(
                clock.elapsed() <= deadline + clock.step * 3,
                "{limit_ms} ms: {:?}",
                clock.elapsed()
            );
            // Never more than CHECK_EVERY_NODES nodes without a look at the clock.
            assert!(
                thought.nodes <= (reads + 1) * CHECK_EVERY_NODES,
                "{limit_ms} ms: {} nodes, {reads} reads",
                thought.nodes
            );
        }
    }
}
