//! `mnk bench`: a fixed suite of exact solves, one thread each so node counts repeat; the
//! total node count is the build's signature.

use crate::common::{counted, duration_ms, grouped, millis, outln};
use clap::Args;
use mnk_engine::exact;
use mnk_engine::Algorithm;
use mnk_engine::Go;
use mnk_engine::{Board, Rules};
use mnk_engine::{SolverConfig, DEFAULT_HASH_MIB};
use serde_json::json;
use std::time::Instant;

/// The suite: (name, width, height, k, position).
const SUITE: &[(&str, usize, usize, usize, &str)] = &[
    ("3x3 empty", 3, 3, 3, ".../.../..."),
    ("4x4/4 empty", 4, 4, 4, "..../..../..../...."),
    ("4x4/4 corner", 4, 4, 4, "x.../..../..../...."),
    ("4x4/4 middle", 4, 4, 4, "..../.xo./..x./...."),
    ("4x4/4 late", 4, 4, 4, "x..o/.xo./.o../...x"),
    ("4x4/3 empty", 4, 4, 3, "..../..../..../...."),
    ("5x4/4 centre", 5, 4, 4, "...../..x../...../....."),
    ("5x4/4 middle", 5, 4, 4, "...../.xo../..x../....."),
    ("5x5/4 diagonal", 5, 5, 4, "...../...../..x../...o./....."),
    ("5x5/4 adjacent", 5, 5, 4, "...../..o../..x../...../....."),
];

/// Options of `mnk bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Search threads per solve (1 keeps node counts repeatable).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mnk bench`.
pub fn run(args: BenchArgs) -> anyhow::Result<()> {
    let config = SolverConfig {
        hash_mib: DEFAULT_HASH_MIB,
        threads: args.threads as usize,
        ..SolverConfig::default()
    };
    let mut rows = Vec::new();
    let (mut total_nodes, mut total_ms) = (0u64, 0f64);
    if !args.json {
        outln!(
            "{:<16} {:<16} {:>11} {:>9} {:>9}",
            "position",
            "value",
            "nodes",
            "time",
            "Mnodes/s"
        )?;
    }
    for &(name, w, h, k, text) in SUITE {
        let board = Board::from_text(Rules::new(w, h, Some(k))?, text)?;
        let start = Instant::now();
        let r = exact::solve(&board, Algorithm::Solver, config, &Go::default())?;
        let ms = millis(start.elapsed());
        let rate = r.nodes as f64 / (ms.max(1e-3) * 1000.0);
        total_nodes += r.nodes;
        total_ms += ms;
        if args.json {
            rows.push(json!({
                "name": name, "position": text, "width": w, "height": h, "k": k,
                "value": r.verdict.word(), "plies": r.verdict.plies(),
                "nodes": r.nodes, "ms": ms, "nodes_per_s": (rate * 1e6).round(),
            }));
        } else {
            outln!(
                "{name:<16} {:<16} {:>11} {:>9} {rate:>9.2}",
                r.verdict.to_string(),
                grouped(r.nodes.into()),
                duration_ms(ms)
            )?;
        }
    }
    if args.json {
        outln!(
            "{}",
            json!({ "positions": rows, "total_nodes": total_nodes, "total_ms": total_ms, "threads": args.threads })
        )?;
    } else {
        outln!(
            "Total: {} in {} (signature {total_nodes})",
            counted(total_nodes.into(), "node", "nodes"),
            duration_ms(total_ms)
        )?;
    }
    Ok(())
}
