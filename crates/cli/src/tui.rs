//! `mnk tui`: options of the full-screen game, handed to [`mnk_tui`].

use crate::game_args::GameArgs;
use clap::Args;
use std::io::IsTerminal;

/// Options of `mnk tui` (the same as `mnk play` where they overlap).
#[derive(Args, Debug, Default)]
#[command(after_help = format!("{}\n\n{}", mnk_tui::render::key_help_text(), crate::game_args::levels_help()))]
pub struct TuiArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Pause between moves when the computer plays both sides, in milliseconds (rounded to
    /// 0, 100, 250, 500, 1000, 2000 or 4000; + and - change it in the game). Default: 500.
    #[arg(long, value_name = "MS", default_value_t = 500)]
    pub pace: u64,
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
    let seed = args.game.seed_or_random();
    let config = args.game.session_config(seed)?;
    mnk_tui::run(mnk_tui::Options {
        config,
        pace: mnk_tui::Options::pace_for_ms(args.pace),
        go: args.game.move_time.go(),
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
