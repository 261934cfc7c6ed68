//! The JSON API under `/api/v1`. Handlers never search on the async executor: every game
//! operation runs on tokio's blocking pool, searches are limited in number, and the
//! computer's thinking runs on a thread of its own ([`mnk_engine::session::Handle`]) with the
//! game unlocked, so that reading the game (`GET /games/{id}`) never waits behind a move. The
//! engine's time manager bounds each search by the server's [`crate::ServerLimits`].

use crate::access::Access;
use crate::analysis::{self, Analysis};
use crate::body::ApiJson;
use crate::client::{Client, RateLimiter};
use crate::db::DbError;
use crate::error::ApiError;
use crate::queue::{QueueLimits, Refusal, SearchQueue};
use crate::store::{lock, Game, GameStore};
use crate::teach::{self, LessonView, TreeRequest};
use crate::thinking::{join_within, refuse_while_thinking, think_unlocked};
use crate::view::{
    game_view, thought_view, GameView, MoveRequest, NewGame, MAX_MOVES, MAX_SIDE, MIN_SIDE,
};
use crate::Config;
use axum::extract::{Path, State};
use axum::http::{Method, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use mnk_engine::ai::{Level, Player};
use mnk_engine::session::{GameResult, Handle, Record, SessionError};
use mnk_engine::{Board, Rule, Rules, Side};
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// What every handler shares.
pub struct AppState {
    /// The games.
    pub store: GameStore,
    /// Who may search now, and who waits.
    searches: SearchQueue,
    /// The searches running for each game, so that a stop request or the game's deletion
    /// can end them.
    running: Mutex<HashMap<String, Vec<Arc<Running>>>>,
    /// Each client's request rate.
    pub(crate) limiter: RateLimiter,
    /// The host names and token of the server.
    pub(crate) access: Access,
    /// Set when the server begins to stop: searches are ended and refused.
    stopping: AtomicBool,
}

/// One running search: its stop flag, and whether a request (not the clock) raised it.
#[derive(Default)]
struct Running {
    stop: Arc<AtomicBool>,
    on_request: AtomicBool,
}

impl AppState {
    /// State for a server with these limits, its games in memory only, answering to
    /// loopback names and IP addresses, without a token.
    pub fn new(limits: crate::ServerLimits) -> Self {
        Self::with(GameStore::new(limits), Access::default())
    }

    /// State for a server of `config`: opens its database.
    pub fn open(config: &Config) -> Result<Self, DbError> {
        let store = GameStore::open(config.limits, &config.db)?;
        Ok(Self::with(store, config.access.clone()))
    }

    fn with(store: GameStore, access: Access) -> Self {
        let limits = store.limits();
        AppState {
            searches: SearchQueue::new(QueueLimits {
                max_running: limits.max_searches,
                per_client: limits.searches_per_client,
                max_waiting: limits.search_queue,
                per_client_waiting: SEARCHES_WAITING_PER_CLIENT,
                max_wait: limits.search_time,
            }),
            limiter: RateLimiter::new(limits.requests_per_second, limits.request_burst),
            store,
            running: Mutex::new(HashMap::new()),
            access,
            stopping: AtomicBool::new(false),
        }
    }

    fn running(&self) -> MutexGuard<'_, HashMap<String, Vec<Arc<Running>>>> {
        // Only whole entries are ever added or removed, so a poisoned map is still whole.
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stops every search running for game `id`; how many there were.
    fn stop_searches(&self, id: &str) -> usize {
        let running = self.running();
        let list = running.get(id).map(Vec::as_slice).unwrap_or_default();
        for search in list {
            search.on_request.store(true, Ordering::Relaxed);
            search.stop.store(true, Ordering::Relaxed);
        }
        list.len()
    }

    /// Searches running now.
    pub fn searches_running(&self) -> usize {
        self.searches.load().0
    }

    /// The server is stopping: every running search is stopped (its request answers that
    /// the server is shutting down), waiting and later ones are refused.
    pub fn shut_down(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.searches.close();
        for list in self.running().values() {
            for search in list {
                search.stop.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// Searches one client may have waiting at once: the page asks for at most two at a time (a
/// computer move or a hint, and the analysis).
const SEARCHES_WAITING_PER_CLIENT: usize = 4;

pub(crate) type Shared = State<Arc<AppState>>;

/// The routes under `/api/v1`.
pub fn routes() -> Router<Arc<AppState>> {
    Router::new()
        .route("/games", post(create))
        .route("/games/{id}", get(show).delete(remove))
        .route("/games/{id}/moves", post(play))
        .route("/games/{id}/computer", post(computer))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/hint", post(hint))
        .route("/games/{id}/analysis", get(analysis))
        .route("/games/{id}/stop", post(stop))
        .route("/games/{id}/record", get(record))
        .route("/tree", post(tree))
        .merge(crate::exercises::routes())
        .method_not_allowed_fallback(wrong_method)
        .fallback(no_route)
}

pub(crate) async fn no_route(uri: Uri) -> ApiError {
    ApiError::NoSuchRoute(uri.path().chars().take(80).collect())
}

/// A known route with another method: a JSON error like every other (axum's own 405 has an
/// empty body).
async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed {
        method: method.as_str().chars().take(20).collect(),
        path: uri.path().chars().take(80).collect(),
    }
}

/// Runs `f` on the blocking pool: the database and the games' replays never hold up the
/// executor.
pub(crate) async fn blocking<R: Send + 'static>(
    f: impl FnOnce() -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| ApiError::Internal(format!("a game task failed: {e}")))?
}

/// Whether a game operation changes the game (and so is saved before the answer).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Change {
    Reads,
    Writes,
}

/// Runs `f` on the blocking pool with game `id` locked; a change is saved before the answer.
async fn with_game<R: Send + 'static>(
    state: &Arc<AppState>,
    id: &str,
    change: Change,
    f: impl FnOnce(&mut Game) -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    let (state, id) = (state.clone(), id.to_string());
    blocking(move || {
        let game = state.store.get(&id)?;
        let mut g = lock(&game)?;
        let result = f(&mut g)?;
        if change == Change::Writes {
            state.store.save(&id, &mut g)?;
        }
        Ok(result)
    })
    .await
}

