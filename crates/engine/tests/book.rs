//! The embedded opening book against the solver: it covers exactly the positions it claims
//! (every position of its boards up to its plies, up to symmetry), and its values are the
//! solver's.

use mnk_engine::ai::book::{opening_positions, BOARDS};
use mnk_engine::ai::Book;
use mnk_engine::{Algorithm, Board, Budget, Rules, SolverConfig};

/// Boards up to this many cells have every entry checked; on bigger ones the empty board and
/// the positions after its best first moves (the others take the solver minutes in all).
const CHECK_ALL_CELLS: usize = 20;

fn solved(board: &Board) -> mnk_engine::Verdict {
    let config = SolverConfig {
        hash_mib: 64,
        ..SolverConfig::default()
    };
    board
        .solve(Algorithm::Solver, config, Budget::unlimited())
        .expect("a small unfinished position")
        .verdict
}

#[test]
fn the_embedded_book_holds_the_solvers_values() {
    let book = Book::embedded();
    assert_eq!(book.sections().len(), BOARDS.len());
    for (section, &(w, h, k, plies)) in book.sections().iter().zip(BOARDS) {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        assert_eq!((section.rules(), section.plies()), (rules, plies));
        let positions = opening_positions(rules, plies).unwrap();
        assert_eq!(section.len(), positions.len(), "{w}x{h}/{k}");
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
        for board in positions {
            let wanted = rules.cells() <= CHECK_ALL_CELLS
                || board.stone_count() == 0
                || (board.stone_count() == 1 && best_first.contains(&board.history()[0]));
            if wanted {
                let at = format!("{w}x{h}/{k} {}", board.to_text());
                assert_eq!(book.value(&board), Some(solved(&board)), "{at}");
            }
        }
    }
}
