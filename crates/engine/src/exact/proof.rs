//! The proof search's entry points: a whole proof with a prover the caller keeps, its
//! certificate and its report, and the pieces of a proof split into jobs (the split, one
//! job's question, its certificate part).

use super::report::SolveReport;
use crate::board::{with_position, Board};
use crate::budget::{Controls, Exhausted};
use crate::error::SearchError;
use crate::go::Go;
use crate::position::Position;
use crate::proof::split::{Child, Job, Split, SplitNode};
use crate::proof::{CertificateSummary, ProofSolution, Prover};
use crate::score::{Verdict, Wdl};
use crate::side::Side;
use crate::solver::{Solver, SolverConfig};
use crate::time::TimeManager;

/// Settles `board` with `prover` within what `go` allows (the prover keeps what it settled,
/// for a certificate or a checkpoint; its table is the one it was made with, from its
/// [`ProofConfig`](crate::proof::ProofConfig), so a table size in `go` does not apply).
/// Counters in `go` are handed to the prover.
///
/// ```
/// use mnk_engine::proof::{ProofConfig, Prover};
/// use mnk_engine::{exact, Board, Go, Rules, Wdl};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let mut prover = Prover::new(ProofConfig::default());
/// let solution = exact::prove(&board, &mut prover, &Go::default()).unwrap();
/// assert_eq!(solution.value, Wdl::Draw);
/// ```
pub fn prove(board: &Board, prover: &mut Prover, go: &Go) -> Result<ProofSolution, SearchError> {
    if let Some(progress) = go.progress() {
        prover.set_progress(progress.clone());
    }
    let budget = TimeManager::new(go).exact_budget();
    with_position!(board, p => prover.solve(p, &budget))
}

/// Writes the certificate of what `prover` proved about `board` (`solution`, from [`prove`])
/// to `out`, in the format [`crate::certificate`] reads back.
///
/// ```
/// use mnk_engine::proof::{ProofConfig, Prover};
/// use mnk_engine::{exact, Board, Go, Rules};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let mut prover = Prover::new(ProofConfig::default());
/// let solution = exact::prove(&board, &mut prover, &Go::default()).unwrap();
/// let mut file = Vec::new();
/// let summary = exact::write_certificate(&board, &mut prover, &solution, &mut file).unwrap();
/// assert!(summary.records > 0 && !file.is_empty());
/// ```
pub fn write_certificate(
    board: &Board,
    prover: &mut Prover,
    solution: &ProofSolution,
    out: &mut dyn std::io::Write,
) -> std::io::Result<CertificateSummary> {
    with_position!(board, p => prover.write_certificate(p, solution, out))
}

/// The report of a proof of `board`: a draw as it is; a win or loss with the distance and
/// the fastest moves (the slowest, for a loss), measured by `prover`'s distance search within
/// what `go` allows, or by the solver should that search find no win where the proof did (a
/// table size in `go` replaces `config.hash_mib`).
///
/// ```
/// use mnk_engine::proof::{ProofConfig, Prover};
/// use mnk_engine::{exact, Board, Go, Rules, SolverConfig, Verdict};
///
/// let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
/// let mut prover = Prover::new(ProofConfig::default());
/// let solution = exact::prove(&board, &mut prover, &Go::default()).unwrap();
/// let (config, go) = (SolverConfig::default(), Go::default());
/// let report = exact::report_proof(&board, &solution, &mut prover, config, &go).unwrap();
/// assert_eq!(report.verdict, Verdict::Win(1));
/// ```
pub fn report_proof(
    board: &Board,
    solution: &ProofSolution,
    prover: &mut Prover,
    config: SolverConfig,
    go: &Go,
) -> Result<SolveReport, SearchError> {
    let config = super::table_of(config, go);
    report_within(
        board,
        solution,
        prover,
        config,
        TimeManager::new(go).exact_controls(),
    )
}

/// [`report_proof`] within `controls` already made.
pub(super) fn report_within(
    board: &Board,
    solution: &ProofSolution,
    prover: &mut Prover,
    config: SolverConfig,
    controls: Controls,
) -> Result<SolveReport, SearchError> {
    let before = prover.stats();
    if solution.value == Wdl::Draw {
        return Ok(SolveReport {
            verdict: Verdict::Draw,
            best_moves: solution.best_moves.clone(),
            nodes: before.nodes,
            solver: None,
            proof: Some(before),
        });
    }
    with_position!(board, pos => measure(pos, solution.value, prover, config, controls))
}

