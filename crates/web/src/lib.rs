//! mnk-web: the local web app of `mnk serve`. An axum server holds games in bounded memory,
//! answers a JSON API under `/api/v1` from the engine's [`Session`](mnk_engine::session::Session),
//! solver and teaching code, and serves one page (HTML, CSS and JavaScript embedded in the
//! binary: no CDN, no build step).
//!
//! - [`api`]: the routes and handlers;
//! - [`access`]: the host and origin allow-lists, the token, the rate and the security
//!   headers, checked before any handler;
//! - [`store`]: the games, in the [`db`] and in memory, capped per client and in all;
//! - [`db`]: the SQLite database the games are kept in across restarts;
//! - [`client`]: who sent a request, and each client's request rate;
//! - [`queue`]: the fair, bounded queue of searches;
//! - [`view`]: request bodies and JSON views;
//! - [`body`]: reading a JSON body, and what is wrong with one in plain words;
//! - [`analysis`]: the overlay of cell values;
//! - [`teach`]: the tree lesson panel;
//! - [`practice`]: exercises and markings as JSON, [`exercises`]: their routes, and [`class`]:
//!   the nicknamed students' results for the teacher's class view;
//! - [`error`]: every failure as a status and a JSON message.

pub mod access;
pub mod analysis;
pub mod api;
pub mod body;
pub mod chance_view;
pub mod class;
pub mod client;
pub mod db;
pub mod error;
pub mod exercises;
pub mod practice;
pub mod queue;
pub mod store;
pub mod teach;
mod thinking;
pub mod view;

pub use access::Access;
pub use api::AppState;
pub use db::{DbError, Location};
pub use error::ApiError;
pub use store::ServerLimits;

use axum::extract::DefaultBodyLimit;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// Largest request body accepted, in bytes: a tree the page can draw is far smaller.
pub const BODY_LIMIT: usize = 64 * 1024;

/// The page's files, embedded in the binary: path, content type, contents. The page is
/// plain JavaScript modules (one per concept), so there is no build step.
pub const ASSETS: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("assets/index.html")),
    ("/style.css", CSS, include_str!("assets/style.css")),
    ("/board.css", CSS, include_str!("assets/board.css")),
    ("/teach.css", CSS, include_str!("assets/teach.css")),
    ("/practice.css", CSS, include_str!("assets/practice.css")),
    ("/app.js", JS, include_str!("assets/app.js")),
    ("/api.js", JS, include_str!("assets/api.js")),
    ("/i18n.js", JS, include_str!("assets/i18n.js")),
    ("/strings-en.js", JS, include_str!("assets/strings-en.js")),
    ("/strings-zh.js", JS, include_str!("assets/strings-zh.js")),
    ("/board.js", JS, include_str!("assets/board.js")),
    ("/game.js", JS, include_str!("assets/game.js")),
    ("/words.js", JS, include_str!("assets/words.js")),
    ("/overlay.js", JS, include_str!("assets/overlay.js")),
    ("/moves.js", JS, include_str!("assets/moves.js")),
    ("/settings.js", JS, include_str!("assets/settings.js")),
    ("/share.js", JS, include_str!("assets/share.js")),
    ("/token.js", JS, include_str!("assets/token.js")),
    ("/teach.js", JS, include_str!("assets/teach.js")),
    ("/tree-view.js", JS, include_str!("assets/tree-view.js")),
    ("/practice.js", JS, include_str!("assets/practice.js")),
    (
        "/practice-figure.js",
        JS,
        include_str!("assets/practice-figure.js"),
    ),
    (
        "/practice-words.js",
        JS,
        include_str!("assets/practice-words.js"),
    ),
    (
        "/practice-solution.js",
        JS,
        include_str!("assets/practice-solution.js"),
    ),
    ("/class-view.js", JS, include_str!("assets/class-view.js")),
    ("/favicon.svg", SVG, include_str!("assets/favicon.svg")),
    // Browsers ask for this path whatever the page links; the same picture answers.
    ("/favicon.ico", SVG, include_str!("assets/favicon.svg")),
];

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The whole app: the page, its assets and the API, sharing `state`.
pub fn router(state: Arc<AppState>) -> Router {
    let mut router = Router::new();
    for &(path, kind, body) in ASSETS {
        router = router.route(
            path,
            get(move || async move { ([(header::CONTENT_TYPE, kind)], body).into_response() }),
        );
    }
    router
        .nest("/api/v1", api::routes())
        // Everything else, the bare API prefix included, is a JSON 404 like the API's own.
        .fallback(api::no_route)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            access::guard,
        ))
        .with_state(state)
}

