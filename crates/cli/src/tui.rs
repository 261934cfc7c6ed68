//! `mnk tui`: options of the full-screen game, handed to [`mnk_tui`].

use crate::play::{parse_player, First};
use clap::Args;
use mnk_engine::ai::Player;
use mnk_engine::Size;
use std::io::IsTerminal;

/// Options of `mnk tui` (the same as `mnk play` where they overlap).
#[derive(Args, Debug, Default)]
#[command(after_help = mnk_tui::render::key_help_text())]
pub struct TuiArgs {
    /// Board size as WxH (1 to 26 each); default 3x3.
    #[arg(long, value_name = "WxH")]
    pub size: Option<Size>,
    /// Stones in a row that win (1 to the longer side); default min(W, H, 5).
    #[arg(long)]
    pub k: Option<usize>,
    /// Who plays x: human, perfect, hard, medium, easy, random or depth:N. Default: human.
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub x: Option<Player>,
    /// Who plays o (same choices). Default: perfect.
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub o: Option<Player>,
    /// Which symbol moves first, whoever plays it. Default: x.
    #[arg(long, value_enum)]
    pub first: Option<First>,
    /// Seed for every random choice (random moves, ties between equally good moves).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Pause between moves when the computer plays both sides, in milliseconds (rounded to
    /// 0, 100, 250, 500, 1000, 2000 or 4000; + and - change it in the game). Default: 500.
    #[arg(long, value_name = "MS", default_value_t = 500)]
    pub pace: u64,
    #[command(flatten)]
    pub move_time: crate::play::MoveTimeArgs,
    /// Language of the screen: en or zh (Simplified Chinese). Default: from the environment
    /// (LC_ALL, LC_MESSAGES, LANG; zh_CN.UTF-8 and other zh locales choose Chinese).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
}

/// `--lang`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum LangArg {
    /// English.
    En,
    /// Simplified Chinese.
    Zh,
}

impl From<LangArg> for mnk_tui::lang::Lang {
    fn from(l: LangArg) -> Self {
        match l {
            LangArg::En => mnk_tui::lang::Lang::En,
            LangArg::Zh => mnk_tui::lang::Lang::Zh,
        }
    }
}

/// Runs `mnk tui`.
pub fn run(args: TuiArgs) -> anyhow::Result<()> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        anyhow::bail!(
            "the full-screen game needs a terminal on standard input and output (use mnk play for line mode)"
        );
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let config = crate::play::session_config(args.size, args.k, args.x, args.o, args.first, seed)?;
    mnk_tui::run(mnk_tui::Options {
        config,
        pace: mnk_tui::Options::pace_for_ms(args.pace),
        move_clock: args.move_time.clock(),
        lang: args
            .lang
            .map_or_else(mnk_tui::lang::Lang::from_env, Into::into),
    })?;
    Ok(())
}

/// `mnk` with no arguments: the full-screen game on a terminal, line mode otherwise.
pub fn run_default() -> anyhow::Result<()> {
    if std::io::stdout().is_terminal() && std::io::stdin().is_terminal() {
        run(TuiArgs {
            pace: 500,
            ..TuiArgs::default()
        })
    } else {
        crate::play::run_default()
    }
}
