//! `mnk solve` and `mnk analyze`: exact values of a position and of each of its moves.
//!
//! Before a search starts, its size is judged: plain minimax and alpha-beta are refused (unless
//! `--force`) when their tree is surely beyond reach, and the solver warns on positions so
//! open that it can only finish if a forced win is near. While it runs, a live line shows its
//! progress, Ctrl-C stops it, and so does `--max-time`; a search that did not finish says so
//! and what it knows, never a value it did not compute.

mod analyze;

pub use analyze::{run_analyze, AnalyzeArgs};

use crate::common::{approx, counted, duration, duration_ms, millis, note, out, outln, BoardArgs};
use crate::live::{catch_ctrl_c, Live, Show, Stop};
use crate::prove::{self, ProofArgs};
use crate::render::board_text;
use clap::Args;
use mnk_engine::exact;
use mnk_engine::ProgressSnapshot;
use mnk_engine::{Algorithm, SolveReport};
use mnk_engine::{Board, SearchError, Verdict, Wdl};
use mnk_engine::{SolverConfig, DEFAULT_HASH_MIB, MAX_HASH_MIB};
use serde_json::json;
use std::time::Duration;

/// Empty cells beyond which exact solving is far out of reach unless a forced win is near:
/// the largest boards solved from empty in seconds have 36 cells (6x6 with k=4, a quick win),
/// while 5x5 with k=5 (25) already takes most of a minute and 6x6 with k=5 (36) hours.
pub const FAR_BEYOND_EMPTY: usize = 36;

/// `--hash` accepts 0 to MAX_HASH_MIB.
pub fn hash_parser() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_HASH_MIB as u64)
}

/// `--algo`: the engine's [`Algorithm`] by its name ([`Algorithm::name`]), each shown with
/// what it does.
fn algorithm_parser() -> impl clap::builder::TypedValueParser<Value = Algorithm> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = Algorithm::ALL.map(|a| PossibleValue::new(a.name()).help(algorithm_help(a)));
    PossibleValuesParser::new(values)
        .map(|name| Algorithm::from_name(&name).expect("clap accepts only the names offered"))
}

/// What `--algo`'s help says of each algorithm.
fn algorithm_help(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Minimax => "Plain minimax, no pruning (small positions only)",
        Algorithm::AlphaBeta => "Textbook alpha-beta, cells in index order (small positions only)",
        Algorithm::Solver => "The solver: table, symmetry, threats",
        Algorithm::Proof => {
            "The proof search: pairing strategies, relevance zones, threats (any board up to \
             26x26); distances of wins and losses from the solver"
        }
        Algorithm::Auto => {
            "The proof search on four or more in a row on boards of up to 64 cells (the faster \
             one there), the solver elsewhere"
        }
    }
}

/// Options of `mnk solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Which algorithm to use; they all give the same answer.
    #[arg(long, value_parser = algorithm_parser(), default_value = "auto")]
    pub algo: Algorithm,
    /// Transposition table size in MiB (0 = no table).
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB,
          value_parser = hash_parser())]
    pub hash: usize,
    /// Search threads (0 = one for small positions, every core for large ones).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=256))]
    pub threads: u16,
    /// Stop after this many seconds and report what is known (the value stays unknown).
    #[arg(long, value_name = "SECONDS", value_parser = crate::common::parse_seconds)]
    pub max_time: Option<Duration>,
    /// When stderr is not a terminal (a log file), write a report line (time, nodes, root
    /// moves settled, table fill, checkpoint age) every this many seconds.
    #[arg(long, value_name = "SECONDS", default_value = "60",
          value_parser = crate::common::parse_seconds)]
    pub report_every: Duration,
    /// Run minimax or alpha-beta even when their tree is estimated beyond reach.
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub proof: ProofArgs,
    #[command(flatten)]
    pub split: crate::jobs::SplitArgs,
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
    cells.iter().map(|&c| board.cell_name(c)).collect()
}

