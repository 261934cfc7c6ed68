//! Textbook alpha-beta: children in the order the game gives them, a cutoff as soon as
//! alpha >= beta, fail-soft values. Same statistics and trace hooks as minimax.

use super::{leaf_value, unless_stopped, Game, SearchResult, TextbookOptions, Tracer, Walk};
use crate::budget::{Controls, Exhausted};
use crate::error::SearchError;
use crate::score::{Score, INFINITY};

/// Alpha-beta from the current node of `game` with the full window.
pub fn alphabeta<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    // Without a stop flag nothing stops it, so the result is always complete.
    let controls = Controls::default();
    alphabeta_walk(game, limits, &controls, tracer).0
}

/// [`alphabeta`] watched by `controls`: it publishes its node count to their progress and
/// ends with [`SearchError::Stopped`] soon after their budget runs out (the game is then
/// back at the node it started from).
pub(crate) fn alphabeta_with<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> Result<SearchResult<G::Move>, SearchError> {
    unless_stopped(alphabeta_walk(game, limits, controls, tracer))
}

/// The search and why it stopped early, if it did: its work counts either way.
pub(crate) fn alphabeta_walk<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> (SearchResult<G::Move>, Option<Exhausted>) {
    let mut search = AlphaBeta {
        walk: Walk::new(controls),
        all_best: limits.all_best,
    };
    let value = search.node(game, limits.depth, 0, -INFINITY, INFINITY, tracer);
    search.walk.finish(value)
}

struct AlphaBeta<'a, M> {
    walk: Walk<'a, M>,
    all_best: bool,
}

impl<M: Copy + Eq + std::fmt::Debug> AlphaBeta<'_, M> {
    /// The node's value; meaningless once the walk is stopped (the caller then discards it).
    fn node<G: Game<Move = M>>(
        &mut self,
        game: &mut G,
        depth_left: Option<u32>,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        tracer: &mut impl Tracer,
    ) -> Score {
        let walk = &mut self.walk;
        if walk.enter(ply) {
            return 0;
        }
        let maximizing = game.maximizing();
        tracer.enter(&walk.scratch.path, maximizing, alpha, beta);
        if let Some(v) = leaf_value(
            game,
            depth_left,
            &walk.scratch.path,
            &mut walk.stats,
            tracer,
        ) {
            return v;
        }
        let mut moves = std::mem::take(&mut walk.scratch.moves[ply]);
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
            self.walk.scratch.path.push(i);
            let v = self.node(game, depth_left.map(|d| d - 1), ply + 1, a, b, tracer);
            let walk = &mut self.walk;
            walk.scratch.path.pop();
            game.undo();
            if walk.meter.is_exhausted() {
                break;
            }
            let improves = !seen_any || if maximizing { v > best } else { v < best };
            if improves {
                best = v;
                walk.scratch.set_pv(ply, i, mv);
                if ply == 0 {
                    walk.root_best.clear();
                }
            }
            if ply == 0 && v == best && (improves || self.all_best) {
                walk.root_best.push(mv);
            }
            seen_any = true;
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            tracer.child(&walk.scratch.path, i, v, alpha, beta);
            if alpha >= beta {
                walk.stats.cutoffs += 1;
                tracer.cutoff(&walk.scratch.path, alpha, beta, i, moves.len());
                break;
            }
        }
        let walk = &mut self.walk;
        walk.scratch.moves[ply] = moves;
        let value = if seen_any {
            best
        } else {
            game.heuristic_value()
        };
        tracer.backup(&walk.scratch.path, value);
        value
    }
}
