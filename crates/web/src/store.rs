//! [`GameStore`]: the games, kept in the [`Database`] and, while they are in use, in memory.
//!
//! - Every change is written to the database before the server answers; a game not in memory
//!   (after a restart, or unloaded to save memory) is read back and replayed on its next use.
//! - A game unused for [`ServerLimits::idle`] is deleted.
//! - The database holds at most [`ServerLimits::max_games`] games, and at most
//!   [`ServerLimits::games_per_client`] of one client: a client at its cap makes room by losing its
//!   own least recently used game, and a full database by losing the least recently used game
//!   of anyone; but never a game used in the last [`ServerLimits::grace`]. When there is no such
//!   game, the new game is refused instead.
//! - At most [`ServerLimits::loaded_games`] games are held in memory (the least recently used one
//!   not in use is unloaded first), and only the [`WARM_GAMES`] used most recently keep the
//!   computer's search tables (up to 32 MiB on a small board, 16 MiB on a big one); the others
//!   free them and a later computer move builds them again. That bounds the memory whatever
//!   the database holds.
//!
//! Every method here blocks on the database: call them off the async executor.

use crate::client::Client;
use crate::db::{Database, DbError, Location, StoredGame};
use crate::error::ApiError;
use mnk_engine::session::{Record, Session, SessionError};
use mnk_engine::Go;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Games, most recently used first, that keep their computer's search tables.
pub const WARM_GAMES: usize = 16;

/// A game's last use is written to the database at most this often when it is only read, so
/// that looking at a game costs no write each time; changes are always written.
const TOUCH_EVERY: Duration = Duration::from_secs(30);

/// A game loaded but unused this long is unloaded from memory (it stays in the database).
pub const UNLOAD_AFTER: Duration = Duration::from_secs(15 * 60);

/// How much the server keeps, how long it thinks, and what one client may ask of it.
#[derive(Clone, Copy, Debug)]
pub struct ServerLimits {
    /// Most games stored at once, all clients together.
    pub max_games: usize,
    /// Most games stored for one client (an IP address, or an IPv6 /64 network).
    pub games_per_client: usize,
    /// A game unused for this long is deleted.
    pub idle: Duration,
    /// A game used within this long is never deleted to make room for another.
    pub grace: Duration,
    /// Most games held in memory at once (the others wait in the database).
    pub loaded_games: usize,
    /// A computer move, hint or analysis waits at most this long for its turn; a move or
    /// hint thinks at most this long (or [`ServerLimits::move_time`], if shorter).
    pub search_time: Duration,
    /// Most searches running at once.
    pub max_searches: usize,
    /// Most searches running at once for one client.
    pub searches_per_client: usize,
    /// Most searches waiting for their turn, all clients together (more: 503).
    pub search_queue: usize,
    /// Requests a second one client may send, on average (0: no limit).
    pub requests_per_second: u32,
    /// Requests one client may send at once before the rate applies.
    pub request_burst: u32,
    /// Time of each computer move and hint (`None`: the engine's fixed amount of work
    /// instead, so seeded games repeat).
    pub move_time: Option<Duration>,
    /// Most students (nicknames) whose practice results the class view keeps; a new one
    /// beyond it drops the results of the student seen least recently.
    pub max_students: usize,
    /// Most practice results kept per student; older ones are dropped first.
    pub results_per_student: usize,
}

impl ServerLimits {
    /// What a computer move or a hint may use: the move's time on this machine's clock (or
    /// fixed work), stopped early by `stop`.
    pub fn go(&self, stop: Arc<AtomicBool>) -> Go {
        let go = Go::default().with_stop(stop);
        match self.move_time {
            Some(t) => go.with_clock(Arc::new(Instant::now), Some(t.min(self.search_time))),
            None => go,
        }
    }
}

impl Default for ServerLimits {
    /// 10,000 games, 200 per client, kept 30 days after their last use, none younger than 10
    /// minutes evicted; 128 in memory; 10 s per search, 2 searches at once and 1 per client,
    /// 32 waiting; 20 requests a second per client in bursts of up to 100; 1 s per big-board
    /// move; practice results of at most 500 students, the last 200 of each.
    fn default() -> Self {
        ServerLimits {
            max_games: 10_000,
            games_per_client: 200,
            idle: Duration::from_secs(30 * 24 * 60 * 60),
            grace: Duration::from_secs(10 * 60),
            loaded_games: 128,
            search_time: Duration::from_secs(10),
            max_searches: 2,
            searches_per_client: 1,
            search_queue: 32,
            requests_per_second: 20,
            request_burst: 100,
            move_time: Some(Duration::from_secs(1)),
            max_students: 500,
            results_per_student: 200,
        }
    }
}