/// The distance of `pos`, which the proof found a win or a loss (`value`) for the side to
/// move, and its best moves: the solver measures it where it does so within a few nodes (the
/// small boards), the distance search elsewhere, and the solver again should that search
/// find no win where the proof found one.
fn measure<B: crate::bits::BitSet>(
    pos: &Position<B>,
    value: Wdl,
    prover: &mut Prover,
    config: SolverConfig,
    controls: Controls,
) -> Result<SolveReport, SearchError> {
    let decided = Some(value == Wdl::Win);
    let mut solver = Solver::new(config);
    if let Some(progress) = &controls.progress {
        solver.set_progress(progress.clone());
    }
    let limit = controls
        .budget
        .node_limit()
        .map_or(SOLVER_FIRST_NODES, |n| n.min(SOLVER_FIRST_NODES));
    let quick = controls.budget.clone().with_node_limit(limit);
    let first = solver.solve_decided(pos, &quick, decided);
    let solved = match first {
        Err(SearchError::Stopped(Exhausted::Nodes)) if limit == SOLVER_FIRST_NODES => {
            let budget = &controls.budget;
            let measured = distance(pos, value, prover, budget)?;
            let stats = prover.stats();
            if let Some((verdict, best_moves)) = measured {
                return Ok(SolveReport {
                    verdict,
                    best_moves,
                    nodes: stats.nodes + solver.stats().nodes,
                    solver: Some(solver.stats()),
                    proof: Some(stats),
                });
            }
            solver.solve_decided(pos, budget, decided)?
        }
        other => other?,
    };
    let (stats, solver_stats) = (prover.stats(), solver.stats());
    Ok(SolveReport {
        verdict: solved.verdict,
        best_moves: solved.best_moves,
        nodes: solver_stats.nodes + stats.nodes,
        solver: Some(solver_stats),
        proof: Some(stats),
    })
}

/// Nodes the solver gets to measure the distance of a proven win or loss before the distance
/// search does: 6x6/4's win in 11 plies takes it 0.05 s (the distance search 0.13 s), and a
/// 7x7/5 win in 15 plies more than 2 minutes (the distance search 13 s).
const SOLVER_FIRST_NODES: u64 = 2_000_000;

/// The exact value of `pos`, proven a win or a loss (`value`) for the side to move, and its
/// best moves, by the distance search ([`Prover::fastest_win`]): for a win, the fastest; for
/// a loss, each move's distance and the slowest. `None` if that search finds no win where
/// the proof found one (the solver then measures).
pub(crate) fn distance<B: crate::bits::BitSet>(
    pos: &Position<B>,
    value: Wdl,
    prover: &mut Prover,
    budget: &crate::budget::Budget,
) -> Result<Option<(Verdict, Vec<usize>)>, SearchError> {
    if value == Wdl::Win {
        let found = prover.fastest_win(pos, budget, true)?;
        return Ok(found.map(|(plies, best)| (Verdict::Win(plies), best)));
    }
    let mut slowest: Option<(u32, Vec<usize>)> = None;
    let mut after = pos.clone();
    for cell in pos.empty_cells().cells() {
        after.play_unchecked(cell);
        // A lost position has no winning move, and a move that filled the board would draw.
        let plies = if after.is_over() {
            None
        } else {
            prover.win_distance(&after, budget)?
        };
        after.undo_unchecked();
        let Some(plies) = plies else {
            return Ok(None);
        };
        match &mut slowest {
            Some((most, best)) if plies == *most => best.push(cell),
            Some((most, _)) if plies < *most => {}
            _ => slowest = Some((plies, vec![cell])),
        }
    }
    Ok(slowest.map(|(plies, best)| (Verdict::Win(plies).before_move(), best)))
}

/// Cuts the proof of `board` at `frontier` plies below it, into jobs that any prover can
/// answer alone (see [`crate::proof::split`]; boards of up to 64 cells).
///
/// ```
/// use mnk_engine::{exact, Board, Rules};
///
/// let board = Board::new(Rules::new(4, 4, Some(3)).unwrap());
/// let split = exact::split(&board, 2).unwrap();
/// assert_eq!(split.questions.len(), 1); // the empty board: strategy stealing
/// assert!(!split.jobs.is_empty());
/// ```
pub fn split(board: &Board, frontier: usize) -> Result<Split, SearchError> {
    let pos = small_for_proof(board)?;
    Prover::check(pos)?;
    Split::new(pos, frontier)
}

