//! End-to-end tests of `mnk practice`: a whole session on piped input, one-shot marking in
//! text and JSON, and the answer key.

use assert_cmd::Command;
use serde_json::Value;

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

fn stdout(args: &[&str], input: &str) -> String {
    let out = mnk()
        .args(args)
        .write_stdin(input)
        .output()
        .expect("mnk runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_session_asks_part_by_part_gives_hints_re_asks_and_marks() {
    // Seed 3, easy minimax: ((7 4) (1 4)) with MAX at the root.
    let out = stdout(
        &[
            "practice", "--kind", "minimax", "--seed", "3", "--count", "2",
        ],
        "?\n4\nfour\n1\n5\ns\n\n4\n",
    );
    assert!(
        out.contains("root MAX\n├─ 0 MIN\n│  ├─ 0.0  7\n│  └─ 0.1  4\n"),
        "{out}"
    );
    assert!(
        out.contains("Hint: Node 0 is a MIN node: its value is the smallest"),
        "{out}"
    );
    assert!(out.contains("'four' is not a value: write an integer such as 60 or -3."));
    assert!(out.contains("2 of 3 points.\nFirst mistake: The root is a MAX node: its children are worth 4 and 1, and MAX takes the largest, 4; you wrote 5."), "{out}");
    // The solution steps through the engine's own minimax.
    assert!(out.contains("Answer: root=4 0=4 1=1"), "{out}");
    assert!(out.contains("root: backs up 4"), "{out}");
    // The second exercise is seed 4; the input ends in the middle of it.
    assert!(out.contains("--seed 4)"), "{out}");
    assert!(
        out.trim_end()
            .ends_with("You scored 2 of 3 points over 1 exercise. Goodbye."),
        "{out}"
    );
}

#[test]
fn q_stops_and_each_kind_comes_in_turn() {
    let out = stdout(&["practice", "--seed", "10"], "q\n");
    assert!(out.contains("Exercise 1: minimax, easy"), "{out}");
    assert!(out.trim_end().ends_with("Goodbye."), "{out}");
    // Without --kind the kinds take turns. Each prompt takes the first of these lines it can
    // read (the others are refused with a sentence and the prompt asked again).
    let out = stdout(
        &["practice", "--seed", "10", "--count", "6"],
        &"0\nnone\n0 1 2\ndraw\n\n".repeat(40),
    );
    assert!(
        out.contains("Type an answer, ? for a hint or q to stop."),
        "{out}"
    );
    assert!(
        out.contains("'none' is not a choice: press Enter, s or q."),
        "{out}"
    );
    assert!(out.contains("over 6 exercises. Goodbye."), "{out}");
    for (n, kind) in ["minimax", "alphabeta", "window", "ordering", "position"]
        .iter()
        .enumerate()
    {
        assert!(
            out.contains(&format!("Exercise {}: {kind}, easy", n + 1)),
            "{out}"
        );
    }
}

#[test]
fn one_answer_is_marked_in_text_and_json() {
    let out = stdout(
        &[
            "practice",
            "--kind",
            "alphabeta",
            "--seed",
            "5",
            "--answer",
            "value=2 pruned=none",
        ],
        "",
    );
    assert!(
        out.starts_with("5 of 6 points.\nFirst mistake: 1.1 is skipped"),
        "{out}"
    );
    let v = json_of(&[
        "practice",
        "--kind",
        "alphabeta",
        "--seed",
        "5",
        "--answer",
        "value=2 pruned=1.1",
        "--json",
    ]);
    assert_eq!(v["correct"], true);
    assert_eq!(v["points"], 6);
    assert_eq!(v["out_of"], 6);
    assert_eq!(v["mistake"], Value::Null);
    assert_eq!(v["exercise"]["tree"], "((9 5 2) (2 5))");
    assert_eq!(v["items"][4]["part"], "1.1");
    assert_eq!(v["items"][4]["expected"], "skipped");
    let hint = json_of(&[
        "practice",
        "--kind",
        "alphabeta",
        "--seed",
        "5",
        "--answer",
        "value=2",
        "--hint",
        "--json",
    ]);
    assert!(hint["hint"].as_str().unwrap().contains("1.1"), "{hint}");
}

#[test]
fn the_exercise_and_its_key_come_as_json_for_every_kind() {
    for kind in [
        "minimax",
        "alphabeta",
        "window",
        "ordering",
        "position",
        "chance",
    ] {
        for difficulty in ["easy", "medium", "hard"] {
            let v = json_of(&[
                "practice",
                "--kind",
                kind,
                "--difficulty",
                difficulty,
                "--seed",
                "8",
                "--json",
                "--solution",
            ]);
            assert_eq!(v["kind"], kind);
            assert_eq!(v["difficulty"], difficulty);
            let solution = v["solution"].as_str().unwrap().to_string();
            // The key's answer earns every point.
            let marked = json_of(&[
                "practice",
                "--kind",
                kind,
                "--difficulty",
                difficulty,
                "--seed",
                "8",
                "--answer",
                &solution,
                "--json",
            ]);
            assert_eq!(marked["correct"], true, "{kind} {difficulty}: {marked}");
            assert!(!v["walkthrough"].as_str().unwrap().is_empty());
        }
    }
}

/// The texts of the elements of class `class` in an SVG file, which must be well-formed XML.
fn svg_texts(path: &std::path::Path, class: &str) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let doc =
        roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(
        doc.root_element().attribute("viewBox"),
        Some("0 0 794 1123")
    );
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn a_worksheet_and_its_key_render_and_the_key_matches_mnk_tree() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("worksheet");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("sheet.svg");
    let printed = stdout(
        &[
            "practice",
            "--sheet",
            "10",
            "--seed",
            "30",
            "--difficulty",
            "medium",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        printed.starts_with("Wrote 10 exercises (seeds 30 to 39) to "),
        "{printed}"
    );
    // Ten medium exercises take more than one page; the key has as many pages as the sheet.
    let pages = |stem: &str| {
        (1..10)
            .map(|n| {
                dir.join(if n == 1 {
                    format!("{stem}.svg")
                } else {
                    format!("{stem}-{n}.svg")
                })
            })
            .take_while(|p| p.exists())
            .collect::<Vec<_>>()
    };
    let (sheet, key) = (pages("sheet"), pages("sheet-key"));
    assert!(
        sheet.len() >= 2 && sheet.len() == key.len(),
        "{sheet:?} {key:?}"
    );
    // The sheet shows no answer; the key shows one per exercise.
    assert!(sheet.iter().all(|p| svg_texts(p, "answer").is_empty()));
    let answers: Vec<String> = key.iter().flat_map(|p| svg_texts(p, "answer")).collect();
    assert_eq!(answers.len(), 10);
    // Without --kind the kinds take turns: exercise i has seed 30 + i.
    let kinds = [
        "minimax",
        "alphabeta",
        "window",
        "ordering",
        "position",
        "chance",
    ];
    for (i, answer) in answers.iter().enumerate() {
        let kind = kinds[i % 6];
        let seed = (30 + i).to_string();
        let exercise = json_of(&[
            "practice",
            "--kind",
            kind,
            "--difficulty",
            "medium",
            "--seed",
            &seed,
            "--json",
        ]);
        let text = answer.strip_prefix("Answer: ").unwrap();
        let mut tree_args = vec!["tree".to_string(), String::new(), "--json".to_string()];
        if let Some(tree) = exercise["tree"].as_str() {
            tree_args[1] = tree.to_string();
            if exercise["max_first"] == false {
                tree_args.push("--min-first".into());
            }
        }
        if kind == "alphabeta" {
            tree_args.extend(["--algo".into(), "alphabeta".into()]);
        }
        let tree_json = || json_of(&tree_args.iter().map(String::as_str).collect::<Vec<_>>());
        match kind {
            "minimax" => {
                let root = format!("root={}", tree_json()["value"]);
                assert!(text.split(' ').any(|p| p == root), "{text} lacks {root}");
            }
            "alphabeta" => {
                let t = tree_json();
                let pruned: Vec<String> = t["pruned"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| {
                        p.as_array()
                            .unwrap()
                            .iter()
                            .map(|i| i.to_string())
                            .collect::<Vec<_>>()
                            .join(".")
                    })
                    .collect();
                let list = if pruned.is_empty() {
                    "none".to_string()
                } else {
                    pruned.join(",")
                };
                assert_eq!(text, format!("value={} pruned={list}", t["value"]));
            }
            "chance" => {
                tree_args.extend(["--bounds".into(), "0..10".into()]);
                let t = json_of(&tree_args.iter().map(String::as_str).collect::<Vec<_>>());
                let pruned: Vec<String> = t["pruned"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| {
                        let path: Vec<String> = p
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|i| i.to_string())
                            .collect();
                        path.join(".")
                    })
                    .collect();
                assert!(
                    text.ends_with(&format!(" pruned={}", pruned.join(","))),
                    "{text}"
                );
                let root = t["value"].as_f64().unwrap();
                let given: f64 = text.split(' ').next().unwrap()["root=".len()..]
                    .parse()
                    .unwrap();
                assert!((root - given).abs() < 0.005, "{text} vs {root}");
            }
            _ => {
                // The key's answer earns every point from the marker.
                let marked = json_of(&[
                    "practice",
                    "--kind",
                    kind,
                    "--difficulty",
                    "medium",
                    "--seed",
                    &seed,
                    "--answer",
                    text,
                    "--json",
                ]);
                assert_eq!(marked["correct"], true, "{kind} {seed}: {text}");
            }
        }
    }
}
