//! `mnk play`: the line-mode game (to be built: issue 3).

use clap::Args;

/// Options of `mnk play`.
#[derive(Args, Debug)]
pub struct PlayArgs {}

/// Runs `mnk play`.
pub fn run(_args: PlayArgs) -> anyhow::Result<()> {
    anyhow::bail!("play is not built yet")
}

/// `mnk` with no arguments.
pub fn run_default() -> anyhow::Result<()> {
    crate::solve::run_default()
}
