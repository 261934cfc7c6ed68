//! Iterative-deepening principal-variation search for big boards, with a transposition
//! table, killer and history move ordering, threat-based move selection (forced blocks, the
//! answers to an open three), and at the root VCF and VCT for both sides (to win, and to keep
//! only the answers that stop the opponent's; see [`super::defence`]). Every node reads the
//! wins that the patterns prove (see [`tactics::verdict`]), and the shallow ones ask the
//! threat probe (see [`tactics::Probe`]). With a seed, root moves
//! get a small seeded bonus so that near-equal moves vary from game to game.
//!
//! Scores follow [`crate::score`]: a win when the board holds `n` stones is `MATE - n` for the
//! winner, so they do not depend on the root and go into the table unchanged; estimates stay
//! within [`EVAL_LIMIT`].

use super::defence::{answers, first_not_losing, opponent_threat, Threats};
use super::reductions::Reductions;
use super::state::State;
use super::tactics::Probe;
use super::vcf::{find_vcf_until, VcfLimits};
use super::vct::{Vct, VctLimits};
use super::weights::Weights;
use crate::budget::{Budget, Exhausted};
use crate::geometry::splitmix;
use crate::score::{win_score, Score, MATE};
use std::sync::Arc;

pub use super::weights::EVAL_LIMIT;

mod interior;
mod table;
mod threads;

use table::{Entry, SharedTable};

/// Deepest iteration.
pub const MAX_DEPTH: u32 = 64;

/// The search looks at its budget (the caller's stop flag, nodes and deadline) once every
/// this many nodes: a node can cost tens of microseconds (move ordering scores every
/// candidate) and a look well under one, so the move's time holds to a millisecond.
pub const CHECK_EVERY_NODES: u64 = 8;

/// What bounds one search: the deepest iteration and the caller's [`Budget`] (stop flag,
/// nodes and deadline end the search at once with the best move so far; the soft deadline is
/// asked before each new iteration).
pub struct HardLimits<'a> {
    /// Deepest iteration.
    pub max_depth: u32,
    /// Nodes, time and the stop flag.
    pub budget: &'a Budget,
    /// Threads searching together (lazy SMP), this one included: 1 for a search that must
    /// give the same answer on every run (a budget of nodes), more when a clock bounds it.
    pub threads: usize,
    /// The budget of the check of the tree search's choice, which comes after the tree
    /// search: the decision's whole budget when `budget` ends early to keep time for it (a
    /// timed `hard` move keeps [`crate::ai::hard::CHECK_SHARE`] of its time for it), `None`
    /// when the check gets what the tree search leaves of `budget`.
    pub check: Option<&'a Budget>,
}

/// The most threads one search uses.
pub const MAX_THREADS: usize = 8;

/// How the move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Completes K in a row.
    Win,
    /// Blocks the opponent's only winning cell.
    Block,
    /// First move of a found VCF.
    Vcf,
    /// First move of a found VCT (its distance is an upper bound: the longest line of the
    /// threat search's proof).
    Vct,
    /// Chosen by the search (among the answers to an opponent VCF or VCT, if there was one).
    Search,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play.
    pub best: usize,
    /// Its score for the side to move (see the module doc).
    pub score: Score,
    /// Deepest completed iteration (0 when no search was needed).
    pub depth: u32,
    /// Nodes searched (by the main thread, when helper threads searched too).
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<usize>,
    /// How the move was found.
    pub reason: Reason,
    /// Why the search ended before its deepest iteration, if its budget ran out.
    pub cut_short: Option<Exhausted>,
}

const NO_MOVE: u16 = u16::MAX;
const MAX_PLY: usize = 128;

/// Largest seeded bonus of a root move, in evaluation points (an open two is worth 8 for each
/// of its cells and lines): enough to choose among near-equal moves, not to prefer a weaker.
pub const ROOT_JITTER: Score = 6;

/// Root moves searched at most (inner nodes: [`Reductions::width`]).
const ROOT_WIDTH: usize = 28;

/// The root's VCT bounds, for its own win and for the defence: longer lines and more nodes
/// than [`VctLimits::default`] (4 threes, 12 moves, 6,000 nodes), now that the state's
/// moves are cheap; the losses they were raised against began with a move that allowed a VCT
/// of 9 to 27 plies. Against PELA at 300 ms (32 games, 2 cores at a load of 5 to 6): 18.5 of
/// 32 points, the old bounds 15. The `hard` player gives a longer move more nodes
/// (`ai::hard::threat_scale`).
pub const ROOT_VCT: VctLimits = VctLimits {
    threes: 6,
    moves: 16,
    nodes: 24_000,
};

