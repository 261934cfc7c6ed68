//! End-to-end tests of `mnk solve`, `mnk analyze`, `mnk count`, `mnk table` and `mnk bench` on
//! the real binary: answers, up-front estimates and refusals, time limits, and the formatting
//! of what people read.

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
fn complete_answers_say_so() {
    assert_eq!(json(&["solve"])["complete"], true);
    assert_eq!(json(&["analyze"])["complete"], true);
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
            "far beyond reach",
        ),
        (
            &["solve", "--position", "x..", "--size", "3x3"],
            "has 1 row but",
        ),
        (&["solve", "--max-time", "0"], "more than 0"),
        (&["count", "--memory", "0"], "--memory"),
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

/// Runs and returns (exit status, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = mnk().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn textbook_searches_beyond_reach_are_refused_up_front_with_the_estimate() {
    let (code, out, err) = run(&["solve", "--algo", "minimax", "--size", "4x4", "--k", "4"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    for part in [
        "57 trillion nodes",
        "16 empty cells",
        "--algo solver",
        "--force",
    ] {
        assert!(err.contains(part), "{part}: {err}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
    // Alpha-beta is refused only where even the best move order is out of reach.
    let (code, _, err) = run(&["solve", "--algo", "alphabeta", "--size", "5x5", "--k", "4"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("at least about 37 trillion nodes"), "{err}");
    // Within reach, both run as before.
    let v = json(&["solve", "--algo", "alphabeta", "--size", "4x3", "--k", "4"]);
    assert_eq!(v["value"], "draw");
    let (code, out, _) = run(&[
        "solve", "--algo", "minimax", "--size", "4x4", "--k", "4", "--json",
    ]);
    assert_eq!(code, Some(2));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["error"].as_str().unwrap().contains("far beyond reach"));
}

#[test]
fn analyze_settles_five_in_a_row_draws_with_the_book_and_the_proof_search() {
    // The empty 7x7 board, far beyond the solver: the book holds its first moves, no warning.
    let (code, out, err) = run(&["analyze", "--size", "7x7", "--k", "5"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("From the opening book (exact)"), "{out}");
    // Beyond the book: the proof search proves every move of this 6x6 position a draw.
    let v = json(&[
        "analyze",
        "--size",
        "6x6",
        "--k",
        "5",
        "--position",
        "....../....x./..x.../...o../.o..../......",
    ]);
    assert_eq!(v["complete"], true);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 32);
    assert!(moves.iter().all(|m| m["value"] == "draw"), "{moves:?}");
    assert!(v["stats"]["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn a_search_out_of_time_answers_incomplete_never_with_a_value() {
    let v = json(&["solve", "--size", "15x15", "--max-time", "0.3"]);
    assert_eq!(v["complete"], false);
    assert_eq!(v["value"], Value::Null);
    assert_eq!(v["plies"], Value::Null);
    assert_eq!(v["best_moves"], serde_json::json!([]));
    assert_eq!(v["stopped"], "time limit");
    assert!(v["known_so_far"]
        .as_str()
        .unwrap()
        .contains("of 225 root moves settled"));
    let v = json(&["analyze", "--size", "15x15", "--max-time", "0.3"]);
    assert_eq!(v["complete"], false);
    assert_eq!(v["moves"], Value::Null);
    assert!(v["known_so_far"].as_str().unwrap().contains("of 225 moves"));

    let (code, out, err) = run(&["solve", "--size", "15x15", "--max-time", "0.3"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Value: unknown, the search stopped at the time limit of 300 ms"),
        "{out}"
    );
    assert!(out.contains("Known so far: "), "{out}");
    // With a time limit there is nothing to warn of.
    assert!(err.is_empty(), "{err}");
    // A limit the search does not reach changes nothing.
    let v = json(&["solve", "--size", "4x4", "--k", "3", "--max-time", "60"]);
    assert_eq!(v["complete"], true);
    assert_eq!(v["value"], "win");
}

#[test]
fn a_count_that_cannot_fit_is_refused_at_once_and_the_bound_is_the_users() {
    let (code, out, err) = run(&["count", "--size", "5x5", "--k", "4"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    for part in ["would need about", "TiB", "2048 MiB allowed", "--memory"] {
        assert!(err.contains(part), "{part}: {err}");
    }
    // 4x4 needs about 410 MiB: refused within 64 MiB, counted within the default.
    let (code, _, err) = run(&["count", "--size", "4x4", "--k", "4", "--memory", "64"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("64 MiB allowed"), "{err}");
    // Nearly full, a large board counts at once.
    let v = json(&[
        "count",
        "--size",
        "5x5",
        "--k",
        "4",
        "--position",
        "xoxo./oxox./xoxo./.x.o./.....",
    ]);
    assert_eq!(
        v["games"],
        v["x_wins"].as_u64().unwrap()
            + v["o_wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap()
    );
}

#[test]
fn counts_and_durations_are_written_for_people() {
    let (_, out, _) = run(&["solve", "--size", "4x4", "--k", "4", "--algo", "solver"]);
    let searched = out.lines().find(|l| l.starts_with("Searched ")).unwrap();
    // "Searched 34,040 nodes in 37.7 ms (solver, ...)": thousands grouped, a unit of time.
    let nodes = searched.split_whitespace().nth(1).unwrap();
    assert!(nodes.contains(','), "{searched}");
    assert!(
        searched.contains(" ms (") || searched.contains(" s ("),
        "{searched}"
    );
    let (_, out, _) = run(&["count"]);
    assert!(out.contains("Counted 5,478 positions in "), "{out}");
    assert!(!out.contains(" ms ms"), "{out}");
}

#[test]
fn bench_columns_line_up() {
    let (code, out, _) = run(&["bench"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    // Every row of the table ends its nodes, time and rate columns where the header does.
    let header = lines[0];
    let ends: Vec<usize> = ["nodes", "time", "Mnodes/s"]
        .iter()
        .map(|h| header.find(h).unwrap() + h.len())
        .collect();
    let rows = &lines[1..lines.len() - 1];
    assert_eq!(rows.len(), 10);
    for row in rows {
        for &end in &ends {
            let before = row[..end].chars().last().unwrap();
            let after = row[end..].chars().next().unwrap_or(' ');
            assert!(before != ' ' && after == ' ', "{row:?} at {end}\n{out}");
        }
    }
    assert!(lines.last().unwrap().starts_with("Total: 1,"), "{out}");
}

#[test]
fn table_shows_the_meaningful_boards_with_their_published_values() {
    let v = json(&["table"]);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 15);
    assert!(rows.iter().all(|r| r["height"].as_u64().unwrap() >= 3));
    let published: Vec<&Value> = rows.iter().filter(|r| !r["published"].is_null()).collect();
    assert_eq!(published.len(), 8);
    for r in published {
        // The recomputed value is the published one.
        let value = if r["value"] == "win" { "win" } else { "draw" };
        assert_eq!(r["published"], value, "{r}");
        assert_eq!(r["source"], "Wikipedia, m,n,k-game");
    }
    let all = json(&["table", "--all"]);
    assert_eq!(all["rows"].as_array().unwrap().len(), 222);
    let (_, out, _) = run(&["table"]);
    assert!(out.contains("draw (agrees)"), "{out}");
    assert!(out.contains("15 rule sets solved in "), "{out}");
    assert!(
        out.contains("8 published values compared, all agree."),
        "{out}"
    );
}

#[test]
fn a_big_board_is_warned_of_but_never_refused_when_a_win_is_near() {
    // 15x15 Gomoku, x to move with an open four: far beyond exact solving in general, but
    // this position is solved at once (after a warning on stderr).
    let mut rows = vec![".".repeat(15); 15];
    rows[7] = ".....xxxx......".to_string();
    rows[0] = "ooo............".to_string();
    rows[14] = "..............o".to_string();
    let position = rows.join("/");
    let (code, out, err) = run(&[
        "solve",
        "--size",
        "15x15",
        "--position",
        &position,
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best_moves"], serde_json::json!(["e8", "j8"]));
    assert!(
        err.contains("217 empty cells is far beyond exact solving"),
        "{err}"
    );
    assert!(err.contains("--max-time"), "{err}");
    // A board over 64 cells but nearly full gets no warning and its exact value.
    let (code, out, err) = run(&[
        "solve",
        "--size",
        "9x8",
        "--k",
        "4",
        "--position",
        "xooxxoxox/xoxoooxox/oooxxxoxo/xxoxooxxo/oooxxoxox/xxxoxooxo/........./.........",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["value"], "loss");
    assert_eq!(v["plies"], 2);
}
