//! The numbers the big-board search's estimate reads off positions, for fitting its weights
//! to a stronger player's values (`crates/bench/scripts/fit_estimate.py`):
//! `cargo bench -p mnk-bench --bench features < GAMES > FEATURES`. Each line of GAMES is a
//! 15x15 game in board notation (`h8 i9 j10 ...`; a PGN-like record's move lines work, the
//! result word is skipped). For every position of 4 stones or more where the search would
//! stand on its estimate (no five to complete, nothing to block, no win read off the
//! patterns), it prints the moves so far, a tab, and the features of
//! [`mnk_engine::internals::Weights::features`], comma-separated. The first line gives the
//! current weights (`# weights KEY=VALUE,...`), the second names the features.

use mnk_engine::internals::{verdict, State, Weights};
use mnk_engine::{Board, Rules};
use std::io::{BufRead, Write};

fn main() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let board = Board::new(rules);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let names = Weights::feature_names();
    let current: Vec<String> = names
        .iter()
        .zip(Weights::default().feature_weights())
        .map(|(n, w)| format!("{n}={w}"))
        .collect();
    writeln!(out, "# weights {}", current.join(",")).unwrap();
    writeln!(out, "moves\t{}", names.join(",")).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut blocks = Vec::new();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        if line.starts_with('[') {
            continue;
        }
        let mut state = State::new(rules);
        let mut names: Vec<&str> = Vec::new();
        for word in line.split_whitespace() {
            let Ok(cell) = board.parse_cell(word) else {
                continue;
            };
            if !state.is_empty(cell) || state.is_over() {
                break;
            }
            state.play(cell);
            names.push(word);
            if state.stone_count() < 4 || state.is_over() {
                continue;
            }
            let me = state.to_move();
            blocks.clear();
            state.winning_cells(me, &mut blocks);
            if !blocks.is_empty() {
                continue;
            }
            blocks.clear();
            state.winning_cells(me.other(), &mut blocks);
            if !blocks.is_empty() || verdict(&state).is_some() {
                continue;
            }
            if !seen.insert(state.hash()) {
                continue;
            }
            let f: Vec<String> = Weights::features(&state)
                .iter()
                .map(|v| v.to_string())
                .collect();
            writeln!(out, "{}\t{}", names.join(" "), f.join(",")).unwrap();
        }
    }
}
