//! Inputs found by the `web_api` fuzz target (fuzz/fuzz_targets/web_api.rs), kept as tests.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use mnk_web::{router, AppState, ServerLimits};
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

async fn send(app: &axum::Router, method: Method, path: &str, body: &str) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{status} without a JSON body: {bytes:?}"));
    (status, value)
}

/// crash-3f3913d0: `POST /api/v1/games/{id}` (a route that only takes GET and DELETE) got
/// axum's 405 with an empty body instead of a JSON error.
#[tokio::test]
async fn a_known_route_with_the_wrong_method_is_a_json_405() {
    let app = router(Arc::new(AppState::new(ServerLimits::default())));
    let (status, game) = send(&app, Method::POST, "/api/v1/games", "{}").await;
    assert_eq!(status, StatusCode::CREATED);
    let id = game["id"].as_str().unwrap();
    for (method, path) in [
        (Method::POST, format!("/api/v1/games/{id}")),
        (Method::GET, "/api/v1/tree".to_string()),
        (Method::DELETE, format!("/api/v1/games/{id}/moves")),
    ] {
        let (status, body) = send(&app, method.clone(), &path, "").await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        let msg = body["error"].as_str().unwrap();
        assert!(
            msg.contains("does not take") && msg.contains(method.as_str()),
            "{msg}"
        );
    }
}

/// The bare API prefix and paths outside the API were the page router's empty 404.
#[tokio::test]
async fn every_unknown_path_is_a_json_404() {
    let app = router(Arc::new(AppState::new(ServerLimits::default())));
    for path in [
        "/api/v1",
        "/api/v1/",
        "/api",
        "/nothing/here",
        "/api/v2/games",
    ] {
        let (status, body) = send(&app, Method::GET, path, "").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(body["error"].is_string(), "{path}: {body}");
    }
}
