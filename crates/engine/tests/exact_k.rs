//! Exactly-K rules (`Rules::with_exact_k`): a line of exactly K wins, a longer one (an
//! overline) does not, on small and big boards; the searches that assume "K or more" refuse
//! such rules instead of answering wrongly, and the computer levels still play them.

use mnk_engine::ai::{Level, Thinker};
use mnk_engine::exact;
use mnk_engine::Go;
use mnk_engine::{Algorithm, Board, Outcome, Rules, SearchError, Side, SolverConfig};

fn gomoku(exact: bool) -> Rules {
    Rules::new(15, 15, Some(5)).unwrap().with_exact_k(exact)
}

/// Plays `moves` (x first) on an empty board of `rules`.
fn played(rules: Rules, moves: &[&str]) -> Board {
    let mut board = Board::new(rules);
    for m in moves {
        let cell = board.parse_cell(m).unwrap();
        board.play(cell).unwrap();
    }
    board
}

#[test]
fn exactly_five_wins_and_an_overline_does_not() {
    // x: f8 g8 h8 i8 j8, with e8 and k8 empty.
    let board = played(
        gomoku(true),
        &["f8", "a1", "g8", "a3", "h8", "a5", "i8", "a7", "j8"],
    );
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::X)));
    assert_eq!(board.winning_line().map(|l| l.len()), Some(5));
    // x: d8 f8 g8 h8 i8, then e8 fills d8..i8: six in a row.
    let six = [
        "d8", "a1", "f8", "a3", "g8", "a5", "h8", "a7", "i8", "a9", "e8",
    ];
    for exact in [false, true] {
        let board = played(gomoku(exact), &six);
        assert_eq!(board.is_over(), !exact, "exact {exact}");
    }
}

#[test]
fn a_move_that_makes_five_one_way_wins_though_it_makes_six_another_way() {
    // g8 joins c8 d8 e8 f8 (five: b8 and h8 empty) and g4 g5 g6 g7 g9 (six).
    let moves = [
        "c8", "a1", "d8", "a3", "e8", "a5", "f8", "a7", "g4", "a9", "g5", "a11", "g6", "a13", "g7",
        "o1", "g9", "o3", "g8",
    ];
    let board = played(gomoku(true), &moves);
    assert_eq!(board.outcome(), Some(Outcome::Win(Side::X)));
}

#[test]
fn from_stones_reads_an_overline_as_no_win() {
    let rules = Rules::new(7, 2, Some(3)).unwrap();
    let text = "xxxx.../o.o.o..";
    assert!(Board::from_text(rules, text).unwrap().is_over());
    let exact = Board::from_text(rules.with_exact_k(true), text).unwrap();
    assert!(!exact.is_over());
    assert_eq!(exact.to_move(), Side::O);
    assert_eq!(rules.with_exact_k(true).to_string(), "7x2, k=3 exactly");
}

#[test]
fn the_exact_searches_refuse_exactly_k_rules() {
    let board = Board::from_text(Rules::tic_tac_toe().with_exact_k(true), "x../.o./...").unwrap();
    for algorithm in [Algorithm::Solver, Algorithm::Proof, Algorithm::Auto] {
        let answer = exact::solve(&board, algorithm, SolverConfig::default(), &Go::default());
        assert!(
            matches!(answer, Err(SearchError::ExactKUnsupported { .. })),
            "{algorithm:?}: {answer:?}"
        );
    }
    assert!(matches!(
        exact::solve_moves(&board, SolverConfig::default(), &Go::default()),
        Err(SearchError::ExactKUnsupported { .. })
    ));
    assert!(matches!(
        exact::count_estimate(&board),
        Err(SearchError::ExactKUnsupported { .. })
    ));
    let counted = exact::count(&board, 1 << 20, &Go::default());
    assert!(counted.is_err());
    // Plain alpha-beta plays the game by the board's own win test, so it answers: with the
    // same value as freestyle on 3x3 (no overline fits on it).
    let free = Board::from_text(Rules::tic_tac_toe(), "x../.o./...").unwrap();
    let exact_ab = exact::solve(
        &board,
        Algorithm::AlphaBeta,
        SolverConfig::default(),
        &Go::default(),
    )
    .unwrap();
    let free_ab = exact::solve(
        &free,
        Algorithm::Solver,
        SolverConfig::default(),
        &Go::default(),
    )
    .unwrap();
    assert_eq!(exact_ab.verdict, free_ab.verdict);
}

#[test]
fn the_levels_play_exactly_k_and_take_the_five_not_the_six() {
    // x: e8 f8 g8 h8 and j8, x to move: i8 makes six (no win), d8 makes exactly five.
    let moves = ["e8", "a1", "f8", "a3", "g8", "a5", "h8", "a7", "j8", "a9"];
    let board = played(gomoku(true), &moves);
    let mut six = board.clone();
    six.play(board.parse_cell("i8").unwrap()).unwrap();
    assert!(!six.is_over());
    for level in [Level::Perfect, Level::Hard] {
        let mut thinker = Thinker::new();
        let thought = thinker
            .think(&board, level, &Go::default().with_seed(Some(1)))
            .unwrap();
        assert_eq!(board.cell_name(thought.cell), "d8", "{level:?}");
    }
    // On a small board `perfect` (whose solver refuses exactly-K) still plays, by search.
    let ttt = Board::from_text(Rules::tic_tac_toe().with_exact_k(true), "xx./oo./...").unwrap();
    let thought = Thinker::new()
        .think(&ttt, Level::Perfect, &Go::default().with_seed(Some(1)))
        .unwrap();
    assert_eq!(ttt.cell_name(thought.cell), "c3");
}
