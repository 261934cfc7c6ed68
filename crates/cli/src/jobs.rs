//! A proof split into jobs for many machines: `mnk solve --frontier PLIES --jobs DIR` splits
//! it, `mnk solve --job FILE` answers one job, `mnk merge DIR` reports where the proof stands
//! and writes the one certificate. The engine cuts, proves and merges; `mnk-proofs` owns the
//! directory; this file reads the options and prints.

use crate::common::{counted, duration, note, outln, BoardArgs};
use crate::live::{Live, Show};
use clap::Args;
use mnk_engine::proof::ProofConfig;
use mnk_engine::SearchError;
use mnk_proofs::{JobDir, JobFile, Status};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The options of `mnk solve` that split a proof or answer one job.
#[derive(Args, Debug, Clone)]
pub struct SplitArgs {
    /// Split the proof at this many plies below the position into jobs (with --jobs): every
    /// position there, equal ones under symmetry once, is one job.
    #[arg(long, value_name = "PLIES", requires = "jobs",
          value_parser = clap::value_parser!(u16).range(0..=8))]
    pub frontier: Option<u16>,
    /// The directory of a split proof (with --frontier): job files, answers, the tree above
    /// the frontier. Splitting again into the same directory keeps its answers.
    #[arg(long, value_name = "DIR", requires = "frontier")]
    pub jobs: Option<PathBuf>,
    /// Answer one job of a split proof (a file from DIR/jobs); the answer and its
    /// certificate part go to DIR/answers, or beside FILE when it is not in a split directory.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["frontier", "jobs", "position", "size", "k"])]
    pub job: Option<PathBuf>,
}

impl SplitArgs {
    /// Whether these options ask for a split or a job instead of a whole proof.
    pub fn wanted(&self) -> bool {
        self.jobs.is_some() || self.job.is_some()
    }
}

/// The status's value in words.
fn value_word(status: &Status) -> &'static str {
    status.value.map_or("not settled yet", |v| v.word())
}

/// `mnk solve --frontier PLIES --jobs DIR`.
pub fn run_split(common: &BoardArgs, frontier: usize, dir: &Path) -> anyhow::Result<()> {
    let board = common.board()?;
    board.unfinished()?;
    let existed = dir.join("split.json").exists();
    let jobs = JobDir::create(dir, &board, frontier)?;
    let status = jobs.status();
    let split = jobs.split();
    if common.json {
        outln!(
            "{}",
            json!({
                "jobs_dir": dir.display().to_string(),
                "frontier": frontier,
                "jobs": status.jobs,
                "above_frontier": split.nodes.len(),
                "questions": split.questions.len(),
                "answered": status.answered,
                "needed_now": status.needed.len(),
                "value": status.value.map(|v| v.word()),
                "resumed": existed,
            })
        )?;
        return Ok(());
    }
    if existed {
        outln!(
            "{} already holds this split: {} of {} answered",
            dir.display(),
            status.answered,
            counted(status.jobs as u128, "job", "jobs")
        )?;
    } else {
        outln!(
            "Split at {} into {}: {} (positions equal under symmetry once), {} above the \
             frontier",
            counted(frontier as u128, "ply", "plies"),
            dir.display(),
            counted(status.jobs as u128, "job", "jobs"),
            counted(split.nodes.len() as u128, "position", "positions")
        )?;
    }
    print_next(&jobs, &status)
}

/// What to do next: the jobs needed now, or the merge.
fn print_next(jobs: &JobDir, status: &Status) -> anyhow::Result<()> {
    match status.needed.first() {
        Some(&j) => {
            outln!(
                "Open: {} could still change the value; the first to run: mnk solve --job {}",
                counted(status.needed.len() as u128, "job", "jobs"),
                jobs.job_path(j).display()
            )?;
            outln!(
                "Then: mnk merge {} --certificate FILE",
                jobs.path().display()
            )?;
        }
        None => outln!(
            "Settled: {}. Write the certificate with: mnk merge {} --certificate FILE",
            value_word(status),
            jobs.path().display()
        )?,
    }
    Ok(())
}

