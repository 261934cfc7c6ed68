//! `mnk match` end to end: built-in levels, the real `pbrain-mnk` brain, and broken brains
//! that must lose their games without stopping the match.

mod match_support;

use match_support::{mnk, pbrain_mnk, run_json, Scratch};
use serde_json::Value;

fn brain() -> String {
    format!("pbrain:{}", pbrain_mnk())
}

/// Two games of the brain against itself at 100 ms a move, with `extra` arguments.
fn brain_against_itself(extra: &[&str]) -> Value {
    let b = brain();
    let mut args = vec![
        "--x",
        &b,
        "--o",
        &b,
        "--games",
        "2",
        "--time-per-move",
        "100",
    ];
    args.extend(extra);
    run_json(&args)
}

#[test]
fn the_brain_plays_itself_through_the_protocol() {
    let v = brain_against_itself(&[]);
    assert_eq!(v["games"], 2);
    let (a, bb) = (&v["a"], &v["b"]);
    for p in [a, bb] {
        assert_eq!(p["faults"], 0, "{v}");
        assert!(p["moves"].as_u64().unwrap() > 3);
    }
    let total = |p: &Value, k: &str| p[k].as_u64().unwrap();
    assert_eq!(total(a, "wins") + total(a, "draws") + total(a, "losses"), 2);
    assert_eq!(total(a, "wins"), total(bb, "losses"));
    for g in v["results"].as_array().unwrap() {
        assert!(g["fault"].is_null());
        assert!(g["moves"].as_array().unwrap().len() >= 9);
    }
}

#[test]
fn built_in_levels_alternate_colours_on_any_board() {
    let v = run_json(&[
        "--x", "hard", "--o", "random", "--games", "2", "--size", "9x9", "--k", "4",
    ]);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results[0]["x"], "A");
    assert_eq!(results[1]["x"], "B");
    assert_eq!(v["a"]["wins"], 2, "{v}");
}

#[test]
fn broken_brains_lose_and_the_match_goes_on() {
    let tmp = Scratch::new("broken");
    let silent = tmp.script("silent", "read line; echo OK; exec cat > /dev/null");
    let liar = tmp.script("liar", "while read line; do echo OK; done");
    for bad in [silent.display().to_string(), liar.display().to_string()] {
        let v = run_json(&[
            "--x",
            &format!("pbrain:{bad}"),
            "--o",
            "hard",
            "--games",
            "2",
            "--time-per-move",
            "50",
        ]);
        assert_eq!(v["a"]["losses"], 2, "{bad}: {v}");
        assert_eq!(v["a"]["faults"], 2, "{bad}: {v}");
    }
}

#[test]
fn two_draws_give_an_even_score_with_an_honest_interval_and_rounded_figures() {
    let args = [
        "match", "--x", "perfect", "--o", "perfect", "--size", "3x3", "--games", "2",
    ];
    mnk()
        .args(args)
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "Elo difference A - B: +0 (95%: -393 to +393)\n",
        ));
    let v = run_json(&args[1..]);
    assert_eq!(v["a"]["draws"], 2, "{v}");
    assert_eq!(v["by_colour"]["draws"], 2, "{v}");
    assert_eq!(v["a"]["as_x"]["draws"], 1, "{v}");
    assert_eq!(v["elo"].to_string(), "0.0", "{v}");
    assert_eq!(v["elo_low"], -392.5, "{v}");
    assert_eq!(v["elo_high"], 392.5, "{v}");
    for p in [&v["a"], &v["b"]] {
        let ms = p["avg_ms"].as_f64().unwrap();
        // At most three decimals, as printed.
        assert_eq!((ms * 1000.0).round() / 1000.0, ms, "{v}");
        assert!(p["avg_ms"].to_string().len() <= 8, "{v}");
    }
}

