//! Proof certificates: the file format ([`mod@format`], with its [`format::Header`]) and the
//! checker ([`verify()`], its [`Verified`] summary and its [`CertificateError`]). The checker
//! is written apart from the proof search and imports nothing of it: only the rules, the
//! board's symmetry maps and a pairing check decide whether a certificate holds.

pub mod format;
mod kept;
mod verify;

pub use verify::{verify, CertificateError, Verified};

/// Records the checker keeps in memory by default (about 40 bytes each).
pub const DEFAULT_MAX_RECORDS: usize = 50_000_000;
