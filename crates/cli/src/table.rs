//! `mnk table`: every small rule set solved from the empty board — the m,n,k results table of
//! the literature, recomputed and set beside the published values.

use crate::common::{counted, duration, duration_ms, grouped, millis, outln};
use crate::live::{Live, Show};
use crate::solve::stopped;
use clap::Args;
use mnk_engine::exact;
use mnk_engine::Algorithm;
use mnk_engine::{Board, Rules, SearchError, Verdict};
use mnk_engine::{SolverConfig, DEFAULT_HASH_MIB};
use serde_json::json;
use std::io::Write;

/// Options of `mnk table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// Largest board (cells) to include: every W x H with W >= H and W*H <= N, 3 <= K <= W.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(3..=30))]
    pub max_cells: u16,
    /// Also the strips 1 and 2 high, where nobody can ever win with K >= 3.
    #[arg(long)]
    pub all: bool,
    /// Transposition table size in MiB per solve.
    #[arg(long, value_name = "MiB", default_value_t = DEFAULT_HASH_MIB, value_parser = crate::solve::hash_parser())]
    pub hash: usize,
    /// Add the larger rows the proof search settles: five in a row on 5x5 up to 7x7, four in
    /// a row on 6x4, 6x6, 7x4 and 7x5.
    #[arg(long)]
    pub extended: bool,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The larger rows of `--extended` (W, H, K), beyond the default 20 cells.
const EXTENDED: &[(usize, usize, usize)] = &[
    (5, 5, 4),
    (6, 4, 4),
    (6, 5, 4),
    (6, 6, 4),
    (7, 4, 4),
    (7, 5, 4),
    (5, 5, 5),
    (6, 5, 5),
    (6, 6, 5),
    (7, 5, 5),
    (7, 6, 5),
    (7, 7, 5),
];

/// Where the published values come from: the article, and the paper it cites for them.
pub const SOURCE: &str = "Wikipedia, m,n,k-game";
const SOURCE_IN_FULL: &str = "Wikipedia's m,n,k-game article, after J. W. H. M. Uiterwijk and \
                              H. J. van den Herik, The advantage of the initiative, Information \
                              Sciences 122 (2000), and Hsu, Ko, Chen, Wei, Hsueh and Wu, On \
                              solving the 7,7,5-game and the 8,8,5-game, Theoretical Computer \
                              Science 815 (2020)";

/// The first player's published result on the empty W x H board with K in a row, where the
/// literature states one: tic-tac-toe is a draw; with K = 3 every board from 4 x 3 up is a
/// first-player win; 4 x 4, 5 x 4 and 5 x 5 with K = 4 are draws, 6 x 5 with K = 4 a win.
pub fn published(width: usize, height: usize, k: usize) -> Option<bool> {
    let (w, h) = (width.max(height), width.min(height));
    match (w, h, k) {
        (3, 3, 3) => Some(false),
        (w, h, 3) if w >= 4 && h >= 3 => Some(true),
        (4, 4, 4) | (5, 4, 4) | (5, 5, 4) | (6, 4, 4) | (7, 4, 4) => Some(false),
        // A win stays a win on a larger board: 6 x 6 and 7 x 5 contain 6 x 5.
        (6, 5, 4) | (6, 6, 4) | (7, 5, 4) => Some(true),
        // 7 x 7 with K = 5 is a draw (Hsu et al.), and so is every smaller board with K = 5.
        (5..=7, 5..=7, 5) => Some(false),
        _ => None,
    }
}

/// The rule sets of the table, smallest boards first: W >= H, 3 <= K <= W, W*H <= max_cells,
/// and H >= 3 unless `all` (strips 1 or 2 high leave no room for a line but a row, which the
/// second player always blocks).
pub fn rule_sets(max_cells: usize, all: bool) -> Vec<Rules> {
    let mut out = Vec::new();
    for cells in 1..=max_cells {
        for h in 1..=cells {
            if cells % h != 0 || (h < 3 && !all) {
                continue;
            }
            let w = cells / h;
            if w < h {
                continue;
            }
            for k in 3..=w {
                out.extend(Rules::new(w, h, Some(k)).ok());
            }
        }
    }
    out
}

