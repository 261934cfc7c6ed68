//! Finds every command the README shows, wherever it shows one: `$ ` lines of ```console
//! blocks (with the output printed under them), lines of ```sh blocks, command lines of other
//! fenced or indented code blocks, and inline code spans (tables included).
//!
//! A command is text whose first word, after any `NAME=value` assignments, is `mnk`,
//! `pbrain-mnk`, `cargo`, `apt-get`, `pip`, `python`, a script (`*.sh`) or a relative program
//! path (`./…`). In a code block, a line that starts with `[` or `--` continues the command
//! above it (a synopsis spread over two lines).

/// Where a command is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A `$ ` line of a ```console block, with the lines shown under it up to the next `$ `
    /// line or the end of the block.
    Console { expected: Vec<String> },
    /// A line of a code block other than a console session (```sh, a plain fence, an
    /// indented block).
    Block,
    /// An inline code span in the text.
    Inline,
}

/// One command as the README shows it.
#[derive(Clone, Debug)]
pub struct Shown {
    /// The command, without a `$ ` prompt or a trailing `# comment`.
    pub text: String,
    /// Its line in README.md (1-based).
    pub line: usize,
    pub place: Place,
}

impl Shown {
    /// `README.md:LINE: `COMMAND``, the way failures name a command.
    pub fn at(&self) -> String {
        format!("README.md:{}: `{}`", self.line, self.text)
    }
}

/// Whether `text` reads as a command (see the module notes).
pub fn is_command(text: &str) -> bool {
    let mut words = text.split_whitespace().skip_while(|w| is_assignment(w));
    words.next().is_some_and(|program| {
        matches!(
            program,
            "mnk" | "pbrain-mnk" | "cargo" | "apt-get" | "pip" | "python"
        ) || program.ends_with(".sh")
            || (program.starts_with("./") && !program.ends_with('/'))
    })
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
    })
}

/// Every command of `readme`, in order, or the README's lines that break the conventions the
/// test relies on (a prompt outside a console block, a line of a ```sh block that is not a
/// command, an unknown block kind, an unclosed block).
pub fn commands(readme: &str) -> (Vec<Shown>, Vec<String>) {
    let mut found = Vec::new();
    let mut problems = Vec::new();
    let lines: Vec<&str> = readme.lines().collect();
    let mut i = 0;
    let mut previous_blank = true;
    while i < lines.len() {
        let line = lines[i];
        if let Some(info) = line.trim_start().strip_prefix("```") {
            let start = i;
            let body_end = (i + 1..lines.len())
                .find(|&j| lines[j].trim_start().starts_with("```"))
                .unwrap_or_else(|| {
                    problems.push(format!("README.md:{}: a ``` block is never closed", i + 1));
                    lines.len()
                });
            let body: Vec<(usize, &str)> = (start + 1..body_end).map(|j| (j, lines[j])).collect();
            match info.trim() {
                "console" => console_block(&body, &mut found, &mut problems),
                "sh" => sh_block(&body, &mut found, &mut problems),
                "" | "text" => code_lines(&body, &mut found, &mut problems),
                other => problems.push(format!(
                    "README.md:{}: unknown block kind ```{other} (console, sh, text or none)",
                    start + 1
                )),
            }
            i = body_end + 1;
            previous_blank = false;
            continue;
        }
        if previous_blank && line.starts_with("    ") && !line.trim().is_empty() {
            // An indented code block (also inside a list item): up to the next line that is
            // indented less, blank lines included.
            let indent = line.len() - line.trim_start().len();
            let end = (i..lines.len())
                .find(|&j| {
                    let l = lines[j];
                    !l.trim().is_empty() && l.len() - l.trim_start().len() < indent
                })
                .unwrap_or(lines.len());
            let body: Vec<(usize, &str)> = (i..end).map(|j| (j, lines[j])).collect();
            code_lines(&body, &mut found, &mut problems);
            i = end;
            previous_blank = false;
            continue;
        }
        for span in code_spans(line) {
            note(span, i + 1, Place::Inline, &mut found, &mut problems);
        }
        previous_blank = line.trim().is_empty();
        i += 1;
    }
    (found, problems)
}

/// The inline code spans of one line of text (single backticks).
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

