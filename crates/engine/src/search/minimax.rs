//! Plain minimax: every node is visited, nothing is pruned. The reference every other search
//! is tested against.

use super::{leaf_value, unless_stopped, Game, SearchResult, TextbookOptions, Tracer, Walk};
use crate::budget::{Controls, Exhausted};
use crate::error::SearchError;
use crate::score::{Score, INFINITY};

/// Minimax from the current node of `game`; MAX maximises, MIN minimises.
pub fn minimax<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    // Without a stop flag nothing stops it, so the result is always complete.
    let controls = Controls::default();
    minimax_walk(game, limits, &controls, tracer).0
}

/// [`minimax`] watched by `controls`: it publishes its node count to their progress and ends
/// with [`SearchError::Stopped`] soon after their budget runs out (the game is then back
/// at the node it started from).
pub(crate) fn minimax_with<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> Result<SearchResult<G::Move>, SearchError> {
    unless_stopped(minimax_walk(game, limits, controls, tracer))
}

/// The search and why it stopped early, if it did: its work counts either way.
pub(crate) fn minimax_walk<G: Game>(
    game: &mut G,
    limits: TextbookOptions,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> (SearchResult<G::Move>, Option<Exhausted>) {
    let mut walk = Walk::new(controls);
    let value = node(&mut walk, game, limits.depth, 0, tracer);
    walk.finish(value)
}

/// The node's value; meaningless once the walk is stopped (the caller then discards it).
fn node<G: Game>(
    walk: &mut Walk<'_, G::Move>,
    game: &mut G,
    depth_left: Option<u32>,
    ply: usize,
    tracer: &mut impl Tracer,
) -> Score {
    if walk.enter(ply) {
        return 0;
    }
    let maximizing = game.maximizing();
    tracer.enter(&walk.scratch.path, maximizing, -INFINITY, INFINITY);
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
    let mut best: Option<Score> = None;
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        walk.scratch.path.push(i);
        let v = node(walk, game, depth_left.map(|d| d - 1), ply + 1, tracer);
        walk.scratch.path.pop();
        game.undo();
        if walk.meter.is_exhausted() {
            break;
        }
        tracer.child(&walk.scratch.path, i, v, -INFINITY, INFINITY);
        let better = match best {
            None => true,
            Some(b) => {
                if maximizing {
                    v > b
                } else {
                    v < b
                }
            }
        };
        if better {
            best = Some(v);
            walk.scratch.set_pv(ply, i, mv);
            if ply == 0 {
                walk.root_best.clear();
            }
        }
        if ply == 0 && best == Some(v) {
            walk.root_best.push(mv);
        }
    }
    walk.scratch.moves[ply] = moves;
    // A game node always has moves; a childless inner node would be a malformed game.
    let value = best.unwrap_or_else(|| game.heuristic_value());
    tracer.backup(&walk.scratch.path, value);
    value
}
