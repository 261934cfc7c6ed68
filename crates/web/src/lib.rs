//! mnk-web: the local web app of `mnk serve`. An axum server holds games in bounded memory,
//! answers a JSON API under `/api/v1` from the engine's [`Session`](mnk_engine::session::Session),
//! solver and teaching code, and serves one page (HTML, CSS and JavaScript embedded in the
//! binary: no CDN, no build step).
//!
//! - [`api`]: the routes and handlers;
//! - [`store`]: the games, capped in number and dropped when idle;
//! - [`view`]: request bodies and JSON views;
//! - [`body`]: reading a JSON body, and what is wrong with one in plain words;
//! - [`analysis`]: the overlay of cell values;
//! - [`teach`]: the tree lesson panel;
//! - [`error`]: every failure as a status and a JSON message.

pub mod analysis;
pub mod api;
pub mod body;
pub mod error;
pub mod store;
pub mod teach;
pub mod view;

pub use api::AppState;
pub use error::ApiError;
pub use store::Limits;

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
    ("/teach.js", JS, include_str!("assets/teach.js")),
    ("/tree-view.js", JS, include_str!("assets/tree-view.js")),
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
        .with_state(state)
}

/// Serves the app on `listener` until `shutdown` completes, then finishes the requests in
/// flight. Idle games are swept once a minute.
pub async fn serve_on(
    listener: TcpListener,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = Arc::new(AppState::new(limits));
    let sweeper = {
        let state = state.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                state.store.sweep();
            }
        })
    };
    let result = axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await;
    sweeper.abort();
    result
}

/// What `mnk serve` runs: binds `addr`, prints the URL (and opens it with `open`), serves with
/// `limits` until Ctrl-C. Builds its own tokio runtime so the caller needs none.
pub fn run(addr: SocketAddr, open: bool, limits: Limits) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(addr).await?;
        let url = format!("http://{}/", listener.local_addr()?);
        say(&format!("mnk serve: listening on {url} (Ctrl-C to stop)"));
        if !addr.ip().is_loopback() {
            say(&format!(
                "mnk serve: warning: {} is reachable from other machines",
                addr.ip()
            ));
        }
        if open {
            open_browser(&url);
        }
        serve_on(listener, limits, async {
            // If the signal cannot be watched, run until killed rather than stop at once.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await?;
        say("mnk serve: stopped");
        Ok(())
    })
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
