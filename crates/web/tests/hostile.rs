//! A hostile client against a victim (issue 20), end to end: the server as `mnk serve` runs it
//! (default limits, games in a database file) on a loopback port. The hostile client
//! (127.0.0.66) runs 16 loops at once that create games, ask for big-board computer moves and
//! analyses, and fire cheap requests as fast as they are answered. The victim (127.0.0.7)
//! plays tic-tac-toe against the perfect computer meanwhile, one request at a time, as a
//! student does.
//!
//! Asserts: the victim never loses a game (no 404), is never refused (no 429 or 503), and its
//! p99 latency stays under [`VICTIM_P99_BOUND_MS`]; no answer to anyone is a 5xx other than a
//! 503 to the hostile client; the hostile client holds at most its cap of games.
//!
//! This is a load test, not a unit test: the bound is a generous one for a loaded machine.
//! What it tells apart: with fair limits the victim's requests wait for at most one search of
//! the hostile client's on the shared cores (its computer moves on 3x3 take about a
//! millisecond), while without them the hostile client's queued searches (up to 10 s each)
//! stand in front of the victim's, and its new games evict the victim's.
//!
//! Runs for `MNK_HOSTILE_SECS` seconds (default 10), a loop deadline. `cargo test -p mnk-web
//! --test hostile -- --nocapture` prints the figures.

mod load;

use load::{client_from, percentile, send, HttpClient, LoadServer};
use mnk_web::ServerLimits;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The victim's p99 latency must stay under this, in milliseconds. Measured on 2 shared
/// cores: see the figures the test prints; the old server made the victim wait for the
/// hostile client's searches, seconds each.
const VICTIM_P99_BOUND_MS: f64 = 500.0;

/// The victim sends one request per pace at most: 10 a second, half its rate limit.
const VICTIM_PACE: Duration = Duration::from_millis(100);

/// The hostile client's loops at once.
const HOSTILE_LOOPS: usize = 16;

/// The hostile client's statuses, counted.
type Statuses = Arc<Mutex<BTreeMap<u16, u64>>>;

