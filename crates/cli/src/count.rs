//! `mnk count`: game-tree statistics counted over positions, within a memory bound.

use crate::common::{counted, duration, grouped, millis, note, outln, BoardArgs};
use crate::live::{catch_ctrl_c, Live, Show, Stop};
use crate::solve::stopped;
use clap::Args;
use mnk_engine::exact;
use mnk_engine::SearchError;
use mnk_engine::{CountError, DEFAULT_MEMORY_MIB};
use serde_json::json;

/// Largest `--memory`, MiB: far more than a count can use on any machine it runs on today.
const MAX_MEMORY_MIB: u64 = 1 << 20;

/// Options of `mnk count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Memory the count may use for its position tables, in MiB (it refuses at once, or stops,
    /// rather than going past it).
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_MEMORY_MIB,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MEMORY_MIB))]
    pub memory: u64,
}

/// Runs `mnk count`.
pub fn run(args: CountArgs) -> anyhow::Result<()> {
    let board = args.common.board()?;
    let rules = board.rules();
    let memory = args.memory << 20;
    let plan = exact::count_estimate(&board)?;
    let (widest, positions) = plan.widest_ply();
    if positions > 10_000_000.0 && plan.refusal(memory).is_none() {
        catch_ctrl_c();
        note(&format!(
            "this count holds about {} positions at ply {widest} and needs about {} MiB; \
             Ctrl-C stops it",
            grouped(positions as u128),
            grouped(plan.peak_bytes().div_ceil(1 << 20).into())
        ));
    }
    let show = if args.common.json {
        Show::Nothing
    } else {
        Show::Count {
            last_ply: board.legal_moves().len(),
            memory,
        }
    };
    let live = Live::watch(show, None);
    let result = exact::count(&board, memory, &live.go());
    let (snapshot, elapsed) = (live.snapshot(), live.elapsed());
    let stop = live.finish();
    let r = match (result, stop) {
        (Err(CountError::Search(SearchError::Stopped(_))), Some(Stop::Interrupted)) => {
            let work = counted(snapshot.nodes.into(), "position", "positions");
            let known = format!("the count had reached ply {}", snapshot.ply);
            return Err(stopped(&work, elapsed, &known));
        }
        (Err(err @ (CountError::WouldNotFit { .. } | CountError::OutOfMemory { .. })), _) => {
            anyhow::bail!(
                "{err}; raise --memory (MiB) if the machine has it, or count from a fuller \
                 position"
            )
        }
        (result, _) => result?,
    };
    let ms = millis(elapsed);
    if args.common.json {
        let out = json!({
            "rules": { "width": rules.width(), "height": rules.height(), "k": rules.k() },
            "position": board.to_text(),
            "nodes": r.nodes,
            "games": r.games,
            "x_wins": r.x_wins,
            "o_wins": r.o_wins,
            "draws": r.draws,
            "nodes_per_ply": r.nodes_per_ply,
            "positions": r.positions,
            "positions_up_to_symmetry": r.positions_up_to_symmetry,
            "stats": { "ms": ms },
        });
        outln!("{out}")?;
        return Ok(());
    }
    outln!("Game tree of {} ({rules}):", board.to_text())?;
    let rows = [
        ("tree nodes (root included)", r.nodes),
        ("complete games", r.games),
        ("  x wins", r.x_wins),
        ("  o wins", r.o_wins),
        ("  draws", r.draws),
        ("reachable positions", r.positions as u128),
        ("  up to symmetry", r.positions_up_to_symmetry as u128),
    ];
    for (label, n) in rows {
        outln!("  {label:<28}{:>24}", grouped(n))?;
    }
    outln!("  nodes per ply:")?;
    for (ply, n) in r.nodes_per_ply.iter().enumerate() {
        outln!("    {ply:>3}  {:>24}", grouped(*n))?;
    }
    outln!(
        "Counted {} in {}",
        counted(r.positions.into(), "position", "positions"),
        duration(elapsed)
    )?;
    Ok(())
}