/// The bounds of the check of the tree search's choice (see [`super::defence`]), for each
/// move checked: [`ROOT_VCT`]'s lines with four times its nodes.
pub const CHECK_VCT: VctLimits = VctLimits {
    nodes: ROOT_VCT.nodes * 4,
    ..ROOT_VCT
};

/// Root moves checked at most after the tree search, its choice first.
const CHECK_TRIES: usize = 6;

/// The search and its memory (table, killers, history), kept across moves of a game.
pub struct Searcher {
    /// Shared with the helper threads.
    table: Arc<SharedTable>,
    killers: Vec<[u16; 2]>,
    history: Vec<u32>,
    /// Each ply's move list, reused from node to node.
    move_lists: Vec<Vec<usize>>,
    /// The move ordering's scratch list of (value, move).
    scored: Vec<(i64, usize)>,
    nodes: u64,
    stopped: Option<Exhausted>,
    /// VCF limits at the root.
    pub vcf: VcfLimits,
    /// VCT limits at the root, for the side to move's own win.
    pub vct_limits: VctLimits,
    /// VCT limits of the defence: finding the opponent's VCT and checking the answers
    /// (0 nodes: the defence looks for VCFs only).
    pub vct_defence: VctLimits,
    /// VCT limits of the check of the tree search's choice, for each move checked (0 nodes:
    /// no check).
    pub vct_check: VctLimits,
    vct: Vct,
    /// Seed of the bonus among near-equal root moves; `None` plays the same move every time.
    pub seed: Option<u64>,
    /// Largest root bonus (evaluation points) with a seed.
    pub jitter: Score,
    /// The evaluation and move-ordering weights.
    pub weights: Weights,
    /// The threat probe of the shallow nodes (plies 1 to `probe.plies`).
    pub probe: Probe,
    /// Late-move reductions of the inner nodes.
    pub reductions: Reductions,
    /// The searchers of the helper threads (see [`HardLimits::threads`]), kept across moves:
    /// those waiting, and those of the last search, still running or stopping.
    helpers: Vec<Searcher>,
    running: Vec<std::thread::JoinHandle<Searcher>>,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Searcher {
        let bytes = hash_mib.clamp(1, 4096) << 20;
        let entries = (bytes / size_of::<[u64; 2]>()).next_power_of_two() / 2;
        Searcher::with_table(Arc::new(SharedTable::new(entries.max(1024))))
    }

    /// A searcher with the default settings on `table` (its own, or a shared one).
    fn with_table(table: Arc<SharedTable>) -> Searcher {
        Searcher {
            table,
            killers: vec![[NO_MOVE; 2]; MAX_PLY],
            history: Vec::new(),
            move_lists: vec![Vec::new(); MAX_PLY],
            scored: Vec::new(),
            nodes: 0,
            stopped: None,
            vcf: VcfLimits::default(),
            vct_limits: ROOT_VCT,
            vct_defence: ROOT_VCT,
            vct_check: CHECK_VCT,
            vct: Vct::new(),
            seed: None,
            jitter: ROOT_JITTER,
            weights: Weights::default(),
            probe: Probe::new(),
            reductions: Reductions::default(),
            helpers: Vec::new(),
            running: Vec::new(),
        }
    }

    /// Gets the move ordering memory ready for a new search of `state`.
    fn prepare(&mut self, state: &State) {
        let cells = state.rules().cells();
        if self.history.len() != cells * 2 {
            self.history = vec![0; cells * 2];
        }
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.killers.fill([NO_MOVE; 2]);
        self.nodes = 0;
        self.stopped = None;
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        // The last search's helpers first: none may write into the emptied table.
        self.reclaim_helpers();
        self.table.clear();
        self.history.clear();
        self.killers.fill([NO_MOVE; 2]);
        self.probe.clear();
        for helper in &mut self.helpers {
            helper.history.clear();
            helper.probe.clear();
        }
    }

