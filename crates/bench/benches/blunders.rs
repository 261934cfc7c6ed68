//! Where the big-board search's lost games turned, by threat search with a large budget:
//! `cargo bench -p mnk-bench --bench blunders -- --side x|o [--nodes N] < GAMES`. Each line of
//! GAMES is a 15x15 game in board notation (a record's move lines; header lines are
//! skipped). For each move of `--side` it asks whether the opponent, to move, has a VCT
//! within `--nodes` nodes (default 1,000,000), and prints the first move after which it has:
//! the blunder, as far as threats show. For that position it then counts the near moves
//! after which the opponent has no VCT within the same nodes (the safe answers a wider check
//! at the root could have found).

use mnk_engine::internals::{Budget, State, Vct, VctLimits};
use mnk_engine::{Board, Rules, Side};
use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let side = match value("--side").as_deref() {
        Some("o") => Side::O,
        _ => Side::X,
    };
    let nodes: u64 = value("--nodes").map_or(1_000_000, |v| v.parse().unwrap());
    let limits = VctLimits {
        threes: 8,
        moves: 24,
        nodes,
    };
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let board = Board::new(rules);
    let mut vct = Vct::new();
    let budget = Budget::unlimited();
    let (mut blunders, mut games, mut safe_total) = (0, 0, 0);
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        if line.starts_with('[') || line.trim().is_empty() {
            continue;
        }
        games += 1;
        let cells: Vec<usize> = line
            .split_whitespace()
            .filter_map(|w| board.parse_cell(w).ok())
            .collect();
        let mut state = State::new(rules);
        for (ply, &cell) in cells.iter().enumerate() {
            if state.is_over() || !state.is_empty(cell) {
                break;
            }
            if state.to_move() != side || state.stone_count() < 3 {
                state.play(cell);
                continue;
            }
            state.play(cell);
            let after = if state.is_over() {
                None
            } else {
                vct.find(&mut state, limits, &budget)
            };
            state.undo();
            {
                if let Some(w) = after {
                    // Safe answers: near moves after which the opponent has no VCT.
                    let mut near = Vec::new();
                    state.near_cells(&mut near);
                    let mut safe = Vec::new();
                    for &m in &near {
                        state.play(m);
                        if !state.is_over() && vct.find(&mut state, limits, &budget).is_none() {
                            safe.push(rules.cell_name(m));
                        }
                        state.undo();
                    }
                    blunders += 1;
                    safe_total += usize::from(!safe.is_empty());
                    println!(
                        "game {games} ply {} move {}: opponent VCT from {} in {} plies ({} nodes); {} of {} near moves safe: {}",
                        ply + 1,
                        rules.cell_name(cell),
                        rules.cell_name(w.first),
                        w.plies,
                        vct.nodes(),
                        safe.len(),
                        near.len(),
                        safe.iter().take(8).cloned().collect::<Vec<_>>().join(" ")
                    );
                    break;
                }
            }
            state.play(cell);
        }
    }
    println!("{games} games, {blunders} blunders found, {safe_total} with a safe answer");
}