/// Everything a server is started with.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// How much it keeps and what one client may ask.
    pub limits: ServerLimits,
    /// Where the games are kept.
    pub db: Location,
    /// The host names it answers to, and its token.
    pub access: Access,
}

/// Why a server could not start or stop cleanly.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be listened on.
    #[error("cannot serve on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The game database could not be opened or closed.
    #[error(transparent)]
    Db(#[from] DbError),
    /// The listener failed while serving.
    #[error("the server failed: {0}")]
    Io(#[from] std::io::Error),
}

/// How long requests in flight may take to finish once the server is asked to stop (their
/// searches are stopped at once, so this is only for a slow client).
const STOP_WAIT: Duration = Duration::from_secs(5);

/// Serves the app of `config` on `listener` until `shutdown` completes; then stops every
/// search, lets the requests in flight finish (at most a few seconds) and closes the
/// database. Idle games are swept once a minute.
pub async fn serve_on(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let state = Arc::new(AppState::open(&config)?);
    serve_state(listener, state, shutdown).await
}

/// [`serve_on`] with a state made by the caller (a test that watches the store).
pub async fn serve_state(
    listener: TcpListener,
    state: Arc<AppState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), ServeError> {
    let sweeper = {
        let state = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                let state = state.clone();
                // A failed sweep is tried again at the next tick.
                let _ = tokio::task::spawn_blocking(move || state.store.sweep()).await;
            }
        })
    };
    let (stopping_tx, stopping_rx) = tokio::sync::oneshot::channel::<()>();
    let stopping = {
        let state = state.clone();
        async move {
            shutdown.await;
            state.shut_down();
            let _ = stopping_tx.send(());
        }
    };
    let app = router(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    let server = axum::serve(listener, app).with_graceful_shutdown(stopping);
    let result = tokio::select! {
        result = server => result,
        // Once asked to stop, a client still sending or reading gets a few seconds only.
        _ = async {
            let _ = stopping_rx.await;
            tokio::time::sleep(STOP_WAIT).await;
        } => Ok(()),
    };
    sweeper.abort();
    let closed = tokio::task::spawn_blocking(move || state.store.close())
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    result?;
    Ok(closed?)
}

/// What `mnk serve` runs: binds `addr`, opens the database, prints the URL (and opens it with
/// `open`), serves until Ctrl-C or SIGTERM, then stops cleanly (see [`serve_on`]). Builds its
/// own tokio runtime so the caller needs none.
pub fn run(addr: SocketAddr, open: bool, config: Config) -> Result<(), ServeError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let stop = stop_signal();
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Bind { addr, source })?;
        let state = Arc::new(AppState::open(&config)?);
        let url = format!("http://{}/", listener.local_addr()?);
        say(&format!("mnk serve: listening on {url} (Ctrl-C to stop)"));
        say(&format!("mnk serve: games are kept in {}", config.db));
        if !addr.ip().is_loopback() {
            say(&format!(
                "mnk serve: warning: {} is reachable from other machines{}",
                addr.ip(),
                if config.access.has_token() {
                    ""
                } else {
                    " (--token asks them for a token)"
                }
            ));
        }
        if open {
            open_browser(&url);
        }
        serve_state(listener, state, stop).await?;
        say("mnk serve: stopped");
        Ok(())
    })
}

/// Watches Ctrl-C (SIGINT) and SIGTERM from the moment it is called, and completes on either.
/// The handlers are installed at once, not when the future is first polled: a signal sent
/// right after the URL is printed must stop the server cleanly, not kill it. A signal that
/// cannot be watched is left out; if neither can, the server runs until killed rather than
/// stop at once.
fn stop_signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, Signal, SignalKind};
        async fn received(signal: Option<Signal>) {
            match signal {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
        let interrupt = received(signal(SignalKind::interrupt()).ok());
        let terminate = received(signal(SignalKind::terminate()).ok());
        async move {
            tokio::select! {
                _ = interrupt => {}
                _ = terminate => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// Prints a status line; a closed standard output (`mnk serve | head -1`) must not stop the
/// server, so a failed write is ignored.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}").and_then(|_| out.flush());
}

/// Asks the desktop to open `url`; a failure is reported, never fatal.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(err) = std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        eprintln!(
            "mnk serve: could not start {opener} to open the page ({err}); open {url} yourself"
        );
    }
}
