//! The proof search's work on given positions under different switches, one thread (so the
//! node counts repeat): for tuning `ProofConfig`. Positions come on stdin, one per line, in
//! the board notation with the side to move (`......./..x.../... x`), on 7x7/5 unless
//! `--size WxH --k K` says otherwise; each is asked "can the side to move force a line?" and
//! "can the other side?". Each switch setting is `name=value[,name=value]` (names:
//! `zone_tries`, `pairing_steps`, `quick_steps`, `quick_replies`); the first column is the
//! defaults. `cargo bench -p mnk-bench --bench proof_knobs -- zone_tries=16 < POSITIONS`.

use mnk_engine::exact;
use mnk_engine::proof::{ProofConfig, Prover};
use mnk_engine::{Board, Go, Rules};
use std::io::BufRead;
use std::time::{Duration, Instant};

fn config(spec: &str) -> ProofConfig {
    let mut c = ProofConfig {
        hash_mib: 256,
        ..ProofConfig::default()
    };
    for kv in spec.split(',').filter(|s| !s.is_empty() && *s != "default") {
        let (k, v) = kv.split_once('=').expect("name=value");
        let v: u64 = v.parse().expect("a number");
        match k {
            "zone_tries" => c.zone_tries = v as usize,
            "pairing_steps" => c.pairing_steps = v as u32,
            "quick_steps" => c.quick_steps = v as u32,
            "quick_replies" => c.quick_replies = v as usize,
            _ => panic!("unknown switch {k}"),
        }
    }
    c
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut size = (7, 7);
    let mut k = 5;
    let mut specs = vec!["default".to_string()];
    let mut limit = 60.0;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--size" => {
                let (w, h) = args[i + 1].split_once('x').unwrap();
                size = (w.parse().unwrap(), h.parse().unwrap());
                i += 1;
            }
            "--k" => {
                k = args[i + 1].parse().unwrap();
                i += 1;
            }
            "--max-time" => {
                limit = args[i + 1].parse().unwrap();
                i += 1;
            }
            s => specs.push(s.to_string()),
        }
        i += 1;
    }
    let rules = Rules::new(size.0, size.1, Some(k)).unwrap();
    let positions: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut totals = vec![(0u64, 0f64, 0usize); specs.len()];
    for p in &positions {
        let board = Board::from_text(rules, p.trim()).expect("a position");
        let mut line = format!("{:<62}", p.trim());
        for (j, spec) in specs.iter().enumerate() {
            let mut prover = Prover::new(config(spec));
            let start = Instant::now();
            let go = Go::timed(Duration::from_secs_f64(limit), Instant::now);
            let me = board.to_move();
            let mut first = 0;
            let answer = exact::can_force_line(&board, &mut prover, me, &go).and_then(|w| {
                if w {
                    Ok("W")
                } else {
                    first = prover.stats().nodes;
                    exact::can_force_line(&board, &mut prover, me.other(), &go).map(|l| {
                        if l {
                            "L"
                        } else {
                            "D"
                        }
                    })
                }
            });
            let secs = start.elapsed().as_secs_f64();
            let nodes = prover.stats().nodes;
            let what = answer.unwrap_or("?");
            totals[j].0 += nodes;
            totals[j].1 += secs;
            totals[j].2 += usize::from(what == "?");
            line += &format!(" {what} {first:>9}+{:>9} {secs:>6.2}s", nodes - first);
        }
        println!("{line}");
    }
    for (spec, (nodes, secs, open)) in specs.iter().zip(&totals) {
        println!("{spec}: {nodes} nodes, {secs:.1} s, {open} unsettled");
    }
}
