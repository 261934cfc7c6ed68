//! One certificate from a split proof: the records of the settled tree above the frontier,
//! written here, and the records of the jobs' certificate parts, each position once. The
//! result is an ordinary certificate: `mnk verify` checks it as it checks a one-machine
//! proof, and nothing here is trusted by it.

use super::split::Split;
use super::Wdl;
use crate::certificate::format::{
    write_header, write_record, Body, FormatError, Layout, Reader, Record, Refutation,
};
use crate::side::Side;
use rustc_hash::FxHashSet;
use std::io::{self, Read, Write};

/// Why a split proof could not be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// Some jobs the root's value needs are not answered.
    #[error("the proof is not complete: {needed} jobs are still needed")]
    Unsettled {
        /// Jobs still needed.
        needed: usize,
    },
    /// A part could not be read.
    #[error("the certificate part of job {job} cannot be read: {source}")]
    Part {
        /// The job.
        job: usize,
        /// Why.
        source: FormatError,
    },
    /// A part proves something other than its job's answer.
    #[error("the certificate part of job {job} does not prove its answer ({what})")]
    Mismatch {
        /// The job.
        job: usize,
        /// What differs.
        what: &'static str,
    },
    /// Writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// What a merged certificate holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MergeSummary {
    /// The root's value.
    pub value: Wdl,
    /// Records written.
    pub records: u64,
    /// Records the parts held more than once between them (written once).
    pub duplicates: u64,
    /// Jobs whose parts the proof uses.
    pub jobs_used: usize,
}

/// The key under which the checker keeps a record: one record per key.
type Key = (u64, u64, Side, Side);

fn key(r: &Record) -> Key {
    (r.x, r.o, r.to_move(), r.attacker)
}

impl Split {
    /// Writes one certificate for the root from the jobs' `answers` (see [`Split::settle`])
    /// and their certificate parts: `part(j)` opens job `j`'s records (as
    /// [`crate::exact::write_part`] wrote them, uncompressed). Only the parts the proof uses
    /// are opened.
    pub fn write_certificate(
        &self,
        answers: &[Option<bool>],
        part: &mut dyn FnMut(usize) -> io::Result<Box<dyn Read>>,
        out: &mut dyn Write,
    ) -> Result<MergeSummary, MergeError> {
        let Some(support) = self.support(answers) else {
            return Err(MergeError::Unsettled {
                needed: self.needed(answers).len(),
            });
        };
        write_header(
            out,
            &super::header(
                self.geometry().rules(),
                self.root(),
                support.value,
                self.strategy_stealing() && support.value == Wdl::Draw,
            ),
        )?;
        let layout = Layout::for_cells(self.geometry().rules().cells());
        let mut seen: FxHashSet<Key> = FxHashSet::default();
        let mut records = 0;
        let mut duplicates = 0;
        let settled = self.settle(answers);
        for &n in &support.nodes {
            let node = &self.nodes[n];
            let at = node.at;
            let wins = settled.nodes[n].expect("a supporting node is settled");
            let chosen = || support.chosen[n].expect("the node's settling move") as u16;
            let body = match (at.to_move == at.attacker, wins) {
                (true, true) => Body::AttackerWins(chosen()),
                (true, false) => Body::AttackerFails(Refutation::Moves { default: None }),
                (false, true) => Body::DefenderLoses,
                (false, false) => Body::DefenderHolds(chosen()),
            };
            let record = Record {
                attacker: at.attacker,
                x: at.x,
                o: at.o,
                body,
            };
            seen.insert(key(&record));
            write_record(out, layout, &record)?;
            records += 1;
        }
        for &j in &support.jobs {
            let job = self.jobs[j];
            let wins = answers[j].expect("a supporting job is answered");
            let mut reader = Reader::records(part(j)?);
            let mut first = true;
            while let Some(record) = reader
                .next_record()
                .map_err(|source| MergeError::Part { job: j, source })?
            {
                if first {
                    first = false;
                    if (record.x, record.o, record.to_move(), record.attacker)
                        != (job.x, job.o, job.to_move, job.attacker)
                    {
                        return Err(MergeError::Mismatch {
                            job: j,
                            what: "its first record is about another position",
                        });
                    }
                    let part_wins =
                        matches!(record.body, Body::AttackerWins(_) | Body::DefenderLoses);
                    if part_wins != wins {
                        return Err(MergeError::Mismatch {
                            job: j,
                            what: "its first record gives the other answer",
                        });
                    }
                }
                if seen.insert(key(&record)) {
                    write_record(out, layout, &record)?;
                    records += 1;
                } else {
                    duplicates += 1;
                }
            }
            if first {
                return Err(MergeError::Mismatch {
                    job: j,
                    what: "it holds no record",
                });
            }
        }
        Ok(MergeSummary {
            value: support.value,
            records,
            duplicates,
            jobs_used: support.jobs.len(),
        })
    }
}
