//! `mnk verify FILE`: checks a proof certificate with the engine's independent checker (the
//! rules, the symmetry maps and a pairing check; nothing of the search).

use crate::common::outln;
use clap::Args;
use mnk_engine::certificate::{verify, DEFAULT_MAX_RECORDS};
use serde_json::json;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;

/// Options of `mnk verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The certificate (as `mnk solve --certificate` writes it: gzip-compressed, or plain).
    pub file: PathBuf,
    /// Most records to keep in memory (about 40 bytes each).
    #[arg(long, default_value_t = DEFAULT_MAX_RECORDS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000_000))]
    pub max_records: usize,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mnk verify`.
pub fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let file = File::open(&args.file)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", args.file.display()))?;
    let mut input = BufReader::new(file);
    let gzip = input.fill_buf()?.starts_with(&[0x1f, 0x8b]);
    let result = if gzip {
        let mut decoder = flate2::bufread::GzDecoder::new(input);
        let result = verify(&mut decoder, args.max_records);
        // The checker read the first compressed stream to its end. Anything after it (a second
        // gzip member, or junk) would be read by other tools and not checked here: refuse it.
        if result.is_ok() && !decoder.into_inner().fill_buf()?.is_empty() {
            anyhow::bail!(
                "{}: data follows the compressed certificate; the checker reads one gzip stream",
                args.file.display()
            );
        }
        result
    } else {
        verify(input, args.max_records)
    };
    let verified = result.map_err(|e| anyhow::anyhow!("{}: {e}", args.file.display()))?;
    if args.json {
        let h = &verified.header;
        outln!(
            "{}",
            json!({
                "valid": true,
                "rules": { "width": h.width, "height": h.height, "k": h.k },
                "to_move": h.to_move.letter().to_string(),
                "value": h.claim.word(),
                "summary": verified.summary(),
                "records": verified.records,
            })
        )?;
    } else {
        outln!(
            "valid: {} ({} records checked)",
            verified.summary(),
            verified.records
        )?;
    }
    Ok(())
}
