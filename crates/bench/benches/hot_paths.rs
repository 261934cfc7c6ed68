//! Criterion benchmarks of the solver's hot paths: move generation (the threat scan), the win
//! check of a last stone, make/unmake with the symmetric hashes, and whole solves.

use criterion::{criterion_group, criterion_main, Criterion};
use mnk_engine::exact;
use mnk_engine::internals::{scan, BitSet, Geometry, Position};
use mnk_engine::proof::{ProofConfig, Prover};
use mnk_engine::Go;
use mnk_engine::{Algorithm, Board, Rules, Side, SolverConfig};
use std::hint::black_box;

fn middle_game() -> Position<u64> {
    let geo = Geometry::new(Rules::new(5, 4, Some(4)).unwrap());
    Position::from_text(geo, "...../.xo../..xo./.....").unwrap()
}

fn hot_paths(c: &mut Criterion) {
    let pos = middle_game();
    c.bench_function("threat scan 5x4/4", |b| {
        b.iter(|| scan(black_box(&pos), Side::X))
    });
    c.bench_function("win check of a stone 5x4/4", |b| {
        b.iter(|| {
            let mut wins = 0;
            for cell in pos.empty_cells().cells() {
                wins += black_box(&pos).wins_with(cell, Side::X) as u32;
            }
            wins
        })
    });
    c.bench_function("make/unmake every move 5x4/4", |b| {
        let mut p = pos.clone();
        b.iter(|| {
            for cell in p.legal_moves().cells() {
                p.play_unchecked(cell);
                black_box(p.canonical_hash());
                p.undo_unchecked();
            }
        })
    });
    let config = SolverConfig {
        threads: 1,
        ..SolverConfig::default()
    };
    c.bench_function("solve 3x3 from empty", |b| {
        let board = Board::new(Rules::tic_tac_toe());
        b.iter(|| exact::solve(&board, Algorithm::Solver, config, &Go::default()).unwrap())
    });
    let mut group = c.benchmark_group("slow");
    group.sample_size(10);
    group.bench_function("solve 4x4/4 from empty", |b| {
        let board = Board::new(Rules::new(4, 4, Some(4)).unwrap());
        b.iter(|| exact::solve(&board, Algorithm::Solver, config, &Go::default()).unwrap())
    });
    group.finish();
}

/// The proof search from the empty board (issue 15's targets: 5x5/5 under 50 ms, 6x6/5 under
/// 1 s, 7x7/5 under 2.5 s; 7x7/5 is left to `mnk table --extended`, it takes tens of seconds).
fn proofs(c: &mut Criterion) {
    let mut group = c.benchmark_group("proof");
    group.sample_size(10);
    for (w, h, k) in [(4, 4, 4), (5, 5, 4), (5, 5, 5), (6, 6, 5), (7, 6, 5)] {
        let board = Board::new(Rules::new(w, h, Some(k)).unwrap());
        group.bench_function(format!("prove {w}x{h}/{k} from empty"), |b| {
            b.iter(|| {
                let mut prover = Prover::new(ProofConfig::default());
                exact::prove(&board, &mut prover, &Go::default()).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, hot_paths, proofs);
criterion_main!(benches);
