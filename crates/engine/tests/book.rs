//! The embedded opening book against the solver and the proof search: it covers exactly the
//! positions it claims (every position of its boards up to its plies, up to symmetry), and its
//! values are the solver's (on five in a row, the proof search's draws and the solver's wins
//! and losses).

use mnk_engine::ai::book::{opening_positions, Book, BOARDS};
use mnk_engine::exact;
use mnk_engine::proof::ProofConfig;
use mnk_engine::proof::Prover;
use mnk_engine::proof_first;
use mnk_engine::Go;
use mnk_engine::Wdl;
use mnk_engine::{Algorithm, Board, Rules, SolverConfig, Verdict};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Boards up to this many cells have every entry checked; on bigger ones the empty board and
/// the positions after its best first moves (the others take the solver minutes in all).
const CHECK_ALL_CELLS: usize = 20;

/// On the boards the proof search settles, every entry is checked up to this many cells, and
/// beyond it the entries of up to one stone up to [`CHECK_PROOF_CELLS`] (the proof of every
/// drawing move of a deeper one takes a second). Bigger boards (7x7/5) are not checked again:
/// each of their entries takes the proof search over a minute of a test's time to settle
/// with all its drawing moves; the build proved them the same way as the others.
const CHECK_ALL_PROOF_CELLS: usize = 25;

/// See [`CHECK_ALL_PROOF_CELLS`].
const CHECK_PROOF_CELLS: usize = 36;

/// On the solver's boards of up to this many cells that are not checked whole, this many of
/// the deepest positions, drawn with a fixed seed, are checked too, and the value of their best
/// reply where the book holds one (5x5/4: about 0.1 s each).
const SAMPLE_CELLS: usize = 25;

/// See [`SAMPLE_CELLS`].
const SAMPLE: usize = 12;

/// Positions `perfect` once did not prove within a second (5x5/4, o to move): the book must
/// value every move there, as the solver does.
const ONCE_SLOW: &[(usize, usize, usize, &str)] = &[(5, 5, 4, "...../x..../.o.x./...../.....")];

/// The proof search's value, and the solver's distance where it is not a draw.
fn proved(board: &Board) -> Verdict {
    let mut prover = Prover::new(ProofConfig {
        hash_mib: 64,
        ..ProofConfig::default()
    });
    match exact::prove(board, &mut prover, &Go::default())
        .unwrap()
        .value
    {
        Wdl::Draw => Verdict::Draw,
        _ => solved(board),
    }
}

fn solved(board: &Board) -> Verdict {
    let config = SolverConfig {
        hash_mib: 64,
        ..SolverConfig::default()
    };
    exact::solve(board, Algorithm::Solver, config, &Go::default())
        .expect("a small unfinished position")
        .verdict
}

/// `board` on the transposed rules (height and width swapped), its moves mirrored in the
/// diagonal, in the same order.
fn transposed(board: &Board) -> Board {
    let rules = board.rules();
    let (w, h) = (rules.width(), rules.height());
    let mut t = Board::new(Rules::new(h, w, Some(rules.k())).unwrap());
    for cell in board.history() {
        let (x, y) = (cell % w, cell / w);
        t.play(x * h + y).unwrap();
    }
    t
}

