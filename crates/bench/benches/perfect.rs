//! `perfect`'s replies against an adversary that always plays an exactly best move (seeded
//! choice among the best), with the default one-second move clock: per board, the median and
//! the longest reply and how many replies were proven. `cargo bench -p mnk-bench --bench
//! perfect [-- GAMES]` (default 2 games per side). Then the same on five in a row (5x5/5,
//! 6x5/5, 6x6/5: draws), where the adversary plays a drawing move the proof search proves and
//! each of `perfect`'s moves is checked to keep the draw.

use mnk_engine::ai::{move_time_limit, Book, Level, Method, Thinker};
use mnk_engine::proof::{ProofConfig, ProofValue};
use mnk_engine::{Board, Budget, Rules, Side, SolverConfig, Verdict};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The exact value of every legal move (the book's, else the solver's).
fn values(board: &Board) -> Vec<(usize, Verdict)> {
    if let Some(v) = Book::embedded().move_values(board) {
        return v;
    }
    let (moves, _) = board
        .analyze(SolverConfig::default(), Budget::unlimited())
        .expect("a small unfinished position");
    moves.iter().map(|m| (m.cell, m.verdict)).collect()
}

fn main() {
    let games: u64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2);
    println!(
        "nproc {}",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    for (w, h, k) in [(5, 5, 4), (6, 5, 4), (6, 6, 4)] {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        let mut times: Vec<Duration> = Vec::new();
        let (mut proven, mut lost_value) = (0, 0);
        for side in [Side::X, Side::O] {
            for seed in 0..games {
                let mut board = Board::new(rules);
                let mut thinker = Thinker::new();
                thinker.set_move_clock(Some(move_time_limit(Duration::from_secs(1), Instant::now)));
                let mut rng = StdRng::seed_from_u64(seed);
                let mut adversary = StdRng::seed_from_u64(seed ^ 0x5eed);
                while !board.is_over() {
                    let all = values(&board);
                    let top = all.iter().map(|m| m.1.rank()).max().unwrap();
                    let cell = if board.to_move() == side {
                        let start = Instant::now();
                        let t = thinker
                            .think(&board, Level::Perfect, false, &mut rng)
                            .unwrap();
                        times.push(start.elapsed());
                        proven += usize::from(t.method == Method::Exact);
                        if t.method != Method::Exact {
                            println!("  not proven in time: {} ({w}x{h}/{k})", board.to_text());
                        }
                        let chosen = all.iter().find(|m| m.0 == t.cell).unwrap().1;
                        lost_value += usize::from(chosen.rank() != top);
                        t.cell
                    } else {
                        let best: Vec<usize> = all
                            .iter()
                            .filter(|m| m.1.rank() == top)
                            .map(|m| m.0)
                            .collect();
                        best[adversary.gen_range(0..best.len())]
                    };
                    board.play(cell).unwrap();
                }
            }
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "{w}x{h}/{k}: {} replies in {} games, median {:.1} ms, max {:.1} ms, proven {}, \
             not an exactly best move {}",
            times.len(),
            2 * games,
            ms(times[times.len() / 2]),
            ms(*times.last().unwrap()),
            proven,
            lost_value
        );
    }
    for (w, h, k) in [(5, 5, 5), (6, 5, 5), (6, 6, 5)] {
        five_in_a_row(Rules::new(w, h, Some(k)).unwrap(), games);
    }
    // The exact analysis overlay on the empty 5x5/4 board.
    let board = Board::new(Rules::new(5, 5, Some(4)).unwrap());
    let start = Instant::now();
    let analysis = mnk_engine::ai::analyze(&board, &Budget::unlimited()).unwrap();
    println!(
        "5x5/4 empty board analysis: {:?} in {:.1} ms",
        analysis.kind,
        start.elapsed().as_secs_f64() * 1000.0
    );
}

/// The proof search's value of `board` with every drawing move (for a draw).
fn proved(board: &Board) -> (ProofValue, Vec<usize>) {
    let mut prover = board
        .prover(ProofConfig {
            hash_mib: 16,
            ..ProofConfig::default()
        })
        .expect("a board of up to 64 cells");
    let s = board.prove(&mut prover).expect("an unfinished position");
    (s.value, s.best_moves)
}

/// `perfect` against an adversary playing proven drawing moves on a drawn board: the median
/// and the longest reply, how many were proven, and how many lost the draw.
fn five_in_a_row(rules: Rules, games: u64) {
    let mut times: Vec<Duration> = Vec::new();
    let (mut proven, mut lost_draw) = (0, 0);
    for side in [Side::X, Side::O] {
        for seed in 0..games {
            let mut board = Board::new(rules);
            let mut thinker = Thinker::new();
            thinker.set_move_clock(Some(move_time_limit(Duration::from_secs(1), Instant::now)));
            let mut rng = StdRng::seed_from_u64(seed);
            let mut adversary = StdRng::seed_from_u64(seed ^ 0x5eed);
            while !board.is_over() {
                let cell = if board.to_move() == side {
                    let start = Instant::now();
                    let t = thinker
                        .think(&board, Level::Perfect, false, &mut rng)
                        .unwrap();
                    times.push(start.elapsed());
                    proven += usize::from(t.method == Method::Exact);
                    let mut after = board.clone();
                    after.play(t.cell).unwrap();
                    if !after.is_over() && proved(&after).0 == ProofValue::Win {
                        lost_draw += 1;
                    }
                    t.cell
                } else {
                    let (_, drawing) = proved(&board);
                    let choices = if drawing.is_empty() {
                        board.legal_moves()
                    } else {
                        drawing
                    };
                    choices[adversary.gen_range(0..choices.len())]
                };
                board.play(cell).unwrap();
            }
        }
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{}x{}/{}: {} replies in {} games, median {:.1} ms, max {:.1} ms, proven {}, \
         lost the draw {}",
        rules.width(),
        rules.height(),
        rules.k(),
        times.len(),
        2 * games,
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap()),
        proven,
        lost_draw
    );
}
