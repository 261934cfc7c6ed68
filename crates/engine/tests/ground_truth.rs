//! Published figures: the game-tree counts of 3x3 and 4x4/4 and the values of small boards.

use mnk_engine::exact;
use mnk_engine::Go;
use mnk_engine::SolverConfig;
use mnk_engine::DEFAULT_MEMORY_MIB;
use mnk_engine::{Algorithm, Board};
use mnk_engine::{Rules, Verdict};

fn empty(w: usize, h: usize, k: usize) -> Board {
    Board::new(Rules::new(w, h, Some(k)).unwrap())
}

#[test]
fn tic_tac_toe_counts() {
    let b = empty(3, 3, 3);
    let r = exact::count(&b, DEFAULT_MEMORY_MIB << 20, &Go::default()).unwrap();
    assert_eq!(r.nodes, 549_946);
    assert_eq!(r.games, 255_168);
    assert_eq!(r.x_wins, 131_184);
    assert_eq!(r.o_wins, 77_904);
    assert_eq!(r.draws, 46_080);
    assert_eq!(r.positions, 5_478);
    assert_eq!(r.positions_up_to_symmetry, 765);
    assert_eq!(
        r.nodes_per_ply,
        vec![1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    );
}

#[test]
fn four_by_four_counts() {
    let b = empty(4, 4, 4);
    let r = exact::count(&b, DEFAULT_MEMORY_MIB << 20, &Go::default()).unwrap();
    assert_eq!(r.positions, 9_722_011);
    assert_eq!(r.games, 15_038_733_958_272);
    assert_eq!(r.games, r.x_wins + r.o_wins + r.draws);
    assert_eq!(r.nodes, r.nodes_per_ply.iter().sum::<u128>());
}

#[test]
fn counting_is_bounded() {
    let b = empty(5, 5, 4);
    let err = exact::count(&b, 64 << 20, &Go::default()).unwrap_err();
    assert!(
        err.to_string().contains("more than the 64 MiB allowed"),
        "{err}"
    );
}

#[test]
fn counting_from_a_position() {
    let b = Board::from_text(Rules::tic_tac_toe(), "xo./.x./...").unwrap();
    let r = exact::count(&b, DEFAULT_MEMORY_MIB << 20, &Go::default()).unwrap();
    assert_eq!(r.nodes_per_ply[0], 1);
    assert_eq!(r.nodes_per_ply[1], 6);
    assert_eq!(r.games, r.x_wins + r.o_wins + r.draws);
}

#[test]
fn values_of_small_boards() {
    let solve = |w, h, k| {
        exact::solve(
            &empty(w, h, k),
            Algorithm::Solver,
            SolverConfig::default(),
            &Go::default(),
        )
        .unwrap()
        .verdict
    };
    assert_eq!(solve(3, 3, 3), Verdict::Draw);
    assert_eq!(solve(4, 4, 4), Verdict::Draw);
    assert!(matches!(solve(4, 4, 3), Verdict::Win(_)));
    assert!(matches!(solve(4, 3, 3), Verdict::Win(_)));
    assert_eq!(solve(5, 4, 4), Verdict::Draw);
}

#[test]
fn textbook_searches_agree_on_the_empty_board() {
    let b = empty(3, 3, 3);
    for algo in [Algorithm::Minimax, Algorithm::AlphaBeta, Algorithm::Solver] {
        let r = exact::solve(&b, algo, SolverConfig::default(), &Go::default()).unwrap();
        assert_eq!(r.verdict, Verdict::Draw, "{algo:?}");
        assert_eq!(r.best_moves, (0..9).collect::<Vec<_>>(), "{algo:?}");
    }
}
