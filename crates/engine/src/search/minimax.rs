//! Plain minimax: every node is visited, nothing is pruned. The reference every other search
//! is tested against.

use super::{leaf_value, Game, Limits, Scratch, SearchResult, Stats, Tracer};
use crate::score::Score;

/// Minimax from the current node of `game`; MAX maximises, MIN minimises.
pub fn minimax<G: Game>(
    game: &mut G,
    limits: Limits,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    let mut stats = Stats::default();
    let mut scratch = Scratch::new();
    let mut best_moves = Vec::new();
    let value = node(
        game,
        limits.depth,
        0,
        &mut scratch,
        &mut stats,
        tracer,
        &mut best_moves,
    );
    SearchResult {
        value,
        best_moves,
        best_path: scratch.pv[0].clone(),
        best_line: scratch.pv_moves[0].clone(),
        stats,
    }
}

fn node<G: Game>(
    game: &mut G,
    depth_left: Option<u32>,
    ply: usize,
    scratch: &mut Scratch<G::Move>,
    stats: &mut Stats,
    tracer: &mut impl Tracer,
    root_best: &mut Vec<G::Move>,
) -> Score {
    stats.nodes += 1;
    scratch.enter(ply);
    let maximizing = game.maximizing();
    tracer.enter(
        &scratch.path,
        maximizing,
        -crate::score::INFINITY,
        crate::score::INFINITY,
    );
    if let Some(v) = leaf_value(game, depth_left, &scratch.path, stats, tracer) {
        return v;
    }
    let mut moves = std::mem::take(&mut scratch.moves[ply]);
    moves.clear();
    game.moves(&mut moves);
    let mut best: Option<Score> = None;
    for (i, &mv) in moves.iter().enumerate() {
        game.play(mv);
        scratch.path.push(i);
        let v = node(
            game,
            depth_left.map(|d| d - 1),
            ply + 1,
            scratch,
            stats,
            tracer,
            root_best,
        );
        scratch.path.pop();
        game.undo();
        tracer.child(
            &scratch.path,
            i,
            v,
            -crate::score::INFINITY,
            crate::score::INFINITY,
        );
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
            scratch.set_pv(ply, i, mv);
            if ply == 0 {
                root_best.clear();
            }
        }
        if ply == 0 && best == Some(v) {
            root_best.push(mv);
        }
    }
    scratch.moves[ply] = moves;
    // A game node always has moves; a childless inner node would be a malformed game.
    let value = best.unwrap_or_else(|| game.heuristic_value());
    tracer.backup(&scratch.path, value);
    value
}
