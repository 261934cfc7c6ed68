//! The error contract of the `mnk` binary, end to end and table-driven: for every subcommand, a
//! list of bad inputs, each of which must end with exit status 2, one sentence on stderr that
//! starts with `mnk: ` and contains the expected fragment, nothing on stdout, and under
//! `--json` exactly one JSON object `{"error": the same sentence}` on stdout. The success paths
//! under `--json` print exactly one JSON object too, and a closed stdout (`mnk … | head`) ends
//! the program quietly with status 0.

mod cases;

use assert_cmd::cargo::CommandCargoExt;
use cases::{os, tables, Files, Mode};
use serde_json::Value;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn mnk() -> Command {
    Command::cargo_bin("mnk").expect("the mnk binary is built")
}

fn run(args: &[OsString], stdin: &[u8]) -> Output {
    let mut child = mnk()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mnk starts");
    {
        let mut input = child.stdin.take().expect("stdin is piped");
        // A program that fails before reading closes its end: that is not a test failure.
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("mnk ends")
}

/// Checks one run against the contract; returns what is wrong, if anything.
fn check(args: &[OsString], json: bool, fragment: &str, out: &Output) -> Vec<String> {
    let mut wrong = Vec::new();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(2) {
        wrong.push(format!("exit status {:?}, expected 2", out.status.code()));
    }
    let message = stderr
        .strip_prefix("mnk: ")
        .and_then(|s| s.strip_suffix('\n'));
    match message {
        Some(m) if !m.contains('\n') && m.ends_with('.') => {
            if !m.contains(fragment) {
                wrong.push(format!("stderr lacks {fragment:?}"));
            }
            if m.starts_with(char::is_lowercase) && !m.starts_with(['x', 'o']) {
                wrong.push("the sentence does not start with a capital".into());
            }
        }
        _ => wrong.push("stderr is not one line 'mnk: …' ending with a full stop".into()),
    }
    for bad in ["panicked", "Usage:", "error:", "\x1b["] {
        if stderr.contains(bad) {
            wrong.push(format!("stderr contains {bad:?}"));
        }
    }
    if json {
        let values: Vec<Value> = serde_json::Deserializer::from_str(&stdout)
            .into_iter::<Value>()
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        let expected = serde_json::json!({ "error": message.unwrap_or("?") });
        if values != [expected] || !stdout.ends_with("}\n") {
            wrong.push(format!(
                "stdout is not exactly one {{\"error\": …}} object equal to stderr: {stdout:?}"
            ));
        }
    } else if !stdout.is_empty() {
        wrong.push(format!("stdout is not empty: {stdout:?}"));
    }
    if wrong.is_empty() {
        return wrong;
    }
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().chars().take(40).collect())
        .collect();
    vec![format!(
        "mnk {}: {}\n    stderr: {}",
        shown.join(" "),
        wrong.join("; "),
        stderr.trim_end()
    )]
}