/// The JSON `value` / `plies` pair of a verdict.
pub fn verdict_json(v: Verdict) -> (serde_json::Value, serde_json::Value) {
    (json!(v.word()), json!(v.plies()))
}

/// The JSON `rules` object.
fn rules_json(board: &Board) -> serde_json::Value {
    let rules = board.rules();
    json!({ "width": rules.width(), "height": rules.height(), "k": rules.k() })
}

/// Judges the search before it starts: refuses a textbook search beyond reach (unless
/// forced); otherwise says what the progress line shows and what to warn of, if anything (to
/// print once Ctrl-C is caught, since the warning says it stops the search).
fn judge(
    board: &Board,
    algo: Algorithm,
    force: bool,
    max_time: Option<Duration>,
) -> anyhow::Result<(Show, Option<String>)> {
    let size = exact::tree_size(board);
    let empty = format!("{} empty cells", size.empty);
    let (beyond, what) = match algo.resolved(board) {
        // Where the proof search runs, open boards are what it is for.
        Algorithm::Proof | Algorithm::Auto => return Ok((Show::Proof, None)),
        Algorithm::Solver => {
            let warning = (size.empty > FAR_BEYOND_EMPTY && max_time.is_none()).then(|| {
                format!(
                    "{empty} is far beyond exact solving: the solver finishes only if a forced \
                     win is near. For a good move use mnk play or mnk match with the hard \
                     level; --max-time SECONDS bounds the attempt, and Ctrl-C stops it"
                )
            });
            return Ok((Show::Solver, warning));
        }
        Algorithm::Minimax => (
            size.minimax_beyond_reach(),
            format!(
                "minimax may visit up to {} nodes from this position ({empty})",
                approx(size.full)
            ),
        ),
        Algorithm::AlphaBeta => (
            size.alphabeta_beyond_reach(),
            format!(
                "alpha-beta visits at least about {} nodes from this position ({empty}) even \
                 in the best move order, and up to {}",
                approx(size.minimal),
                approx(size.full)
            ),
        ),
    };
    if beyond && !force {
        anyhow::bail!(
            "{what}, far beyond reach: --algo solver finds the same exact value in a tiny \
             fraction of the work (or add --force to run it anyway; Ctrl-C stops it)"
        );
    }
    let warning = beyond.then(|| format!("{what}; running it anyway (--force). Ctrl-C stops it"));
    Ok((Show::Textbook { at_most: size.full }, warning))
}

/// What a stopped run of `algo` has established, in words.
fn known_so_far(algo: Algorithm, snapshot: &ProgressSnapshot) -> String {
    match algo {
        Algorithm::Solver | Algorithm::Auto => snapshot.known_so_far(),
        Algorithm::Proof => snapshot.proof_known_so_far(),
        Algorithm::Minimax | Algorithm::AlphaBeta => format!(
            "{} values the root only once it has searched the whole tree, so nothing is known yet",
            algo.name()
        ),
    }
}

/// A search that stopped before it finished, and what it knows.
pub struct Unfinished<'a> {
    /// The position searched.
    pub board: &'a Board,
    /// Why it stopped.
    pub stop: Stop,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// What it established, in words.
    pub known: String,
    /// The value the proof search proved before the search stopped (while it looked for
    /// every drawing move or the solver measured a win's distance).
    pub proven: Option<Wdl>,
}

