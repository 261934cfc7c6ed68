//! How a computer level chooses a move: the exact solver (its table kept across the game), a
//! bounded alpha-beta search over the engine's generic [`crate::search::alphabeta`], or a
//! random legal move. Ties among equally good moves are broken by the generator handed in.
//!
//! The bounded search runs on [`Focused`], a view of the position as a [`Game`] that
//! - for `hard` (the *tactical* mode) searches only the winning cells when there are any and
//!   only the forced blocks when the opponent threatens to win, and follows forced lines past
//!   the horizon (a win to take, a double threat, a single threat that must be blocked), so it
//!   never misses a win or a block and never walks into a double threat it could see within
//!   its four plies plus the forced replies;
//! - on boards of more than [`FULL_WIDTH_CELLS`] cells considers only the empty cells within
//!   [`NEAR_RADIUS`] of a stone, which keeps a 15x15 move quick. Radius 2 is enough for the
//!   tactical guarantees: a cell that makes a threat (a window of k holding k-1 stones of a
//!   side) always has a stone of its window within two cells of it.

use super::player::Level;
use super::SessionError;
use crate::bits::BitSet;
use crate::board::Board;
use crate::board_game::Scoring;
use crate::eval::Evaluator;
use crate::position::{Position, Side};
use crate::score::{win_score, Score, Verdict};
use crate::search::{alphabeta, Game, Limits, NoTrace};
use crate::solver::ordering::informed_order;
use crate::solver::{Solver, SolverConfig};
use crate::threats::scan;
use rand::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The exact solver is used when at most this many cells are empty (and the board has at most
/// 64 cells): an empty 4x4 board solves in about 0.2 s, 5x5 positions with 16 empty cells in
/// well under a second, while an empty 5x5 board takes minutes.
pub const EXACT_EMPTY_CELLS: usize = 16;

/// Plies the `hard` level (and `perfect` beyond the solver's reach) looks ahead on boards of up
/// to 64 cells: enough to see its move, the opponent's threat, its forced block and the
/// opponent's double threat (the forced-line extension then proves the loss).
pub const HARD_DEPTH: u32 = 4;

/// Plies `hard` looks ahead on boards of more than 64 cells, where four plies would take
/// seconds: its move and the opponent's reply, which still sees every double threat the reply
/// could make (the extension proves it lost) and keeps a 15x15 move well under a second.
pub const HARD_DEPTH_WIDE: u32 = 2;

/// The depth of the `hard` search on a board of these rules.
pub fn hard_depth(rules: crate::rules::Rules) -> u32 {
    if rules.cells() <= 64 {
        HARD_DEPTH
    } else {
        HARD_DEPTH_WIDE
    }
}

/// Boards up to this many cells are searched full width.
pub const FULL_WIDTH_CELLS: usize = 49;

/// On larger boards only cells at most this far (in king moves) from a stone are searched.
pub const NEAR_RADIUS: usize = 2;

/// The transposition table of the solver a session keeps, in MiB (a 4x4 game fills under 1%).
pub const PLAY_HASH_MIB: usize = 32;

/// When the `perfect` level's moves are proven on a board (the other levels never claim to
/// be exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exactness {
    /// Every move: the solver handles the position from the empty board on.
    Always,
    /// Once at most this many cells are empty; before that it plays like `hard` (estimates).
    FromEmpty(usize),
    /// Never: the board is too big for the solver, the big-board search plays (estimates).
    Never,
}

/// When `perfect` is exact on boards of `rules`, for a thinker that solves positions with at
/// most `exact_empty_cells` empty cells (the rule [`Thinker::think`] follows).
pub fn perfect_exactness(rules: crate::rules::Rules, exact_empty_cells: usize) -> Exactness {
    if Board::new(rules).as_small().is_none() {
        Exactness::Never
    } else if rules.cells() <= exact_empty_cells {
        Exactness::Always
    } else {
        Exactness::FromEmpty(exact_empty_cells)
    }
}

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact solver: values are proven.
    Exact,
    /// Alpha-beta to this depth; values without a proven result are estimates.
    Search {
        /// Plies searched before estimating.
        depth: u32,
    },
    /// A random legal move; nothing was searched.
    Random,
}

/// The value of one candidate move, for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The cell.
    pub cell: usize,
    /// Win/loss in n plies (counted from before the move), draw, or an estimate.
    pub verdict: Verdict,
}

