//! `mnk serve` as a user runs it: the real binary on a free loopback port prints its URL,
//! serves the page and the API, and stops cleanly on Ctrl-C (SIGINT).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};

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

/// A running `mnk serve --addr ADDR`, its output, and the loopback address it printed.
struct Server {
    child: Child,
    out: BufReader<ChildStdout>,
    addr: String,
}

impl Server {
    fn start(addr: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mnk"))
            .args(["serve", "--addr", addr])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("mnk starts");
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .strip_prefix("mnk serve: listening on http://127.0.0.1:")
            .and_then(|rest| rest.split('/').next())
            .map(|port| format!("127.0.0.1:{port}"))
            .unwrap_or_else(|| panic!("no loopback URL in {line:?}"));
        Server { child, out, addr }
    }

    /// Ctrl-C; the server must exit successfully. Returns what it printed after its URL.
    fn interrupt(mut self) -> String {
        let killed = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let exit = self.child.wait().unwrap();
        let mut rest = String::new();
        self.out.read_to_string(&mut rest).unwrap();
        assert!(exit.success(), "exit {exit:?}, output {rest}");
        rest
    }
}

#[test]
fn mnk_serve_prints_its_url_serves_the_page_and_stops_on_ctrl_c() {
    let server = Server::start("127.0.0.1:0");
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
    let rest = server.interrupt();
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
    let server = Server::start("localhost:0");
    let (status, _) = http(&server.addr, "GET", "/", "");
    assert!(status.contains("200"), "{status}");
    server.interrupt();
}