impl Unfinished<'_> {
    /// After Ctrl-C, the one sentence for the error edge; at the time limit, the limit (the
    /// command then prints its incomplete answer).
    fn time_limit(&self) -> anyhow::Result<Duration> {
        match self.stop {
            Stop::Interrupted => Err(stopped(
                &counted(self.nodes.into(), "node", "nodes"),
                self.elapsed,
                &self.known,
            )),
            Stop::TimeLimit(limit) => Ok(limit),
        }
    }

    /// The incomplete JSON answer: the command's own unknown fields (`answer`) and what every
    /// incomplete answer has.
    fn json(&self, answer: serde_json::Value, mut stats: serde_json::Value) -> serde_json::Value {
        let board = self.board;
        stats["nodes"] = json!(self.nodes);
        stats["ms"] = json!(millis(self.elapsed));
        let mut out = json!({
            "rules": rules_json(board),
            "position": board.to_text(),
            "to_move": board.to_move().letter().to_string(),
            "complete": false,
            "stopped": "time limit",
            "known_so_far": self.known,
            "stats": stats,
        });
        if let (Some(out), Some(answer)) = (out.as_object_mut(), answer.as_object()) {
            out.extend(answer.clone());
        }
        out
    }

    /// The last lines of an incomplete answer for people: what is known, and the work.
    fn print_tail(&self, algo: Option<&str>) -> anyhow::Result<()> {
        outln!("Known so far: {}", self.known)?;
        let algo = algo.map(|a| format!(" ({a})")).unwrap_or_default();
        outln!(
            "Searched {} in {}{algo}",
            counted(self.nodes.into(), "node", "nodes"),
            duration(self.elapsed)
        )?;
        Ok(())
    }
}

/// The one sentence of a search stopped by Ctrl-C: the work done and what it established.
pub fn stopped(work: &str, elapsed: Duration, known: &str) -> anyhow::Error {
    anyhow::anyhow!("stopped after {work} in {}: {known}", duration(elapsed))
}

/// Runs `mnk solve`.
pub fn run_solve(args: SolveArgs) -> anyhow::Result<()> {
    if args.split.wanted() {
        if args.proof.wants_proof() || !matches!(args.algo, Algorithm::Proof | Algorithm::Auto) {
            anyhow::bail!(
                "--jobs and --job go with the proof search alone (no --certificate or \
                 --checkpoint: mnk merge writes the certificate)"
            );
        }
        if let Some(file) = &args.split.job {
            return crate::jobs::run_job(
                file,
                args.common.json,
                args.hash,
                args.threads as usize,
                args.max_time,
            );
        }
        if let (Some(frontier), Some(dir)) = (args.split.frontier, &args.split.jobs) {
            return crate::jobs::run_split(&args.common, frontier as usize, dir);
        }
    }
    let board = args.common.board()?;
    board.unfinished()?;
    let algorithm = args.algo;
    let files = args.proof.wants_proof();
    if files && !matches!(args.algo, Algorithm::Proof | Algorithm::Auto) {
        anyhow::bail!(
            "--certificate and --checkpoint go with the proof search (--algo proof or auto)"
        );
    }
    let (show, warning) = judge(&board, args.algo, args.force, args.max_time)?;
    if let Some(warning) = warning {
        catch_ctrl_c();
        note(&warning);
    }
    let show = if args.common.json {
        Show::Nothing
    } else {
        show
    };
    let live = Live::watch_reporting(show, args.max_time, Some(args.report_every));
    let result = if files {
        let proved = prove::prove(
            &board,
            &args.proof,
            args.hash,
            args.threads as usize,
            &live.go(),
            &live.saved_at(),
        );
        let (proved, notes) = proved?;
        for line in notes {
            note(&line);
        }
        proved.and_then(|mut p| {
            exact::report_proof(
                &board,
                &p.solution,
                &mut p.prover,
                config(args.hash, args.threads),
                &live.go(),
            )
        })
    } else {
        exact::solve(
            &board,
            algorithm,
            config(args.hash, args.threads),
            &live.go(),
        )
    };
    let (snapshot, elapsed) = (live.snapshot(), live.elapsed());
    let stop = live.finish();
    let report = match (result, stop) {
        (Err(SearchError::Stopped(_)), Some(stop)) => {
            let unfinished = Unfinished {
                board: &board,
                stop,
                nodes: snapshot.nodes,
                elapsed,
                known: known_so_far(args.algo.resolved(&board), &snapshot),
                proven: snapshot.proven,
            };
            return print_incomplete(&args, &unfinished);
        }
        (result, _) => result?,
    };
    print_solution(&args, &board, &report, millis(elapsed))
}