    /// Chooses a move for the side to move; `None` when the game is over.
    pub fn search(&mut self, state: &mut State, limits: &HardLimits<'_>) -> Option<Report> {
        if state.is_over() {
            return None;
        }
        self.prepare(state);
        let me = state.to_move();
        let n = state.stone_count();
        let quick = |best: usize, score: Score, pv: Vec<usize>, reason: Reason| Report {
            best,
            score,
            depth: 0,
            nodes: 0,
            pv,
            reason,
            cut_short: None,
        };
        let mut cells_buf = Vec::new();
        state.winning_cells(me, &mut cells_buf);
        if let Some(&win) = cells_buf.first() {
            return Some(quick(win, win_score(n + 1), vec![win], Reason::Win));
        }
        let mut blocks = Vec::new();
        state.winning_cells(me.other(), &mut blocks);
        if let Some(&block) = blocks.first() {
            if blocks.len() > 1 {
                // Lost whatever we do; block one and hope.
                return Some(quick(block, -win_score(n + 2), vec![block], Reason::Block));
            }
        } else if let Some(line) = find_vcf_until(state, self.vcf, limits.budget) {
            let score = win_score(n + vcf_plies(state, &line));
            return Some(quick(line[0], score, line, Reason::Vcf));
        } else if let Some(win) = self.vct.find(state, self.vct_limits, limits.budget) {
            let score = win_score(n + win.plies);
            return Some(Report {
                nodes: self.vct.nodes(),
                ..quick(win.first, score, vec![win.first], Reason::Vct)
            });
        }
        if let Some(reply) = self.opening_reply(state) {
            return Some(quick(reply, 0, vec![reply], Reason::Search));
        }
        // Root moves: the forced block, or the answers to the opponent's threats, or all.
        let mut moves = Vec::new();
        self.ordered_moves(state, 0, NO_MOVE, &mut moves);
        if blocks.is_empty() {
            let mut threats = Threats {
                vcf: self.vcf,
                vct_limits: self.vct_defence,
                vct: &mut self.vct,
                budget: limits.budget,
            };
            if let Some(threat) = opponent_threat(state, &mut threats) {
                moves = answers(state, &moves, &threat, &mut threats);
            }
        }
        if moves.is_empty() {
            state.candidates(&mut moves);
        }
        if moves.len() == 1 {
            let reason = if blocks.is_empty() {
                Reason::Search
            } else {
                Reason::Block
            };
            return Some(quick(moves[0], 0, vec![moves[0]], reason));
        }
        moves.truncate(ROOT_WIDTH);
        let mut report = if limits.threads > 1 {
            self.iterate_together(state, &mut moves, limits)
        } else {
            self.iterate(state, &mut moves, limits, 1)
        }?;
        if blocks.is_empty() {
            self.check_choice(state, &moves, &mut report, limits);
        }
        Some(report)
    }

    /// Checks the tree search's choice with a wider threat search than the tree's probes,
    /// while the check's budget lasts ([`HardLimits::check`]): when the opponent would then
    /// win by threats, the next move in the search's order that does not lose (as far as the
    /// check sees) is played instead, its line and estimate unknown (the choice's are kept as
    /// the estimate).
    pub(in crate::hard_search) fn check_choice(
        &mut self,
        state: &mut State,
        moves: &[usize],
        report: &mut Report,
        limits: &HardLimits<'_>,
    ) {
        let budget = limits.check.unwrap_or(limits.budget);
        // A loss the tree search sees is no proof (it searches a few of our replies at each
        // node): the check may still find a move after which the opponent has no threat
        // sequence, where the tree's choice is only the loss it saw last.
        if self.vct_check.nodes == 0
            || report.reason != Reason::Search
            || report.score > EVAL_LIMIT
            || budget.is_interrupted()
        {
            return;
        }
        // The choice first, then the rest in the search's order.
        let mut order = vec![report.best];
        order.extend(moves.iter().copied().filter(|&m| m != report.best));
        let mut threats = Threats {
            vcf: self.vcf,
            vct_limits: self.vct_check,
            vct: &mut self.vct,
            budget,
        };
        if let Some(m) = first_not_losing(state, &order, CHECK_TRIES, &mut threats) {
            if m != report.best {
                report.best = m;
                report.pv = vec![m];
            }
        }
    }

