//! `mnk serve`: options of the local web app, handed to [`mnk_web`].

use crate::play::MoveTimeArgs;
use clap::Args;
use std::net::SocketAddr;

/// Options of `mnk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on; loopback by default (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    #[command(flatten)]
    pub move_time: MoveTimeArgs,
}

/// Runs `mnk serve` until Ctrl-C.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let limits = mnk_web::Limits {
        move_time: args.move_time.limit(),
        ..mnk_web::Limits::default()
    };
    mnk_web::run(args.addr, args.open, limits)
        .map_err(|e| anyhow::anyhow!("cannot serve on {}: {e}", args.addr))
}
