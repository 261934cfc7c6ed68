//! Textbook alpha-beta: children in the order the game gives them, a cutoff as soon as
//! alpha >= beta, fail-soft values. Same statistics and trace hooks as minimax.

use super::{leaf_value, Game, Limits, Scratch, SearchResult, Stats, Tracer};
use crate::error::SearchError;
use crate::score::{Score, INFINITY};
use crate::solver::progress::{Controls, Watch};

/// Alpha-beta from the current node of `game` with the full window.
pub fn alphabeta<G: Game>(
    game: &mut G,
    limits: Limits,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    // Without a stop flag nothing can stop it, so the result is always complete.
    AlphaBeta::new(limits, &Controls::default()).run(game, limits, tracer)
}

/// [`alphabeta`] watched by `controls`: it publishes its node count to their progress and
/// ends with [`SearchError::Stopped`] soon after their stop flag is raised (the game is then
/// back at the node it started from).
pub fn alphabeta_with<G: Game>(
    game: &mut G,
    limits: Limits,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut search = AlphaBeta::new(limits, controls);
    let result = search.run(game, limits, tracer);
    if search.watch.stopped() {
        return Err(SearchError::Stopped);
    }
    Ok(result)
}

struct AlphaBeta<'a, M> {
    stats: Stats,
    scratch: Scratch<M>,
    all_best: bool,
    root_best: Vec<M>,
    watch: Watch<'a>,
}

impl<'a, M: Copy + Eq + std::fmt::Debug> AlphaBeta<'a, M> {
    fn new(limits: Limits, controls: &'a Controls) -> Self {
        AlphaBeta {
            stats: Stats::default(),
            scratch: Scratch::new(),
            all_best: limits.all_best,
            root_best: Vec::new(),
            watch: Watch::new(controls),
        }
    }

    fn run<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        limits: Limits,
        tracer: &mut impl Tracer,
    ) -> SearchResult<M> {
        let value = self.node(game, limits.depth, 0, -INFINITY, INFINITY, tracer);
        SearchResult {
            value,
            best_moves: std::mem::take(&mut self.root_best),
            best_path: self.scratch.pv[0].clone(),
            best_line: self.scratch.pv_moves[0].clone(),
            stats: self.stats,
        }
    }

    /// The node's value; meaningless once the watch says stop (the caller then discards it).
    fn node<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        depth_left: Option<u32>,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        tracer: &mut impl Tracer,
    ) -> Score {
        self.stats.nodes += 1;
        self.scratch.enter(ply);
        if self.watch.tick() {
            return 0;
        }
        let maximizing = game.maximizing();
        tracer.enter(&self.scratch.path, maximizing, alpha, beta);
        if let Some(v) = leaf_value(
            game,
            depth_left,
            &self.scratch.path,
            &mut self.stats,
            tracer,
        ) {
            return v;
        }
        let mut moves = std::mem::take(&mut self.scratch.moves[ply]);
        moves.clear();
        game.moves(&mut moves);
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        let mut seen_any = false;
        for (i, &mv) in moves.iter().enumerate() {
            // At the root, with all_best, a tie with the best so far must come back exact.
            let (a, b) = if ply == 0 && self.all_best && seen_any {
                if maximizing {
                    (alpha - 1, beta)
                } else {
                    (alpha, beta + 1)
                }
            } else {
                (alpha, beta)
            };
            game.play(mv);
            self.scratch.path.push(i);
            let v = self.node(game, depth_left.map(|d| d - 1), ply + 1, a, b, tracer);
            self.scratch.path.pop();
            game.undo();
            if self.watch.stopped() {
                self.scratch.moves[ply] = moves;
                return 0;
            }
            let improves = !seen_any || if maximizing { v > best } else { v < best };
            if improves {
                best = v;
                self.scratch.set_pv(ply, i, mv);
                if ply == 0 {
                    self.root_best.clear();
                }
            }
            if ply == 0 && v == best && (improves || self.all_best) {
                self.root_best.push(mv);
            }
            seen_any = true;
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            tracer.child(&self.scratch.path, i, v, alpha, beta);
            if alpha >= beta {
                self.stats.cutoffs += 1;
                tracer.cutoff(&self.scratch.path, alpha, beta, i, moves.len());
                break;
            }
        }
        self.scratch.moves[ply] = moves;
        let value = if seen_any {
            best
        } else {
            game.heuristic_value()
        };
        tracer.backup(&self.scratch.path, value);
        value
    }
}