/// The game `id`, as held in memory (read back from the database if need be).
async fn find_game(state: &Arc<AppState>, id: &str) -> Result<Arc<Mutex<Game>>, ApiError> {
    let (state, id) = (state.clone(), id.to_string());
    blocking(move || state.store.get(&id)).await
}

/// Runs a search `f` for game `id` (empty: for no game) on the blocking pool when the queue
/// gives `client` its turn, with a stop flag that `POST /games/{id}/stop`, the game's
/// deletion or the server's shutdown raises.
pub(crate) async fn with_search<R: Send + 'static>(
    state: &AppState,
    client: &Client,
    id: &str,
    f: impl FnOnce(Arc<AtomicBool>) -> Result<R, ApiError> + Send + 'static,
) -> Result<R, ApiError> {
    let limit = state.store.limits().search_time;
    let _permit = state.searches.acquire(client).await.map_err(|refusal| {
        match refusal {
            Refusal::Busy => {
                // About how long the searches ahead take, at the least a second.
                let (running, waiting) = state.searches.load();
                let turns =
                    (running + waiting) as u64 / state.store.limits().max_searches.max(1) as u64;
                ApiError::Busy(turns.clamp(1, limit.as_secs().max(1)))
            }
            Refusal::TooManyWaiting => ApiError::TooManySearches,
            Refusal::Closed => ApiError::ShuttingDown,
        }
    })?;
    let search = Arc::new(Running::default());
    if !id.is_empty() {
        let mut running = state.running();
        running
            .entry(id.to_string())
            .or_default()
            .push(search.clone());
    }
    let stop = search.stop.clone();
    if state.stopping.load(Ordering::SeqCst) {
        stop.store(true, Ordering::Relaxed);
    }
    let result = tokio::task::spawn_blocking(move || f(stop))
        .await
        .map_err(|e| ApiError::Internal(format!("a search task failed: {e}")));
    if !id.is_empty() {
        let mut running = state.running();
        if let Some(list) = running.get_mut(id) {
            list.retain(|s| !Arc::ptr_eq(s, &search));
            if list.is_empty() {
                running.remove(id);
            }
        }
    }
    match result? {
        Err(ApiError::SearchTimeout(_)) if state.stopping.load(Ordering::SeqCst) => {
            Err(ApiError::ShuttingDown)
        }
        Err(ApiError::SearchTimeout(_)) if search.on_request.load(Ordering::Relaxed) => {
            Err(ApiError::Stopped)
        }
        Err(ApiError::SearchTimeout(_)) => Err(ApiError::SearchTimeout(limit.as_secs())),
        other => other,
    }
}

fn player(name: Option<&str>, default: Player) -> Result<Player, ApiError> {
    match name {
        None => Ok(default),
        Some(text) => Ok(text.parse::<Player>().map_err(SessionError::from)?),
    }
}

