//! Compares what a command printed with what a ```console block shows under it.
//!
//! The README's wildcards, in the style of trycmd:
//! - `[..]` inside a line matches any run of characters on that line;
//! - a line that is exactly `...` matches any number of lines (none included);
//! - a time — a number followed by ` ms`, ` s`, ` min` or ` h`, or several in a row as in
//!   `1 min 26 s` — matches any other time, and the spaces around it match any spaces (so a
//!   column of times may grow by a digit);
//! - column padding — two or more spaces after the start of a line — matches any padding of
//!   two or more spaces (a wider time widens its column and shifts the header).
//!
//! Trailing spaces and trailing blank lines are not compared.

/// Why `actual` does not match `expected`, or `None` when it does.
pub fn mismatch(expected: &[String], actual: &str) -> Option<String> {
    let want = trimmed(expected.iter().map(String::as_str));
    let got = trimmed(actual.lines());
    if lines_match(&want, &got) {
        return None;
    }
    let first = want
        .iter()
        .zip(&got)
        .position(|(w, g)| *w == "..." || !line_matches(w, g))
        .unwrap_or(want.len().min(got.len()));
    let show = |lines: &[&str]| -> String {
        lines
            .iter()
            .enumerate()
            .map(|(n, l)| format!("{:>4}{} {l}\n", n + 1, if n == first { " >" } else { "  " }))
            .collect()
    };
    let at = |lines: &[&str]| lines.get(first).copied().unwrap_or("(no line)").to_string();
    Some(format!(
        "first difference at output line {}:\n    README: {}\n    actual: {}\n  README shows:\n{}  the command printed:\n{}",
        first + 1,
        at(&want),
        at(&got),
        show(&want),
        show(&got)
    ))
}

fn trimmed<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = lines.map(str::trim_end).collect();
    while out.last() == Some(&"") {
        out.pop();
    }
    out
}

fn lines_match(want: &[&str], got: &[&str]) -> bool {
    match want.split_first() {
        None => got.is_empty(),
        Some((&"...", rest)) => (0..=got.len()).any(|skip| lines_match(rest, &got[skip..])),
        Some((w, rest)) => got
            .split_first()
            .is_some_and(|(g, got_rest)| line_matches(w, g) && lines_match(rest, got_rest)),
    }
}

/// One line against one line: times and padding normalised, then `[..]` as a wildcard.
pub fn line_matches(want: &str, got: &str) -> bool {
    let (want, got) = (normalised(want), normalised(got));
    let mut parts = want.split("[..]");
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = got.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// The line with each time (and the spaces around it) replaced by one marker, and every run
/// of padding after the indentation cut to two spaces.
fn normalised(line: &str) -> String {
    let timeless = without_times(line);
    let indent = timeless.len() - timeless.trim_start().len();
    let mut out = timeless[..indent].to_string();
    let mut spaces = 0;
    for c in timeless[indent..].chars() {
        if c == ' ' {
            spaces += 1;
            continue;
        }
        out.push_str(if spaces >= 2 { "  " } else { &" "[..spaces] });
        spaces = 0;
        out.push(c);
    }
    out
}

/// The line with each time (and the spaces around it) replaced by one marker.
fn without_times(line: &str) -> String {
    const MARK: &str = "\u{23f1}";
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.'));
        if starts_number {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_digit() || matches!(chars[j], '.' | ',')) {
                j += 1;
            }
            if let Some(end) = unit_end(&chars, j) {
                while out.ends_with(' ') {
                    out.pop();
                }
                // `1 min 26 s` is one time, as is `2 h 5 min`.
                if !out.ends_with(MARK) {
                    out.push_str(MARK);
                }
                i = end;
                while i < chars.len() && chars[i] == ' ' {
                    i += 1;
                }
                continue;
            }
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// Where ` ms`, ` s`, ` min` or ` h` (as a whole word) ends, if it starts at `at`.
fn unit_end(chars: &[char], at: usize) -> Option<usize> {
    let at = if chars.get(at) == Some(&' ') {
        at + 1
    } else {
        at
    };
    let word_end = |end: usize| {
        (chars
            .get(end)
            .is_none_or(|c| !c.is_alphanumeric() && *c != '/'))
        .then_some(end)
    };
    match (chars.get(at), chars.get(at + 1)) {
        (Some('m'), Some('s')) => word_end(at + 2),
        (Some('m'), Some('i')) if chars.get(at + 2) == Some(&'n') => word_end(at + 3),
        (Some('h'), _) => word_end(at + 1),
        (Some('s'), _) => word_end(at + 1),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(String::from).collect()
    }

    #[test]
    fn wildcards_match_what_they_say_and_nothing_more() {
        assert!(line_matches("a[..]c", "abbbc"));
        assert!(line_matches("a[..]", "a"));
        assert!(!line_matches("a[..]c", "abbb"));
        assert!(!line_matches("abc", "abd"));
        assert!(line_matches(
            r#"{"m":["a4",[..]],"s":{[..]}}"#,
            r#"{"m":["a4","b4"],"s":{"n":1}}"#
        ));
        assert!(mismatch(&lines("x\n...\nz"), "x\ny1\ny2\nz\n").is_none());
        assert!(mismatch(&lines("x\n...\nz"), "x\nz\n").is_none());
        assert!(mismatch(&lines("x\n...\nz"), "x\ny\n").is_some());
    }

    #[test]
    fn times_match_any_time_with_any_padding() {
        assert!(line_matches(
            "minimax      549,946  25.6 ms  draw",
            "minimax      549,946 122.3 ms  draw"
        ));
        assert!(line_matches("Counted in 6424.869 ms", "Counted in 12.5 ms"));
        assert!(line_matches("took 3 s", "took 14 s"));
        // A slow machine's time has minutes in it.
        assert!(line_matches("Counted in 6.42 s", "Counted in 1 min 10 s"));
        assert!(line_matches("took 2 h 5 min", "took 0.5 s"));
        assert!(!line_matches("took 3 s", "took 3 mines"));
        assert!(line_matches(
            "nodes     time  value",
            "nodes      time  value"
        ));
        assert!(!line_matches("nodes  time", "nodes time"));
        assert!(!line_matches("   a b c", " a b c"));
        // Not times: a count, plies, nodes per second, a board size.
        assert!(!line_matches("549,946 nodes", "549,947 nodes"));
        assert!(!line_matches("win in 3 plies", "win in 5 plies"));
        assert!(!line_matches("12 nodes/s", "13 nodes/s"));
        assert!(!line_matches("3x3", "4x4"));
    }

    #[test]
    fn a_mismatch_names_the_first_differing_line() {
        let why = mismatch(&lines("a\nb\nc"), "a\nB\nc\n").unwrap();
        assert!(
            why.starts_with("first difference at output line 2:"),
            "{why}"
        );
        assert!(
            why.contains("README: b") && why.contains("actual: B"),
            "{why}"
        );
        let why = mismatch(&lines("a"), "a\nmore\n").unwrap();
        assert!(why.contains("line 2:\n    README: (no line)"), "{why}");
    }
}
