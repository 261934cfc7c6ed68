//! Protocol transcripts run through the brain in-process.

use crate::brain::Brain;
use mnk_engine::exact;
use mnk_engine::proof::Prover;
use mnk_engine::Go;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Feeds `lines` and returns every answer line.
fn transcript(brain: &mut Brain, lines: &[&str]) -> Vec<String> {
    let abort = Arc::new(AtomicBool::new(false));
    let mut out = Vec::new();
    for line in lines {
        if !brain.handle(line, &abort, &mut out) {
            out.push("<quit>".into());
            break;
        }
    }
    out
}

fn coords(answer: &str) -> (usize, usize) {
    let (x, y) = answer.split_once(',').expect("a move");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn start_begin_turn_about_end() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &[
            "START 15\r",
            "INFO timeout_turn 200",
            "BEGIN",
            "ABOUT",
            "END",
            "ABOUT",
        ],
    );
    assert_eq!(out[0], "OK");
    assert_eq!(coords(&out[1]), (7, 7));
    assert!(out[2].starts_with("name=\"pbrain-mnk\""));
    assert_eq!(out[3], "<quit>");
    assert_eq!(out.len(), 4);
}

#[test]
fn turns_are_answered_on_empty_cells_and_bad_turns_refused() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &[
            "RECTSTART 20,15",
            "INFO timeout_turn 100",
            "TURN 10,7",
            "TURN 10,7",
            "TURN 20,3",
            "TURN x",
        ],
    );
    assert_eq!(out[0], "OK");
    let (x, y) = coords(&out[1]);
    assert!(x < 20 && y < 15 && (x, y) != (10, 7));
    assert!(
        out[2].starts_with("ERROR") && out[2].contains("taken"),
        "{}",
        out[2]
    );
    assert!(
        out[3].starts_with("ERROR") && out[3].contains("off"),
        "{}",
        out[3]
    );
    assert!(out[4].starts_with("ERROR"));
}

#[test]
fn board_blocks_win_block_and_refuse_inconsistent_stones() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &[
            "START 15",
            "INFO timeout_turn 300",
            // Own four on row 3 (x = 3..6): the brain must complete it.
            "BOARD",
            "3,3,1",
            "4,3,1",
            "5,3,1",
            "6,3,1",
            "3,5,2",
            "4,5,2",
            "5,5,2",
            "9,9,2",
            "DONE",
        ],
    );
    assert_eq!(out[0], "OK");
    assert!(["2,3", "7,3"].contains(&out[1].as_str()), "{}", out[1]);
    let out = transcript(
        &mut b,
        &[
            "RESTART", "BOARD", "3,3,2", "4,3,2", "5,3,2", "6,3,2", "3,5,1", "4,5,1", "9,9,1",
            "DONE",
        ],
    );
    assert_eq!(out[0], "OK");
    assert!(["2,3", "7,3"].contains(&out[1].as_str()), "{}", out[1]);
    for bad in [
        vec!["BOARD", "1,1,1", "2,2,1", "DONE"],
        vec!["BOARD", "1,1,1", "1,1,2", "DONE"],
        vec!["BOARD", "15,1,2", "DONE"],
        vec!["BOARD", "1,1", "DONE"],
    ] {
        let out = transcript(&mut b, &bad);
        assert!(out[0].starts_with("ERROR"), "{bad:?} -> {out:?}");
    }
}

#[test]
fn takeback_restart_info_and_unknown() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &[
            "TURN 1,1",
            "RESTART",
            "START 3",
            "START 15",
            "INFO timeout_turn fast",
            "INFO rule 1",
            "INFO game_type 1",
            "INFO max_memory 83886080",
            "INFO timeout_turn 100",
            "TURN 7,7",
            "TAKEBACK 7,7",
            "TAKEBACK 0,0",
            "SWAP2BOARD",
            "",
        ],
    );
    assert!(out[0].starts_with("ERROR"), "{out:?}");
    assert!(out[1].starts_with("ERROR"));
    assert!(out[2].starts_with("ERROR"));
    assert_eq!(out[3], "OK");
    assert!(out[4].starts_with("ERROR"));
    coords(&out[5]);
    assert_eq!(out[6], "OK");
    assert!(out[7].starts_with("ERROR"));
    assert!(out[8].starts_with("UNKNOWN"));
    assert_eq!(out.len(), 9);
}

#[test]
fn a_small_budget_still_answers_legal_moves() {
    let mut b = Brain::with_caps(crate::Caps {
        hash_mib: 1,
        max_depth: 2,
        max_nodes: 1024,
        threat_nodes: Some(200),
    });
    // A turn limit far beyond the test: the node budget must end each search.
    let out = transcript(
        &mut b,
        &[
            "START 15",
            "INFO timeout_turn 1000000",
            "INFO max_memory 1000000000",
            "BEGIN",
            "TURN 0,0",
        ],
    );
    assert_eq!(out[0], "OK");
    let (first, second) = (coords(&out[1]), coords(&out[2]));
    assert!(first != second && second != (0, 0), "{out:?}");
}

