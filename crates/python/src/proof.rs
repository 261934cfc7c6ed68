//! `mnk.proof`: proofs split into jobs for many machines, and certificates checked. The
//! directory and its files are `mnk-proofs`'s, as for `mnk solve --jobs` and `mnk merge`;
//! the Ray driver (`python -m mnk.distributed`) is built on these functions.

use crate::board::PyBoard;
use crate::errors;
use crate::interrupt;
use mnk_engine::proof::ProofConfig;
use mnk_engine::Go;
use mnk_engine::Wdl;
use mnk_proofs::{Answer, JobDir, JobFile, Proved};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::path::Path;
use std::time::{Duration, Instant};

fn word(v: Option<Wdl>) -> Option<&'static str> {
    v.map(Wdl::word)
}

fn status_dict<'py>(py: Python<'py>, dir: &JobDir) -> PyResult<Bound<'py, PyDict>> {
    let s = dir.status();
    let d = PyDict::new(py);
    d.set_item("jobs", s.jobs)?;
    d.set_item("answered", s.answered)?;
    d.set_item("needed", s.needed)?;
    d.set_item("value", word(s.value))?;
    d.set_item("nodes", s.nodes)?;
    Ok(d)
}

/// Splits the proof of `board` at `frontier` plies into jobs in `jobs_dir` (or opens that
/// same split there, keeping its answers). Returns the status, as [`status`] does, with
/// `above_frontier` (positions above the frontier) added.
#[pyfunction]
fn split<'py>(
    py: Python<'py>,
    board: &PyBoard,
    frontier: usize,
    jobs_dir: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let dir = JobDir::create(Path::new(jobs_dir), &board.0, frontier).map_err(errors::proofs)?;
    let d = status_dict(py, &dir)?;
    d.set_item("above_frontier", dir.split().nodes.len())?;
    Ok(d)
}

/// Where the split proof in `jobs_dir` stands: `jobs`, `answered`, `needed` (the unanswered
/// jobs that could still change the value, most useful first), `value` (`"win"`, `"draw"`,
/// `"loss"` once settled, else None) and `nodes` (of the answered jobs).
#[pyfunction]
fn status<'py>(py: Python<'py>, jobs_dir: &str) -> PyResult<Bound<'py, PyDict>> {
    let dir = JobDir::open(Path::new(jobs_dir)).map_err(errors::proofs)?;
    status_dict(py, &dir)
}

/// The text of job `job` of the split in `jobs_dir` (JSON; it names the rules and the
/// position, so it can be proved anywhere).
#[pyfunction]
fn job_text(jobs_dir: &str, job: usize) -> PyResult<String> {
    let dir = JobDir::open(Path::new(jobs_dir)).map_err(errors::proofs)?;
    if job >= dir.split().jobs.len() {
        return Err(errors::ProofError::new_err(format!(
            "job {job} is not in this split ({} jobs)",
            dir.split().jobs.len()
        )));
    }
    Ok(dir.job(job).map_err(errors::proofs)?.to_text())
}

/// Proves one job (`job`: a job file's text), with the GIL released (Ctrl-C stops it).
/// Returns `(answer, part)`: the answer as JSON text and the certificate part as bytes.
/// With `jobs_dir`, both are also kept there (as [`store_answer`] does).
#[pyfunction]
#[pyo3(signature = (job, *, jobs_dir = None, threads = 1, hash_mib = 64, max_seconds = None))]
fn prove_job<'py>(
    py: Python<'py>,
    job: &str,
    jobs_dir: Option<&str>,
    threads: usize,
    hash_mib: usize,
    max_seconds: Option<f64>,
) -> PyResult<(String, Bound<'py, PyBytes>)> {
    let file = JobFile::parse(job, "the job").map_err(errors::proofs)?;
    let config = ProofConfig {
        hash_mib: hash_mib.clamp(1, mnk_engine::MAX_HASH_MIB),
        threads: threads.clamp(1, 256),
        grow_at_one_in: mnk_engine::proof::GROW_FOR_CERTIFICATE,
        ..ProofConfig::default()
    };
    let limit = max_seconds
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Duration::from_secs_f64(s.min(1e9)));
    let proved = interrupt::run(py, |stop| {
        let go = match limit {
            Some(limit) => Go::timed(limit, Instant::now),
            None => Go::default(),
        };
        mnk_proofs::prove(&file, config, &go.with_stop(stop))
    })?
    .map_err(errors::proofs)?;
    if let Some(dir) = jobs_dir {
        let mut dir = JobDir::open(Path::new(dir)).map_err(errors::proofs)?;
        dir.store(&proved).map_err(errors::proofs)?;
    }
    let answer = serde_json::to_string(&proved.answer).expect("an answer serialises");
    Ok((answer, PyBytes::new(py, &proved.part)))
}

