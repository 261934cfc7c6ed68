//! How a computer level chooses a move: the exact solver (its table kept across the game)
//! where it proves the position within the move's budget, else the `hard` search; a bounded
//! alpha-beta search over the engine's generic [`crate::search::alphabeta`]; or a random
//! legal move. Ties among equally good moves are broken by the generator handed in.
//!

use super::book::Book;
use super::hard::{HardPlayer, Means, CHECK_SHARE, HARD_TABLE_MIB};
use super::level::Level;
use super::textbook::bounded_on;
use super::thought::{Candidate, Method, Thought};
use crate::bits::BitSet;
use crate::board::{with_position, Board};
use crate::budget::{Budget, Controls, Exhausted};
use crate::error::SearchError;
use crate::exact::algorithm::proof_first;
use crate::exact::proven::{self, Pick};
use crate::go::Go;
use crate::position::Position;
use crate::proof::{ProofConfig, Prover};
use crate::rules::Rules;
use crate::score::Verdict;
use crate::solver::{Solver, SolverConfig};
use crate::time::{TimeManager, TIMED_NODES};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The transposition table of the solver a thinker keeps across a game, in MiB: a proof from
/// one move usually covers most of the next one.
pub const PLAY_HASH_MIB: usize = 64;

/// When the `perfect` level's moves are proven on a board (the other levels never claim to
/// be exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exactness {
    /// Every move whose position the exact solver proves within the move's budget (the
    /// opening book's positions at once); any other move is the `hard` search's, labelled as
    /// an estimate ([`Method::Search`]).
    WhenProven,
    /// Never: the board has over 64 cells, too many for the solver; the `hard` search plays
    /// (estimates).
    Never,
}

/// When `perfect` is exact on boards of `rules` (the rule [`Thinker::think`] follows).
pub fn perfect_exactness(rules: Rules) -> Exactness {
    if Board::new(rules).as_small().is_none() {
        Exactness::Never
    } else {
        Exactness::WhenProven
    }
}

/// The share of a timed `perfect` move the proof may take; if it does not come, the `hard`
/// search has the rest.
pub const PROOF_SHARE: f64 = 0.85;

/// The part of [`PROOF_SHARE`] the proof search takes first where [`proof_first`] holds; the
/// solver has what is left of [`PROOF_SHARE`] (more when the proof search ends early: a win
/// it finds at once leaves the solver the time to measure it). On an open 7x7/5 position the
/// solver settles nothing the proof search could not. Tuned with the `perfect` bench (7x7/5,
/// 2 games a side, seeds 2 and 3, proof search on two threads): 0.35 gave 91 proven replies
/// of 98, 0.7 gave 95, 0.8 gave 97. Measured apart (seeds 4 to 7, 196 replies): 176 proven,
/// where one thread and 0.35 proved 169.
pub const PROOF_FIRST_SHARE: f64 = 0.8;

/// Solver nodes a `perfect` move's proof may cost when no clock bounds it: about half a
/// second on one core (the solver visits some 3 million nodes a second), after which the
/// `hard` search plays with [`UNTIMED_NODES`].
pub const UNTIMED_PROOF_NODES: u64 = 1_500_000;

/// Proof-search nodes the proof of a `perfect` move may cost when no clock bounds it (where
/// [`proof_first`] holds): about half a second on one core (the proof search visits some
/// 300 thousand nodes a second on open 7x7/5 positions, measured on 2026-12-05; it was 20 to
/// 30 thousand when this was 10,000), after which the solver has [`UNTIMED_PROOF_NODES`].
pub const UNTIMED_PROOF_SEARCH_NODES: u64 = 150_000;

/// Nodes a `hard` move may cost when no clock bounds it: about a quarter to half a second
/// on one core of a current machine, so `mnk play` answers promptly and reproducibly.
pub const UNTIMED_NODES: u64 = 150_000;

