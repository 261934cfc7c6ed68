//! `mnk practice`: exercises on minimax and alpha-beta that the student answers and the engine
//! marks ([`mnk_engine::practice`]). Line mode: it asks one part at a time, works the same
//! with a terminal or piped input, re-asks after bad input, and ends cleanly at end of input.
//! With `--answer` (or `--json` alone) it marks one answer (or prints one exercise) and stops,
//! for scripts and for teachers.

use crate::common::outln;
use crate::render::board_text;
use anyhow::bail;
use clap::Args;
use mnk_engine::practice::{worksheet, Answer, Difficulty, Exercise, Kind, Marking, Part, Task};
use mnk_web::practice::{ExerciseView, MarkingView};
use serde_json::{json, Value};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Options of `mnk practice`.
#[derive(Args, Debug)]
pub struct PracticeArgs {
    /// The kind of exercise: minimax, alphabeta, window, ordering or position. Default: each
    /// kind in turn.
    #[arg(long, value_name = "KIND")]
    pub kind: Option<Kind>,
    /// How hard: easy, medium or hard (or 1, 2, 3).
    #[arg(long, value_name = "LEVEL", default_value = "easy")]
    pub difficulty: Difficulty,
    /// The seed of the first exercise (each next one adds 1). The same kind, difficulty and
    /// seed always give the same exercise. Default: random (it is printed, to repeat it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Mark this answer to the exercise that --kind, --difficulty and --seed make, print the
    /// marking and stop. Formats: minimax 'root=3 0=3 1=2'; alphabeta 'value=3 pruned=1.1';
    /// window 'alpha=3 beta=+inf'; ordering '2 0 1'; position 'value=draw moves=b2,a1'.
    #[arg(long, value_name = "TEXT", requires_all = ["kind", "seed"])]
    pub answer: Option<String>,
    /// With --answer: print a hint for that answer instead of marking it.
    #[arg(long, requires = "answer")]
    pub hint: bool,
    /// Print the exercise (or the marking of --answer) as one JSON object and stop; with
    /// --solution it holds the engine's answer too.
    #[arg(long)]
    pub json: bool,
    /// Print the exercise with the engine's answer and the step-by-step solution, and stop
    /// (an answer key).
    #[arg(long, conflicts_with = "answer")]
    pub solution: bool,
    /// Write a worksheet of N exercises to print (SVG, A4 pages) to --out, and its answer key
    /// next to it (FILE-key.svg); more pages are FILE-2.svg, FILE-3.svg, ...
    #[arg(long, value_name = "N", requires = "out", conflicts_with_all = ["answer", "json", "solution"],
          value_parser = clap::value_parser!(u32).range(1..=mnk_engine::practice::MAX_SHEET_EXERCISES as i64))]
    pub sheet: Option<u32>,
    /// The worksheet's file (with --sheet), such as sheet.svg.
    #[arg(long, value_name = "FILE", requires = "sheet")]
    pub out: Option<PathBuf>,
    /// Stop after this many exercises (default: until you type q or the input ends).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub count: Option<u32>,
}

/// Runs `mnk practice`.
pub fn run(args: PracticeArgs) -> anyhow::Result<()> {
    let seed = args.seed.unwrap_or_else(|| rand::random::<u32>() as u64);
    if let (Some(n), Some(out)) = (args.sheet, &args.out) {
        return sheet(&args, seed, n, out);
    }
    if args.answer.is_some() || args.json || args.solution {
        let kind = args.kind.unwrap_or(Kind::Minimax);
        let exercise = Exercise::generate(kind, args.difficulty, seed)?;
        return one_shot(&args, &exercise);
    }
    let mut practice = Practice {
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
        points: 0,
        out_of: 0,
        done: 0,
    };
    practice.run(&args, seed)
}

/// The kind of the `n`-th exercise (from 0): the one asked for, or each in turn.
fn kind_of(args: &PracticeArgs, n: u64) -> Kind {
    args.kind
        .unwrap_or(Kind::ALL[(n % Kind::ALL.len() as u64) as usize])
}