/// What the computer decided, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move chosen.
    pub cell: usize,
    /// Every move as good as the chosen one, in cell order.
    pub best: Vec<usize>,
    /// The chosen move's value for the side that plays it (`None` for a random move).
    pub verdict: Option<Verdict>,
    /// With `explain`: every move considered, best first; empty otherwise.
    pub candidates: Vec<Candidate>,
    /// Nodes searched for this decision.
    pub nodes: u64,
    /// How the move was chosen.
    pub method: Method,
}

/// The computer's memory across a game: the exact solver and its table, made on first use.
pub struct Thinker {
    solver: Option<Solver<u64>>,
    exact_empty_cells: usize,
    stop: Option<Arc<AtomicBool>>,
    /// `perfect` and `hard` on boards of more than 64 cells (see [`crate::gomoku`]).
    big: crate::gomoku::BigBoardPlayer,
}

impl Thinker {
    /// A thinker that uses the exact solver on positions with at most `exact_empty_cells`
    /// empty cells.
    pub fn new(exact_empty_cells: usize) -> Self {
        Thinker {
            solver: None,
            exact_empty_cells,
            stop: None,
            big: crate::gomoku::BigBoardPlayer::default(),
        }
    }

    /// The big-board player used by `perfect` and `hard` on boards of more than 64 cells:
    /// set its node budget, or a `time_up` check that makes it answer with the best move so
    /// far (a front end bounding each move in time).
    pub fn big_board(&mut self) -> &mut crate::gomoku::BigBoardPlayer {
        &mut self.big
    }

    /// Bounds each big-board move by a fresh check from `clock` (a front end's time per move)
    /// instead of a node budget; `None` restores the node budget (reproducible games).
    pub fn set_move_clock(&mut self, clock: Option<crate::gomoku::MoveClock>) {
        self.big.set_clock(clock);
    }

    /// Gets ready for a game under `rules`: on a board too big for the solver the big-board
    /// search's table is made (or emptied) now, so that no move's time goes to it.
    pub fn prepare(&mut self, rules: crate::rules::Rules) {
        if Board::new(rules).as_small().is_none() {
            self.big.new_game();
        }
    }

    /// Frees the search tables (the solver's and the big-board search's); the next decision
    /// builds them again. Levels, clock and stop flag are kept.
    pub fn release_tables(&mut self) {
        self.solver = None;
        self.big.release_table();
    }

    /// A flag another thread may set to stop the next searches (a server bounding a search
    /// in time); a stopped search returns `SearchError::Stopped` and plays nothing. `None`
    /// removes the flag. The solver's table stays valid after a stop.
    pub fn set_stop_flag(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.stop = flag;
    }

    /// Chooses a move for the side to move of `board` at `level`; with `explain`, values every
    /// candidate. The board must not be finished.
    pub fn think(
        &mut self,
        board: &Board,
        level: Level,
        explain: bool,
        rng: &mut impl Rng,
    ) -> Result<Thought, SessionError> {
        if let Some(outcome) = board.outcome() {
            return Err(crate::error::SearchError::GameOver(outcome.to_string()).into());
        }
        let legal = board.legal_moves();
        match level {
            Level::Random => Ok(Thought {
                cell: legal[rng.gen_range(0..legal.len())],
                best: legal,
                verdict: None,
                candidates: Vec::new(),
                nodes: 0,
                method: Method::Random,
            }),
            // Beyond 64 cells the exact solver cannot finish: the Gomoku search plays.
            Level::Perfect | Level::Hard if board.as_small().is_none() => {
                Ok(self.big.think(board, self.stop.as_deref())?)
            }
            Level::Perfect => match board.as_small() {
                Some(pos) if legal.len() <= self.exact_empty_cells => self.exact(pos, explain, rng),
                _ => self.bounded(board, hard_depth(board.rules()), true, explain, rng),
            },
            Level::Hard => self.bounded(board, hard_depth(board.rules()), true, explain, rng),
            Level::Depth(depth) => self.bounded(board, depth, false, explain, rng),
        }
    }

