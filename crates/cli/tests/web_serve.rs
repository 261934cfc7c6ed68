//! `mnk serve` as a user runs it: the real binary on a free loopback port prints its URL,
//! serves the page and the API, and stops cleanly on Ctrl-C (SIGINT).

mod server;

use server::Server;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One HTTP/1.1 request over a plain socket; returns the status line and the body.
fn http(addr: &str, method: &str, path: &str, body: &str) -> (String, String) {
    let answer = server::request(addr, method, path, &[], body).expect("the server answers");
    (format!("HTTP/1.1 {}", answer.status), answer.body)
}

/// A folder of this test's own, for the server's data directory.
fn data_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("web-serve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Ctrl-C; the server must exit successfully. Returns what it printed after its URL.
fn interrupt(server: Server) -> String {
    let (exit, rest) = server.signal("INT");
    assert!(exit.success(), "exit {exit:?}, output {rest}");
    rest
}

#[test]
fn mnk_serve_prints_its_url_serves_the_page_and_stops_on_ctrl_c() {
    let data = data_dir("url");
    let server = Server::start("127.0.0.1:0", &[], &data);
    let addr = server.addr.as_str();
    let (status, page) = http(addr, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    assert!(page.contains("<title>mnk"));
    let (status, game) = http(addr, "POST", "/api/v1/games", "{\"o\":\"perfect\"}");
    assert!(status.contains("201"), "{status} {game}");
    let (status, err) = http(addr, "POST", "/api/v1/games", "{\"bogus\":1}");
    assert!(
        status.contains("422") && err.contains("unknown field"),
        "{status} {err}"
    );

    // Ctrl-C: the server says it stopped and exits successfully.
    let rest = interrupt(server);
    assert!(rest.contains("stopped"), "{rest}");
    // The games are kept in the user's data directory by default; stopping folded the
    // write-ahead log into the file.
    let db = data.join("mnk").join("games.db");
    assert!(
        rest.contains(&format!("games are kept in {}", db.display())),
        "{rest}"
    );
    assert!(db.is_file());
    assert!(!data.join("mnk").join("games.db-wal").exists());
}

#[test]
fn mnk_serve_refuses_a_bad_address_with_a_message() {
    for (addr, why) in [
        (
            "not-an-address",
            "expected HOST:PORT, like 127.0.0.1:8080 or localhost:0",
        ),
        (
            "localhost:http",
            "the port must be a number from 0 to 65535, not 'http'",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_mnk"))
            .args(["serve", "--addr", addr])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("mnk: Invalid value '{addr}' for '--addr <HOST:PORT>': {why}.\n")
        );
    }
}

/// `localhost` is a host name like any other: it means the loopback address.
#[test]
fn mnk_serve_accepts_localhost() {
    let server = Server::start("localhost:0", &["--db", ":memory:"], &data_dir("localhost"));
    let (status, _) = http(&server.addr, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    interrupt(server);
}

/// SIGTERM stops the server as Ctrl-C does; a game survives the stop; a second server on the
/// same database is refused with one sentence.
#[test]
fn mnk_serve_stops_on_sigterm_keeps_its_games_and_will_not_share_its_database() {
    let data = data_dir("term");
    let db = data.join("classroom.db");
    let db_arg = db.to_str().unwrap();
    let server = Server::start("127.0.0.1:0", &["--db", db_arg], &data);
    let (status, game) = http(
        &server.addr,
        "POST",
        "/api/v1/games",
        "{\"moves\":[\"b2\"]}",
    );
    assert!(status.contains("201"), "{status} {game}");
    let id = game
        .split("\"id\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();

    let second = Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db", db_arg])
        .output()
        .unwrap();
    assert_eq!(second.status.code(), Some(2));
    let err = String::from_utf8_lossy(&second.stderr);
    assert!(
        err.starts_with("mnk: Cannot open the game database")
            && err.contains("another mnk serve is using it"),
        "{err}"
    );

    let (exit, rest) = server.signal("TERM");
    assert!(exit.success(), "exit {exit:?}, output {rest}");
    assert!(rest.contains("stopped"), "{rest}");
    let again = Server::start("127.0.0.1:0", &["--db", db_arg], &data);
    let (status, game) = http(&again.addr, "GET", &format!("/api/v1/games/{id}"), "");
    assert!(
        status.contains("200") && game.contains("\"moves\":[\"b2\"]"),
        "{status} {game}"
    );
    interrupt(again);
}

/// Ctrl-C the moment the URL is printed still stops the server cleanly: the signal handlers
/// are in place before the URL is (a Ctrl-C before them would kill the process instead).
#[test]
fn ctrl_c_right_after_the_url_stops_cleanly() {
    for round in 0..5 {
        let server = Server::start(
            "127.0.0.1:0",
            &["--db", ":memory:"],
            &data_dir(&format!("early-{round}")),
        );
        let rest = interrupt(server);
        assert!(rest.contains("stopped"), "{rest}");
    }
}
