//! A proven forced win for the side to move, for reports that judge a finished game (`mnk
//! match --analyze`: where a lost game went wrong). The search is the Gomoku module's VCF
//! (victory by continuous fours): a line it finds is a proof, with every defence answered;
//! finding none proves nothing (a win by threes as well as fours, or one deeper than its
//! limits, goes unseen).

use crate::board::{Board, Repr};
use crate::budget::Budget;
use crate::gomoku::vcf::{find_vcf_until, VcfLimits};
use crate::gomoku::State;

/// Attacker moves (fours) a forced win may take at most.
pub const FORCED_WIN_DEPTH: u32 = 30;

/// Nodes one [`forced_win`] search may visit at most: a fraction of a second.
pub const FORCED_WIN_NODES: u64 = 200_000;

/// A forced win by continuous fours for the side to move of `board`: the line (its fours
/// and the forced answers alternating, ending with a move no defence stops: a five, an open
/// four or two fours at once), or
/// `None` when none was found within [`FORCED_WIN_DEPTH`], [`FORCED_WIN_NODES`] and
/// `budget` (its stop flag and deadline), or the game is over. Exactly-K rules are followed.
///
/// ```
/// use mnk_engine::ai::forced_win;
/// use mnk_engine::{Board, Budget, Rules};
///
/// // x to move with an open three on row 8 (f8 g8 h8) and a four on column c: c5 wins.
/// let mut board = Board::new(Rules::new(15, 15, None).unwrap());
/// for m in ["f8", "a1", "g8", "a3", "h8", "a14", "c4", "a5", "c3", "o9", "c2", "m12"] {
///     board.play(board.parse_move(m).unwrap()).unwrap();
/// }
/// let line = forced_win(&board, &Budget::unlimited()).expect("a win");
/// assert_eq!(line.len() % 2, 1); // the attacker moves first and last
/// assert!(forced_win(&Board::new(board.rules()), &Budget::unlimited()).is_none());
/// ```
pub fn forced_win(board: &Board, budget: &Budget) -> Option<Vec<usize>> {
    if board.is_over() {
        return None;
    }
    let exact = board.rules().exact_k();
    let mut state = match &board.0 {
        Repr::Small(p) => State::from_position(p, exact),
        Repr::Wide(p) => State::from_position(p, exact),
    };
    let limits = VcfLimits {
        depth: FORCED_WIN_DEPTH,
        nodes: FORCED_WIN_NODES,
    };
    find_vcf_until(&mut state, limits, budget)
}
