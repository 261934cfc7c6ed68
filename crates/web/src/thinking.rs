//! A game's computer thinking with the game unlocked: the game is marked as thinking (and
//! changes to it refused) while a [`Handle`] thinks on its own thread, so that reading the
//! game never waits behind a move; the answer is handed back under the lock again.

use crate::error::ApiError;
use crate::store::{lock, Game};
use mnk_engine::session::{Handle, ThinkDone};
use mnk_engine::{Board, Side};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A change to a game whose computer is thinking is refused: the page waits for the move, or
/// stops it first.
pub(crate) fn refuse_while_thinking(g: &Game) -> Result<(), ApiError> {
    if g.thinking {
        return Err(ApiError::Conflict(
            "the computer is thinking about this game: wait for its move, or stop it first".into(),
        ));
    }
    Ok(())
}

/// While it lives, a game is marked as thinking; however the thinking ends without its answer
/// being handed back (an error, a panic), the mark is taken away, so that no game stays
/// locked out.
struct Thinking {
    game: Option<Arc<Mutex<Game>>>,
}

impl Thinking {
    /// Marks the game as thinking (the caller holds its lock, `g`).
    fn begin(game: &Arc<Mutex<Game>>, g: &mut Game) -> Thinking {
        g.thinking = true;
        Thinking {
            game: Some(game.clone()),
        }
    }

    /// Takes the mark away under the game's lock, held by the caller as `g`.
    fn end(mut self, g: &mut Game) {
        g.thinking = false;
        self.game = None;
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        if let Some(game) = self.game.take() {
            if let Ok(mut g) = lock(&game) {
                g.thinking = false;
            }
        }
    }
}

/// The answer of `handle`, which is stopped if it is still thinking after `limit`.
pub(crate) fn join_within<T: Send + 'static>(mut handle: Handle<T>, limit: Duration) -> T {
    if !handle.wait_for(limit) {
        handle.stop();
    }
    handle.join()
}

/// Starts `start`'s thinking on game `game` under its lock, waits for it with the game
/// unlocked, and hands the answer back under the lock again: `finish` gets the game, the
/// position and side the thinking started from, the answer and its wall time in
/// milliseconds. Thinking still going after `limit` (the server's [`crate::ServerLimits::search_time`],
/// which bounds even fixed work) is stopped, and answers that it was.
pub(crate) fn think_unlocked<R>(
    game: &Arc<Mutex<Game>>,
    limit: Duration,
    start: impl FnOnce(&mut Game) -> Result<Handle<ThinkDone>, ApiError>,
    finish: impl FnOnce(&mut Game, &Board, Side, ThinkDone, u64) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    let (thinking, handle, board, side) = {
        let mut g = lock(game)?;
        refuse_while_thinking(&g)?;
        let handle = start(&mut g)?;
        let thinking = Thinking::begin(game, &mut g);
        (
            thinking,
            handle,
            g.session.board().clone(),
            g.session.to_move(),
        )
    };
    let started = Instant::now();
    let done = join_within(handle, limit);
    let ms = started.elapsed().as_millis() as u64;
    let mut g = lock(game)?;
    thinking.end(&mut g);
    finish(&mut g, &board, side, done, ms)
}
