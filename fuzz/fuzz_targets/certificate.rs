//! Proof certificates (`mnk verify`): checking never panics, and a certificate the checker
//! accepts tells the truth: on boards of up to 16 cells the exact solver agrees with its claim.
//!
//! Input: the certificate's bytes, uncompressed (the seeds are small real certificates).
#![no_main]

use mnk_engine::exact;
use mnk_engine::Go;
use libfuzzer_sys::fuzz_target;
use mnk_engine::certificate::verify;
use mnk_engine::Wdl;
use mnk_engine::{Algorithm, Board, SolverConfig, Verdict};

fuzz_target!(|data: &[u8]| {
    let Ok(verified) = verify(data, 2_000) else {
        return;
    };
    let (rules, header) = (verified.rules, &verified.header);
    if rules.cells() > 16 {
        return;
    }
    let cells = |set: &[u64]| {
        (0..64 * set.len())
            .filter(|c| set[c / 64] >> (c % 64) & 1 == 1)
            .collect::<Vec<usize>>()
    };
    // The checker judges any position; the solver only those a game can reach.
    let Ok(board) = Board::from_stones(rules, &cells(&header.x), &cells(&header.o), header.to_move)
    else {
        return;
    };
    let verdict = exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &Go::default())
        .expect("a small position solves")
        .verdict;
    let truth = match verdict {
        Verdict::Win(_) => Wdl::Win,
        Verdict::Loss(_) => Wdl::Loss,
        _ => Wdl::Draw,
    };
    assert_eq!(
        header.claim,
        truth,
        "an accepted certificate is wrong about {}",
        verified.summary()
    );
});