/// How a computed value compares with the published one, for the last column.
fn published_cell(win: bool, published: Option<bool>) -> String {
    match published {
        None => "-".to_string(),
        Some(p) => {
            let word = if p { "win" } else { "draw" };
            if p == win {
                format!("{word} (agrees)")
            } else {
                format!("{word} (DIFFERS)")
            }
        }
    }
}

/// Runs `mnk table`.
pub fn run(args: TableArgs) -> anyhow::Result<()> {
    let config = SolverConfig {
        hash_mib: args.hash,
        ..SolverConfig::default()
    };
    let mut rows = Vec::new();
    if !args.json {
        outln!("First-player results from the empty board (W x H, K in a row):")?;
        outln!(
            "{:>7} {:>3}  {:<16} {:>15} {:>10}  published",
            "board",
            "k",
            "value",
            "nodes",
            "time"
        )?;
    }
    // Ctrl-C stops the solve under way with a sentence; the rows so far stay printed.
    let live = Live::watch(Show::Nothing, None);
    let (mut compared, mut differ) = (0u128, 0);
    let mut rule_sets = rule_sets(args.max_cells as usize, args.all);
    if args.extended {
        for &(w, h, k) in EXTENDED {
            let rules = Rules::new(w, h, Some(k))?;
            if !rule_sets.contains(&rules) {
                rule_sets.push(rules);
            }
        }
    }
    for rules in rule_sets {
        let board = Board::new(rules);
        let start = live.elapsed();
        let report = match exact::solve(&board, Algorithm::Auto, config, &live.go()) {
            Err(SearchError::Stopped(_)) => {
                let known = format!(
                    "the table had reached {}x{}, k={}",
                    rules.width(),
                    rules.height(),
                    rules.k()
                );
                let work = counted(rows.len() as u128, "row", "rows");
                return Err(stopped(&work, live.elapsed(), &known));
            }
            other => other?,
        };
        let ms = millis(live.elapsed() - start);
        let (w, h, k) = (rules.width(), rules.height(), rules.k());
        let win = matches!(report.verdict, Verdict::Win(_));
        let known = published(w, h, k);
        if let Some(p) = known {
            compared += 1;
            differ += usize::from(p != win);
        }
        rows.push(json!({
            "width": w, "height": h, "k": k,
            "value": report.verdict.word(), "plies": report.verdict.plies(),
            "nodes": report.nodes, "ms": ms,
            "published": known.map(|p| if p { "win" } else { "draw" }),
            "source": known.map(|_| SOURCE),
        }));
        if !args.json {
            outln!(
                "{:>7} {k:>3}  {:<16} {:>15} {:>10}  {}",
                format!("{w}x{h}"),
                report.verdict.to_string(),
                grouped(report.nodes.into()),
                duration_ms(ms),
                published_cell(win, known)
            )?;
            let _ = std::io::stdout().flush();
        }
    }
    let total = live.elapsed();
    live.finish();
    if args.json {
        outln!(
            "{}",
            json!({ "rows": rows, "stats": { "ms": millis(total) }, "source": SOURCE_IN_FULL })
        )?;
        return Ok(());
    }
    outln!(
        "{} solved in {}; {} compared, {}.",
        counted(rows.len() as u128, "rule set", "rule sets"),
        duration(total),
        counted(compared, "published value", "published values"),
        match differ {
            0 => "all agree".to_string(),
            n => format!("{n} DIFFER"),
        }
    )?;
    outln!("Published: {SOURCE_IN_FULL}.")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_leaves_out_the_strips() {
        let default = rule_sets(20, false);
        assert_eq!(default.len(), 15);
        assert!(default.iter().all(|r| r.height() >= 3));
        assert_eq!(rule_sets(20, true).len(), 222);
    }

    #[test]
    fn published_values_read_either_way_round() {
        assert_eq!(published(3, 3, 3), Some(false));
        assert_eq!(published(3, 4, 3), Some(true));
        assert_eq!(published(5, 6, 4), Some(true));
        assert_eq!(published(5, 7, 4), Some(true));
        assert_eq!(published(6, 3, 5), None);
    }
}
