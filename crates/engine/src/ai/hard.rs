//! The `hard` level on every board: the threat-pattern search of the Gomoku module (line
//! patterns kept up to date move by move, VCF to win and to defend, iterative-deepening PVS)
//! within the move's budget. `perfect` plays it too wherever the exact solver cannot answer.

use super::thought::{Candidate, Method, Thought};
use crate::board::{with_position, Board};
use crate::budget::{Budget, Exhausted};
use crate::error::SearchError;
use crate::hard_search::search::{
    Reason, Report, CHECK_VCT, EVAL_LIMIT, MAX_DEPTH, MAX_THREADS, ROOT_VCT,
};
use crate::hard_search::{HardLimits, Searcher, State, DEFAULT_HASH_MIB};
use crate::score::{is_decisive, Verdict};
use std::time::Duration;

/// Table size of the `hard` search when nothing else is asked, in MiB (a thinker may hold
/// a solver's table too).
pub const HARD_TABLE_MIB: usize = DEFAULT_HASH_MIB / 2;

/// Deepest iteration of the `hard` search.
pub const HARD_MAX_DEPTH: u32 = MAX_DEPTH;

/// The search time a move's root threat budgets ([`ROOT_VCT`]) were set for: they were tuned
/// against PELA at 300 ms a move.
const THREAT_REFERENCE: Duration = Duration::from_millis(300);

/// The share of a timed move's search that the tree search leaves to the check of its choice
/// (the opponent's VCF and VCT after it, and after the next moves in the search's order when
/// it loses): the tree search's hard deadline comes that much sooner, its soft deadline (no
/// new iteration) stays where it was (`TimeManager::budget_keeping`). Left to take what the
/// tree search left, the check got no time at all in most moves of the opening and middle
/// game at 1000 ms a move, and a choice that let the opponent win by threats (found in about
/// 50,000 nodes, some 60 ms) was played unchecked.
pub const CHECK_SHARE: f64 = 0.2;

/// The most times a longer move multiplies the root's threat budgets.
const THREAT_SCALE_MAX: u64 = 8;

/// How many times the root's threat budgets a `hard` search of `time` gets: one for each
/// [`THREAT_REFERENCE`] (at least one, untimed too, and at most [`THREAT_SCALE_MAX`]).
/// Against Rapfi the games were lost to threat lines of 16 to 25 plies: of 150 positions after
/// a move of mnk's in lost games (300 ms games, not the reported ones), the root's threat
/// search found the opponent's win in 81 with its 24,000 nodes, 92 with 50,000, 100 with
/// 100,000 and 117 with 300,000; 24,000 take about 20 ms.
pub(crate) fn threat_scale(time: Option<Duration>) -> u64 {
    time.map_or(1, |t| {
        ((t.as_millis() / THREAT_REFERENCE.as_millis()) as u64).clamp(1, THREAT_SCALE_MAX)
    })
}

/// What a `hard` search may use besides its budget, by the time it has: the scale of its
/// root threat searches and its threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Means {
    /// See [`threat_scale`].
    pub threat_scale: u64,
    /// Threads searching together: every core (at most [`MAX_THREADS`]) when a clock bounds
    /// the search, one for fixed work, which must give the same move on every run.
    pub threads: usize,
}

impl Means {
    /// Fixed work: one thread, the default threat budgets.
    pub const FIXED: Means = Means {
        threat_scale: 1,
        threads: 1,
    };

    /// The means of a search of `time` (`None`: fixed work) on at most `threads` threads
    /// (`None`: every core).
    pub fn for_time(time: Option<Duration>, threads: Option<usize>) -> Means {
        match time {
            None => Means::FIXED,
            Some(_) => Means {
                threat_scale: threat_scale(time),
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
                    .clamp(1, MAX_THREADS),
            },
        }
    }
}

/// The `hard` player: the search with its table, kept across the moves of a game. What one
/// move may use (budget, depth, seed) comes with each call.
pub struct HardPlayer {
    searcher: Option<Searcher>,
    /// The size of the table the searcher has, or will be made with.
    table_mib: usize,
    threat_nodes: Option<u64>,
}

