//! The long-proof side of `mnk solve`: the proof search with a resumable checkpoint (the
//! table's settled positions, saved every few minutes and when the search stops) and a
//! certificate file. The engine searches and writes streams; this file owns the files and
//! the clock (Ctrl-C and `--max-time` come from the live line's controls).

use crate::live::SavedAt;
use clap::Args;
use mnk_engine::exact;
use mnk_engine::proof::{ProofConfig, ProofSolution, Prover};
use mnk_engine::{Board, Exhausted, Go, SearchError};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Longest `--checkpoint-every` accepted, in seconds (a year).
const MAX_SECONDS: u64 = 365 * 24 * 3600;

/// The proof options of `mnk solve`.
#[derive(Args, Debug, Clone)]
pub struct ProofArgs {
    /// Write the proof to FILE (gzip-compressed; check it with `mnk verify FILE`). Uses the
    /// proof search.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,
    /// Keep the settled positions in FILE: read at the start when it exists, written every
    /// --checkpoint-every seconds and when the proof stops or ends. Uses the proof search.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoint saves.
    #[arg(long, value_name = "SECONDS", default_value_t = 300,
          value_parser = clap::value_parser!(u64).range(1..=MAX_SECONDS))]
    pub checkpoint_every: u64,
}

impl ProofArgs {
    /// Whether an option asks for the proof search.
    pub fn wants_proof(&self) -> bool {
        self.certificate.is_some() || self.checkpoint.is_some()
    }
}

/// Why the search was stopped.
const RUNNING: u8 = 0;
const INTERRUPTED: u8 = 1;
const SAVE_DUE: u8 = 2;

/// Sets the prover's stop flag when the live line's flag is set (Ctrl-C, `--max-time`) and
/// when a checkpoint is due.
struct Watch {
    flag: Arc<AtomicBool>,
    reason: Arc<AtomicU8>,
    done: Arc<AtomicBool>,
}

impl Watch {
    fn start(interrupt: Option<Arc<AtomicBool>>, save_every: Option<u64>) -> Watch {
        let flag = Arc::new(AtomicBool::new(false));
        let reason = Arc::new(AtomicU8::new(RUNNING));
        let done = Arc::new(AtomicBool::new(false));
        let (f, r, d) = (flag.clone(), reason.clone(), done.clone());
        std::thread::spawn(move || {
            let mut last_save = Instant::now();
            while !d.load(Ordering::SeqCst) {
                let why = if interrupt.as_ref().is_some_and(|i| i.load(Ordering::SeqCst)) {
                    INTERRUPTED
                } else if save_every.is_some_and(|s| last_save.elapsed() >= Duration::from_secs(s))
                    && r.load(Ordering::SeqCst) == RUNNING
                {
                    last_save = Instant::now();
                    SAVE_DUE
                } else {
                    RUNNING
                };
                if why != RUNNING {
                    r.store(why, Ordering::SeqCst);
                    f.store(true, Ordering::SeqCst);
                }
                // A clock, not synchronisation: the search reads the flag when it checks in.
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Watch { flag, reason, done }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::SeqCst);
    }
}

fn save_checkpoint(prover: &Prover, board: &Board, path: &Path) -> anyhow::Result<u64> {
    // Written beside the old file and renamed over it, so a crash never leaves half a file.
    let tmp = path.with_extension("tmp");
    let file = File::create(&tmp)
        .map_err(|e| anyhow::anyhow!("cannot write the checkpoint {}: {e}", tmp.display()))?;
    let mut out = BufWriter::new(file);
    let n = prover.save_settled(board.rules(), &mut out)?;
    out.flush()?;
    drop(out);
    std::fs::rename(&tmp, path)
        .map_err(|e| anyhow::anyhow!("cannot write the checkpoint {}: {e}", path.display()))?;
    Ok(n)
}

/// A finished proof.
pub struct Proved {
    /// The solution.
    pub solution: ProofSolution,
    /// The prover, with its table and counters.
    pub prover: Prover,
}

/// Runs the proof search on `board` under the options (`threads` as `mnk solve --threads`
/// reads it); `go` is the live line's (its
/// stop flag is set by Ctrl-C and `--max-time`), and `saved` hears of each checkpoint saved
/// on the way. Hands back the proof, or `Stopped` with the
/// checkpoint saved, and lines for stderr (checkpoint and certificate notes).
pub fn prove(
    board: &Board,
    args: &ProofArgs,
    hash_mib: usize,
    threads: usize,
    go: &Go,
    saved: &SavedAt,
) -> anyhow::Result<(Result<Proved, SearchError>, Vec<String>)> {
    let mut prover = Prover::new(ProofConfig {
        hash_mib,
        threads,
        grow_at_one_in: if args.certificate.is_some() {
            mnk_engine::proof::GROW_FOR_CERTIFICATE
        } else {
            mnk_engine::proof::GROW_FOR_PROOF
        },
        ..ProofConfig::default()
    });
    let mut notes = Vec::new();
    if let Some(path) = &args.checkpoint {
        if path.exists() {
            let file = File::open(path).map_err(|e| {
                anyhow::anyhow!("cannot read the checkpoint {}: {e}", path.display())
            })?;
            let n = prover.load_settled(board.rules(), &mut BufReader::new(file))?;
            // Said at once, not at the end with the other notes: a run of hours shows from its
            // first line that it goes on from where it stopped.
            crate::common::note(&format!(
                "resumed from {} ({n} settled positions)",
                path.display()
            ));
        }
    }
    if let Some(progress) = go.progress() {
        prover.set_progress(progress.clone());
    }
    let save_every = args.checkpoint.as_ref().map(|_| args.checkpoint_every);
    let watch = Watch::start(go.stop_flag().cloned(), save_every);
    let budget = Go::default().with_stop(watch.flag.clone());
    let solution = loop {
        match exact::prove(board, &mut prover, &budget) {
            Ok(solution) => break solution,
            Err(SearchError::Stopped(_)) if watch.reason.load(Ordering::SeqCst) == SAVE_DUE => {
                if let Some(path) = &args.checkpoint {
                    save_checkpoint(&prover, board, path)?;
                    saved.mark();
                }
                // Start again from the root: what was settled is in the table.
                watch.reason.store(RUNNING, Ordering::SeqCst);
                watch.flag.store(false, Ordering::SeqCst);
            }
            Err(SearchError::Stopped(_)) => {
                if let Some(path) = &args.checkpoint {
                    let n = save_checkpoint(&prover, board, path)?;
                    notes.push(format!("{n} settled positions saved in {}", path.display()));
                }
                return Ok((Err(SearchError::Stopped(Exhausted::Stopped)), notes));
            }
            Err(e) => return Err(e.into()),
        }
    };
    drop(watch);
    if let Some(path) = &args.checkpoint {
        let n = save_checkpoint(&prover, board, path)?;
        notes.push(format!(
            "checkpoint: {n} settled positions in {}",
            path.display()
        ));
    }
    if let Some(path) = &args.certificate {
        let file = File::create(path)
            .map_err(|e| anyhow::anyhow!("cannot write the certificate {}: {e}", path.display()))?;
        let mut gz =
            flate2::write::GzEncoder::new(BufWriter::new(file), flate2::Compression::default());
        let summary = exact::write_certificate(board, &mut prover, &solution, &mut gz)?;
        gz.finish()?.flush()?;
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        notes.push(format!(
            "certificate: {} ({} records, {} bytes); check it with mnk verify {}",
            path.display(),
            summary.records,
            bytes,
            path.display()
        ));
    }
    Ok((Ok(Proved { solution, prover }), notes))
}