/// The name of the algorithm that ran (`auto` names the one it chose).
fn ran(algo: Algorithm, board: &Board, report: &SolveReport) -> &'static str {
    if report.proof.is_some() {
        "proof"
    } else {
        algo.resolved(board).name()
    }
}

/// Prints a finished solve.
fn print_solution(
    args: &SolveArgs,
    board: &Board,
    report: &SolveReport,
    ms: f64,
) -> anyhow::Result<()> {
    if args.common.json {
        let (value, plies) = verdict_json(report.verdict);
        let algo = ran(args.algo, board, report);
        let mut stats = json!({ "nodes": report.nodes, "ms": ms, "algo": algo });
        if let Some(s) = report.solver {
            stats["table_cutoffs"] = json!(s.table_cutoffs);
            stats["table_used"] = json!(s.table_used);
            stats["table_capacity"] = json!(s.table_capacity);
        }
        if let Some(p) = report.proof {
            stats["proof_nodes"] = json!(p.nodes);
            stats["pairings"] = json!(p.pairings);
            stats["zones"] = json!(p.zones);
            stats["threat_zones"] = json!(p.threat_zones);
            stats["table_used"] = json!(p.table_used);
            stats["table_capacity"] = json!(p.table_capacity);
        }
        let out = json!({
            "rules": rules_json(board),
            "position": board.to_text(),
            "to_move": board.to_move().letter().to_string(),
            "value": value,
            "plies": plies,
            "best_moves": names(board, &report.best_moves),
            "complete": true,
            "stats": stats,
        });
        outln!("{out}")?;
        return Ok(());
    }
    out!("{}", board_text(board, &[]))?;
    outln!("{} to move ({})", board.to_move(), board.rules())?;
    outln!("Value: {} for {}", report.verdict, board.to_move())?;
    outln!("Best moves: {}", names(board, &report.best_moves).join(" "))?;
    let mut line = format!(
        "Searched {} in {} ({}",
        counted(report.nodes.into(), "node", "nodes"),
        duration_ms(ms),
        ran(args.algo, board, report)
    );
    let table = report
        .proof
        .map(|p| (p.table_used, p.table_capacity))
        .or(report.solver.map(|s| (s.table_used, s.table_capacity)));
    if let Some((used, capacity)) = table {
        line.push_str(&format!(
            ", table {:.1}% full",
            100.0 * used as f64 / capacity.max(1) as f64
        ));
    }
    outln!("{line})")?;
    Ok(())
}

/// Prints a solve that ran out of `--max-time`: no value, what is known, the work.
fn print_incomplete(args: &SolveArgs, unfinished: &Unfinished<'_>) -> anyhow::Result<()> {
    let limit = unfinished.time_limit()?;
    if args.common.json {
        // A proven value stands without its distance or its moves: plies stay null.
        let value = unfinished.proven.map(Wdl::word);
        let answer = json!({ "value": value, "plies": null, "best_moves": [] });
        let algo = args.algo.resolved(unfinished.board).name();
        let out = unfinished.json(answer, json!({ "algo": algo }));
        outln!("{out}")?;
        return Ok(());
    }
    let board = unfinished.board;
    out!("{}", board_text(board, &[]))?;
    outln!("{} to move ({})", board.to_move(), board.rules())?;
    let side = board.to_move();
    match unfinished.proven {
        None => outln!(
            "Value: unknown, the search stopped at the time limit of {} before it finished",
            duration(limit)
        )?,
        Some(Wdl::Draw) => outln!(
            "Value: draw (proven); the search stopped at the time limit of {} before it had \
             checked which moves keep it",
            duration(limit)
        )?,
        Some(value) => outln!(
            "Value: {} for {side} (proven); the search stopped at the time limit of {} before \
             it measured in how many plies",
            value.word(),
            duration(limit)
        )?,
    }
    unfinished.print_tail(Some(args.algo.resolved(board).name()))
}