/// What the computer reported about its last move, kept for the page's statistics panel.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
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
    /// The figures of the computer's moves still on the board, the latest last (at most
    /// [`KEPT_THOUGHTS`]): a human move keeps them, and taking the latest back shows the one
    /// before.
    pub thoughts: Vec<LastThought>,
    /// A computer move or hint is thinking for this game (its thinker is out of the
    /// session): other changes wait for it.
    pub thinking: bool,
    /// A change to this copy could not be saved: it is refused from then on, and the next
    /// request reads the game back as it was last saved.
    lost: bool,
}

impl Game {
    /// A game of `record` (its moves replayed and checked), the computer's random choices
    /// drawn from `seed`.
    pub fn new(record: &Record, seed: u64) -> Result<Game, SessionError> {
        let session = Session::from_record(record, seed, false)?;
        Ok(Game {
            session,
            thoughts: Vec::new(),
            thinking: false,
            lost: false,
        })
    }
}

/// How many of a game's computer moves keep their figures (for undo); older ones are dropped.
pub const KEPT_THOUGHTS: usize = 32;

impl Game {
    /// The figures of the computer's latest move still on the board.
    pub fn last(&self) -> Option<&LastThought> {
        self.thoughts.last()
    }

    /// Keeps the figures of the computer move just played.
    pub fn remember(&mut self, thought: LastThought) {
        if self.thoughts.len() >= KEPT_THOUGHTS {
            self.thoughts.remove(0);
        }
        self.thoughts.push(thought);
    }

    /// Forgets the figures of computer moves taken back (their cells are empty again; a
    /// cell is only emptied by undo, so a stone there is still that move).
    pub fn forget_taken_back(&mut self) {
        let board = self.session.board();
        while self
            .thoughts
            .last()
            .is_some_and(|t| board.stone(t.cell).is_none())
        {
            self.thoughts.pop();
        }
    }
}

/// A game held in memory and when it was last used.
struct Slot {
    game: Arc<Mutex<Game>>,
    touched: Instant,
    /// When the last use was written to the database.
    touch_saved: Instant,
    /// Whether the game may hold search tables (it was used since it was last cooled).
    warm: bool,
}

impl Slot {
    fn new(game: Game, now: Instant) -> Slot {
        Slot {
            game: Arc::new(Mutex::new(game)),
            touched: now,
            touch_saved: now,
            warm: true,
        }
    }

    /// Whether a request holds the game now.
    fn in_use(&self) -> bool {
        Arc::strong_count(&self.game) > 1
    }
}

/// Every game the server keeps.
pub struct GameStore {
    slots: Mutex<HashMap<String, Slot>>,
    /// Held by each new game while it is counted against the caps and stored, so that two
    /// at once cannot both take the last place. The games in memory stay free meanwhile:
    /// the other requests do not wait for the new game's write to the disk.
    creating: Mutex<()>,
    db: Database,
    limits: ServerLimits,
}

impl GameStore {
    /// A store that keeps its games in memory only.
    pub fn new(limits: ServerLimits) -> Self {
        Self::open(limits, &Location::Memory).expect("an in-memory database opens")
    }

    /// A store on the database at `location`; games already there are loaded when used.
    pub fn open(limits: ServerLimits, location: &Location) -> Result<Self, DbError> {
        let store = GameStore {
            slots: Mutex::new(HashMap::new()),
            creating: Mutex::new(()),
            db: Database::open(location)?,
            limits,
        };
        store.db.expire(cutoff(now_ms(), limits.idle))?;
        Ok(store)
    }

    /// The database, for what the server keeps besides games (the class's practice results).
    pub(crate) fn db(&self) -> &Database {
        &self.db
    }

    /// The limits in force.
    pub fn limits(&self) -> ServerLimits {
        self.limits
    }

