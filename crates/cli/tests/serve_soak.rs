//! The crash-restart phase of the web soak (issue 20): the real `mnk serve` binary with a
//! database file, clients playing games to the end at once (human moves, computer moves, new
//! games, deletions), killed with SIGKILL in the middle of it and started again on the same
//! database and port. Asserts that every acknowledged change is still there after the restart
//! (a request that was in flight when the server died may have landed too, never half), that
//! the games then go on, that no answer is a 5xx, and at the end that every game the clients
//! kept is exactly as they last saw it, and that SIGTERM stops the server cleanly.
//!
//! Runs for `MNK_SOAK_SECS` seconds (default 8), killed once a third of the changes it
//! expects have been acknowledged; the time is a loop deadline, never a sleep.
//! `cargo test -p mnk --test serve_soak -- --nocapture` prints the figures.

mod server;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use server::Server;
use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

/// Client threads: one address, so at most one search runs for them at a time and three
/// wait, under the queue's per-client limit of four waiting.
const WORKERS: usize = 4;

/// The kinds of game played: width, height, k, o (x is the human).
const KINDS: &[(usize, usize, usize, &str)] = &[
    (3, 3, 3, "perfect"),
    (4, 4, 4, "perfect"),
    (5, 5, 4, "medium"),
    (9, 9, 5, "hard"),
];

/// What the workers share.
struct Shared {
    /// The server's address now (the same port after the restart).
    addr: RwLock<String>,
    /// Set while the server is down.
    down: AtomicBool,
    deadline: Instant,
    /// Acknowledged changes (games created, moves answered 200, deletions).
    acked: AtomicU64,
    requests: AtomicU64,
    /// Requests that found the server gone (the kill).
    broken: AtomicU64,
    /// Games checked after the restart, and of them, those whose in-flight change landed.
    checked_after_crash: AtomicU64,
    landed_in_flight: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    failures: Mutex<Vec<String>>,
    /// Every game a worker keeps (not deleted): its moves as last acknowledged.
    kept: Mutex<HashMap<String, Vec<String>>>,
}

impl Shared {
    fn fail(&self, what: String) {
        let mut f = self.failures.lock().unwrap();
        if f.len() < 50 {
            f.push(what);
        }
    }

    /// One request; `None` when the server could not be reached or died mid-request.
    fn send(&self, method: &str, path: &str, body: &str) -> Option<(u16, Value)> {
        let addr = self.addr.read().unwrap().clone();
        self.requests.fetch_add(1, Ordering::Relaxed);
        let sent = Instant::now();
        match server::request(&addr, method, path, &[], body) {
            Ok(answer) => {
                let us = sent.elapsed().as_micros() as u64;
                self.latencies_us.lock().unwrap().push(us);
                let value = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
                if answer.status >= 500 && answer.status != 503 {
                    self.fail(format!("{method} {path}: {} {value}", answer.status));
                }
                Some((answer.status, value))
            }
            Err(_) => {
                self.broken.fetch_add(1, Ordering::Relaxed);
                None
            }
        }
    }
}