/// The computer's memory across a game: the exact solver, the proof search and the
/// big-board search with their tables (made on first use). What each decision may use comes
/// with the call, as a [`Go`].
///
/// ```
/// use mnk_engine::ai::{Level, Thinker};
/// use mnk_engine::Go;
/// use mnk_engine::{Board, Rules};
///
/// // o must block x's column a at a3.
/// let board = Board::from_text(Rules::tic_tac_toe(), ".../xo./x..").unwrap();
/// let mut thinker = Thinker::default();
/// for level in [Level::Perfect, Level::Hard, Level::Depth(2)] {
///     let thought = thinker.think(&board, level, &Go::default()).unwrap();
///     assert_eq!(board.cell_name(thought.cell), "a3", "{level:?}");
/// }
/// ```
#[derive(Default)]
pub struct Thinker {
    solver: Option<Solver<u64>>,
    /// The proof search with its table, where [`proof_first`] holds.
    prover: Option<Prover>,
    /// `hard`, and `perfect` where the solver cannot answer.
    hard: HardPlayer,
    /// The size of the solver's and the proof search's tables (`None`: [`PLAY_HASH_MIB`]).
    exact_mib: Option<usize>,
}

impl Thinker {
    /// A thinker with no tables yet.
    pub fn new() -> Self {
        Thinker::default()
    }

    /// A thinker whose `hard` search (and `perfect`'s fallback) is `hard` (a brain's
    /// smaller threat searches, say).
    pub fn with_hard(hard: HardPlayer) -> Self {
        Thinker {
            hard,
            ..Thinker::default()
        }
    }

    /// Gets ready for a new game: the `hard` search's table is made (or emptied) now, so that
    /// no move's time goes to it.
    pub fn prepare(&mut self) {
        self.hard.new_game();
    }

    /// Frees the search tables (the solver's and the `hard` search's); the next decision
    /// builds them again.
    pub fn release_tables(&mut self) {
        self.solver = None;
        self.prover = None;
        self.hard.release_table();
    }

    /// Sizes the tables as `go` asks for a decision on `board`: its whole memory to `hard` on
    /// a board too big for the exact searches, a third each to the solver, the proof search
    /// and `hard` otherwise; each its default size when `go` asks for none. A table of
    /// another size is freed, to be made anew.
    fn size_tables(&mut self, board: &Board, go: &Go) {
        let (exact, hard) = match go.table_mib() {
            None => (None, HARD_TABLE_MIB),
            Some(total) if board.as_small().is_none() => {
                self.solver = None;
                self.prover = None;
                (self.exact_mib, total)
            }
            Some(total) => (Some((total / 3).max(1)), (total / 3).max(1)),
        };
        if self.exact_mib != exact {
            self.exact_mib = exact;
            self.solver = None;
            self.prover = None;
        }
        self.hard.resize(hard);
    }

    /// The size of the solver's and the proof search's tables, in MiB.
    fn table_mib(&self) -> usize {
        self.exact_mib.unwrap_or(PLAY_HASH_MIB)
    }

    /// Chooses a move for the side to move of `board` at `level`, within what `go` allows
    /// (see [`Go`]); with [`Go::explaining`], values every candidate too. The board must not
    /// be finished. Ties among equally good moves are broken by `go`'s seed and the position.
    pub fn think(&mut self, board: &Board, level: Level, go: &Go) -> Result<Thought, SearchError> {
        board.unfinished()?;
        // Stopped before it began (a new game, say): nothing is chosen, not even from the book.
        if go.is_stopped() {
            return Err(SearchError::Stopped(Exhausted::Stopped));
        }
        self.size_tables(board, go);
        let time = TimeManager::new(go);
        let mut rng = choice_rng(board, go);
        let legal = board.legal_moves();
        if legal.is_empty() {
            // Only Renju leaves an unfinished game without a move: every empty cell forbidden
            // to x.
            return Err(SearchError::NoLegalMove);
        }
        match level {
            Level::Random => Ok(Thought {
                cell: legal[rng.gen_range(0..legal.len())],
                best: legal,
                verdict: None,
                candidates: Vec::new(),
                unmeasured_losses: Vec::new(),
                nodes: 0,
                method: Method::Random,
            }),
            Level::Perfect => self.perfect(board, go, &time, &mut rng),
            Level::Hard => self.hard(board, go, &time, 1.0),
            Level::Depth(depth) => self.bounded(board, depth, go, &mut rng),
        }
    }

