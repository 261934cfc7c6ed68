//! The README, run. Every command README.md shows is checked, so an example cannot drift from
//! what mnk does and a new example cannot be added untested:
//!
//! - a `$ COMMAND` line of a ```console block is run and its standard output compared with
//!   the lines under it (wildcards: `[..]` on a line, `...` for lines, and times; see
//!   `expect.rs`);
//! - a name (`mnk`, `mnk solve`, `pbrain-mnk`) must be a program or subcommand that exists;
//! - a synopsis (`mnk table [--max-cells N] [--json]`) may only show flags the subcommand
//!   takes;
//! - a command listed in `special.rs` is checked the way that table says, with the reason;
//! - every other command (```sh blocks, indented blocks, inline code spans) is run as written
//!   and must succeed.
//!
//! Commands run through `bash -o pipefail -c` in the workspace root, with this build's `mnk`
//! and `pbrain-mnk` first on PATH and standard input closed unless the table says otherwise.

mod expect;
mod markdown;
#[path = "../pbrain/mod.rs"]
mod pbrain;
mod process;
mod special;

use markdown::{Place, Shown};
use special::{How, Special, SPECIAL};
use std::collections::HashSet;
use std::time::Duration;

/// How long one command may run before it counts as hung.
const DEADLINE: Duration = Duration::from_secs(5 * 60);

/// How one README command is checked.
enum Check<'a> {
    /// Run, and its output compared with the README's.
    Console(&'a [String]),
    /// Checked as `special.rs` says.
    Special(&'static Special),
    /// The program or subcommand must exist.
    Name,
    /// Every flag shown must be one the subcommand takes.
    Synopsis,
    /// Run as written; it must succeed.
    Literal,
}

fn check_of(shown: &Shown) -> Check<'_> {
    if let Place::Console { expected } = &shown.place {
        return Check::Console(expected);
    }
    if let Some(entry) = special::special(&shown.text) {
        return Check::Special(entry);
    }
    let words: Vec<&str> = shown.text.split_whitespace().collect();
    match words.as_slice() {
        ["mnk"] | ["pbrain-mnk"] => Check::Name,
        ["mnk", sub] if sub.chars().all(|c| c.is_ascii_lowercase()) => Check::Name,
        ["mnk", ..] if shown.text.contains('[') => Check::Synopsis,
        _ => Check::Literal,
    }
}

fn readme() -> String {
    std::fs::read_to_string(process::workspace_root().join("README.md")).expect("README.md")
}

