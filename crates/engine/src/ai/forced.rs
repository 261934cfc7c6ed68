//! A proven forced win for the side to move, for reports that judge a finished game (`mnk
//! match --analyze`: where a lost game went wrong). The searches are the Gomoku module's VCF
//! (victory by continuous fours) and, where it finds nothing, its VCT (victory by continuous
//! threats: fours and open threes, the defender answering with every block and counter-four).
//! A win either finds is a proof, with every defence answered; finding none proves nothing (a
//! win deeper than their limits goes unseen).

use crate::board::{with_position, Board};
use crate::budget::Budget;
use crate::go::Go;
use crate::hard_search::vcf::{find_vcf_until, VcfLimits};
use crate::hard_search::vct::{Vct, VctLimits};
use crate::hard_search::State;
use crate::time::TimeManager;

/// Attacker moves (fours) a forced win may take at most.
pub const FORCED_WIN_DEPTH: u32 = 30;

/// Nodes one [`forced_win`] search may visit at most: a fraction of a second.
pub const FORCED_WIN_NODES: u64 = 200_000;

/// Open threes a forced win by threats may use at most (besides its fours).
pub const FORCED_WIN_THREES: u32 = 4;

/// Nodes the search for the opponent's win by fours after one candidate move may visit (an
/// analysis gives every legal move one, so it is small).
pub(super) const REPLY_FOURS_NODES: u64 = 2_000;

/// The plies, `cell` included, within which the side to move of `board` loses after playing
/// `cell`, when the opponent then wins by continuous fours (found within
/// [`REPLY_FOURS_NODES`] and `budget`); `None` when no such win is found, which proves
/// nothing.
pub(super) fn loss_by_fours(board: &Board, cell: usize, budget: &Budget) -> Option<usize> {
    let mut after = board.clone();
    after.play(cell).ok()?;
    if after.is_over() {
        return None;
    }
    let mut state = threat_state(&after);
    let limits = VcfLimits {
        depth: FORCED_WIN_DEPTH,
        nodes: REPLY_FOURS_NODES,
    };
    let line = find_vcf_until(&mut state, limits, budget)?;
    Some(1 + ForcedWin::Fours(line).plies(&after))
}

/// How a forced win was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForcedWin {
    /// By continuous fours: the whole line, the fours and the forced answers alternating,
    /// ending with a move no defence stops (a five, an open four or two fours at once).
    Fours(Vec<usize>),
    /// By continuous threats (fours and open threes): the attacker's first move, and the plies
    /// within which the line is completed against every defence (an upper bound).
    Threats {
        /// The attacker's first move.
        first: usize,
        /// Plies until K in a row at most, the first move included.
        plies: usize,
    },
}

impl ForcedWin {
    /// The attacker's first move.
    pub fn first(&self) -> usize {
        match self {
            ForcedWin::Fours(line) => line[0],
            ForcedWin::Threats { first, .. } => *first,
        }
    }

    /// Plies until the line is complete, the first move included, from `board` (the position
    /// it was found in): a line by fours that ends with the completing move wins then, one
    /// that ends with an open four or two fours needs the block and the last stone too; a
    /// win by threats gives its bound.
    pub fn plies(&self, board: &Board) -> usize {
        match self {
            ForcedWin::Threats { plies, .. } => *plies,
            ForcedWin::Fours(line) => {
                let mut after = board.clone();
                let played = line.iter().all(|&cell| after.play(cell).is_ok());
                match played && after.is_over() {
                    true => line.len(),
                    false => line.len() + 2,
                }
            }
        }
    }
}

/// A forced win for the side to move of `board`: by continuous fours if there is one within
/// `FORCED_WIN_DEPTH` fours and `FORCED_WIN_NODES` nodes, else by continuous threats
/// within `FORCED_WIN_THREES` threes and as many nodes, always within `budget` (its stop flag
/// and deadline); `None` when neither finds one or the game is over. Exactly-K rules are
/// followed.
///
/// ```
/// use mnk_engine::ai::{forced_win, ForcedWin};
/// use mnk_engine::{Board, Go, Rules};
///
/// // x to move with an open three on row 8 (f8 g8 h8) and a four on column c: c5 wins.
/// let mut board = Board::new(Rules::new(15, 15, None).unwrap());
/// for m in ["f8", "a1", "g8", "a3", "h8", "a14", "c4", "a5", "c3", "o9", "c2", "m12"] {
///     board.play(board.parse_cell(m).unwrap()).unwrap();
/// }
/// let Some(ForcedWin::Fours(line)) = forced_win(&board, &Go::default()) else {
///     panic!("a win by fours")
/// };
/// assert_eq!(line.len() % 2, 1); // the attacker moves first and last
/// assert!(forced_win(&Board::new(board.rules()), &Go::default()).is_none());
/// ```
pub fn forced_win(board: &Board, go: &Go) -> Option<ForcedWin> {
    forced_win_within(board, &TimeManager::new(go).exact_budget())
}

/// [`forced_win`] within a budget a player made (the analysis overlay's fixed work).
pub(super) fn forced_win_within(board: &Board, budget: &Budget) -> Option<ForcedWin> {
    if board.is_over() {
        return None;
    }
    let mut state = threat_state(board);
    let limits = VcfLimits {
        depth: FORCED_WIN_DEPTH,
        nodes: FORCED_WIN_NODES,
    };
    if let Some(line) = find_vcf_until(&mut state, limits, budget) {
        return Some(ForcedWin::Fours(line));
    }
    let limits = VctLimits {
        threes: FORCED_WIN_THREES,
        moves: FORCED_WIN_DEPTH,
        nodes: FORCED_WIN_NODES,
    };
    Vct::new()
        .find(&mut state, limits, budget)
        .map(|win| ForcedWin::Threats {
            first: win.first,
            plies: win.plies,
        })
}

/// The threat searches' view of `board`, under its rules.
pub(super) fn threat_state(board: &Board) -> State {
    with_position!(board, p => State::from_position(p))
}
