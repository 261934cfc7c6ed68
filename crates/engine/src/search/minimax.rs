//! Plain minimax: every node is visited, nothing is pruned. The reference every other search
//! is tested against.

use super::{leaf_value, Game, Limits, Scratch, SearchResult, Stats, Tracer};
use crate::error::SearchError;
use crate::score::{Score, INFINITY};
use crate::solver::progress::{Controls, Watch};

/// Minimax from the current node of `game`; MAX maximises, MIN minimises.
pub fn minimax<G: Game>(
    game: &mut G,
    limits: Limits,
    tracer: &mut impl Tracer,
) -> SearchResult<G::Move> {
    // Without a stop flag nothing can stop it, so the result is always complete.
    Minimax::new(&Controls::default()).run(game, limits, tracer)
}

/// [`minimax`] watched by `controls`: it publishes its node count to their progress and ends
/// with [`SearchError::Stopped`] soon after their stop flag is raised (the game is then back
/// at the node it started from).
pub fn minimax_with<G: Game>(
    game: &mut G,
    limits: Limits,
    controls: &Controls,
    tracer: &mut impl Tracer,
) -> Result<SearchResult<G::Move>, SearchError> {
    let mut search = Minimax::new(controls);
    let result = search.run(game, limits, tracer);
    if search.watch.stopped() {
        return Err(SearchError::Stopped);
    }
    Ok(result)
}

struct Minimax<'a, M> {
    stats: Stats,
    scratch: Scratch<M>,
    root_best: Vec<M>,
    watch: Watch<'a>,
}

impl<'a, M: Copy + Eq + std::fmt::Debug> Minimax<'a, M> {
    fn new(controls: &'a Controls) -> Self {
        Minimax {
            stats: Stats::default(),
            scratch: Scratch::new(),
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
        let value = self.node(game, limits.depth, 0, tracer);
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
        tracer: &mut impl Tracer,
    ) -> Score {
        self.stats.nodes += 1;
        self.scratch.enter(ply);
        if self.watch.tick() {
            return 0;
        }
        let maximizing = game.maximizing();
        tracer.enter(&self.scratch.path, maximizing, -INFINITY, INFINITY);
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
        let mut best: Option<Score> = None;
        for (i, &mv) in moves.iter().enumerate() {
            game.play(mv);
            self.scratch.path.push(i);
            let v = self.node(game, depth_left.map(|d| d - 1), ply + 1, tracer);
            self.scratch.path.pop();
            game.undo();
            if self.watch.stopped() {
                self.scratch.moves[ply] = moves;
                return 0;
            }
            tracer.child(&self.scratch.path, i, v, -INFINITY, INFINITY);
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
                self.scratch.set_pv(ply, i, mv);
                if ply == 0 {
                    self.root_best.clear();
                }
            }
            if ply == 0 && best == Some(v) {
                self.root_best.push(mv);
            }
        }
        self.scratch.moves[ply] = moves;
        // A game node always has moves; a childless inner node would be a malformed game.
        let value = best.unwrap_or_else(|| game.heuristic_value());
        tracer.backup(&self.scratch.path, value);
        value
    }
}
