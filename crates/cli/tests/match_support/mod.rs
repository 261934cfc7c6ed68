//! What the `mnk match` tests share: the binary, a match run with `--json`, and a temporary
//! folder for test brains (shell scripts) that is removed when the test ends.

#![allow(dead_code)] // each test file uses its own part

#[path = "../pbrain/mod.rs"]
mod pbrain;

pub use pbrain::pbrain_mnk;

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The `mnk` binary under test.
pub fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// `mnk match ARGS --json`, which must succeed; its JSON answer.
pub fn run_json(args: &[&str]) -> Value {
    json_of(mnk().arg("match").args(args))
}

/// `mnk match ARGS --json` run in the folder `dir`, which must succeed; its JSON answer.
pub fn run_json_in(dir: &Path, args: &[&str]) -> Value {
    json_of(mnk().current_dir(dir).arg("match").args(args))
}

fn json_of(command: &mut Command) -> Value {
    let out = command.arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A temporary folder of one test, removed when the test ends (pass or fail).
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A new folder named after the process and `test`.
    pub fn new(test: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("mnk-match-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// A file with `text` in this folder.
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    /// An executable shell script in this folder.
    pub fn script(&self, name: &str, body: &str) -> PathBuf {
        write_script(&self.0.join(name), body)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes an executable shell script to `path`.
pub fn write_script(path: &Path, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::write(path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path.to_path_buf()
}
