//! The manager's side against the real `pbrain-mnk`: a game started, the whole position sent
//! once and the moves after it, each answer a legal move; a missing program is a fault.

use mnk_engine::{Board, Rules};
use mnk_gomocup::{BrainProcess, Fault, GameSetup};
use std::path::Path;
use std::time::Duration;

fn setup() -> GameSetup {
    GameSetup {
        rules: Rules::new(9, 9, Some(5)).unwrap(),
        // Fixed work: the brain is told `mnk_fixed_work`, so the game repeats.
        per_move: Duration::ZERO,
        per_game: None,
        tolerance: Duration::from_secs(5),
        max_memory: 16 << 20,
        seed: 7,
        threads: None,
    }
}

#[test]
fn a_brain_process_plays_legal_moves_from_a_position_and_after_turns() {
    let setup = setup();
    let folder = std::env::temp_dir();
    let brain = Path::new(env!("CARGO_BIN_EXE_pbrain-mnk"));
    let mut process = BrainProcess::start(brain, &folder, &setup).expect("the brain starts");
    let mut board = Board::new(setup.rules);
    // An opening, so the first command is `BOARD`; then `TURN`s.
    for name in ["e5", "f5", "f4"] {
        board.play(board.parse_cell(name).unwrap()).unwrap();
    }
    for _ in 0..3 {
        process.settle();
        let cell = process.think(&board, None).expect("a move");
        board.play(cell).expect("a legal move");
        // The other side's reply, chosen here: the first empty cell.
        let reply = (0..81).find(|&c| board.stone(c).is_none()).unwrap();
        board.play(reply).unwrap();
    }
    process.end();
}

#[test]
fn a_missing_program_cannot_start() {
    let missing = Path::new("./no-such-brain-here");
    let fault = BrainProcess::start(missing, &std::env::temp_dir(), &setup())
        .err()
        .expect("no process");
    assert_eq!(fault, Fault::NotStarted("there is no such file".into()));
    assert_eq!(fault.reason(), "there is no such file");
}