fn console_block(body: &[(usize, &str)], found: &mut Vec<Shown>, problems: &mut Vec<String>) {
    let mut current: Option<Shown> = None;
    for &(j, line) in body {
        if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            current = Some(Shown {
                text: command.trim().to_string(),
                line: j + 1,
                place: Place::Console {
                    expected: Vec::new(),
                },
            });
        } else if let Some(Shown {
            place: Place::Console { expected },
            ..
        }) = current.as_mut()
        {
            expected.push(line.to_string());
        } else {
            problems.push(format!(
                "README.md:{}: a ```console block must start with a `$ ` command line",
                j + 1
            ));
        }
    }
    found.extend(current);
}

fn sh_block(body: &[(usize, &str)], found: &mut Vec<Shown>, problems: &mut Vec<String>) {
    for &(j, line) in body {
        let text = without_comment(line);
        if text.is_empty() {
            continue;
        }
        if is_command(text) {
            found.push(Shown {
                text: text.to_string(),
                line: j + 1,
                place: Place::Block,
            });
        } else {
            problems.push(format!(
                "README.md:{}: `{text}` in a ```sh block is not a command this test knows how to run",
                j + 1
            ));
        }
    }
}

/// The command lines of a code block that is not a session; other lines are text (a file
/// format, say).
fn code_lines(body: &[(usize, &str)], found: &mut Vec<Shown>, problems: &mut Vec<String>) {
    for &(j, line) in body {
        let text = line.trim();
        let noted = note(text, j + 1, Place::Block, found, problems);
        if !noted && (text.starts_with('[') || text.starts_with("--")) {
            if let Some(last) = found.last_mut().filter(|s| s.place == Place::Block) {
                last.text = format!("{} {text}", last.text);
            }
        }
    }
}

/// Records `text`, shown on README line `line`, when it is a command, and a `$ ` prompt as a
/// problem (sessions belong in ```console blocks). Returns whether it was either.
fn note(
    text: &str,
    line: usize,
    place: Place,
    found: &mut Vec<Shown>,
    problems: &mut Vec<String>,
) -> bool {
    if text.starts_with("$ ") {
        problems.push(format!(
            "README.md:{line}: `{text}` shows a `$ ` prompt outside a ```console block (mark the block ```console)"
        ));
    } else if is_command(text) {
        found.push(Shown {
            text: text.to_string(),
            line,
            place,
        });
    } else {
        return false;
    }
    true
}

/// A shell line without its `# comment` (a `#` that starts a word outside quotes).
fn without_comment(line: &str) -> &str {
    let mut quote = None;
    let mut previous = ' ';
    for (at, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if previous.is_whitespace() => return line[..at].trim(),
            _ => {}
        }
        previous = c;
    }
    line.trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_commands_in_every_kind_of_place() {
        let readme = "Run `mnk solve --json` or see `mnk-web` and `POST /games`.\n\
                      \n\
                      ```sh\n\
                      cargo run --release   # a comment\n\
                      \x20                     # another\n\
                      ```\n\
                      \n\
                      \x20   mnk play [--size WxH]\n\
                      \x20            [--seed N]\n\
                      \x20   rules 4x4 k4\n\
                      \n\
                      ```console\n\
                      $ mnk tree '(1 2)'\n\
                      out 1\n\
                      \n\
                      $ MNK_X=1 mnk count\n\
                      ```\n";
        let (found, problems) = commands(readme);
        assert!(problems.is_empty(), "{problems:?}");
        let texts: Vec<&str> = found.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            texts,
            [
                "mnk solve --json",
                "cargo run --release",
                "mnk play [--size WxH] [--seed N]",
                "mnk tree '(1 2)'",
                "MNK_X=1 mnk count"
            ]
        );
        assert_eq!(found[1].line, 4);
        assert_eq!(
            found[3].place,
            Place::Console {
                expected: vec!["out 1".into(), "".into()]
            }
        );
    }

    #[test]
    fn a_prompt_outside_a_console_block_or_a_stray_sh_line_is_a_problem() {
        let (_, problems) = commands("```\n$ mnk solve\n```\n```sh\necho hi\n```\n`$ mnk`\n");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems[0].starts_with("README.md:2:"), "{problems:?}");
    }

    #[test]
    fn comments_end_at_a_hash_outside_quotes() {
        assert_eq!(
            without_comment("mnk tree '(1 #2)' # why"),
            "mnk tree '(1 #2)'"
        );
        assert_eq!(without_comment("   # only"), "");
    }
}
