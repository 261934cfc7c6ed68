//! A proof's files. A certificate read from disk and checked ([`verify_file`]), and a proof
//! split into jobs in a directory, so that many machines can share it: the split
//! (the tree above a frontier and one job file per position at it), one job proved anywhere
//! (its answer and its certificate part), and the answers merged into one certificate that
//! `mnk verify` checks like any other. The engine cuts, proves and merges
//! ([`mnk_engine::proof::split`]); this crate owns the files, so that `mnk verify`,
//! `mnk solve --jobs`, `mnk solve --job`, `mnk merge` and the Python package (with its Ray
//! driver) read and write them the same way.
//!
//! The directory (see docs/distributed.md):
//! - `split.json`: the rules, the root, the frontier and the tree above it;
//! - `jobs/NNNNNN.json`: one question each, readable without the rest of the directory;
//! - `answers/NNNNNN.json` and `answers/NNNNNN.part.gz`: a job's answer and its
//!   certificate part, each written whole (beside, then renamed), so a run killed at any
//!   moment leaves only complete answers and a restarted one runs only what is missing.

mod certificate;
mod dir;
mod files;
mod job;

pub use certificate::verify_file;
pub use dir::{store_beside, JobDir, Merged, Status};
pub use job::{prove, Answer, JobFile, Proved};

/// Why a certificate file, a job directory, a job or a merge failed: one sentence each for the front ends.
#[derive(Debug, thiserror::Error)]
pub enum JobsError {
    /// A file could not be read.
    #[error("cannot read {path}: {error}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {path}: {error}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// A file is not what it should be.
    #[error("{path}: {why}")]
    Malformed {
        /// The file.
        path: String,
        /// What is wrong.
        why: String,
    },
    /// The directory holds another split than the one asked for.
    #[error("{0}")]
    Mismatch(String),
    /// The engine refused.
    #[error(transparent)]
    Engine(#[from] mnk_engine::BoardError),
    /// The search refused or stopped.
    #[error(transparent)]
    Search(#[from] mnk_engine::SearchError),
    /// The merge failed.
    #[error(transparent)]
    Merge(#[from] mnk_engine::proof::MergeError),
}
