//! What the practice tests share: apps with and without a token, requests naming an
//! exercise, and answers made by the engine here.

#![allow(dead_code)] // each test file uses its own part

use super::oneshot::{peer, request};
use axum::http::{Method, StatusCode};
use mnk_engine::practice::{Answer, Difficulty, Exercise, Kind};
use mnk_web::{router, Access, AppState, Config, ServerLimits};
use serde_json::{json, Value};
use std::sync::Arc;

pub const TOKEN: &str = "class-4b";

/// An app without a token.
pub fn app() -> axum::Router {
    router(Arc::new(AppState::new(ServerLimits::default())))
}

/// An app that asks for [`TOKEN`], with these limits.
pub fn tokened(limits: ServerLimits) -> axum::Router {
    let config = Config {
        limits,
        access: Access::new([], Some(TOKEN.into())),
        ..Config::default()
    };
    router(Arc::new(AppState::open(&config).unwrap()))
}

/// `POST /api/v1/practice{path}` with `body`, sending the token when `token`.
pub async fn post_as(
    app: &axum::Router,
    token: bool,
    path: &str,
    body: Value,
) -> (StatusCode, Value) {
    let auth = format!("Bearer {TOKEN}");
    let headers: &[(&str, &str)] = if token {
        &[("authorization", &auth)]
    } else {
        &[]
    };
    let a = request(
        app,
        peer(1),
        Method::POST,
        &format!("/api/v1/practice{path}"),
        headers,
        Some(&body.to_string()),
    )
    .await;
    (a.status, a.body)
}

/// A server without a token takes the token's header as if it had not been sent.
pub async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    post_as(app, true, path, body).await
}

pub async fn ok(app: &axum::Router, path: &str, body: Value) -> Value {
    let (status, answer) = post(app, path, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

pub fn refused(status: StatusCode, body: &Value, want: StatusCode, code: &str, words: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["code"], code, "{body}");
    let text = body["error"].as_str().unwrap_or_default();
    assert!(text.contains(words), "'{text}' should say '{words}'");
}

/// The exercise named by a view's kind, difficulty and seed, made by the engine here.
pub fn engine_exercise(view: &Value) -> Exercise {
    let kind: Kind = view["kind"].as_str().unwrap().parse().unwrap();
    let difficulty: Difficulty = view["difficulty"].as_str().unwrap().parse().unwrap();
    Exercise::generate(kind, difficulty, view["seed"].as_u64().unwrap()).unwrap()
}

/// The request body naming the same exercise as `view`, with `extra` fields.
pub fn named(view: &Value, extra: Value) -> Value {
    let mut body =
        json!({"kind": view["kind"], "difficulty": view["difficulty"], "seed": view["seed"]});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

/// A wrong minimax answer (the root's value off by one) and a right one, for `seed`.
pub async fn minimax_answers(app: &axum::Router, seed: u64) -> (Value, String, String) {
    let view = ok(
        app,
        "",
        json!({"kind": "minimax", "difficulty": "easy", "seed": seed}),
    )
    .await;
    let exercise = engine_exercise(&view);
    let right = exercise.solution();
    let Answer::Values(mut values) = right.clone() else {
        panic!("a minimax answer");
    };
    *values.get_mut(&Vec::new()).unwrap() += 1;
    let wrong = Answer::Values(values).to_text(&exercise);
    (view, wrong, right.to_text(&exercise))
}

/// `GET /api/v1/practice/class` with the token (or another, or none).
pub async fn class(app: &axum::Router, token: Option<&str>) -> super::oneshot::Answer {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("authorization", a.as_str())).collect();
    request(
        app,
        peer(2),
        Method::GET,
        "/api/v1/practice/class",
        &headers,
        None,
    )
    .await
}
