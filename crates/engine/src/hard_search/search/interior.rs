//! The interior of the main search: the principal-variation search of every node below the
//! root, with its cuts (the threat verdicts and probe, the table, static futility) and
//! late-move reductions (see
//! [`crate::hard_search::reductions`]), and the move ordering.

use super::{Entry, HardLimits, Searcher, CHECK_EVERY_NODES, MAX_PLY, NO_MOVE};
use crate::budget::Exhausted;
use crate::hard_search::pattern::Pattern;
use crate::hard_search::reductions::opponent_is_quiet;
use crate::hard_search::state::State;
use crate::hard_search::tactics;
use crate::score::{win_score, Bound, Score, MATE};

impl Searcher {
    pub(super) fn pvs(
        &mut self,
        state: &mut State,
        depth: i32,
        alpha: Score,
        beta: Score,
        ply: usize,
        limits: &HardLimits<'_>,
    ) -> Score {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY_NODES) && self.stopped.is_none() {
            self.stopped = limits.budget.exhausted(self.nodes);
        }
        if self.stopped.is_some() {
            return 0;
        }
        let me = state.to_move();
        let opp = me.other();
        let n = state.stone_count();
        if state.winner().is_some() {
            // The side that just moved completed a line.
            return -win_score(n);
        }
        if state.count(me, Pattern::Five) > 0 {
            return win_score(n + 1);
        }
        let mut blocks = Vec::new();
        state.winning_cells(opp, &mut blocks);
        if blocks.len() >= 2 {
            return -win_score(n + 2);
        }
        if blocks.is_empty() {
            if let Some(win) = tactics::verdict(state) {
                return win;
            }
        }
        if state.is_over() {
            return 0;
        }
        if blocks.is_empty() && ply <= self.probe.plies && depth >= 1 {
            if let Some(win) = self.probe.win(state, limits.budget) {
                return win;
            }
            if self.probe.interrupted {
                // The probe saw the deadline or the stop flag: stop here, not nodes later.
                self.stopped = limits
                    .budget
                    .exhausted(self.nodes)
                    .or(Some(Exhausted::Time));
                return 0;
            }
        }
        if (depth <= 0 && blocks.is_empty()) || ply >= MAX_PLY - 1 {
            return self.weights.evaluate(state);
        }
        let entry = self.table.get(state.hash());
        let mut tt_move = NO_MOVE;
        if entry.key == state.hash() {
            tt_move = entry.mv;
            if entry.depth as i32 >= depth && entry.bound.settles(entry.score, alpha, beta) {
                return entry.score;
            }
        }
        let null_window = beta - alpha == 1;
        if blocks.is_empty() && depth <= self.reductions.futility_depth && null_window {
            let estimate = self.weights.evaluate(state);
            if self.reductions.futile(depth, estimate, beta, null_window)
                && opponent_is_quiet(state)
            {
                return estimate;
            }
        }
        // The node's moves live in its ply's list, kept across nodes: no allocation here.
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        if let [block] = blocks[..] {
            moves.push(block);
        } else {
            self.ordered_moves(state, ply, tt_move, &mut moves);
            moves.truncate(self.reductions.width);
        }
        let best = self.search_moves(state, &moves, depth, alpha, beta, ply, limits);
        self.move_lists[ply] = moves;
        best
    }

    /// The moves of a node of [`Searcher::pvs`], best first, searched in turn; the best
    /// score, stored in the table.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        state: &mut State,
        moves: &[usize],
        depth: i32,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        limits: &HardLimits<'_>,
    ) -> Score {
        if moves.is_empty() {
            return self.weights.evaluate(state);
        }
        let me = state.to_move();
        // A forced reply costs no depth: forcing lines are followed past the horizon.
        let child_depth = if moves.len() == 1 { depth } else { depth - 1 };
        let alpha0 = alpha;
        let mut best = -MATE - 1;
        let mut best_move = moves[0];
        for (i, &m) in moves.iter().enumerate() {
            let reduce = if moves.len() > 1 {
                self.reductions.plies(state, depth, i, m)
            } else {
                0
            };
            state.play(m);
            let score = if i == 0 {
                -self.pvs(state, child_depth, -beta, -alpha, ply + 1, limits)
            } else {
                let mut s = -self.pvs(
                    state,
                    child_depth - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    limits,
                );
                if reduce > 0 && s > alpha && self.stopped.is_none() {
                    s = -self.pvs(state, child_depth, -alpha - 1, -alpha, ply + 1, limits);
                }
                if s > alpha && s < beta && self.stopped.is_none() {
                    -self.pvs(state, child_depth, -beta, -alpha, ply + 1, limits)
                } else {
                    s
                }
            };
            state.undo();
            if self.stopped.is_some() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply];
                if k[0] != m as u16 {
                    k[1] = k[0];
                    k[0] = m as u16;
                }
                self.history[m * 2 + me.index()] += (depth.max(1) * depth.max(1)) as u32;
                break;
            }
        }
        let bound = Bound::of(best, alpha0, beta);
        self.table.put(Entry {
            key: state.hash(),
            score: best,
            mv: best_move as u16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        });
        best
    }

    /// Candidate moves of the side to move, best first: the answers to an opponent's open
    /// three when there is one, otherwise every cell near a stone.
    pub(super) fn ordered_moves(
        &mut self,
        state: &State,
        ply: usize,
        tt_move: u16,
        moves: &mut Vec<usize>,
    ) {
        let me = state.to_move();
        let opp = me.other();
        moves.clear();
        state.candidates(moves);
        if state.count(opp, Pattern::Flex4) > 0 {
            // The opponent threatens an open four: only blocking cells and our own fours
            // (which force a reply first) can matter.
            moves.retain(|&m| {
                let mine = state.patterns(m, me);
                let theirs = state.patterns(m, opp);
                mine.iter().any(|&p| p >= Pattern::Block4)
                    || theirs.iter().any(|&p| p >= Pattern::Block4)
            });
        }
        let killers = self.killers.get(ply).copied().unwrap_or([NO_MOVE; 2]);
        let mut scored = std::mem::take(&mut self.scored);
        scored.clear();
        scored.extend(moves.iter().map(|&m| {
            let mut s = self.weights.move_value(state, m);
            if m as u16 == tt_move {
                s += 1 << 40;
            } else if killers.contains(&(m as u16)) {
                s += 300;
            }
            s += (self.history.get(m * 2 + me.index()).copied().unwrap_or(0) as i64).min(200);
            (s, m)
        }));
        scored.sort_by_key(|&(s, m)| (std::cmp::Reverse(s), m));
        moves.clear();
        moves.extend(scored.iter().map(|&(_, m)| m));
        self.scored = scored;
    }
}
