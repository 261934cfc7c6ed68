//! The README commands this test does not run literally, each with how it is checked instead
//! and why. Every other command is run as written (see `main.rs`). An entry whose command is
//! no longer in the README fails the test, so this table cannot rot.

use std::time::Duration;

/// Stands for the test build's Gomocup brain (`pbrain::pbrain_mnk`) where a reader would name
/// theirs.
pub const BRAIN: &str = "{pbrain-mnk}";

/// How a command is checked when it is not run literally.
pub enum How {
    /// Run as written with this on standard input: the output must show a game that started
    /// and a computer that answered.
    PlaysAGame { stdin: &'static str },
    /// Run with these replacements (placeholders the reader fills in), and it must succeed.
    Replaced {
        replace: &'static [(&'static str, &'static str)],
        deadline: Duration,
    },
    /// `.ci/run` runs it: a line of the script is this command (maybe after `VAR=value`
    /// assignments), exactly.
    InCi { as_run: &'static str },
    /// `cargo test -p PACKAGE --test TARGET`: `cargo metadata` must list that test target,
    /// which `cargo test --workspace` runs; every `NAME=value` of the command must be read by
    /// the target's source.
    WorkspaceTest,
    /// `cargo install --path DIR`: DIR must hold the package whose binary is `mnk`.
    InstallsMnk,
    /// `apt-get install PACKAGE...`: `.ci/run` installs each package when it is missing.
    CiInstalls,
    /// Run as written, it is refused at once as the README says: exit status 2 and a sentence
    /// on standard error that holds this text.
    Refused { says: &'static str },
}

/// One README command checked another way.
pub struct Special {
    /// The command exactly as the README shows it.
    pub text: &'static str,
    pub how: How,
    /// Why it is not run as written.
    pub why: &'static str,
}

/// Every README command that is not run literally.
pub const SPECIAL: &[Special] = &[
    Special {
        text: "cargo run",
        how: How::PlaysAGame { stdin: "b2\n" },
        why: "it is run as written, but it is interactive: a move is piped in, then end of input \
              (after the suite's own build, it rebuilds only the workspace's crates)",
    },
    Special {
        text: "cargo run -- ARGS",
        how: How::Replaced {
            replace: &[("ARGS", "--version")],
            deadline: Duration::from_secs(30 * 60),
        },
        why: "ARGS stands for any mnk arguments",
    },
    Special {
        text: "mnk ARGS",
        how: How::Replaced {
            replace: &[("ARGS", "--version")],
            deadline: Duration::from_secs(60),
        },
        why: "ARGS stands for any mnk arguments",
    },
    Special {
        text: "cargo test --workspace",
        how: How::InCi {
            as_run: "cargo test --workspace",
        },
        why: "it is the run this test is part of; CI must run exactly the README's command",
    },
    Special {
        text: "cargo test -p mnk-engine --test differential",
        how: How::WorkspaceTest,
        why: "`cargo test --workspace` runs that suite already",
    },
    Special {
        text: "MNK_SOAK_SECS=600 cargo test -p mnk-web --test soak",
        how: How::WorkspaceTest,
        why: "ten minutes; `cargo test --workspace` runs the same test for its default 8 s",
    },
    Special {
        text: "MNK_SOAK_SECS=600 cargo test -p mnk --test serve_soak",
        how: How::WorkspaceTest,
        why: "ten minutes; `cargo test --workspace` runs the same test for its default 8 s",
    },
    Special {
        text: "MNK_HOSTILE_SECS=120 cargo test -p mnk-web --test hostile",
        how: How::WorkspaceTest,
        why: "two minutes; `cargo test --workspace` runs the same test for its default 10 s",
    },
    Special {
        text: "cargo install --path crates/cli",
        how: How::InstallsMnk,
        why: "it would write to the user's ~/.cargo/bin and build the release binary once more",
    },
    Special {
        text: "apt-get install tmux chromium chromium-driver",
        how: How::CiInstalls,
        why: "it needs root and changes the system; CI installs the same packages",
    },
    Special {
        text: "cargo install cargo-fuzz --locked",
        how: How::InCi {
            as_run: "cargo install cargo-fuzz --locked",
        },
        why: "it downloads and builds a tool; CI installs it when it is missing",
    },
    Special {
        text: "fuzz/run.sh [SECONDS]",
        how: How::InCi {
            as_run: "fuzz/run.sh 10",
        },
        why: "it needs the nightly toolchain and cargo-fuzz; CI runs every target for 10 s",
    },
    Special {
        text: "cargo fmt --all -- --check",
        how: How::InCi {
            as_run: "cargo fmt --all -- --check",
        },
        why: "a CI step, shown as CI runs it",
    },
    Special {
        text: "cargo clippy --workspace --all-targets --locked -- -D warnings",
        how: How::InCi {
            as_run: "cargo clippy --workspace --all-targets --locked -- -D warnings",
        },
        why: "a CI step that builds the whole workspace once more; shown as CI runs it",
    },
    Special {
        text: "pip install ./crates/python",
        how: How::InCi {
            as_run: "pip install ./crates/python",
        },
        why: "it installs into the reader's Python environment and fetches maturin from PyPI; \
              CI runs it in a fresh virtual environment (target/python-venv)",
    },
    Special {
        text: "python -c \"import mnk; print(mnk.solve(mnk.Board('x.o/.x./...')))\"",
        how: How::InCi {
            as_run: "python -c \"import mnk; print(mnk.solve(mnk.Board('x.o/.x./...')))\"",
        },
        why: "it needs the package installed by the command before it; CI runs it in that \
              virtual environment, and crates/python/tests checks the line it prints",
    },
    Special {
        text: "mnk solve --algo minimax --size 4x4 --k 4",
        how: How::Refused {
            says: "Minimax may visit up to 57 trillion nodes from this position (16 empty cells)",
        },
        why: "the README shows it as a search that is refused up front",
    },
    Special {
        text: "mnk count --size 5x5 --k 4",
        how: How::Refused {
            says: "TiB",
        },
        why: "the README shows it as a count that is refused up front",
    },
    Special {
        text: "mnk match --x pbrain:./target/release/pbrain-mnk --o pbrain:/path/to/other-brain --games 10",
        how: How::Replaced {
            replace: &[
                ("./target/release/pbrain-mnk", BRAIN),
                ("/path/to/other-brain", BRAIN),
                ("--games 10", "--games 2 --time-per-move 50"),
            ],
            deadline: Duration::from_secs(5 * 60),
        },
        why: "the other brain is the reader's: both are this build's brain, and two of the ten \
              games at 50 ms a move (a few seconds; at the default second a move, two games \
              take over a minute) show that the match runs",
    },
];

/// The entry for a README command, if it has one.
pub fn special(text: &str) -> Option<&'static Special> {
    SPECIAL.iter().find(|s| s.text == text)
}
