//! End-to-end tests of `mnk play` on the real binary with piped standard input, including one
//! regression test for each known fault of the seed programs.

use assert_cmd::Command;

/// Runs `mnk` with these arguments and this standard input; returns stdout, asserting exit 0.
fn play(args: &[&str], input: &str) -> String {
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Every cell number of the board, one per line: a human who tries each cell in turn (taken
/// cells are refused and the next line is tried).
fn every_cell(cells: usize) -> String {
    (1..=cells).map(|n| format!("{n}\n")).collect()
}

/// The lines saying which computer move was valued how (`--explain`).
fn value_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("  Values for"))
        .collect()
}

#[test]
fn help_says_that_no_command_starts_a_game() {
    let out = play(&["--help"], "");
    assert!(
        out.contains(
            "With no command, mnk starts a game of tic-tac-toe: you are x and move first, the \
             computer\nplays o perfectly. In a terminal it is the full-screen game (mnk tui)"
        ),
        "{out}"
    );
}

#[test]
fn no_arguments_starts_tic_tac_toe_you_first_against_perfect() {
    let out = play(&[], "b2\n");
    assert!(out.starts_with("Tic-tac-toe. x (you) against o (computer, perfect); x moves first."));
    assert!(out.contains("cell numbers"));
    assert!(out.contains("x (you) to move: b2\nx plays b2.\no (computer, perfect) plays"));
    assert!(out.ends_with("End of input. Goodbye.\n"), "{out}");
}

#[test]
fn scripted_humans_never_beat_perfect_on_3x3_or_4x4() {
    for seed in ["1", "2", "3"] {
        for (size, cells) in [("3x3", 9), ("4x4", 16)] {
            for first in ["x", "o"] {
                let out = play(
                    &["play", "--size", size, "--first", first, "--seed", seed],
                    &every_cell(cells),
                );
                assert!(
                    !out.contains("You win"),
                    "{size} {first} first, seed {seed}:\n{out}"
                );
                assert!(out.contains("The computer wins.") || out.contains("draw"));
            }
        }
    }
}

#[test]
fn perfect_punishes_a_blunder_by_the_fastest_route() {
    // x tries a3, b3, c3...: after the blunder b3 the computer blocks and then takes its win
    // at once, never a slower one.
    let out = play(&["play", "--explain", "--seed", "4"], &every_cell(9));
    assert!(out.contains("The computer wins."), "{out}");
    let values = value_lines(&out);
    let last = values.last().unwrap();
    assert!(last.contains("win in 1 ply,"), "{last}");
    for line in values {
        // The chosen (first listed) value is never worse than any other listed.
        if line.contains("win in 1 ply") {
            assert!(line.split(": ").nth(1).unwrap().contains(" win in 1 ply"));
        }
    }
}

#[test]
fn perfect_against_perfect_draws_on_3x3_and_4x4() {
    for size in ["3x3", "4x4"] {
        let out = play(
            &["play", "--size", size, "--x", "perfect", "--o", "perfect"],
            "",
        );
        assert!(out.contains("The game is a draw."), "{size}:\n{out}");
        assert!(out.ends_with("Play again? (y/n): \nEnd of input. Goodbye.\n"));
    }
}

#[test]
fn depth_2_against_perfect_is_played_to_a_legal_end_and_recorded() {
    let dir = tempdir();
    let file = dir.join("d2.txt");
    let path = file.to_str().unwrap();
    let out = play(
        &[
            "play", "--size", "4x4", "--x", "depth:2", "--o", "perfect", "--record", path,
        ],
        "n\n",
    );
    assert!(out.contains("x (computer, depth:2) plays"));
    assert!(!out.contains("x wins"), "{out}");
    assert!(out.contains("o wins with") || out.contains("draw"));
    assert!(out.ends_with("Goodbye.\n"));
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("mnk-record 1\nrules 4x4 k4\nx depth:2\no perfect\nfirst x\n"));
    assert!(record.contains("\nresult o\n") || record.contains("\nresult draw\n"));
}