#[test]
fn a_clean_sweep_states_a_lower_bound_not_infinity() {
    let args = [
        "match", "--x", "hard", "--o", "random", "--size", "7x7", "--k", "4", "--games", "2",
    ];
    let out = mnk().args(args).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Elo difference A - B: at least -113 (95%; no game lost)\n"),
        "{text}"
    );
    assert!(!text.contains("inf"), "{text}");
    // A won once with each colour: the split by colour shows it.
    assert!(
        text.contains("By colour: x won 1, o won 1, 0 drawn (x scored 50.0%)\n")
            && text.contains("A with x: 1-0-0, with o: 1-0-0 (won-drawn-lost)\n")
            && text.contains("B with x: 0-0-1, with o: 0-0-1 (won-drawn-lost)\n"),
        "{text}"
    );
    let v = run_json(&args[1..]);
    assert_eq!(v["a"]["wins"], 2, "{v}");
    assert_eq!(v["by_colour"]["x_wins"], 1, "{v}");
    assert_eq!(v["by_colour"]["x_score"], 0.5, "{v}");
    assert_eq!(v["a"]["as_o"]["wins"], 1, "{v}");
    assert_eq!(v["b"]["as_x"]["losses"], 1, "{v}");
    assert!(v["elo"].is_null() && v["elo_high"].is_null(), "{v}");
    // Two wins out of two: the Wilson interval's floor is 34.2% of the points.
    assert_eq!(v["elo_low"], -113.4, "{v}");
}

