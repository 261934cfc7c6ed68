//! End-to-end tests of `mnk tree` and `mnk compare`: the real binary, its output and its
//! refusals.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

const SEED: &str = "((60 63) (15 58))";

fn mnk() -> Command {
    Command::cargo_bin("mnk").expect("the mnk binary is built")
}

fn json_of(args: &[&str]) -> Value {
    let out = mnk().args(args).output().expect("mnk runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn seed_example_max_first_prunes_exactly_58() {
    let v = json_of(&["tree", SEED, "--algo", "alphabeta", "--json"]);
    assert_eq!(v["algo"], "alphabeta");
    assert_eq!(v["value"], 60);
    assert_eq!(v["pruned"], serde_json::json!([[1, 1]]));
    assert_eq!(v["leaves_visited"], 3);
    assert_eq!(v["nodes_visited"], 6);
    assert_eq!(v["best_path"], serde_json::json!([0, 0]));
}

#[test]
fn seed_example_min_first() {
    let v = json_of(&["tree", SEED, "--min-first", "--json"]);
    assert_eq!(v["algo"], "both");
    assert_eq!(v["root"], "min");
    assert_eq!(v["value"], 58);
    assert_eq!(v["pruned"], serde_json::json!([]));
    assert_eq!(v["runs"][0]["algo"], "minimax");
    assert_eq!(v["runs"][0]["nodes_visited"], 7);
    assert_eq!(v["best_path"], serde_json::json!([1, 1]));
}

#[test]
fn text_output_draws_the_tree_and_the_trace_explains_the_cut() {
    mnk()
        .args(["tree", SEED, "--trace"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "cutoff: alpha 60 >= beta 15 at node 1: children 1.1 pruned",
        ))
        .stdout(predicate::str::contains("└─ 1 MIN   15       ≤15 cut"))
        .stdout(predicate::str::contains("   └─ 1.1  58       pruned (58)"))
        .stdout(predicate::str::contains("Root: MAX. Value: 60."))
        .stdout(predicate::str::contains(
            "Leaves: 3 visited + 1 under pruned subtrees = 4",
        ));
}

#[test]
fn alpha_meeting_beta_at_a_last_child_is_no_cutoff() {
    let tree = "((3 12 8) (2 4 6) (14 5 2))";
    mnk()
        .args(["tree", tree, "--trace"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "24.   2: alpha 3 >= beta 2 after its last child 2.2: nothing is left to prune, so no \
             cutoff\n",
        ))
        .stdout(predicate::str::contains(
            "└─ 2 MIN   2        ≤2          (3, +∞)\n",
        ))
        .stdout(predicate::str::contains("cutoffs         0        1\n"))
        .stdout(predicate::str::contains("children  pruned").not());
    let v = json_of(&["tree", tree, "--json"]);
    assert_eq!(v["cutoffs"], 1, "{v}");
    assert_eq!(v["runs"][1]["cutoffs"], 1, "{v}");
}

#[test]
fn json_arrays_stdin_and_files_are_read() {
    let v = json_of(&["tree", "[[60, 63], [15, 58]]", "--json"]);
    assert_eq!(v["value"], 60);
    let out = mnk()
        .args(["tree", "-", "--json"])
        .write_stdin("((60 63)\n (15 58))\n")
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["pruned"], serde_json::json!([[1, 1]]));
    let path = std::env::temp_dir().join(format!("mnk-teach-{}.tree", std::process::id()));
    std::fs::write(&path, SEED).unwrap();
    let v = json_of(&["tree", "--file", path.to_str().unwrap(), "--json"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(v["value"], 60);
}

#[test]
fn dot_and_svg_pictures() {
    mnk()
        .args(["tree", SEED, "--dot"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("digraph alphabeta {"))
        .stdout(predicate::str::contains(
            "n_1 -> n_1_1 [style=dashed, color=gray60];",
        ))
        .stdout(predicate::str::contains("n -> n_0 [penwidth=3];"));
    let path = std::env::temp_dir().join(format!("mnk-teach-{}.svg", std::process::id()));
    mnk()
        .args(["tree", SEED, "--svg", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("SVG picture written to"));
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.contains("pruned"));
}

#[test]
fn real_game_tree_of_a_position() {
    let v = json_of(&[
        "tree",
        "--position",
        "xx./oo./...",
        "--depth",
        "2",
        "--eval",
        "open-lines",
        "--json",
    ]);
    assert_eq!(v["value_text"], "X#1");
    assert_eq!(v["best_line"], serde_json::json!(["c3"]));
    assert_eq!(v["to_move"], "x");
    let pruned = v["pruned"].as_array().unwrap();
    assert!(!pruned.is_empty());
    let mm = &v["runs"][0];
    assert!(mm["nodes_visited"].as_u64() > v["nodes_visited"].as_u64());
    mnk()
        .args(["tree", "--position", "xx./oo./...", "--algo", "alphabeta"])
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"├─ 0 c3 +X#1 \*").unwrap());
}

#[test]
fn compare_reproduces_the_textbook_counts_on_the_empty_board() {
    let v = json_of(&["compare", "--json"]);
    assert_eq!(v["agree"], true);
    assert_eq!(v["value"], "draw");
    let rows = v["rows"].as_array().unwrap();
    let nodes = |name: &str| {
        rows.iter()
            .find(|r| r["algo"] == name)
            .and_then(|r| r["nodes"].as_u64())
            .unwrap()
    };
    assert_eq!(nodes("minimax"), 549_946);
    assert_eq!(nodes("alphabeta"), 18_297);
    assert!(nodes("alphabeta-informed") < 18_297);
    assert!(nodes("solver") < nodes("alphabeta-informed"));
    mnk()
        .args(["compare"])
        .assert()
        .success()
        .stdout(predicate::str::contains("549,946"))
        .stdout(predicate::str::contains("18,297"))
        .stdout(predicate::str::contains(
            "Every finished search agrees: draw for x.",
        ));
}

#[test]
fn compare_reports_searches_stopped_by_the_budget() {
    let v = json_of(&[
        "compare",
        "--position",
        "x../.../...",
        "--budget",
        "1000",
        "--json",
    ]);
    assert_eq!(v["rows"][0]["completed"], false);
    assert_eq!(v["rows"][3]["completed"], true);
    assert_eq!(v["agree"], true);
}

#[test]
fn bad_trees_exit_2_with_one_message() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["tree", "((60 63) (15 x))"],
            "Bad tree at col 14: expected a number",
        ),
        (&["tree", "((60 63) (15 58)"], "never closed"),
        (
            &["tree", "((60 63) ())"],
            "Bad tree at col 11: an empty list",
        ),
        (
            &["tree", "(1 2) 3"],
            "Bad tree at col 7: unexpected '3' after the end",
        ),
        (
            &["tree", "{1}"],
            "Bad tree at col 1: expected a number or '('",
        ),
        (&["tree", "(1 40000)"], "out of range"),
        (&["tree", "[1 2]"], "expected ',' or ']'"),
        (&["tree"], "Give a tree such as"),
        (
            &["tree", "--file", "/nonexistent/x.tree"],
            "Cannot read the tree file /nonexistent/x.tree: No such file",
        ),
        (&["tree", "--position", "xxx/oo./..."], "already over"),
        (
            &["tree", "--position", "xx./oo./...", "--min-first"],
            "cannot be used with",
        ),
        (
            &["tree", "--position", ".........../.../..."],
            "Row 2 has 3 cells but the board is 11 wide",
        ),
        (
            &[
                "tree",
                "--position",
                ".../.../...",
                "--depth",
                "9",
                "--algo",
                "minimax",
            ],
            "more than 200000 nodes",
        ),
    ];
    for (args, message) in cases {
        mnk()
            .args(*args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(*message));
    }
    let out = mnk().args(["tree", "(1 x)", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["error"]
        .as_str()
        .unwrap()
        .starts_with("Bad tree at col 4"));
}

#[test]
fn huge_and_deep_inputs_are_refused_not_crashed() {
    let huge = "(".repeat(2 << 20);
    mnk()
        .args(["tree", "-"])
        .write_stdin(huge)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "The tree in standard input holds more than 1048576 bytes; the limit is 1 MiB.",
        ));
    let deep = "(".repeat(100_000) + "1" + &")".repeat(100_000);
    mnk()
        .args(["tree", "-"])
        .write_stdin(deep)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nested more than 64 levels"));
    let wide = format!("({})", "7 ".repeat(150_000));
    mnk()
        .args(["tree", "-"])
        .write_stdin(wide)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("more than 100000 nodes"));
}
