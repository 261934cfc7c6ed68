//! `perfect` and the analysis on boards of five in a row, where the proof search settles the
//! draws: the moves are proven, drawing, and checked here against the proof search and the
//! solver.

use super::*;
use crate::board::Board;
use crate::budget::Budget;
use crate::exact;
use crate::proof::ProofConfig;
use crate::proof::Prover;
use crate::rules::Rules;
use crate::score::Verdict;
use crate::score::Wdl;
use crate::solver::SolverConfig;
use crate::{Go, TimeManager};
use rand::rngs::StdRng;
use rand::SeedableRng;

fn board(w: usize, h: usize, k: usize, moves: &str) -> Board {
    let mut board = Board::new(Rules::new(w, h, Some(k)).unwrap());
    for m in moves.split_whitespace() {
        board.play(board.parse_cell(m).unwrap()).unwrap();
    }
    board
}

fn proof(board: &Board) -> crate::proof::ProofSolution {
    let mut prover = Prover::new(ProofConfig {
        hash_mib: 4,
        ..ProofConfig::default()
    });
    exact::prove(board, &mut prover, &Go::default()).unwrap()
}

#[test]
fn one_policy_asks_the_proof_search_first_on_four_or_more_in_a_row_where_it_runs() {
    use crate::exact::algorithm::{proof_first, Algorithm};
    for (w, h, k, first) in [
        (6, 6, 5, true),
        (5, 5, 4, true),
        (7, 4, 4, true),
        (4, 4, 4, true),
        (5, 4, 4, true),
        (8, 8, 5, true),
        (3, 3, 3, false),
        (4, 4, 3, false),
        (15, 15, 5, false), // beyond the proof search's 64 cells
    ] {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        assert_eq!(proof_first(rules), first, "{rules}");
        // `mnk solve`'s `auto` follows the same policy.
        let expected = if first {
            Algorithm::Proof
        } else {
            Algorithm::Solver
        };
        assert_eq!(
            Algorithm::Auto.resolved(&Board::new(rules)),
            expected,
            "{rules}"
        );
    }
}

#[test]
fn perfect_plays_a_proven_drawing_move_past_the_book_on_five_in_a_row() {
    // Past the opening book (3 and 4 stones), untimed: the proof search's node budget.
    for b in [
        board(5, 5, 5, "c3 b2 d4"),
        board(6, 5, 5, "c3 d3 c2 b4"),
        board(6, 6, 5, "c3 d4 d3"),
    ] {
        for seed in 0..3 {
            let go = Go::default().with_seed(Some(seed));
            let thought = Thinker::new().think(&b, Level::Perfect, &go).unwrap();
            let at = format!("{} {thought:?}", b.to_text());
            assert_eq!(thought.method, Method::Exact, "{at}");
            assert_eq!(thought.verdict, Some(Verdict::Draw), "{at}");
            assert!(thought.nodes > 0, "{at}");
            // The position is a draw and the move keeps it: the proof search's drawing moves.
            let whole = proof(&b);
            assert_eq!(whole.value, Wdl::Draw, "{at}");
            assert!(whole.best_moves.contains(&thought.cell), "{at}");
        }
    }
}

#[test]
fn a_lost_move_is_never_played_where_a_draw_holds() {
    // 5x5/5, x threatens a line on row 3 (a3 b3 c3 d3 open at e3): o must block e3.
    let b = board(5, 5, 5, "a3 a1 b3 b1 c3 c1 d3");
    let go = Go::default().with_seed(Some(1)).explaining(true);
    let thought = Thinker::new().think(&b, Level::Perfect, &go).unwrap();
    assert_eq!(b.cell_name(thought.cell), "e3");
    assert_eq!(thought.method, Method::Exact);
    // With explain every move is valued: e3 draws or better, the others lose in 2.
    let (moves, _) = exact::solve_moves(&b, SolverConfig::default(), &Go::default()).unwrap();
    let mut solver: Vec<(usize, Verdict)> = moves.iter().map(|m| (m.cell, m.verdict)).collect();
    let mut explained: Vec<(usize, Verdict)> = thought
        .candidates
        .iter()
        .map(|c| (c.cell, c.verdict))
        .collect();
    solver.sort_unstable_by_key(|m| m.0);
    explained.sort_unstable_by_key(|m| m.0);
    assert_eq!(explained, solver);
}

