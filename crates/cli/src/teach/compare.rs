//! `mnk compare`: one position solved by plain minimax, alpha-beta in cell order, alpha-beta
//! with informed move ordering and the full solver, with the nodes and time each one took.

use crate::common::{grouped, millis, out, outln, BoardArgs};
use crate::live::Live;
use crate::render::board_text;
use clap::Args;
use mnk_engine::teach::compare::{agree, run, Contender, Entry};
use mnk_engine::SearchError;
use serde_json::json;
use std::time::Instant;

/// Options of `mnk compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Most nodes each textbook search (minimax, alpha-beta) may visit before it is stopped
    /// and its row reported as unfinished; the solver has no budget.
    #[arg(long, value_name = "NODES", default_value_t = 20_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub budget: u64,
}

/// Runs `mnk compare`.
pub fn run_compare(args: CompareArgs) -> anyhow::Result<()> {
    let board = args.common.board()?;
    let mut rows: Vec<(Entry, f64)> = Vec::new();
    // The solver has no budget: Ctrl-C stops it with a sentence instead of killing it.
    let live = Live::start(false);
    for contender in Contender::ALL {
        let start = Instant::now();
        let entry = match run(&board, contender, args.budget, &live.go()) {
            Err(SearchError::Stopped(_)) => anyhow::bail!(
                "stopped after {:.1} s, before the {} finished (a position this open may take \
                 very long)",
                start.elapsed().as_secs_f64(),
                contender.name()
            ),
            other => other?,
        };
        rows.push((entry, millis(start.elapsed())));
    }
    live.finish();
    let entries: Vec<Entry> = rows.iter().map(|(e, _)| *e).collect();
    let agreed = agree(&entries);
    let value = entries.iter().find_map(|e| e.value);
    let side = board.to_move();
    if args.common.json {
        let rules = board.rules();
        let list: Vec<_> = rows
            .iter()
            .map(|(e, ms)| {
                json!({
                    "algo": e.contender.name(),
                    "nodes": e.nodes,
                    "ms": ms,
                    "completed": e.value.is_some(),
                    "value": e.value.map(|v| v.word()),
                    "plies": e.verdict.and_then(|v| v.plies()),
                })
            })
            .collect();
        let out = json!({
            "rules": { "width": rules.width(), "height": rules.height(), "k": rules.k() },
            "position": board.to_text(),
            "to_move": side.letter().to_string(),
            "value": value.map(|v| v.word()),
            "agree": agreed,
            "budget": args.budget,
            "rows": list,
        });
        outln!("{out}")?;
    } else {
        out!("{}", board_text(&board, &[]))?;
        outln!("{side} to move ({})\n", board.rules())?;
        let mut table = vec![vec![
            "algorithm".to_string(),
            "nodes".to_string(),
            "time".to_string(),
            format!("value for {side}"),
        ]];
        for (e, ms) in &rows {
            let value = match (e.value, e.verdict) {
                (_, Some(v)) => v.to_string(),
                (Some(v), None) => v.word().to_string(),
                (None, _) => format!("stopped at the budget of {}", grouped(args.budget.into())),
            };
            table.push(vec![
                e.contender.title().to_string(),
                grouped(e.nodes.into()),
                crate::common::duration_ms(*ms),
                value,
            ]);
        }
        out!("{}", columns(&table))?;
        outln!()?;
        let base = entries[0].value.map(|_| entries[0].nodes);
        for e in &entries[1..] {
            if let (Some(base), Some(_)) = (base, e.value) {
                outln!(
                    "{}: {:.2}% of minimax's nodes.",
                    e.contender.title(),
                    100.0 * e.nodes as f64 / base as f64
                )?;
            }
        }
        match (agreed, value) {
            (true, Some(v)) => outln!("Every finished search agrees: {} for {side}.", v.word())?,
            (true, None) => outln!("No search finished within the budget.")?,
            (false, _) => {}
        }
    }
    if !agreed {
        anyhow::bail!(
            "the algorithms disagree about the value of this position (a bug: please report it)"
        );
    }
    Ok(())
}

/// Columns: the first left-aligned, the others right-aligned except the last.
fn columns(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, text) in row.iter().enumerate() {
            let pad = " ".repeat(widths[c] - text.chars().count());
            if c == 0 || c + 1 == n {
                line.push_str(text);
                line.push_str(&pad);
            } else {
                line.push_str(&pad);
                line.push_str(text);
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
