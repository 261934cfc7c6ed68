//! Board text (`x.o/.x./..o x`) for any rules: parsing never panics, and a board that parses
//! prints back to text that re-parses to the same board, counts and winner agree with the
//! stones, and a move played then taken back (or re-read from text) keeps the hash.
//!
//! Input: 4 header bytes (width, height, K, which move to try; an even width byte means: read
//! the size off the text, as the CLI does without `--size`), then the board text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_engine::{infer_size, Board, Outcome, Side};
use mnk_fuzz::{header_and_text, rules_from, sized};

fuzz_target!(|data: &[u8]| {
    let Some(([w, h, k, pick], text)) = header_and_text::<4>(data) else {
        return;
    };
    let rules = if w % 2 == 0 {
        match infer_size(&text).and_then(|s| sized(s.width, s.height, k)) {
            Some(rules) => rules,
            None => return,
        }
    } else {
        rules_from(w / 2, h, k)
    };
    let Ok(mut board) = Board::from_text(rules, &text) else {
        return;
    };
    check(&board);

    let printed = board.to_text();
    let again = Board::from_text(rules, &printed).expect("printed board text parses");
    assert_eq!(again, board, "{text:?} -> {printed:?}");
    assert_eq!(again.to_text(), printed);
    let cells = printed.split(' ').next().unwrap_or_default();
    let stones = cells.chars().filter(|c| matches!(c, 'x' | 'o')).count();
    assert_eq!(board.stone_count(), stones);

    let moves = board.legal_moves();
    if let Some(&cell) = moves.get(pick as usize % moves.len().max(1)) {
        let before = board.clone();
        board.play(cell).expect("a legal move plays");
        check(&board);
        let reread = Board::from_text(rules, &board.to_text()).expect("a played position parses");
        assert_eq!(reread.hash(), board.hash(), "incremental hash after {cell}");
        assert_eq!(reread.outcome(), board.outcome());
        assert_eq!(board.undo(), Ok(cell));
        assert_eq!(board.hash(), before.hash());
        assert_eq!(board.to_text(), before.to_text());
    }
});

/// Consistency of one board: side to move, legal moves, outcome and winning line.
fn check(board: &Board) {
    let rules = board.rules();
    let count = |side| {
        (0..rules.cells())
            .filter(|&c| board.stone(c) == Some(side))
            .count()
    };
    let (x, o) = (count(Side::X), count(Side::O));
    assert_eq!(x + o, board.stone_count());
    assert!(x.abs_diff(o) <= 1, "{x} x and {o} o stones");
    match x.cmp(&o) {
        std::cmp::Ordering::Greater => assert_eq!(board.to_move(), Side::O),
        std::cmp::Ordering::Less => assert_eq!(board.to_move(), Side::X),
        std::cmp::Ordering::Equal => {}
    }
    let moves = board.legal_moves();
    match board.outcome() {
        Some(Outcome::Win(side)) => {
            let line = board.winning_line().expect("a won game has a winning line");
            assert!(line.len() >= rules.k());
            assert!(line.iter().all(|&c| board.stone(c) == Some(side)));
            assert!(moves.is_empty());
            assert!(board.is_over());
        }
        Some(Outcome::Draw) => {
            assert_eq!(board.stone_count(), rules.cells());
            assert!(board.winning_line().is_none() && moves.is_empty());
        }
        None => {
            assert!(!board.is_over() && board.winning_line().is_none());
            assert_eq!(moves.len(), rules.cells() - board.stone_count());
            assert!(moves.iter().all(|&c| board.stone(c).is_none()));
        }
    }
}