fn check_side(name: &str, v: usize) -> Result<(), ApiError> {
    if (MIN_SIDE..=MAX_SIDE).contains(&v) {
        Ok(())
    } else {
        Err(ApiError::BadRequest(format!(
            "{name} {v} is not offered: boards are {MIN_SIDE} to {MAX_SIDE} cells wide and high"
        )))
    }
}

/// The game record a new-game request describes: its `record` text, or its settings and
/// moves. The moves are checked when the session replays them.
fn requested_record(req: NewGame) -> Result<Record, ApiError> {
    if let Some(text) = req.record {
        let others = [req.width, req.height, req.k].iter().any(Option::is_some)
            || req.rule.is_some()
            || req.x.is_some()
            || req.o.is_some()
            || req.first.is_some()
            || req.moves.is_some();
        if others {
            return Err(ApiError::BadRequest(
                "a game from a \"record\" takes its settings and moves from the record; \
                 send only \"record\" (and \"seed\")"
                    .into(),
            ));
        }
        let record = Record::parse(&text)?;
        check_side("width", record.rules.width())?;
        check_side("height", record.rules.height())?;
        return Ok(record);
    }
    let width = req.width.unwrap_or(3);
    let height = req.height.unwrap_or(3);
    check_side("width", width)?;
    check_side("height", height)?;
    let bad = |e: mnk_engine::RulesError| ApiError::BadRequest(e.to_string());
    let rule: Rule = req
        .rule
        .as_deref()
        .unwrap_or("freestyle")
        .parse()
        .map_err(bad)?;
    let rules = Rules::new(width, height, req.k)
        .map_err(bad)?
        .with_rule(rule);
    let words = req.moves.unwrap_or_default();
    if words.len() > MAX_MOVES {
        return Err(ApiError::BadRequest(format!(
            "{} moves were sent; a game has at most {MAX_MOVES}",
            words.len()
        )));
    }
    let board = Board::new(rules);
    let moves = words
        .iter()
        .map(|w| {
            board
                .parse_cell(w)
                .map_err(|e| ApiError::BadRequest(e.to_string()))
        })
        .collect::<Result<Vec<usize>, ApiError>>()?;
    Ok(Record {
        rules,
        x: player(req.x.as_deref(), Player::Human)?,
        o: player(req.o.as_deref(), Player::Computer(Level::Perfect))?,
        first: req.first.map(Side::from).unwrap_or(Side::X),
        moves,
        result: GameResult::Unfinished,
    })
}

