//! The exact value of every move of a position, following the one policy of when the proof
//! search goes first: what the exact analyses of [`crate::ai`] value (after the opening book,
//! which sits above this layer).

use super::algorithm::proof_first;
use super::proven;
use crate::bits::BitSet;
use crate::board::Board;
use crate::budget::{Budget, Controls, Exhausted};
use crate::error::SearchError;
use crate::position::Position;
use crate::progress::Progress;
use crate::proof::{ProofConfig, Prover};
use crate::score::Verdict;
use crate::solver::{Solver, SolverConfig};

/// The exact values of the legal moves of a position.
pub(crate) struct MoveValues {
    /// Cell and verdict of each move valued, in cell order: every legal move, unless some
    /// are in `unmeasured_losses`.
    pub values: Vec<(usize, Verdict)>,
    /// The moves of a proven draw that are proven to lose, but whose distance the search had
    /// not measured when the budget ran out (in cell order; empty when every move is valued).
    pub unmeasured_losses: Vec<usize>,
    /// Nodes the searches took.
    pub nodes: u64,
}

/// The exact value of every legal move of `board` (for the side that plays it, in cell order)
/// and the nodes it took, within `controls`: where [`proof_first`] holds, the proof search
/// first (a proven draw gives the drawing moves, its distance search each losing move's distance),
/// bounded to `proof_nodes` when given (then the solver tries with the rest); otherwise, and
/// for a win or a loss, the exact solver (the only search beyond 64 cells, where it finishes
/// only if forced wins are near). `config` sizes both tables.
pub(crate) fn move_values_within(
    board: &Board,
    config: SolverConfig,
    controls: Controls,
    proof_nodes: Option<u64>,
) -> Result<MoveValues, SearchError> {
    let Some(pos) = board.as_small() else {
        // Beyond 64 cells only the solver runs (it finishes where forced wins are near).
        let (values, stats) = super::solve_moves_within(board, config, controls)?;
        let values = values.into_iter().map(|m| (m.cell, m.verdict)).collect();
        return Ok(MoveValues::all(values, stats.nodes));
    };
    let Controls { budget, progress } = controls;
    let mut solver = Solver::new(config);
    if let Some(progress) = &progress {
        solver.set_progress(progress.clone());
    }
    if proof_first(board.rules()) {
        let proof_budget = match proof_nodes {
            Some(limit) => {
                let limit = budget.node_limit().map_or(limit, |n| n.min(limit));
                budget.clone().with_node_limit(limit)
            }
            None => budget.clone(),
        };
        let mut prover = Prover::new(ProofConfig {
            hash_mib: config.hash_mib,
            // Every core where a position is open enough to need them (the moves that keep
            // the draw are checked side by side).
            threads: 0,
            ..ProofConfig::default()
        });
        if let Some(progress) = &progress {
            prover.set_progress(progress.clone());
        }
        let searches = (&mut prover, &proof_budget, &mut solver, &budget);
        let found = proven_draw(pos, searches, progress.as_deref());
        if let Some(progress) = &progress {
            progress.keep_root(false);
        }
        match found {
            Ok(Some(found)) => return Ok(found),
            Ok(None) => {}
            // The proof's own share ran out: the solver tries with the caller's budget.
            Err(SearchError::Stopped(Exhausted::Nodes | Exhausted::Time))
                if proof_nodes.is_some() => {}
            Err(e) => return Err(e),
        }
    }
    let values = solver
        .solve_moves(pos, &budget)?
        .into_iter()
        .map(|m| (m.cell, m.verdict))
        .collect();
    Ok(MoveValues::all(values, solver.stats().nodes))
}

impl MoveValues {
    /// Every legal move valued.
    fn all(values: Vec<(usize, Verdict)>, nodes: u64) -> Self {
        MoveValues {
            values,
            unmeasured_losses: Vec::new(),
            nodes,
        }
    }
}

