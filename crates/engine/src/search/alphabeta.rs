//! Textbook alpha-beta: children in the order the game gives them, a cutoff as soon as
//! alpha >= beta, fail-soft values. Same statistics and trace hooks as minimax.

use super::{leaf_value, Game, Limits, Scratch, SearchResult, Stats, Tracer};
use crate::score::{Score, INFINITY};

/// Alpha-beta from the current node of `game` with the full window.
pub fn alphabeta<G: Game>(
    game: &mut G,
    limits: Limits,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    let mut search = AlphaBeta {
        stats: Stats::default(),
        scratch: Scratch::new(),
        all_best: limits.all_best,
        root_best: Vec::new(),
    };
    let value = search.node(game, limits.depth, 0, -INFINITY, INFINITY, tracer);
    SearchResult {
        value,
        best_moves: search.root_best,
        best_path: search.scratch.pv[0].clone(),
        best_line: search.scratch.pv_moves[0].clone(),
        stats: search.stats,
    }
}

struct AlphaBeta<M> {
    stats: Stats,
    scratch: Scratch<M>,
    all_best: bool,
    root_best: Vec<M>,
}

impl<M: Copy + Eq + std::fmt::Debug> AlphaBeta<M> {
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