async fn hostile_loop(
    client: HttpClient,
    base: String,
    n: usize,
    done: Arc<AtomicBool>,
    statuses: Statuses,
) {
    let count = |s: u16| *statuses.lock().unwrap().entry(s).or_default() += 1;
    let mut i = 0usize;
    while !done.load(Ordering::Relaxed) {
        i += 1;
        let (s, game) = match (n + i) % 4 {
            // Big boards with the computer to move past the opening: a second of search each.
            0 | 1 => {
                send(
                    &client,
                    &base,
                    "POST",
                    "/api/v1/games",
                    Some(json!({"width": 15, "height": 15, "x": "hard", "o": "hard", "moves": ["h8", "i9"]})),
                )
                .await
            }
            2 => send(&client, &base, "GET", "/", None).await,
            _ => {
                send(
                    &client,
                    &base,
                    "GET",
                    "/api/v1/games/0123456789abcdef",
                    None,
                )
                .await
            }
        };
        count(s);
        if let Some(id) = game["id"].as_str() {
            let what = if i.is_multiple_of(2) {
                ("POST", "computer")
            } else {
                ("GET", "analysis")
            };
            let (s, _) = send(
                &client,
                &base,
                what.0,
                &format!("/api/v1/games/{id}/{}", what.1),
                None,
            )
            .await;
            count(s);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hostile_client_neither_evicts_nor_slows_another_clients_game() {
    let secs: u64 = std::env::var("MNK_HOSTILE_SECS")
        .ok()
        .map(|s| s.parse().expect("MNK_HOSTILE_SECS is a number of seconds"))
        .unwrap_or(10);
    let limits = ServerLimits::default();
    let server = LoadServer::start("hostile", limits).await;
    let base = server.base.clone();

    let done = Arc::new(AtomicBool::new(false));
    let statuses: Statuses = Arc::default();
    let hostile = client_from([127, 0, 0, 66]);
    let loops: Vec<_> = (0..HOSTILE_LOOPS)
        .map(|n| {
            tokio::spawn(hostile_loop(
                hostile.clone(),
                base.clone(),
                n,
                done.clone(),
                statuses.clone(),
            ))
        })
        .collect();

    // The victim: tic-tac-toe against the perfect computer, game after game, keeping each.
    let victim = client_from([127, 0, 0, 7]);
    let deadline = Instant::now() + Duration::from_secs(secs);
    let mut pace = tokio::time::interval(VICTIM_PACE);
    let mut latencies_ms = Vec::new();
    let mut refused = Vec::new();
    let mut games = Vec::new();
    let mut timed = |ms: f64, what: &str, status: u16, body: &Value| {
        latencies_ms.push(ms);
        if !(200..300).contains(&status) {
            refused.push(format!("{what}: {status} {body}"));
        }
    };
    while Instant::now() < deadline {
        pace.tick().await;
        let t = Instant::now();
        let (s, mut game) = send(&victim, &base, "POST", "/api/v1/games", Some(json!({}))).await;
        timed(t.elapsed().as_secs_f64() * 1e3, "create", s, &game);
        let Some(id) = game["id"].as_str().map(str::to_string) else {
            break;
        };
        games.push(id.clone());
        while game["result"] == "unfinished" && Instant::now() < deadline {
            pace.tick().await;
            let t = Instant::now();
            let (s, g) = if game["computer_to_move"] == true {
                send(
                    &victim,
                    &base,
                    "POST",
                    &format!("/api/v1/games/{id}/computer"),
                    None,
                )
                .await
            } else {
                let cell = game["cells"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .position(|c| c == "")
                    .unwrap();
                send(
                    &victim,
                    &base,
                    "POST",
                    &format!("/api/v1/games/{id}/moves"),
                    Some(json!({"cell": cell})),
                )
                .await
            };
            timed(t.elapsed().as_secs_f64() * 1e3, "move", s, &g);
            if s != 200 {
                break;
            }
            game = g;
        }
    }
    done.store(true, Ordering::Relaxed);
    for l in loops {
        l.await.unwrap();
    }
    // Every game the victim started is still there (asked from another address, so as not
    // to spend the victim's rate).
    let auditor = client_from([127, 0, 0, 8]);
    let mut lost = 0;
    for id in &games {
        let (s, _) = send(&auditor, &base, "GET", &format!("/api/v1/games/{id}"), None).await;
        if s != 200 {
            lost += 1;
        }
    }
    let stored = server.state.store.len();
    server.stop().await;

    latencies_ms.sort_by(f64::total_cmp);
    let statuses = statuses.lock().unwrap().clone();
    let hostile_requests: u64 = statuses.values().sum();
    let (p50, p99, max) = (
        percentile(&latencies_ms, 0.5),
        percentile(&latencies_ms, 0.99),
        percentile(&latencies_ms, 1.0),
    );
    println!(
        "hostile: {secs} s; the hostile client sent {hostile_requests} requests (statuses {statuses:?}); \
         the victim sent {} requests in {} games, latency p50 {p50:.2} ms, p99 {p99:.1} ms, max {max:.0} ms \
         (bound on p99 {VICTIM_P99_BOUND_MS} ms), {lost} games lost, {} refused; {stored} games stored; {} cores",
        latencies_ms.len(),
        games.len(),
        refused.len(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    assert!(
        refused.is_empty(),
        "the victim was refused:\n{}",
        refused.join("\n")
    );
    assert_eq!(lost, 0, "the victim lost games");
    assert!(
        statuses.keys().all(|&s| s < 500 || s == 503),
        "{statuses:?}"
    );
    assert!(
        statuses.get(&429).is_some_and(|&n| n > 0),
        "the hostile client was never slowed: {statuses:?}"
    );
    assert!(
        stored <= games.len() + limits.games_per_client,
        "{stored} games stored"
    );
    assert!(
        p99 < VICTIM_P99_BOUND_MS,
        "the victim's p99 latency {p99:.1} ms is over {VICTIM_P99_BOUND_MS} ms"
    );
}