/// Where [`proof_first`] holds: the values of a position `prover` proves a draw within its
/// budget (the drawing moves; `solver` values the losing ones within its own), with the nodes
/// of both searches; `None` for a win or a loss, which the solver values. When the budget
/// stops the solver, the losing moves it has not measured are listed as such.
///
/// Once the drawing moves are known, the root counters of `progress` keep saying so: the
/// solver's searches of each losing move start roots of their own (a stopped analysis then
/// says "43 of 43 first moves were checked for the draw, 11 keep it", not "0 of 42").
fn proven_draw(
    pos: &Position<u64>,
    (prover, proof_budget, solver, budget): (&mut Prover, &Budget, &mut Solver<u64>, &Budget),
    progress: Option<&Progress>,
) -> Result<Option<MoveValues>, SearchError> {
    let Some(drawing) = proven::drawing_moves(prover, pos, proof_budget)? else {
        return Ok(None);
    };
    if let Some(progress) = progress {
        progress.keep_root(true);
    }
    let mut values: Vec<(usize, Verdict)> = drawing.iter().map(|&c| (c, Verdict::Draw)).collect();
    let unmeasured_losses =
        match proven::losing_values(pos, &drawing, (prover, solver, budget), &mut values) {
            Ok(()) => Vec::new(),
            // Every move not shown to keep the draw loses: only distances are missing.
            Err(SearchError::Stopped(_)) => pos
                .legal_moves()
                .cells()
                .filter(|c| !values.iter().any(|&(v, _)| v == *c))
                .collect(),
            Err(e) => return Err(e),
        };
    values.sort_unstable_by_key(|&(c, _)| c);
    Ok(Some(MoveValues {
        values,
        unmeasured_losses,
        nodes: prover.stats().nodes + solver.stats().nodes,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use std::sync::Arc;

    #[test]
    fn the_root_counters_still_describe_the_analysed_position_after_the_losing_moves_are_measured()
    {
        // o to move must block x's three on the top row: one move keeps the draw, the other
        // ten lose, and the distance search measures each of those from a root of its own.
        let rules = Rules::new(4, 4, Some(4)).unwrap();
        let board = Board::from_text(rules, "xxx./o.../o.../....").unwrap();
        assert!(proof_first(rules));
        let progress = Arc::new(Progress::default());
        let controls = Controls {
            budget: Budget::unlimited(),
            progress: Some(progress.clone()),
        };
        let values = move_values_within(&board, SolverConfig::default(), controls, None)
            .unwrap()
            .values;
        let draws = values.iter().filter(|(_, v)| *v == Verdict::Draw).count();
        assert_eq!(draws, 1, "{values:?}");
        let now = progress.snapshot();
        assert_eq!(now.root_total, values.len());
        assert_eq!(now.root_settled, values.len());
        assert_eq!(now.root_at_least_draw, draws);
    }

    #[test]
    fn an_analysis_stopped_while_it_measures_losses_lists_them_as_losses_and_nothing_false() {
        // Eight moves keep the draw and fifteen lose, each measured by the solver (most of
        // the work, and a node limit bounds each search), which a limit stops midway.
        let rules = Rules::new(5, 5, Some(4)).unwrap();
        let board = Board::from_text(rules, "...../..x../..o../...../.....").unwrap();
        assert!(proof_first(rules));
        let full =
            move_values_within(&board, SolverConfig::default(), Controls::default(), None).unwrap();
        assert!(full.unmeasured_losses.is_empty());
        let losses = |values: &[(usize, Verdict)]| -> Vec<usize> {
            values
                .iter()
                .filter(|(_, v)| matches!(v, Verdict::Loss(_)))
                .map(|&(c, _)| c)
                .collect()
        };
        assert!(losses(&full.values).len() > 2, "{:?}", full.values);
        let mut partial = 0;
        for limit in (6..18).map(|i| 1u64 << i) {
            let controls = Controls::with_budget(Budget::unlimited().with_node_limit(limit));
            // Too few nodes for the proof of the drawing moves: no answer.
            let Ok(found) = move_values_within(&board, SolverConfig::default(), controls, None)
            else {
                continue;
            };
            // What it valued is what the whole analysis says; the rest are its losses.
            for value in &found.values {
                assert!(full.values.contains(value), "{value:?} at {limit}");
            }
            let mut lost = found.unmeasured_losses.clone();
            lost.extend(losses(&found.values));
            lost.sort_unstable();
            assert_eq!(lost, losses(&full.values), "at {limit}");
            if !found.unmeasured_losses.is_empty() {
                partial += 1;
            }
        }
        assert!(partial > 0, "no limit stopped the measuring of the losses");
    }

    #[test]
    fn the_values_of_drawn_positions_moves_are_the_solvers() {
        // Random drawn positions of 5x5/4 and 6x5/4: the proof search settles the draw, and
        // the distance search measures each losing move from the pass's distance, sharing one
        // table (so a position without the move's stone may answer for it); every value is
        // the one the solver gives.
        use rand::seq::IteratorRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut losses = 0;
        for (w, h, count) in [(5, 5, 8), (6, 5, 4)] {
            let rules = Rules::new(w, h, Some(4)).unwrap();
            assert!(proof_first(rules));
            let mut drawn = 0;
            while drawn < count {
                let mut board = Board::new(rules);
                for _ in 0..rng.gen_range(4..9) {
                    let cell = board.legal_moves().into_iter().choose(&mut rng).unwrap();
                    board.play(cell).unwrap();
                    if board.is_over() {
                        break;
                    }
                }
                let pos = board.as_small().unwrap();
                if pos.is_over() {
                    continue;
                }
                let mut solver = Solver::new(SolverConfig::default());
                let solved = solver.solve_moves(pos, &Budget::unlimited()).unwrap();
                if !solved.iter().any(|m| m.verdict == Verdict::Draw) {
                    continue;
                }
                drawn += 1;
                let mut expected: Vec<(usize, Verdict)> =
                    solved.iter().map(|m| (m.cell, m.verdict)).collect();
                expected.sort_unstable_by_key(|&(c, _)| c);
                losses += expected
                    .iter()
                    .filter(|(_, v)| matches!(v, Verdict::Loss(_)))
                    .count();
                let found =
                    move_values_within(&board, SolverConfig::default(), Controls::default(), None)
                        .unwrap();
                assert_eq!(found.values, expected, "{}", board.to_text());
            }
        }
        assert!(losses > 20, "{losses} losing moves");
    }
}