    /// `perfect`: the opening book; else, where [`proof_first`] holds, the proof search
    /// within [`PROOF_FIRST_SHARE`] of the move (a proven draw gives the drawing moves); else
    /// the exact solver within the rest of [`PROOF_SHARE`] (the tables kept from the moves
    /// before); if no proof comes in time, the `hard` search with the rest, and the move says
    /// it is an estimate. A raised stop handle cancels any of them.
    fn perfect(
        &mut self,
        board: &Board,
        go: &Go,
        time: &TimeManager,
        rng: &mut StdRng,
    ) -> Result<Thought, SearchError> {
        // The book and the solver know only the freestyle rule.
        if board.rules().rule() != crate::rules::Rule::Freestyle {
            return self.hard(board, go, time, 1.0);
        }
        // A move needs only the best moves; `--explain` every move's value where the book
        // has them, else the best moves it has (the same move as without `--explain`).
        let explain = go.explain();
        let book = Book::embedded();
        let known = match explain {
            true => book.move_values(board).or_else(|| book.best_moves(board)),
            false => book.best_moves(board),
        };
        if let Some(values) = known {
            return Ok(exact_thought(&values, explain, 0, rng));
        }
        let Some(pos) = board.as_small() else {
            return self.hard(board, go, time, 1.0);
        };
        let spent_before = self.exact_nodes();
        if proof_first(board.rules()) {
            let budget = time.budget(PROOF_FIRST_SHARE, UNTIMED_PROOF_SEARCH_NODES);
            match self.proven_draw(pos, explain, rng, budget, time) {
                Ok(Some(thought)) => return Ok(thought),
                Ok(None) | Err(SearchError::Stopped(Exhausted::Nodes | Exhausted::Time)) => {}
                Err(e) => return Err(e),
            }
        }
        // Until PROOF_SHARE of the move: what the proof search left (a win or a loss it
        // found at once) is the solver's.
        let budget = time.budget_until(PROOF_SHARE, UNTIMED_PROOF_NODES);
        match self.exact(pos, explain, rng, budget, time.search_time().is_some()) {
            Err(SearchError::Stopped(Exhausted::Nodes | Exhausted::Time)) => {
                // The work of the proofs that did not come in time counts too.
                let spent = self.exact_nodes().saturating_sub(spent_before);
                let mut thought = self.hard(board, go, time, 1.0 - PROOF_SHARE)?;
                thought.nodes += spent;
                Ok(thought)
            }
            answer => answer,
        }
    }

    /// Nodes the exact searches (the proof search and the solver) have visited this game.
    fn exact_nodes(&self) -> u64 {
        let proof = self.prover.as_ref().map_or(0, |p| p.stats().nodes);
        proof + self.solver.as_ref().map_or(0, |s| s.stats().nodes)
    }

    /// Thinks on the opponent's time: searches `board`, where the opponent of a `level`
    /// computer is to move, as that computer would search its own positions, so that its
    /// tables hold the positions after the opponent's moves when its own turn comes. Runs until
    /// the search ends (the answer is the opponent's best move, as `perfect` sees it) or
    /// `go`'s stop handle is raised ([`SearchError::Stopped`]); the tables stay valid either
    /// way. `perfect` on boards of up to 64 cells values every move (the proof search first
    /// where [`proof_first`] holds), then searches its reply to the opponent's best move;
    /// `hard`, and `perfect` on bigger boards, run the `hard` search.
    /// The other levels keep no tables: nothing to do, `Ok(None)`.
    pub fn ponder(
        &mut self,
        board: &Board,
        level: Level,
        go: &Go,
    ) -> Result<Option<Thought>, SearchError> {
        board.unfinished()?;
        if go.is_stopped() {
            return Err(SearchError::Stopped(Exhausted::Stopped));
        }
        self.size_tables(board, go);
        let mut rng = choice_rng(board, go);
        // Only the stop handle ends it; the node limit guards against a flag nobody raises.
        let budget = TimeManager::new(go).until_stopped(TIMED_NODES);
        match (level, board.as_small()) {
            (Level::Perfect, Some(pos)) => {
                let expected = self.ponder_exact(pos, &mut rng, &budget)?;
                // Then the reply to the expected move, as `perfect` will look for it.
                let mut after = pos.clone();
                after.play_unchecked(expected.cell);
                if !after.is_over() {
                    self.ponder_exact(&after, &mut rng, &budget)?;
                }
                Ok(Some(expected))
            }
            (Level::Perfect | Level::Hard, _) => self
                .hard
                .think(board, &budget, None, go.depth(), go.seed(), Means::FIXED)
                .map(Some),
            (Level::Random | Level::Depth(_), _) => Ok(None),
        }
    }

