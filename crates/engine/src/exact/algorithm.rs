//! Which exact algorithm answers a solve ([`Algorithm`]), and the one policy of when the proof
//! search goes before the solver ([`proof_first`]), which `mnk solve`'s `auto`, the `perfect`
//! level, the analyses and the opening book's build all follow.

use crate::board::Board;
use crate::rules::Rules;
use crate::search::TextbookSearch;

/// Which exact algorithm answers a solve. They all give the same value; `auto` picks the
/// faster one for the board.
///
/// ```
/// use mnk_engine::{exact, Algorithm, Board, Go, Rules, SolverConfig, Verdict};
///
/// // 5x5 with four in a row: the proof search settles the draw, and auto chooses it.
/// let board = Board::new(Rules::new(5, 5, Some(4)).unwrap());
/// assert_eq!(Algorithm::Auto.resolved(&board), Algorithm::Proof);
/// let config = SolverConfig::default();
/// for algorithm in [Algorithm::Auto, Algorithm::Solver] {
///     let report = exact::solve(&board, algorithm, config, &Go::default()).unwrap();
///     assert_eq!(report.verdict, Verdict::Draw);
/// }
/// assert_eq!(Algorithm::from_name("alphabeta"), Some(Algorithm::AlphaBeta));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    /// Plain minimax, no pruning (the reference).
    Minimax,
    /// Textbook alpha-beta, cells in index order.
    AlphaBeta,
    /// The solver: negamax, table, symmetry, threats.
    Solver,
    /// The proof search (see [`crate::proof`]): it settles the value; the distance and the
    /// fastest moves of a win or loss then come from the solver. Any board the rules allow
    /// (up to 26x26); on open boards of more than 64 cells it settles what is near.
    Proof,
    /// The proof search where [`proof_first`] holds, else the solver.
    Auto,
}

impl Algorithm {
    /// Every algorithm, in the order the command line lists them.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::Solver,
        Algorithm::Proof,
        Algorithm::Auto,
    ];

    /// The algorithm that runs on `board`: [`Algorithm::Auto`] becomes the one
    /// [`proof_first`] chooses.
    pub fn resolved(self, board: &Board) -> Algorithm {
        match self {
            Algorithm::Auto if proof_first(board.rules()) => Algorithm::Proof,
            Algorithm::Auto => Algorithm::Solver,
            other => other,
        }
    }

    /// The name used on the command line, in Python and in JSON: `minimax`, `alphabeta`,
    /// `solver`, `proof`, `auto`.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => TextbookSearch::Minimax.name(),
            Algorithm::AlphaBeta => TextbookSearch::AlphaBeta.name(),
            Algorithm::Solver => "solver",
            Algorithm::Proof => "proof",
            Algorithm::Auto => "auto",
        }
    }

    /// The algorithm of a [`name`](Algorithm::name) (exactly as written there).
    ///
    /// ```
    /// use mnk_engine::Algorithm;
    /// assert_eq!(Algorithm::from_name("alphabeta"), Some(Algorithm::AlphaBeta));
    /// assert_eq!(Algorithm::from_name("fast"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The textbook search this is, for minimax and alpha-beta.
    pub fn textbook(self) -> Option<TextbookSearch> {
        match self {
            Algorithm::Minimax => Some(TextbookSearch::Minimax),
            Algorithm::AlphaBeta => Some(TextbookSearch::AlphaBeta),
            Algorithm::Solver | Algorithm::Proof | Algorithm::Auto => None,
        }
    }
}

impl From<TextbookSearch> for Algorithm {
    fn from(search: TextbookSearch) -> Algorithm {
        match search {
            TextbookSearch::Minimax => Algorithm::Minimax,
            TextbookSearch::AlphaBeta => Algorithm::AlphaBeta,
        }
    }
}

/// Whether the size of boards of `rules` suits the proof search going first: up to 64 cells,
/// where it was measured the faster. It runs on any board (`--algo proof`), but on open
/// boards beyond 64 cells the solver settles a near win far sooner (10x7/4 against three x
/// stones in a row: the solver 35 ms, the proof search not done in 20 s). The one place that
/// says so for the policy.
///
/// ```
/// use mnk_engine::{proof_suits, Rules};
/// assert!(proof_suits(Rules::new(8, 8, Some(5)).unwrap()));
/// assert!(!proof_suits(Rules::new(15, 15, None).unwrap()));
/// ```
pub fn proof_suits(rules: Rules) -> bool {
    rules.cells() <= 64
}

/// Whether an exact answer on boards of `rules` asks the proof search before the solver: four
/// or more in a row on boards whose size suits the proof search ([`proof_suits`]). `mnk solve`'s
/// `auto` ([`Algorithm::resolved`]), `perfect`, the analyses and the opening book's build all
/// follow it.
///
/// Measured (one thread, the dev build): the proof search settles draws of four or more in a
/// row many times faster, and a win costs it only its few milliseconds before the solver
/// measures the distance. `mnk solve` from empty: 4x4/4 0.04 ms against the solver's 7.5 ms,
/// 5x4/4 0.4 ms against 225 ms, 5x5/4 29 ms against 1.0 s, 6x4/4 17 ms against 2.8 s, 7x4/4
/// 0.9 s against 21 s; from 5x5/5 up the solver alone does not finish. `mnk analyze` of
/// positions past the opening book on 4x4/4 and 5x4/4: 0.3 to 20 ms proof first against 1 to
/// 117 ms with the solver alone (one position of the eight, a loss in 14, took 46 ms against
/// 23). With three in a row (3x3, 4x4/3, 4x3/3, 5x5/3) the solver is as fast or faster (4x4/3
/// solved 0.05 ms against 0.13 ms, a 5x5/3 analysis 21 ms against 38 ms): games of three in a
/// row are quick wins or tiny draws, where the proof search's set-up costs more than it saves.
///
/// ```
/// use mnk_engine::{proof_first, Rules};
/// assert!(proof_first(Rules::new(4, 4, Some(4)).unwrap()));
/// assert!(proof_first(Rules::new(6, 6, Some(5)).unwrap()));
/// assert!(!proof_first(Rules::tic_tac_toe()));
/// ```
pub fn proof_first(rules: Rules) -> bool {
    rules.k() >= 4 && proof_suits(rules)
}
