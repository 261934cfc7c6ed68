//! `mnk book`: builds the opening book the engine embeds (format in docs/book.md): the exact
//! value of every position of the first plies of each board of `mnk_engine::ai::book::BOARDS`.

use crate::common::{duration, grouped, note, outln};
use anyhow::{bail, Context};
use clap::Args;
use mnk_engine::ai::book::{opening_count, Book, Section, BOARDS};
use mnk_engine::{Go, Rules};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The most positions `--max-positions` lets a section hold by default: 5x5/4 at 4 plies
/// (about 7,000) fits; a ply more on the same board (about 60,000) does not.
pub const DEFAULT_MAX_POSITIONS: usize = 20_000;

/// How often the build says how far it has come.
const PROGRESS_EVERY: Duration = Duration::from_secs(15);

/// Options of `mnk book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Where to write the book (the engine embeds crates/engine/book/mnk.book).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Plies deep on every board instead of the shipped depths (bounded by --max-positions).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=u8::MAX as i64))]
    pub plies: Option<u32>,
    /// Build only this board of the book's list (e.g. 5x5/4), keeping the other sections of
    /// the book already in --out.
    #[arg(long, value_name = "WxH/K")]
    pub only: Option<String>,
    /// Refuse a section of more positions than this (counted up to symmetry before any is
    /// solved): each takes the solver up to seconds, and the book is embedded in the binary.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POSITIONS)]
    pub max_positions: usize,
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
    // Every section's size first, so that a book too big is refused before hours of work.
    let mut todo = Vec::new();
    for &(w, h, k, plies, best_replies) in BOARDS {
        let rules = Rules::new(w, h, Some(k))?;
        let name = format!("{w}x{h}/{k}");
        if args.only.as_ref().is_some_and(|o| *o != name) {
            continue;
        }
        let plies = args.plies.unwrap_or(plies);
        let count = opening_count(rules, plies, args.max_positions)?;
        if count > args.max_positions {
            bail!(
                "{name} at {plies} plies holds more than {} positions (--max-positions); \
                 ask for fewer plies or a larger --max-positions",
                grouped(args.max_positions as u128)
            );
        }
        todo.push((rules, name, plies, best_replies, count));
    }
    if let Some(only) = &args.only {
        if todo.is_empty() {
            bail!("the board {only} is not one of the book's boards (see docs/book.md)");
        }
    }
    let mut sections = Vec::new();
    for &(w, h, k, _, _) in BOARDS {
        let rules = Rules::new(w, h, Some(k))?;
        let Some((_, name, plies, best_replies, count)) = todo.iter().find(|t| t.0 == rules) else {
            sections.extend(kept.iter().find(|s| s.rules() == rules).cloned());
            continue;
        };
        let start = Instant::now();
        let mut said = start;
        let section = Section::build(rules, *plies, *best_replies, &Go::default(), |done, all| {
            if done < all && said.elapsed() >= PROGRESS_EVERY {
                said = Instant::now();
                note(&progress(name, done, all, start.elapsed()));
            }
        })?;
        outln!(
            "{w}x{h}, {k} in a row: {} positions up to {plies} plies{} in {}",
            section.len(),
            if *best_replies {
                format!(" ({count} and the best replies to the deepest)")
            } else {
                String::new()
            },
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

/// "5x5/4: 1,200 of 7,012 positions in 2 min 5 s, about 10 min left" (the estimate assumes
/// the rest go as fast as the first did).
fn progress(name: &str, done: usize, all: usize, elapsed: Duration) -> String {
    let left = elapsed.mul_f64((all - done) as f64 / done.max(1) as f64);
    format!(
        "{name}: {} of {} positions in {}, about {} left",
        grouped(done as u128),
        grouped(all as u128),
        duration(elapsed),
        duration(left)
    )
}