    /// The values of every move of `pos` (past the book) within `budget`: the drawing moves
    /// from the proof search where [`proof_first`] holds and it proves a draw, else the
    /// solver's values.
    fn ponder_exact(
        &mut self,
        pos: &Position<u64>,
        rng: &mut StdRng,
        budget: &Budget,
    ) -> Result<Thought, SearchError> {
        if let Some(values) = Book::embedded().best_moves(&Board::from(pos.clone())) {
            return Ok(exact_thought(&values, false, 0, rng));
        }
        if proof_first(pos.rules()) {
            let prover = self.prover(true);
            let before = prover.stats().nodes;
            if let Some(drawing) = proven::drawing_moves(prover, pos, budget)? {
                let nodes = prover.stats().nodes - before;
                let values: Vec<(usize, Verdict)> =
                    drawing.iter().map(|&c| (c, Verdict::Draw)).collect();
                return Ok(exact_thought(&values, false, nodes, rng));
            }
        }
        self.exact(pos, true, rng, budget.clone(), true)
    }

    /// The proof search kept across the game (made on first use); with `parallel`, on every
    /// core where the position is open, as the solver (a budget of nodes must give the same
    /// answer on every run: one thread).
    fn prover(&mut self, parallel: bool) -> &mut Prover {
        let hash_mib = self.table_mib();
        let prover = self.prover.get_or_insert_with(|| {
            Prover::new(ProofConfig {
                hash_mib,
                ..ProofConfig::default()
            })
        });
        prover.set_threads(if parallel { 0 } else { 1 });
        prover
    }

    /// The proof search within `budget`: a proven draw as a decision, the reply that held in
    /// the proof that the opponent cannot force a line ([`Pick::ProofsReply`]; the first move
    /// of [`try_order`] proven to hold the draw when the table lost it) (with `explain`, every drawing move, and the
    /// losing moves too, valued by the solver until [`PROOF_SHARE`] of the move; those not
    /// valued in time are named as unmeasured losses); `None` for a win or a loss.
    pub(super) fn proven_draw(
        &mut self,
        pos: &Position<u64>,
        explain: bool,
        rng: &mut StdRng,
        budget: Budget,
        time: &TimeManager,
    ) -> Result<Option<Thought>, SearchError> {
        let prover = self.prover(time.search_time().is_some());
        let before = prover.stats().nodes;
        if !explain {
            let order = try_order(pos, rng);
            let found = proven::drawing_move(prover, pos, &order, Pick::ProofsReply, &budget)?;
            let nodes = prover.stats().nodes - before;
            return Ok(found.map(|cell| Thought {
                cell,
                best: vec![cell],
                verdict: Some(Verdict::Draw),
                candidates: Vec::new(),
                unmeasured_losses: Vec::new(),
                nodes,
                method: Method::Exact,
            }));
        }
        let Some(drawing) = proven::drawing_moves(prover, pos, &budget)? else {
            return Ok(None);
        };
        let mut nodes = prover.stats().nodes - before;
        let mut values: Vec<(usize, Verdict)> =
            drawing.iter().map(|&c| (c, Verdict::Draw)).collect();
        let budget = time.budget_until(PROOF_SHARE, UNTIMED_PROOF_NODES);
        self.solver(time.search_time().is_some());
        // Both are made by now (`prover` above); a value is never guessed should one not be.
        let (Some(prover), Some(solver)) = (self.prover.as_mut(), self.solver.as_mut()) else {
            return Ok(None);
        };
        let before = prover.stats().nodes + solver.stats().nodes;
        match proven::losing_values(pos, &drawing, (prover, solver, &budget), &mut values) {
            Ok(()) | Err(SearchError::Stopped(Exhausted::Nodes | Exhausted::Time)) => {}
            Err(e) => return Err(e),
        }
        nodes += prover.stats().nodes + solver.stats().nodes - before;
        let mut thought = exact_thought(&values, explain, nodes, rng);
        thought.unmeasured_losses = pos
            .legal_moves()
            .cells()
            .filter(|c| !values.iter().any(|v| v.0 == *c))
            .collect();
        Ok(Some(thought))
    }

    /// The solver kept across the game (made on first use); with `parallel`, on every core
    /// where the problem is large (a budget of nodes must give the same answer on every run:
    /// one thread).
    fn solver(&mut self, parallel: bool) -> &mut Solver<u64> {
        let hash_mib = self.table_mib();
        let solver = self.solver.get_or_insert_with(|| {
            Solver::new(SolverConfig {
                hash_mib,
                ..SolverConfig::default()
            })
        });
        solver.set_threads(if parallel { 0 } else { 1 });
        solver
    }

