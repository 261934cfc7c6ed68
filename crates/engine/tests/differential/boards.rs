//! Random positions of small boards: every search against plain minimax (the reference).

use mnk_engine::exact;
use mnk_engine::internals::Budget;
use mnk_engine::internals::Solver;
use mnk_engine::internals::{MoveOrder, Scoring};
use mnk_engine::search::{TextbookOptions, TextbookSearch};
use mnk_engine::Evaluator;
use mnk_engine::Go;
use mnk_engine::SolverConfig;
use mnk_engine::{Algorithm, Board};
use mnk_engine::{Rules, Side, Verdict};
use proptest::prelude::*;

/// A random unfinished position reached by random play, with at most `max_empty` empty cells
/// so that minimax stays cheap.
pub(crate) fn random_position(
    w: usize,
    h: usize,
    k: usize,
    choices: &[usize],
    max_empty: usize,
) -> Option<Board> {
    let mut board = Board::new(Rules::new(w, h, Some(k)).unwrap());
    for &c in choices {
        if board.legal_moves().len() <= max_empty {
            break;
        }
        let legal = board.legal_moves();
        board.play(legal[c % legal.len()]).unwrap();
        if board.is_over() {
            board.undo().unwrap();
            // Playing on would end the game; try the next choice from here.
            continue;
        }
    }
    (board.legal_moves().len() <= max_empty && !board.is_over()).then_some(board)
}

fn configs() -> Vec<SolverConfig> {
    let mut out = Vec::new();
    for symmetry in [true, false] {
        for threats in [true, false] {
            for hash_mib in [4, 0] {
                out.push(SolverConfig {
                    hash_mib,
                    symmetry,
                    threats,
                    threads: 1,
                });
            }
        }
    }
    // Two threads sharing one table.
    out.push(SolverConfig {
        threads: 2,
        hash_mib: 2,
        ..crate::small_table()
    });
    out
}

fn check(board: &Board) -> Result<(), TestCaseError> {
    let reference = crate::solved(board, Algorithm::Minimax);
    let ab = crate::solved(board, Algorithm::AlphaBeta);
    prop_assert_eq!(
        ab.verdict,
        reference.verdict,
        "alpha-beta on {}",
        board.to_text()
    );
    prop_assert_eq!(&ab.best_moves, &reference.best_moves);
    for config in configs() {
        let r = exact::solve(board, Algorithm::Solver, config, &Go::default()).unwrap();
        prop_assert_eq!(
            r.verdict,
            reference.verdict,
            "{:?} on {}",
            config,
            board.to_text()
        );
        prop_assert_eq!(
            &r.best_moves,
            &reference.best_moves,
            "{:?} on {}",
            config,
            board.to_text()
        );
    }
    // A table of four buckets is overwritten constantly; values must not change.
    let mut tiny = Solver::<u64>::with_table_buckets(crate::small_table(), 4);
    let s = tiny
        .solve(
            mnk_engine::internals::small(board).unwrap(),
            &Budget::unlimited(),
        )
        .unwrap();
    prop_assert_eq!(s.verdict, reference.verdict);
    // Every move's exact value: the best ones are exactly the solver's best moves.
    let (moves, _) = exact::solve_moves(board, crate::small_table(), &Go::default()).unwrap();
    let top = moves.iter().map(|m| m.score).max().unwrap();
    let best: Vec<usize> = moves
        .iter()
        .filter(|m| m.score == top)
        .map(|m| m.cell)
        .collect();
    prop_assert_eq!(&best, &reference.best_moves);
    prop_assert_eq!(
        moves.iter().find(|m| m.score == top).unwrap().verdict,
        reference.verdict
    );
    check_depth_limited(board, &reference.best_moves)
}

