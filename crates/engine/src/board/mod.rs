//! [`Board`]: one position type for the front ends, whatever the board size. Boards of up to
//! 64 cells use one machine word per side, larger ones a wider set; the front ends never see
//! the difference.

mod algorithm;

pub use algorithm::{proof_first, proof_suits, Algorithm};

use crate::bits::{BitSet, Wide};
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::budget::{Budget, Controls};
use crate::count::{self, CountError, CountEstimate, CountResult};
use crate::error::BoardError;
use crate::error::{GameOver, NotationError, PositionError, SearchError};
use crate::eval::Evaluator;
use crate::geometry::Geometry;

use crate::foul::Foul;
use crate::position::Position;
use crate::proof::{ProofConfig, ProofStats};
use crate::rules::Rules;
use crate::score::{Score, Verdict};
use crate::search::{self, NoTrace, TextbookOptions, TreeSize};
use crate::side::{Outcome, Side};
use crate::solver::{MoveValue, Solver, SolverConfig, SolverStats};

/// A position on a board of any supported size (1x1 to 26x26). Boards of up to 64 cells use
/// one machine word per side, larger ones a wider set; callers never see the difference.
///
/// ```
/// use mnk_engine::{Board, Outcome, Rules, Side};
///
/// let mut board = Board::new(Rules::tic_tac_toe());
/// for name in ["a1", "b1", "a2", "b2", "a3"] {
///     let cell = board.parse_cell(name).unwrap();
///     board.play(cell).unwrap();
/// }
/// assert_eq!(board.outcome(), Some(Outcome::Win(Side::X)));
/// assert!(board.play(8).is_err()); // the game is over: no move is taken
/// assert_eq!(board.to_text(), "x../xo./xo.");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Board(pub(crate) Repr);

/// How a [`Board`] holds its position.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Repr {
    /// Up to 64 cells.
    Small(Position<u64>),
    /// 65 to 676 cells.
    Wide(Position<Wide>),
}

impl From<Position<u64>> for Board {
    fn from(p: Position<u64>) -> Board {
        Board(Repr::Small(p))
    }
}

impl From<Position<Wide>> for Board {
    fn from(p: Position<Wide>) -> Board {
        Board(Repr::Wide(p))
    }
}

/// Runs the same code on either variant, mutably.
macro_rules! each_mut {
    ($board:expr, $p:ident => $body:expr) => {
        match &mut $board.0 {
            Repr::Small($p) => $body,
            Repr::Wide($p) => $body,
        }
    };
}

/// Runs the same code on either variant: the one place that dispatches on how a board holds
/// its position. The rest of the crate reaches it as [`with_position`], so that nothing
/// outside this module names the representations.
macro_rules! each {
    ($board:expr, $p:ident => $body:expr) => {
        match &$board.0 {
            $crate::board::Repr::Small($p) => $body,
            $crate::board::Repr::Wide($p) => $body,
        }
    };
}

/// `with_position!(board, p => body)`: `body` with `p` bound to the board's position, of
/// whichever width (the body is generic code over `Position<B>`).
pub(crate) use each as with_position;

// After the macros, which it uses.
mod proof;

/// The exact value of a position and the work it took.
///
/// ```
/// use mnk_engine::{Algorithm, Board, Budget, Rules, SolverConfig, Verdict};
///
/// // Tic-tac-toe: every first move draws, and the solver reports its work.
/// let board = Board::new(Rules::tic_tac_toe());
/// let report = board
///     .solve(Algorithm::Solver, SolverConfig::default(), Budget::unlimited())
///     .unwrap();
/// assert_eq!(report.verdict, Verdict::Draw);
/// assert_eq!(report.best_moves.len(), 9);
/// assert!(report.nodes > 0 && report.solver.is_some() && report.proof.is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveReport {
    /// Value for the side to move.
    pub verdict: Verdict,
    /// Every best move, in cell order.
    pub best_moves: Vec<usize>,
    /// Nodes searched.
    pub nodes: u64,
    /// The solver's table figures (solver only).
    pub solver: Option<SolverStats>,
    /// The proof search's figures (proof search only).
    pub proof: Option<ProofStats>,
}

