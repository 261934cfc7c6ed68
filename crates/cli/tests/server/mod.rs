//! The tests' `mnk serve`: the real binary started on a loopback port, its output, signals;
//! and one HTTP/1.1 request over a plain socket, as the tests send them.

#![allow(dead_code)] // each test file uses its own part

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::time::Duration;

/// A running `mnk serve`, its output, and the loopback address it printed.
pub struct Server {
    pub child: Child,
    pub out: BufReader<ChildStdout>,
    pub addr: String,
}

impl Server {
    /// Starts `mnk serve --addr ADDR ARGS...` with `XDG_DATA_HOME` set to `data` (so that the
    /// default database is the test's own) and reads its first line, the URL.
    pub fn start(addr: &str, args: &[&str], data: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mnk"))
            .args(["serve", "--addr", addr])
            .args(args)
            .env("XDG_DATA_HOME", data)
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
            .unwrap_or_else(|| {
                let mut err = String::new();
                let _ = child.stderr.take().unwrap().read_to_string(&mut err);
                panic!("no loopback URL in {line:?} ({err})")
            });
        Server { child, out, addr }
    }

    /// Sends `signal` (`INT`, `TERM`), waits for the exit; the exit status and what the
    /// server printed after its URL.
    pub fn signal(mut self, signal: &str) -> (ExitStatus, String) {
        let sent = Command::new("kill")
            .args([&format!("-{signal}"), &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let exit = self.child.wait().unwrap();
        let mut rest = String::new();
        self.out.read_to_string(&mut rest).unwrap();
        (exit, rest)
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    pub fn kill(mut self) {
        self.child.kill().expect("the server is killed");
        self.child.wait().unwrap();
    }
}

/// A request's answer: the status code, and the body.
pub struct Answer {
    pub status: u16,
    pub body: String,
}

/// Sends `method path` with a JSON `body` (and extra `headers`) to `addr` and reads the whole
/// answer; an error when the server cannot be reached or the connection breaks.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    // A server that hangs fails the test instead of hanging it.
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    write!(stream, "{head}\r\n{body}")?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer)?;
    let status = answer
        .lines()
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status line in {answer:?}")))?;
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    Ok(Answer { status, body })
}