    fn exact(
        &mut self,
        pos: &Position<u64>,
        explain: bool,
        rng: &mut impl Rng,
    ) -> Result<Thought, SessionError> {
        let solver = self.solver.get_or_insert_with(|| {
            Solver::new(SolverConfig {
                hash_mib: PLAY_HASH_MIB,
                ..SolverConfig::default()
            })
        });
        // The solver keeps the last flag it was given: hand it a lowered one when there is none.
        solver.set_stop_flag(self.stop.clone().unwrap_or_default());
        let before = solver.stats().nodes;
        let (best, verdict, candidates) = if explain {
            let moves = solver.analyze(pos)?;
            let top = moves.iter().map(|m| m.score).max().unwrap_or(0);
            let best: Vec<usize> = moves
                .iter()
                .filter(|m| m.score == top)
                .map(|m| m.cell)
                .collect();
            let verdict = moves.iter().find(|m| m.score == top).map(|m| m.verdict);
            let mut sorted = moves.clone();
            sorted.sort_by_key(|m| (std::cmp::Reverse(m.score), m.cell));
            let candidates = sorted
                .iter()
                .map(|m| Candidate {
                    cell: m.cell,
                    verdict: m.verdict,
                })
                .collect();
            (best, verdict, candidates)
        } else {
            let solution = solver.solve(pos)?;
            (solution.best_moves, Some(solution.verdict), Vec::new())
        };
        Ok(Thought {
            cell: best[rng.gen_range(0..best.len())],
            best,
            verdict,
            candidates,
            nodes: solver.stats().nodes - before,
            method: Method::Exact,
        })
    }
}

impl Thinker {
    /// Depth-limited alpha-beta on either board representation, stopped by the stop flag.
    fn bounded(
        &self,
        board: &Board,
        depth: u32,
        tactical: bool,
        explain: bool,
        rng: &mut impl Rng,
    ) -> Result<Thought, SessionError> {
        let stop = self.stop.as_deref();
        let thought = match board {
            Board::Small(p) => bounded_on(p, depth, tactical, explain, stop, rng),
            Board::Wide(p) => bounded_on(p, depth, tactical, explain, stop, rng),
        };
        // A stopped search unwound with made-up values (or, stopped at the root, with no
        // move at all): its answer means nothing.
        match thought {
            Some(t) if !stop.is_some_and(|f| f.load(Ordering::Relaxed)) => Ok(t),
            _ => Err(crate::error::SearchError::Stopped.into()),
        }
    }
}

fn bounded_on<B: BitSet>(
    pos: &Position<B>,
    depth: u32,
    tactical: bool,
    explain: bool,
    stop: Option<&AtomicBool>,
    rng: &mut impl Rng,
) -> Option<Thought> {
    let cells = pos.rules().cells();
    let mut game = Focused {
        pos: pos.clone(),
        radius: (cells > FULL_WIDTH_CELLS).then_some(NEAR_RADIUS),
        tactical,
        stop,
    };
    // The textbook search values positions from x's point of view.
    let sign = if pos.to_move() == Side::X { 1 } else { -1 };
    let stones = pos.stone_count();
    let method = Method::Search { depth };
    if !explain {
        let limits = Limits {
            depth: Some(depth),
            all_best: true,
        };
        let result = alphabeta(&mut game, limits, &mut NoTrace);
        let mut best = result.best_moves.clone();
        best.sort_unstable();
        let verdict = Verdict::from_score(sign * result.value, stones, result.exact());
        if best.is_empty() {
            // Only a search stopped before it looked at the root's moves ends here.
            return None;
        }
        return Some(Thought {
            cell: best[rng.gen_range(0..best.len())],
            best,
            verdict: Some(verdict),
            candidates: Vec::new(),
            nodes: result.stats.nodes,
            method,
        });
    }
    // Explaining: search each candidate's reply tree with the full window so every value is
    // exact for this depth (the root's own pruning would leave some as mere bounds).
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let mut nodes = 1;
    let mut valued: Vec<(Score, Candidate)> = Vec::new();
    for cell in moves {
        game.play(cell);
        let limits = Limits {
            depth: Some(depth - 1),
            all_best: false,
        };
        let result = alphabeta(&mut game, limits, &mut NoTrace);
        game.undo();
        nodes += result.stats.nodes;
        let score = sign * result.value;
        let verdict = Verdict::from_score(score, stones, result.exact());
        valued.push((score, Candidate { cell, verdict }));
    }
    valued.sort_by_key(|(score, c)| (std::cmp::Reverse(*score), c.cell));
    let top = valued.first()?.0;
    let best: Vec<usize> = {
        let mut b: Vec<usize> = valued
            .iter()
            .filter(|(s, _)| *s == top)
            .map(|(_, c)| c.cell)
            .collect();
        b.sort_unstable();
        b
    };
    Some(Thought {
        cell: best[rng.gen_range(0..best.len())],
        best,
        verdict: Some(valued[0].1.verdict),
        candidates: valued.into_iter().map(|(_, c)| c).collect(),
        nodes,
        method,
    })
}

