//! A certificate file checked: gzip-compressed or plain, one compressed stream and nothing
//! after it (other tools would read what follows and the checker would not).

use crate::files::{malformed, read_error};
use crate::JobsError;
use mnk_engine::certificate::{verify, Verified};
use std::io::{BufRead, BufReader};
use std::path::Path;

/// Checks the certificate at `path` with the engine's independent checker, keeping at most
/// `max_records` records in memory.
pub fn verify_file(path: &Path, max_records: usize) -> Result<Verified, JobsError> {
    let file = std::fs::File::open(path).map_err(|e| read_error(path, e))?;
    let mut input = BufReader::new(file);
    let gzip = input
        .fill_buf()
        .map_err(|e| read_error(path, e))?
        .starts_with(&[0x1f, 0x8b]);
    let result = if gzip {
        let mut decoder = flate2::bufread::GzDecoder::new(input);
        let result = verify(&mut decoder, max_records);
        // The checker read the first compressed stream to its end: refuse anything after it.
        if result.is_ok()
            && !decoder
                .into_inner()
                .fill_buf()
                .map_err(|e| read_error(path, e))?
                .is_empty()
        {
            return Err(malformed(
                path,
                "data follows the compressed certificate; the checker reads one gzip stream",
            ));
        }
        result
    } else {
        verify(input, max_records)
    };
    result.map_err(|e| malformed(path, e.to_string()))
}
