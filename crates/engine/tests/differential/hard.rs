//! The one `hard` level (the threat-pattern search, on every board size) against the exact
//! solver on random positions of small boards: it never misses a win in one, never fails to
//! block a single threat, and never walks into a double threat it could avoid.

use crate::boards::random_position;
use mnk_engine::ai::{Level, Thinker};
use mnk_engine::exact;
use mnk_engine::Go;
use mnk_engine::{Board, Verdict};
use proptest::prelude::*;

/// The exact value, for the mover, of every legal move of `board`.
fn values(board: &Board) -> Vec<(usize, Verdict)> {
    let (moves, _) = exact::solve_moves(board, crate::small_table(), &Go::default())
        .expect("a small unfinished position");
    moves.iter().map(|m| (m.cell, m.verdict)).collect()
}

/// Whether a move of this value loses within `plies` (counted from before it).
fn loses_within(v: Verdict, plies: u32) -> bool {
    matches!(v, Verdict::Loss(p) if p <= plies)
}

fn check_hard(board: &Board) -> Result<(), TestCaseError> {
    let all = values(board);
    let mut thinker = Thinker::new();
    let cell = thinker
        .think(board, Level::Hard, &Go::default())
        .expect("hard answers")
        .cell;
    let chosen = all
        .iter()
        .find(|(c, _)| *c == cell)
        .expect("a legal move")
        .1;
    let text = board.to_text();
    let name = board.cell_name(cell);
    // A win in one is taken.
    if all.iter().any(|(_, v)| *v == Verdict::Win(1)) {
        prop_assert_eq!(chosen, Verdict::Win(1), "{} missed a win: {}", text, name);
    }
    // A single threat is blocked, and a double threat is not walked into, when some move
    // avoids it: the opponent's win comes two plies later (a missed block) or four (a fork).
    for plies in [2, 4] {
        if all.iter().any(|(_, v)| !loses_within(*v, plies)) {
            prop_assert!(
                !loses_within(chosen, plies),
                "{} played {} ({}) though a move holds out longer",
                text,
                name,
                chosen
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn hard_takes_wins_blocks_threats_and_avoids_forks(
        choices in proptest::collection::vec(0usize..64, 0..30),
        board in 0usize..5,
        empty in 3usize..12,
    ) {
        let (w, h, k) = [(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4), (5, 4, 4)][board];
        if let Some(b) = random_position(w, h, k, &choices, empty) {
            check_hard(&b)?;
        }
    }
}
