//! The one time manager: how long a decision may take, turned into the budgets of its
//! searches. Every front end and the Gomocup brain hand a [`Go`] to the
//! [`Thinker`](crate::ai::Thinker), which asks this module, so `hard` in `mnk play`, the TUI, the
//! page, `mnk match` and `pbrain-mnk` all keep time by one rule:
//!
//! - **the move's time**: the time for this move, or less when the game's clock runs low (a
//!   move takes at most [`GAME_TIME_SHARE`]th of what is left);
//! - **a hard deadline**: the move's time less a [`stop_margin`], kept for what follows the
//!   stop (the search unwinding, the answer crossing a pipe to a manager, a busy machine's
//!   scheduler); the searches end there at once with the best move found;
//! - **a soft deadline**: [`SOFT_SHARE`] of the way to the hard one, after which an
//!   iterative search starts no new iteration (its first move alone usually takes longer than
//!   what is left).
//!
//! An exact search ([`crate::exact`]) asks for [`TimeManager::exact_budget`]: the whole of the
//! search time, and no node count of its own.
//!
//! A decision made of several searches (`perfect`: a proof, then `hard` if the proof does not
//! come) asks for each its share of the move's time, counted from when it starts.
//! Without a clock a decision does fixed work: each search its own number of nodes.

use crate::budget::{Budget, Controls, Deadline};
use crate::go::{Clock, Go};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// When a whole game is timed, a move may use at most this fraction (1/n) of what is left,
/// so the clock lasts however long the game goes on.
pub const GAME_TIME_SHARE: u32 = 12;

/// The smallest [`stop_margin`].
pub const MIN_MARGIN: Duration = Duration::from_millis(30);

/// The largest [`stop_margin`].
pub const MAX_MARGIN: Duration = Duration::from_millis(100);

/// The share of the way to the hard deadline after which an iterative search starts no new
/// iteration. An iteration cut short by the hard deadline still counts (the previous best
/// move is searched first, and the partial iteration's best is kept only when it beat that),
/// so late starts cost nothing but time; only the last fifth is left unstarted.
pub const SOFT_SHARE: f64 = 0.8;

/// Nodes a search may visit at most when a clock bounds it: a guard against a clock that
/// never says stop, far beyond what a second of search visits.
pub const TIMED_NODES: u64 = 200_000_000;

/// How much sooner than a move's time the searches are told to stop: a tenth of it, at least
/// [`MIN_MARGIN`] and at most [`MAX_MARGIN`], and never more than half the move. The searches
/// look at the clock every few dozen microseconds of work, so the margin is for what follows
/// the stop: unwinding, the answer reaching the front end or crossing the pipes to a Gomocup
/// manager (which measures the turn from its side), and above all a busy machine, whose
/// scheduler may leave the thread waiting for a time slice (measured: up to about 12 ms under a
/// load of 12 on 2 cores).
pub fn stop_margin(move_time: Duration) -> Duration {
    (move_time / 10)
        .clamp(MIN_MARGIN, MAX_MARGIN)
        .min(move_time / 2)
}

/// The time one move may take: the per-move time, or less when the game's clock runs low
/// (`game_left`: what is left of the player's time for the whole game, when it is timed).
pub fn move_time(per_move: Option<Duration>, game_left: Option<Duration>) -> Option<Duration> {
    match (per_move, game_left) {
        (Some(m), Some(left)) => Some(m.min(left / GAME_TIME_SHARE)),
        (None, Some(left)) => Some(left / GAME_TIME_SHARE),
        (m, None) => m,
    }
}

/// The time manager of one decision, made as it starts: it knows the time the decision may
/// search for in all, and hands each search its budget (the budgets are the engine's inside
/// view; a caller sees what the decision may search for).
///
/// ```
/// use mnk_engine::{Go, TimeManager};
/// use std::time::{Duration, Instant};
///
/// // A second for the move: a tenth of it (at most 100 ms) is kept as a margin.
/// let go = Go::timed(Duration::from_secs(1), Instant::now);
/// assert_eq!(TimeManager::new(&go).search_time(), Some(Duration::from_millis(900)));
/// // With six seconds left in the game a move takes at most a twelfth of them.
/// let short = go.with_game_left(Duration::from_secs(6));
/// assert_eq!(TimeManager::new(&short).search_time(), Some(Duration::from_millis(450)));
/// // Fixed work has no time at all.
/// assert_eq!(TimeManager::new(&Go::default()).search_time(), None);
/// ```
pub struct TimeManager {
    go: Go,
    /// The clock and the time to search for (the move's time less the margin), when timed.
    timed: Option<(Clock, Duration)>,
    /// When the decision's first search started: the clock is read no more often than the
    /// searches need.
    started: OnceLock<Instant>,
}