/// Runs `check` on every README command (once per distinct command) that `wanted` selects,
/// and fails with every problem found, each naming its README line.
fn check_each(wanted: fn(&Check<'_>) -> bool, check: impl Fn(&Shown, Check<'_>) -> Option<String>) {
    let (commands, _) = markdown::commands(&readme());
    let mut seen = HashSet::new();
    let failures: Vec<String> = commands
        .iter()
        .filter(|shown| wanted(&check_of(shown)))
        .filter(|shown| matches!(shown.place, Place::Console { .. }) || seen.insert(&shown.text))
        .filter_map(|shown| {
            let because = match check_of(shown) {
                Check::Special(entry) => format!(" (special.rs: {})", entry.why),
                _ => String::new(),
            };
            check(shown, check_of(shown)).map(|why| format!("{}{because}: {why}", shown.at()))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} README command(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_readme_keeps_to_the_conventions_this_test_reads() {
    let (commands, mut problems) = markdown::commands(&readme());
    // The inventory, for `cargo test --test readme -- --nocapture`.
    for shown in &commands {
        let kind = match check_of(shown) {
            Check::Console(_) => "output compared",
            Check::Special(_) => "special.rs",
            Check::Name => "name",
            Check::Synopsis => "synopsis",
            Check::Literal => "run as written",
        };
        println!("{:<16} {}", kind, shown.at());
    }
    let consoles = commands
        .iter()
        .filter(|s| matches!(s.place, Place::Console { .. }))
        .count();
    if consoles < 5 {
        problems.push(format!("only {consoles} console examples found"));
    }
    problems.extend(
        SPECIAL
            .iter()
            .filter(|entry| !commands.iter().any(|c| c.text == entry.text))
            .map(|entry| {
                format!(
                    "special.rs lists `{}`, which the README no longer shows",
                    entry.text
                )
            }),
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn console_examples_print_what_the_readme_shows() {
    check_each(
        |c| matches!(c, Check::Console(_)),
        |shown, check| {
            let Check::Console(expected) = check else {
                unreachable!()
            };
            let ran = process::run(&shown.text, "", DEADLINE);
            if !ran.succeeded() {
                return Some(format!("failed: {}", ran.report()));
            }
            expect::mismatch(expected, &ran.stdout)
                .map(|why| format!("printed other output than the README shows; {why}"))
        },
    );
}

#[test]
fn every_other_readme_command_runs_as_written() {
    check_each(
        |c| matches!(c, Check::Literal),
        |shown, _| {
            let ran = process::run(&shown.text, "", DEADLINE);
            (!ran.succeeded()).then(|| {
                format!(
                    "failed as written (if it cannot be run literally, add it to special.rs with \
                     the reason): {}",
                    ran.report()
                )
            })
        },
    );
}

#[test]
fn names_and_synopses_match_the_command_line() {
    check_each(
        |c| matches!(c, Check::Name | Check::Synopsis),
        |shown, check| {
            let words: Vec<&str> = shown.text.split_whitespace().collect();
            if words == ["pbrain-mnk"] {
                let ran = process::run("pbrain-mnk", "ABOUT\nEND\n", DEADLINE);
                return (!ran.succeeded() || !ran.stdout.contains("name="))
                    .then(|| format!("the brain does not answer ABOUT: {}", ran.report()));
            }
            let sub = words.get(1).copied().unwrap_or_default();
            let help = process::run(&format!("mnk {sub} --help"), "", DEADLINE);
            if !help.succeeded() {
                return Some(format!("`mnk {sub} --help` failed: {}", help.report()));
            }
            let Check::Synopsis = check else { return None };
            let unknown: Vec<String> = words
                .iter()
                .map(|w| w.trim_matches(|c| c == '[' || c == ']'))
                .filter(|w| w.starts_with("--"))
                .filter(|flag| {
                    !help
                        .stdout
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .any(|w| w == *flag)
                })
                .map(String::from)
                .collect();
            (!unknown.is_empty()).then(|| format!("`mnk {sub}` takes no {unknown:?}"))
        },
    );
}

#[test]
fn ci_and_the_workspace_run_what_the_readme_says() {
    check_each(
        |c| {
            matches!(c, Check::Special(s) if matches!(s.how,
                How::InCi { .. } | How::WorkspaceTest | How::InstallsMnk | How::CiInstalls))
        },
        |shown, check| {
            let Check::Special(entry) = check else {
                unreachable!()
            };
            match entry.how {
                How::InCi { as_run } => in_ci(as_run),
                How::WorkspaceTest => workspace_test(&shown.text),
                How::InstallsMnk => installs_mnk(&shown.text),
                How::CiInstalls => ci_installs(&shown.text),
                How::PlaysAGame { .. } | How::Replaced { .. } | How::Refused { .. } => {
                    unreachable!()
                }
            }
        },
    );
}

fn ci_script() -> String {
    std::fs::read_to_string(process::workspace_root().join(".ci/run")).expect(".ci/run is readable")
}

/// Whether a line of `.ci/run` runs `command` exactly (maybe after `VAR=value` words).
fn in_ci(command: &str) -> Option<String> {
    let script = ci_script();
    let runs = script.lines().map(str::trim).any(|line| {
        line.strip_suffix(command).is_some_and(|before| {
            before.is_empty() || before.ends_with("|| ") || assignments(before)
        })
    });
    (!runs).then(|| format!(".ci/run has no line that runs `{command}`"))
}

/// Whether `text` is nothing but shell assignments (`NAME=value NAME="a b" `).
fn assignments(text: &str) -> bool {
    let mut rest = text.trim_start();
    if rest.is_empty() || !text.ends_with(' ') {
        return false;
    }
    while !rest.is_empty() {
        let Some((name, value)) = rest.split_once('=') else {
            return false;
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
            return false;
        }
        let end = match value.chars().next() {
            Some(q @ ('"' | '\'')) => value[1..].find(q).map(|at| at + 2),
            _ => value.find(' ').or(Some(value.len())),
        };
        let Some(end) = end else { return false };
        rest = value[end..].trim_start();
    }
    true
}

/// `apt-get install PACKAGE...`: `.ci/run` installs every one of them.
fn ci_installs(command: &str) -> Option<String> {
    let script = ci_script();
    let missing: Vec<&str> = command
        .split_whitespace()
        .skip(2)
        .filter(|package| !script.contains(&format!("need_apt+=({package})")))
        .collect();
    (!missing.is_empty()).then(|| format!(".ci/run does not install {missing:?}"))
}

/// The packages of the workspace as `cargo metadata` describes them.
fn workspace_packages() -> Vec<serde_json::Value> {
    let ran = process::run("cargo metadata --no-deps --format-version 1", "", DEADLINE);
    assert!(ran.succeeded(), "cargo metadata: {}", ran.report());
    let meta: serde_json::Value = serde_json::from_str(&ran.stdout).expect("metadata is JSON");
    meta["packages"].as_array().expect("packages").clone()
}

/// `[VAR=value ...] cargo test -p PACKAGE --test TARGET`: the target exists and reads VAR.
fn workspace_test(command: &str) -> Option<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let after = |flag: &str| {
        words
            .iter()
            .position(|w| *w == flag)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    let (Some(package), Some(target)) = (after("-p"), after("--test")) else {
        return Some("expected `cargo test -p PACKAGE --test TARGET`".into());
    };
    let packages = workspace_packages();
    let Some(found) = packages.iter().find(|p| p["name"] == package) else {
        return Some(format!("the workspace has no package {package}"));
    };
    let Some(test) =
        found["targets"].as_array().unwrap().iter().find(|t| {
            t["name"] == target && t["kind"].as_array().unwrap().iter().any(|k| k == "test")
        })
    else {
        return Some(format!("{package} has no test target {target}"));
    };
    let source = std::fs::read_to_string(test["src_path"].as_str().unwrap()).unwrap_or_default();
    let unread: Vec<&str> = words
        .iter()
        .take_while(|w| w.contains('='))
        .filter_map(|w| w.split_once('=').map(|(name, _)| name))
        .filter(|name| !source.contains(name))
        .collect();
    (!unread.is_empty()).then(|| format!("{target} never reads {unread:?}"))
}

/// `cargo install --path DIR`: DIR is the package that builds the `mnk` binary.
fn installs_mnk(command: &str) -> Option<String> {
    let dir = command.split_whitespace().last().unwrap_or_default();
    let manifest = process::workspace_root().join(dir).join("Cargo.toml");
    let manifest = manifest.canonicalize().unwrap_or(manifest);
    let packages = workspace_packages();
    let builds_mnk = packages.iter().any(|p| {
        p["manifest_path"].as_str() == manifest.to_str()
            && p["targets"].as_array().unwrap().iter().any(|t| {
                t["name"] == "mnk" && t["kind"].as_array().unwrap().iter().any(|k| k == "bin")
            })
    });
    (!builds_mnk).then(|| {
        format!(
            "{} is not the package of the mnk binary",
            manifest.display()
        )
    })
}

#[test]
fn commands_with_placeholders_run_with_them_filled_in() {
    check_each(
        |c| matches!(c, Check::Special(s) if matches!(s.how, How::Replaced { .. })),
        |shown, check| {
            let Check::Special(Special {
                how: How::Replaced { replace, deadline },
                ..
            }) = check
            else {
                unreachable!()
            };
            let mut command = shown.text.clone();
            for (from, to) in *replace {
                if !command.contains(from) {
                    return Some(format!(
                        "special.rs replaces `{from}`, which it does not show"
                    ));
                }
                command = command.replace(from, to);
            }
            let command = command.replace(special::BRAIN, &pbrain::pbrain_mnk());
            let ran = process::run(&command, "", *deadline);
            (!ran.succeeded()).then(|| format!("`{command}` failed: {}", ran.report()))
        },
    );
}

#[test]
fn commands_shown_as_refused_are_refused_as_shown() {
    check_each(
        |c| matches!(c, Check::Special(s) if matches!(s.how, How::Refused { .. })),
        |shown, check| {
            let Check::Special(Special {
                how: How::Refused { says },
                ..
            }) = check
            else {
                unreachable!()
            };
            let ran = process::run(&shown.text, "", DEADLINE);
            let refused = ran.status.and_then(|s| s.code()) == Some(2)
                && ran.stderr.starts_with("mnk: ")
                && ran.stderr.contains(says);
            (!refused).then(|| format!("not refused with '{says}': {}", ran.report()))
        },
    );
}

/// The README's first command, run as written: it builds the release binary and starts a game
/// (line mode, since standard input is a pipe); the computer must answer the move piped in.
#[test]
fn the_set_up_command_starts_a_game() {
    check_each(
        |c| matches!(c, Check::Special(s) if matches!(s.how, How::PlaysAGame { .. })),
        |shown, check| {
            let Check::Special(Special {
                how: How::PlaysAGame { stdin },
                ..
            }) = check
            else {
                unreachable!()
            };
            let ran = process::run(&shown.text, stdin, Duration::from_secs(30 * 60));
            let answered = ran
                .stdout
                .split_once("plays b2.")
                .is_some_and(|(_, after)| after.contains("(computer, perfect) plays"));
            (!ran.succeeded() || !answered)
                .then(|| format!("no game with a computer's answer: {}", ran.report()))
        },
    );
}

#[test]
fn assignments_before_a_ci_command_are_recognised() {
    assert!(assignments(r#"FUZZ_BUILD_ARGS="--sanitizer none" "#));
    assert!(assignments("A=1 B='x y' "));
    assert!(!assignments("echo A=1 "));
    assert!(!assignments("A=1"));
}