    fn slots(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        // The map is only ever changed by whole inserts and removes, so a panic elsewhere
        // cannot leave it half-changed: carry on with it.
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores a new game of `client`; returns its id. Makes room first when the client or
    /// the database is at its cap (see the module documentation).
    pub fn insert(&self, game: Game, seed: u64, client: &Client) -> Result<String, ApiError> {
        let _one_at_a_time = self.creating.lock().unwrap_or_else(PoisonError::into_inner);
        let ms = now_ms();
        let mine = self.db.count(Some(client.as_str()))?;
        if mine >= self.limits.games_per_client.max(1) && !self.make_room(Some(client), ms)? {
            return Err(ApiError::TooManyGames {
                games: mine,
                minutes: minutes(self.limits.grace),
            });
        }
        if self.db.count(None)? >= self.limits.max_games.max(1) {
            self.db.expire(cutoff(ms, self.limits.idle))?;
            if self.db.count(None)? >= self.limits.max_games.max(1) && !self.make_room(None, ms)? {
                return Err(ApiError::Full(minutes(self.limits.grace)));
            }
        }
        let stored = StoredGame {
            client: client.as_str().to_string(),
            seed,
            record: game.session.to_record().to_text(),
            last_thought: None,
            used: ms,
        };
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if self.db.load(&id)?.is_none() {
                break id;
            }
        };
        self.db.insert(&id, &stored, ms)?;
        let mut slots = self.slots();
        slots.insert(id.clone(), Slot::new(game, Instant::now()));
        self.unload_beyond_cap(&mut slots);
        self.cool(&mut slots);
        Ok(id)
    }

