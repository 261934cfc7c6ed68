//! Reading and writing the directory's files, each written whole.

use crate::JobsError;
use std::path::Path;

/// Writes `bytes` to `path` through a file beside it, renamed over it, so that a reader (or a
/// restarted driver) never sees half a file.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), JobsError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|source| write_error(path, source))
}

/// Reads a text file.
pub(crate) fn read_text(path: &Path) -> Result<String, JobsError> {
    std::fs::read_to_string(path).map_err(|source| read_error(path, source))
}

pub(crate) fn read_error(path: &Path, source: std::io::Error) -> JobsError {
    JobsError::Read {
        path: path.display().to_string(),
        error: source,
    }
}

pub(crate) fn write_error(path: &Path, source: std::io::Error) -> JobsError {
    JobsError::Write {
        path: path.display().to_string(),
        error: source,
    }
}

pub(crate) fn malformed(path: &Path, why: impl Into<String>) -> JobsError {
    JobsError::Malformed {
        path: path.display().to_string(),
        why: why.into(),
    }
}