/// A split of `board` kept and read back (see [`split`]): `frontier`, the nodes, jobs and
/// questions as they were. A split whose parts do not fit together is refused with the reason.
///
/// ```
/// use mnk_engine::{exact, Board, Rules};
///
/// let board = Board::new(Rules::new(4, 4, Some(3)).unwrap());
/// let kept = exact::split(&board, 2).unwrap();
/// let (nodes, jobs, questions) = (kept.nodes.clone(), kept.jobs.clone(), kept.questions.clone());
/// let back = exact::split_from(&board, 2, nodes, jobs, questions).unwrap();
/// assert_eq!(back.jobs.len(), kept.jobs.len());
/// ```
pub fn split_from(
    board: &Board,
    frontier: usize,
    nodes: Vec<SplitNode>,
    jobs: Vec<Job>,
    questions: Vec<Child>,
) -> Result<Split, String> {
    let pos = small_for_proof(board).map_err(|e| e.to_string())?;
    Split::from_parts(pos, frontier, nodes, jobs, questions)
}

/// Whether `attacker` can force a line from `board`, whoever is to move (one job of a split
/// proof, or a question of its own on any board), within what `go` allows; `prover` keeps
/// what it settled for [`write_part`].
///
/// ```
/// use mnk_engine::proof::{ProofConfig, Prover};
/// use mnk_engine::{exact, Board, Go, Rules, Side};
///
/// // Tic-tac-toe: neither side can force three in a row.
/// let board = Board::new(Rules::tic_tac_toe());
/// let mut prover = Prover::new(ProofConfig::default());
/// let wins = exact::can_force_line(&board, &mut prover, Side::X, &Go::default()).unwrap();
/// assert!(!wins);
/// ```
pub fn can_force_line(
    board: &Board,
    prover: &mut Prover,
    attacker: Side,
    go: &Go,
) -> Result<bool, SearchError> {
    if let Some(progress) = go.progress() {
        prover.set_progress(progress.clone());
    }
    let budget = TimeManager::new(go).exact_budget();
    with_position!(board, p => prover.can_force_line(p, attacker, &budget))
}

/// Writes the certificate part of one job of a split proof of `board`: whether `attacker`
/// forces a line (`wins`, from [`can_force_line`] with the same `prover`), the records of
/// what the prover settled, which [`Split::write_certificate`] merges into one certificate.
///
/// ```
/// use mnk_engine::proof::{ProofConfig, Prover};
/// use mnk_engine::{exact, Board, Go, Rules, Side};
///
/// let board = Board::new(Rules::tic_tac_toe());
/// let mut prover = Prover::new(ProofConfig::default());
/// let wins = exact::can_force_line(&board, &mut prover, Side::X, &Go::default()).unwrap();
/// let mut part = Vec::new();
/// exact::write_part(&board, &mut prover, Side::X, wins, &mut part).unwrap();
/// assert!(!part.is_empty());
/// ```
pub fn write_part(
    board: &Board,
    prover: &mut Prover,
    attacker: Side,
    wins: bool,
    out: &mut dyn std::io::Write,
) -> std::io::Result<CertificateSummary> {
    let pos = small_for_proof(board).map_err(std::io::Error::other)?;
    prover.write_part(pos, attacker, wins, out)
}