/// A position as the bounded search sees it (see the module documentation).
struct Focused<'a, B: BitSet> {
    pos: Position<B>,
    radius: Option<usize>,
    tactical: bool,
    /// Once set, every node is a leaf worth 0, so the search unwinds at once (the textbook
    /// search has no stop flag of its own; the caller discards the result).
    stop: Option<&'a AtomicBool>,
}

impl<B: BitSet> Game for Focused<'_, B> {
    type Move = usize;

    fn moves(&self, out: &mut Vec<usize>) {
        let legal = self.pos.legal_moves();
        if self.tactical {
            // A win now beats everything; against a threat every other move loses at once.
            let t = scan(&self.pos, self.pos.to_move());
            for forced in [t.wins, t.blocks] {
                let forced = forced.and(legal);
                if !forced.is_empty() {
                    out.extend(forced.cells());
                    return;
                }
            }
        }
        let candidates = match self.radius {
            Some(r) => near(&self.pos, r),
            None => legal,
        };
        informed_order(&self.pos, candidates, out);
    }

    fn play(&mut self, mv: usize) {
        self.pos.play_unchecked(mv);
    }

    fn undo(&mut self) {
        self.pos.undo_unchecked();
    }

    fn maximizing(&self) -> bool {
        self.pos.to_move() == Side::X
    }

    fn terminal_value(&self) -> Option<Score> {
        if self.stop.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Some(0);
        }
        crate::board_game::terminal_value(&self.pos, Scoring::Distance)
    }

    fn heuristic_value(&self) -> Score {
        if self.tactical {
            forced_line_value(&self.pos)
        } else {
            Evaluator::OpenLines.evaluate(&self.pos, Side::X)
        }
    }
}

/// What the side to move faces, tactically.
enum Tactics {
    /// The result is decided: this score, x's view.
    Decided(Score),
    /// The side to move must play this cell or lose at once.
    Forced(usize),
    /// Nothing forced.
    Quiet,
}

fn tactics<B: BitSet>(pos: &Position<B>) -> Tactics {
    let me = pos.to_move();
    let sign = if me == Side::X { 1 } else { -1 };
    let n = pos.stone_count();
    let t = scan(pos, me);
    if !t.wins.is_empty() {
        return Tactics::Decided(sign * win_score(n + 1));
    }
    match t.blocks.count() {
        0 => Tactics::Quiet,
        // One block cannot stop two wins: the opponent completes a line next move.
        1 => Tactics::Forced(t.blocks.lowest().unwrap_or_default()),
        _ => Tactics::Decided(-sign * win_score(n + 2)),
    }
}

/// The horizon value of the tactical mode: play out forced blocks until someone can win at
/// once, faces two threats, or the position is quiet; then the open-lines estimate (x's view).
/// Each forced step is a single move, so the extension costs a few moves at most per leaf.
fn forced_line_value<B: BitSet>(pos: &Position<B>) -> Score {
    let mut cell = match tactics(pos) {
        Tactics::Decided(v) => return v,
        Tactics::Quiet => return Evaluator::OpenLines.evaluate(pos, Side::X),
        Tactics::Forced(cell) => cell,
    };
    let mut line = pos.clone();
    loop {
        line.play_unchecked(cell);
        if line.empty_cells().is_empty() {
            return 0;
        }
        cell = match tactics(&line) {
            Tactics::Decided(v) => return v,
            Tactics::Quiet => return Evaluator::OpenLines.evaluate(&line, Side::X),
            Tactics::Forced(cell) => cell,
        };
    }
}

/// Empty cells within `radius` king moves of a stone; the most central cells on an empty board.
fn near<B: BitSet>(pos: &Position<B>, radius: usize) -> B {
    let rules = pos.rules();
    let empty = pos.empty_cells();
    let mut out = B::default();
    for cell in pos.occupied().cells() {
        let (col, row) = rules.col_row(cell);
        for r in row.saturating_sub(radius)..=(row + radius).min(rules.height() - 1) {
            for c in col.saturating_sub(radius)..=(col + radius).min(rules.width() - 1) {
                out = out.with(rules.cell(c, r));
            }
        }
    }
    out = out.and(empty);
    if out.is_empty() {
        // The empty board (or, in theory, no empty cell near any stone).
        for &c in pos.geometry().centre_order().iter().take(9) {
            if empty.contains(c as usize) {
                out = out.with(c as usize);
            }
        }
        if out.is_empty() {
            out = empty;
        }
    }
    out
}
