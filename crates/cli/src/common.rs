//! What every subcommand shares: the board options, the error edge, JSON printing.

use clap::Args;
use mnk_engine::notation::infer_size;
use mnk_engine::{Board, Rules, Size};
use std::process::ExitCode;

/// The board options every analysis command takes.
#[derive(Args, Debug, Clone)]
pub struct BoardArgs {
    /// Board size as WxH (1 to 26 each); default 3x3, or the size of --position.
    #[arg(long, value_name = "WxH")]
    pub size: Option<Size>,
    /// Stones in a row that win (1 to the longer side); default min(W, H, 5).
    #[arg(long)]
    pub k: Option<usize>,
    /// The position as board text, rows top to bottom: e.g. 'x.o/.x./..o', optionally
    /// followed by ' x' or ' o' for the side to move. Default: the empty board.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

impl BoardArgs {
    /// The rules the options describe.
    pub fn rules(&self) -> anyhow::Result<Rules> {
        let size = match (self.size, &self.position) {
            (Some(size), _) => size,
            (None, Some(text)) => infer_size(text).unwrap_or(Size {
                width: 3,
                height: 3,
            }),
            (None, None) => Size {
                width: 3,
                height: 3,
            },
        };
        Ok(Rules::new(size.width, size.height, self.k)?)
    }

    /// The position the options describe.
    pub fn board(&self) -> anyhow::Result<Board> {
        let rules = self.rules()?;
        Ok(match &self.position {
            Some(text) => Board::from_text(rules, text)?,
            None => Board::new(rules),
        })
    }
}

/// Prints an error as one sentence (and as a JSON object under --json); exit status 2.
pub fn report_error(err: &anyhow::Error, json: bool) -> ExitCode {
    let message = sentence(&err.to_string());
    if json {
        println!("{}", serde_json::json!({ "error": message }));
    }
    eprintln!("mnk: {message}");
    ExitCode::from(2)
}

/// Capitalised and ended with a full stop.
fn sentence(text: &str) -> String {
    let mut s = text.trim().to_string();
    if let Some(first) = s.get(0..1) {
        s.replace_range(0..1, &first.to_uppercase());
    }
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// Milliseconds with sub-millisecond precision, for statistics.
pub fn millis(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0
}

/// A large count with thousands separators.
pub fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