#[test]
fn a_brain_that_cannot_start_its_first_game_is_an_error_not_ten_forfeits() {
    let tmp = Scratch::new("cannot-start");
    let not_executable = tmp.script("not-executable", "echo OK");
    {
        use std::os::unix::fs::PermissionsExt;
        let read_only = std::fs::Permissions::from_mode(0o644);
        std::fs::set_permissions(&not_executable, read_only).unwrap();
    }
    let quits = tmp.script("quits", "exit 0");
    let chatty = tmp.script("chatty", "read line; echo HELLO; exec cat > /dev/null");
    let cases = [
        (
            "/nonexistent/pbrain-nothing".into(),
            "there is no such file",
        ),
        (
            not_executable.display().to_string(),
            "it cannot be run (permission denied: is it an executable file?)",
        ),
        (
            quits.display().to_string(),
            "it exited without answering 'START 15'",
        ),
        (
            chatty.display().to_string(),
            "it answered 'START 15' with 'HELLO' instead of OK",
        ),
    ];
    for (path, why) in cases {
        let spec = format!("pbrain:{path}");
        let sentence = format!("The brain {spec} (player B) cannot play: {why}.");
        let out = mnk()
            .args(["match", "--x", "random", "--o", &spec, "--games", "10"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("mnk: {sentence}\n")
        );
        // No game was played, so no game line either.
        assert!(
            out.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        let out = mnk()
            .args(["match", "--x", "random", "--o", &spec, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["error"], sentence.as_str());
    }
}

#[test]
fn bad_arguments_are_refused_with_status_2() {
    for args in [
        vec!["--x", "human", "--o", "hard"],
        vec!["--x", "pbrain:", "--o", "hard"],
        vec!["--x", "hard", "--o", "wizard"],
        vec!["--x", "hard", "--o", "hard", "--games", "0"],
        vec!["--x", "hard", "--o", "hard", "--threads", "0"],
        vec![
            "--x",
            "hard",
            "--o",
            "hard",
            "--openings",
            "/nonexistent/openings.txt",
        ],
    ] {
        mnk().arg("match").args(&args).assert().code(2);
    }
}

#[test]
fn openings_come_from_a_file() {
    let tmp = Scratch::new("openings");
    let file = tmp.script("openings.txt", "# comment\nh8 i9\n");
    let v = run_json(&[
        "--x",
        "hard",
        "--o",
        "hard",
        "--games",
        "2",
        "--time-per-move",
        "50",
        "--openings",
        &file.display().to_string(),
    ]);
    for g in v["results"].as_array().unwrap() {
        let moves = g["moves"].as_array().unwrap();
        assert_eq!(moves[0], "h8");
        assert_eq!(moves[1], "i9");
    }
}

#[test]
fn a_timed_game_tells_brains_their_clock_and_a_brain_that_overruns_it_loses() {
    let tmp = Scratch::new("clock");
    let log = tmp.0.join("sent.log");
    // Logs every line it is sent, answers START, and never answers a move.
    let slow = tmp.script(
        "slow",
        &format!(
            "while read line; do echo \"$line\" >> '{}'; case $line in START*) echo OK;; esac; done",
            log.display()
        ),
    );
    let v = run_json(&[
        "--x",
        &format!("pbrain:{}", slow.display()),
        "--o",
        "random",
        "--games",
        "1",
        "--time-per-move",
        "5000",
        "--time-per-game",
        "200",
        "--threads",
        "3",
    ]);
    assert_eq!(v["time_per_game_ms"], 200);
    assert_eq!(v["threads"], 3);
    assert_eq!(v["a"]["losses"], 1, "{v}");
    assert_eq!(v["a"]["faults"], 1, "{v}");
    let fault = v["results"][0]["fault"].as_str().unwrap();
    assert!(fault.starts_with("exceeded timeout_match ("), "{fault}");
    assert!(
        fault.ends_with("; limit 200 ms + 1000 ms tolerance)"),
        "{fault}"
    );
    let sent = std::fs::read_to_string(&log).unwrap();
    assert!(sent.contains("INFO timeout_turn 5000"), "{sent}");
    assert!(sent.contains("INFO timeout_match 200"), "{sent}");
    assert!(sent.contains("INFO time_left 200"), "{sent}");
    assert!(sent.contains("INFO thread_num 3"), "{sent}");
}

#[test]
fn built_in_levels_play_whole_games_under_a_game_clock() {
    let v = run_json(&[
        "--x",
        "hard",
        "--o",
        "random",
        "--games",
        "2",
        "--size",
        "9x9",
        "--k",
        "4",
        "--time-per-game",
        "3000",
    ]);
    assert_eq!(v["time_per_game_ms"], 3000);
    for g in v["results"].as_array().unwrap() {
        assert!(g["moves"].as_array().unwrap().len() >= 7, "{v}");
    }
}

/// The move lists of a fixed-work match (`--time-per-move 0`, no tolerance: fixed work has no
/// time limit, so no move may forfeit) of `games` games from one opening, colours swapped
/// after each.
fn fixed_work_games(
    (x, o, games): (&str, &str, &str),
    board: [&str; 4],
    seed: &str,
    opening: &str,
) -> Vec<Value> {
    let tmp = Scratch::new(&format!("fixed-{}", opening.replace(' ', "-")));
    let file = tmp.file("openings.txt", &format!("{opening}\n"));
    let path = file.display().to_string();
    let mut args = vec!["--x", x, "--o", o, "--games", games];
    args.extend(board);
    args.extend(["--time-per-move", "0", "--tolerance", "0", "--seed", seed]);
    args.extend(["--openings", &path]);
    let v = run_json(&args);
    assert_eq!(
        (&v["a"]["faults"], &v["b"]["faults"]),
        (&0.into(), &0.into()),
        "{v}"
    );
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["moves"].clone())
        .collect()
}

#[test]
fn built_in_levels_vary_their_games_by_seed_and_repeat_them_without_a_clock() {
    // Both players are `hard`, so games 1 and 2 (the same opening, colours swapped) differ
    // only by their seeds; without a clock (`--time-per-move 0`) a seed repeats its games.
    // A quiet board: where the threat search finds a forced win (7x7/4 after d4 e5), every
    // seed plays it, and rightly so.
    let board = ["--size", "5x5", "--k", "4"];
    let first = fixed_work_games(("hard", "hard", "2"), board, "5", "c3 b2");
    assert_eq!(first.len(), 2);
    assert_ne!(first[0], first[1], "the seed changes nothing");
    let again = fixed_work_games(("hard", "hard", "2"), board, "5", "c3 b2");
    assert_eq!(again, first, "a seed must repeat its games");
}

#[test]
fn at_fixed_work_the_brain_plays_the_moves_of_the_built_in_level() {
    // `pbrain-mnk` and `hard` are one engine under one time manager: told to do fixed work
    // (`INFO mnk_fixed_work`) with the match's seed (`INFO mnk_seed`), the brain plays exactly
    // the moves the built-in level plays in the same positions. 9x9 is over 64 cells, where the
    // brain's `perfect` is `hard`.
    let board = ["--size", "9x9", "--k", "4"];
    // One game (the brain is x) keeps the test short: four in a row from the corners is won in
    // about 20 moves (five in a row is drawn after 81, 24 s of fixed work).
    let built_in = fixed_work_games(("hard", "hard", "1"), board, "3", "a1 i9 b2");
    assert!(built_in[0].as_array().unwrap().len() > 10, "{built_in:?}");
    let brain = brain();
    let played = fixed_work_games((&brain, "hard", "1"), board, "3", "a1 i9 b2");
    assert_eq!(played, built_in);
}

/// The games of a `--record` file: each game's tags and its move list (result token last).
fn read_record(text: &str) -> Vec<(std::collections::HashMap<String, String>, Vec<String>)> {
    let mut games = Vec::new();
    for block in text.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let mut tags = std::collections::HashMap::new();
        let mut moves = Vec::new();
        for line in block.lines() {
            if let Some(tag) = line.strip_prefix('[') {
                let (name, value) = tag.trim_end_matches(']').split_once(' ').unwrap();
                tags.insert(name.to_string(), value.trim_matches('"').to_string());
            } else {
                moves = line.split_whitespace().map(String::from).collect();
            }
        }
        games.push((tags, moves));
    }
    games
}

#[test]
fn the_record_reads_back_and_analyze_names_each_losing_move() {
    use mnk_engine::{Board, Outcome, Rules, Side};
    let tmp = Scratch::new("record");
    let file = tmp.0.join("games.pgn");
    let v = run_json(&[
        "--x",
        "hard",
        "--o",
        "random",
        "--games",
        "2",
        "--size",
        "9x9",
        "--k",
        "4",
        "--record",
        &file.display().to_string(),
        "--analyze",
    ]);
    let games = read_record(&std::fs::read_to_string(&file).unwrap());
    assert_eq!(games.len(), 2);
    for (i, (tags, moves)) in games.iter().enumerate() {
        let result = &v["results"][i];
        assert_eq!(tags["Game"], (i + 1).to_string());
        assert_eq!(tags["Size"], "9x9");
        assert_eq!(tags["K"], "4");
        assert_eq!(tags["Exact"], "no");
        let (x, o) = if i == 0 {
            ("hard", "random")
        } else {
            ("random", "hard")
        };
        assert_eq!((tags["X"].as_str(), tags["O"].as_str()), (x, o));
        assert_eq!(tags["Reason"], "4 in a row");
        // Replayed, the moves end the game as the record says.
        let (result_token, moves) = moves.split_last().unwrap();
        assert_eq!(result_token, &tags["Result"]);
        let mut board = Board::new(Rules::new(9, 9, Some(4)).unwrap());
        for m in moves {
            board.play(board.parse_cell(m).unwrap()).unwrap();
        }
        let winner = if i == 0 { Side::X } else { Side::O };
        assert_eq!(board.outcome(), Some(Outcome::Win(winner)));
        assert_eq!(*result_token, if i == 0 { "1-0" } else { "0-1" });
        assert_eq!(result["moves"].as_array().unwrap().len(), moves.len());
        // The loser's losing move: its own, before the end, with the winner's forced line.
        let losing = &result["losing_move"];
        assert_eq!(losing["side"], winner.other().to_string(), "{v}");
        let ply = losing["ply"].as_u64().unwrap() as usize;
        assert!(ply < moves.len(), "{v}");
        assert_eq!(losing["move"], moves[ply - 1].as_str());
        assert_eq!((ply - 1) % 2, usize::from(winner == Side::X), "{v}");
        assert!(losing["line"].as_array().unwrap().len() % 2 == 1, "{v}");
        assert!(
            tags["LosingMove"].contains(&format!("move {ply} ")),
            "{tags:?}"
        );
    }
}

#[test]
fn renju_games_are_refereed_by_renju_and_the_brain_is_told_so() {
    // Two brains told `INFO rule 4`: every game ends without a fault, and every game's moves
    // replay under Renju, where the referee refuses any move forbidden to x.
    let v = brain_against_itself(&["--rule", "renju"]);
    assert_eq!(v["rules"]["rule"], "renju", "{v}");
    let rules = mnk_engine::Rules::new(15, 15, Some(5))
        .unwrap()
        .with_rule(mnk_engine::Rule::Renju);
    for g in v["results"].as_array().unwrap() {
        assert!(g["fault"].is_null(), "{g}");
        let mut board = mnk_engine::Board::new(rules);
        for m in g["moves"].as_array().unwrap() {
            let cell = board.parse_cell(m.as_str().unwrap()).unwrap();
            board.play(cell).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
    mnk()
        .args([
            "match", "--x", "hard", "--o", "hard", "--exact", "--rule", "renju",
        ])
        .assert()
        .code(2);
}