impl TimeManager {
    /// The time manager of a decision told `go`.
    pub fn new(go: &Go) -> TimeManager {
        let timed = match (go.clock(), move_time(go.move_time(), go.game_left())) {
            (Some(clock), Some(time)) => Some((clock.clone(), time - stop_margin(time))),
            _ => None,
        };
        TimeManager {
            go: go.clone(),
            timed,
            started: OnceLock::new(),
        }
    }

    /// How long the decision may search in all (the move's time less the margin), when it
    /// is timed.
    pub fn search_time(&self) -> Option<Duration> {
        self.timed.as_ref().map(|(_, t)| *t)
    }

    /// The budget of one search of the decision: the stop handle, and either `share` (0 to 1)
    /// of the decision's search time counted from now, with its hard and soft deadlines (and
    /// `TIMED_NODES` as a guard), or, without a clock, `fixed_nodes` nodes. The caller's
    /// node cap bounds both.
    pub(crate) fn budget(&self, share: f64, fixed_nodes: u64) -> Budget {
        self.budget_with(fixed_nodes, |time, _| time.mul_f64(share.clamp(0.0, 1.0)))
    }

    /// [`TimeManager::budget`] of a search that keeps `kept` (0 to 1) of its share for a
    /// search after it: its hard deadline that much earlier, its soft deadline where
    /// [`TimeManager::budget`] has it, or at the hard one when that is sooner. So it starts no
    /// step later than a search of the whole share would, and the one after it has at least
    /// `kept` of the share, or all the time the first left. Without a clock it is
    /// [`TimeManager::budget`].
    pub(crate) fn budget_keeping(&self, share: f64, kept: f64, fixed_nodes: u64) -> Budget {
        self.budget_with_soft(fixed_nodes, |time, _| {
            let share = time.mul_f64(share.clamp(0.0, 1.0));
            let hard = share.mul_f64(1.0 - kept.clamp(0.0, 1.0));
            (hard, hard.min(share.mul_f64(SOFT_SHARE)))
        })
    }

    /// [`TimeManager::budget`], but the search may run only until `share` of the decision's
    /// search time has passed since its first search started: what earlier searches of the
    /// decision did not use is left to it.
    pub(crate) fn budget_until(&self, share: f64, fixed_nodes: u64) -> Budget {
        self.budget_with(fixed_nodes, |time, spent| {
            time.mul_f64(share.clamp(0.0, 1.0)).saturating_sub(spent)
        })
    }

    /// A budget whose hard limit `limit` makes from the decision's search time and the time
    /// it has spent so far.
    fn budget_with(
        &self,
        fixed_nodes: u64,
        limit: impl Fn(Duration, Duration) -> Duration,
    ) -> Budget {
        self.budget_with_soft(fixed_nodes, |time, spent| {
            let hard = limit(time, spent);
            (hard, hard.mul_f64(SOFT_SHARE))
        })
    }

    /// [`TimeManager::budget_with`] whose `limits` gives the soft deadline too: (hard, soft).
    fn budget_with_soft(
        &self,
        fixed_nodes: u64,
        limits: impl Fn(Duration, Duration) -> (Duration, Duration),
    ) -> Budget {
        let mut budget = Budget::unlimited().with_stop(self.go.stop_flag().cloned());
        let cap = self.go.nodes().unwrap_or(u64::MAX);
        match &self.timed {
            Some((clock, time)) => {
                let start = clock();
                let started = *self.started.get_or_init(|| start);
                let (hard, soft) = limits(*time, start.saturating_duration_since(started));
                budget = budget
                    .with_deadline(after(clock, start, hard))
                    .with_soft_deadline(after(clock, start, soft))
                    .with_node_limit(TIMED_NODES.min(cap));
            }
            None => budget = budget.with_node_limit(fixed_nodes.min(cap)),
        }
        budget
    }