#[test]
fn the_analysis_of_a_drawn_five_in_a_row_position_is_exact_and_agrees_with_the_solver() {
    let b = board(5, 5, 5, "c3 b2 d4 a1");
    let analysis = analyze(&b, &Go::default()).unwrap();
    assert_eq!(analysis.kind, AnalysisKind::Exact);
    let (moves, _) = exact::solve_moves(&b, SolverConfig::default(), &Go::default()).unwrap();
    let solver: Vec<(usize, Verdict)> = moves.iter().map(|m| (m.cell, m.verdict)).collect();
    let ours: Vec<(usize, Verdict)> = analysis.moves.iter().map(|m| (m.cell, m.verdict)).collect();
    assert_eq!(ours, solver);
}

#[test]
fn explain_names_the_losing_moves_the_solver_did_not_value_in_time() {
    // 5x5/5, o must block e3; every other move loses. The proof search (the move's first
    // search) gets all the time it needs, the solver (every later one) none at all, so the
    // losing moves cannot be valued: explain must say they lose rather than drop them.
    let b = board(5, 5, 5, "a3 a1 b3 b1 c3 c1 d3");
    let no_time = TimeManager::new(&Go::timed(
        std::time::Duration::ZERO,
        std::time::Instant::now,
    ));
    let mut rng = StdRng::seed_from_u64(1);
    let thought = Thinker::new()
        .proven_draw(
            b.as_small().unwrap(),
            true,
            &mut rng,
            Budget::unlimited(),
            &no_time,
        )
        .unwrap()
        .expect("a draw");
    assert_eq!(b.cell_name(thought.cell), "e3");
    assert_eq!(thought.method, Method::Exact);
    assert!(!thought.unmeasured_losses.is_empty(), "{thought:?}");
    // The valued moves and the unmeasured losses are every legal move, once each.
    let mut all: Vec<usize> = thought.candidates.iter().map(|c| c.cell).collect();
    all.extend(&thought.unmeasured_losses);
    all.sort_unstable();
    assert_eq!(all, b.legal_moves());
    // And they do lose.
    let (moves, _) = exact::solve_moves(&b, SolverConfig::default(), &Go::default()).unwrap();
    for cell in &thought.unmeasured_losses {
        let v = moves.iter().find(|m| m.cell == *cell).unwrap().verdict;
        assert!(
            matches!(v, Verdict::Loss(_)),
            "{} {v:?}",
            b.cell_name(*cell)
        );
    }
}

#[test]
fn the_proofs_own_reply_and_the_first_in_order_both_keep_the_draw_as_the_solver_values_it() {
    use crate::exact::proven::{drawing_move, Pick};
    use rand::seq::SliceRandom;
    // Random 5x5/4 positions of 2 to 9 stones: where the solver says draw, each pick gives a
    // move the solver values a draw; where it says win or loss, neither gives a move.
    let mut rng = StdRng::seed_from_u64(33);
    let mut draws = 0;
    for _ in 0..40 {
        let mut b = Board::new(Rules::new(5, 5, Some(4)).unwrap());
        let stones = 2 + rand::Rng::gen_range(&mut rng, 0..8);
        while b.stone_count() < stones && !b.is_over() {
            let cell = *b.legal_moves().choose(&mut rng).unwrap();
            b.play(cell).unwrap();
        }
        if b.is_over() {
            continue;
        }
        let (moves, _) = exact::solve_moves(&b, SolverConfig::default(), &Go::default()).unwrap();
        let value = |cell: usize| moves.iter().find(|m| m.cell == cell).unwrap().verdict;
        let best = moves.iter().map(|m| m.verdict.rank()).max();
        let drawn = best == Some(Verdict::Draw.rank());
        draws += usize::from(drawn);
        let order = b.legal_moves();
        for pick in [Pick::ProofsReply, Pick::FirstInOrder] {
            let mut prover = Prover::new(ProofConfig {
                hash_mib: 4,
                ..ProofConfig::default()
            });
            let pos = b.as_small().unwrap();
            let found = drawing_move(&mut prover, pos, &order, pick, &Budget::unlimited());
            let at = format!("{} {pick:?}", b.to_text());
            match found.unwrap() {
                Some(cell) => {
                    assert!(drawn, "{at}");
                    assert_eq!(value(cell), Verdict::Draw, "{at} {}", b.cell_name(cell));
                }
                None => assert!(!drawn, "{at}"),
            }
        }
    }
    assert!(
        draws >= 10,
        "too few drawn positions ({draws}) to test anything"
    );
}
