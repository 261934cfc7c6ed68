//! End-to-end tests of `mnk solve`, `mnk analyze` and `mnk count` on the real binary.

use assert_cmd::Command;
use serde_json::Value;

fn mnk() -> Command {
    Command::cargo_bin("mnk").unwrap()
}

/// Runs with --json and parses the one object printed.
fn json(args: &[&str]) -> Value {
    let out = mnk().args(args).arg("--json").output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.trim().lines().count(),
        1,
        "one JSON line expected: {text}"
    );
    serde_json::from_str(&text).unwrap()
}

#[test]
fn solve_empty_3x3_is_a_draw_with_every_move_best() {
    for algo in ["minimax", "alphabeta", "solver"] {
        let v = json(&["solve", "--algo", algo]);
        assert_eq!(v["value"], "draw", "{algo}");
        assert_eq!(v["plies"], Value::Null);
        assert_eq!(v["to_move"], "x");
        assert_eq!(v["position"], ".../.../...");
        assert_eq!(v["rules"]["width"], 3);
        assert_eq!(v["rules"]["k"], 3);
        assert_eq!(v["best_moves"].as_array().unwrap().len(), 9);
        assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
        assert!(v["stats"]["ms"].is_number());
    }
}

#[test]
fn solve_finds_the_fastest_win_in_notation() {
    let v = json(&["solve", "--position", "xx./oo./..."]);
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best_moves"], serde_json::json!(["c3"]));
}

#[test]
fn solve_4x4_k3_is_a_first_player_win() {
    let v = json(&["solve", "--size", "4x4", "--k", "3"]);
    assert_eq!(v["value"], "win");
}

#[test]
fn analyze_lists_every_move_with_plies_from_before_the_move() {
    let v = json(&["analyze", "--position", "xx./oo./..."]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    let c3 = moves.iter().find(|m| m["move"] == "c3").unwrap();
    assert_eq!(c3["value"], "win");
    assert_eq!(c3["plies"], 1);
    // Any other move lets o win at c2 next: a loss in 2 plies for x.
    let a1 = moves.iter().find(|m| m["move"] == "a1").unwrap();
    assert_eq!(a1["value"], "loss");
    assert_eq!(a1["plies"], 2);
}

#[test]
fn size_is_taken_from_the_position() {
    let v = json(&["solve", "--position", "..../..../..../....", "--k", "3"]);
    assert_eq!(v["rules"]["width"], 4);
    assert_eq!(v["value"], "win");
}

#[test]
fn count_3x3_matches_the_published_figures() {
    let v = json(&["count"]);
    assert_eq!(v["nodes"], 549_946);
    assert_eq!(v["games"], 255_168);
    assert_eq!(v["x_wins"], 131_184);
    assert_eq!(v["o_wins"], 77_904);
    assert_eq!(v["draws"], 46_080);
    assert_eq!(v["positions"], 5_478);
    assert_eq!(v["positions_up_to_symmetry"], 765);
    assert_eq!(v["nodes_per_ply"].as_array().unwrap().len(), 10);
}

#[test]
fn human_output_draws_the_board_and_names_the_value() {
    let out = mnk()
        .args(["solve", "--position", "xx./oo./..."])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Value: win in 1 ply for x"), "{text}");
    assert!(text.contains("Best moves: c3"), "{text}");
    assert!(text.contains("a b c"), "{text}");
    let out = mnk()
        .args(["analyze", "--position", "xx./oo./..."])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("W1"), "{text}");
    assert!(text.contains("Best: c3 (win in 1 ply)"), "{text}");
}

/// Bad input: exit status 2, one sentence on stderr, and under --json one error object.
#[test]
fn bad_input_is_refused_with_a_reason() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "--size", "0x3"], "width 0 is out of range"),
        (&["solve", "--size", "3by3"], "not understood"),
        (
            &["solve", "--size", "3x3", "--k", "4"],
            "k=4 is out of range",
        ),
        (&["solve", "--position", "x.q/.../..."], "row 1, column 3"),
        (&["solve", "--position", "xx./.../..."], "stone counts"),
        (
            &["solve", "--position", "xxx/oo./..."],
            "game is already over",
        ),
        (&["analyze", "--position", "xxx/ooo/x.."], "both x and o"),
        (
            &["solve", "--size", "5x5", "--k", "4", "--algo", "minimax"],
            "limited to positions",
        ),
        (&["count", "--size", "9x9"], "up to 64 cells"),
        (&["solve", "--hash", "999999"], "999999"),
        (&["solve", "--bogus"], "--bogus"),
    ];
    for (args, fragment) in cases {
        let out = mnk().args(*args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_lowercase();
        assert!(err.contains(&fragment.to_lowercase()), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let out = mnk()
        .args(["solve", "--json", "--position", "x.q/.../..."])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["error"].as_str().unwrap().contains("Row 1, column 3"));
}
