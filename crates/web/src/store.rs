//! [`GameStore`]: the games the server holds, in bounded memory. At most
//! [`Limits::max_games`] games live at once (a new game evicts the one left alone longest),
//! and a game nobody has touched for [`Limits::idle`] is dropped, so a server left running for
//! days holds no more than the cap, and usually far less.
//!
//! The computer's memory of a game (the solver's table, up to 32 MiB, or the big-board
//! search table, 16 MiB) is what costs: only the [`WARM_GAMES`] games used most recently keep
//! it; the others free their tables (a later computer move builds them again). That bounds the
//! tables to `WARM_GAMES` games however many are held.

use crate::error::ApiError;
use mnk_engine::session::Session;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Games, most recently used first, that keep their computer's search tables.
pub const WARM_GAMES: usize = 16;

/// How much the server keeps and how long it thinks.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Most games held at once.
    pub max_games: usize,
    /// A game untouched for this long is dropped.
    pub idle: Duration,
    /// A computer move, hint or analysis is stopped after this long.
    pub search_time: Duration,
    /// Most searches running at once (others wait their turn).
    pub max_searches: usize,
    /// Time of each computer move on boards over 64 cells, where the search is not exact
    /// (`None`: a fixed node budget instead, so seeded games repeat).
    pub move_time: Option<Duration>,
}

impl Default for Limits {
    /// 128 games, 2 hours idle, 10 s per search, 2 searches at once, 1 s per big-board move.
    fn default() -> Self {
        Limits {
            max_games: 128,
            idle: Duration::from_secs(2 * 60 * 60),
            search_time: Duration::from_secs(10),
            max_searches: 2,
            move_time: Some(Duration::from_secs(1)),
        }
    }
}

/// What the computer reported about its last move, kept for the page's statistics panel.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LastThought {
    /// Which side moved.
    pub side: String,
    /// The move, in notation.
    pub r#move: String,
    /// Its cell index.
    pub cell: usize,
    /// `win`, `draw`, `loss`, `estimate`, or null for a random move.
    pub value: Option<String>,
    /// Plies to the end for a win or loss.
    pub plies: Option<u32>,
    /// The estimate, for a depth-limited search.
    pub score: Option<i32>,
    /// Every move as good as the one played.
    pub best: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time of the decision in milliseconds.
    pub ms: u64,
    /// `exact`, `search` or `random`.
    pub method: String,
    /// Plies searched, for `search`.
    pub depth: Option<u32>,
}

/// One game and what the page shows about it.
pub struct Game {
    /// The game flow, from the engine.
    pub session: Session,
    /// The last computer move's figures, until the next move or undo.
    pub last: Option<LastThought>,
}

/// A held game and when it was last used.
struct Slot {
    game: Arc<Mutex<Game>>,
    touched: Instant,
    /// Whether the game may hold search tables (it was used since it was last rebuilt).
    warm: bool,
}

/// Every game the server holds, by id.
pub struct GameStore {
    slots: Mutex<HashMap<String, Slot>>,
    limits: Limits,
}

impl GameStore {
    /// An empty store.
    pub fn new(limits: Limits) -> Self {
        GameStore {
            slots: Mutex::new(HashMap::new()),
            limits,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    fn slots(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        // The map is only ever changed by whole inserts and removes, so a panic elsewhere
        // cannot leave it half-changed: carry on with it.
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores a new game; returns its id. Drops idle games first, then, when still full, the
    /// game left alone longest.
    pub fn insert(&self, game: Game) -> String {
        let now = Instant::now();
        let mut slots = self.slots();
        sweep(&mut slots, now, self.limits.idle);
        while slots.len() >= self.limits.max_games.max(1) {
            let Some(oldest) = slots
                .iter()
                .min_by_key(|(_, s)| s.touched)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            slots.remove(&oldest);
        }
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if !slots.contains_key(&id) {
                break id;
            }
        };
        slots.insert(
            id.clone(),
            Slot {
                game: Arc::new(Mutex::new(game)),
                touched: now,
                warm: true,
            },
        );
        self.cool(&mut slots);
        id
    }

    /// The game with this id, marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Game>>, ApiError> {
        let now = Instant::now();
        let mut slots = self.slots();
        match slots.get_mut(id) {
            Some(slot) if now.duration_since(slot.touched) < self.limits.idle => {
                slot.touched = now;
                slot.warm = true;
                let game = slot.game.clone();
                self.cool(&mut slots);
                Ok(game)
            }
            Some(_) => {
                slots.remove(id);
                Err(ApiError::NoSuchGame(short(id)))
            }
            None => Err(ApiError::NoSuchGame(short(id))),
        }
    }

    /// Forgets a game; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        self.slots().remove(id).is_some()
    }

    /// Drops every game idle for longer than the limit; returns how many are left.
    pub fn sweep(&self) -> usize {
        let mut slots = self.slots();
        sweep(&mut slots, Instant::now(), self.limits.idle);
        slots.len()
    }

    /// Frees the search tables of the warm games beyond the [`WARM_GAMES`] most recently used.
    /// A game in use (locked) is left for a later call.
    fn cool(&self, slots: &mut HashMap<String, Slot>) {
        let warm = slots.values().filter(|s| s.warm).count();
        if warm <= WARM_GAMES {
            return;
        }
        let mut by_use: Vec<&mut Slot> = slots.values_mut().filter(|s| s.warm).collect();
        by_use.sort_unstable_by_key(|s| std::cmp::Reverse(s.touched));
        for slot in by_use.into_iter().skip(WARM_GAMES) {
            if let Ok(mut game) = slot.game.try_lock() {
                game.session.release_tables();
                slot.warm = false;
            }
        }
    }

    /// Games held now.
    pub fn len(&self) -> usize {
        self.slots().len()
    }

    /// Whether no game is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn sweep(slots: &mut HashMap<String, Slot>, now: Instant, idle: Duration) {
    slots.retain(|_, s| now.duration_since(s.touched) < idle);
}

/// An id as echoed in an error message: at most 40 characters, so a hostile path cannot make
/// the error large.
fn short(id: &str) -> String {
    id.chars().take(40).collect()
}

/// Locks a game. A panic while a game was locked would mean it may be half-changed, so such
/// a game is refused rather than used.
pub fn lock(game: &Mutex<Game>) -> Result<MutexGuard<'_, Game>, ApiError> {
    game.lock()
        .map_err(|_| ApiError::Internal("this game was lost to an internal error".into()))
}
