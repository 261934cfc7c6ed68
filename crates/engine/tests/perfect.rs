//! `perfect` against an adversary that always plays an exactly best move (chosen at random
//! among the best, seeded): on the small boards CI can afford, every move of `perfect` is
//! proven and one of the exactly best (fastest win, slowest loss, a drawing move when drawn),
//! so it never loses a game it can draw and wins every game it can win, with either side.

use mnk_engine::ai::{Level, Method, Thinker};
use mnk_engine::exact;
use mnk_engine::Go;
use mnk_engine::{Board, Outcome, Rules, Side, SolverConfig, Verdict};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Games per board and side.
const SEEDS: u64 = 6;

/// The exact value of every legal move of `board`, for the side that plays it.
fn values(board: &Board) -> Vec<(usize, Verdict)> {
    let config = SolverConfig {
        hash_mib: 16,
        ..SolverConfig::default()
    };
    let (moves, _) =
        exact::solve_moves(board, config, &Go::default()).expect("a small unfinished position");
    moves.iter().map(|m| (m.cell, m.verdict)).collect()
}

/// Orders exact values: a faster win is better, a slower loss is better.
fn rank(v: Verdict) -> i64 {
    match v {
        Verdict::Win(p) => 1_000 - i64::from(p),
        Verdict::Draw => 0,
        Verdict::Loss(p) => -1_000 + i64::from(p),
        Verdict::Estimate(_) => panic!("the solver gave an estimate"),
    }
}

/// The best value among `values`.
fn top(values: &[(usize, Verdict)]) -> Verdict {
    values
        .iter()
        .map(|&(_, v)| v)
        .max_by_key(|&v| rank(v))
        .expect("an unfinished position has moves")
}

/// Plays one game of `perfect` (as `side`) against the exact adversary; checks every move of
/// `perfect` and returns the outcome with the value of the empty board for `side`.
fn game(rules: Rules, side: Side, seed: u64) -> (Option<Outcome>, Verdict) {
    let mut board = Board::new(rules);
    let mut thinker = Thinker::new();
    let mut adversary = StdRng::seed_from_u64(seed ^ 0x5eed);
    let start = top(&values(&board));
    let start = if side == Side::X {
        start
    } else {
        start.flipped()
    };
    while !board.is_over() {
        let values = values(&board);
        let best = top(&values);
        let cell = if board.to_move() == side {
            let thought = thinker
                .think(&board, Level::Perfect, &Go::default().with_seed(Some(seed)))
                .expect("perfect answers");
            let at = format!("{rules:?} {} {:?}", board.to_text(), thought);
            assert_eq!(thought.method, Method::Exact, "{at}");
            assert_eq!(thought.verdict, Some(best), "{at}");
            let chosen = values.iter().find(|(c, _)| *c == thought.cell).unwrap().1;
            assert_eq!(chosen, best, "not an exactly best move: {at}");
            thought.cell
        } else {
            let choices: Vec<usize> = values
                .iter()
                .filter(|&&(_, v)| v == best)
                .map(|&(c, _)| c)
                .collect();
            choices[adversary.gen_range(0..choices.len())]
        };
        board.play(cell).unwrap();
    }
    (board.outcome(), start)
}

fn check(w: usize, h: usize, k: usize) {
    let rules = Rules::new(w, h, Some(k)).unwrap();
    for side in [Side::X, Side::O] {
        for seed in 0..SEEDS {
            let (outcome, value) = game(rules, side, seed);
            let expected = match value {
                Verdict::Win(_) => Some(Outcome::Win(side)),
                Verdict::Loss(_) => Some(Outcome::Win(side.other())),
                _ => Some(Outcome::Draw),
            };
            assert_eq!(
                outcome, expected,
                "{w}x{h}/{k}, perfect as {side}, seed {seed}"
            );
        }
    }
}

#[test]
fn perfect_holds_every_game_on_4x4_3() {
    check(4, 4, 3);
}

#[test]
fn perfect_holds_every_game_on_4x4_4() {
    check(4, 4, 4);
}

#[test]
fn perfect_holds_every_game_on_5x4_4() {
    check(5, 4, 4);
}

#[test]
fn perfect_holds_every_game_on_4x5_4() {
    check(4, 5, 4);
}
