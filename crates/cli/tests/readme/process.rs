//! Runs a README command as a user would type it: `bash -o pipefail -c COMMAND` in the
//! workspace root, with the `mnk` and `pbrain-mnk` this test was built with first on PATH,
//! standard input given (or closed), and a deadline after which the whole process group is
//! stopped.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// What a command did.
pub struct Ran {
    /// `None` when the deadline stopped it.
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
}

impl Ran {
    /// Whether it ended by itself with status 0.
    pub fn succeeded(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// Its status and both outputs, for a failure message.
    pub fn report(&self) -> String {
        let status = match self.status {
            Some(s) => s.to_string(),
            None => "stopped at its deadline".to_string(),
        };
        format!(
            "{status}\n  stdout:\n{}\n  stderr:\n{}",
            indent(&self.stdout),
            indent(&self.stderr)
        )
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// The workspace root, where the README's commands run.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `command` through bash; gives it `stdin` and stops it after `deadline`.
pub fn run(command: &str, stdin: &str, deadline: Duration) -> Ran {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_mnk")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", command])
        .current_dir(workspace_root())
        .env("PATH", path)
        // Its own process group, so that the deadline stops a pipeline or cargo's children too.
        .process_group(0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bash starts");
    let input = stdin.to_string();
    let mut pipe = child.stdin.take().unwrap();
    // A command that does not read its input may close it early: that is not a failure.
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let stdout = reader(&mut child, true);
    let stderr = reader(&mut child, false);
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let pid = child.id();
    let watchdog = thread::spawn(move || {
        let stopped = done_rx.recv_timeout(deadline).is_err();
        if stopped {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .status();
        }
        stopped
    });
    let status = child.wait().expect("bash is waited for");
    let _ = done_tx.send(());
    let stopped = watchdog.join().unwrap();
    let _ = writer.join();
    Ran {
        status: (!stopped).then_some(status),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

fn reader(child: &mut Child, stdout: bool) -> thread::JoinHandle<String> {
    let mut pipe: Box<dyn Read + Send> = if stdout {
        Box::new(child.stdout.take().unwrap())
    } else {
        Box::new(child.stderr.take().unwrap())
    };
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = pipe.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}