impl Default for HardPlayer {
    fn default() -> Self {
        HardPlayer {
            searcher: None,
            table_mib: HARD_TABLE_MIB,
            threat_nodes: None,
        }
    }
}

impl HardPlayer {
    /// The table a player gets unless it is told otherwise, in MiB (a thinker may hold a
    /// solver's table beside it).
    pub const TABLE_MIB: usize = HARD_TABLE_MIB;

    /// The deepest iteration of the search; a deeper [`crate::Go::with_depth`] is cut to
    /// it.
    pub const MAX_DEPTH: u32 = HARD_MAX_DEPTH;

    /// A player whose threat searches at the root (by fours, and by fours and threes) take
    /// at most `nodes` each (each of the defence's checks a quarter of that), instead of the
    /// search's own defaults: a fuzzer's or a test's brain that must answer in milliseconds.
    pub fn with_threat_nodes(nodes: u64) -> HardPlayer {
        HardPlayer {
            threat_nodes: Some(nodes),
            ..HardPlayer::default()
        }
    }

    fn new_searcher(&self) -> Searcher {
        let mut searcher = Searcher::new(self.table_mib);
        if let Some(nodes) = self.threat_nodes {
            // The VCT's nodes are set at each move (see `think`).
            searcher.vcf.nodes = nodes;
        }
        searcher
    }

    /// Makes the table `mib` MiB (at least 1) from the next move on; a table of another size
    /// is freed now.
    pub(super) fn resize(&mut self, mib: usize) {
        if self.table_mib != mib.max(1) {
            self.table_mib = mib.max(1);
            self.searcher = None;
        }
    }

    /// Gets the search table ready for a new game (made, or emptied), so that no move's time
    /// goes to it: a match does this before each game, as a brain does on `START`.
    pub fn new_game(&mut self) {
        match &mut self.searcher {
            Some(searcher) => searcher.clear(),
            None => self.searcher = Some(self.new_searcher()),
        }
    }

    /// Frees the search table (the next move builds a new one).
    pub fn release_table(&mut self) {
        self.searcher = None;
    }

    /// Chooses a move on `board` within `budget` (`check`: the whole decision's budget, when
    /// `budget` ends early to keep some for the check of the tree search's choice, see
    /// [`CHECK_SHARE`]), at most `depth` plies deep, choosing among
    /// near-equal moves by `seed` and the position (`None`: always the same move in the same
    /// position), with `means` (the root's threat searches taking `means.threat_scale` times
    /// their default node budgets, see [`threat_scale`], a [`HardPlayer::with_threat_nodes`]
    /// cap kept as it is; `means.threads` threads). A raised stop flag cancels (nothing is
    /// played, as with every computer move); nodes and the deadline only cut the search short
    /// (the best move of the last finished iteration is played).
    pub(crate) fn think(
        &mut self,
        board: &Board,
        budget: &Budget,
        check: Option<&Budget>,
        depth: Option<u32>,
        seed: Option<u64>,
        means: Means,
    ) -> Result<Thought, SearchError> {
        let threat_scale = means.threat_scale;
        board.unfinished()?;
        let mut state = with_position!(board, p => State::from_position(p));
        if self.searcher.is_none() {
            self.searcher = Some(self.new_searcher());
        }
        let searcher = self.searcher.as_mut().expect("made just above");
        searcher.seed = seed;
        // An explicit cap stays a cap; the defaults grow with the move's time.
        let threat_nodes = self
            .threat_nodes
            .unwrap_or(ROOT_VCT.nodes * threat_scale.max(1));
        searcher.vct_limits.nodes = threat_nodes;
        searcher.vct_defence.nodes = threat_nodes;
        searcher.vct_check.nodes = self
            .threat_nodes
            .unwrap_or(CHECK_VCT.nodes * threat_scale.max(1));
        let limits = HardLimits {
            max_depth: depth.unwrap_or(HARD_MAX_DEPTH).clamp(1, HARD_MAX_DEPTH),
            budget,
            threads: means.threads,
            check,
        };
        let Some(report) = searcher.search(&mut state, &limits) else {
            unreachable!("the search answers every unfinished position");
        };
        if budget.is_stopped() {
            return Err(SearchError::Stopped(Exhausted::Stopped));
        }
        let mut verdict = verdict(&report, board.stone_count());
        let mut best = report.best;
        if board.foul(best).is_some() {
            // The search generates only allowed moves for x under Renju; should a shortcut
            // name a forbidden one all the same, the referee's own test has the last word.
            let allowed = board.legal_moves();
            best = *allowed.first().ok_or(SearchError::NoLegalMove)?;
            verdict = Verdict::Estimate(0);
        }
        Ok(Thought {
            cell: best,
            best: vec![best],
            verdict: Some(verdict),
            candidates: vec![Candidate {
                cell: best,
                verdict,
            }],
            unmeasured_losses: Vec::new(),
            nodes: report.nodes,
            // Only the threat searches' proofs give a win or a loss (see `verdict`).
            method: match verdict {
                Verdict::Win(_) | Verdict::Loss(_) => Method::Threats,
                _ => Method::Search {
                    depth: report.depth,
                },
            },
        })
    }
}

