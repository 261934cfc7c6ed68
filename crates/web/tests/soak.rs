//! Soak test of the web server: the real router served over TCP on loopback with its games
//! in a database file, many games played to the end at once by a bounded client loop (human
//! moves, computer moves, undo, hints, analysis), with garbage requests in between; each
//! worker is its own client (its own loopback address, 127.0.0.10 and up). Asserts that no
//! request ever gets a 5xx, that every finished game is consistent (replayed independently:
//! no cell twice, the turn order, the result and the winning line), that the store never
//! holds more than `ServerLimits::max_games`, and that the peak RSS of the process stays under a
//! documented bound. Its crash-restart phase, which needs the real `mnk` binary, is
//! `crates/cli/tests/serve_soak.rs`.
//!
//! It runs for `MNK_SOAK_SECS` seconds (default 8): the time is a loop deadline, never a
//! sleep. `cargo test -p mnk-web --test soak -- --nocapture` prints the figures.

mod load;

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use load::{client_from, percentile, HttpClient, LoadServer};
use mnk_web::{AppState, ServerLimits};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Concurrent client tasks.
const WORKERS: usize = 12;
/// Games the server may hold in this test: small enough that the abandoned games the
/// workers leave behind make the store evict (the cap is what is being tested).
const MAX_GAMES: usize = 48;
/// Peak resident memory allowed for the whole test process. What it holds: the test
/// harness, client and server (a few MiB), the `MAX_GAMES` games, of which only the
/// `store::WARM_GAMES` (16) used last keep their search tables (a big-board table is 16 MiB,
/// a small-board solver table grows from 16 KiB and stays near 1 MiB on 4x4), the searches in
/// flight, and what the allocator keeps of freed tables. Measured on 2 cores: a peak of about
/// 480 MiB; without the warm-games bound, about 740 MiB, which this bound catches.
const PEAK_RSS_BOUND_MIB: u64 = 640;

/// The kinds of game the workers play: width, height, k, x, o.
const KINDS: &[(usize, usize, usize, &str, &str)] = &[
    (3, 3, 3, "human", "perfect"),
    (3, 3, 3, "perfect", "human"),
    (3, 3, 3, "random", "perfect"),
    (4, 4, 4, "human", "perfect"),
    (4, 4, 3, "hard", "human"),
    (5, 5, 4, "human", "medium"),
    (6, 5, 4, "depth:3", "random"),
    (9, 9, 5, "human", "hard"),
    (15, 15, 5, "human", "perfect"),
    (15, 15, 5, "hard", "random"),
];

/// What every worker adds up.
#[derive(Default)]
struct Tally {
    requests: AtomicU64,
    garbage: AtomicU64,
    finished: AtomicU64,
    abandoned: AtomicU64,
    evicted: AtomicU64,
    most_games_held: AtomicUsize,
    server_errors: AtomicU64,
    /// Every request's round trip, in microseconds.
    latencies_us: Mutex<Vec<u64>>,
    failures: Mutex<Vec<String>>,
}

impl Tally {
    fn fail(&self, what: String) {
        let mut failures = self.failures.lock().unwrap();
        if failures.len() < 50 {
            failures.push(what);
        }
    }
}

/// One worker's view of the server.
struct Worker {
    client: HttpClient,
    base: String,
    state: Arc<AppState>,
    tally: Arc<Tally>,
    rng: StdRng,
    deadline: Instant,
}

/// An answer: status and body (JSON when the body is JSON, else null).
struct Answer {
    status: u16,
    body: Value,
}

impl Worker {
    async fn send(&mut self, method: &str, path: &str, body: Option<(&str, Vec<u8>)>) -> Answer {
        let mut req = axum::http::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        let bytes = match body {
            Some((content_type, bytes)) => {
                if !content_type.is_empty() {
                    req = req.header("content-type", content_type);
                }
                bytes
            }
            None => Vec::new(),
        };
        let req = req.body(Full::new(Bytes::from(bytes))).unwrap();
        self.tally.requests.fetch_add(1, Ordering::Relaxed);
        let sent = Instant::now();
        let res = self.client.request(req).await.expect("the server answers");
        let status = res.status().as_u16();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let took = sent.elapsed().as_micros() as u64;
        self.tally.latencies_us.lock().unwrap().push(took);
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if status >= 500 {
            self.tally.server_errors.fetch_add(1, Ordering::Relaxed);
            self.tally.fail(format!("{method} {path}: {status} {body}"));
        }
        Answer { status, body }
    }

