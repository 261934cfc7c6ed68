//! `mnk match` speaks the Piskvork protocol as tournament managers do: `BOARD` in move order,
//! the brain started in its own folder and told a writable `INFO folder`, the `INFO` lines
//! in GomocupJudge's order before `START`, and timeouts that forfeit the game. The brains
//! here are shell scripts in front of the real `pbrain-mnk` that log what they are sent.

mod match_support;

use match_support::{pbrain_mnk, run_json, run_json_in, write_script, Scratch};
use std::path::{Path, PathBuf};

/// A brain in `tmp` that appends every line it is sent to `log` and passes it on to
/// `pbrain-mnk`.
fn recording_brain(tmp: &Scratch, name: &str, log: &Path) -> PathBuf {
    tmp.script(
        name,
        &format!("tee -a '{}' | exec '{}'", log.display(), pbrain_mnk()),
    )
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
    let brain = recording_brain(&tmp, "brain", &log);
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

/// A brain that refuses to run unless started in its own folder, logs what it is sent, checks
/// that `INFO folder` names a folder it can write in, and passes every line on to `pbrain-mnk`.
fn fussy_brain(tmp: &Scratch, log: &Path) -> PathBuf {
    let home = tmp.0.join("brains");
    std::fs::create_dir_all(&home).unwrap();
    let body = format!(
        r#"[ "$(pwd -P)" = "$(cd "$(dirname "$0")" && pwd -P)" ] || exit 3
while IFS= read -r line; do
  printf '%s\n' "$line" >> '{log}'
  case "$line" in
    "INFO folder "*) touch "${{line#INFO folder }}/probe" || exit 4 ;;
  esac
  printf '%s\n' "$line"
done | exec '{brain}'"#,
        log = log.display(),
        brain = pbrain_mnk()
    );
    write_script(&home.join("pbrain-fussy"), &body)
}

#[test]
fn a_brain_starts_in_its_own_folder_and_is_told_a_writable_one_after_the_other_info() {
    let tmp = Scratch::new("folder");
    let log = tmp.0.join("sent.log");
    let brain = fussy_brain(&tmp, &log);
    // Run from elsewhere, and name the brain by a relative path.
    let v = run_json_in(
        &tmp.0,
        &[
            "--x",
            "pbrain:brains/pbrain-fussy",
            "--o",
            "random",
            "--games",
            "1",
            "--time-per-move",
            "100",
            "--time-per-game",
            "60000",
        ],
    );
    assert!(brain.exists());
    assert_eq!(v["a"]["faults"], 0, "{v}");
    assert_eq!(v["a"]["wins"], 1, "{v}");
    let sent = lines(&log);
    let keys: Vec<&str> = sent
        .iter()
        .take(8)
        .map(|l| l.split(' ').take(2).last().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "timeout_turn",
            "timeout_match",
            "max_memory",
            "time_left",
            "game_type",
            "rule",
            "folder",
            "15"
        ],
        "{sent:?}"
    );
    assert_eq!(sent[7], "START 15");
    assert_eq!(sent[5], "INFO rule 0");
    let folder = PathBuf::from(sent[6].strip_prefix("INFO folder ").unwrap());
    assert!(folder.is_absolute(), "{folder:?}");
    // The match removes the players' folders when it ends.
    assert!(!folder.exists(), "{folder:?}");
}

#[test]
fn a_brain_started_elsewhere_fails_the_fussy_test_brain() {
    // The check itself can fail: started from another folder, the fussy brain quits.
    let tmp = Scratch::new("fussy-check");
    let log = tmp.0.join("sent.log");
    let brain = fussy_brain(&tmp, &log);
    let status = std::process::Command::new(&brain)
        .current_dir(&tmp.0)
        .stdin(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(3));
}

#[test]
fn a_brain_that_overruns_the_turn_limit_and_tolerance_forfeits_with_the_reason() {
    let tmp = Scratch::new("turn-limit");
    // Answers START and never a move, its output still open.
    let silent = tmp.script(
        "silent",
        "while read line; do case $line in START*) echo OK;; esac; done",
    );
    let v = run_json(&[
        "--x",
        &format!("pbrain:{}", silent.display()),
        "--o",
        "random",
        "--games",
        "1",
        "--time-per-move",
        "50",
        "--tolerance",
        "100",
    ]);
    assert_eq!(v["a"]["faults"], 1, "{v}");
    assert_eq!(v["tolerance_ms"], 100, "{v}");
    let fault = v["results"][0]["fault"].as_str().unwrap();
    assert!(
        fault.starts_with("exceeded timeout_turn (")
            && fault.ends_with("; limit 50 ms + 100 ms tolerance)"),
        "{fault}"
    );
}

#[test]
fn with_exact_the_referee_lets_an_overline_pass_and_brains_are_told_rule_1() {
    let tmp = Scratch::new("exact");
    // x to move with d8 f8 g8 h8 i8: e8 makes six in a row.
    let openings = tmp.file("openings.txt", "d8 a1 f8 a3 g8 a5 h8 a7 i8 a9\n");
    // Plays e8 on the BOARD it is given, then quits at the next turn.
    let overliner = tmp.script(
        "overliner",
        "while read line; do case $line in START*) echo OK;; DONE) echo 4,7;; TURN*) exit 0;; esac; done",
    );
    let play = |exact: bool| {
        let mut args = vec![
            "--x".to_string(),
            format!("pbrain:{}", overliner.display()),
            "--o".into(),
            "random".into(),
            "--games".into(),
            "1".into(),
            "--openings".into(),
            openings.display().to_string(),
        ];
        if exact {
            args.push("--exact".into());
        }
        run_json(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let free = play(false);
    assert_eq!(free["rules"]["exact"], false);
    assert_eq!(free["results"][0]["result"], "x", "{free}");
    assert!(free["results"][0]["fault"].is_null(), "{free}");
    let exact = play(true);
    assert_eq!(exact["rules"]["exact"], true);
    let game = &exact["results"][0];
    // The six did not end the game: o answered, and x's brain quit at its next turn.
    assert_eq!(game["moves"][10], "e8", "{exact}");
    assert_eq!(game["moves"].as_array().unwrap().len(), 12, "{exact}");
    assert_eq!(game["result"], "o", "{exact}");
    assert!(
        game["fault"].as_str().unwrap().starts_with("crashed"),
        "{exact}"
    );

    // The real brain plays exactly-five games through, told so before START.
    let log = tmp.0.join("sent.log");
    let brain = recording_brain(&tmp, "brain", &log);
    let v = run_json(&[
        "--x",
        &format!("pbrain:{}", brain.display()),
        "--o",
        "hard",
        "--exact",
        "--games",
        "2",
        "--time-per-move",
        "100",
    ]);
    assert_eq!(v["a"]["faults"], 0, "{v}");
    assert_eq!(v["b"]["faults"], 0, "{v}");
    let sent = lines(&log);
    let rule = sent
        .iter()
        .position(|l| l == "INFO rule 1")
        .expect("rule 1");
    let start = sent.iter().position(|l| l == "START 15").unwrap();
    assert!(rule < start, "{sent:?}");
}
