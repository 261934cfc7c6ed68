//! `mnk solve` and `mnk analyze`: exact values of a position and of each of its moves.

use crate::common::{millis, out, outln, BoardArgs};
use crate::render::board_text;
use clap::{Args, ValueEnum};
use mnk_engine::board::Algorithm;
use mnk_engine::solver::{SolverConfig, DEFAULT_HASH_MIB, MAX_HASH_MIB};

/// `--hash` accepts 0 to MAX_HASH_MIB.
pub fn hash_parser() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_HASH_MIB as u64)
}
use crate::live::Live;
use mnk_engine::{Board, SearchError, Verdict};
use serde_json::json;
use std::time::Instant;

/// The algorithm `mnk solve` uses.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Algo {
    /// Plain minimax, no pruning (small positions only).
    Minimax,
    /// Textbook alpha-beta, cells in index order (small positions only).
    Alphabeta,
    /// The solver: table, symmetry, threats.
    Solver,
}

/// Options of `mnk solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Which algorithm to use; they all give the same answer.
    #[arg(long, value_enum, default_value = "solver")]
    pub algo: Algo,
    /// Transposition table size in MiB (0 = no table).
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB,
          value_parser = hash_parser())]
    pub hash: usize,
    /// Search threads (0 = one for small positions, every core for large ones).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub threads: u16,
}

/// Options of `mnk analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Transposition table size in MiB (0 = no table).
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB,
          value_parser = hash_parser())]
    pub hash: usize,
}

fn config(hash: usize, threads: u16) -> SolverConfig {
    SolverConfig {
        hash_mib: hash,
        threads: threads as usize,
        ..SolverConfig::default()
    }
}

/// Names a list of cells in notation.
pub fn names(board: &Board, cells: &[usize]) -> Vec<String> {
    cells.iter().map(|&c| board.move_name(c)).collect()
}

/// The JSON `value` / `plies` pair of a verdict.
pub fn verdict_json(v: Verdict) -> (serde_json::Value, serde_json::Value) {
    (json!(v.word()), json!(v.plies()))
}

/// Runs `mnk solve`.
pub fn run_solve(args: SolveArgs) -> anyhow::Result<()> {
    let board = args.common.board()?;
    let algorithm = match args.algo {
        Algo::Minimax => Algorithm::Minimax,
        Algo::Alphabeta => Algorithm::AlphaBeta,
        Algo::Solver => Algorithm::Solver,
    };
    let live = Live::start(!args.common.json);
    let start = Instant::now();
    let result = board.solve_with(algorithm, config(args.hash, args.threads), live.controls());
    let snapshot = live.progress().snapshot();
    live.finish();
    let report = match result {
        Err(SearchError::Stopped) => {
            anyhow::bail!(
                "stopped after {} nodes in {:.1} s: {}",
                snapshot.nodes,
                start.elapsed().as_secs_f64(),
                snapshot.known_so_far()
            )
        }
        other => other?,
    };
    let ms = millis(start.elapsed());
    let rules = board.rules();
    let algo_name = format!("{:?}", args.algo).to_lowercase();
    if args.common.json {
        let (value, plies) = verdict_json(report.verdict);
        let mut stats = json!({ "nodes": report.nodes, "ms": ms, "algo": algo_name });
        if let Some(s) = report.solver {
            stats["table_cutoffs"] = json!(s.table_cutoffs);
            stats["table_used"] = json!(s.table_used);
            stats["table_capacity"] = json!(s.table_capacity);
        }
        let out = json!({
            "rules": { "width": rules.width(), "height": rules.height(), "k": rules.k() },
            "position": board.to_text(),
            "to_move": board.to_move().letter().to_string(),
            "value": value,
            "plies": plies,
            "best_moves": names(&board, &report.best_moves),
            "stats": stats,
        });
        outln!("{out}")?;
        return Ok(());
    }
    out!("{}", board_text(&board, &[]))?;
    outln!("{} to move ({rules})", board.to_move())?;
    outln!("Value: {} for {}", report.verdict, board.to_move())?;
    outln!(
        "Best moves: {}",
        names(&board, &report.best_moves).join(" ")
    )?;
    let mut line = format!("Searched {} nodes in {ms} ms ({algo_name}", report.nodes);
    if let Some(s) = report.solver {
        line.push_str(&format!(
            ", table {:.1}% full",
            100.0 * s.table_used as f64 / s.table_capacity.max(1) as f64
        ));
    }
    outln!("{line})")?;
    Ok(())
}

/// A short cell label for the analysis grid: W3, D, L4.
fn short(v: Verdict) -> String {
    match v {
        Verdict::Win(p) => format!("W{p}"),
        Verdict::Loss(p) => format!("L{p}"),
        Verdict::Draw => "D".to_string(),
        Verdict::Estimate(s) => format!("{s:+}"),
    }
}

/// Runs `mnk analyze`.
pub fn run_analyze(args: AnalyzeArgs) -> anyhow::Result<()> {
    let board = args.common.board()?;
    let start = Instant::now();
    // No progress line (the analysis does not report one), but Ctrl-C stops it cleanly.
    let live = Live::start(false);
    let result = board.analyze(config(args.hash, 0), live.controls().stop);
    live.finish();
    let (moves, stats) = match result {
        Err(SearchError::Stopped) => anyhow::bail!(
            "stopped after {:.1} s, before every move was valued (a position this open may \
             take very long; mnk solve reports progress and what it knows so far)",
            start.elapsed().as_secs_f64()
        ),
        other => other?,
    };
    let ms = millis(start.elapsed());
    let rules = board.rules();
    if args.common.json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                let (value, plies) = verdict_json(m.verdict);
                json!({ "move": board.move_name(m.cell), "value": value, "plies": plies })
            })
            .collect();
        let out = json!({
            "rules": { "width": rules.width(), "height": rules.height(), "k": rules.k() },
            "position": board.to_text(),
            "to_move": board.to_move().letter().to_string(),
            "moves": list,
            "stats": { "nodes": stats.nodes, "ms": ms },
        });
        outln!("{out}")?;
        return Ok(());
    }
    outln!(
        "{} to move ({rules}); value of each move for {}:",
        board.to_move(),
        board.to_move()
    )?;
    let label = |cell: usize| match board.stone(cell) {
        Some(side) => side.letter().to_string(),
        None => moves
            .iter()
            .find(|m| m.cell == cell)
            .map_or("?".to_string(), |m| short(m.verdict)),
    };
    let width = (0..rules.cells())
        .map(|c| label(c).len())
        .max()
        .unwrap_or(1);
    let h = rules.height();
    let lw = h.to_string().len();
    let header: String = (0..rules.width())
        .map(|c| format!(" {:^width$}", (b'a' + c as u8) as char))
        .collect();
    outln!("{:lw$} {}", "", header.trim_end())?;
    for row in 0..h {
        let cells: String = (0..rules.width())
            .map(|col| format!(" {:^width$}", label(rules.cell(col, row))))
            .collect();
        outln!("{:>lw$} {}", h - row, cells.trim_end())?;
    }
    outln!("(W3 = win in 3 plies, D = draw, L4 = loss in 4 plies, counted from now)")?;
    let mut sorted = moves.clone();
    sorted.sort_by_key(|m| std::cmp::Reverse(m.score));
    let best: Vec<String> = sorted
        .iter()
        .filter(|m| m.score == sorted[0].score)
        .map(|m| board.move_name(m.cell))
        .collect();
    outln!("Best: {} ({})", best.join(" "), sorted[0].verdict)?;
    outln!("Searched {} nodes in {ms} ms", stats.nodes)?;
    Ok(())
}