#[test]
fn bad_input_gets_a_reason_and_the_same_prompt() {
    let input = "\n   \nhello\n0\n10\nd1\na0\nz\n\u{1F4A5}\nb2\nb2\n5\nundo\nfoo bar\nquit\n";
    let out = play(&["play", "--x", "human", "--o", "human"], input);
    assert_eq!(out.matches("Please type a move").count(), 2);
    for bad in ["hello", "0", "10", "d1", "a0", "z", "\u{1F4A5}", "foo bar"] {
        assert!(
            out.contains(&format!("'{bad}' is not a move: write a column letter")),
            "{bad}:\n{out}"
        );
    }
    assert_eq!(
        out.matches("Cell b2 is already taken. Choose an empty cell.")
            .count(),
        2
    );
    assert!(out.contains("Took back b2."));
    // Every refusal is followed by the same prompt.
    assert_eq!(out.matches("x (human) to move: ").count(), 12);
    assert_eq!(out.matches("o (human) to move: ").count(), 3);
    assert!(out.ends_with("Goodbye.\n"));
}

#[test]
fn non_utf8_input_is_refused_like_any_other() {
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .arg("play")
        .write_stdin(&b"\xff\xfe\nb2\n"[..])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("is not a move"));
    assert!(text.contains("x plays b2."));
}

#[test]
fn end_of_input_ends_cleanly_at_every_prompt() {
    // Seed fault: the Java programs crashed at the end of input.
    assert!(play(&["play"], "").ends_with("x (you) to move: \nEnd of input. Goodbye.\n"));
    let out = play(
        &["play", "--x", "random", "--o", "random", "--seed", "1"],
        "",
    );
    assert!(out.ends_with("Play again? (y/n): \nEnd of input. Goodbye.\n"));
}

#[test]
fn a_human_win_ends_the_game_and_later_moves_are_refused() {
    // Seed fault: the Python program never ended the game when the human won. With k=2 the
    // first player wins on the second move whatever the computer does.
    let out = play(
        &["play", "--k", "2", "--o", "random", "--seed", "9"],
        "b2\na1\nc3\nc1\nn\n",
    );
    assert!(out.contains("x wins with"), "{out}");
    assert!(out.contains("You win!"));
    assert!(out.contains("The game is over (x won): answer y to play again or n to stop."));
    assert!(out.ends_with("Goodbye.\n"));
}

#[test]
fn the_ninth_move_that_completes_a_line_wins() {
    // Seed fault: the 3x3 Java program scored the human's winning ninth move as a draw.
    let out = play(
        &["play", "--o", "human"],
        "a1\nb1\nc1\na3\nb2\nb3\na2\nc2\nc3\n",
    );
    assert!(out.contains("x wins with c3 b2 a1."), "{out}");
    assert!(!out.contains("draw"));
    // The winning line is marked in capitals.
    assert!(out.contains("3  o o X 3"), "{out}");
}

#[test]
fn o_can_move_first_with_the_human_as_x() {
    let out = play(&["play", "--first", "o", "--seed", "5"], "");
    assert!(out.contains("o moves first"));
    let first_move = out.lines().find(|l| l.contains(" plays ")).unwrap();
    assert!(
        first_move.starts_with("o (computer, perfect) plays"),
        "{first_move}"
    );
    assert!(out.contains("x (you) to move: "));
}

#[test]
fn the_symbols_can_be_swapped() {
    let out = play(
        &["play", "--x", "perfect", "--o", "human", "--seed", "5"],
        "",
    );
    assert!(out.contains("x (computer, perfect) against o (you)"));
    assert!(out.contains("o (you) to move: "));
}

#[test]
fn undo_takes_back_a_move_and_the_reply_and_hint_names_a_best_move() {
    let out = play(&["play", "--seed", "2"], "undo\na1\nhint\nundo\nb2\n");
    assert!(out.contains("There is no move of yours to take back."));
    assert!(out.contains("Hint: "));
    assert!(out.contains(", draw for x"));
    assert!(out.contains("Took back ") && out.contains(" and a1."));
    assert!(out.contains("x plays b2."));
    // Undo after the end resumes the game.
    let out = play(
        &["play", "--k", "2", "--o", "human"],
        "b2\na1\nc3\nundo\nb3\nn\n",
    );
    assert!(out.contains("Took back c3."));
    assert!(out.contains("x wins with b3 b2."), "{out}");
}

