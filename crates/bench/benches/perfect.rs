//! `perfect`'s replies against an adversary that always plays an exactly best move (seeded
//! choice among the best), with the default one-second move clock: per board, the median and
//! the longest reply and how many replies were proven. `cargo bench -p mnk-bench --bench
//! perfect [-- GAMES]` (default 2 games per side). Then the same on five in a row (5x5/5,
//! 6x5/5, 6x6/5: draws), where the adversary plays a drawing move the proof search proves and
//! each of `perfect`'s moves is checked to keep the draw. `-- 7x7 [GAMES [FIRST_SEED]]` plays
//! 7x7/5 alone that way (minutes a game).

use mnk_engine::ai::book::Book;
use mnk_engine::ai::{Level, Method, Thinker};
use mnk_engine::exact;
use mnk_engine::proof::ProofConfig;
use mnk_engine::proof::Prover;
use mnk_engine::Go;
use mnk_engine::{Board, Rules, Side, SolverConfig, Verdict};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The exact value of every legal move (the book's, else the solver's).
fn values(board: &Board) -> Vec<(usize, Verdict)> {
    if let Some(v) = Book::embedded().move_values(board) {
        return v;
    }
    let (moves, _) = exact::solve_moves(board, SolverConfig::default(), &Go::default())
        .expect("a small unfinished position");
    moves.iter().map(|m| (m.cell, m.verdict)).collect()
}

/// What one board's games measured: `perfect`'s reply times, how many were proven, and how
/// many gave away value.
#[derive(Default)]
struct Tally {
    times: Vec<Duration>,
    proven: usize,
    lost: usize,
}

/// `perfect` with the one-second clock against `adversary` (which picks a move with its own
/// seeded generator), one game per seed with each colour; `lost` says whether `perfect`'s move on
/// a board gave away value.
fn duel(
    rules: Rules,
    seeds: std::ops::Range<u64>,
    mut adversary: impl FnMut(&Board, &mut StdRng) -> usize,
    mut lost: impl FnMut(&Board, usize) -> bool,
) -> Tally {
    let mut tally = Tally::default();
    for side in [Side::X, Side::O] {
        for seed in seeds.clone() {
            let mut board = Board::new(rules);
            let mut thinker = Thinker::new();
            let go = Go::timed(Duration::from_secs(1), Instant::now).with_seed(Some(seed));
            let mut adversary_rng = StdRng::seed_from_u64(seed ^ 0x5eed);
            while !board.is_over() {
                let cell = if board.to_move() == side {
                    let start = Instant::now();
                    let t = thinker.think(&board, Level::Perfect, &go).unwrap();
                    tally.times.push(start.elapsed());
                    if t.method == Method::Exact {
                        tally.proven += 1;
                    } else {
                        println!("  not proven in time: {} ({rules})", board.to_text());
                    }
                    tally.lost += usize::from(lost(&board, t.cell));
                    t.cell
                } else {
                    adversary(&board, &mut adversary_rng)
                };
                board.play(cell).unwrap();
            }
        }
    }
    tally.times.sort();
    tally
}

/// One board's line: replies, median and longest, proven, and `lost` (what giving away value
/// means there).
fn report(rules: Rules, games: u64, tally: &Tally, lost: &str) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let times = &tally.times;
    println!(
        "{}x{}/{}: {} replies in {} games, median {:.1} ms, max {:.1} ms, proven {}, {lost} {}",
        rules.width(),
        rules.height(),
        rules.k(),
        times.len(),
        2 * games,
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap()),
        tally.proven,
        tally.lost
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // GAMES, then the first seed (so one set of seeds can tune and another report).
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let games = numbers.first().copied().unwrap_or(2);
    let first_seed = numbers.get(1).copied().unwrap_or(0);
    // `7x7`: 7x7/5 alone, whose games take minutes.
    let only_7x7 = args.iter().any(|a| a == "7x7");
    println!(
        "nproc {}",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    // Four in a row: the adversary plays an exactly best move; `perfect`'s must be one too.
    let best_rank = |all: &[(usize, Verdict)]| all.iter().map(|m| m.1.rank()).max().unwrap();
    let four: &[(usize, usize, usize)] = match only_7x7 {
        true => &[],
        false => &[(5, 5, 4), (6, 5, 4), (6, 6, 4)],
    };
    for &(w, h, k) in four {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        let adversary = |board: &Board, rng: &mut StdRng| {
            let all = values(board);
            let top = best_rank(&all);
            let best: Vec<usize> = all
                .iter()
                .filter(|m| m.1.rank() == top)
                .map(|m| m.0)
                .collect();
            best[rng.gen_range(0..best.len())]
        };
        let lost = |board: &Board, cell: usize| {
            let all = values(board);
            all.iter().find(|m| m.0 == cell).unwrap().1.rank() != best_rank(&all)
        };
        let tally = duel(rules, first_seed..first_seed + games, adversary, lost);
        report(rules, games, &tally, "not an exactly best move");
    }
    // Five in a row (draws): the adversary plays a drawing move the proof search proves;
    // `perfect`'s move must keep the draw.
    let five: &[(usize, usize, usize)] = match only_7x7 {
        true => &[(7, 7, 5)],
        false => &[(5, 5, 5), (6, 5, 5), (6, 6, 5)],
    };
    for &(w, h, k) in five {
        let rules = Rules::new(w, h, Some(k)).unwrap();
        // A drawing move picked at random: the moves in a random order, the first after which
        // the opponent cannot force a line (any move, when every move loses).
        let adversary = |board: &Board, rng: &mut StdRng| {
            let mut moves = board.legal_moves();
            moves.shuffle(rng);
            let holds = |&cell: &usize| {
                let mut after = board.clone();
                after.play(cell).unwrap();
                after.is_over() || !opponent_wins(&after)
            };
            moves.iter().copied().find(holds).unwrap_or(moves[0])
        };
        let lost = |board: &Board, cell: usize| {
            let mut after = board.clone();
            after.play(cell).unwrap();
            !after.is_over() && opponent_wins(&after)
        };
        let tally = duel(rules, first_seed..first_seed + games, adversary, lost);
        report(rules, games, &tally, "lost the draw");
    }
    // The exact analysis overlay on the empty 5x5/4 board.
    let board = Board::new(Rules::new(5, 5, Some(4)).unwrap());
    let start = Instant::now();
    let analysis = mnk_engine::ai::analyze(&board, &Go::default()).unwrap();
    println!(
        "5x5/4 empty board analysis: {:?} in {:.1} ms",
        analysis.kind,
        start.elapsed().as_secs_f64() * 1000.0
    );
}

/// Whether the side to move in `board` can force a line, as the proof search proves it.
fn opponent_wins(board: &Board) -> bool {
    let mut prover = Prover::new(ProofConfig {
        hash_mib: 16,
        ..ProofConfig::default()
    });
    exact::can_force_line(board, &mut prover, board.to_move(), &Go::default())
        .expect("an unfinished position")
}
