//! The API the page's newer features stand on, in-process: games set up from moves or from a
//! record (shared links, loading, a game restored after a restart), the record of a game,
//! stopping a search, error codes the page translates, the lesson's step events, and every
//! embedded asset with its content type.

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use mnk_web::{router, AppState, ServerLimits, ASSETS};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

async fn send(
    app: &axum::Router,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let res = app
        .clone()
        .oneshot(req.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = if bytes.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(&bytes).unwrap()
    };
    (status, value)
}

fn app() -> axum::Router {
    router(Arc::new(AppState::new(ServerLimits::default())))
}

#[tokio::test]
async fn a_game_is_set_up_from_moves_and_from_a_record() {
    let app = app();
    let (s, g) = send(&app, Method::POST, "/api/v1/games", Some(json!({
        "width": 4, "height": 4, "k": 4, "x": "human", "o": "perfect", "moves": ["b2", "c3", "a1"]
    }))).await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    assert_eq!(g["moves"], json!(["b2", "c3", "a1"]));
    assert_eq!(g["to_move"], "o");
    assert_eq!(g["computer_to_move"], true);
    let id = g["id"].as_str().unwrap();
    let (s, r) = send(
        &app,
        Method::GET,
        &format!("/api/v1/games/{id}/record"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let record = r["record"].as_str().unwrap();
    assert_eq!(record, "mnk-record 1\nrules 4x4 k4\nx human\no perfect\nfirst x\nmoves b2 c3 a1\nresult unfinished\n");
    let (s, again) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({"record": record, "seed": 3})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{again}");
    assert_eq!(again["moves"], g["moves"]);
    assert_eq!(again["players"], g["players"]);
    assert_ne!(again["id"], g["id"]);
    // A finished game is set up too, with its result.
    let (s, won) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({
            "o": "human", "moves": ["a1", "b1", "a2", "b2", "a3"]
        })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(won["result"], "x");
}

#[tokio::test]
async fn bad_moves_and_records_are_refused_with_a_code_and_a_line() {
    let app = app();
    for (body, code, words) in [
        (json!({"moves": ["b2", "b2"]}), "bad_request", "b2"),
        (json!({"moves": ["z9"]}), "bad_request", "z9"),
        (
            json!({"moves": ["a1", "b1", "a2", "b2", "a3", "c3"]}),
            "bad_request",
            "over",
        ),
        (
            json!({"record": "mnk-record 1\nrules 3x3 k3\nmoves b2 b2\n"}),
            "bad_record",
            "line 3",
        ),
        (json!({"record": "hello"}), "bad_record", "line 1"),
        (
            json!({"record": "mnk-record 1\nrules 26x26 k5\n"}),
            "bad_request",
            "3 to 20",
        ),
        (
            json!({"record": "mnk-record 1\nrules 3x3 k3\n", "width": 4}),
            "bad_request",
            "only",
        ),
        (
            json!({"moves": vec!["a1"; 401]}),
            "bad_request",
            "at most 400",
        ),
    ] {
        let (s, e) = send(&app, Method::POST, "/api/v1/games", Some(body.clone())).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}: {e}");
        assert_eq!(e["code"], code, "{body}: {e}");
        let msg = e["error"].as_str().unwrap();
        assert!(
            msg.contains(words),
            "{body}: '{msg}' should mention '{words}'"
        );
    }
    let (_, e) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({"record": "mnk-record 1\nrules 3x3 k3\nmoves b2 b2\n"})),
    )
    .await;
    assert_eq!(e["line"], 3);
    // Every error carries its code.
    let (s, e) = send(&app, Method::GET, "/api/v1/games/nope", None).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_such_game"))
    );
    let (s, e) = send(
        &app,
        Method::POST,
        "/api/v1/tree",
        Some(json!({"tree": "((1 2) (3"})),
    )
    .await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(e["code"], "bad_tree");
    assert_eq!(
        (e["line"].as_u64(), e["col"].as_u64().is_some()),
        (Some(1), true)
    );
    let big = format!("({})", "1 ".repeat(2_500));
    let (_, e) = send(
        &app,
        Method::POST,
        "/api/v1/tree",
        Some(json!({"tree": big})),
    )
    .await;
    assert_eq!(
        (e["code"].as_str(), e["limit"].as_u64()),
        (Some("tree_too_big"), Some(2000))
    );
    let (s, g) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({"width": 20, "height": 20})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "20x20 is offered: {g}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_search_is_stopped_on_request_and_nothing_is_played() {
    let app = router(Arc::new(AppState::new(ServerLimits {
        move_time: Some(Duration::from_secs(60)),
        search_time: Duration::from_secs(120),
        // The test asks to stop as fast as it can until the search is reached.
        requests_per_second: 0,
        ..ServerLimits::default()
    })));
    let (_, g) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({
            "width": 15, "height": 15, "x": "human", "o": "hard", "moves": ["h8"]
        })),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let thinking = {
        let app = app.clone();
        let id = id.clone();
        tokio::spawn(async move {
            send(
                &app,
                Method::POST,
                &format!("/api/v1/games/{id}/computer"),
                None,
            )
            .await
        })
    };
    // Stop until the search has been reached (a stop before it starts finds nothing to stop).
    let (s, e) = loop {
        let (s, _) = send(
            &app,
            Method::POST,
            &format!("/api/v1/games/{id}/stop"),
            None,
        )
        .await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        if thinking.is_finished() {
            break thinking.await.unwrap();
        }
        tokio::task::yield_now().await;
    };
    assert_eq!(s, StatusCode::CONFLICT, "{e}");
    assert_eq!(e["code"], "stopped");
    let (_, g) = send(&app, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["moves"], json!(["h8"]));
    let (s, e) = send(&app, Method::POST, "/api/v1/games/nope/stop", None).await;
    assert_eq!(
        (s, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_such_game"))
    );
}

