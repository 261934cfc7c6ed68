//! The move-time policy every front end shares: how long one computer move may take, and the
//! per-move clock a front end hands the engine (which reads no clock itself).

use crate::budget::Deadline;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A per-move clock handed in by a front end: called once as each move's thinking starts, it
/// returns that move's "time is up" check (e.g. one second from now).
pub type MoveClock = Arc<dyn Fn() -> Deadline + Send + Sync>;

/// A [`MoveClock`] giving each move `limit` on the clock the caller hands in (`Instant::now`
/// in a program; the engine itself never reads the time). The search is told to stop a little
/// early (2% of the limit, at most 20 ms) so that the answer, not just the search, is in time.
pub fn move_time_limit(limit: Duration, now: fn() -> Instant) -> MoveClock {
    let search_for = limit - (limit / 50).min(Duration::from_millis(20));
    Arc::new(move || {
        let start = now();
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