impl Board {
    /// The empty board of a rule set, x to move.
    pub fn new(rules: Rules) -> Board {
        if rules.cells() <= 64 {
            Board::from(Position::<u64>::empty(Geometry::new(rules)))
        } else {
            Board::from(Position::<Wide>::empty(Geometry::new(rules)))
        }
    }

    /// Parses board text (see DESIGN.md) for a rule set.
    pub fn from_text(rules: Rules, text: &str) -> Result<Board, BoardError> {
        Ok(if rules.cells() <= 64 {
            Board::from(Position::<u64>::from_text(Geometry::new(rules), text)?)
        } else {
            Board::from(Position::<Wide>::from_text(Geometry::new(rules), text)?)
        })
    }

    /// The position with stones of x on `x` and of o on `o` (cells), `to_move` to move, if a
    /// game can reach it (counts, lines); the moves that led there are unknown, so it starts a
    /// new history.
    pub fn from_stones(
        rules: Rules,
        x: &[usize],
        o: &[usize],
        to_move: Side,
    ) -> Result<Board, PositionError> {
        let cells = rules.cells();
        if let Some(&cell) = x.iter().chain(o).find(|&&c| c >= cells) {
            return Err(PositionError::OffBoard { cell, cells });
        }
        fn build<B: BitSet>(
            rules: Rules,
            x: &[usize],
            o: &[usize],
            to_move: Side,
        ) -> Result<Position<B>, PositionError> {
            let set = |cells: &[usize]| cells.iter().fold(B::default(), |s, &c| s.with(c));
            let (xs, os) = (set(x), set(o));
            if let Some(cell) = xs.and(os).lowest() {
                return Err(PositionError::Occupied(rules.cell_name(cell)));
            }
            Position::from_stones(Geometry::new(rules), xs, os, Some(to_move))
        }
        Ok(if cells <= 64 {
            Board::from(build::<u64>(rules, x, o, to_move)?)
        } else {
            Board::from(build::<Wide>(rules, x, o, to_move)?)
        })
    }

    /// The same stones with a given side to move, when the stone counts allow it (the moves
    /// played so far are forgotten).
    pub fn with_side_to_move(&self, side: Side) -> Result<Board, PositionError> {
        Ok(each!(self, p => Board::from(Position::from_stones(
            p.geometry().clone(),
            p.stones(Side::X),
            p.stones(Side::O),
            Some(side),
        )?)))
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        each!(self, p => p.rules())
    }

    /// Board text.
    pub fn to_text(&self) -> String {
        each!(self, p => p.to_text())
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        each!(self, p => p.to_move())
    }

    /// The stone on a cell.
    pub fn stone(&self, cell: usize) -> Option<Side> {
        each!(self, p => {
            if p.stones(Side::X).contains(cell) {
                Some(Side::X)
            } else if p.stones(Side::O).contains(cell) {
                Some(Side::O)
            } else {
                None
            }
        })
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        each!(self, p => p.stone_count())
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// Nothing when the game goes on; the [`GameOver`] error once it is over.
    pub fn unfinished(&self) -> Result<(), GameOver> {
        each!(self, p => p.unfinished())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        each!(self, p => p.is_over())
    }

    /// The cells of the winning line, when there is one.
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        each!(self, p => p.winning_line().map(|l| l.cells().collect()))
    }

    /// Why the side to move may not play the empty `cell`, if it may not (x under Renju).
    ///
    /// ```
    /// use mnk_engine::{Board, Foul, Rule, Rules};
    ///
    /// let renju = Rules::new(15, 15, None).unwrap().with_rule(Rule::Renju);
    /// let mut board = Board::new(renju);
    /// // x: i8, j8, h7, h6 (o far away); h8 would make two open threes.
    /// for name in ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"] {
    ///     board.play(board.parse_cell(name).unwrap()).unwrap();
    /// }
    /// let h8 = board.parse_cell("h8").unwrap();
    /// assert_eq!(board.foul(h8), Some(Foul::DoubleThree));
    /// assert!(!board.legal_moves().contains(&h8));
    /// ```
    pub fn foul(&self, cell: usize) -> Option<Foul> {
        each!(self, p => p.foul(cell))
    }