async fn create(
    State(state): Shared,
    client: Client,
    ApiJson(req): ApiJson<NewGame>,
) -> Result<impl IntoResponse, ApiError> {
    let seed = req.seed.unwrap_or_else(rand::random);
    let record = requested_record(req)?;
    let view = blocking(move || {
        let game = Game::new(&record, seed).map_err(|e| match e {
            // A move that cannot be played is a fault of the request, not of a game's state.
            SessionError::Position(_) => ApiError::BadRequest(e.to_string()),
            other => other.into(),
        })?;
        let view = game_view("", &game);
        let id = state.store.insert(game, seed, &client)?;
        Ok(GameView { id, ..view })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

async fn show(State(state): Shared, Path(id): Path<String>) -> Result<Json<GameView>, ApiError> {
    let key = id.clone();
    Ok(Json(
        with_game(&state, &key, Change::Reads, move |g| Ok(game_view(&id, g))).await?,
    ))
}

/// Stops the game's running searches (a computer move or a hint answers that it was
/// stopped, nothing played); 204 whether one was running or not.
async fn stop(State(state): Shared, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    find_game(&state, &id).await?;
    state.stop_searches(&id);
    Ok(StatusCode::NO_CONTENT)
}

/// The game as `mnk-record` text.
#[derive(Serialize)]
struct RecordView {
    record: String,
}

async fn record(
    State(state): Shared,
    Path(id): Path<String>,
) -> Result<Json<RecordView>, ApiError> {
    let record = with_game(&state, &id.clone(), Change::Reads, move |g| {
        Ok(g.session.to_record().to_text())
    })
    .await?;
    Ok(Json(RecordView { record }))
}

async fn remove(State(state): Shared, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    // A search still running for a deleted game would only keep a core busy.
    state.stop_searches(&id);
    let gone = id.clone();
    if blocking(move || state.store.remove(&gone)).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::NoSuchGame(id.chars().take(40).collect()))
    }
}

async fn play(
    State(state): Shared,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<MoveRequest>,
) -> Result<Json<GameView>, ApiError> {
    let key = id.clone();
    let view = with_game(&state, &key, Change::Writes, move |g| {
        refuse_while_thinking(g)?;
        let cells = g.session.board().rules().cells();
        let cell = match (req.r#move, req.cell) {
            (Some(text), None) => g.session.parse_cell(&text)?,
            (None, Some(cell)) if cell < cells => cell,
            (None, Some(cell)) => {
                return Err(ApiError::BadRequest(format!(
                    "cell {cell} is off the board: cells are 0 to {}",
                    cells - 1
                )))
            }
            _ => {
                return Err(ApiError::BadRequest(
                    "give exactly one of \"move\" (like \"b2\") or \"cell\" (0-based index)".into(),
                ))
            }
        };
        g.session.play(cell)?;
        Ok(game_view(&id, g))
    })
    .await?;
    Ok(Json(view))
}

async fn computer(
    State(state): Shared,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let game = find_game(&state, &id).await?;
    let key = id.clone();
    let saver = state.clone();
    let limits = state.store.limits();
    let view = with_search(&state, &client, &key, move |stop| {
        think_unlocked(
            &game,
            limits.search_time,
            |g| Ok(g.session.start_computer_move(limits.go(stop))?),
            |g, board, side, done, ms| {
                let thought = g.session.finish_think(done)?;
                g.remember(thought_view(board, side, &thought, ms));
                saver.store.save(&id, g)?;
                Ok(game_view(&id, g))
            },
        )
    })
    .await?;
    Ok(Json(view))
}

async fn undo(State(state): Shared, Path(id): Path<String>) -> Result<Json<GameView>, ApiError> {
    let key = id.clone();
    let view = with_game(&state, &key, Change::Writes, move |g| {
        refuse_while_thinking(g)?;
        g.session.undo()?;
        g.forget_taken_back();
        Ok(game_view(&id, g))
    })
    .await?;
    Ok(Json(view))
}

/// The perfect level's advice for the side to move.
#[derive(Serialize)]
struct Hint {
    r#move: String,
    cell: usize,
    best: Vec<String>,
    best_cells: Vec<usize>,
    value: Option<String>,
    plies: Option<u32>,
    score: Option<i32>,
    nodes: u64,
    ms: u64,
}

async fn hint(
    State(state): Shared,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Hint>, ApiError> {
    let game = find_game(&state, &id).await?;
    let limits = state.store.limits();
    let hint = with_search(&state, &client, &id, move |stop| {
        think_unlocked(
            &game,
            limits.search_time,
            |g| {
                if g.session.is_over() {
                    return Err(ApiError::Conflict(
                        "the game is over: there is nothing to hint".into(),
                    ));
                }
                Ok(g.session.start_hint(limits.go(stop))?)
            },
            |g, board, side, done, ms| {
                let t = thought_view(board, side, &g.session.finish_think(done)?, ms);
                Ok(Hint {
                    r#move: t.r#move,
                    cell: t.cell,
                    best_cells: t
                        .best
                        .iter()
                        .filter_map(|m| board.parse_cell(m).ok())
                        .collect(),
                    best: t.best,
                    value: t.value,
                    plies: t.plies,
                    score: t.score,
                    nodes: t.nodes,
                    ms: t.ms,
                })
            },
        )
    })
    .await?;
    Ok(Json(hint))
}

async fn analysis(
    State(state): Shared,
    client: Client,
    Path(id): Path<String>,
) -> Result<Json<Analysis>, ApiError> {
    // Copy the position and let the game go: analysing never holds the game locked.
    let board = with_game(&state, &id, Change::Reads, |g| {
        if g.session.is_over() {
            return Err(ApiError::Conflict(
                "the game is over: there is nothing to analyse".into(),
            ));
        }
        Ok(g.session.board().clone())
    })
    .await?;
    let limit = state.store.limits().search_time;
    let result = with_search(&state, &client, &id, move |stop| {
        let flag = stop.clone();
        let work = Handle::spawn(flag, move || analysis::analyze(&board, stop));
        Ok(join_within(work, limit)?)
    })
    .await?;
    Ok(Json(result))
}

/// The lessons of one tree.
#[derive(Serialize)]
struct TreeAnswer {
    lessons: Vec<LessonView>,
}

async fn tree(
    State(state): Shared,
    client: Client,
    ApiJson(req): ApiJson<TreeRequest>,
) -> Result<Json<TreeAnswer>, ApiError> {
    // A tree within the drawing limit searches in well under a millisecond per node, so the
    // node cap bounds the time; it still runs off the executor.
    let lessons = with_search(&state, &client, "", move |_| teach::lessons(&req)).await?;
    Ok(Json(TreeAnswer { lessons }))
}
