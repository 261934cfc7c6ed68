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

/// A [`MoveClock`] giving each move `limit` on the clock the caller hands in (`Instant::now`
/// in a program; the engine itself never reads the time). The search is told to stop a little
/// early (2% of the limit, at most 20 ms) so that the answer, not just the search, is in time.
pub fn move_time_limit(limit: Duration, now: fn() -> Instant) -> MoveClock {
    let search_for = limit - (limit / 50).min(Duration::from_millis(20));
    Arc::new(move || {
        let start = now();
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

    /// Chooses a move on `board`. A raised `stop` flag cancels (nothing is played, as with
    /// every session search); `time_up` only cuts the search short.
    pub fn think(
        &mut self,
        board: &Board,
        stop: Option<&AtomicBool>,
    ) -> Result<Thought, SearchError> {
        let mut state = State::from_board(board, self.exact);
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MIB / 2));
        let cancelled = || stop.is_some_and(|f| f.load(Ordering::Relaxed));
        let time_up = match &self.clock {
            Some(clock) => Some(clock()),
            None => self.time_up.clone(),
        };
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