    /// Every empty cell the side to move may not play, with the reason, in cell order: x's
    /// forbidden points under Renju (none otherwise), for the front ends to mark.
    pub fn forbidden_cells(&self) -> Vec<(usize, Foul)> {
        if !self.rules().has_forbidden_moves() || self.to_move() != Side::X || self.is_over() {
            return Vec::new();
        }
        (0..self.rules().cells())
            .filter(|&c| self.stone(c).is_none())
            .filter_map(|c| Some((c, self.foul(c)?)))
            .collect()
    }

    /// The legal moves in cell order (without the moves forbidden to x under Renju).
    pub fn legal_moves(&self) -> Vec<usize> {
        each!(self, p => p.legal_moves().cells().collect())
    }

    /// The moves played since set-up.
    pub fn history(&self) -> Vec<usize> {
        each!(self, p => p.history().iter().map(|&c| c as usize).collect())
    }

    /// The last move played since set-up.
    pub fn last_move(&self) -> Option<usize> {
        each!(self, p => p.last_move())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, cell: usize) -> Result<(), PositionError> {
        each_mut!(self, p => p.play(cell))
    }

    /// Takes back the last move played since set-up.
    pub fn undo(&mut self) -> Result<usize, PositionError> {
        each_mut!(self, p => p.undo())
    }

    /// Parses a move in notation or as a cell number ([`Rules::parse_cell`] on this board's
    /// rules).
    pub fn parse_cell(&self, text: &str) -> Result<usize, NotationError> {
        self.rules().parse_cell(text)
    }

    /// A cell's name (`a1` = bottom-left; [`Rules::cell_name`] on this board's rules).
    pub fn cell_name(&self, cell: usize) -> String {
        self.rules().cell_name(cell)
    }

    /// The exact value, every best move and the work, by the chosen algorithm.
    pub fn solve(
        &self,
        algorithm: Algorithm,
        config: SolverConfig,
        budget: Budget,
    ) -> Result<SolveReport, SearchError> {
        self.solve_with(
            algorithm,
            config,
            Controls {
                budget,
                progress: None,
            },
        )
    }

    /// [`Board::solve`] with progress counters as well as a budget. Every algorithm runs
    /// until it is done or its budget runs out, however big the tree: [`Board::tree_size`] says
    /// up front how big minimax and alpha-beta get.
    pub fn solve_with(
        &self,
        algorithm: Algorithm,
        config: SolverConfig,
        controls: Controls,
    ) -> Result<SolveReport, SearchError> {
        self.unfinished()?;
        let algorithm = algorithm.resolved(self);
        if algorithm == Algorithm::Proof {
            let mut prover = self.prover(ProofConfig {
                hash_mib: config.hash_mib,
                threads: config.threads,
                ..ProofConfig::default()
            })?;
            if let Some(progress) = &controls.progress {
                prover.set_progress(progress.clone());
            }
            let solution = self.prove(&mut prover, &controls.budget)?;
            return self.report_proof(&solution, prover.stats(), config, controls);
        }
        let Controls { budget, progress } = controls;
        match algorithm {
            Algorithm::Solver => each!(self, p => {
                let mut solver = Solver::new(config);
                if let Some(progress) = progress {
                    solver.set_progress(progress);
                }
                let solution = solver.solve(p, &budget)?;
                let stats = solver.stats();
                Ok(SolveReport {
                    verdict: solution.verdict,
                    best_moves: solution.best_moves,
                    nodes: stats.nodes,
                    solver: Some(stats),
                    proof: None,
                })
            }),
            Algorithm::Proof | Algorithm::Auto => unreachable!("resolved above"),
            Algorithm::Minimax | Algorithm::AlphaBeta => {
                let limits = TextbookOptions {
                    depth: None,
                    all_best: true,
                };
                let controls = Controls { budget, progress };
                let result = each!(self, p => {
                    let mut game = BoardGame {
                        pos: p.clone(),
                        scoring: Scoring::Distance,
                        order: MoveOrder::CellIndex,
                        evaluator: Evaluator::Zero,
                    };
                    if algorithm == Algorithm::Minimax {
                        search::minimax_with(&mut game, limits, &controls, &mut NoTrace)
                    } else {
                        search::alphabeta_with(&mut game, limits, &controls, &mut NoTrace)
                    }
                })?;
                let score = self.for_side_to_move(result.value);
                let mut best_moves = result.best_moves;
                best_moves.sort_unstable();
                Ok(SolveReport {
                    verdict: Verdict::from_score(score, self.stone_count(), true),
                    best_moves,
                    nodes: result.stats.nodes,
                    solver: None,
                    proof: None,
                })
            }
        }
    }