/// Found by the `gomocup_protocol` fuzz target: with K = 26 (the `mnk_k` extension) the first
/// move took seconds whatever the turn limit, classifying line shapes no stone could complete.
#[test]
fn the_longest_k_answers_at_once() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &[
            "INFO mnk_k 26",
            "START 26",
            "INFO timeout_turn 100",
            "BEGIN",
            "TURN 0,0",
        ],
    );
    assert_eq!(out[0], "OK");
    coords(&out[1]);
    coords(&out[2]);
}

#[test]
fn takeback_undoes_the_last_move_or_lifts_an_earlier_stone_when_the_game_allows_it() {
    let mut b = Brain::new();
    let out = transcript(
        &mut b,
        &["START 15", "INFO timeout_turn 100", "BEGIN", "TURN 0,0"],
    );
    let reply = out[2].clone();
    assert_eq!(out[1], "7,7");
    // An earlier stone (the brain's first) is lifted: the cell is free to play again.
    let out = transcript(&mut b, &["TAKEBACK 7,7", "TURN 7,7"]);
    assert_eq!(out[0], "OK");
    coords(&out[1]);
    // The last moves go back one by one until the board is empty.
    let again = out[1].clone();
    let lifts = [again.as_str(), "7,7", reply.as_str(), "0,0"].map(|c| format!("TAKEBACK {c}"));
    let out = transcript(&mut b, &lifts.each_ref().map(String::as_str));
    assert_eq!(out, ["OK", "OK", "OK", "OK"], "{lifts:?}");
    let out = transcript(&mut b, &["TAKEBACK 0,0"]);
    assert!(
        out[0].starts_with("ERROR") && out[0].contains("no stone"),
        "{out:?}"
    );
}

/// x (the brain) has e8 f8 g8 h8 and j8: i8 would make six, d8 makes exactly five.
const FIVE_OR_SIX: [&str; 12] = [
    "BOARD", "4,7,1", "0,14,2", "5,7,1", "0,12,2", "6,7,1", "0,10,2", "7,7,1", "0,8,2", "9,7,1",
    "0,6,2", "DONE",
];

#[test]
fn exactly_five_is_the_rule_whether_info_comes_before_or_after_start() {
    for before in [true, false] {
        let mut b = Brain::new();
        let setup = ["INFO timeout_turn 200", "INFO rule 1"];
        let mut lines: Vec<&str> = if before {
            setup.iter().copied().chain(["START 15"]).collect()
        } else {
            ["START 15"].iter().chain(setup.iter()).copied().collect()
        };
        lines.extend(FIVE_OR_SIX);
        let out = transcript(&mut b, &lines);
        assert_eq!(out, ["OK", "3,7"], "before {before}");
    }
}

#[test]
fn under_exactly_five_the_brain_plays_on_after_an_opponents_overline() {
    // The opponent has six in a row on the top row; the brain's stones are apart.
    let mut board = vec!["BOARD"];
    let stones: Vec<String> = (0..6)
        .flat_map(|i| [format!("{},2,1", 2 * i), format!("{i},0,2")])
        .collect();
    board.extend(stones.iter().map(String::as_str));
    board.push("DONE");
    for exact in [false, true] {
        let mut b = Brain::new();
        let mut lines = vec!["START 15", "INFO timeout_turn 100"];
        if exact {
            lines.push("INFO rule 1");
        }
        lines.extend(&board);
        let out = transcript(&mut b, &lines);
        assert_eq!(out[0], "OK");
        // Freestyle: six in a row won, there is no move to make.
        assert_eq!(out[1].starts_with("ERROR"), !exact, "{out:?}");
    }
}

#[test]
fn the_row_length_told_after_start_applies_to_the_empty_board() {
    let mut b = Brain::new();
    // Four in a row wins: with f8 g8 h8 the brain completes the four at e8 or i8.
    let out = transcript(
        &mut b,
        &[
            "START 15",
            "INFO mnk_k 4",
            "INFO timeout_turn 200",
            "BOARD",
            "5,7,1",
            "0,14,2",
            "6,7,1",
            "0,12,2",
            "7,7,1",
            "0,10,2",
            "DONE",
            "TURN 0,0",
        ],
    );
    assert_eq!(out[0], "OK");
    assert!(out[1] == "4,7" || out[1] == "8,7", "{out:?}");
    assert!(out[2].starts_with("ERROR"), "the game is over: {out:?}");
}

