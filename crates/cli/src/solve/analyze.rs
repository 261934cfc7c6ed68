//! `mnk analyze`: the exact value of every legal move, drawn on the board.

use super::{config, hash_parser, rules_json, verdict_json, Unfinished, FAR_BEYOND_EMPTY};
use crate::common::{counted, duration, duration_ms, grouped, millis, note, outln, BoardArgs};
use crate::live::{catch_ctrl_c, Live, Show, REPORT_EVERY};
use clap::Args;
use mnk_engine::ai::{self, Analysis};
use mnk_engine::ProgressSnapshot;
use mnk_engine::DEFAULT_HASH_MIB;
use mnk_engine::{Board, SearchError, Verdict};
use serde_json::json;
use std::time::Duration;

/// Options of `mnk analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Transposition table size in MiB (0 = no table).
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB,
          value_parser = hash_parser())]
    pub hash: usize,
    /// Stop after this many seconds and report what is known (no move values then).
    #[arg(long, value_name = "SECONDS", value_parser = crate::common::parse_seconds)]
    pub max_time: Option<Duration>,
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
    board.unfinished()?;
    let empty = board.legal_moves().len();
    // Where the analysis asks the proof search first, open boards are what it is for.
    let proof = mnk_engine::proof_first(board.rules());
    if empty > FAR_BEYOND_EMPTY && args.max_time.is_none() && !proof {
        catch_ctrl_c();
        note(&format!(
            "{empty} empty cells is far beyond exact analysis: it finishes only if forced wins \
             are near. For a good move use mnk play or mnk match with the hard level; \
             --max-time SECONDS bounds the attempt, and Ctrl-C stops it"
        ));
    }
    // The proof search's settled root moves are shown not to win, not "at least a draw".
    let show = match (args.common.json, proof) {
        (true, _) => Show::Nothing,
        (false, true) => Show::Proof,
        (false, false) => Show::Solver,
    };
    let live = Live::watch_reporting(show, args.max_time, Some(REPORT_EVERY));
    let result = ai::exact_analysis(&board, config(args.hash, 0), &live.go());
    let (snapshot, elapsed) = (live.snapshot(), live.elapsed());
    let stop = live.finish();
    let analysis = match (result, stop) {
        (Err(SearchError::Stopped(_)), Some(stop)) => {
            let unfinished = Unfinished {
                board: &board,
                stop,
                nodes: snapshot.nodes,
                elapsed,
                known: analysis_known(&snapshot, proof),
                proven: None,
            };
            return print_incomplete(&args, &unfinished);
        }
        (Ok(analysis), Some(stop)) if !analysis.unmeasured_losses.is_empty() => {
            let unfinished = Unfinished {
                board: &board,
                stop,
                nodes: snapshot.nodes,
                elapsed,
                known: format!(
                    "the position is a draw (proven), and every move is known to draw or lose; \
                     the number of plies of {} of the {} losing moves was not measured",
                    analysis.unmeasured_losses.len(),
                    losing_moves(&analysis)
                ),
                proven: None,
            };
            return print_without_some_distances(&args, &unfinished, &analysis);
        }
        (result, _) => result?,
    };
    let ms = millis(elapsed);
    if args.common.json {
        let list = moves_json(&board, &analysis);
        let out = json!({
            "rules": rules_json(&board),
            "position": board.to_text(),
            "to_move": board.to_move().letter().to_string(),
            "moves": list,
            "complete": true,
            "stats": { "nodes": analysis.nodes, "ms": ms },
        });
        outln!("{out}")?;
        return Ok(());
    }
    print_grid(&board, &analysis)?;
    if analysis.nodes == 0 {
        outln!("From the opening book (exact) in {}", duration_ms(ms))?;
    } else {
        outln!(
            "Searched {} in {}",
            counted(analysis.nodes.into(), "node", "nodes"),
            duration_ms(ms)
        )?;
    }
    Ok(())
}

/// Every move's JSON entry, in cell order: its value and plies, and for a loss whose distance
/// was not measured, plies null and `"plies_measured": false`.
fn moves_json(board: &Board, analysis: &Analysis) -> Vec<serde_json::Value> {
    let mut list: Vec<(usize, serde_json::Value)> = analysis
        .moves
        .iter()
        .map(|m| {
            let (value, plies) = verdict_json(m.verdict);
            let entry = json!({ "move": board.cell_name(m.cell), "value": value, "plies": plies });
            (m.cell, entry)
        })
        .collect();
    list.extend(analysis.unmeasured_losses.iter().map(|&cell| {
        let entry = json!({ "move": board.cell_name(cell), "value": "loss", "plies": null,
                            "plies_measured": false });
        (cell, entry)
    }));
    list.sort_by_key(|(cell, _)| *cell);
    list.into_iter().map(|(_, entry)| entry).collect()
}

/// An analysis stopped while the solver measured how fast the losing moves of a proven draw
/// lose: every value, with "L?" (JSON: plies null, `"plies_measured": false`) for the losses
/// it had not measured.
fn print_without_some_distances(
    args: &AnalyzeArgs,
    unfinished: &Unfinished<'_>,
    analysis: &Analysis,
) -> anyhow::Result<()> {
    let limit = unfinished.time_limit()?;
    let board = unfinished.board;
    if args.common.json {
        let moves = moves_json(board, analysis);
        outln!("{}", unfinished.json(json!({ "moves": moves }), json!({})))?;
        return Ok(());
    }
    print_grid(board, analysis)?;
    outln!(
        "Every move is known to draw or lose, but the analysis stopped at the time limit of {} \
         before it measured how many plies {} of the {} losing moves take",
        duration(limit),
        analysis.unmeasured_losses.len(),
        losing_moves(analysis)
    )?;
    unfinished.print_tail(None)
}

