//! `mnk book`: builds the opening book the engine embeds (format in docs/book.md): the exact
//! value of every position of the first plies of each board of `mnk_engine::ai::book::BOARDS`.

use crate::common::{duration, outln};
use anyhow::Context;
use clap::Args;
use mnk_engine::ai::book::{Section, BOARDS};
use mnk_engine::ai::Book;
use mnk_engine::{Budget, Rules};
use std::path::PathBuf;
use std::time::Instant;

/// Options of `mnk book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Where to write the book (the engine embeds crates/engine/book/mnk.book).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Plies deep on every board instead of the shipped depths (0 to 3).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=3))]
    pub plies: Option<u32>,
    /// Build only this board of the book's list (e.g. 5x5/4), keeping the other sections of
    /// the book already in --out.
    #[arg(long, value_name = "WxH/K")]
    pub only: Option<String>,
}

/// Solves every board's opening positions, says how long each took, and writes the book.
pub fn run(args: BookArgs) -> anyhow::Result<()> {
    let kept = match &args.only {
        Some(_) => std::fs::read(&args.out)
            .ok()
            .and_then(|bytes| Book::parse(&bytes).ok())
            .map(|book| book.sections().to_vec())
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let mut sections = Vec::new();
    for &(w, h, k, plies) in BOARDS {
        let rules = Rules::new(w, h, Some(k))?;
        if args
            .only
            .as_ref()
            .is_some_and(|o| *o != format!("{w}x{h}/{k}"))
        {
            sections.extend(kept.iter().find(|s| s.rules() == rules).cloned());
            continue;
        }
        let plies = args.plies.unwrap_or(plies);
        let start = Instant::now();
        let section = Section::build(rules, plies, &Budget::unlimited(), |_, _| {})?;
        outln!(
            "{w}x{h}, {k} in a row: {} positions up to {plies} plies in {}",
            section.len(),
            duration(start.elapsed())
        )?;
        sections.push(section);
    }
    let bytes = Book::new(sections).to_bytes();
    std::fs::write(&args.out, &bytes)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    outln!("Wrote {} bytes to {}", bytes.len(), args.out.display())?;
    Ok(())
}