#[tokio::test]
async fn the_lesson_steps_carry_their_events_and_sentences() {
    let (s, t) = send(
        &app(),
        Method::POST,
        "/api/v1/tree",
        Some(json!({"tree": "((60 63) (15 58))", "algo": "alphabeta"})),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    let l = &t["lessons"][0];
    let inf = l["infinity"].as_i64().unwrap();
    let steps = l["steps"].as_array().unwrap();
    assert_eq!(steps[0]["kind"], "enter");
    assert_eq!(
        (steps[0]["alpha"].as_i64(), steps[0]["beta"].as_i64()),
        (Some(-inf), Some(inf))
    );
    let cut = steps
        .iter()
        .find(|s| s["kind"] == "cutoff")
        .expect("a cutoff");
    assert_eq!(cut["path"], json!([1]));
    assert_eq!(
        (cut["alpha"].as_i64(), cut["beta"].as_i64()),
        (Some(60), Some(15))
    );
    assert_eq!(
        (cut["index"].as_u64(), cut["of"].as_u64()),
        (Some(0), Some(2))
    );
    let leaf = steps
        .iter()
        .find(|s| s["kind"] == "leaf" && s["path"] == json!([1, 0]))
        .unwrap();
    assert_eq!(leaf["value"], 15);
    let last = steps.last().unwrap();
    assert_eq!(
        (last["kind"].as_str(), last["value"].as_i64()),
        (Some("backup"), Some(60))
    );
    assert!(steps
        .iter()
        .all(|s| !s["text"].as_str().unwrap().is_empty()));
    // The engine's sentence key and arguments, for the page to word in its own language.
    assert_eq!(cut["key"], "cutoff");
    assert_eq!(
        cut["args"],
        json!({"node": [1], "role": "min", "alpha": 60, "beta": 15, "pruned": [[1, 1]]})
    );
    assert_eq!(steps[0]["key"], "enter_ab");
    assert_eq!(
        steps[0]["args"],
        json!({"node": [], "role": "max", "moves": [], "alpha": -inf, "beta": inf})
    );
    let stays = steps
        .iter()
        .find(|s| s["kind"] == "child" && s["path"] == json!([0]) && s["index"] == 1)
        .unwrap();
    assert_eq!(stays["key"], "child_ab_stays");
    assert_eq!(
        (
            &stays["args"]["child"],
            &stays["args"]["value"],
            &stays["args"]["best"]
        ),
        (&json!([0, 1]), &json!(63), &json!(60))
    );
    assert_eq!(last["key"], "backup_root");
    let keys: Vec<&str> = steps.iter().map(|s| s["key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"backup_at_most"), "{keys:?}");
    // Alpha meeting beta after the last child is a sentence of its own, not a cut that prunes
    // nobody.
    let (_, t) = send(
        &app(),
        Method::POST,
        "/api/v1/tree",
        Some(json!({"tree": "((3 12 8) (2 4 6) (14 5 2))", "algo": "alphabeta"})),
    )
    .await;
    let steps = t["lessons"][0]["steps"].as_array().unwrap();
    let late = steps.iter().find(|s| s["key"] == "no_cutoff").unwrap();
    assert_eq!(
        (&late["kind"], &late["path"], &late["args"]["child"]),
        (&json!("cutoff"), &json!([2]), &json!([2, 2]))
    );
}

#[tokio::test]
async fn every_asset_is_served_with_its_type() {
    let app = app();
    for &(path, kind, body) in ASSETS {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()["content-type"], kind, "{path}");
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(bytes, body.as_bytes(), "{path}");
    }
    // Every module the page imports is one of them.
    let served: Vec<&str> = ASSETS.iter().map(|a| a.0).collect();
    for &(path, _, body) in ASSETS.iter().filter(|a| a.0.ends_with(".js")) {
        for import in body.lines().filter_map(|l| l.split("from \"./").nth(1)) {
            let name = format!("/{}", import.split('"').next().unwrap());
            assert!(
                served.contains(&name.as_str()),
                "{path} imports {name}, which is not served"
            );
        }
    }
}

#[tokio::test]
async fn a_renju_game_lists_x_forbidden_points_and_refuses_them() {
    let app = app();
    let (s, g) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({
            "width": 15, "height": 15, "rule": "renju", "x": "human", "o": "human",
            "moves": ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"]
        })),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    assert_eq!(g["rules"]["rule"], "renju");
    assert_eq!(
        g["forbidden"],
        json!([{"cell": 112, "move": "h8", "foul": "double three"}])
    );
    let id = g["id"].as_str().unwrap();
    let (s, e) = send(
        &app,
        Method::POST,
        &format!("/api/v1/games/{id}/moves"),
        Some(json!({"move": "h8"})),
    )
    .await;
    assert!(s.is_client_error(), "{s}: {e}");
    assert!(e.to_string().contains("double three"), "{e}");
    // o's turn: nothing is forbidden to o.
    let (_, g) = send(
        &app,
        Method::POST,
        &format!("/api/v1/games/{id}/moves"),
        Some(json!({"move": "g8"})),
    )
    .await;
    assert_eq!(g["forbidden"], json!([]));
    // The record keeps the rule; an unknown rule is refused in a sentence.
    let (_, r) = send(
        &app,
        Method::GET,
        &format!("/api/v1/games/{id}/record"),
        None,
    )
    .await;
    assert!(
        r["record"]
            .as_str()
            .unwrap()
            .contains("rules 15x15 k5 renju\n"),
        "{r}"
    );
    let (s, e) = send(
        &app,
        Method::POST,
        "/api/v1/games",
        Some(json!({"rule": "chess"})),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(e.to_string().contains("freestyle, exact or renju"), "{e}");
}