/// How many moves of an analysis lose, measured or not.
fn losing_moves(analysis: &Analysis) -> usize {
    let measured = analysis
        .moves
        .iter()
        .filter(|m| matches!(m.verdict, Verdict::Loss(_)));
    measured.count() + analysis.unmeasured_losses.len()
}

/// The board with every empty cell's value, the legend and the best moves.
fn print_grid(board: &Board, analysis: &Analysis) -> anyhow::Result<()> {
    let moves = &analysis.moves;
    let rules = board.rules();
    outln!(
        "{} to move ({rules}); value of each move for {}:",
        board.to_move(),
        board.to_move()
    )?;
    let label = |cell: usize| match board.stone(cell) {
        Some(side) => side.letter().to_string(),
        None => moves.iter().find(|m| m.cell == cell).map_or_else(
            || match analysis.unmeasured_losses.contains(&cell) {
                true => "L?".to_string(),
                false => "?".to_string(),
            },
            |m| short(m.verdict),
        ),
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
    if !analysis.unmeasured_losses.is_empty() {
        outln!("(L? = loss, the number of plies not measured)")?;
    }
    let mut sorted = moves.to_vec();
    sorted.sort_by_key(|m| std::cmp::Reverse(m.verdict.rank()));
    let best: Vec<String> = sorted
        .iter()
        .filter(|m| m.verdict == sorted[0].verdict)
        .map(|m| board.cell_name(m.cell))
        .collect();
    outln!("Best: {} ({})", best.join(" "), sorted[0].verdict)?;
    Ok(())
}

/// Prints an analysis that ran out of `--max-time`: no values, what is known, the work.
fn print_incomplete(args: &AnalyzeArgs, unfinished: &Unfinished<'_>) -> anyhow::Result<()> {
    let limit = unfinished.time_limit()?;
    if args.common.json {
        let out = unfinished.json(json!({ "moves": null }), json!({}));
        outln!("{out}")?;
        return Ok(());
    }
    let board = unfinished.board;
    outln!("{} to move ({})", board.to_move(), board.rules())?;
    outln!(
        "No values: the analysis stopped at the time limit of {} before every move was valued",
        duration(limit)
    )?;
    unfinished.print_tail(None)
}

/// The counts of a stopped analysis, in words.
fn analysis_known(snapshot: &ProgressSnapshot, proof: bool) -> String {
    if proof && snapshot.proven.is_some() {
        // The position's value is proven, and the moves found to keep a draw are draws; the
        // analysis lists values only once every move has one.
        return snapshot.proof_known_so_far();
    }
    if proof {
        // The proof search's settled moves are shown not to win, which is no value yet; the
        // analysis gives values only once it finishes.
        return format!(
            "{} of {} moves were settled, and no move's value is known before the analysis \
             finishes",
            grouped(snapshot.root_settled.min(snapshot.root_total) as u128),
            grouped(snapshot.root_total as u128)
        );
    }
    format!(
        "{} of {} moves are known to win, draw or lose, {} of them at least a draw",
        grouped(snapshot.root_settled as u128),
        grouped(snapshot.root_total as u128),
        grouped(snapshot.root_at_least_draw as u128)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk_engine::ai::{AnalysisKind, MoveEstimate};
    use mnk_engine::Rules;

    #[test]
    fn a_loss_whose_plies_were_not_measured_is_listed_in_cell_order_as_such() {
        let board = Board::from_text(Rules::tic_tac_toe(), "x../.../...").unwrap();
        // o keeps the draw only in the centre; two corners were measured, the rest not.
        let measured = [
            (4, Verdict::Draw),
            (2, Verdict::Loss(6)),
            (8, Verdict::Loss(6)),
        ];
        let analysis = Analysis {
            kind: AnalysisKind::Exact,
            to_move: board.to_move(),
            moves: measured
                .iter()
                .map(|&(cell, verdict)| MoveEstimate { cell, verdict })
                .collect(),
            nodes: 1,
            unmeasured_losses: vec![1, 3, 5, 6, 7],
        };
        assert_eq!(losing_moves(&analysis), 7);
        let list = moves_json(&board, &analysis);
        let names: Vec<&str> = list.iter().map(|m| m["move"].as_str().unwrap()).collect();
        let cells: Vec<String> = (1..9).map(|c| board.cell_name(c)).collect();
        assert_eq!(names, cells);
        for entry in &list {
            let unmeasured = entry.get("plies_measured") == Some(&json!(false));
            match entry["value"].as_str().unwrap() {
                "draw" => assert!(entry["plies"].is_null() && !unmeasured),
                "loss" => assert_eq!(entry["plies"].is_null(), unmeasured, "{entry}"),
                other => panic!("{other}"),
            }
        }
        let count = |value| list.iter().filter(|m| m["value"] == value).count();
        assert_eq!((count("draw"), count("loss")), (1, 7));
    }
}
