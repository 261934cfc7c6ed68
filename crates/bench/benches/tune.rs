//! Self-play of the big-board search between two settings, for tuning by measurement:
//! `cargo bench -p mnk-bench --bench tune -- [--games N] [--first OPENING] [--ms MS]
//! [--nodes N] [--trace] [--seed S] [--a KEY=VALUE,...] [--b KEY=VALUE,...]`. Each opening
//! (from the `--first`th on) is played twice, each setting with each colour, on 15x15, five or
//! more in a row; with `--seed`, near-equal moves vary from one pair of games to the next, so a
//! run can hold more different games than there are openings. The report gives each setting's
//! points and the Elo difference they suggest. Settings
//! are the evaluation weights ([`mnk_engine::internals::Weights`], e.g. `mine_flex3=36`,
//! `theirs_flex3=30`, `order_block4=450`, and the cell classes', `cell_mine_flex3plus=48`,
//! `order_cell_flex2x2=60`) and the threat searches' node budgets (`vcf`, `vct` for the
//! own win, `vctdef` for the defence, `check` for the check of the search's choice,
//! `threads` for the threads of a search, `probe` for the shallow nodes' threat probe, 0 turning
//! it off, `probeplies` for how deep it is asked, `probethrees` for
//! the open threes its lines may use), the root VCT's attacker moves per line (`vctmoves`),
//! and the main search's cuts ([`mnk_engine::internals::Reductions`]: `lmrfrom`, `lmrtwo`,
//! `lmrdepth`, `futdepth`, `futmargin`, `width`). Moves get `--ms` each (or
//! `--nodes`, which repeats exactly); `--trace` prints every move with how it was found, its
//! depth, nodes and time.

use mnk_engine::internals::Budget;
use mnk_engine::internals::{HardLimits, Reductions, Searcher, State, Weights, CHECK_SHARE};
use mnk_engine::{Board, Rules, Side};
use std::sync::Arc;
use std::time::Instant;

/// What `--help` prints.
const USAGE: &str = "\
usage: cargo bench -p mnk-bench --bench tune -- [--games N] [--first OPENING] [--ms MS]
                   [--nodes N] [--trace] [--seed S] [--a KEY=VALUE,...] [--b KEY=VALUE,...]
Self-play of the big-board search, setting a against setting b (15x15, five or more).
  --games N       games (each opening twice, colours swapped; default 4)
  --first I       the first opening used (default 0)
  --ms MS         time per move (default 200)
  --nodes N       nodes per move instead of time (repeats exactly)
  --trace         print every move: how found, depth, nodes, time
  --seed S        vary near-equal moves by S and the game's pair (both colours of an
                  opening share a seed), so that more games than openings differ
  --a, --b        settings: weights by name (mine_flex3=36, theirs_flex3=30, tempo=0,
                  order_block4=450, own=4, combo_mine=300, combo_theirs=200,
                  cell_mine_flex3plus=48,
                  order_cell_flex2x2=60) and threat budgets (vcf, vct, vctdef, check,
                  probe, probeplies, probethrees, vctmoves) and the search's cuts (lmrfrom: the
                  first move reduced, 0 off; lmrtwo: the first reduced by two; lmrdepth;
                  futdepth, futmargin: static futility; width: moves at inner nodes) and
                  threads (the search's threads, 1 by default)";

/// Openings (board notation, x first): a few common three-stone starts.
const OPENINGS: &[&str] = &[
    "h8 i8 i9",
    "h8 i9 j10",
    "h8 i8 j8",
    "h8 i9 g9",
    "h8 h9 i10",
    "h8 j8 i10",
    "h8 i10 j8",
    "h8 g9 i10",
    "h8 i7 g9",
    "h8 j9 i10",
];

#[derive(Clone, Copy, Debug)]
struct Setting {
    weights: Weights,
    reductions: Reductions,
    vct_nodes: Option<u64>,
    vct_defence_nodes: Option<u64>,
    check_nodes: Option<u64>,
    threads: usize,
    vcf_nodes: Option<u64>,
    probe_nodes: Option<u64>,
    vct_moves: Option<u32>,
    probe_plies: Option<usize>,
    probe_threes: Option<u32>,
}

fn parse_setting(text: &str) -> Setting {
    let mut s = Setting {
        weights: Weights::default(),
        reductions: Reductions::default(),
        vct_nodes: None,
        vct_defence_nodes: None,
        check_nodes: None,
        threads: 1,
        vcf_nodes: None,
        probe_nodes: None,
        vct_moves: None,
        probe_plies: None,
        probe_threes: None,
    };
    for pair in text.split(',').filter(|p| !p.is_empty()) {
        let (key, value) = pair.split_once('=').expect("KEY=VALUE");
        let v: i64 = value.parse().expect("a number");
        match key {
            "vct" => s.vct_nodes = Some(v as u64),
            "vctdef" => s.vct_defence_nodes = Some(v as u64),
            "check" => s.check_nodes = Some(v as u64),
            "threads" => s.threads = v.max(1) as usize,
            "vcf" => s.vcf_nodes = Some(v as u64),
            "probe" => s.probe_nodes = Some(v as u64),
            "vctmoves" => s.vct_moves = Some(v as u32),
            "probeplies" => s.probe_plies = Some(v as usize),
            "probethrees" => s.probe_threes = Some(v as u32),
            _ => assert!(
                s.reductions.set(key, v as i32) || s.weights.set(key, v as i32),
                "unknown setting {key}"
            ),
        }
    }
    s
}

struct Args {
    games: usize,
    first: usize,
    ms: u64,
    nodes: Option<u64>,
    trace: bool,
    seed: Option<u64>,
    a: Setting,
    b: Setting,
}

fn args() -> Args {
    let mut out = Args {
        games: 4,
        first: 0,
        ms: 200,
        nodes: None,
        trace: false,
        seed: None,
        a: parse_setting(""),
        b: parse_setting(""),
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--games" => out.games = it.next().unwrap().parse().unwrap(),
            "--first" => out.first = it.next().unwrap().parse().unwrap(),
            "--ms" => out.ms = it.next().unwrap().parse().unwrap(),
            "--nodes" => out.nodes = Some(it.next().unwrap().parse().unwrap()),
            "--trace" => out.trace = true,
            "--seed" => out.seed = Some(it.next().unwrap().parse().unwrap()),
            "--a" => out.a = parse_setting(&it.next().unwrap()),
            "--b" => out.b = parse_setting(&it.next().unwrap()),
            "--help" | "-h" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            _ => {} // cargo bench passes --bench
        }
    }
    out
}