    /// Iterative deepening over the root `moves` from depth `first_depth` on; the best move
    /// found is left first in `moves`.
    fn iterate(
        &mut self,
        state: &mut State,
        moves: &mut [usize],
        limits: &HardLimits<'_>,
        first_depth: u32,
    ) -> Option<Report> {
        let mut report = Report {
            best: moves[0],
            score: 0,
            depth: 0,
            nodes: 0,
            pv: vec![moves[0]],
            reason: Reason::Search,
            cut_short: None,
        };
        let first_depth = first_depth.clamp(1, limits.max_depth.clamp(1, MAX_DEPTH));
        for depth in first_depth..=limits.max_depth.min(MAX_DEPTH) {
            if depth > first_depth && limits.budget.wants_no_more_steps() {
                break;
            }
            let mut alpha = -MATE - 1;
            let beta = MATE + 1;
            let mut best: Option<(usize, Score)> = None;
            for (i, &m) in moves.iter().enumerate() {
                // The move's seeded bonus: it wins when `raw + bonus > alpha`, so its
                // windows are shifted down by the bonus.
                let bonus = self.root_bonus(state, m);
                let floor = alpha - bonus;
                state.play(m);
                let raw = if i == 0 {
                    -self.pvs(state, depth as i32 - 1, -beta, -floor, 1, limits)
                } else {
                    let s = -self.pvs(state, depth as i32 - 1, -floor - 1, -floor, 1, limits);
                    if s > floor && self.stopped.is_none() {
                        -self.pvs(state, depth as i32 - 1, -beta, -floor, 1, limits)
                    } else {
                        s
                    }
                };
                state.undo();
                if self.stopped.is_some() {
                    break;
                }
                let score = if score_is_decisive(raw) {
                    raw
                } else {
                    raw + bonus
                };
                if score > alpha {
                    alpha = score;
                    best = Some((m, raw));
                }
            }
            if let Some((m, score)) = best {
                // A partly searched iteration still proved its best move better than the rest.
                report.best = m;
                report.score = score;
                if self.stopped.is_none() {
                    report.depth = depth;
                }
                let pos = moves.iter().position(|&x| x == m).unwrap_or(0);
                moves[..=pos].rotate_right(1);
            }
            if self.stopped.is_some() || score_is_decisive(report.score) {
                break;
            }
        }
        report.pv = self.principal_variation(state, report.best);
        report.nodes = self.nodes;
        report.cut_short = self.stopped;
        Some(report)
    }

    /// With a seed, the second stone of a game of five in a row on a big board: one of the
    /// eight cells next to the first stone (the direct and the diagonal openings), chosen by
    /// the seed, so that the second player's games do not all start alike. The search finds
    /// them all near-equal and would always pick the same.
    fn opening_reply(&self, state: &State) -> Option<usize> {
        let seed = self.seed?;
        let rules = state.rules();
        if state.stone_count() != 1 || rules.k() < 5 || rules.width().min(rules.height()) < 9 {
            return None;
        }
        let first = (0..rules.cells()).find(|&c| !state.is_empty(c))?;
        let (col, row) = rules.col_row(first);
        let mut near = [0usize; 8];
        let mut count = 0;
        for dr in -1isize..=1 {
            for dc in -1isize..=1 {
                let (c, r) = (col as isize + dc, row as isize + dr);
                if (dc, dr) != (0, 0)
                    && (0..rules.width() as isize).contains(&c)
                    && (0..rules.height() as isize).contains(&r)
                {
                    near[count] = rules.cell(c as usize, r as usize);
                    count += 1;
                }
            }
        }
        let mut x = seed ^ state.hash();
        (count == 8).then(|| near[(splitmix(&mut x) % 8) as usize])
    }

    /// The seeded bonus of root move `m` (0 without a seed): a few points, different for each
    /// position and seed, so that near-equal moves are chosen among at random while one
    /// clearly better is never passed over.
    fn root_bonus(&self, state: &State, m: usize) -> Score {
        let Some(seed) = self.seed else {
            return 0;
        };
        let mut x = seed ^ state.hash() ^ (m as u64).wrapping_mul(0xA076_1D64_78BD_642F);
        (splitmix(&mut x) % (self.jitter.max(0) as u64 + 1)) as Score
    }

    fn principal_variation(&self, state: &mut State, first: usize) -> Vec<usize> {
        let mut pv = vec![first];
        state.play(first);
        while pv.len() < 16 && !state.is_over() {
            let e = self.table.get(state.hash());
            if e.key != state.hash() || e.mv == NO_MOVE || !state.is_empty(e.mv as usize) {
                break;
            }
            pv.push(e.mv as usize);
            state.play(e.mv as usize);
        }
        for _ in 0..pv.len() {
            state.undo();
        }
        pv
    }
}

/// Plies until a found VCF `line` ends the game, its first move included. A line that ends
/// with the completing move wins then; one that ends with a double threat (or an open four)
/// needs the defender's block and the attacker's fifth stone too.
fn vcf_plies(state: &mut State, line: &[usize]) -> usize {
    for &m in line {
        state.play(m);
    }
    let completes = state.winner().is_some();
    for _ in line {
        state.undo();
    }
    if completes {
        line.len()
    } else {
        line.len() + 2
    }
}

fn score_is_decisive(score: Score) -> bool {
    score.abs() > EVAL_LIMIT
}
