//! `mnk count`: game-tree statistics counted over positions.

use crate::common::{grouped, millis, outln, BoardArgs};
use clap::Args;
use mnk_engine::count::{count, DEFAULT_MAX_PLY_POSITIONS};
use mnk_engine::SearchError;
use serde_json::json;
use std::time::Instant;

/// Options of `mnk count`.
#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: BoardArgs,
}

/// Runs `mnk count`.
pub fn run(args: CountArgs) -> anyhow::Result<()> {
    let board = args.common.board()?;
    let rules = board.rules();
    let Some(pos) = board.as_small() else {
        return Err(SearchError::BoardTooLarge {
            what: "counting",
            max: 64,
            cells: rules.cells(),
        }
        .into());
    };
    let start = Instant::now();
    let r = count(pos, DEFAULT_MAX_PLY_POSITIONS)?;
    let ms = millis(start.elapsed());
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
    outln!("Counted in {ms} ms")?;
    Ok(())
}
