//! The move-time policy every front end shares: how long one computer move may take, and the
//! per-move clock a front end hands the engine (which reads no clock itself).

use crate::budget::Deadline;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A per-move clock handed in by a front end: called once as each move's thinking starts, it
/// returns that move's "time is up" check (e.g. one second from now).
pub type MoveClock = Arc<dyn Fn() -> Deadline + Send + Sync>;

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
/// deadline passes once `limit` less the [`stop_margin`] has passed since the move was asked
/// for, so that the answer, not just the search, is in time.
pub fn move_time_limit<F>(limit: Duration, now: F) -> MoveClock
where
    F: Fn() -> Instant + Clone + Send + Sync + 'static,
{
    let search_for = limit - stop_margin(limit);
    Arc::new(move || {
        let start = now();
        let now = now.clone();
        Arc::new(move || now().duration_since(start) >= search_for) as Deadline
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