#[test]
fn the_embedded_book_holds_the_solvers_values() {
    let book = Book::embedded();
    assert_eq!(book.sections().len(), BOARDS.len());
    for (index, (section, &(w, h, k, plies, best_replies))) in
        book.sections().iter().zip(BOARDS).enumerate()
    {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        assert_eq!((section.rules(), section.plies()), (rules, plies));
        let positions = opening_positions(rules, plies).unwrap();
        if best_replies {
            // The positions after the deepest ones' best moves too.
            assert!(section.len() > positions.len(), "{w}x{h}/{k}");
            for board in positions
                .iter()
                .filter(|b| b.stone_count() == plies as usize)
            {
                let at = format!("{w}x{h}/{k} {}", board.to_text());
                assert!(book.best_moves(board).is_some(), "{at}");
            }
        } else {
            assert_eq!(section.len(), positions.len(), "{w}x{h}/{k}");
        }
        // Every position is in it (the values of the ones checked below are the solver's).
        assert!(
            positions.iter().all(|b| book.value(b).is_some()),
            "{w}x{h}/{k}"
        );
        // A board whose transpose comes earlier (4x5 after 5x4) holds the values of the
        // transposed positions there, which are checked against the solver: the same check
        // without solving every position twice (13 s).
        if BOARDS[..index].contains(&(h, w, k, plies, best_replies)) {
            for board in &positions {
                let at = format!("{w}x{h}/{k} {}", board.to_text());
                assert_eq!(book.value(board), book.value(&transposed(board)), "{at}");
            }
            continue;
        }
        let empty = Board::new(rules);
        let best_first: Vec<usize> = {
            let values = book
                .move_values(&empty)
                .expect("the first moves are in the book");
            let top = values.iter().map(|m| m.1.rank()).max().unwrap();
            values
                .iter()
                .filter(|m| m.1.rank() == top)
                .map(|m| m.0)
                .collect()
        };
        // Five in a row: the proof search settles the draws fast, and checks every entry.
        // Four in a row (where `perfect` also asks it first) stays with the solver's
        // checks below: most of those openings are wins, which the proof search would hand to
        // the solver anyway after its own work (checked that way, this test took 10 minutes).
        if rules.k() >= 5 {
            assert!(proof_first(rules));
            for board in positions {
                let wanted = rules.cells() <= CHECK_ALL_PROOF_CELLS
                    || (rules.cells() <= CHECK_PROOF_CELLS && board.stone_count() <= 1);
                if wanted {
                    let at = format!("{w}x{h}/{k} {}", board.to_text());
                    assert_eq!(book.value(&board), Some(proved(&board)), "{at}");
                }
            }
            continue;
        }
        let mut sample: Vec<&Board> = Vec::new();
        if rules.cells() > CHECK_ALL_CELLS && rules.cells() <= SAMPLE_CELLS {
            let deepest: Vec<&Board> = positions
                .iter()
                .filter(|b| b.stone_count() == plies as usize)
                .collect();
            let mut rng = StdRng::seed_from_u64(16);
            sample.extend(deepest.choose_multiple(&mut rng, SAMPLE));
        }
        for board in &positions {
            let wanted = rules.cells() <= CHECK_ALL_CELLS
                || board.stone_count() == 0
                || (board.stone_count() == 1 && best_first.contains(&board.history()[0]))
                || sample.contains(&board);
            if wanted {
                let at = format!("{w}x{h}/{k} {}", board.to_text());
                assert_eq!(book.value(board), Some(solved(board)), "{at}");
            }
        }
        // A sampled position's best reply is worth what the book says (the solver's value).
        for board in sample.iter().filter(|_| best_replies) {
            let at = format!("{w}x{h}/{k} {}", board.to_text());
            let best = book.best_moves(board).expect("a best reply");
            let (cell, value) = best[0];
            let mut after = (*board).clone();
            after.play(cell).unwrap();
            if !after.is_over() {
                let reply = solved(&after).before_move();
                assert_eq!(reply, value, "{at} {}", board.cell_name(cell));
            }
        }
    }
}

#[test]
fn the_book_values_every_move_where_perfect_was_once_slow() {
    let book = Book::embedded();
    for &(w, h, k, text) in ONCE_SLOW {
        let board = Board::from_text(Rules::new(w, h, Some(k)).unwrap(), text).unwrap();
        let values = book.move_values(&board).expect("every move in the book");
        let (moves, _) =
            exact::solve_moves(&board, SolverConfig::default(), &Go::default()).unwrap();
        let solved: Vec<(usize, Verdict)> = moves.iter().map(|m| (m.cell, m.verdict)).collect();
        assert_eq!(values, solved, "{text}");
    }
}
