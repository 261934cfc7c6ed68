//! The move-time policy every front end shares: how long one computer move may take, and the
//! per-move clock a front end hands the engine (which reads no clock itself).

use crate::budget::Deadline;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A per-move clock handed in by a front end: called as each search of a move starts with the
/// share of the move's time (0 to 1) that search may use from now, it returns that search's
/// "time is up" check (e.g. 0.6 s from now for a share of 0.6 of a one-second move). A move
/// made of two searches (`perfect`: a proof, then `hard` if the proof does not come) calls it
/// twice, the second time with what is left, so the move as a whole keeps to its time.
pub type MoveClock = Arc<dyn Fn(f64) -> Deadline + Send + Sync>;

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
/// in a program, a fake one in tests; the engine itself never reads the time). A search with
/// share `s` of the move ends once `s` times `limit` less the [`stop_margin`] has passed since
/// it was asked for, so that the answer, not just the search, is in time.
pub fn move_time_limit<F>(limit: Duration, now: F) -> MoveClock
where
    F: Fn() -> Instant + Clone + Send + Sync + 'static,
{
    let search_for = limit - stop_margin(limit);
    Arc::new(move |share: f64| {
        let start = now();
        let now = now.clone();
        let search_for = search_for.mul_f64(share.clamp(0.0, 1.0));
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
    use std::sync::Mutex;

    #[test]
    fn a_share_of_the_move_ends_at_its_share_of_the_limit() {
        let start = Instant::now();
        let fake = Arc::new(Mutex::new(start));
        let now = {
            let fake = fake.clone();
            move || *fake.lock().unwrap()
        };
        let clock = move_time_limit(Duration::from_millis(1000), now);
        // 975 ms of search in all (the margin is 25 ms): 60% of it is 585 ms.
        let proof = clock(0.6);
        *fake.lock().unwrap() = start + Duration::from_millis(584);
        assert!(!proof());
        *fake.lock().unwrap() = start + Duration::from_millis(585);
        assert!(proof());
        let rest = clock(0.4);
        *fake.lock().unwrap() = start + Duration::from_millis(585 + 389);
        assert!(!rest());
        *fake.lock().unwrap() = start + Duration::from_millis(585 + 390);
        assert!(rest());
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
}
