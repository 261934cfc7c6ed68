//! `mnk tree`: minimax and alpha-beta on an explicit tree or on the game tree of a position,
//! shown as a drawing, a trace, DOT, SVG or JSON.

use super::svg;
use crate::common::BoardArgs;
use crate::render::board_text;
use anyhow::bail;
use clap::{Args, ValueEnum};
use mnk_engine::search::TextbookSearch;
use mnk_engine::teach::{dot, draw, Lesson, TextbookChoice};
use mnk_engine::tree::chance::ChanceTree;
use mnk_engine::tree::{self, TreeParseError, MAX_INPUT_BYTES};
use mnk_engine::Evaluator;
use mnk_engine::{Board, Size};
use serde_json::{json, Value};
use std::io::Read;
use std::path::PathBuf;

/// `--algo`: the engine's [`TextbookChoice`] by its name, each shown with what it does.
fn choice_parser() -> impl clap::builder::TypedValueParser<Value = TextbookChoice> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = TextbookChoice::ALL.map(|c| PossibleValue::new(c.name()).help(choice_help(c)));
    PossibleValuesParser::new(values)
        .map(|name| TextbookChoice::from_name(&name).expect("clap accepts only the names offered"))
}

/// What `--algo`'s help says of each choice.
fn choice_help(choice: TextbookChoice) -> &'static str {
    match choice {
        TextbookChoice::One(TextbookSearch::Minimax) => "Plain minimax: every node",
        TextbookChoice::One(TextbookSearch::AlphaBeta) => {
            "Textbook alpha-beta: children left to right, cut when alpha >= beta"
        }
        TextbookChoice::Both => "Both, side by side",
    }
}

/// Leaf estimates at the depth limit of a real game tree.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum EvalChoice {
    /// Open lines for x minus open lines for o (the seeds' evaluator).
    OpenLines,
    /// Every unfinished position is worth 0.
    Zero,
}

/// Options of `mnk tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree: an S-expression such as '((60 63) (15 58))' (a leaf is an integer, an inner
    /// node a list of children) or JSON nested arrays such as '[[60,63],[15,58]]'; '-' reads
    /// standard input. Limits: 1 MiB of text, 100000 nodes, 64 levels, leaves within ±29999.
    #[arg(value_name = "TREE")]
    pub tree: Option<String>,
    /// Read the tree from a file ('-' for standard input).
    #[arg(long, short = 'f', value_name = "FILE", conflicts_with = "tree")]
    pub file: Option<PathBuf>,
    /// Which search to run.
    #[arg(long, value_parser = choice_parser(), default_value = "both")]
    pub algo: TextbookChoice,
    /// MIN chooses at the root (default: MAX). Explicit trees only.
    #[arg(long)]
    pub min_first: bool,
    /// Print the step-by-step account: windows, values returned, cutoffs and why.
    #[arg(long)]
    pub trace: bool,
    /// Print Graphviz DOT instead of the text (alpha-beta's picture unless --algo minimax).
    #[arg(long, conflicts_with = "json")]
    pub dot: bool,
    /// Write an SVG picture of the tree to FILE (same picture as --dot; up to 2000 nodes).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
    /// Build the game tree of this position instead (board text, e.g. 'x.o/.x./..o').
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["tree", "file", "min_first"])]
    pub position: Option<String>,
    /// Board size for --position, as WxH; default the size of the position.
    #[arg(long, value_name = "WxH", requires = "position")]
    pub size: Option<Size>,
    /// Stones in a row that win, for --position.
    #[arg(long, requires = "position")]
    pub k: Option<usize>,
    /// Plies to look ahead from --position (default 2).
    #[arg(long, value_name = "PLIES", requires = "position",
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// How leaves at the depth limit are valued (game ends are always exact).
    #[arg(long, value_enum, requires = "position")]
    pub eval: Option<EvalChoice>,
    /// Trees with chance nodes: the range every leaf lies in, as LO..HI (such as 0..10); with
    /// it, chance nodes cut too.
    #[arg(long, value_name = "LO..HI", value_parser = super::chance::parse_bounds,
          conflicts_with = "position")]
    pub bounds: Option<(i32, i32)>,
}

