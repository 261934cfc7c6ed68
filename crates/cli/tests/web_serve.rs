//! `mnk serve` as a user runs it: the real binary on a free loopback port prints its URL,
//! serves the page and the API, and stops cleanly on Ctrl-C (SIGINT).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

/// One HTTP/1.1 request over a plain socket; returns the status line and the body.
fn http(addr: &str, method: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.lines().next().unwrap_or_default().to_string();
    let body = answer
        .split("\r\n\r\n")
        .nth(1)
        .unwrap_or_default()
        .to_string();
    (status, body)
}

#[test]
fn mnk_serve_prints_its_url_serves_the_page_and_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mnk starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no loopback URL in {line:?}"));
    let addr = url.trim_start_matches("http://").trim_end_matches('/');

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
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let exit = child.wait().unwrap();
    let mut rest = String::new();
    out.read_to_string(&mut rest).unwrap();
    assert!(exit.success(), "exit {exit:?}, output {rest}");
    assert!(rest.contains("stopped"), "{rest}");
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
    let mut child = Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(["serve", "--addr", "localhost:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mnk starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    assert!(
        line.starts_with("mnk serve: listening on http://127.0.0.1:"),
        "{line:?}"
    );
    let addr = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    let (status, _) = http(&addr, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    assert!(child.wait().unwrap().success());
}
