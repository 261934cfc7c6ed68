//! The server as a classroom uses it (issue 20), in-process: games kept in a database across
//! a restart, the caps per client and in all (never evicting a game used in the last minutes),
//! the request rate, the fair search queue, the Host/Origin allow-list, the token, the
//! security headers on every answer, and a graceful stop.

mod load;
mod oneshot;

use axum::http::{Method, StatusCode};
use mnk_web::{router, Access, AppState, Config, Location, ServerLimits};
use oneshot::{peer, request, Answer};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

fn app(state: &Arc<AppState>) -> axum::Router {
    router(state.clone())
}

fn state_with(limits: ServerLimits) -> Arc<AppState> {
    Arc::new(AppState::new(limits))
}

async fn call(
    app: &axum::Router,
    from: Option<SocketAddr>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> Answer {
    let body = body.map(|b| b.to_string());
    request(app, from, method, path, &[], body.as_deref()).await
}

/// `METHOD /api/v1/games/{id}`.
async fn on_game(app: &axum::Router, from: Option<SocketAddr>, method: Method, id: &str) -> Answer {
    call(app, from, method, &format!("/api/v1/games/{id}"), None).await
}

async fn create(app: &axum::Router, from: Option<SocketAddr>, body: Value) -> Answer {
    call(app, from, Method::POST, "/api/v1/games", Some(body)).await
}

async fn new_game(app: &axum::Router, from: Option<SocketAddr>) -> String {
    let a = create(app, from, json!({})).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    a.body["id"].as_str().unwrap().to_string()
}

async fn exists(app: &axum::Router, id: &str) -> bool {
    let a = call(app, None, Method::GET, &format!("/api/v1/games/{id}"), None).await;
    assert!(matches!(a.status.as_u16(), 200 | 404), "{}", a.body);
    a.status == StatusCode::OK
}

fn code(a: &Answer) -> &str {
    a.body["code"].as_str().unwrap_or_default()
}

/// A file for a database of this test, fresh.
fn db_file(name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("classroom-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.join("games.db")
}

#[tokio::test]
async fn games_survive_a_restart_on_the_same_database_with_their_last_thought() {
    let path = db_file("restart");
    let config = Config {
        db: Location::File(path.clone()),
        ..Config::default()
    };
    let state = Arc::new(AppState::open(&config).unwrap());
    let a = app(&state);
    let id = new_game(&a, peer(1)).await;
    let base = format!("/api/v1/games/{id}");
    let moved = call(
        &a,
        peer(1),
        Method::POST,
        &format!("{base}/moves"),
        Some(json!({"move": "b2"})),
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK);
    let answered = call(&a, peer(1), Method::POST, &format!("{base}/computer"), None).await;
    assert_eq!(answered.status, StatusCode::OK, "{}", answered.body);
    let gone = new_game(&a, peer(1)).await;
    on_game(&a, peer(1), Method::DELETE, &gone).await;
    // As after a crash: the state is dropped without closing anything.
    drop(a);
    drop(state);

    let state = Arc::new(AppState::open(&config).unwrap());
    let a = app(&state);
    assert_eq!(state.store.len(), 1, "the deleted game stays deleted");
    assert_eq!(state.store.loaded(), 0, "games are read back when used");
    let back = call(&a, peer(1), Method::GET, &base, None).await;
    assert_eq!(back.status, StatusCode::OK);
    assert_eq!(back.body["moves"], answered.body["moves"]);
    assert_eq!(back.body["last_thought"], answered.body["last_thought"]);
    assert_eq!(back.body["last_thought"]["method"], "exact");
    // It goes on from there.
    let free = back.body["cells"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == "")
        .unwrap();
    let on = call(
        &a,
        peer(1),
        Method::POST,
        &format!("{base}/moves"),
        Some(json!({"cell": free})),
    )
    .await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    assert_eq!(on.body["moves"].as_array().unwrap().len(), 3);
    state.store.close().unwrap();
    let closed = call(&a, peer(1), Method::GET, &base, None).await;
    assert_eq!(closed.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(code(&closed), "shutting_down");
}

#[tokio::test]
async fn a_client_at_its_cap_loses_its_own_oldest_game_never_a_recent_one_nor_anothers() {
    // With no grace time, a client's sixth game pushes out its own least recently used one.
    let s = state_with(ServerLimits {
        games_per_client: 3,
        grace: Duration::ZERO,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let other = new_game(&a, peer(2)).await;
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(new_game(&a, peer(1)).await);
    }
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(exists(&a, id).await, i >= 2, "game {i}");
    }
    assert!(
        exists(&a, &other).await,
        "another client's game is never taken"
    );

    // With the grace time, recent games are never taken: the new game is refused instead.
    let s = state_with(ServerLimits {
        games_per_client: 3,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let mine: Vec<String> = games_of(&a, peer(1), 3).await;
    let refused = create(&a, peer(1), json!({})).await;
    assert_eq!(
        refused.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        refused.body
    );
    assert_eq!(code(&refused), "too_many_games");
    assert_eq!(refused.headers["retry-after"], "60");
    for id in &mine {
        assert!(exists(&a, id).await);
    }
    assert_eq!(
        create(&a, peer(2), json!({})).await.status,
        StatusCode::CREATED
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn games_created_at_once_never_pass_the_caps() {
    let s = state_with(ServerLimits {
        games_per_client: 3,
        max_games: 5,
        ..ServerLimits::default()
    });
    let a = app(&s);
    // 12 at once from one client, then 12 at once from as many others.
    let at_once = |from: fn(usize) -> Option<SocketAddr>| {
        let tasks: Vec<_> = (0..12)
            .map(|n| {
                let a = a.clone();
                tokio::spawn(async move { create(&a, from(n), json!({})).await.status })
            })
            .collect();
        async move {
            let mut created = 0;
            for t in tasks {
                created += usize::from(t.await.unwrap() == StatusCode::CREATED);
            }
            created
        }
    };
    assert_eq!(at_once(|_| peer(1)).await, 3, "the client's cap");
    assert_eq!(at_once(|n| peer(10 + n as u8)).await, 2, "the cap in all");
    assert_eq!(s.store.len(), 5);
}

/// `n` new games of the client at `from`; their ids.
async fn games_of(a: &axum::Router, from: Option<SocketAddr>, n: usize) -> Vec<String> {
    let mut ids = Vec::new();
    for _ in 0..n {
        ids.push(new_game(a, from).await);
    }
    ids
}

#[tokio::test]
async fn a_full_server_refuses_new_games_rather_than_evict_recent_ones() {
    let s = state_with(ServerLimits {
        max_games: 4,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let victims = games_of(&a, peer(1), 2).await;
    games_of(&a, peer(2), 2).await;
    let full = create(&a, peer(2), json!({})).await;
    assert_eq!(
        full.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        full.body
    );
    assert_eq!(code(&full), "full");
    assert!(full.headers.contains_key("retry-after"));
    for id in &victims {
        assert!(exists(&a, id).await);
    }
    // Past the grace time the least recently used game makes room.
    let s = state_with(ServerLimits {
        max_games: 2,
        grace: Duration::ZERO,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let first = new_game(&a, peer(1)).await;
    let second = new_game(&a, peer(2)).await;
    new_game(&a, peer(3)).await;
    assert!(!exists(&a, &first).await);
    assert!(exists(&a, &second).await);
    assert_eq!(s.store.len(), 2);
}

#[tokio::test]
async fn memory_holds_few_games_but_none_is_lost_and_idle_games_expire() {
    let s = state_with(ServerLimits {
        loaded_games: 2,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let ids = games_of(&a, peer(1), 6).await;
    assert!(s.store.loaded() <= 2, "{} loaded", s.store.loaded());
    for id in &ids {
        assert!(exists(&a, id).await, "unloaded, not lost");
        assert!(s.store.loaded() <= 2);
    }
    // With no idle time allowed, a game is gone by its next use.
    let s = state_with(ServerLimits {
        idle: Duration::ZERO,
        ..ServerLimits::default()
    });
    let a = app(&s);
    let id = new_game(&a, peer(1)).await;
    let gone = on_game(&a, peer(1), Method::GET, &id).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert!(gone.body["error"].as_str().unwrap().contains("expire"));
    assert_eq!(s.store.sweep().unwrap(), 0);
    // Deleting a game frees it.
    let s = state_with(ServerLimits::default());
    let a = app(&s);
    let id = new_game(&a, peer(1)).await;
    let del = on_game(&a, peer(1), Method::DELETE, &id).await;
    assert_eq!(del.status, StatusCode::NO_CONTENT);
    assert!(!exists(&a, &id).await);
}

#[tokio::test]
async fn a_client_over_its_rate_waits_and_others_do_not() {
    let s = state_with(ServerLimits {
        requests_per_second: 1,
        request_burst: 3,
        ..ServerLimits::default()
    });
    let a = app(&s);
    for _ in 0..3 {
        assert_eq!(
            call(&a, peer(1), Method::GET, "/", None).await.status,
            StatusCode::OK
        );
    }
    let slowed = call(&a, peer(1), Method::GET, "/api/v1/games/0", None).await;
    assert_eq!(slowed.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(code(&slowed), "rate_limited");
    assert_eq!(slowed.headers["retry-after"], "1");
    assert_eq!(
        call(&a, peer(2), Method::GET, "/", None).await.status,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_search_queue_answers_503_with_retry_after_at_once() {
    let s = state_with(ServerLimits {
        max_searches: 1,
        search_queue: 0,
        search_time: Duration::from_secs(60),
        ..ServerLimits::default()
    });
    let a = app(&s);
    // depth:6 on an empty 7x7 board thinks far longer than this test waits for it.
    let long = create(
        &a,
        peer(1),
        json!({"width": 7, "height": 7, "k": 4, "x": "depth:6", "o": "human"}),
    )
    .await;
    let long = long.body["id"].as_str().unwrap().to_string();
    let thinking = {
        let (a, long) = (a.clone(), long.clone());
        tokio::spawn(async move {
            call(
                &a,
                peer(1),
                Method::POST,
                &format!("/api/v1/games/{long}/computer"),
                None,
            )
            .await
        })
    };
    while s.searches_running() == 0 {
        tokio::task::yield_now().await;
    }
    let other = new_game(&a, peer(2)).await;
    let busy = call(
        &a,
        peer(2),
        Method::POST,
        &format!("/api/v1/games/{other}/hint"),
        None,
    )
    .await;
    assert_eq!(
        busy.status,
        StatusCode::SERVICE_UNAVAILABLE,
        "{}",
        busy.body
    );
    assert_eq!(code(&busy), "busy");
    assert!(busy.headers.contains_key("retry-after"));
    let stop = call(
        &a,
        peer(1),
        Method::POST,
        &format!("/api/v1/games/{long}/stop"),
        None,
    )
    .await;
    assert_eq!(stop.status, StatusCode::NO_CONTENT);
    assert_eq!(code(&thinking.await.unwrap()), "stopped");
    let hint = call(
        &a,
        peer(2),
        Method::POST,
        &format!("/api/v1/games/{other}/hint"),
        None,
    )
    .await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.body);
}

/// Ctrl-C or SIGTERM (here the shutdown future of [`mnk_web::serve_state`], which `mnk serve`
/// completes on either) while a search runs: the search is stopped and its request answered
/// 503 `shutting_down` rather than cut off, the server returns, and the database is closed,
/// its write-ahead log folded in, every game in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_stops_its_searches_answers_and_closes_its_database() {
    let limits = ServerLimits {
        search_time: Duration::from_secs(60),
        ..ServerLimits::default()
    };
    let server = load::LoadServer::start("classroom-shutdown", limits).await;
    let (state, base, config) = (
        server.state.clone(),
        server.base.clone(),
        server.config.clone(),
    );
    let client = load::client_from([127, 0, 0, 1]);
    // depth:6 on an empty 7x7 board thinks far longer than this test waits for it.
    let body = json!({"width": 7, "height": 7, "k": 4, "x": "depth:6", "o": "human"});
    let (status, game) = load::send(&client, &base, "POST", "/api/v1/games", Some(body)).await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let thinking = {
        let (client, base, path) = (
            client.clone(),
            base.clone(),
            format!("/api/v1/games/{id}/computer"),
        );
        tokio::spawn(async move { load::send(&client, &base, "POST", &path, None).await })
    };
    while state.searches_running() == 0 {
        tokio::task::yield_now().await;
    }
    let stopping = tokio::spawn(server.stop_keeping_db());
    let (status, answer) = thinking.await.unwrap();
    assert_eq!(
        (status, answer["code"].as_str()),
        (503, Some("shutting_down")),
        "{answer}"
    );
    stopping.await.unwrap();
    drop(state);

    let Location::File(path) = &config.db else {
        unreachable!("a file")
    };
    let wal = path.with_file_name("games.db-wal");
    assert!(!wal.exists(), "the write-ahead log is folded into the file");
    let again = AppState::open(&config).expect("the database is free again");
    assert_eq!(again.store.len(), 1);
}

/// Every path the server answers, of each kind: the page, an asset, the API (a game, an
/// error), and nothing.
const PATHS: &[&str] = &[
    "/",
    "/app.js",
    "/style.css",
    "/favicon.ico",
    "/api/v1/games/0",
    "/nope",
];

fn assert_security_headers(a: &Answer, what: &str) {
    for &(name, value) in mnk_web::access::SECURITY_HEADERS {
        assert_eq!(
            a.headers.get(name).map(|v| v.to_str().unwrap()),
            Some(value),
            "{name} on {what}"
        );
    }
    let csp = a.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'") && csp.contains("script-src 'self'"));
    assert!(!csp.contains("unsafe-inline"));
}

#[tokio::test]
async fn other_host_names_and_other_sites_are_refused_and_every_answer_has_the_headers() {
    let s = Arc::new(
        AppState::open(&Config {
            access: Access::new(["teacher-pc.local".to_string()], None),
            ..Config::default()
        })
        .unwrap(),
    );
    let a = app(&s);
    for &path in PATHS {
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "192.168.1.20:8080",
            "[::1]:8080",
            "teacher-pc.local:8080",
        ] {
            let ok = request(&a, peer(1), Method::GET, path, &[("host", host)], None).await;
            assert!(
                ok.status != StatusCode::FORBIDDEN,
                "{host} {path}: {}",
                ok.body
            );
            assert_security_headers(&ok, path);
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
        ] {
            let refused = request(&a, peer(1), Method::GET, path, &[("host", host)], None).await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{host} {path}");
            assert_eq!(code(&refused), "host_not_allowed");
            assert_security_headers(&refused, path);
        }
    }
    let host = ("host", "127.0.0.1:8080");
    let own = request(
        &a,
        peer(1),
        Method::POST,
        "/api/v1/games",
        &[host, ("origin", "http://127.0.0.1:8080")],
        Some("{}"),
    )
    .await;
    assert_eq!(own.status, StatusCode::CREATED);
    for origin in ["http://evil.example", "http://127.0.0.1:9999", "null"] {
        let refused = request(
            &a,
            peer(1),
            Method::POST,
            "/api/v1/games",
            &[host, ("origin", origin)],
            Some("{}"),
        )
        .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{origin}");
        assert_eq!(code(&refused), "origin_not_allowed");
    }
    assert_eq!(s.store.len(), 1, "no refused request made a game");
}

#[tokio::test]
async fn with_a_token_the_api_asks_for_it_and_the_page_does_not() {
    let s = Arc::new(
        AppState::open(&Config {
            access: Access::new([], Some("maths-7b!".into())),
            ..Config::default()
        })
        .unwrap(),
    );
    let a = app(&s);
    assert_eq!(
        request(&a, peer(1), Method::GET, "/", &[], None)
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        request(&a, peer(1), Method::GET, "/app.js", &[], None)
            .await
            .status,
        StatusCode::OK
    );
    let none = create_with(&a, &[]).await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    assert_eq!(code(&none), "token_required");
    assert_eq!(none.headers["www-authenticate"], "Bearer");
    let wrong = create_with(&a, &[("authorization", "Bearer maths-7a!")]).await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(code(&wrong), "token_wrong");
    let right = create_with(&a, &[("authorization", "Bearer maths-7b!")]).await;
    assert_eq!(right.status, StatusCode::CREATED, "{}", right.body);
    assert_eq!(s.store.len(), 1);
}

/// A new game with these headers, from 10.0.0.1.
async fn create_with(a: &axum::Router, headers: &[(&str, &str)]) -> Answer {
    request(
        a,
        peer(1),
        Method::POST,
        "/api/v1/games",
        headers,
        Some("{}"),
    )
    .await
}

#[test]
fn the_page_has_no_inline_script_style_or_handler() {
    let html = mnk_web::ASSETS
        .iter()
        .find(|(path, _, _)| *path == "/")
        .unwrap()
        .2;
    for tag in html
        .match_indices("<script")
        .map(|(i, _)| &html[i..i + html[i..].find('>').unwrap()])
    {
        assert!(tag.contains(" src="), "an inline script: {tag}");
    }
    assert!(!html.contains("<style"), "an inline style sheet");
    assert!(!html.contains(" style="), "an inline style attribute");
    let lower = html.to_ascii_lowercase();
    for handler in [
        " onclick=",
        " onload=",
        " onchange=",
        " onsubmit=",
        " oninput=",
        "javascript:",
    ] {
        assert!(!lower.contains(handler), "{handler}");
    }
}
