//! Long searches as a user meets them: Ctrl-C (a real SIGINT) stops every kind of search with
//! one sentence saying what was done and what is known, and in a terminal the live line shows
//! real progress. The SIGINT is sent only once the program has said on stderr that Ctrl-C
//! stops it (it says so only after it catches Ctrl-C); in a terminal (tmux), only once the
//! progress line shows work. Every wait reads output or polls the screen against a deadline.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Starts `mnk args`, waits for its warning that Ctrl-C stops it, sends SIGINT, and returns
/// (exit status, the rest of stderr, stdout).
fn interrupt(args: &[&str]) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mnk"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mnk starts");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut warning = String::new();
    err.read_line(&mut warning).unwrap();
    assert!(warning.contains("Ctrl-C stops it"), "{args:?}: {warning}");
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = child.wait().unwrap();
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    (status.code(), rest, out)
}

#[test]
fn ctrl_c_stops_minimax_with_the_work_done() {
    let (code, err, out) = interrupt(&[
        "solve", "--algo", "minimax", "--size", "4x4", "--k", "4", "--force",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.starts_with("mnk: Stopped after "), "{err}");
    // "1 node" when the signal came before the search had started.
    assert!(err.contains(" node") && err.contains(" in "), "{err}");
    assert!(err.contains("nothing is known yet"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn ctrl_c_stops_alpha_beta_too() {
    let (code, err, _) = interrupt(&[
        "solve",
        "--algo",
        "alphabeta",
        "--size",
        "5x5",
        "--k",
        "4",
        "--force",
        "--json",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("Stopped after "), "{err}");
}

#[test]
fn ctrl_c_stops_the_solver_and_analysis_far_beyond_reach() {
    let (code, err, out) = interrupt(&["solve", "--size", "15x15"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("root moves settled"), "{err}");
    let (code, err, _) = interrupt(&["analyze", "--size", "15x15", "--json"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("of 225 moves are known"), "{err}");
}

const DEADLINE: Duration = Duration::from_secs(30);

/// Runs tmux on a private server named `socket`, away from the user's sessions.
fn tmux(socket: &str, args: &[&str]) -> Output {
    Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("tmux runs")
}

/// A terminal running one command; the server is killed when it goes.
struct Terminal(String);

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = tmux(&self.0, &["kill-server"]);
    }
}

impl Terminal {
    /// `mnk args` in a fresh 160 x 20 terminal; the shell keeps the pane open afterwards (and
    /// survives the Ctrl-C meant for mnk: its trap runs once mnk has exited).
    fn run(name: &str, args: &str) -> Terminal {
        let bin = env!("CARGO_BIN_EXE_mnk");
        let command =
            format!("sh -c 'trap : INT; {bin} {args}; echo mnk exited with status $?; read _'");
        let out = tmux(
            name,
            &[
                "new-session",
                "-d",
                "-s",
                name,
                "-x",
                "160",
                "-y",
                "20",
                &command,
            ],
        );
        assert!(out.status.success(), "tmux new-session failed");
        Terminal(name.to_string())
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&tmux(&self.0, &["capture-pane", "-p", "-t", &self.0]).stdout)
            .into_owned()
    }

    /// Polls the screen until `test` accepts it, or fails with the last screen.
    fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + DEADLINE;
        loop {
            let screen = self.screen();
            if test(&screen) {
                return screen;
            }
            assert!(Instant::now() < end, "never saw {what}; screen:\n{screen}");
            std::thread::yield_now();
        }
    }

    fn ctrl_c(&self) {
        assert!(tmux(&self.0, &["send-keys", "-t", &self.0, "C-c"])
            .status
            .success());
    }
}

/// Whether a progress line shows a count of work that is not zero: "1,234 nodes", etc.
fn shows_work(screen: &str, unit: &str) -> bool {
    screen.lines().any(|line| {
        let words: Vec<&str> = line.split_whitespace().collect();
        words.windows(2).any(|w| {
            w[1].starts_with(unit)
                && w[0].chars().all(|c| c.is_ascii_digit() || c == ',')
                && w[0].chars().any(|c| ('1'..='9').contains(&c))
        })
    })
}

#[test]
#[cfg_attr(
    mnk_tmux_missing,
    ignore = "tmux is not installed (apt-get install tmux)"
)]
fn the_progress_line_shows_real_work_and_ctrl_c_ends_it() {
    let cases = [
        (
            "solve --algo minimax --size 4x4 --k 4 --force",
            "nodes",
            "of at most 57 trillion",
        ),
        ("solve --size 15x15", "nodes", "root moves settled"),
        ("analyze --size 15x15", "nodes", "root moves settled"),
        ("count --size 4x4 --k 4", "positions", "MiB"),
    ];
    for (i, (args, unit, detail)) in cases.iter().enumerate() {
        let name = format!("mnk-live-test-{}-{i}", std::process::id());
        let term = Terminal::run(&name, args);
        let screen = term.wait_until(&format!("work counted in {unit} for {args}"), |s| {
            shows_work(s, unit) && s.contains(detail)
        });
        assert!(screen.contains("/s"), "{args}: a rate\n{screen}");
        term.ctrl_c();
        let screen = term.wait_until("the exit", |s| s.contains("mnk exited with status"));
        assert!(screen.contains("mnk: Stopped after"), "{args}:\n{screen}");
        assert!(
            screen.contains("mnk exited with status 2"),
            "{args}:\n{screen}"
        );
    }
}
