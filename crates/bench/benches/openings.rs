//! Generates balanced openings for 15x15 five in a row: `cargo bench -p mnk-bench --bench
//! openings -- [--seed S] [--candidates N] [--keep N] [--target T] [--nodes N] [--exact]
//! [--rule RULE]`.
//!
//! Draws three-stone starts (x, o, x) near the centre, each up to the board's symmetries
//! once, values each with `hard`'s search from o's side at fixed work, drops every start the
//! threat searches prove won or lost, and prints the `--keep` whose estimate for x is closest
//! to `--target` as an openings file for `mnk match --openings`, each line with its estimate. Whether they are fair is then
//! measured apart, by self-play: `mnk match --x hard --o hard --openings FILE`.

use mnk_engine::ai::{Level, Thinker};
use mnk_engine::Go;
use mnk_engine::{Board, Rule, Rules, Verdict};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// What `--help` prints.
const USAGE: &str = "\
usage: cargo bench -p mnk-bench --bench openings -- [--seed S] [--candidates N] [--keep N]
                   [--target T] [--nodes N] [--exact] [--rule RULE]
Prints balanced three-stone openings for 15x15 five in a row (an openings file).
  --seed S         the random draw of candidates (default 1)
  --candidates N   starts drawn and valued (default 240)
  --keep N         openings printed, those closest to the target (default 48)
  --target T       x's estimate aimed at (default 40: the search's even is not the games')
  --nodes N        search nodes per start (default 600000)
  --exact          exactly five wins (an overline does not): --rule exact
  --rule RULE      freestyle (the default), exact or renju";

/// The estimate for x the openings are chosen closest to by default. The search's zero is not
/// an even game, and where even lies moves with the search: with the search of 2026-12-03,
/// on seed 1's candidates (96 games of `hard` against itself at 100 ms a move, match seed
/// 11), openings around -30 gave x 37.5 % of the points and around +14 gave 52.1 %, and +10
/// was used. With the late-move reductions of 2026-12-05 that set gave x 35.4 %; on seed 2's
/// candidates (match seed 11) the 48 nearest +40 gave x 49.5 % and those nearest +80 43.8 %.
/// The built-in set is the +40 one, checked apart with match seed 12 (docs/match.md).
const TARGET: i64 = 40;

/// The side of the board.
const SIDE: i32 = 15;

struct Args {
    seed: u64,
    candidates: usize,
    keep: usize,
    target: i64,
    nodes: u64,
    rule: Rule,
}

fn args() -> Args {
    let mut a = Args {
        seed: 1,
        candidates: 240,
        keep: 48,
        target: TARGET,
        nodes: 600_000,
        rule: Rule::Freestyle,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || -> u64 {
            it.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{flag} needs a number\n{USAGE}"))
        };
        match flag.as_str() {
            "--seed" => a.seed = value(),
            "--candidates" => a.candidates = value() as usize,
            "--keep" => a.keep = value() as usize,
            "--target" => {
                a.target = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("--target needs a number\n{USAGE}"))
            }
            "--nodes" => a.nodes = value(),
            "--exact" => a.rule = Rule::Exact,
            "--rule" => {
                a.rule = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or_else(|| panic!("--rule needs freestyle, exact or renju\n{USAGE}"))
            }
            // cargo bench passes --bench to every bench target.
            "--bench" => {}
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => panic!("unknown argument {other}\n{USAGE}"),
        }
    }
    a
}

/// A start's stones as (column, row), x first, alternating.
type Start = [(i32, i32); 3];

/// The start under one of the square's eight symmetries.
fn image(start: &Start, symmetry: u8) -> Start {
    start.map(|(c, r)| {
        let (c, r) = if symmetry & 4 != 0 { (r, c) } else { (c, r) };
        let c = if symmetry & 1 != 0 { SIDE - 1 - c } else { c };
        let r = if symmetry & 2 != 0 { SIDE - 1 - r } else { r };
        (c, r)
    })
}

/// One name for a start and all its images: the least of them, x's two stones sorted.
fn canonical(start: &Start) -> Start {
    (0..8)
        .map(|s| {
            let mut i = image(start, s);
            if i[2] < i[0] {
                i.swap(0, 2);
            }
            i
        })
        .min()
        .expect("eight images")
}

/// A start: x within two cells of the centre, o within two of x, and x's second stone
/// anywhere within five of the centre, on distinct cells. Starts with both x stones close
/// together favour x by far (on 15x15 `hard` against `hard` gave x two thirds of the points on
/// the 48 of them its search valued closest to even), so the second stone may stray.
fn draw(rng: &mut StdRng) -> Start {
    let centre = SIDE / 2;
    let near = |rng: &mut StdRng, (c, r): (i32, i32), d: i32| {
        (
            (c + rng.gen_range(-d..=d)).clamp(0, SIDE - 1),
            (r + rng.gen_range(-d..=d)).clamp(0, SIDE - 1),
        )
    };
    loop {
        let x1 = near(rng, (centre, centre), 2);
        let o1 = near(rng, x1, 2);
        let x2 = near(rng, (centre, centre), 5);
        if x1 != o1 && x2 != x1 && x2 != o1 {
            return [x1, o1, x2];
        }
    }
}

fn main() {
    let args = args();
    let rules = Rules::new(SIDE as usize, SIDE as usize, Some(5))
        .expect("15x15 is a board")
        .with_rule(args.rule);
    let mut rng = StdRng::seed_from_u64(args.seed);
    let mut seen = HashSet::new();
    let mut valued: Vec<(i32, String)> = Vec::new();
    let mut proven = 0;
    let mut thinker = Thinker::new();
    while seen.len() < args.candidates {
        let start = draw(&mut rng);
        if !seen.insert(canonical(&start)) {
            continue;
        }
        let mut board = Board::new(rules);
        for &(c, r) in &start {
            board
                .play(rules.cell(c as usize, r as usize))
                .expect("distinct cells of an empty board");
        }
        let go = Go::fixed_work().with_nodes(args.nodes);
        let thought = thinker
            .think(&board, Level::Hard, &go)
            .expect("an unfinished board");
        let line: Vec<String> = board
            .history()
            .into_iter()
            .map(|c| board.cell_name(c))
            .collect();
        match thought.verdict {
            // The value is o's (to move): x's is its negation.
            Some(Verdict::Estimate(score)) => valued.push((-score, line.join(" "))),
            _ => proven += 1,
        }
    }
    valued.sort_by_key(|(score, _)| (i64::from(*score) - args.target).abs());
    println!(
        "# Balanced openings for 15x15, {} in a row: the {} of {} three-stone starts (seed {}) \
         whose estimate for x by hard's search ({} nodes, o to move) is closest to {}; {} \
         were proven won or lost and dropped. The number is x's estimate.",
        match args.rule {
            Rule::Freestyle => "five or more",
            Rule::Exact => "exactly five",
            Rule::Renju => "Renju: five",
        },
        args.keep.min(valued.len()),
        args.candidates,
        args.seed,
        args.nodes,
        args.target,
        proven
    );
    for (score, line) in valued.iter().take(args.keep) {
        println!("{line}  # {score:+}");
    }
}