    /// How big plain minimax and alpha-beta get from here, known before they start (see
    /// [`TreeSize`]): [`Board::solve_with`] runs them to the end however big, so a front end
    /// checks this first and hands in a budget.
    pub fn tree_size(&self) -> TreeSize {
        TreeSize::of_empty(self.legal_moves().len())
    }

    /// The exact value of every legal move, for the side that plays it.
    pub fn solve_moves(
        &self,
        config: SolverConfig,
        budget: Budget,
    ) -> Result<(Vec<MoveValue>, SolverStats), SearchError> {
        self.solve_moves_with(
            config,
            Controls {
                budget,
                progress: None,
            },
        )
    }

    /// [`Board::solve_moves`] with progress counters as well as a budget.
    pub fn solve_moves_with(
        &self,
        config: SolverConfig,
        controls: Controls,
    ) -> Result<(Vec<MoveValue>, SolverStats), SearchError> {
        let Controls { budget, progress } = controls;
        each!(self, p => {
            let mut solver = Solver::new(config);
            if let Some(progress) = progress {
                solver.set_progress(progress);
            }
            let moves = solver.solve_moves(p, &budget)?;
            Ok((moves, solver.stats()))
        })
    }

    /// The small-board position, or the error a count of a bigger board gets.
    fn countable(&self) -> Result<&Position<u64>, SearchError> {
        // The count's own line checks assume that K or more wins.
        if self.rules().rule() != crate::rules::Rule::Freestyle {
            return Err(SearchError::ExactKUnsupported { what: "counting" });
        }
        self.as_small().ok_or(SearchError::BoardTooLarge {
            what: "counting",
            max: 64,
            cells: self.rules().cells(),
        })
    }

    /// How many positions each ply of [`Board::count`] would hold, estimated from a seeded
    /// sample before any counting (boards of up to 64 cells).
    pub fn count_estimate(&self) -> Result<CountEstimate, SearchError> {
        Ok(count::estimate(self.countable()?))
    }

    /// The whole game tree below this position (boards of up to 64 cells) within
    /// `memory_bytes` of position maps: refused at once when the estimate shows it cannot fit,
    /// stopped when a map would outgrow the bound or the budget of `controls` runs out.
    pub fn count(&self, memory_bytes: u64, controls: &Controls) -> Result<CountResult, CountError> {
        count::count(self.countable()?, memory_bytes, controls)
    }

    /// Minimax or alpha-beta on this position (values from x's point of view), with the
    /// scoring and move order of the insides: for the engine's own tests, through
    /// `internals::textbook`.
    #[cfg(feature = "internals")]
    pub(crate) fn textbook(
        &self,
        textbook: search::TextbookSearch,
        limits: TextbookOptions,
        scoring: Scoring,
        order: MoveOrder,
        evaluator: Evaluator,
    ) -> search::SearchResult<usize> {
        each!(self, p => {
            let mut game = BoardGame { pos: p.clone(), scoring, order, evaluator };
            textbook.run(&mut game, limits, &mut NoTrace)
        })
    }

    /// Turns a score from x's point of view into one for the side to move.
    pub fn for_side_to_move(&self, x_score: Score) -> Score {
        match self.to_move() {
            Side::X => x_score,
            Side::O => -x_score,
        }
    }

    /// The wide-board position (boards of more than 64 cells).
    #[cfg(any(test, feature = "internals"))]
    pub(crate) fn as_wide(&self) -> Option<&Position<Wide>> {
        match &self.0 {
            Repr::Small(_) => None,
            Repr::Wide(p) => Some(p),
        }
    }

    /// The small-board position, for the searches that need one machine word.
    pub(crate) fn as_small(&self) -> Option<&Position<u64>> {
        match &self.0 {
            Repr::Small(p) => Some(p),
            Repr::Wide(_) => None,
        }
    }
}
