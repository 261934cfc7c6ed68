//! `mnk table`: every small rule set solved from the empty board — the m,n,k results table of
//! the literature, recomputed.

use crate::common::{millis, outln};
use clap::Args;
use mnk_engine::board::Algorithm;
use mnk_engine::solver::{SolverConfig, DEFAULT_HASH_MIB};
use mnk_engine::{Board, Rules, Verdict};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// Options of `mnk table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Largest board (cells) to include: every W x H with W >= H and W*H <= N, 3 <= K <= W.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(3..=30))]
    pub max_cells: u16,
    /// Transposition table size in MiB per solve.
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB, value_parser = crate::solve::hash_parser())]
    pub hash: usize,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The rule sets of the table, smallest boards first.
pub fn rule_sets(max_cells: usize) -> Vec<Rules> {
    let mut out = Vec::new();
    for cells in 1..=max_cells {
        for h in 1..=cells {
            if cells % h != 0 {
                continue;
            }
            let w = cells / h;
            if w < h {
                continue;
            }
            for k in 3..=w {
                out.extend(Rules::new(w, h, Some(k)).ok());
            }
        }
    }
    out
}

/// Runs `mnk table`.
pub fn run(args: TableArgs) -> anyhow::Result<()> {
    let config = SolverConfig {
        hash_mib: args.hash,
        ..SolverConfig::default()
    };
    let mut rows = Vec::new();
    if !args.json {
        outln!("First-player results from the empty board (W x H, K in a row):")?;
        outln!(
            "{:>7} {:>3}  {:<20} {:>14} {:>12}",
            "board",
            "k",
            "value",
            "nodes",
            "ms"
        )?;
    }
    let total = Instant::now();
    for rules in rule_sets(args.max_cells as usize) {
        let start = Instant::now();
        let report = Board::new(rules).solve(Algorithm::Solver, config, None)?;
        let ms = millis(start.elapsed());
        let board = format!("{}x{}", rules.width(), rules.height());
        if args.json {
            rows.push(json!({
                "width": rules.width(), "height": rules.height(), "k": rules.k(),
                "value": report.verdict.word(), "plies": report.verdict.plies(),
                "nodes": report.nodes, "ms": ms,
            }));
        } else {
            let value = match report.verdict {
                Verdict::Win(p) => format!("first player, {p} plies"),
                other => other.to_string(),
            };
            outln!(
                "{board:>7} {:>3}  {value:<20} {:>14} {ms:>12.1}",
                rules.k(),
                report.nodes
            )?;
            let _ = std::io::stdout().flush();
        }
    }
    let total_ms = millis(total.elapsed());
    if args.json {
        outln!("{}", json!({ "rows": rows, "stats": { "ms": total_ms } }))?;
    } else {
        outln!("Total {:.1} s", total_ms / 1000.0)?;
    }
    Ok(())
}
