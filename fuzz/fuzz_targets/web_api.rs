//! The web API's request handling, bodies fed straight to the handlers (no sockets): the
//! router answers every request with a status the API documents, never a 5xx other than 503
//! (a search stopped at its time limit), every error as a JSON `{"error": ...}` body, and
//! never panics.
//!
//! Input: up to eight requests, one per line: `METHOD PATH BODY`, e.g.
//! `POST /api/v1/games/$ID/moves {"move":"b2"}`, where `$ID` stands for the id of the last
//! game created. Searches stop after 100 ms, so each input costs little whatever it asks.
#![no_main]

use axum::body::{to_bytes, Body};
use axum::http::{header, Method, Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use mnk_web::{router, AppState, ServerLimits};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tower::ServiceExt;

/// Most requests taken from one input.
const MAX_REQUESTS: usize = 8;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let limits = ServerLimits {
        max_games: 4,
        search_time: Duration::from_millis(100),
        max_searches: 1,
        // Big-board moves on a fixed node budget: the same input always does the same work.
        move_time: None,
        ..ServerLimits::default()
    };
    let app = router(Arc::new(AppState::new(limits)));
    runtime().block_on(async move {
        let mut id = String::from("none");
        for line in text.lines().take(MAX_REQUESTS) {
            let mut words = line.splitn(3, ' ');
            let (Some(method), Some(path)) = (words.next(), words.next()) else {
                continue;
            };
            let Ok(method) = method.parse::<Method>() else {
                continue;
            };
            // Answers to HEAD have no body by definition.
            let bodiless = method == Method::HEAD;
            let body = words.next().unwrap_or("").to_string();
            let Ok(request) = Request::builder()
                .method(method)
                .uri(path.replace("$ID", &id))
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body))
            else {
                continue;
            };
            // The API (routes under /api/v1/) answers JSON; the rest of the app, the bare
            // prefix included, is the page's router, whose 404s are plain. The path as parsed
            // (`/api/v1/#x` is the bare prefix).
            let api = !bodiless
                && (request.uri().path().strip_prefix("/api/v1/")).is_some_and(|r| !r.is_empty());
            let response = app
                .clone()
                .oneshot(request)
                .await
                .expect("the router is infallible");
            let status = response.status();
            let bytes = to_bytes(response.into_body(), usize::MAX)
                .await
                .expect("a body");
            assert!(
                !status.is_server_error() || status == StatusCode::SERVICE_UNAVAILABLE,
                "{line:?} -> {status} {}",
                String::from_utf8_lossy(&bytes)
            );
            let json = serde_json::from_slice::<serde_json::Value>(&bytes).ok();
            if status == StatusCode::CREATED {
                if let Some(new) = json.as_ref().and_then(|j| j["id"].as_str()) {
                    id = new.to_string();
                }
            }
            if api && (status.is_client_error() || status.is_server_error()) {
                assert!(
                    json.as_ref().is_some_and(|j| j["error"].is_string()),
                    "{line:?} -> {status} without a JSON error: {}",
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    });
});