/// Writes a worksheet and its key, and says which files.
fn sheet(args: &PracticeArgs, seed: u64, n: u32, out: &Path) -> anyhow::Result<()> {
    let exercises = (0..u64::from(n))
        .map(|i| Exercise::generate(kind_of(args, i), args.difficulty, seed.wrapping_add(i)))
        .collect::<Result<Vec<_>, _>>()?;
    let title = "Minimax and alpha-beta: practice";
    let mut written = Vec::new();
    for (key, suffix) in [(false, ""), (true, "-key")] {
        let pages = worksheet(&exercises, key, title);
        for (i, page) in pages.iter().enumerate() {
            let path = page_path(out, suffix, i + 1);
            std::fs::write(&path, page)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
            written.push(path.display().to_string());
        }
    }
    outln!(
        "Wrote {} exercises (seeds {} to {}) to {}.",
        n,
        seed,
        seed.wrapping_add(u64::from(n) - 1),
        written.join(", ")
    )?;
    Ok(())
}

/// `sheet.svg`, `sheet-2.svg`, `sheet-key.svg`, `sheet-key-2.svg`, ...
fn page_path(out: &Path, suffix: &str, page: usize) -> PathBuf {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "sheet".into());
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_else(|| "svg".into());
    let number = if page > 1 {
        format!("-{page}")
    } else {
        String::new()
    };
    out.with_file_name(format!("{stem}{suffix}{number}.{ext}"))
}

/// Prints one exercise, its solution, a hint or the marking of one answer.
fn one_shot(args: &PracticeArgs, exercise: &Exercise) -> anyhow::Result<()> {
    let Some(text) = &args.answer else {
        if args.json {
            let mut value = exercise_json(exercise);
            if args.solution {
                value["solution"] = json!(exercise.solution().to_text(exercise));
                value["walkthrough"] = json!(exercise.walkthrough());
            }
            outln!("{value}")?;
        } else {
            outln!("{}", show(exercise))?;
            let solution = exercise.solution();
            outln!("Answer: {}", solution.to_text(exercise))?;
            outln!()?;
            outln!("{}", exercise.walkthrough())?;
        }
        return Ok(());
    };
    let answer = Answer::parse(exercise, text).map_err(|e| anyhow::anyhow!("{e}"))?;
    if args.hint {
        let hint = exercise.hint(Some(&answer));
        if args.json {
            outln!("{}", json!({ "hint": hint }))?;
        } else {
            outln!("{hint}")?;
        }
        return Ok(());
    }
    let marking = exercise.mark(&answer);
    if args.json {
        let mut value = marking_json(&marking);
        value["exercise"] = exercise_json(exercise);
        value["answer"] = json!(answer.to_text(exercise));
        outln!("{value}")?;
    } else {
        outln!("{}", marking_text(&marking))?;
    }
    Ok(())
}

/// The exercise as JSON: what the student is given (the page's shape).
fn exercise_json(exercise: &Exercise) -> Value {
    serde_json::to_value(ExerciseView::of(exercise)).unwrap_or_default()
}

/// The marking as JSON (the page's shape).
fn marking_json(marking: &Marking) -> Value {
    serde_json::to_value(MarkingView::of(marking)).unwrap_or_default()
}

/// The marking as text: the points and the first mistake explained.
fn marking_text(marking: &Marking) -> String {
    let mut out = format!("{} of {} points.", marking.points, marking.out_of);
    match marking.explanation() {
        Some(why) => out.push_str(&format!("\nFirst mistake: {why}")),
        None => out.push_str(" All correct."),
    }
    out
}

/// The exercise as the student sees it: the question and the tree or the board.
fn show(exercise: &Exercise) -> String {
    let picture = match (&exercise.task, exercise.outline()) {
        (Task::Position(board), _) => board_text(board, &[]),
        (_, Some(outline)) => outline,
        _ => String::new(),
    };
    format!("{}\n\n{picture}", exercise.question())
}

/// What a reply to a prompt asked for.
enum Reply {
    /// Part of the answer.
    Text(String),
    /// Stop practising.
    Quit,
}

/// A practice session on a line-based input and output.
struct Practice<R, W> {
    input: R,
    out: W,
    points: u32,
    out_of: u32,
    done: u32,
}