/// Keeps a job's answer (JSON text, as [`prove_job`] returns it) and certificate part in
/// `jobs_dir`, after checking that the answer is one of that split's jobs.
#[pyfunction]
fn store_answer(jobs_dir: &str, answer: &str, part: &[u8]) -> PyResult<()> {
    let answer: Answer = serde_json::from_str(answer)
        .map_err(|e| errors::ProofError::new_err(format!("not an answer: {e}")))?;
    let mut dir = JobDir::open(Path::new(jobs_dir)).map_err(errors::proofs)?;
    dir.store(&Proved {
        answer,
        part: part.to_vec(),
    })
    .map_err(errors::proofs)
}

/// Merges the answers in `jobs_dir` into one certificate at `certificate` (gzip), once they
/// settle the position. Returns `value`, `records`, `bytes`, `jobs_used`, `answered_unused`
/// and `skipped` (jobs never run: their answers could not change the value).
#[pyfunction]
fn merge<'py>(py: Python<'py>, jobs_dir: &str, certificate: &str) -> PyResult<Bound<'py, PyDict>> {
    let dir = JobDir::open(Path::new(jobs_dir)).map_err(errors::proofs)?;
    let m = py
        .detach(|| dir.merge(Path::new(certificate)))
        .map_err(errors::proofs)?;
    let d = PyDict::new(py);
    d.set_item("value", m.summary.value.word())?;
    d.set_item("records", m.summary.records)?;
    d.set_item("bytes", m.bytes)?;
    d.set_item("jobs_used", m.summary.jobs_used)?;
    d.set_item("answered_unused", m.unused)?;
    d.set_item("skipped", m.skipped)?;
    Ok(d)
}

/// Checks a certificate file (gzip or plain) with the engine's independent checker, as
/// `mnk verify` does. Returns `value` (for the side to move at the root), `summary` (one
/// sentence) and `records`; raises `ProofError` for a certificate it refuses.
#[pyfunction]
// The default is written out (mnk_engine::certificate::DEFAULT_MAX_RECORDS) so that Python
// shows it; a test checks the two agree.
#[pyo3(signature = (certificate, max_records = 50_000_000))]
fn verify<'py>(
    py: Python<'py>,
    certificate: &str,
    max_records: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let v = py
        .detach(|| mnk_proofs::verify_file(Path::new(certificate), max_records))
        .map_err(errors::proofs)?;
    let d = PyDict::new(py);
    d.set_item("value", v.header.claim.word())?;
    d.set_item("summary", v.summary())?;
    d.set_item("records", v.records)?;
    Ok(d)
}

/// The submodule `mnk.proof`.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "proof")?;
    m.setattr(
        "__doc__",
        "Proofs split into jobs for many machines (split, prove_job, store_answer, status, \
         merge) and certificates checked (verify). python -m mnk.distributed runs a split \
         proof on Ray.",
    )?;
    m.add_function(wrap_pyfunction!(split, &m)?)?;
    m.add_function(wrap_pyfunction!(status, &m)?)?;
    m.add_function(wrap_pyfunction!(job_text, &m)?)?;
    m.add_function(wrap_pyfunction!(prove_job, &m)?)?;
    m.add_function(wrap_pyfunction!(store_answer, &m)?)?;
    m.add_function(wrap_pyfunction!(merge, &m)?)?;
    m.add_function(wrap_pyfunction!(verify, &m)?)?;
    m.add(
        "DEFAULT_MAX_RECORDS",
        mnk_engine::certificate::DEFAULT_MAX_RECORDS,
    )?;
    Ok(m)
}
