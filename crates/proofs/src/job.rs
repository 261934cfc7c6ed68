//! One job: the file that asks it, proving it anywhere, and its answer.

use crate::JobsError;
use mnk_engine::exact;
use mnk_engine::proof::split::Job;
use mnk_engine::proof::{ProofConfig, Prover};
use mnk_engine::{Board, BoardError, Go, Rule, Rules, SearchError, Side};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::time::Instant;

/// The format of a job file.
pub const JOB_FORMAT: &str = "mnk-job/1";

/// The format of an answer file.
pub const ANSWER_FORMAT: &str = "mnk-answer/1";

/// A job file: one question, with the rules and the position, so that it can be proved on
/// any machine without the rest of its directory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobFile {
    /// [`JOB_FORMAT`].
    pub format: String,
    /// The job's number in its split.
    pub job: usize,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Stones in a row that win.
    pub k: usize,
    /// The rule (the proof search covers `freestyle`: K or more in a row win).
    pub rule: String,
    /// The position as board text (canonical orientation).
    pub position: String,
    /// `x` or `o`.
    pub to_move: String,
    /// The side trying to complete a line: `x` or `o`.
    pub attacker: String,
    /// The question in words.
    pub question: String,
}

/// A job's answer, as its answer file holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Answer {
    /// [`ANSWER_FORMAT`].
    pub format: String,
    /// The job's number.
    pub job: usize,
    /// The position (board text), to check the answer against its job.
    pub position: String,
    /// `x` or `o`.
    pub to_move: String,
    /// `x` or `o`.
    pub attacker: String,
    /// Whether the attacker can force a line.
    pub attacker_wins: bool,
    /// Proof search nodes.
    pub nodes: u64,
    /// Wall time of the proof and its part, in seconds.
    pub seconds: f64,
    /// Records in the certificate part.
    pub records: u64,
}

/// A proved job: its answer and its certificate part (gzip-compressed records).
#[derive(Clone, Debug)]
pub struct Proved {
    /// The answer.
    pub answer: Answer,
    /// The certificate part, gzip-compressed.
    pub part: Vec<u8>,
}

pub(crate) fn side_word(side: Side) -> String {
    side.to_string()
}

fn side_of(word: &str, what: &str) -> Result<Side, JobsError> {
    match word {
        "x" => Ok(Side::X),
        "o" => Ok(Side::O),
        _ => Err(JobsError::Malformed {
            path: what.to_string(),
            why: format!("'{word}' is not a side (x or o)"),
        }),
    }
}

fn cells(set: u64) -> Vec<usize> {
    (0..64).filter(|c| set >> c & 1 == 1).collect()
}

impl JobFile {
    /// The file of job `index` of a split of `rules`.
    pub fn new(rules: Rules, index: usize, job: &Job) -> Result<JobFile, JobsError> {
        let board = Board::from_stones(rules, &cells(job.x), &cells(job.o), job.to_move)
            .map_err(BoardError::from)?;
        let attacker = side_word(job.attacker);
        Ok(JobFile {
            format: JOB_FORMAT.to_string(),
            job: index,
            width: rules.width(),
            height: rules.height(),
            k: rules.k(),
            rule: "freestyle".to_string(),
            position: board.to_text(),
            to_move: side_word(job.to_move),
            question: format!("can {attacker} force a line, {} to move?", job.to_move),
            attacker,
        })
    }

    /// Reads a job file's text.
    pub fn parse(text: &str, path: &str) -> Result<JobFile, JobsError> {
        let job: JobFile = serde_json::from_str(text).map_err(|e| JobsError::Malformed {
            path: path.to_string(),
            why: format!("not a job file: {e}"),
        })?;
        if job.format != JOB_FORMAT {
            return Err(JobsError::Malformed {
                path: path.to_string(),
                why: format!("format '{}' is not {JOB_FORMAT}", job.format),
            });
        }
        if job.rule != "freestyle" {
            return Err(SearchError::ExactKUnsupported {
                what: "the proof search",
            }
            .into());
        }
        Ok(job)
    }

    /// The job's position, and its attacker.
    pub fn board(&self, path: &str) -> Result<(Board, Side), JobsError> {
        let rules = Rules::new(self.width, self.height, Some(self.k)).map_err(BoardError::from)?;
        debug_assert_eq!(rules.rule(), Rule::Freestyle);
        let to_move = side_of(&self.to_move, path)?;
        let board = Board::from_text(rules, &self.position)?
            .with_side_to_move(to_move)
            .map_err(BoardError::from)?;
        Ok((board, side_of(&self.attacker, path)?))
    }

    /// The job's text (pretty JSON).
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).expect("a job serialises") + "\n"
    }
}

/// Proves `job` within what `go` allows (its stop flag, node cap or time; its counters, if
/// any, watch the proof) with a prover of `config`, and writes its certificate part. A job
/// that runs out gives `Stopped`.
pub fn prove(job: &JobFile, config: ProofConfig, go: &Go) -> Result<Proved, JobsError> {
    let started = Instant::now();
    let (board, attacker) = job.board("the job")?;
    let mut prover: Prover = Prover::new(config);
    let wins = exact::can_force_line(&board, &mut prover, attacker, go)?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let summary = exact::write_part(&board, &mut prover, attacker, wins, &mut gz)
        .and_then(|s| gz.flush().map(|()| s))
        .map_err(|error| JobsError::Write {
            path: "the certificate part".to_string(),
            error,
        })?;
    let part = gz.finish().map_err(|error| JobsError::Write {
        path: "the certificate part".to_string(),
        error,
    })?;
    Ok(Proved {
        answer: Answer {
            format: ANSWER_FORMAT.to_string(),
            job: job.job,
            position: job.position.clone(),
            to_move: job.to_move.clone(),
            attacker: job.attacker.clone(),
            attacker_wins: wins,
            nodes: prover.stats().nodes,
            seconds: started.elapsed().as_secs_f64(),
            records: summary.records,
        },
        part,
    })
}
