//! The JSON API in-process (tower's `oneshot` on the router): a full game, undo, hint,
//! analysis, the teaching panel, every kind of bad input, expiry and concurrent games.

mod oneshot;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use mnk_web::{router, AppState, ServerLimits};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

fn app_with(limits: ServerLimits) -> axum::Router {
    router(Arc::new(AppState::new(limits)))
}

fn fresh() -> axum::Router {
    app_with(ServerLimits::default())
}

/// Sends one request; returns the status and the JSON body (null when empty).
async fn send(
    app: &axum::Router,
    method: Method,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    send_from(app, None, method, path, body).await
}

/// [`send`] from the client at `peer` (as a socket would say), or from no socket at all.
async fn send_from(
    app: &axum::Router,
    peer: Option<SocketAddr>,
    method: Method,
    path: &str,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let answer = oneshot::request(app, peer, method, path, &[], body).await;
    if let Value::String(text) = &answer.body {
        panic!("not JSON: {text:?}");
    }
    (answer.status, answer.body)
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    send(app, Method::POST, path, Some(&body.to_string())).await
}

async fn new_game(app: &axum::Router, body: Value) -> String {
    let (status, game) = post(app, "/api/v1/games", body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    game["id"].as_str().unwrap().to_string()
}

fn assert_error(status: StatusCode, body: &Value, want: StatusCode, words: &str) {
    assert_eq!(status, want, "{body}");
    let msg = body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message: {body}"));
    assert!(msg.contains(words), "'{msg}' should mention '{words}'");
}

#[tokio::test]
async fn a_full_game_against_the_perfect_computer_ends_in_a_draw_with_stats() {
    let app = fresh();
    let id = new_game(&app, json!({"seed": 7})).await;
    let base = format!("/api/v1/games/{id}");
    for _ in 0..5 {
        let (_, game) = send(&app, Method::GET, &base, None).await;
        if game["result"] != "unfinished" {
            break;
        }
        // The human plays the hint (perfect advice), then the computer answers.
        let (status, hint) = post(&app, &format!("{base}/hint"), json!(null)).await;
        assert_eq!(status, StatusCode::OK, "{hint}");
        assert_eq!(hint["value"], "draw", "{hint}");
        let (status, game) = post(
            &app,
            &format!("{base}/moves"),
            json!({"cell": hint["cell"]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        if game["computer_to_move"] == true {
            let (status, game) = post(&app, &format!("{base}/computer"), json!(null)).await;
            assert_eq!(status, StatusCode::OK, "{game}");
            let t = &game["last_thought"];
            assert_eq!(t["side"], "o");
            assert_eq!(t["method"], "exact");
            assert_eq!(t["value"], "draw");
            assert!(t["nodes"].as_u64().unwrap() >= 1);
        }
    }
    let (_, game) = send(&app, Method::GET, &base, None).await;
    assert_eq!(game["result"], "draw", "{game}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 9);
    assert!(game["winning_line"].as_array().unwrap().is_empty());
    // A finished game refuses moves, computer moves, hints and analysis, and stays as it was.
    let (s, b) = post(&app, &format!("{base}/moves"), json!({"move": "a1"})).await;
    assert_error(s, &b, StatusCode::CONFLICT, "over");
    let (s, b) = post(&app, &format!("{base}/computer"), json!(null)).await;
    assert_error(s, &b, StatusCode::CONFLICT, "over");
    let (s, b) = post(&app, &format!("{base}/hint"), json!(null)).await;
    assert_error(s, &b, StatusCode::CONFLICT, "over");
    let (s, b) = send(&app, Method::GET, &format!("{base}/analysis"), None).await;
    assert_error(s, &b, StatusCode::CONFLICT, "over");
    let (_, after) = send(&app, Method::GET, &base, None).await;
    assert_eq!(after, game);
}

#[tokio::test]
async fn a_win_shows_its_line_and_undo_takes_back_the_reply_too() {
    let app = fresh();
    // Two humans: x plays the left column while o plays elsewhere.
    let id = new_game(&app, json!({"x": "human", "o": "human"})).await;
    let base = format!("/api/v1/games/{id}");
    let mut game = Value::Null;
    for mv in ["a1", "b2", "a2", "c3", "a3"] {
        let (status, g) = post(&app, &format!("{base}/moves"), json!({"move": mv})).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        game = g;
    }
    assert_eq!(game["result"], "x");
    assert_eq!(game["winning_line"], json!([0, 3, 6]));
    // Against the computer, undo removes the computer's reply and the human's move.
    let id = new_game(&app, json!({"o": "random", "seed": 1})).await;
    let base = format!("/api/v1/games/{id}");
    let (s, b) = post(&app, &format!("{base}/undo"), json!(null)).await;
    assert_error(s, &b, StatusCode::CONFLICT, "take back");
    post(&app, &format!("{base}/moves"), json!({"move": "b2"})).await;
    let (_, g) = post(&app, &format!("{base}/computer"), json!(null)).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2);
    let (s, g) = post(&app, &format!("{base}/undo"), json!(null)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(g["moves"], json!([]));
    assert_eq!(g["human_to_move"], true);
    assert_eq!(g["last_thought"], Value::Null);
    // A human move keeps the computer's figures, and so does taking it back; taking the
    // computer's move back shows the one before (issue 31 §6).
    post(&app, &format!("{base}/moves"), json!({"move": "b2"})).await;
    let (_, first) = post(&app, &format!("{base}/computer"), json!(null)).await;
    let reply = first["last_thought"]["cell"].as_u64().unwrap();
    let free = [0, 1, 2, 3, 5, 6, 7, 8]
        .into_iter()
        .find(|&c| c != reply)
        .unwrap();
    let (_, g) = post(&app, &format!("{base}/moves"), json!({"cell": free})).await;
    assert_eq!(g["last_thought"], first["last_thought"], "{g}");
    let (_, g) = post(&app, &format!("{base}/undo"), json!(null)).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2, "{g}");
    assert_eq!(g["last_thought"], first["last_thought"], "{g}");
    post(&app, &format!("{base}/moves"), json!({"cell": free})).await;
    let (_, second) = post(&app, &format!("{base}/computer"), json!(null)).await;
    assert_ne!(second["last_thought"], first["last_thought"]);
    let (_, g) = post(&app, &format!("{base}/undo"), json!(null)).await;
    assert_eq!(g["moves"].as_array().unwrap().len(), 2, "{g}");
    assert_eq!(g["last_thought"], first["last_thought"], "{g}");
}

#[tokio::test]
async fn analysis_is_exact_on_small_boards_and_a_heat_map_on_large_ones() {
    let app = fresh();
    let id = new_game(&app, json!({"x": "human", "o": "human"})).await;
    let base = format!("/api/v1/games/{id}");
    // x: b2, o: b1 (an edge: x now wins by force).
    post(&app, &format!("{base}/moves"), json!({"move": "b2"})).await;
    post(&app, &format!("{base}/moves"), json!({"move": "b1"})).await;
    let (s, a) = send(&app, Method::GET, &format!("{base}/analysis"), None).await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["kind"], "exact");
    assert_eq!(a["to_move"], "x");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert!(moves
        .iter()
        .any(|m| m["value"] == "win" && m["plies"].as_u64().is_some()));
    // The empty 15x15 board: every cell estimated.
    let id = new_game(
        &app,
        json!({"width": 15, "height": 15, "x": "human", "o": "hard"}),
    )
    .await;
    let (s, a) = send(
        &app,
        Method::GET,
        &format!("/api/v1/games/{id}/analysis"),
        None,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{a}");
    assert_eq!(a["values"], "estimate");
    // The field's first name stays for the JSON contract (deprecated).
    assert_eq!(a["kind"], "heuristic");
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 225);
    assert!(moves
        .iter()
        .all(|m| m["value"] == "estimate" && m["score"].is_i64()));
    // The search's own estimate: a corner is worth less than the centre, and the board's
    // symmetries give their images the same value.
    let score = |name: &str| moves.iter().find(|m| m["move"] == name).unwrap()["score"].as_i64();
    assert!(score("a1") < score("h8"));
    for (a, b) in [
        ("e5", "k11"),
        ("e5", "e11"),
        ("e5", "k5"),
        ("c4", "d3"),
        ("a1", "o15"),
    ] {
        assert_eq!(score(a), score(b), "{a} and {b}");
    }
}

#[tokio::test]
async fn the_computer_opens_when_it_moves_first_on_a_big_board() {
    let app = fresh();
    let id = new_game(
        &app,
        json!({"width": 15, "height": 15, "x": "hard", "o": "human", "k": 5}),
    )
    .await;
    let (s, g) = post(&app, &format!("/api/v1/games/{id}/computer"), json!(null)).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["last_thought"]["method"], "search");
    assert_eq!(g["human_to_move"], true);
    // Asking the computer to move for the human is refused.
    let (s, b) = post(&app, &format!("/api/v1/games/{id}/computer"), json!(null)).await;
    assert_error(s, &b, StatusCode::CONFLICT, "human");
}

#[tokio::test]
async fn the_tree_panel_prunes_the_textbook_leaf() {
    let app = fresh();
    let (s, t) = post(&app, "/api/v1/tree", json!({"tree": "((60 63) (15 58))"})).await;
    assert_eq!(s, StatusCode::OK, "{t}");
    let lessons = t["lessons"].as_array().unwrap();
    assert_eq!(lessons.len(), 2);
    assert_eq!(lessons[0]["algo"], "minimax");
    assert_eq!(lessons[1]["algo"], "alphabeta");
    for l in lessons {
        assert_eq!(l["value"], 60);
    }
    assert_eq!(lessons[1]["pruned"], json!([[1, 1]]));
    let pruned = lessons[1]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["path"] == json!([1, 1]))
        .unwrap();
    assert_eq!(pruned["visited"], false);
    let steps = lessons[1]["steps"].as_array().unwrap();
    assert!(steps
        .iter()
        .any(|s| s["text"].as_str().unwrap().contains("cutoff") && s["path"] == json!([1])));
    let (s, t) = post(
        &app,
        "/api/v1/tree",
        json!({"tree": "[[1,2],[3]]", "algo": "minimax", "min_first": true}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(t["lessons"][0]["value"], 2);
}

#[tokio::test]
async fn the_tree_panel_counts_only_cutoffs_that_prune() {
    let app = fresh();
    let body = json!({"tree": "((3 12 8) (2 4 6) (14 5 2))", "algo": "alphabeta"});
    let (s, t) = post(&app, "/api/v1/tree", body).await;
    assert_eq!(s, StatusCode::OK, "{t}");
    let lesson = &t["lessons"][0];
    // Node 1 prunes 1.1 and 1.2; alpha meets beta at node 2 only after its last child.
    assert_eq!(lesson["cutoffs"], 1, "{lesson}");
    assert_eq!(lesson["pruned"], json!([[1, 1], [1, 2]]));
    let steps = lesson["steps"].as_array().unwrap();
    let at_two: Vec<&str> = steps
        .iter()
        .filter(|s| s["path"] == json!([2]))
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert!(
        at_two.contains(&"2: alpha 3 >= beta 2 after its last child 2.2: nothing is left to prune, so no cutoff"),
        "{at_two:?}"
    );
    assert!(
        !at_two.iter().any(|t| t.starts_with("cutoff")),
        "{at_two:?}"
    );
}

#[tokio::test]
async fn every_kind_of_bad_input_is_a_4xx_with_a_json_message() {
    let app = fresh();
    let id = new_game(&app, json!({"o": "human"})).await;
    let moves = format!("/api/v1/games/{id}/moves");
    let cases: Vec<(Method, String, Option<String>, StatusCode, &str)> = vec![
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"width\": 3,".into()),
            StatusCode::BAD_REQUEST,
            "not valid JSON: it ends too soon",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"colour\": \"red\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown field",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"width\": \"big\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "width: expected a whole number (0 or more), got the string \"big\"",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"width\": -3}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "width: expected a whole number (0 or more), got -3",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"width\": 40}".into()),
            StatusCode::BAD_REQUEST,
            "3 to 20",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"k\": 9}".into()),
            StatusCode::BAD_REQUEST,
            "k",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"x\": \"robot\"}".into()),
            StatusCode::BAD_REQUEST,
            "depth:N",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("{\"first\": \"z\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "first: 'z' is not allowed; expected one of 'x', 'o'",
        ),
        (
            Method::POST,
            "/api/v1/games".into(),
            Some("[]".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "must be a JSON object",
        ),
        (
            Method::POST,
            moves.clone(),
            Some("{\"move\": \"z9\"}".into()),
            StatusCode::BAD_REQUEST,
            "z9",
        ),
        (
            Method::POST,
            moves.clone(),
            Some("{\"cell\": 9}".into()),
            StatusCode::BAD_REQUEST,
            "off the board",
        ),
        (
            Method::POST,
            moves.clone(),
            Some("{}".into()),
            StatusCode::BAD_REQUEST,
            "exactly one",
        ),
        (
            Method::POST,
            moves.clone(),
            Some("{\"move\": \"a1\", \"cell\": 0}".into()),
            StatusCode::BAD_REQUEST,
            "exactly one",
        ),
        (
            Method::POST,
            moves.clone(),
            Some("{\"move\": 5}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "move: expected a string, got 5",
        ),
        (
            Method::POST,
            moves.clone(),
            None,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Content-Type",
        ),
        (
            Method::GET,
            "/api/v1/games/nope".into(),
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            Method::POST,
            "/api/v1/games/0123456789abcdef/moves".into(),
            Some("{\"move\": \"a1\"}".into()),
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            Method::DELETE,
            "/api/v1/games/nope".into(),
            None,
            StatusCode::NOT_FOUND,
            "no game",
        ),
        (
            Method::GET,
            "/api/v1/nothing/here".into(),
            None,
            StatusCode::NOT_FOUND,
            "no API route",
        ),
        (
            Method::POST,
            "/api/v1/tree".into(),
            Some("{\"tree\": \"((1 2)\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "col",
        ),
        (
            Method::POST,
            "/api/v1/tree".into(),
            Some("{\"tree\": \"(1 99999)\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "29999",
        ),
        (
            Method::POST,
            "/api/v1/tree".into(),
            Some("{\"tree\": \"(1 2)\", \"algo\": \"negamax\"}".into()),
            StatusCode::UNPROCESSABLE_ENTITY,
            "algo: 'negamax' is not allowed; expected one of 'minimax', 'alphabeta', 'both'",
        ),
    ];
    for (method, path, body, want, words) in cases {
        let (s, b) = send(&app, method.clone(), &path, body.as_deref()).await;
        assert_error(s, &b, want, words);
    }
    // A tree over the drawing limit, and a deep one over the parser's depth limit.
    let wide = format!("({})", vec!["1"; 3000].join(" "));
    let (s, b) = post(&app, "/api/v1/tree", json!({"tree": wide})).await;
    assert_error(s, &b, StatusCode::UNPROCESSABLE_ENTITY, "at most 2000");
    let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
    let (s, b) = post(&app, "/api/v1/tree", json!({"tree": deep})).await;
    assert_error(s, &b, StatusCode::UNPROCESSABLE_ENTITY, "64");
    // An oversized body.
    let huge = json!({"tree": "1".repeat(mnk_web::BODY_LIMIT + 10)}).to_string();
    let (s, b) = send(&app, Method::POST, "/api/v1/tree", Some(&huge)).await;
    assert_error(s, &b, StatusCode::PAYLOAD_TOO_LARGE, "larger");
    // A taken cell is refused and the game is unchanged.
    post(&app, &moves, json!({"move": "b2"})).await;
    let (_, before) = send(&app, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    let (s, b) = post(&app, &moves, json!({"move": "b2"})).await;
    assert_error(s, &b, StatusCode::CONFLICT, "b2");
    let (_, after) = send(&app, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    assert_eq!(before, after);
    // A human move while the computer is to move is refused too.
    let id = new_game(&app, json!({"x": "random"})).await;
    let (s, b) = post(
        &app,
        &format!("/api/v1/games/{id}/moves"),
        json!({"move": "a1"}),
    )
    .await;
    assert_error(s, &b, StatusCode::CONFLICT, "computer");
}

/// A body of the wrong shape is answered in the request's own words, never the framework's.
#[tokio::test]
async fn shape_errors_name_the_field_in_plain_words() {
    let app = fresh();
    let id = new_game(&app, json!({"o": "human"})).await;
    let moves = format!("/api/v1/games/{id}/moves");
    for (path, body, want) in [
        (
            moves.as_str(),
            json!({"mov": "b2"}),
            "unknown field 'mov'; expected one of 'move', 'cell'",
        ),
        (
            "/api/v1/tree",
            json!({"algo": "both"}),
            "missing field 'tree'",
        ),
        (
            "/api/v1/tree",
            json!({"tree": "(1 2)", "min_first": "yes"}),
            "min_first: expected a boolean, got the string \"yes\"",
        ),
    ] {
        let (s, b) = post(&app, path, body).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
        assert_eq!(b, json!({ "error": want, "code": "unprocessable" }));
    }
    // The game was not touched.
    let (_, g) = send(&app, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["moves"], json!([]));
}

#[tokio::test]
async fn a_search_past_its_time_limit_is_stopped_and_changes_nothing() {
    let app = app_with(ServerLimits {
        search_time: Duration::ZERO,
        ..ServerLimits::default()
    });
    // depth:6 on an empty 7x7 board is far more than a zero time limit allows.
    let id = new_game(
        &app,
        json!({"width": 7, "height": 7, "k": 4, "x": "depth:6", "o": "human"}),
    )
    .await;
    let (s, b) = post(&app, &format!("/api/v1/games/{id}/computer"), json!(null)).await;
    assert_error(s, &b, StatusCode::SERVICE_UNAVAILABLE, "stopped");
    let (_, g) = send(&app, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    assert_eq!(g["moves"], json!([]));
    assert_eq!(g["computer_to_move"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_games_do_not_interfere() {
    let app = fresh();
    let mut tasks = Vec::new();
    for seed in 0..8u64 {
        let app = app.clone();
        // Eight players on eight machines.
        let peer = Some(SocketAddr::from(([10, 0, 0, seed as u8 + 1], 40_000)));
        tasks.push(tokio::spawn(async move {
            // Random against perfect, played to the end: perfect never loses.
            let body = json!({"x": "random", "o": "perfect", "seed": seed}).to_string();
            let (s, g) = send_from(&app, peer, Method::POST, "/api/v1/games", Some(&body)).await;
            assert_eq!(s, StatusCode::CREATED, "{g}");
            let id = g["id"].as_str().unwrap().to_string();
            let path = format!("/api/v1/games/{id}/computer");
            let mut game = Value::Null;
            for _ in 0..9 {
                let (s, g) = send_from(&app, peer, Method::POST, &path, Some("null")).await;
                if s == StatusCode::CONFLICT {
                    break;
                }
                assert_eq!(s, StatusCode::OK, "{g}");
                game = g;
            }
            assert_ne!(game["result"], "unfinished");
            assert_ne!(game["result"], "x", "perfect lost: {game}");
            game["id"].as_str().unwrap().to_string()
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap());
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 8);
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let app = fresh();
    for (path, kind, words) in [
        ("/", "text/html", "<title>mnk"),
        ("/api.js", "text/javascript", "/api/v1"),
        ("/board.css", "text/css", ".cell"),
    ] {
        let res = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let ct = res.headers()["content-type"].to_str().unwrap().to_string();
        assert!(ct.starts_with(kind), "{path}: {ct}");
        let text = res.into_body().collect().await.unwrap().to_bytes();
        assert!(String::from_utf8_lossy(&text).contains(words), "{path}");
    }
}

#[tokio::test]
async fn a_perfect_move_is_labelled_exact_only_when_it_was_proven() {
    let app = fresh();
    // 5x5/4: the first move comes from the opening book, proven.
    let id = new_game(
        &app,
        json!({"width": 5, "height": 5, "k": 4, "x": "perfect", "o": "human"}),
    )
    .await;
    let (s, g) = post(&app, &format!("/api/v1/games/{id}/computer"), json!(null)).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["last_thought"]["method"], "exact", "{g}");
    assert_eq!(g["last_thought"]["value"], "draw", "{g}");
    // 8x8/5 from empty: no proof within the move's time, so the search's move, an estimate.
    let id = new_game(
        &app,
        json!({"width": 8, "height": 8, "k": 5, "x": "perfect", "o": "human"}),
    )
    .await;
    let (s, g) = post(&app, &format!("/api/v1/games/{id}/computer"), json!(null)).await;
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["last_thought"]["method"], "search", "{g}");
    assert_ne!(g["last_thought"]["value"], "draw", "{g}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_answers_while_the_computer_thinks_and_a_move_waits_for_it() {
    // The computer thinks for 3 s on 15x15 with the game unlocked: reading the game answers
    // before the move does, says that the computer is thinking, and a move is refused meanwhile.
    let app = app_with(ServerLimits {
        move_time: Some(Duration::from_secs(3)),
        ..ServerLimits::default()
    });
    let id = new_game(
        &app,
        json!({"width": 15, "height": 15, "k": 5, "x": "human", "o": "hard"}),
    )
    .await;
    let base = format!("/api/v1/games/{id}");
    // The reply to the first stone is chosen at once (a seeded opening); the next one is
    // thought about. j8 is two cells from h8, so the reply cannot have taken it.
    for (step, body) in [
        ("moves", json!({"move": "h8"})),
        ("computer", json!(null)),
        ("moves", json!({"move": "j8"})),
    ] {
        let (s, g) = post(&app, &format!("{base}/{step}"), body).await;
        assert_eq!(s, StatusCode::OK, "{g}");
    }
    let thinking = {
        let (app, path) = (app.clone(), format!("{base}/computer"));
        tokio::spawn(async move { post(&app, &path, json!(null)).await })
    };
    // Polls the game's state (not the clock) until the thinking has begun.
    let game = loop {
        let (s, g) = send(&app, Method::GET, &base, None).await;
        assert_eq!(s, StatusCode::OK, "{g}");
        if g["thinking"] == true {
            break g;
        }
        assert!(
            !thinking.is_finished(),
            "the move came before any GET saw it"
        );
        tokio::task::yield_now().await;
    };
    assert!(!thinking.is_finished(), "the GET waited for the move");
    assert_eq!(game["moves"].as_array().unwrap().len(), 3, "{game}");
    let (s, b) = post(&app, &format!("{base}/moves"), json!({"move": "a1"})).await;
    assert_error(s, &b, StatusCode::CONFLICT, "thinking");
    let (s, g) = thinking.await.unwrap();
    assert_eq!(s, StatusCode::OK, "{g}");
    assert_eq!(g["moves"].as_array().unwrap().len(), 4, "{g}");
    assert_eq!(g["thinking"], false);
}
