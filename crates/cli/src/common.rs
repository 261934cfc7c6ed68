//! What every subcommand shares: the board options, the error edge, JSON printing.

use clap::Args;
use mnk_engine::infer_size;
use mnk_engine::{Board, Rules, Size};
use std::process::ExitCode;
use std::time::Duration;

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

/// `println!` that hands back the write error instead of panicking, so that a reader who
/// stops early (`mnk count | head`) ends the program quietly at the error edge.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)
    }};
}

/// `print!` with the same treatment as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)
    }};
}

pub(crate) use {out, outln};

/// Prints an error as one sentence (and as a JSON object under --json); exit status 2. An
/// error that comes from a closed standard output is no error for the user: the reader has
/// all it wanted, so the program ends quietly with status 0 (as `rg` and `fd` do).
pub fn report_error(err: &anyhow::Error, json: bool) -> ExitCode {
    if output_closed(err) {
        return ExitCode::SUCCESS;
    }
    // `{:#}` keeps the causes of a context ("cannot read the openings file F: No such file").
    fail(&format!("{err:#}"), json)
}

/// Prints a command-line usage error from clap as one sentence, like every other error;
/// `--help` and `--version` print as usual and succeed.
pub fn report_usage_error(err: &clap::Error) -> ExitCode {
    if !err.use_stderr() {
        // Help or version on stdout; a reader that stops early is no error.
        let _ = err.print();
        return ExitCode::SUCCESS;
    }
    // The subcommand is unknown when parsing failed, so look for the flag in the raw words.
    let json = std::env::args_os()
        .skip(1)
        .any(|a| a == "--json" || a.to_string_lossy().starts_with("--json="));
    fail(&usage_sentence(&err.render().to_string()), json)
}

/// The one-sentence form of clap's multi-line message (already plain text: `render()`'s
/// `Display` drops the styling): the first paragraph, with the usage line and the "for more
/// information" hint left out, value lists and tips in brackets.
fn usage_sentence(text: &str) -> String {
    let mut body = text;
    for stop in ["\nUsage:", "\nFor more information"] {
        if let Some(at) = body.find(stop) {
            body = &body[..at];
        }
    }
    let mut sentence = String::new();
    let mut previous_indented = false;
    for raw in body.lines() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let line = line.strip_prefix("error: ").unwrap_or(line);
        let indented = raw.starts_with(char::is_whitespace);
        if let Some(tip) = line.strip_prefix("tip: ") {
            sentence.push_str(&format!(" ({tip})"));
        } else if let Some(list) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            sentence.push_str(&format!(" ({list})"));
        } else if sentence.is_empty() {
            sentence.push_str(line);
        } else if indented && previous_indented {
            // The second and later items of a list ("--x <PLAYER>, --o <PLAYER>").
            sentence.push_str(&format!(", {line}"));
        } else {
            sentence.push_str(&format!(" {line}"));
        }
        previous_indented = indented;
    }
    if sentence.is_empty() {
        "the command line is not understood; see mnk --help".to_string()
    } else {
        sentence
    }
}

/// Whether the error is a write to a standard output that nobody reads any more.
fn output_closed(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error edge: `mnk: ` and one sentence on stderr, the JSON object on stdout under
/// --json, exit status 2. Failed writes are ignored: there is nowhere left to report them.
fn fail(message: &str, json: bool) -> ExitCode {
    use std::io::Write as _;
    let message = sentence(message);
    if json {
        let _ = writeln!(
            std::io::stdout().lock(),
            "{}",
            serde_json::json!({ "error": message })
        );
    }
    let _ = writeln!(std::io::stderr().lock(), "mnk: {message}");
    ExitCode::from(2)
}

/// Capitalised and ended with a full stop. A first word that is a name from the notation or
/// the command line (`x`, `o`, `pbrain:PATH`) keeps its case.
fn sentence(text: &str) -> String {
    let mut s = text.trim().to_string();
    let first_word = s.split_whitespace().next().unwrap_or("");
    let is_name = matches!(first_word, "x" | "o") || first_word.contains(':');
    if !is_name {
        if let Some(first) = s.get(0..1) {
            s.replace_range(0..1, &first.to_uppercase());
        }
    }
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

/// A note on stderr in the same form as an error (`mnk: ` and one sentence) that does not
/// stop the command: a warning before a long search, what to do about it.
pub fn note(message: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "mnk: {}", sentence(message));
}

/// Milliseconds with sub-millisecond precision, for statistics.
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0 * 1000.0).round() / 1000.0
}