fn moves_of(game: &Value) -> Vec<String> {
    game["moves"]
        .as_array()
        .map(|m| {
            m.iter()
                .map(|v| v.as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// Fetches game `id` once the server answers again (it was killed and is being started
/// again); `None`, recorded as a failure, when it does not come back.
fn get_after_crash(shared: &Shared, id: &str) -> Option<(u16, Value)> {
    let path = format!("/api/v1/games/{id}");
    loop {
        if let Some(answer) = shared.send("GET", &path, "") {
            return Some(answer);
        }
        if Instant::now() > shared.deadline + Duration::from_secs(60) {
            shared.fail(format!("the server did not come back for {id}"));
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until the server answers again (it was killed and is being started again), then
/// checks game `id` against what was acknowledged: the same moves, or those and the one
/// move of the request that was in flight. Returns the game as it is now.
fn after_crash(shared: &Shared, id: &str, acked: &[String]) -> Option<Value> {
    let (status, game) = get_after_crash(shared, id)?;
    if status != 200 {
        shared.fail(format!("{id} after the restart: {status} {game}"));
        return None;
    }
    let now = moves_of(&game);
    shared.checked_after_crash.fetch_add(1, Ordering::Relaxed);
    if now.len() == acked.len() + 1 && now[..acked.len()] == *acked {
        shared.landed_in_flight.fetch_add(1, Ordering::Relaxed);
    } else if now != acked {
        shared.fail(format!(
            "{id}: acknowledged {acked:?}, after the restart {now:?}"
        ));
    }
    Some(game)
}

/// Waits until the server answers again after a deletion the kill broke, then checks game
/// `id`: either gone (the deletion landed) or exactly as acknowledged. True when it is gone.
fn deletion_after_crash(shared: &Shared, id: &str, acked: &[String]) -> bool {
    let Some((status, game)) = get_after_crash(shared, id) else {
        return false;
    };
    shared.checked_after_crash.fetch_add(1, Ordering::Relaxed);
    match status {
        404 => {
            shared.landed_in_flight.fetch_add(1, Ordering::Relaxed);
            true
        }
        200 if moves_of(&game) == acked => false,
        _ => {
            shared.fail(format!(
                "{id}: deleted in flight, after the restart {status} {game}, acknowledged {acked:?}"
            ));
            false
        }
    }
}

/// Plays games until the deadline.
fn worker(shared: Arc<Shared>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    while Instant::now() < shared.deadline {
        let (w, h, k, o) = KINDS[rng.gen_range(0..KINDS.len())];
        let first = if rng.gen_bool(0.5) { "x" } else { "o" };
        let body = json!({"width": w, "height": h, "k": k, "o": o, "first": first, "seed": seed});
        let Some((status, mut game)) = shared.send("POST", "/api/v1/games", &body.to_string())
        else {
            // A game whose creation was not acknowledged is not followed.
            wait_for_server(&shared);
            continue;
        };
        if status == 503 {
            continue;
        }
        if status != 201 {
            shared.fail(format!("create: {status} {game}"));
            return;
        }
        shared.acked.fetch_add(1, Ordering::Relaxed);
        let id = game["id"].as_str().unwrap().to_string();
        let path = format!("/api/v1/games/{id}");
        let mut acked = moves_of(&game);
        shared
            .kept
            .lock()
            .unwrap()
            .insert(id.clone(), acked.clone());
        while game["result"] == "unfinished" && Instant::now() < shared.deadline {
            let answer = if game["computer_to_move"] == true {
                shared.send("POST", &format!("{path}/computer"), "")
            } else {
                let empty: Vec<usize> = (0..)
                    .zip(game["cells"].as_array().unwrap())
                    .filter(|(_, c)| c.as_str() == Some(""))
                    .map(|(i, _)| i)
                    .collect();
                let cell = empty[rng.gen_range(0..empty.len())];
                shared.send(
                    "POST",
                    &format!("{path}/moves"),
                    &json!({"cell": cell}).to_string(),
                )
            };
            match answer {
                Some((200, g)) => {
                    game = g;
                    acked = moves_of(&game);
                    shared.acked.fetch_add(1, Ordering::Relaxed);
                    shared
                        .kept
                        .lock()
                        .unwrap()
                        .insert(id.clone(), acked.clone());
                }
                // The queue was full or the search ran out of time: nothing changed.
                Some((503 | 429, _)) => {}
                Some((status, g)) => {
                    shared.fail(format!("{id}: {status} {g}"));
                    return;
                }
                None => match after_crash(&shared, &id, &acked) {
                    Some(g) => {
                        game = g;
                        acked = moves_of(&game);
                        shared
                            .kept
                            .lock()
                            .unwrap()
                            .insert(id.clone(), acked.clone());
                    }
                    None => return,
                },
            }
        }
        if game["result"] != "unfinished" && rng.gen_bool(0.5) {
            match shared.send("DELETE", &path, "") {
                Some((204, _)) => {
                    shared.acked.fetch_add(1, Ordering::Relaxed);
                    shared.kept.lock().unwrap().remove(&id);
                }
                // The kill broke the deletion: it may have landed, never half.
                None => {
                    if deletion_after_crash(&shared, &id, &acked) {
                        shared.kept.lock().unwrap().remove(&id);
                    }
                }
                Some(_) => {}
            }
        }
    }
}

fn wait_for_server(shared: &Shared) {
    while shared.down.load(Ordering::SeqCst) && Instant::now() < shared.deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize] as f64 / 1000.0
}

#[test]
fn kill_9_mid_soak_loses_no_acknowledged_move() {
    let secs: u64 = std::env::var("MNK_SOAK_SECS")
        .ok()
        .map(|s| s.parse().expect("MNK_SOAK_SECS is a number of seconds"))
        .unwrap_or(8);
    let data =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("serve-soak-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let db = data.join("games.db");
    let db_arg = db.to_str().unwrap().to_string();
    // Throughput and survival are measured here; the rate and the caps have their own tests.
    let args = [
        "--db",
        &db_arg,
        "--rate",
        "0",
        "--games-per-client",
        "100000",
        "--max-games",
        "100000",
        "--time-per-move",
        "20",
    ];
    let server = Server::start("127.0.0.1:0", &args, &data);
    let start = Instant::now();
    let shared = Arc::new(Shared {
        addr: RwLock::new(server.addr.clone()),
        down: AtomicBool::new(false),
        deadline: start + Duration::from_secs(secs),
        acked: AtomicU64::new(0),
        requests: AtomicU64::new(0),
        broken: AtomicU64::new(0),
        checked_after_crash: AtomicU64::new(0),
        landed_in_flight: AtomicU64::new(0),
        latencies_us: Mutex::new(Vec::new()),
        failures: Mutex::new(Vec::new()),
        kept: Mutex::new(HashMap::new()),
    });
    let workers: Vec<_> = (0..WORKERS)
        .map(|i| {
            let shared = shared.clone();
            std::thread::spawn(move || worker(shared, i as u64))
        })
        .collect();

    // Mid-soak: once a third of the run's time has gone by, polled.
    while start.elapsed() < Duration::from_secs(secs) / 3 {
        std::thread::sleep(Duration::from_millis(10));
    }
    let acked_before = shared.acked.load(Ordering::SeqCst);
    shared.down.store(true, Ordering::SeqCst);
    let addr = server.addr.clone();
    server.kill();
    let killed_at = start.elapsed();
    let server = Server::start(&addr, &args, &data);
    assert_eq!(server.addr, addr, "the same port");
    shared.down.store(false, Ordering::SeqCst);

    for w in workers {
        w.join().expect("a worker panicked");
    }
    let elapsed = start.elapsed().as_secs_f64();
    // Every game kept is exactly as last acknowledged.
    let kept = shared.kept.lock().unwrap().clone();
    for (id, moves) in &kept {
        match shared.send("GET", &format!("/api/v1/games/{id}"), "") {
            Some((200, g)) if moves_of(&g) == *moves => {}
            other => shared.fail(format!("{id} at the end: {other:?}, expected {moves:?}")),
        }
    }
    let (exit, rest) = server.signal("TERM");
    assert!(
        exit.success() && rest.contains("stopped"),
        "{exit:?} {rest}"
    );
    assert!(
        !data.join("games.db-wal").exists(),
        "the log is folded in at the stop"
    );

    let mut lat = std::mem::take(&mut *shared.latencies_us.lock().unwrap());
    lat.sort_unstable();
    let requests = shared.requests.load(Ordering::Relaxed);
    println!(
        "serve soak: {elapsed:.1} s, {WORKERS} clients, {requests} requests ({:.0}/s), \
         latency p50 {:.2} ms, p99 {:.1} ms, max {:.0} ms; {} changes acknowledged, {acked_before} \
         of them before the SIGKILL at {:.1} s; {} requests broken by it; {} games checked \
         after the restart ({} with the in-flight change landed); {} games kept, all as \
         acknowledged; {} cores",
        requests as f64 / elapsed,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        shared.acked.load(Ordering::Relaxed),
        killed_at.as_secs_f64(),
        shared.broken.load(Ordering::Relaxed),
        shared.checked_after_crash.load(Ordering::Relaxed),
        shared.landed_in_flight.load(Ordering::Relaxed),
        kept.len(),
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    );
    let failures = shared.failures.lock().unwrap();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(acked_before > 0, "nothing was acknowledged before the kill");
    assert!(kept.len() >= WORKERS, "only {} games kept", kept.len());
    let _ = std::fs::remove_dir_all(&data);
}
