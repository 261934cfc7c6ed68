//! [`Board`]: one position type for the front ends, whatever the board size. Boards of up to
//! 64 cells use one machine word per side, larger ones a wider set; the front ends never see
//! the difference.

use crate::bits::{BitSet, Wide};
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::budget::Budget;
use crate::error::{GameOver, NotationError, PositionError, SearchError};
use crate::eval::Evaluator;
use crate::geometry::Geometry;
use crate::notation;
use crate::position::Position;
use crate::rules::Rules;
use crate::score::{Score, Verdict};
use crate::search::{self, Limits, NoTrace, SearchResult};
use crate::side::{Outcome, Side};
use crate::solver::progress::Progress;
use crate::solver::{MoveValue, Solver, SolverConfig, SolverStats};
use crate::Error;
use std::sync::Arc;

/// A position on a board of any supported size.
#[derive(Clone, Debug, PartialEq)]
pub enum Board {
    /// Up to 64 cells.
    Small(Position<u64>),
    /// 65 to 676 cells.
    Wide(Position<Wide>),
}

impl From<Position<u64>> for Board {
    fn from(p: Position<u64>) -> Board {
        Board::Small(p)
    }
}

impl From<Position<Wide>> for Board {
    fn from(p: Position<Wide>) -> Board {
        Board::Wide(p)
    }
}

/// Runs the same code on either variant.
macro_rules! each {
    ($board:expr, $p:ident => $body:expr) => {
        match $board {
            Board::Small($p) => $body,
            Board::Wide($p) => $body,
        }
    };
}

/// Which exact algorithm answers a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Plain minimax, no pruning (the reference).
    Minimax,
    /// Textbook alpha-beta, cells in index order.
    AlphaBeta,
    /// The solver: negamax, table, symmetry, threats.
    Solver,
}

/// What a caller hands a long search: a budget that bounds or stops it and counters to watch
/// it.
#[derive(Clone, Debug, Default)]
pub struct Controls {
    /// What bounds the search; once it runs out the search returns `SearchError::Stopped`.
    pub budget: Budget,
    /// The solver publishes nodes, root moves settled and table fill here.
    pub progress: Option<Arc<Progress>>,
}

/// The exact value of a position and the work it took.
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
}

impl Board {
    /// The empty board of a rule set, x to move.
    pub fn new(rules: Rules) -> Board {
        if rules.cells() <= 64 {
            Board::Small(Position::empty(Geometry::new(rules)))
        } else {
            Board::Wide(Position::empty(Geometry::new(rules)))
        }
    }

    /// Parses board text (see DESIGN.md) for a rule set.
    pub fn from_text(rules: Rules, text: &str) -> Result<Board, Error> {
        Ok(if rules.cells() <= 64 {
            Board::Small(Position::from_text(Geometry::new(rules), text)?)
        } else {
            Board::Wide(Position::from_text(Geometry::new(rules), text)?)
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

    /// The legal moves in cell order.
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
        each!(self, p => p.play(cell))
    }

    /// Takes back the last move played since set-up.
    pub fn undo(&mut self) -> Result<usize, PositionError> {
        each!(self, p => p.undo())
    }

    /// Parses a move in notation or as a cell number.
    pub fn parse_move(&self, text: &str) -> Result<usize, NotationError> {
        notation::parse_move(&self.rules(), text)
    }

    /// A cell's name (`a1` = bottom-left).
    pub fn move_name(&self, cell: usize) -> String {
        notation::move_name(&self.rules(), cell)
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

    /// [`Board::solve`] with progress counters as well as a budget.
    pub fn solve_with(
        &self,
        algorithm: Algorithm,
        config: SolverConfig,
        controls: Controls,
    ) -> Result<SolveReport, SearchError> {
        let Controls { budget, progress } = controls;
        self.unfinished()?;
        match algorithm {
            Algorithm::Solver => each!(self, p => {
                let mut solver = Solver::new(config);
                solver.set_budget(budget);
                if let Some(progress) = progress {
                    solver.set_progress(progress);
                }
                let solution = solver.solve(p)?;
                let stats = solver.stats();
                Ok(SolveReport {
                    verdict: solution.verdict,
                    best_moves: solution.best_moves,
                    nodes: stats.nodes,
                    solver: Some(stats),
                })
            }),
            Algorithm::Minimax | Algorithm::AlphaBeta => {
                if self.legal_moves().len() > 16 {
                    return Err(SearchError::TooLarge(format!(
                        "{} without a table is limited to positions with at most 16 empty cells; \
                         this one has {} (use the solver)",
                        if algorithm == Algorithm::Minimax {
                            "minimax"
                        } else {
                            "alpha-beta"
                        },
                        self.legal_moves().len()
                    )));
                }
                let result = self.textbook(
                    algorithm,
                    Limits {
                        depth: None,
                        all_best: true,
                    },
                    Scoring::Distance,
                    MoveOrder::CellIndex,
                    Evaluator::Zero,
                );
                let score = self.for_side_to_move(result.value);
                let mut best_moves = result.best_moves;
                best_moves.sort_unstable();
                Ok(SolveReport {
                    verdict: Verdict::from_score(score, self.stone_count(), true),
                    best_moves,
                    nodes: result.stats.nodes,
                    solver: None,
                })
            }
        }
    }

    /// The exact value of every legal move, for the side that plays it.
    pub fn analyze(
        &self,
        config: SolverConfig,
        budget: Budget,
    ) -> Result<(Vec<MoveValue>, SolverStats), SearchError> {
        each!(self, p => {
            let mut solver = Solver::new(config);
            solver.set_budget(budget);
            let moves = solver.analyze(p)?;
            Ok((moves, solver.stats()))
        })
    }

    /// Minimax or alpha-beta on this position (values from x's point of view).
    pub fn textbook(
        &self,
        algorithm: Algorithm,
        limits: Limits,
        scoring: Scoring,
        order: MoveOrder,
        evaluator: Evaluator,
    ) -> SearchResult<usize> {
        each!(self, p => {
            let mut game = BoardGame { pos: p.clone(), scoring, order, evaluator };
            match algorithm {
                Algorithm::Minimax => search::minimax(&mut game, limits, &mut NoTrace),
                _ => search::alphabeta(&mut game, limits, &mut NoTrace),
            }
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
    pub fn as_wide(&self) -> Option<&Position<Wide>> {
        match self {
            Board::Small(_) => None,
            Board::Wide(p) => Some(p),
        }
    }

    /// The small-board position, for the searches that need one machine word.
    pub fn as_small(&self) -> Option<&Position<u64>> {
        match self {
            Board::Small(p) => Some(p),
            Board::Wide(_) => None,
        }
    }
}