/// A duration for people, the one format of the whole CLI: milliseconds to three significant
/// digits below a second (`0.015 ms`, `10.9 ms`, `487 ms`), then seconds (`9.53 s`), then
/// minutes and hours (`1 min 26 s`, `2 h 5 min`).
pub fn duration(d: Duration) -> String {
    let secs = d.as_secs_f64();
    let ms = secs * 1000.0;
    match secs {
        _ if ms < 1.0 => format!("{ms:.3} ms"),
        _ if ms < 10.0 => format!("{ms:.2} ms"),
        _ if ms < 100.0 => format!("{ms:.1} ms"),
        _ if ms < 999.5 => format!("{ms:.0} ms"),
        _ if secs < 9.995 => format!("{secs:.2} s"),
        _ if secs < 59.95 => format!("{secs:.1} s"),
        _ if secs < 3600.0 => format!("{} min {} s", secs as u64 / 60, secs as u64 % 60),
        _ => format!("{} h {} min", secs as u64 / 3600, secs as u64 % 3600 / 60),
    }
}

/// [`duration`] of a figure in milliseconds (as the JSON statistics keep them).
pub fn duration_ms(ms: f64) -> String {
    duration(Duration::from_secs_f64(ms.max(0.0) / 1000.0))
}

/// `n` and its noun, singular for exactly one: `1 ply`, `2 plies`, `1,024 nodes`.
pub fn counted(n: u128, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// A very large count for estimates: exact up to a million, then in words up to trillions
/// (`57 trillion`), then as a power of ten (`4.2 × 10^25`), and `more than 10^30` beyond
/// (where the estimates saturate anyway).
pub fn approx(n: u128) -> String {
    let x = n as f64;
    if x >= 1e30 {
        return "more than 10^30".to_string();
    }
    if x >= 1e15 {
        // Rounded to one decimal first, so that 9.96e25 reads 1.0 × 10^26.
        let exponent = x.log10().floor();
        let mantissa = (x / 10f64.powf(exponent) * 10.0).round() / 10.0;
        let (mantissa, exponent) = if mantissa >= 10.0 {
            (mantissa / 10.0, exponent + 1.0)
        } else {
            (mantissa, exponent)
        };
        return format!("{mantissa:.1} × 10^{exponent}");
    }
    let words = [(1e12, "trillion"), (1e9, "billion"), (1e6, "million")];
    match words.iter().find(|&&(scale, _)| x >= scale) {
        None => grouped(n),
        Some(&(scale, name)) if x / scale < 9.95 => format!("{:.1} {name}", x / scale),
        Some(&(scale, name)) => format!("{:.0} {name}", x / scale),
    }
}

/// Parses a number of seconds (`10`, `0.5`) up to a day, for `--max-time`.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds (e.g. 10 or 0.5)"))?;
    if !(secs > 0.0 && secs <= 86_400.0) {
        return Err(format!(
            "{text} seconds is out of range: use more than 0 and at most 86400 (a day)"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_naturally_at_every_scale() {
        let ms = |m: f64| duration(Duration::from_secs_f64(m / 1000.0));
        assert_eq!(ms(0.0147), "0.015 ms");
        assert_eq!(ms(4.371), "4.37 ms");
        assert_eq!(ms(10.93), "10.9 ms");
        assert_eq!(ms(487.35), "487 ms");
        assert_eq!(ms(999.7), "1.00 s");
        assert_eq!(ms(9532.167), "9.53 s");
        assert_eq!(ms(34062.66), "34.1 s");
        assert_eq!(ms(86_494.0), "1 min 26 s");
        assert_eq!(ms(7_530_000.0), "2 h 5 min");
        assert_eq!(duration_ms(25.6), "25.6 ms");
    }

    #[test]
    fn counts_group_thousands_and_agree_in_number() {
        assert_eq!(grouped(34_040), "34,040");
        assert_eq!(grouped(999), "999");
        assert_eq!(counted(1, "ply", "plies"), "1 ply");
        assert_eq!(counted(2, "ply", "plies"), "2 plies");
        assert_eq!(counted(1_800_337, "node", "nodes"), "1,800,337 nodes");
        assert_eq!(approx(986_410), "986,410");
        assert_eq!(approx(1_302_061_344), "1.3 billion");
        assert_eq!(approx(56_874_039_553_217), "57 trillion");
        assert_eq!(approx(42_163_840_000_000_000_000_000_000), "4.2 × 10^25");
        assert_eq!(approx(9_960_000_000_000_000), "1.0 × 10^16");
        assert_eq!(approx(u128::MAX), "more than 10^30");
    }

    #[test]
    fn seconds_are_positive_and_bounded() {
        assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("NaN").is_err());
        assert!(parse_seconds("ten").unwrap_err().contains("not a number"));
        assert!(parse_seconds("1e9").unwrap_err().contains("at most 86400"));
    }
}