#[test]
fn a_recorded_game_loads_and_carries_on() {
    let dir = tempdir();
    let file = dir.join("game.txt");
    let path = file.to_str().unwrap();
    let out = play(
        &[
            "play", "--size", "4x4", "--o", "depth:1", "--seed", "3", "--record", path,
        ],
        "b2\nquit\n",
    );
    assert!(out.contains("The unfinished game is saved in"));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.starts_with("mnk-record 1\nrules 4x4 k4\nx human\no depth:1\nfirst x\nmoves b2 "));
    assert!(saved.ends_with("result unfinished\n"));
    let out = play(&["play", "--load", path, "--record", path], "hint\nquit\n");
    assert!(out.contains("Loaded a game of 2 moves: b2 "), "{out}");
    assert!(out.contains("x (you) to move: hint"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), saved);
    // A record the computer finishes: load it with new players.
    let out = play(
        &["play", "--load", path, "--x", "perfect", "--o", "perfect"],
        "n\n",
    );
    assert!(out.contains("The game is a draw.") || out.contains("wins with"));
}

#[test]
fn a_loaded_game_keeps_saving_to_its_file_unless_told_otherwise() {
    let dir = tempdir();
    let file = dir.join("g.rec");
    let path = file.to_str().unwrap();
    let start = "# my game\nmnk-record 1\nrules 3x3\nx human\no human\nmoves b2\n";
    std::fs::write(&file, start).unwrap();
    // Loading alone rewrites nothing: the file already holds the game, comments and all.
    play(&["play", "--load", path], "quit\n");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), start);
    // --no-record: the move is not saved anywhere.
    let out = play(&["play", "--load", path, "--no-record"], "a1\nquit\n");
    assert!(out.contains("o plays a1."), "{out}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), start);
    // --record OTHER: saved there, the loaded file left alone.
    let other = dir.join("other.rec");
    let out = play(
        &["play", "--load", path, "--record", other.to_str().unwrap()],
        "a1\nquit\n",
    );
    assert!(
        out.contains(&format!("saved in {}", other.display())),
        "{out}"
    );
    assert!(std::fs::read_to_string(&other)
        .unwrap()
        .contains("moves b2 a1\n"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), start);
    // Neither: every move goes back into the file it came from.
    let out = play(&["play", "--load", path], "a1\nquit\n");
    assert!(
        out.contains(&format!("The unfinished game is saved in {path}")),
        "{out}"
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("moves b2 a1\nresult unfinished\n"),
        "{saved}"
    );
    // Both at once is a mistake.
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .args(["play", "--load", path, "--record", path, "--no-record"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_bad_record_or_player_is_one_sentence_and_exit_2() {
    let dir = tempdir();
    let file = dir.join("bad.txt");
    std::fs::write(&file, "mnk-record 1\nrules 3x3\nmoves b2 b2\n").unwrap();
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .args(["play", "--load", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 3: cell b2 is already taken"), "{err}");
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .args(["play", "--x", "robot"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'robot' is not a player"));
}

#[test]
fn a_seed_replays_the_same_game() {
    let args = [
        "play", "--size", "4x4", "--x", "random", "--o", "medium", "--seed", "77",
    ];
    assert_eq!(play(&args, ""), play(&args, ""));
}

#[test]
fn big_boards_answer_under_a_time_limit_or_repeat_exactly_without_one() {
    // A time limit per move: the computer answers every move (how fast is a benchmark's
    // business, not this test's).
    let out = play(
        &[
            "play",
            "--size",
            "15x15",
            "--o",
            "hard",
            "--time-per-move",
            "50",
        ],
        // a1 is far from h8: the reply to the first stone (a random neighbour) cannot take it.
        "h8\na1\nquit\n",
    );
    assert_eq!(out.matches("o (computer, hard) plays").count(), 2, "{out}");
    // No limit: a fixed amount of search, so a seed gives the same game.
    let args = [
        "play",
        "--size",
        "9x9",
        "--k",
        "4",
        "--x",
        "hard",
        "--o",
        "perfect",
        "--seed",
        "5",
        "--time-per-move",
        "0",
    ];
    let game = play(&args, "");
    assert!(game.contains("wins") || game.contains("draw"), "{game}");
    assert_eq!(game, play(&args, ""));
}

#[test]
fn play_again_starts_a_new_game() {
    let out = play(
        &["play", "--x", "perfect", "--o", "perfect", "--seed", "1"],
        "maybe\ny\nn\n",
    );
    assert!(out.contains("The game is over (a draw): answer y to play again or n to stop."));
    assert!(out.contains("New game."));
    assert_eq!(out.matches("The game is a draw.").count(), 2);
}

/// A fresh directory under the target directory for files a test writes.
fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "mnk-play-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn explain_says_exact_only_of_proven_moves() {
    // 4x4/4: every move proven.
    let out = play(
        &[
            "play",
            "--size",
            "4x4",
            "--k",
            "4",
            "--x",
            "perfect",
            "--o",
            "perfect",
            "--explain",
        ],
        "",
    );
    let work: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  Searched"))
        .collect();
    assert_eq!(work.len(), 16, "{out}");
    assert!(
        work.iter().all(|l| l.contains("(exact solver: proven)")),
        "{out}"
    );
    // 8x8/5 from empty: the solver proves nothing within the move's work, the search plays
    // and says its value is an estimate.
    let out = play(
        &[
            "play",
            "--size",
            "8x8",
            "--k",
            "5",
            "--x",
            "perfect",
            "--o",
            "human",
            "--explain",
            "--time-per-move",
            "0",
        ],
        "",
    );
    let first = out
        .lines()
        .find(|l| l.starts_with("  Searched"))
        .expect(&out);
    assert!(first.contains("an estimate, not proven"), "{out}");
    assert!(!first.contains("exact"), "{out}");
    // The reply to the first stone on a big board is chosen among its neighbours, unsearched,
    // and says so (not "search, 0 plies deep").
    let out = play(
        &[
            "play",
            "--size",
            "15x15",
            "--x",
            "human",
            "--o",
            "hard",
            "--explain",
            "--seed",
            "5",
        ],
        "h8\nquit\n",
    );
    let reply = out
        .lines()
        .find(|l| l.starts_with("  Searched"))
        .expect(&out);
    assert!(
        reply.contains("(opening move, not searched: an estimate, not proven)"),
        "{out}"
    );
}

#[test]
fn help_describes_every_level_as_the_tui_and_the_page_do() {
    use mnk_engine::ai::Level;
    let help = play(&["play", "--help"], "");
    let page = include_str!("../../web/src/assets/strings-en.js");
    for (name, level) in [
        ("perfect", Level::Perfect),
        ("hard", Level::Hard),
        ("medium", Level::Depth(2)),
        ("easy", Level::Depth(1)),
        ("random", Level::Random),
    ] {
        let sentence = level.description();
        assert!(
            help.contains(&format!("{name:<8} {sentence}")),
            "{name}: {help}"
        );
        let key = format!("help_level_{name}: {sentence:?},");
        assert!(page.contains(&key), "the page's {name}: {key}");
    }
    let depth = Level::Depth(7).description().replace('7', "N");
    assert!(help.contains(&format!("depth:N  {depth}")), "{help}");
    assert!(page.contains(&format!("help_level_depth: {depth:?},")));
}

#[test]
fn under_renju_x_is_shown_and_refused_its_forbidden_points() {
    // x: i8 j8 h7 h6, so h8 would make two open threes; o plays far away.
    let input = "i8\na1\nj8\na3\nh7\na5\nh6\na7\nh8\ng8\nquit\n";
    let out = play(
        &["play", "--size", "15x15", "--rule", "renju", "--o", "human"],
        input,
    );
    assert!(
        out.contains("Renju: x wins with exactly 5 in a row"),
        "{out}"
    );
    assert!(
        out.contains("Forbidden to x under Renju: h8 (double three)."),
        "{out}"
    );
    assert!(
        out.contains("H8 is forbidden to x under Renju: it would make a double three"),
        "{out}"
    );
    assert!(out.contains("x plays g8."), "{out}");
    // Renju binds the first player, x: o first is refused in one sentence.
    let out = Command::cargo_bin("mnk")
        .unwrap()
        .args(["play", "--rule", "renju", "--first", "o"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Renju x (black) moves first"));
}