/// A seeded brain varies its replies from seed to seed and repeats them for one seed (moves
/// bounded by nodes, so time plays no part).
#[test]
fn a_seed_varies_the_replies_and_repeats_them() {
    let play = |seed: u64| {
        let mut b = Brain::with_caps(crate::Caps {
            hash_mib: 1,
            max_depth: 64,
            max_nodes: 3_000,
            threat_nodes: Some(500),
        });
        b.set_seed(Some(seed));
        transcript(
            &mut b,
            &["START 15", "INFO timeout_turn 1000000", "TURN 7,7"],
        )
    };
    let replies: Vec<Vec<String>> = (0..12).map(play).collect();
    assert_eq!(
        replies,
        (0..12).map(play).collect::<Vec<_>>(),
        "one seed, one game"
    );
    let mut distinct: Vec<&String> = replies.iter().map(|r| &r[1]).collect();
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() >= 2, "twelve seeds, one reply: {replies:?}");
}

#[test]
fn on_a_small_freestyle_board_the_brain_plays_perfect_and_keeps_the_draw() {
    use mnk_engine::proof::ProofConfig;
    use mnk_engine::Wdl;
    use mnk_engine::{Board, Rules};
    // 6x6, five in a row (freestyle): a draw; the brain answers moves the proof search checks.
    let mut b = Brain::new();
    let mut board = Board::new(Rules::new(6, 6, Some(5)).unwrap());
    let out = transcript(&mut b, &["START 6", "INFO timeout_turn 1000", "BEGIN"]);
    assert_eq!(out[0], "OK");
    let mut answer = out.last().unwrap().clone();
    for _ in 0..6 {
        let (x, y) = coords(&answer);
        board.play(board.rules().cell(x, y)).unwrap();
        if board.is_over() {
            break;
        }
        let mut prover = Prover::new(ProofConfig {
            hash_mib: 4,
            ..ProofConfig::default()
        });
        let proof = exact::prove(&board, &mut prover, &Go::default()).unwrap();
        // After the brain's move the opponent cannot win: the draw was kept.
        assert_ne!(proof.value, Wdl::Win, "{}", board.to_text());
        // The opponent's reply: the first drawing move.
        let reply = proof.best_moves[0];
        board.play(reply).unwrap();
        let (x, y) = board.rules().col_row(reply);
        let out = transcript(&mut b, &[&format!("TURN {x},{y}")]);
        answer = out.last().unwrap().clone();
    }
}

/// The brain's own stones make h8 (7,7) a double three: under Renju it may not play there.
#[test]
fn under_renju_the_brain_never_plays_a_forbidden_point() {
    let board = [
        "BOARD", "5,7,1", "0,0,2", "6,7,1", "14,14,2", "7,5,1", "0,14,2", "7,6,1", "14,0,2", "DONE",
    ];
    for renju in [false, true] {
        let mut b = Brain::new();
        let rule = if renju { "INFO rule 4" } else { "INFO rule 0" };
        let mut lines = vec!["START 15", rule, "INFO mnk_fixed_work 1"];
        lines.extend(board);
        let out = transcript(&mut b, &lines);
        assert_eq!(out[0], "OK");
        assert_eq!(out[1] == "7,7", !renju, "renju {renju}: {out:?}");
        assert!(!out[1].starts_with("ERROR"), "{out:?}");
    }
    // The opponent as x may not play such a point either: the brain refuses the move. The
    // opponent has two: h8 (7,7) and d13 (3,2); the brain blocks one and is sent the other.
    let mut b = Brain::new();
    let mut lines = vec!["START 15", "INFO rule 4", "INFO mnk_fixed_work 1", "BOARD"];
    let x = ["5,7", "6,7", "7,5", "7,6", "1,2", "2,2", "3,3", "3,4"];
    let o = ["14,14", "14,0", "0,14", "14,7", "7,14", "10,14", "14,10"];
    let stones: Vec<String> = x
        .iter()
        .map(|c| format!("{c},2"))
        .chain(o.iter().map(|c| format!("{c},1")))
        .collect();
    lines.extend(stones.iter().map(String::as_str));
    lines.push("DONE");
    let out = transcript(&mut b, &lines);
    assert_eq!(out[0], "OK");
    let (mx, my) = out[1].split_once(',').expect("a move");
    let (mx, my): (i32, i32) = (mx.parse().unwrap(), my.parse().unwrap());
    let distance = |(px, py): (i32, i32)| (px - mx).abs().max((py - my).abs());
    let target = if distance((7, 7)) > distance((3, 2)) {
        "TURN 7,7"
    } else {
        "TURN 3,2"
    };
    let out = transcript(&mut b, &[target]);
    assert!(
        out[0].starts_with("ERROR") && out[0].contains("double three"),
        "{target}: {out:?}"
    );
}