    /// Deletes the least recently used game (of `client`, or of anyone) not used within the
    /// grace time; whether there was one.
    fn make_room(&self, client: Option<&Client>, ms: u64) -> Result<bool, ApiError> {
        let before = cutoff(ms, self.limits.grace);
        let candidates = self.db.least_used(client.map(Client::as_str), before, 32)?;
        // Held until the game is gone, so that no request can use it meanwhile (rare: only a
        // client or a database at its cap gets here).
        let mut slots = self.slots();
        for id in candidates {
            // The database's time of use may be up to TOUCH_EVERY old; memory knows better.
            let recent = slots
                .get(&id)
                .is_some_and(|s| s.in_use() || s.touched.elapsed() < self.limits.grace);
            if !recent {
                self.db.delete(&id)?;
                slots.remove(&id);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The game with this id, marked as used now: from memory, or read back from the
    /// database and replayed.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Game>>, ApiError> {
        let now = Instant::now();
        let mut slots = self.slots();
        if let Some(slot) = slots.get_mut(id) {
            if now.duration_since(slot.touched) >= self.limits.idle {
                slots.remove(id);
                self.db.delete(id)?;
                return Err(ApiError::NoSuchGame(short(id)));
            }
            slot.touched = now;
            slot.warm = true;
            if now.duration_since(slot.touch_saved) >= TOUCH_EVERY {
                self.db.touch(id, now_ms())?;
                slot.touch_saved = now;
            }
            let game = slot.game.clone();
            self.cool(&mut slots);
            return Ok(game);
        }
        // Loading under the lock: two requests for one game must not make two copies of it.
        let Some(stored) = self.db.load(id)? else {
            return Err(ApiError::NoSuchGame(short(id)));
        };
        let ms = now_ms();
        if stored.used <= cutoff(ms, self.limits.idle) {
            self.db.delete(id)?;
            return Err(ApiError::NoSuchGame(short(id)));
        }
        let game = revive(&stored).map_err(|e| {
            ApiError::Internal(format!("the stored game {} cannot be read: {e}", short(id)))
        })?;
        self.db.touch(id, ms)?;
        let slot = Slot::new(game, now);
        let game = slot.game.clone();
        slots.insert(id.to_string(), slot);
        self.unload_beyond_cap(&mut slots);
        self.cool(&mut slots);
        Ok(game)
    }

    /// Writes a changed game to the database. If that fails, this copy is marked lost (the
    /// next request reads the game back as it was last saved) and the change is refused.
    pub fn save(&self, id: &str, game: &mut Game) -> Result<(), ApiError> {
        let record = game.session.to_record().to_text();
        let last = (!game.thoughts.is_empty())
            .then(|| serde_json::to_string(&game.thoughts).expect("thoughts serialise"));
        match self.db.update(id, &record, last.as_deref(), now_ms()) {
            Ok(true) => {
                if let Some(slot) = self.slots().get_mut(id) {
                    slot.touch_saved = Instant::now();
                }
                Ok(())
            }
            // Deleted meanwhile (by its owner, or expired): the change goes nowhere.
            Ok(false) => Err(ApiError::NoSuchGame(short(id))),
            Err(e) => {
                game.lost = true;
                self.slots().remove(id);
                Err(e.into())
            }
        }
    }

    /// Forgets a game; whether it existed.
    pub fn remove(&self, id: &str) -> Result<bool, ApiError> {
        // From the database first: a request that reads the game back meanwhile puts it in
        // memory before it is dropped from there, never after.
        let stored = self.db.delete(id)?;
        let held = self.slots().remove(id).is_some();
        Ok(stored || held)
    }

    /// Deletes the games unused for longer than [`ServerLimits::idle`] and unloads from memory
    /// those unused for [`UNLOAD_AFTER`]; returns how many games are stored.
    pub fn sweep(&self) -> Result<usize, ApiError> {
        let now = Instant::now();
        let mut slots = self.slots();
        let idle = self.limits.idle;
        slots.retain(|_, s| s.in_use() || now.duration_since(s.touched) < idle.min(UNLOAD_AFTER));
        self.db.expire(cutoff(now_ms(), idle))?;
        Ok(self.db.count(None)?)
    }

    /// Unloads the least recently used games not in use until at most
    /// [`ServerLimits::loaded_games`] are held (they stay in the database).
    fn unload_beyond_cap(&self, slots: &mut HashMap<String, Slot>) {
        let cap = self.limits.loaded_games.max(1);
        if slots.len() <= cap {
            return;
        }
        let mut idle: Vec<(Instant, String)> = slots
            .iter()
            .filter(|(_, s)| !s.in_use())
            .map(|(id, s)| (s.touched, id.clone()))
            .collect();
        idle.sort_unstable();
        let excess = slots.len() - cap;
        for (_, id) in idle.into_iter().take(excess) {
            slots.remove(&id);
        }
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

    /// Games stored now.
    pub fn len(&self) -> usize {
        self.db.count(None).unwrap_or(0)
    }

    /// Whether no game is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Games held in memory now.
    pub fn loaded(&self) -> usize {
        self.slots().len()
    }

    /// Closes the database (every change is already in it); later requests are refused.
    pub fn close(&self) -> Result<(), DbError> {
        self.slots().clear();
        self.db.close()
    }
}

/// A stored game, replayed.
fn revive(stored: &StoredGame) -> Result<Game, SessionError> {
    let record = Record::parse(&stored.record)?;
    let mut game = Game::new(&record, stored.seed)?;
    // A game saved before the figures were kept for undo holds one thought, not a list.
    game.thoughts = match stored.last_thought.as_deref() {
        None => Vec::new(),
        Some(json) => serde_json::from_str(json)
            .or_else(|_| serde_json::from_str(json).map(|one| vec![one]))
            .unwrap_or_default(),
    };
    game.forget_taken_back();
    Ok(game)
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The time `span` before `ms`, in milliseconds (0 when that is before the epoch).
fn cutoff(ms: u64, span: Duration) -> u64 {
    ms.saturating_sub(span.as_millis().min(u64::MAX as u128) as u64)
}

/// A duration in whole minutes, for messages.
fn minutes(d: Duration) -> u64 {
    d.as_secs().div_ceil(60)
}

/// An id as echoed in an error message: at most 40 characters, so a hostile path cannot make
/// the error large.
fn short(id: &str) -> String {
    id.chars().take(40).collect()
}

/// Locks a game. A panic while a game was locked would mean it may be half-changed, so such
/// a game is refused rather than used; so is a copy whose last change could not be saved.
pub fn lock(game: &Mutex<Game>) -> Result<MutexGuard<'_, Game>, ApiError> {
    let guard = game
        .lock()
        .map_err(|_| ApiError::Internal("this game was lost to an internal error".into()))?;
    if guard.lost {
        return Err(ApiError::Storage(
            "a change to this game could not be saved; ask for the game again".into(),
        ));
    }
    Ok(guard)
}
