//! `mnk match` speaks the Piskvork protocol as tournament managers do: `BOARD` in move order,
//! the brain started in its own folder and told a writable `INFO folder`, the `INFO` lines
//! in GomocupJudge's order before `START`, and timeouts that forfeit the game. The brains
//! here are shell scripts in front of the real `pbrain-mnk` that log what they are sent.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

fn run_json(args: &[&str]) -> Value {
    let out = mnk()
        .arg("match")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A temporary folder of one test, removed when the test ends (pass or fail).
struct Scratch(PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("mnk-protocol-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// An executable shell script in this folder.
    fn script(&self, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = self.file(name, &format!("#!/bin/sh\n{body}\n"));
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// A brain that appends every line it is sent to `log` and passes it on to `pbrain-mnk`.
    fn recording_brain(&self, name: &str, log: &Path) -> PathBuf {
        self.script(
            name,
            &format!(
                "tee -a '{}' | exec '{}'",
                log.display(),
                env!("CARGO_BIN_EXE_pbrain-mnk")
            ),
        )
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The lines of a log.
fn lines(log: &Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|l| l.trim_end().to_string())
        .collect()
}

#[test]
fn board_sends_the_stones_in_the_order_they_were_played() {
    let tmp = Scratch::new("board-order");
    let log = tmp.0.join("sent.log");
    let brain = tmp.recording_brain("brain", &log);
    // h8 (row 7 from the top), h9 (row 6), h7 (row 8): row by row would be h9 h8 h7.
    let openings = tmp.file("openings.txt", "h8 h9 h7\n");
    let v = run_json(&[
        "--x",
        "random",
        "--o",
        &format!("pbrain:{}", brain.display()),
        "--games",
        "1",
        "--time-per-move",
        "100",
        "--openings",
        &openings.display().to_string(),
    ]);
    assert_eq!(v["b"]["faults"], 0, "{v}");
    let sent = lines(&log);
    let at = sent.iter().position(|l| l == "BOARD").expect("a BOARD");
    // o to move: x's stones are the opponent's (2), o's own (1).
    assert_eq!(
        sent[at + 1..at + 5],
        ["7,7,2", "7,6,1", "7,8,2", "DONE"],
        "{sent:?}"
    );
}