    async fn json(&mut self, method: &str, path: &str, body: Value) -> Answer {
        let bytes = serde_json::to_vec(&body).unwrap();
        self.send(method, path, Some(("application/json", bytes)))
            .await
    }

    /// A refused request must be a 4xx with `{"error": "…"}`.
    fn expect_refused(&self, what: &str, answer: &Answer) {
        let has_message = answer.body["error"].as_str().is_some_and(|m| !m.is_empty());
        if !(400..500).contains(&answer.status) || !has_message {
            self.tally
                .fail(format!("garbage {what}: {} {}", answer.status, answer.body));
        }
    }

    /// One garbage request of a random kind; `game` is a live game id to aim at.
    async fn garbage(&mut self, game: &str) {
        self.tally.garbage.fetch_add(1, Ordering::Relaxed);
        let moves = format!("/api/v1/games/{game}/moves");
        let json = "application/json";
        let kind = self.rng.gen_range(0..14);
        let (what, answer) = match kind {
            0 => (
                "malformed JSON",
                self.send(
                    "POST",
                    "/api/v1/games",
                    Some((json, b"{\"width\": 3,".to_vec())),
                )
                .await,
            ),
            1 => (
                "wrong type",
                self.json("POST", "/api/v1/games", json!({"width": "three"}))
                    .await,
            ),
            2 => (
                "unknown field",
                self.json(
                    "POST",
                    "/api/v1/games",
                    json!({"width": 3, "colour": "red"}),
                )
                .await,
            ),
            3 => (
                "board too large",
                self.json("POST", "/api/v1/games", json!({"width": 99, "height": 99}))
                    .await,
            ),
            4 => {
                // Over the 64 KiB limit: a valid tree, just too long.
                let tree = format!("({})", "1 ".repeat(40_000));
                (
                    "huge body",
                    self.json("POST", "/api/v1/tree", json!({"tree": tree}))
                        .await,
                )
            }
            5 => (
                "no content type",
                self.send("POST", "/api/v1/games", Some(("", b"{}".to_vec())))
                    .await,
            ),
            6 => (
                "unknown game",
                self.json(
                    "POST",
                    "/api/v1/games/0123456789abcdef/moves",
                    json!({"cell": 0}),
                )
                .await,
            ),
            7 => (
                "bad path",
                self.send("GET", "/api/v1/games/%ff%fe/../../etc/passwd", None)
                    .await,
            ),
            8 => (
                "wrong method",
                self.send("DELETE", "/api/v1/tree", None).await,
            ),
            9 => (
                "cell off the board",
                self.json("POST", &moves, json!({"cell": 1_000_000})).await,
            ),
            10 => (
                "negative cell",
                self.json("POST", &moves, json!({"cell": -1})).await,
            ),
            11 => (
                "move and cell",
                self.json("POST", &moves, json!({"move": "a1", "cell": 0}))
                    .await,
            ),
            12 => (
                "bad move text",
                self.json("POST", &moves, json!({"move": "zz99"})).await,
            ),
            _ => (
                "bad tree",
                self.json("POST", "/api/v1/tree", json!({"tree": "((1 2)"}))
                    .await,
            ),
        };
        self.expect_refused(what, &answer);
    }

    /// Creates a game of a random kind; its view.
    async fn create(&mut self) -> Option<Value> {
        let (w, h, k, x, o) = KINDS[self.rng.gen_range(0..KINDS.len())];
        let first = if self.rng.gen_bool(0.5) { "x" } else { "o" };
        let seed: u64 = self.rng.gen();
        let answer = self
            .json(
                "POST",
                "/api/v1/games",
                json!({"width": w, "height": h, "k": k, "x": x, "o": o, "first": first, "seed": seed}),
            )
            .await;
        let held = self.state.store.len();
        self.tally
            .most_games_held
            .fetch_max(held, Ordering::Relaxed);
        if held > MAX_GAMES {
            self.tally.fail(format!(
                "the store holds {held} games, over the cap {MAX_GAMES}"
            ));
        }
        if answer.status != 201 {
            self.tally
                .fail(format!("create: {} {}", answer.status, answer.body));
            return None;
        }
        Some(answer.body)
    }

