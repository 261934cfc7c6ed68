//! The proof search's entry points on a [`Board`]: a whole proof, a certificate, and the
//! pieces of a proof split into jobs (the split, one job's question, its certificate part).

use super::{Board, Repr, SolveReport};
use crate::budget::{Budget, Controls};
use crate::error::SearchError;
use crate::proof::split::{Child, Job, Split, SplitNode};
use crate::proof::{CertificateSummary, ProofConfig, ProofSolution, ProofStats, Prover};
use crate::score::{Verdict, Wdl};
use crate::side::Side;
use crate::solver::{Solver, SolverConfig};

impl Board {
    /// A proof search for this board (any size the rules allow: one prover serves boards of
    /// up to 64 cells and larger ones alike).
    pub fn prover(&self, config: ProofConfig) -> Result<Prover, SearchError> {
        Ok(Prover::new(config))
    }

    /// Settles the position with `prover` within `budget` (the prover keeps what it settled,
    /// for a certificate or a checkpoint).
    pub fn prove(
        &self,
        prover: &mut Prover,
        budget: &Budget,
    ) -> Result<ProofSolution, SearchError> {
        each!(self, p => prover.solve(p, budget))
    }

    /// Writes the certificate of what `prover` proved about this position (`solution`, from
    /// [`Board::prove`]) to `out`, in the format [`crate::certificate`] reads back.
    pub fn write_certificate(
        &self,
        prover: &mut Prover,
        solution: &ProofSolution,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<CertificateSummary> {
        each!(self, p => prover.write_certificate(p, solution, out))
    }

    /// The report of a proof: a draw as it is; a win or loss with the distance and the
    /// fastest moves from the solver (the proof search does not measure distance).
    pub fn report_proof(
        &self,
        solution: &ProofSolution,
        stats: ProofStats,
        config: SolverConfig,
        controls: Controls,
    ) -> Result<SolveReport, SearchError> {
        if solution.value == Wdl::Draw {
            return Ok(SolveReport {
                verdict: Verdict::Draw,
                best_moves: solution.best_moves.clone(),
                nodes: stats.nodes,
                solver: None,
                proof: Some(stats),
            });
        }
        // The proof decided the value: the solver measures only the distance.
        let decided = Some(solution.value == Wdl::Win);
        let (solved, solver_stats) = each!(self, pos => {
            let mut solver = Solver::new(config);
            if let Some(progress) = controls.progress {
                solver.set_progress(progress);
            }
            let solved = solver.solve_decided(pos, &controls.budget, decided)?;
            (solved, solver.stats())
        });
        Ok(SolveReport {
            verdict: solved.verdict,
            best_moves: solved.best_moves,
            nodes: solver_stats.nodes + stats.nodes,
            solver: Some(solver_stats),
            proof: Some(stats),
        })
    }

    /// Cuts the proof of this position at `frontier` plies below it, into jobs that any
    /// prover can answer alone (see [`crate::proof::split`]).
    ///
    /// ```
    /// use mnk_engine::{Board, Rules};
    ///
    /// let board = Board::new(Rules::new(4, 4, Some(3)).unwrap());
    /// let split = board.split(2).unwrap();
    /// assert_eq!(split.questions.len(), 1); // the empty board: strategy stealing
    /// assert!(!split.jobs.is_empty());
    /// ```
    pub fn split(&self, frontier: usize) -> Result<Split, SearchError> {
        let pos = self.small_for_proof()?;
        Prover::check(pos)?;
        Split::new(pos, frontier)
    }

    /// A split of this position kept and read back (see [`Board::split`]): `frontier`, the
    /// nodes, jobs and questions as they were. A split whose parts do not fit together is
    /// refused with the reason.
    pub fn split_from(
        &self,
        frontier: usize,
        nodes: Vec<SplitNode>,
        jobs: Vec<Job>,
        questions: Vec<Child>,
    ) -> Result<Split, String> {
        let pos = self.small_for_proof().map_err(|e| e.to_string())?;
        Split::from_parts(pos, frontier, nodes, jobs, questions)
    }

    /// Whether `attacker` can force a line from this position, whoever is to move (one job
    /// of a split proof, or a question of its own on any board), within `budget`; `prover`
    /// keeps what it settled for [`Board::write_part`].
    pub fn can_force_line(
        &self,
        prover: &mut Prover,
        attacker: Side,
        budget: &Budget,
    ) -> Result<bool, SearchError> {
        each!(self, p => prover.can_force_line(p, attacker, budget))
    }

    /// Writes the certificate part of one job (see [`Prover::write_part`]).
    pub fn write_part(
        &self,
        prover: &mut Prover,
        attacker: Side,
        wins: bool,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<CertificateSummary> {
        let pos = self.small_for_proof().map_err(std::io::Error::other)?;
        prover.write_part(pos, attacker, wins, out)
    }

    /// The position, on boards a split proof covers (its jobs and parts are written with
    /// 64-bit stone sets).
    fn small_for_proof(&self) -> Result<&crate::position::Position<u64>, SearchError> {
        match &self.0 {
            Repr::Small(p) => Ok(p),
            Repr::Wide(_) => Err(SearchError::BoardTooLarge {
                what: "a proof split into jobs",
                max: 64,
                cells: self.rules().cells(),
            }),
        }
    }
}
