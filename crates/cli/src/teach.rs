//! `mnk tree` and `mnk compare`: the teaching tools (to be built: issue 4).

use crate::common::BoardArgs;
use clap::Args;

/// Options of `mnk tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// Print exactly one JSON object on stdout.
    #[arg(long)]
    pub json: bool,
}

/// Options of `mnk compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    pub common: BoardArgs,
}

/// Runs `mnk tree`.
pub fn run_tree(_args: TreeArgs) -> anyhow::Result<()> {
    anyhow::bail!("tree is not built yet")
}

/// Runs `mnk compare`.
pub fn run_compare(_args: CompareArgs) -> anyhow::Result<()> {
    anyhow::bail!("compare is not built yet")
}
