//! The differential suite: every search of the engine against plain minimax, the reference
//! (a few lines that cannot be wrong in an interesting way), in one place.
//!
//! - [`boards`]: random positions of every board up to 4x4 — textbook alpha-beta, the exact
//!   solver with its table, symmetry, threat logic and parallelism each switched on and off
//!   (and a table far too small), move-by-move analysis, and the depth-limited searches run
//!   to full depth, all give minimax's value and exactly its set of best moves; perfect play
//!   never loses what it need not.
//! - [`hard`]: random positions of small boards — the one `hard` level, checked against the
//!   exact solver, takes every win in one, blocks every single threat and never walks into a
//!   double threat it could avoid.
//! - [`proofs`]: random positions of every board up to 4x4 and of 5x4 — the proof search
//!   gives minimax's and the solver's value (and minimax's drawing moves), its certificate
//!   verifies, and a certificate with a move changed for a losing one or a broken pairing is
//!   refused.
//! - [`wide_proofs`]: positions of 9x9/4, 10x7/4 and 12x6/4 — the proof search gives the
//!   solver's value, its certificate (`MNKCERT2`) verifies and a tampered one is refused;
//!   today's `MNKCERT1` certificates still verify and are written back byte for byte.
//! - [`chance`]: random trees with chance nodes — the pruning search equals a plain
//!   expectiminimax and skips only subtrees whose leaves cannot change the root's value.
//! - [`trees`]: random explicit trees — alpha-beta and the depth-limited searches equal
//!   minimax, and alpha-beta never visits more.
//! - [`positions`]: random games on random rules up to 7x7 and wide boards up to 26x26 —
//!   win detection from the last stone equals a check of every line, the incremental hashes
//!   equal hashes computed from scratch (for every symmetry), undo restores them, board text
//!   round-trips.
//! - [`vct`]: random positions of 6x6 and 7x6 with four in a row — every win the threat-space
//!   search claims is a win for the exact solver, within the plies claimed.

mod boards;
mod chance;
mod hard;

/// The solver's configuration for one check: the defaults with a 4 MiB table. The positions
/// are tiny, and the default table (256 MiB) made every one of the suite's thousands of solves
/// spend its time clearing memory (the suite took a minute; the small table changes no value,
/// which the checks with no table and a four-bucket one confirm).
fn small_table() -> mnk_engine::SolverConfig {
    mnk_engine::SolverConfig {
        hash_mib: 4,
        ..mnk_engine::SolverConfig::default()
    }
}

/// The exact report of `board` by `algorithm`, with [`small_table`] and no limit.
fn solved(board: &mnk_engine::Board, algorithm: mnk_engine::Algorithm) -> mnk_engine::SolveReport {
    mnk_engine::exact::solve(board, algorithm, small_table(), &mnk_engine::Go::default()).unwrap()
}
mod positions;
mod proofs;
mod trees;
mod vct;
mod wide_proofs;