/// The position, on boards a split proof covers (its jobs and parts are written with 64-bit
/// stone sets).
fn small_for_proof(board: &Board) -> Result<&Position<u64>, SearchError> {
    board.as_small().ok_or(SearchError::BoardTooLarge {
        what: "a proof split into jobs",
        max: 64,
        cells: board.rules().cells(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::BitSet;
    use crate::budget::Budget;
    use crate::geometry::Geometry;
    use crate::proof::ProofConfig;
    use crate::rules::Rules;
    use rand::seq::IteratorRandom;
    use rand::{Rng, SeedableRng};

    /// A position of `stones` random moves, or `None` when the game ended before.
    fn random_position(
        geo: &std::sync::Arc<Geometry<u64>>,
        stones: usize,
        rng: &mut rand::rngs::StdRng,
    ) -> Option<Position<u64>> {
        let mut pos: Position<u64> = Position::from_stones(geo.clone(), 0, 0, None).unwrap();
        while pos.stone_count() < stones && !pos.is_over() {
            let cell = pos.empty_cells().cells().choose(rng).unwrap();
            pos.play_unchecked(cell);
        }
        (!pos.is_over()).then_some(pos)
    }

    #[test]
    fn the_distance_search_values_wins_and_losses_and_their_best_moves_as_the_solver_does() {
        // Random positions of 3 or more stones, two boards wide: where the side to move wins
        // or loses, the value and the best moves (the fastest win, the slowest loss) are the
        // solver's; where it draws, there is no win to measure.
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let (mut wins, mut losses) = (0, 0);
        for (w, h, k, count) in [(4, 4, 3, 40), (5, 5, 4, 40), (6, 4, 4, 20), (9, 3, 3, 20)] {
            let geo = Geometry::new(Rules::new(w, h, Some(k)).unwrap());
            for _ in 0..count {
                let stones = rng.gen_range(3..(w * h / 2));
                let Some(pos) = random_position(&geo, stones, &mut rng) else {
                    continue;
                };
                let solved = Solver::new(SolverConfig::default())
                    .solve(&pos, &Budget::unlimited())
                    .unwrap();
                let mut prover = Prover::new(ProofConfig {
                    hash_mib: 4,
                    ..ProofConfig::default()
                });
                let value = match solved.verdict {
                    Verdict::Win(_) => Wdl::Win,
                    Verdict::Loss(_) => Wdl::Loss,
                    _ => {
                        // No win to measure.
                        let none = prover.win_distance(&pos, &Budget::unlimited()).unwrap();
                        assert_eq!(none, None, "{w}x{h}/{k} {pos:?}");
                        continue;
                    }
                };
                wins += usize::from(value == Wdl::Win);
                losses += usize::from(value == Wdl::Loss);
                let found = distance(&pos, value, &mut prover, &Budget::unlimited()).unwrap();
                let at = format!("{w}x{h}/{k} {pos:?}");
                assert_eq!(found, Some((solved.verdict, solved.best_moves)), "{at}");
            }
        }
        assert!(wins > 10 && losses > 10, "{wins} wins, {losses} losses");
    }

    #[test]
    fn distances_measured_on_two_threads_sharing_a_table_are_the_solvers() {
        // Won positions of 5x5/4, measured all at once on two threads (as an analysis measures
        // its losing moves), against the solver's distances.
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let geo = Geometry::new(Rules::new(5, 5, Some(4)).unwrap());
        let (mut won, mut expected) = (Vec::new(), Vec::new());
        while won.len() < 24 {
            let stones = rng.gen_range(3..12);
            let Some(pos) = random_position(&geo, stones, &mut rng) else {
                continue;
            };
            let solved = Solver::new(SolverConfig::default())
                .solve(&pos, &Budget::unlimited())
                .unwrap();
            if let Verdict::Win(plies) = solved.verdict {
                won.push(pos);
                expected.push(Some(plies));
            }
        }
        let mut prover = Prover::new(ProofConfig {
            hash_mib: 4,
            threads: 2,
            ..ProofConfig::default()
        });
        let (plies, result) = prover.proven_win_distances(&won, 1, &Budget::unlimited());
        assert!(result.is_ok());
        assert_eq!(plies, expected);
    }

    #[test]
    fn no_move_loses_faster_than_a_pass() {
        // What the analyses' distances start from (`proven::losing_values`): on random
        // positions, where the opponent would win after a pass in d plies, it wins after no
        // move in fewer, by the solver's count.
        let mut rng = rand::rngs::StdRng::seed_from_u64(23);
        let mut compared = 0;
        // (Fewer stones on the larger boards would take the solver seconds a position.)
        for (w, h, k, fewest) in [(4, 4, 3, 2), (5, 5, 4, 6), (6, 4, 4, 6)] {
            let geo = Geometry::new(Rules::new(w, h, Some(k)).unwrap());
            let mut solver = Solver::new(SolverConfig::default());
            for _ in 0..30 {
                let stones = rng.gen_range(fewest..fewest + 6);
                let Some(pos) = random_position(&geo, stones, &mut rng) else {
                    continue;
                };
                let Verdict::Win(after_pass) = solver
                    .solve(&pos.passed(), &Budget::unlimited())
                    .unwrap()
                    .verdict
                else {
                    continue;
                };
                for cell in pos.legal_moves().cells() {
                    let mut after = pos.clone();
                    after.play_unchecked(cell);
                    if after.is_over() {
                        continue;
                    }
                    let verdict = solver.solve(&after, &Budget::unlimited()).unwrap().verdict;
                    if let Verdict::Win(plies) = verdict {
                        compared += 1;
                        assert!(
                            plies >= after_pass,
                            "{pos:?} then {cell}: {plies} < {after_pass}"
                        );
                    }
                }
            }
        }
        assert!(compared > 100, "only {compared} losing moves compared");
    }
}
