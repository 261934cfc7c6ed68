//! `mnk verify FILE`: checks a proof certificate with the engine's independent checker (the
//! rules, the symmetry maps and a pairing check; nothing of the search).

use crate::common::outln;
use clap::Args;
use mnk_engine::certificate::DEFAULT_MAX_RECORDS;
use serde_json::json;
use std::path::PathBuf;

/// Options of `mnk verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The certificate (as `mnk solve --certificate` writes it: gzip-compressed, or plain).
    pub file: PathBuf,
    /// Most records to keep in memory, about 40 bytes each (on boards of more than 64 cells,
    /// whose records take about 200, the same memory: about a fifth as many records).
    #[arg(long, default_value_t = DEFAULT_MAX_RECORDS,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000_000))]
    pub max_records: usize,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Runs `mnk verify`.
pub fn run(args: VerifyArgs) -> anyhow::Result<()> {
    let verified = mnk_proofs::verify_file(&args.file, args.max_records)?;
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