    /// The budget of one exact search (the solver, the proof search, minimax and alpha-beta,
    /// the count) told this decision's [`Go`]: the stop handle, the caller's node cap, and,
    /// when timed, the whole of the search time from now, with its hard and soft deadlines.
    /// Nothing else: an exact search has no fixed amount of work of its own (a result it did
    /// not finish proves nothing), so the default [`Go`] lets it run until it is done.
    pub(crate) fn exact_budget(&self) -> Budget {
        let mut budget = Budget::unlimited().with_stop(self.go.stop_flag().cloned());
        if let Some(nodes) = self.go.nodes() {
            budget = budget.with_node_limit(nodes);
        }
        if let Some((clock, time)) = &self.timed {
            let start = clock();
            self.started.get_or_init(|| start);
            budget = budget
                .with_deadline(after(clock, start, *time))
                .with_soft_deadline(after(clock, start, time.mul_f64(SOFT_SHARE)));
        }
        budget
    }

    /// What an exact search told this decision's [`Go`] runs with: its
    /// [`exact_budget`](TimeManager::exact_budget) and the caller's counters.
    pub(crate) fn exact_controls(&self) -> Controls {
        Controls {
            budget: self.exact_budget(),
            progress: self.go.progress().cloned(),
        }
    }

    /// The budget of a search that only the stop handle (and the caller's node cap, or else
    /// `guard` nodes) ends: thinking on the opponent's time.
    pub(crate) fn until_stopped(&self, guard: u64) -> Budget {
        Budget::unlimited()
            .with_stop(self.go.stop_flag().cloned())
            .with_node_limit(self.go.nodes().unwrap_or(guard))
    }
}