    /// Plays one game to the end (or until the deadline, or until the store evicts it).
    async fn play_game(&mut self) {
        let Some(mut game) = self.create().await else {
            return;
        };
        let id = game["id"].as_str().unwrap().to_string();
        let path = format!("/api/v1/games/{id}");
        while game["result"] == "unfinished" {
            if Instant::now() >= self.deadline {
                self.tally.abandoned.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if self.rng.gen_bool(0.15) {
                self.garbage(&id).await;
            }
            let answer = if game["computer_to_move"] == true {
                self.send("POST", &format!("{path}/computer"), None).await
            } else {
                match self.rng.gen_range(0..20) {
                    0 if game["can_undo"] == true => {
                        self.send("POST", &format!("{path}/undo"), None).await
                    }
                    1 => {
                        let hint = self.send("POST", &format!("{path}/hint"), None).await;
                        self.check_ok("hint", &hint);
                        continue;
                    }
                    2 => {
                        let a = self.send("GET", &format!("{path}/analysis"), None).await;
                        self.check_ok("analysis", &a);
                        continue;
                    }
                    3 => {
                        // A taken cell is refused and changes nothing.
                        let Some(taken) = game["move_cells"].as_array().and_then(|m| m.first())
                        else {
                            continue;
                        };
                        let a = self
                            .json("POST", &format!("{path}/moves"), json!({"cell": taken}))
                            .await;
                        if a.status == 404 {
                            self.tally.evicted.fetch_add(1, Ordering::Relaxed);
                            return;
                        }
                        self.expect_refused("taken cell", &a);
                        continue;
                    }
                    _ => {
                        let empty: Vec<usize> = (0..)
                            .zip(game["cells"].as_array().unwrap())
                            .filter(|(_, c)| c.as_str() == Some(""))
                            .map(|(i, _)| i)
                            .collect();
                        let cell = empty[self.rng.gen_range(0..empty.len())];
                        let body = if self.rng.gen_bool(0.5) {
                            json!({"cell": cell})
                        } else {
                            json!({"move": cell_name(&game, cell)})
                        };
                        self.json("POST", &format!("{path}/moves"), body).await
                    }
                }
            };
            match answer.status {
                200 => game = answer.body,
                404 => {
                    // Evicted to make room: documented behaviour, not a failure.
                    self.tally.evicted.fetch_add(1, Ordering::Relaxed);
                    return;
                }
                _ => {
                    self.tally
                        .fail(format!("{id}: {} {}", answer.status, answer.body));
                    return;
                }
            }
        }
        let shown = self.send("GET", &path, None).await;
        match shown.status {
            200 => {
                if let Err(why) = consistent(&shown.body) {
                    self.tally
                        .fail(format!("{id} is inconsistent: {why}: {}", shown.body));
                }
                if shown.body["moves"] != game["moves"] {
                    self.tally.fail(format!("{id} changed after its end"));
                }
                self.tally.finished.fetch_add(1, Ordering::Relaxed);
            }
            404 => {
                self.tally.evicted.fetch_add(1, Ordering::Relaxed);
                return;
            }
            s => self.tally.fail(format!("GET {id}: {s}")),
        }
        // Most games are deleted; the rest are left for the store to evict.
        if self.rng.gen_bool(0.6) {
            let d = self.send("DELETE", &path, None).await;
            if d.status != 204 && d.status != 404 {
                self.tally.fail(format!("DELETE {id}: {}", d.status));
            }
        }
    }

    /// A hint or an analysis either answers or is refused (the game ended meanwhile, or was
    /// evicted); never a 5xx, which `send` records.
    fn check_ok(&self, what: &str, answer: &Answer) {
        if answer.status != 200 && !(400..500).contains(&answer.status) {
            self.tally
                .fail(format!("{what}: {} {}", answer.status, answer.body));
        }
    }
}

/// The notation name of a cell: column letter from the left, row number from the bottom.
fn cell_name(game: &Value, cell: usize) -> String {
    let w = game["rules"]["width"].as_u64().unwrap() as usize;
    let h = game["rules"]["height"].as_u64().unwrap() as usize;
    format!("{}{}", (b'a' + (cell % w) as u8) as char, h - cell / w)
}

/// The longest run of `side` through `cell` along any direction, with its cells.
fn line_through(board: &[char], w: usize, h: usize, cell: usize, side: char) -> Vec<usize> {
    let (x0, y0) = ((cell % w) as i64, (cell / w) as i64);
    let mut best = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        let mut line = vec![cell];
        for sign in [1i64, -1] {
            let (mut x, mut y) = (x0 + sign * dx, y0 + sign * dy);
            while x >= 0 && y >= 0 && x < w as i64 && y < h as i64 {
                let c = (y as usize) * w + x as usize;
                if board[c] != side {
                    break;
                }
                line.push(c);
                x += sign * dx;
                y += sign * dy;
            }
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    best.sort_unstable();
    best
}

/// Replays a finished game from its moves, independently of the engine, and checks every
/// field that follows from them.
fn consistent(game: &Value) -> Result<(), String> {
    let w = game["rules"]["width"].as_u64().ok_or("no width")? as usize;
    let h = game["rules"]["height"].as_u64().ok_or("no height")? as usize;
    let k = game["rules"]["k"].as_u64().ok_or("no k")? as usize;
    let first = game["first"].as_str().ok_or("no first")?;
    let moves: Vec<usize> = game["move_cells"]
        .as_array()
        .ok_or("no move_cells")?
        .iter()
        .map(|c| c.as_u64().map(|c| c as usize).ok_or("bad cell"))
        .collect::<Result<_, _>>()?;
    let names = game["moves"].as_array().ok_or("no moves")?;
    if names.len() != moves.len() {
        return Err("moves and move_cells differ in length".into());
    }
    let other = |s: char| if s == 'x' { 'o' } else { 'x' };
    let mut side = first.chars().next().ok_or("empty first")?;
    let mut board = vec!['.'; w * h];
    let mut winner = None;
    for (i, &cell) in moves.iter().enumerate() {
        if winner.is_some() {
            return Err(format!("move {i} comes after the game was won"));
        }
        if cell >= board.len() || board[cell] != '.' {
            return Err(format!(
                "move {i} ({cell}) is off the board or on a taken cell"
            ));
        }
        if names[i] != cell_name(game, cell).as_str() {
            return Err(format!("move {i} is named {} for cell {cell}", names[i]));
        }
        board[cell] = side;
        if line_through(&board, w, h, cell, side).len() >= k {
            winner = Some(side);
        }
        side = other(side);
    }
    let cells: Vec<char> = game["cells"]
        .as_array()
        .ok_or("no cells")?
        .iter()
        .map(|c| c.as_str().and_then(|s| s.chars().next()).unwrap_or('.'))
        .collect();
    if cells != board {
        return Err("cells differ from the replayed moves".into());
    }
    let (x, o) = (
        board.iter().filter(|&&c| c == 'x').count(),
        board.iter().filter(|&&c| c == 'o').count(),
    );
    let (f, s) = if first == "x" { (x, o) } else { (o, x) };
    if f != s && f != s + 1 {
        return Err(format!("stone counts {x} x and {o} o break the turn order"));
    }
    let result = game["result"].as_str().ok_or("no result")?;
    let line: Vec<usize> = game["winning_line"]
        .as_array()
        .ok_or("no winning_line")?
        .iter()
        .filter_map(|c| c.as_u64().map(|c| c as usize))
        .collect();
    match (result, winner) {
        ("draw", None) if board.iter().all(|&c| c != '.') && line.is_empty() => Ok(()),
        ("x", Some('x')) | ("o", Some('o')) => {
            let last = *moves.last().ok_or("a win without moves")?;
            let mut expected = line_through(&board, w, h, last, winner.unwrap());
            expected.sort_unstable();
            let mut given = line.clone();
            given.sort_unstable();
            let all_winner = given
                .iter()
                .all(|&c| board.get(c) == Some(&winner.unwrap()));
            if given.len() >= k && all_winner && given.iter().all(|c| expected.contains(c)) {
                Ok(())
            } else {
                Err(format!(
                    "winning line {given:?} is not a line of the winner"
                ))
            }
        }
        _ => Err(format!(
            "result {result} but the replay gives {winner:?} with {} empty cells",
            board.iter().filter(|&&c| c == '.').count()
        )),
    }
}

/// Resident set size and its peak, in KiB, from /proc/self/status.
fn memory_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} in /proc/self/status"))
    };
    (field("VmRSS:"), field("VmHWM:"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_games_and_garbage_for_a_bounded_time() {
    let secs: u64 = std::env::var("MNK_SOAK_SECS")
        .ok()
        .map(|s| s.parse().expect("MNK_SOAK_SECS is a number of seconds"))
        .unwrap_or(8);
    let (rss_before, _) = memory_kib();
    let limits = ServerLimits {
        max_games: MAX_GAMES,
        // The abandoned games must make room at once: the grace time has its own tests.
        grace: Duration::ZERO,
        // Throughput is measured here; the rate limit has its own tests.
        requests_per_second: 0,
        move_time: Some(Duration::from_millis(20)),
        ..ServerLimits::default()
    };
    // What `mnk serve` runs, on a loopback port; the test keeps the state to watch the store.
    let server = LoadServer::start("soak", limits).await;
    let (state, base) = (server.state.clone(), server.base.clone());

    let tally = Arc::new(Tally::default());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(secs);
    let workers: Vec<_> = (0..WORKERS)
        .map(|i| {
            let mut worker = Worker {
                // Each worker is its own client, from its own loopback address.
                client: client_from([127, 0, 0, 10 + i as u8]),
                base: base.clone(),
                state: state.clone(),
                tally: tally.clone(),
                rng: StdRng::seed_from_u64(i as u64),
                deadline,
            };
            tokio::spawn(async move {
                // The page itself, once per worker.
                let page = worker.send("GET", "/", None).await;
                assert_eq!(page.status, 200);
                while Instant::now() < deadline {
                    worker.play_game().await;
                }
            })
        })
        .collect();
    for w in workers {
        w.await.expect("a worker panicked");
    }
    let elapsed = start.elapsed().as_secs_f64();
    let held = state.store.len();
    server.stop().await;
    let (rss_after, peak) = memory_kib();

    let requests = tally.requests.load(Ordering::Relaxed);
    let finished = tally.finished.load(Ordering::Relaxed);
    let mut latencies = std::mem::take(&mut *tally.latencies_us.lock().unwrap());
    latencies.sort_unstable();
    let ms = |q: f64| percentile(&latencies, q) as f64 / 1000.0;
    println!(
        "soak: {elapsed:.1} s, {WORKERS} clients, {requests} requests ({:.0}/s, {} garbage), \
         latency p50 {:.2} ms, p99 {:.1} ms, max {:.0} ms, {} answers 5xx, \
         {finished} games finished, {} abandoned at the deadline, {} evicted mid-game; \
         store: at most {} games held (cap {MAX_GAMES}), {held} at the end; \
         RSS {} MiB before, {} MiB after, peak {} MiB (bound {PEAK_RSS_BOUND_MIB} MiB); \
         {} cores",
        requests as f64 / elapsed,
        tally.garbage.load(Ordering::Relaxed),
        ms(0.5),
        ms(0.99),
        ms(1.0),
        tally.server_errors.load(Ordering::Relaxed),
        tally.abandoned.load(Ordering::Relaxed),
        tally.evicted.load(Ordering::Relaxed),
        tally.most_games_held.load(Ordering::Relaxed),
        rss_before / 1024,
        rss_after / 1024,
        peak / 1024,
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    let failures = tally.failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(finished >= WORKERS as u64, "only {finished} games finished");
    assert!(held <= MAX_GAMES);
    assert!(
        peak / 1024 < PEAK_RSS_BOUND_MIB,
        "peak RSS {} MiB is over the bound {PEAK_RSS_BOUND_MIB} MiB",
        peak / 1024
    );
}