impl<R: BufRead, W: Write> Practice<R, W> {
    fn run(&mut self, args: &PracticeArgs, seed: u64) -> anyhow::Result<()> {
        writeln!(
            self.out,
            "Practice minimax and alpha-beta: answer each part, and mnk marks it.\n\
             At any question type ? for a hint or q to stop."
        )?;
        let mut n: u64 = 0;
        loop {
            if args.count.is_some_and(|c| n >= u64::from(c)) {
                break;
            }
            let kind = kind_of(args, n);
            let exercise_seed = seed.wrapping_add(n);
            n += 1;
            let exercise = match Exercise::generate(kind, args.difficulty, exercise_seed) {
                Ok(e) => e,
                Err(e) => bail!("{e}"),
            };
            writeln!(
                self.out,
                "\nExercise {n}: {kind}, {} (repeat it with: mnk practice --kind {kind} \
                 --difficulty {} --seed {exercise_seed})\n",
                args.difficulty, args.difficulty
            )?;
            writeln!(self.out, "{}", show(&exercise))?;
            if !self.exercise(&exercise)? {
                break;
            }
        }
        self.goodbye()
    }

    /// Asks every part of one exercise, marks it, and offers the solution. False to stop.
    fn exercise(&mut self, exercise: &Exercise) -> anyhow::Result<bool> {
        let mut given: Vec<String> = Vec::new();
        for part in exercise.parts() {
            loop {
                let Some(line) = self.read_line(&part.prompt)? else {
                    return Ok(false);
                };
                match self.reply(exercise, &part, &line)? {
                    Some(Reply::Quit) => return Ok(false),
                    Some(Reply::Text(text)) => {
                        given.push(text);
                        break;
                    }
                    None => continue,
                }
            }
        }
        let answer =
            Answer::parse(exercise, &given.join(" ")).map_err(|e| anyhow::anyhow!("{e}"))?;
        let marking = exercise.mark(&answer);
        self.points += marking.points;
        self.out_of += marking.out_of;
        self.done += 1;
        writeln!(self.out, "{}", marking_text(&marking))?;
        loop {
            let Some(line) =
                self.read_line("Enter to go on, s to step through the solution, q to stop: ")?
            else {
                return Ok(false);
            };
            match line.trim() {
                "" | "n" | "next" => return Ok(true),
                "q" | "quit" | "exit" => return Ok(false),
                "s" | "solution" => {
                    writeln!(
                        self.out,
                        "Answer: {}\n",
                        exercise.solution().to_text(exercise)
                    )?;
                    writeln!(self.out, "{}", exercise.walkthrough())?;
                }
                other => writeln!(self.out, "'{other}' is not a choice: press Enter, s or q.")?,
            }
        }
    }

    /// Reads one reply: a hint, a stop, or a part checked on its own. `None`: ask again.
    fn reply(
        &mut self,
        exercise: &Exercise,
        part: &Part,
        line: &str,
    ) -> anyhow::Result<Option<Reply>> {
        match line.trim() {
            "q" | "quit" | "exit" => return Ok(Some(Reply::Quit)),
            "?" | "hint" | "h" => {
                writeln!(self.out, "Hint: {}", exercise.part_hint(part))?;
                return Ok(None);
            }
            "" if !part.list => {
                writeln!(self.out, "Type an answer, ? for a hint or q to stop.")?;
                return Ok(None);
            }
            _ => {}
        }
        let text = part.text(line);
        match Answer::parse(exercise, &text) {
            Ok(_) => Ok(Some(Reply::Text(text))),
            Err(e) => {
                writeln!(self.out, "{e}.")?;
                Ok(None)
            }
        }
    }

    fn goodbye(&mut self) -> anyhow::Result<()> {
        writeln!(self.out)?;
        if self.done > 0 {
            writeln!(
                self.out,
                "You scored {} of {} points over {} exercise{}. Goodbye.",
                self.points,
                self.out_of,
                self.done,
                if self.done == 1 { "" } else { "s" }
            )?;
        } else {
            writeln!(self.out, "Goodbye.")?;
        }
        Ok(())
    }

    /// Prints the prompt and reads one line; `None` at end of input.
    fn read_line(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(self.out)?;
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&bytes)
            .trim_end_matches(['\n', '\r'])
            .to_string();
        // Echo piped input so a transcript reads like a terminal session.
        if !std::io::stdin().is_terminal() {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }
}