#[test]
fn every_bad_input_of_every_subcommand_gets_one_sentence_and_status_2() {
    let files = Files::new();
    // A port in use, held for the whole table.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let busy = listener.local_addr().unwrap().to_string();
    let tables = tables(&files, &busy);
    let mut failures = Vec::new();
    let (mut cases, mut runs) = (0, 0);
    for (name, table) in &tables {
        assert!(!table.cases.is_empty(), "{name} has no cases");
        for case in &table.cases {
            cases += 1;
            let mut variants = Vec::new();
            if case.mode != Mode::Json {
                variants.push((case.args.clone(), false));
            }
            if case.mode != Mode::Plain {
                let mut args = case.args.clone();
                if case.mode == Mode::Both {
                    args.push("--json".into());
                }
                variants.push((args, true));
            }
            for (args, json) in variants {
                runs += 1;
                let out = run(&args, &case.stdin);
                failures.extend(check(&args, json, case.fragment, &out));
            }
        }
    }
    drop(listener);
    println!(
        "error contract: {} subcommands, {cases} cases, {runs} runs",
        tables.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {runs} runs break the error contract:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Exactly one JSON object on stdout, nothing on stderr, status 0.
fn assert_one_json_object(args: &[&str]) -> Value {
    let out = run(&os(args), b"");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "mnk {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let values: Vec<Value> = serde_json::Deserializer::from_str(&stdout)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("mnk {args:?}: stdout is not JSON ({e}): {stdout}"));
    assert_eq!(values.len(), 1, "mnk {args:?}: {stdout}");
    assert!(values[0].is_object(), "mnk {args:?}: {stdout}");
    assert!(values[0].get("error").is_none(), "mnk {args:?}: {stdout}");
    assert!(stdout.ends_with("}\n"), "mnk {args:?}: {stdout:?}");
    values.into_iter().next().unwrap()
}

#[test]
fn every_analysis_command_prints_one_json_object_on_success() {
    let solve = assert_one_json_object(&["solve", "--position", "xx./oo./...", "--json"]);
    assert_eq!(solve["best_moves"], serde_json::json!(["c3"]));
    let analyze = assert_one_json_object(&["analyze", "--json"]);
    assert_eq!(analyze["moves"].as_array().map(Vec::len), Some(9));
    let count = assert_one_json_object(&["count", "--json"]);
    assert_eq!(count["positions"], 5478);
    let table = assert_one_json_object(&["table", "--max-cells", "9", "--json"]);
    assert_eq!(table["rows"][0]["value"], "draw");
    let tree = assert_one_json_object(&["tree", "((60 63) (15 58))", "--json"]);
    assert_eq!(tree["value"], 60);
    let compare = assert_one_json_object(&["compare", "--position", "x../.o./...", "--json"]);
    assert_eq!(compare["agree"], true);
    let matches = assert_one_json_object(&[
        "match", "--x", "perfect", "--o", "random", "--size", "3x3", "--games", "2", "--json",
    ]);
    assert_eq!(matches["b"]["wins"], 0);
    // The fixture whose doubled copy the verify table refuses is itself valid.
    let valid = Path::new(env!("CARGO_TARGET_TMPDIR")).join("valid.cert.gz");
    std::fs::write(&valid, cases::valid_certificate_gz()).unwrap();
    let verify = assert_one_json_object(&["verify", valid.to_str().unwrap(), "--json"]);
    assert_eq!(verify["value"], "win");
}

#[test]
fn bench_prints_one_json_object() {
    let bench = assert_one_json_object(&["bench", "--json"]);
    assert!(bench["total_nodes"].as_u64().unwrap() > 0);
}

#[test]
fn help_and_version_still_print_and_succeed() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["solve", "--help"],
        &["help"],
    ] {
        let out = run(&os(args), b"");
        assert_eq!(out.status.code(), Some(0), "mnk {args:?}");
        assert!(!out.stdout.is_empty(), "mnk {args:?} printed nothing");
        assert!(out.stderr.is_empty(), "mnk {args:?}: stderr not empty");
    }
}

/// Runs `mnk args` with a standard output whose reader has already gone: every write fails
/// with a broken pipe, deterministically (no race with a reader closing late).
fn with_closed_stdout(args: &[&str], stdin: &[u8]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = mnk()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("mnk starts");
    {
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin);
    }
    child.wait_with_output().expect("mnk ends")
}

/// `mnk … | head`: a closed standard output ends the program quietly with status 0.
#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    let cases: &[(&[&str], &[u8])] = &[
        (&["count", "--size", "4x4", "--k", "3"], b""),
        (&["count", "--json"], b""),
        (&["solve"], b""),
        (&["solve", "--json"], b""),
        (&["analyze"], b""),
        (&["table", "--max-cells", "9"], b""),
        (&["tree", "((60 63) (15 58))", "--trace"], b""),
        (&["tree", "-"], b"((60 63) (15 58))"),
        (&["compare", "--position", "x../.o./..."], b""),
        (
            &["match", "--x", "perfect", "--o", "random", "--size", "3x3"],
            b"",
        ),
        (&["play"], b"b2\na1\n"),
        (&["--help"], b""),
    ];
    for (args, stdin) in cases {
        let out = with_closed_stdout(args, stdin);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "mnk {args:?}: {stderr}");
        assert!(stderr.is_empty(), "mnk {args:?} wrote to stderr: {stderr}");
    }
}

/// An error while nobody reads stdout is still reported on stderr with status 2.
#[test]
fn an_error_with_a_closed_stdout_still_reaches_stderr() {
    let out = with_closed_stdout(&["solve", "--position", "q", "--json"], b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("mnk: ") && stderr.contains("unexpected character 'q'"));
    assert!(!stderr.contains("panicked"), "{stderr}");
}