/// "`limit` has passed since `start`" by `clock`.
fn after(clock: &Clock, start: Instant, limit: Duration) -> Deadline {
    let clock = clock.clone();
    Arc::new(move || clock().duration_since(start) >= limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn fake_clock() -> (Arc<Mutex<Instant>>, Clock) {
        let now = Arc::new(Mutex::new(Instant::now()));
        let reader = now.clone();
        (now, Arc::new(move || *reader.lock().unwrap()))
    }

    /// The time manager of a move of a second on a [`fake_clock`]: the clock's hand, the
    /// time it shows at the start, and the manager.
    fn a_second_move() -> (Arc<Mutex<Instant>>, Instant, TimeManager) {
        let (now, clock) = fake_clock();
        let start = *now.lock().unwrap();
        let go = Go::default().with_clock(clock, Some(Duration::from_millis(1000)));
        (now, start, TimeManager::new(&go))
    }

    #[test]
    fn a_share_of_the_move_ends_at_its_share_of_the_search_time() {
        let (now, start, manager) = a_second_move();
        // 900 ms of search in all (the margin is 100 ms): 60% of it is 540 ms.
        assert_eq!(manager.search_time(), Some(Duration::from_millis(900)));
        let proof = manager.budget(0.6, 0);
        *now.lock().unwrap() = start + Duration::from_millis(431);
        assert!(!proof.wants_no_more_steps());
        *now.lock().unwrap() = start + Duration::from_millis(432);
        assert!(proof.wants_no_more_steps(), "soft: 80% of 540 ms");
        *now.lock().unwrap() = start + Duration::from_millis(539);
        assert!(!proof.is_late());
        *now.lock().unwrap() = start + Duration::from_millis(540);
        assert!(proof.is_late());
        // The rest, counted from when it starts.
        let rest = manager.budget(0.4, 0);
        *now.lock().unwrap() = start + Duration::from_millis(540 + 359);
        assert!(!rest.is_late());
        *now.lock().unwrap() = start + Duration::from_millis(540 + 360);
        assert!(rest.is_late());
        assert_eq!(rest.node_limit(), Some(TIMED_NODES));
    }

    #[test]
    fn a_search_that_keeps_a_share_for_the_next_stops_that_much_sooner_and_steps_as_late() {
        let (now, start, manager) = a_second_move();
        // 900 ms in all; 15% kept: the hard deadline at 765 ms, the soft one at 720 ms as
        // for the whole.
        let tree = manager.budget_keeping(1.0, 0.15, 0);
        let whole = manager.budget(1.0, 0);
        *now.lock().unwrap() = start + Duration::from_millis(719);
        assert!(!tree.wants_no_more_steps());
        *now.lock().unwrap() = start + Duration::from_millis(720);
        assert!(tree.wants_no_more_steps() && whole.wants_no_more_steps());
        *now.lock().unwrap() = start + Duration::from_millis(764);
        assert!(!tree.is_late());
        *now.lock().unwrap() = start + Duration::from_millis(765);
        assert!(tree.is_late() && !whole.is_late());
        // Keeping more than the soft deadline leaves: the soft deadline is the hard one.
        let half = manager.budget_keeping(1.0, 0.5, 0);
        *now.lock().unwrap() = start + Duration::from_millis(765 + 449);
        assert!(!half.wants_no_more_steps());
        *now.lock().unwrap() = start + Duration::from_millis(765 + 450);
        assert!(half.wants_no_more_steps() && half.is_late());
        // Untimed: the same fixed work.
        let fixed = TimeManager::new(&Go::default()).budget_keeping(1.0, 0.15, 123);
        assert_eq!(fixed.node_limit(), Some(123));
    }

    #[test]
    fn a_search_until_a_share_of_the_move_gets_what_the_searches_before_it_left() {
        let (now, start, manager) = a_second_move();
        // A first search takes a third of the move, and ends after 100 ms.
        let _proof = manager.budget(0.3, 0);
        // Until 85 % of the 900 ms of search (765 ms) from the first search: 665 ms are left.
        *now.lock().unwrap() = start + Duration::from_millis(100);
        let solver = manager.budget_until(0.85, 0);
        *now.lock().unwrap() = start + Duration::from_millis(764);
        assert!(!solver.is_late());
        *now.lock().unwrap() = start + Duration::from_millis(765);
        assert!(solver.is_late());
        assert_eq!(solver.node_limit(), Some(TIMED_NODES));
        // Started past its share: none is left.
        *now.lock().unwrap() = start + Duration::from_millis(800);
        assert!(manager.budget_until(0.85, 0).is_late());
        // Without a clock it is fixed work, as `budget`.
        let fixed = TimeManager::new(&Go::default()).budget_until(0.85, 1_000);
        assert_eq!(fixed.node_limit(), Some(1_000));
    }

    #[test]
    fn without_a_clock_a_search_does_fixed_work_within_the_callers_cap() {
        let manager = TimeManager::new(&Go::default());
        assert_eq!(manager.search_time(), None);
        let budget = manager.budget(0.5, 150_000);
        assert_eq!(budget.node_limit(), Some(150_000));
        assert!(!budget.wants_no_more_steps());
        let capped = TimeManager::new(&Go::default().with_nodes(1_000));
        assert_eq!(capped.budget(1.0, 150_000).node_limit(), Some(1_000));
        let timed_capped = TimeManager::new(
            &Go::timed(Duration::from_millis(300), Instant::now).with_nodes(1_000),
        );
        assert_eq!(timed_capped.budget(1.0, 150_000).node_limit(), Some(1_000));
    }

    #[test]
    fn the_game_clock_shortens_a_move_when_it_runs_low() {
        let go = Go::timed(Duration::from_millis(1000), Instant::now)
            .with_game_left(Duration::from_millis(6000));
        // A twelfth of the 6 s left (500 ms), less its margin (50 ms).
        assert_eq!(
            TimeManager::new(&go).search_time(),
            Some(Duration::from_millis(450))
        );
        let plenty = Go::timed(Duration::from_millis(1000), Instant::now)
            .with_game_left(Duration::from_secs(600));
        assert_eq!(
            TimeManager::new(&plenty).search_time(),
            Some(Duration::from_millis(900))
        );
    }

    #[test]
    fn an_exact_search_is_bounded_only_by_what_the_caller_says() {
        let unbounded = TimeManager::new(&Go::default()).exact_budget();
        assert_eq!(unbounded.node_limit(), None);
        assert!(!unbounded.is_stopped() && !unbounded.is_late());
        let capped = TimeManager::new(&Go::default().with_nodes(500)).exact_budget();
        assert_eq!(capped.node_limit(), Some(500));
        let (now, start, manager) = a_second_move();
        let timed = manager.exact_budget();
        assert_eq!(
            timed.node_limit(),
            None,
            "no guard: a timed proof may be long"
        );
        *now.lock().unwrap() = start + Duration::from_millis(899);
        assert!(!timed.is_late());
        *now.lock().unwrap() = start + Duration::from_millis(900);
        assert!(timed.is_late(), "the move's time less the margin");
    }

    #[test]
    fn the_margin_is_a_tenth_within_its_bounds_and_never_half_the_move() {
        let ms = Duration::from_millis;
        assert_eq!(stop_margin(ms(1000)), ms(100));
        assert_eq!(stop_margin(ms(5000)), MAX_MARGIN);
        assert_eq!(stop_margin(ms(500)), ms(50));
        assert_eq!(stop_margin(ms(300)), ms(30));
        assert_eq!(stop_margin(ms(100)), MIN_MARGIN);
        assert_eq!(stop_margin(ms(40)), ms(20));
        assert_eq!(stop_margin(Duration::ZERO), Duration::ZERO);
    }
}