/// `mnk solve --job FILE`.
pub fn run_job(
    file: &Path,
    json_out: bool,
    hash_mib: usize,
    threads: usize,
    max_time: Option<Duration>,
) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
    let job = JobFile::parse(&text, &file.display().to_string())?;
    // A job in DIR/jobs of a split directory answers into that directory.
    let split_dir = file
        .parent()
        .and_then(Path::parent)
        .filter(|d| d.join("split.json").exists());
    let mut dir = split_dir.map(JobDir::open).transpose()?;
    let show = if json_out { Show::Nothing } else { Show::Proof };
    let live = Live::watch_reporting(show, max_time, None);
    let config = ProofConfig {
        hash_mib,
        threads,
        grow_at_one_in: mnk_engine::proof::GROW_FOR_CERTIFICATE,
        ..ProofConfig::default()
    };
    let proved = mnk_proofs::prove(&job, config, &live.go());
    let (elapsed, nodes) = (live.elapsed(), live.snapshot().nodes);
    live.finish();
    let proved = match proved {
        Err(mnk_proofs::JobsError::Search(SearchError::Stopped(_))) => anyhow::bail!(
            "job {} stopped after {} and {} without an answer; nothing was written",
            job.job,
            duration(elapsed),
            counted(nodes.into(), "node", "nodes")
        ),
        other => other?,
    };
    let written = match &mut dir {
        Some(d) => {
            d.store(&proved)?;
            d.path().join("answers")
        }
        None => {
            let beside = file.parent().unwrap_or(Path::new("."));
            mnk_proofs::store_beside(beside, &proved)?;
            beside.to_path_buf()
        }
    };
    let a = &proved.answer;
    let verdict = if a.attacker_wins {
        format!("{} can force a line", a.attacker)
    } else {
        format!("{} cannot force a line", a.attacker)
    };
    if json_out {
        outln!(
            "{}",
            json!({
                "job": a.job,
                "question": job.question,
                "attacker_wins": a.attacker_wins,
                "nodes": a.nodes,
                "ms": (a.seconds * 1000.0).round() as u64,
                "records": a.records,
                "written_to": written.display().to_string(),
            })
        )?;
    } else {
        outln!(
            "Job {} ({}x{}/{}, {}): {verdict} ({} in {}; {} in the part)",
            a.job,
            job.width,
            job.height,
            job.k,
            job.question,
            counted(a.nodes.into(), "node", "nodes"),
            duration(Duration::from_secs_f64(a.seconds)),
            counted(a.records.into(), "record", "records"),
        )?;
        note(&format!(
            "answer and certificate part in {}",
            written.display()
        ));
    }
    Ok(())
}

/// Options of `mnk merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The directory of a split proof (`mnk solve --frontier PLIES --jobs DIR`).
    pub dir: PathBuf,
    /// Write the merged certificate to FILE (gzip-compressed; check it with `mnk verify`)
    /// once the answers settle the position; without it, only report where the proof stands.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Print only the files of the first N jobs needed now, one a line (nothing once the
    /// position is settled), for a shell loop or `xargs -P` to run.
    #[arg(long, value_name = "N", conflicts_with_all = ["certificate", "json"],
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    pub next: Option<usize>,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mnk merge`.
pub fn run_merge(args: MergeArgs) -> anyhow::Result<()> {
    let jobs = JobDir::open(&args.dir)?;
    let status = jobs.status();
    if let Some(n) = args.next {
        for &j in status.needed.iter().take(n) {
            outln!("{}", jobs.job_path(j).display())?;
        }
        return Ok(());
    }
    let merged = match &args.certificate {
        Some(out) if status.value.is_some() => Some(jobs.merge(out)?),
        Some(_) => anyhow::bail!(
            "the proof is not complete: {} still needed (the first: mnk solve --job {})",
            counted(status.needed.len() as u128, "job is", "jobs are"),
            jobs.job_path(status.needed[0]).display()
        ),
        None => None,
    };
    if args.json {
        let mut out = json!({
            "jobs": status.jobs,
            "answered": status.answered,
            "needed_now": status.needed.len(),
            "value": status.value.map(|v| v.word()),
            "nodes": status.nodes,
        });
        if let (Some(m), Some(path)) = (&merged, &args.certificate) {
            out["certificate"] = json!({
                "file": path.display().to_string(),
                "records": m.summary.records,
                "bytes": m.bytes,
                "jobs_used": m.summary.jobs_used,
                "answered_unused": m.unused,
                "skipped": m.skipped,
            });
        }
        outln!("{out}")?;
        return Ok(());
    }
    outln!(
        "{}: {} of {} answered ({}); the position: {}",
        args.dir.display(),
        status.answered,
        counted(status.jobs as u128, "job", "jobs"),
        counted(status.nodes.into(), "node", "nodes"),
        value_word(&status)
    )?;
    match (&merged, &args.certificate) {
        (Some(m), Some(path)) => outln!(
            "certificate: {} ({}, {} bytes) from {}; {} answered but not needed, {} skipped \
             (never run: their answers could not change the value); check it with mnk verify {}",
            path.display(),
            counted(m.summary.records.into(), "record", "records"),
            m.bytes,
            counted(m.summary.jobs_used as u128, "job", "jobs"),
            m.unused,
            m.skipped,
            path.display()
        )?,
        _ => print_next(&jobs, &status)?,
    }
    Ok(())
}