/// The value of a search's answer on a board holding `stones` stones. Only the search's own
/// proofs are results: a line completed now, a VCF or a VCT, or two threats of the opponent that no
/// move stops. A decisive score from the tree search is not one (it searches a few candidate
/// moves per node, so a refutation may lie among those it skipped): it is an estimate, kept
/// within the estimate range.
pub(super) fn verdict(report: &Report, stones: usize) -> Verdict {
    // A VCT's distance is the longest line of its proof tree: an upper bound, which is what
    // a `Win(n)` from the threat searches means ("within n plies").
    let proven = matches!(
        report.reason,
        Reason::Win | Reason::Vcf | Reason::Vct | Reason::Block
    );
    if proven && is_decisive(report.score) {
        Verdict::from_score(report.score, stones, false)
    } else {
        Verdict::Estimate(report.score.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn longer_moves_give_the_threat_searches_more_nodes_within_bounds() {
        assert_eq!(threat_scale(None), 1);
        assert_eq!(threat_scale(Some(Duration::from_millis(100))), 1);
        assert_eq!(threat_scale(Some(Duration::from_millis(300))), 1);
        assert_eq!(threat_scale(Some(Duration::from_millis(950))), 3);
        assert_eq!(
            threat_scale(Some(Duration::from_secs(60))),
            THREAT_SCALE_MAX
        );
    }

    #[test]
    fn a_timed_search_takes_the_threads_it_is_allowed_and_fixed_work_one() {
        let second = Some(Duration::from_secs(1));
        assert_eq!(Means::for_time(None, Some(4)), Means::FIXED);
        assert_eq!(Means::for_time(second, Some(1)).threads, 1);
        assert_eq!(Means::for_time(second, Some(3)).threads, 3);
        assert_eq!(Means::for_time(second, Some(1000)).threads, MAX_THREADS);
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(
            Means::for_time(second, None).threads,
            cores.min(MAX_THREADS)
        );
        assert_eq!(Means::for_time(second, None).threat_scale, 3);
    }

    #[test]
    fn the_scale_grows_the_default_threat_budgets_and_keeps_an_explicit_cap() {
        let rules = crate::rules::Rules::new(15, 15, Some(5)).unwrap();
        let mut board = Board::new(rules);
        board.play(rules.cell(7, 7)).unwrap();
        let budget = Budget::unlimited().with_node_limit(200);
        let nodes = |mut player: HardPlayer| {
            let means = Means {
                threat_scale: 3,
                threads: 1,
            };
            player
                .think(&board, &budget, None, Some(2), None, means)
                .unwrap();
            let s = player.searcher.as_ref().unwrap();
            (s.vct_limits.nodes, s.vct_defence.nodes, s.vct_check.nodes)
        };
        let scaled = ROOT_VCT.nodes * 3;
        assert_eq!(
            nodes(HardPlayer::default()),
            (scaled, scaled, CHECK_VCT.nodes * 3)
        );
        assert_eq!(nodes(HardPlayer::with_threat_nodes(500)), (500, 500, 500));
    }
}