/// The depth-limited textbook searches (with the open-lines estimate at the horizon) run to
/// the end of the game are exact: minimax's value and best moves, in either move order. At
/// every shallower depth alpha-beta still equals minimax on the estimated values.
fn check_depth_limited(board: &Board, best: &[usize]) -> Result<(), TestCaseError> {
    let exact = mnk_engine::internals::textbook(
        board,
        TextbookSearch::Minimax,
        TextbookOptions::default(),
        Scoring::Distance,
        MoveOrder::CellIndex,
        Evaluator::Zero,
    );
    let empty = board.legal_moves().len() as u32;
    for algorithm in TextbookSearch::BOTH {
        for order in [MoveOrder::CellIndex, MoveOrder::Informed] {
            let limits = TextbookOptions {
                depth: Some(empty),
                all_best: true,
            };
            let r = mnk_engine::internals::textbook(
                board,
                algorithm,
                limits,
                Scoring::Distance,
                order,
                Evaluator::OpenLines,
            );
            prop_assert!(
                r.exact(),
                "{:?} {:?} on {}",
                algorithm,
                order,
                board.to_text()
            );
            prop_assert_eq!(
                r.value,
                exact.value,
                "{:?} {:?} on {}",
                algorithm,
                order,
                board.to_text()
            );
            let mut moves = r.best_moves.clone();
            moves.sort_unstable();
            prop_assert_eq!(
                &moves,
                best,
                "{:?} {:?} on {}",
                algorithm,
                order,
                board.to_text()
            );
        }
    }
    for depth in 1..empty.min(4) {
        let limits = TextbookOptions {
            depth: Some(depth),
            all_best: true,
        };
        let search = |algorithm, order| {
            mnk_engine::internals::textbook(
                board,
                algorithm,
                limits,
                Scoring::Distance,
                order,
                Evaluator::OpenLines,
            )
        };
        let mm = search(TextbookSearch::Minimax, MoveOrder::CellIndex);
        for order in [MoveOrder::CellIndex, MoveOrder::Informed] {
            let ab = search(TextbookSearch::AlphaBeta, order);
            prop_assert_eq!(
                ab.value,
                mm.value,
                "depth {} {:?} on {}",
                depth,
                order,
                board.to_text()
            );
            let (mut a, mut m) = (ab.best_moves.clone(), mm.best_moves.clone());
            a.sort_unstable();
            m.sort_unstable();
            prop_assert_eq!(a, m, "depth {} {:?} on {}", depth, order, board.to_text());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]
    #[test]
    fn solver_equals_minimax_on_3x3(stones in 0usize..8, choices in proptest::collection::vec(0usize..1000, 9)) {
        // Any number of stones: with at most 9 empty cells asked for, every case was the
        // empty board.
        if let Some(b) = random_position(3, 3, 3, &choices, 9 - stones) { check(&b)?; }
    }

    #[test]
    fn solver_equals_minimax_on_4x4(k in 2usize..=4, choices in proptest::collection::vec(0usize..1000, 16)) {
        if let Some(b) = random_position(4, 4, k, &choices, 9) { check(&b)?; }
    }

    #[test]
    fn solver_equals_minimax_on_boards_up_to_4x4(w in 1usize..=4, h in 1usize..=4, k in 1usize..=4, choices in proptest::collection::vec(0usize..1000, 16)) {
        prop_assume!(k <= w.max(h));
        if let Some(b) = random_position(w, h, k, &choices, 9) { check(&b)?; }
    }
}

/// Perfect play from `board` to the end, always the first best move.
fn play_out_perfectly(mut board: Board) -> Board {
    while !board.is_over() {
        let r = crate::solved(&board, Algorithm::Solver);
        board.play(r.best_moves[0]).unwrap();
    }
    board
}

#[test]
fn perfect_self_play_on_3x3_draws_from_every_opening() {
    for opening in 0..9 {
        let mut board = Board::new(Rules::tic_tac_toe());
        board.play(opening).unwrap();
        let end = play_out_perfectly(board);
        assert_eq!(
            end.outcome(),
            Some(mnk_engine::Outcome::Draw),
            "opening {opening}"
        );
    }
}

#[test]
fn perfect_never_loses_to_random() {
    // A small deterministic generator keeps the games reproducible.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    for (w, h, k, games) in [(3, 3, 3, 200), (4, 4, 3, 40), (4, 4, 4, 10)] {
        for game in 0..games {
            let perfect = if game % 2 == 0 { Side::X } else { Side::O };
            let mut board = Board::new(Rules::new(w, h, Some(k)).unwrap());
            let start = crate::solved(&board, Algorithm::Solver).verdict;
            while !board.is_over() {
                let cell = if board.to_move() == perfect {
                    crate::solved(&board, Algorithm::Solver).best_moves[0]
                } else {
                    let legal = board.legal_moves();
                    legal[next(legal.len())]
                };
                board.play(cell).unwrap();
            }
            match board.outcome().unwrap() {
                mnk_engine::Outcome::Win(side) => {
                    // Perfect can only lose a game that was lost for it from the start: as o on
                    // a first-player win, where random x happened to play well enough.
                    let lost_from_start = perfect == Side::O && matches!(start, Verdict::Win(_));
                    assert!(
                        side == perfect || lost_from_start,
                        "{w}x{h}/{k} game {game}"
                    )
                }
                mnk_engine::Outcome::Draw => {
                    // A first-player win must be converted when perfect moves first.
                    assert!(
                        !(perfect == Side::X && matches!(start, Verdict::Win(_))),
                        "{w}x{h}/{k} game {game}"
                    )
                }
            }
        }
    }
}