fn searcher(s: &Setting) -> Searcher {
    let mut searcher = Searcher::new(32);
    searcher.weights = s.weights;
    searcher.reductions = s.reductions;
    if let Some(n) = s.vct_nodes {
        searcher.vct_limits.nodes = n;
    }
    if let Some(n) = s.vct_defence_nodes {
        searcher.vct_defence.nodes = n;
    }
    if let Some(n) = s.check_nodes {
        searcher.vct_check.nodes = n;
    }
    if let Some(n) = s.vcf_nodes {
        searcher.vcf.nodes = n;
    }
    if let Some(n) = s.probe_nodes {
        searcher.probe.limits.nodes = n;
    }
    if let Some(n) = s.probe_threes {
        searcher.probe.limits.threes = n;
    }
    if let Some(n) = s.probe_plies {
        searcher.probe.plies = n;
    }
    if let Some(n) = s.vct_moves {
        searcher.vct_limits.moves = n;
        searcher.vct_defence.moves = n;
    }
    searcher
}

/// One game from `opening`; `Some(true)` when the first setting (`first_is_x` tells its colour)
/// wins, `None` for a draw.
fn game(args: &Args, number: usize, opening: &str, a_is_x: bool) -> Option<bool> {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let board = Board::new(rules);
    let mut state = State::new(rules);
    let mut names = Vec::new();
    for word in opening.split_whitespace() {
        state.play(board.parse_cell(word).unwrap());
        names.push(word.to_string());
    }
    let mut players = [searcher(&args.a), searcher(&args.b)];
    for p in &mut players {
        // Each game its own seed: near-equal moves vary, so games from one opening differ.
        p.seed = args
            .seed
            .map(|s| s.wrapping_mul(1_000_003).wrapping_add(number as u64 / 2));
    }
    while !state.is_over() {
        let a_to_move = (state.to_move() == Side::X) == a_is_x;
        let searcher = &mut players[usize::from(!a_to_move)];
        let threads = if a_to_move {
            args.a.threads
        } else {
            args.b.threads
        };
        let started = Instant::now();
        let ms = args.ms;
        // The tree search keeps the share of the move that `hard` keeps for its check (its
        // soft deadline stays).
        let tree_ms = (ms as f64 * (1.0 - CHECK_SHARE)) as u64;
        let move_budget = Budget::unlimited()
            .with_deadline(Arc::new(move || started.elapsed().as_millis() as u64 >= ms));
        let mut budget = Budget::unlimited()
            .with_deadline(Arc::new(move || {
                started.elapsed().as_millis() as u64 >= tree_ms
            }))
            .with_soft_deadline(Arc::new(move || {
                started.elapsed().as_millis() as u64 >= (ms * 2 / 5).min(tree_ms)
            }));
        let mut check = Some(&move_budget);
        if let Some(n) = args.nodes {
            budget = Budget::unlimited().with_node_limit(n);
            check = None;
        }
        let limits = HardLimits {
            max_depth: 64,
            budget: &budget,
            threads,
            check,
        };
        let r = searcher.search(&mut state, &limits).expect("not over");
        let name = board.cell_name(r.best);
        if args.trace {
            let who = if a_to_move { "A" } else { "B" };
            println!(
                "{:3} {who} {name:4} {:?} depth {} nodes {} score {} {} ms",
                state.stone_count() + 1,
                r.reason,
                r.depth,
                r.nodes,
                r.score,
                started.elapsed().as_millis()
            );
        }
        names.push(name);
        state.play(r.best);
    }
    let winner = state.winner();
    println!("{} {:?}", names.join(" "), winner);
    winner.map(|w| (w == Side::X) == a_is_x)
}

fn main() {
    let args = args();
    let (mut a, mut b, mut draws) = (0usize, 0usize, 0usize);
    for g in 0..args.games {
        let opening = OPENINGS[(args.first + g / 2) % OPENINGS.len()];
        let a_is_x = g % 2 == 0;
        match game(&args, g, opening, a_is_x) {
            Some(true) => a += 1,
            Some(false) => b += 1,
            None => draws += 1,
        }
        println!("game {}: A {a} - B {b} - draws {draws}", g + 1);
    }
    let points = a as f64 + draws as f64 / 2.0;
    let share = points / args.games.max(1) as f64;
    let elo = if share > 0.0 && share < 1.0 {
        -400.0 * (1.0 / share - 1.0).log10()
    } else {
        f64::NAN
    };
    println!(
        "A {:?}\nB {:?}\nA scores {points} of {} ({:.0} %), Elo A-B about {elo:+.0}",
        args.a,
        args.b,
        args.games,
        share * 100.0
    );
}
