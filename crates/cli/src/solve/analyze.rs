//! `mnk analyze`: the exact value of every legal move, drawn on the board.

use super::{config, hash_parser, rules_json, verdict_json, Unfinished, FAR_BEYOND_EMPTY};
use crate::common::{counted, duration, duration_ms, grouped, millis, note, outln, BoardArgs};
use crate::live::{catch_ctrl_c, Live, Show, REPORT_EVERY};
use clap::Args;
use mnk_engine::ai::{self, MoveEstimate};
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
        (result, _) => result?,
    };
    let ms = millis(elapsed);
    if args.common.json {
        let list: Vec<_> = analysis
            .moves
            .iter()
            .map(|m| {
                let (value, plies) = verdict_json(m.verdict);
                json!({ "move": board.cell_name(m.cell), "value": value, "plies": plies })
            })
            .collect();
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
    print_grid(&board, &analysis.moves)?;
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

/// The board with every empty cell's value, the legend and the best moves.
fn print_grid(board: &Board, moves: &[MoveEstimate]) -> anyhow::Result<()> {
    let rules = board.rules();
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
