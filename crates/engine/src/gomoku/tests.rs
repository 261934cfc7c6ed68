//! Unit tests of the big-board search on hand-made positions.

use super::*;
use crate::board::Board;
use crate::position::Side;
use crate::rules::Rules;
use crate::score::Verdict;

/// A 15x15/5 state from `(col, row)` stones of x and o, `to_move` next.
fn setup(x: &[(usize, usize)], o: &[(usize, usize)], to_move: Side) -> State {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut s = State::new(rules, false);
    for &(c, r) in x {
        s.place(rules.cell(c, r), Side::X);
    }
    for &(c, r) in o {
        s.place(rules.cell(c, r), Side::O);
    }
    s.set_to_move(to_move);
    s
}

fn think(s: &mut State, nodes: u64) -> Report {
    let never = || false;
    let limits = Limits {
        max_depth: 64,
        max_nodes: nodes,
        stop: &never,
        soft_stop: &never,
    };
    Searcher::new(8).search(s, &limits).expect("not over")
}

#[test]
fn takes_a_win_and_blocks_a_four() {
    let mut s = setup(
        &[(3, 3), (4, 3), (5, 3), (6, 3)],
        &[(3, 4), (4, 4), (5, 4)],
        Side::X,
    );
    let r = think(&mut s, 10_000);
    assert_eq!(r.reason, Reason::Win);
    assert!([2, 7].map(|c| s.rules().cell(c, 3)).contains(&r.best));
    let mut s = setup(
        &[(3, 3), (4, 3), (9, 9)],
        &[(3, 4), (4, 4), (5, 4), (6, 4)],
        Side::X,
    );
    s.place(s.rules().cell(7, 4), Side::X);
    let r = think(&mut s, 10_000);
    assert_eq!(r.best, s.rules().cell(2, 4));
}

#[test]
fn finds_a_vcf() {
    // x: two closed threes crossing at (8,5): one move makes a double four.
    let mut s = setup(
        &[(5, 5), (6, 5), (7, 5), (8, 6), (8, 7), (8, 8)],
        &[(4, 5), (8, 9), (10, 10), (11, 11), (12, 10), (12, 12)],
        Side::X,
    );
    let r = think(&mut s, 50_000);
    assert_eq!(r.reason, Reason::Vcf, "{r:?}");
    assert_eq!(r.best, s.rules().cell(8, 5));
    assert!(r.score > 0);
    // Out of time, the threat search gives up rather than overrun the move's limit.
    assert!(find_vcf(&mut s, VcfLimits::default()).is_some());
    assert_eq!(find_vcf_until(&mut s, VcfLimits::default(), &|| true), None);
}

#[test]
fn search_is_undone_and_deterministic() {
    let board = Board::from_text(
        Rules::new(15, 15, Some(5)).unwrap(),
        &"...............\n".repeat(15).trim_end().replace('\n', "/"),
    )
    .unwrap();
    let mut s = State::from_board(&board, false);
    s.play(112);
    s.play(113);
    let hash = s.hash();
    let a = think(&mut s, 20_000);
    let b = think(&mut s, 20_000);
    assert_eq!(a, b);
    assert_eq!(s.hash(), hash);
    assert!(s.is_empty(a.best));
}

/// The board after `moves` (notation) on 15x15/5.
fn board_after(moves: &str) -> Board {
    let mut board = Board::new(Rules::new(15, 15, Some(5)).unwrap());
    for m in moves.split_whitespace() {
        let cell = board.parse_move(m).unwrap();
        board.play(cell).unwrap();
    }
    board
}

#[test]
fn an_open_four_is_a_win_in_three_not_one() {
    // Issue 17: o's f6 makes an open four (f6 g6 h6 i6): x blocks one end, o completes the
    // other, so the win is 3 plies away; it was reported as a win in 1.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7");
    let thought = BigBoardPlayer::default().think(&board, None).unwrap();
    assert_eq!(board.move_name(thought.cell), "f6");
    assert_eq!(thought.verdict, Some(Verdict::Win(3)));
    // x, facing the open four, has lost: its block and o's fifth stone.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7 f6");
    let thought = BigBoardPlayer::default().think(&board, None).unwrap();
    assert_eq!(thought.verdict, Some(Verdict::Loss(2)));
    // A completing move is a win in 1.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7 f6 e6");
    let thought = BigBoardPlayer::default().think(&board, None).unwrap();
    assert_eq!(board.move_name(thought.cell), "j6");
    assert_eq!(thought.verdict, Some(Verdict::Win(1)));
}

#[test]
fn a_decisive_tree_search_score_is_only_an_estimate() {
    let report = |reason, score| Report {
        best: 0,
        score,
        depth: 3,
        nodes: 100,
        pv: vec![0],
        reason,
    };
    let mate_soon = crate::score::MATE - 15;
    // The tree search looks at a few moves per node: its "win" is not a proof.
    for score in [mate_soon, -mate_soon] {
        let v = player::verdict(&report(Reason::Search, score), 10);
        assert_eq!(
            v,
            Verdict::Estimate(score.signum() * search::EVAL_LIMIT),
            "{score}"
        );
    }
    assert_eq!(
        player::verdict(&report(Reason::Search, 35), 10),
        Verdict::Estimate(35)
    );
    // The search's own proofs keep their distance.
    assert_eq!(
        player::verdict(&report(Reason::Vcf, mate_soon), 10),
        Verdict::Win(5)
    );
    assert_eq!(
        player::verdict(&report(Reason::Block, -(crate::score::MATE - 12)), 10),
        Verdict::Loss(2)
    );
}