    /// The exact solver within `budget`; a search it stops proves nothing and plays nothing.
    fn exact(
        &mut self,
        pos: &Position<u64>,
        explain: bool,
        rng: &mut StdRng,
        budget: Budget,
        parallel: bool,
    ) -> Result<Thought, SearchError> {
        let solver = self.solver(parallel);
        let before = solver.stats().nodes;
        let values: Vec<(usize, Verdict)> = if explain {
            let moves = solver.solve_moves(pos, &budget)?;
            moves.iter().map(|m| (m.cell, m.verdict)).collect()
        } else {
            let solution = solver.solve(pos, &budget)?;
            let value = solution.verdict;
            solution.best_moves.iter().map(|&c| (c, value)).collect()
        };
        let nodes = solver.stats().nodes - before;
        Ok(exact_thought(&values, explain, nodes, rng))
    }
}

/// The generator of a decision's choices among equally good moves: the position's, mixed with
/// `go`'s seed when there is one, so the same position, level and seed give the same move.
fn choice_rng(board: &Board, go: &Go) -> StdRng {
    let seed = go
        .seed()
        .map_or(0, |s| s.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    StdRng::seed_from_u64(board.hash() ^ seed)
}

/// The legal moves of `pos` in the order the proof of a draw tries them when the proof's own
/// reply is not in the table: nearest the centre first (a central move is the likeliest to
/// hold, and its proof the quickest), equally near ones in an order drawn from `rng`.
fn try_order(pos: &Position<u64>, rng: &mut impl Rng) -> Vec<usize> {
    let rules = pos.rules();
    let mut cells: Vec<(i64, u32, usize)> = pos
        .legal_moves()
        .cells()
        .map(|c| (proven::centre_distance(rules, c), rng.gen(), c))
        .collect();
    cells.sort_unstable();
    cells.into_iter().map(|(_, _, c)| c).collect()
}

/// A proven decision from exact `values` (every legal move, or at least every best one): a
/// best move chosen at random among the best, every move as candidates with `explain`.
fn exact_thought(
    values: &[(usize, Verdict)],
    explain: bool,
    nodes: u64,
    rng: &mut impl Rng,
) -> Thought {
    let top = values.iter().map(|&(_, v)| v.rank()).max().unwrap_or(0);
    let best: Vec<usize> = values
        .iter()
        .filter(|&&(_, v)| v.rank() == top)
        .map(|&(c, _)| c)
        .collect();
    let verdict = values.iter().find(|&&(_, v)| v.rank() == top).map(|m| m.1);
    let candidates = if explain {
        let mut sorted = values.to_vec();
        sorted.sort_by_key(|&(c, v)| (std::cmp::Reverse(v.rank()), c));
        sorted
            .into_iter()
            .map(|(cell, verdict)| Candidate { cell, verdict })
            .collect()
    } else {
        Vec::new()
    };
    Thought {
        cell: best[rng.gen_range(0..best.len())],
        best,
        verdict,
        candidates,
        unmeasured_losses: Vec::new(),
        nodes,
        method: Method::Exact,
    }
}

impl Thinker {
    /// The `hard` search within `share` of the move's time (or its fixed work).
    fn hard(
        &mut self,
        board: &Board,
        go: &Go,
        time: &TimeManager,
        share: f64,
    ) -> Result<Thought, SearchError> {
        let budget = time.budget(share, UNTIMED_NODES);
        let means = Means::for_time(time.search_time().map(|t| t.mul_f64(share)), go.threads());
        // Timed, the tree search ends early and the check of its choice gets the rest;
        // fixed work is the same nodes either way.
        let (tree, check) = match time.search_time() {
            Some(_) => (
                time.budget_keeping(share, CHECK_SHARE, UNTIMED_NODES),
                Some(&budget),
            ),
            None => (budget.clone(), None),
        };
        self.hard
            .think(board, &tree, check, go.depth(), go.seed(), means)
    }

    /// `depth:N`: depth-limited alpha-beta on either board representation, stopped by the stop
    /// handle.
    fn bounded(
        &self,
        board: &Board,
        depth: u32,
        go: &Go,
        rng: &mut StdRng,
    ) -> Result<Thought, SearchError> {
        let budget = Budget::unlimited().with_stop(go.stop_flag().cloned());
        let controls = Controls::with_budget(budget);
        with_position!(board, p => bounded_on(p, depth, go.explain(), &controls, rng))
    }
}