/// Runs `mnk tree`.
pub fn run_tree(args: TreeArgs) -> anyhow::Result<()> {
    let algos = args.algo.searches();
    let (lessons, board, heading) = if let Some(text) = &args.position {
        let board = BoardArgs {
            size: args.size,
            k: args.k,
            position: Some(text.clone()),
            json: args.json,
        }
        .board()?;
        let depth = args.depth.unwrap_or(2);
        let evaluator = match args.eval.unwrap_or(EvalChoice::OpenLines) {
            EvalChoice::OpenLines => Evaluator::OpenLines,
            EvalChoice::Zero => Evaluator::Zero,
        };
        let lessons = algos
            .iter()
            .map(|&a| Lesson::for_board(&board, depth, evaluator, a))
            .collect::<Result<Vec<_>, _>>()?;
        let heading = format!(
            "{}{} to move ({}); x is MAX. Game tree {} deep, cells in index order.",
            board_text(&board, &[]),
            board.to_move(),
            board.rules(),
            crate::common::counted(depth.into(), "ply", "plies")
        );
        (lessons, Some(board), heading)
    } else {
        let general = read_tree(&args)?;
        if general.has_chance() {
            if args.dot || args.svg.is_some() || args.trace {
                bail!(
                    "a tree with chance nodes is shown as a table or JSON: --trace, --dot and \
                     --svg are for trees of MAX and MIN nodes"
                );
            }
            return super::chance::run(&general, !args.min_first, args.bounds, args.json);
        }
        if args.bounds.is_some() {
            bail!("--bounds is for trees with chance nodes ('(? 0.5 3 0.5 7)')");
        }
        let tree = general
            .into_plain()
            .expect("a tree without chance nodes is a plain tree");
        let lessons: Vec<Lesson> = algos
            .iter()
            .map(|&a| Lesson::for_tree(&tree, !args.min_first, a))
            .collect();
        let heading = format!(
            "A tree of {} nodes and {} leaves, {} at the root.",
            tree.node_count(),
            tree.leaf_count(),
            if args.min_first { "MIN" } else { "MAX" }
        );
        (lessons, None, heading)
    };
    let refs: Vec<&Lesson> = lessons.iter().collect();
    let picture = refs[refs.len() - 1];
    if let Some(path) = &args.svg {
        svg::write(picture, path)?;
    }
    let mut out = String::new();
    if args.json {
        out = format!("{}\n", to_json(&refs, args.algo, board.as_ref()));
    } else if args.dot {
        out = dot::dot(picture);
    } else {
        out.push_str(&format!("{heading}\n\n"));
        if args.trace {
            for l in &refs {
                out.push_str(&format!(
                    "Trace of {}:\n{}\n",
                    l.algo.title(),
                    mnk_engine::teach::trace(l)
                ));
            }
        }
        out.push_str(&draw::draw(&refs));
        out.push('\n');
        out.push_str(&draw::summary(&refs));
        if let Some(path) = &args.svg {
            out.push_str(&format!("SVG picture written to {}.\n", path.display()));
        }
    }
    emit(&out)
}

/// Writes the output; a reader that stops early (`| head`) is not an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(e).context("cannot write the output"))
        }
        _ => Ok(()),
    }
}

/// The tree from the argument, the file, or standard input (chance nodes allowed).
fn read_tree(args: &TreeArgs) -> anyhow::Result<ChanceTree> {
    let text = match (&args.tree, &args.file) {
        (Some(t), _) if t == "-" => read_limited(std::io::stdin().lock(), "standard input")?,
        (Some(t), _) => t.clone(),
        (None, Some(f)) if f.as_os_str() == "-" => {
            read_limited(std::io::stdin().lock(), "standard input")?
        }
        (None, Some(f)) => {
            // The cause goes into the one sentence the error edge prints.
            let file = std::fs::File::open(f)
                .map_err(|e| anyhow::anyhow!("cannot read the tree file {}: {e}", f.display()))?;
            read_limited(file, &f.display().to_string())?
        }
        (None, None) => bail!(
            "give a tree such as '((60 63) (15 58))', --file FILE, '-' for standard input, \
             or --position TEXT for a real game tree"
        ),
    };
    tree::parse_chance(&text).map_err(|e| match e {
        // "bad tree at col 14: ..." reads as one sentence at the error edge.
        TreeParseError::At { .. } => anyhow::anyhow!("bad tree at {e}"),
        TreeParseError::TooLong { .. } => e.into(),
    })
}

/// Reads at most one byte more than the parser accepts, so a huge input is never held whole.
fn read_limited(reader: impl Read, name: &str) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| anyhow::anyhow!("cannot read {name}: {e}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        bail!("the tree in {name} holds more than {MAX_INPUT_BYTES} bytes; the limit is 1 MiB");
    }
    String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("the tree in {name} is not UTF-8 text"))
}

/// One run as JSON (the fields of DESIGN.md plus a few more).
fn run_json(l: &Lesson) -> Value {
    let mut out = json!({
        "algo": l.algo.name(),
        "value": l.value,
        "leaves_visited": l.stats.leaves,
        "nodes_visited": l.stats.nodes,
        "cutoffs": l.stats.cutoffs,
        "pruned": l.pruned,
        "best_path": l.best_path,
    });
    if l.root_stones.is_some() {
        out["best_line"] = json!(l.best_line());
        out["value_text"] = json!(l.value_text(l.value));
        out["horizon_leaves"] = json!(l.stats.horizon_leaves);
    }
    if let (Some(total), Some(pruned)) = (l.leaves_total, l.leaves_pruned()) {
        out["leaves_total"] = json!(total);
        out["leaves_pruned"] = json!(pruned);
    }
    out
}

/// The JSON object: the last run's figures at the top level (alpha-beta's when both ran),
/// every run under `runs`.
fn to_json(lessons: &[&Lesson], choice: TextbookChoice, board: Option<&Board>) -> Value {
    let last = lessons[lessons.len() - 1];
    let mut out = run_json(last);
    out["algo"] = json!(choice.name());
    out["root"] = json!(if last.root_max() { "max" } else { "min" });
    out["runs"] = Value::Array(lessons.iter().map(|l| run_json(l)).collect());
    if let Some(b) = board {
        let rules = b.rules();
        out["rules"] = json!({"width": rules.width(), "height": rules.height(), "k": rules.k()});
        out["position"] = json!(b.to_text());
        out["to_move"] = json!(b.to_move().letter().to_string());
    }
    out
}
