//! `mnk serve`: options of the local web app, handed to [`mnk_web`].

use crate::game_args::MoveTimeArgs;
use clap::Args;
use std::net::{Ipv4Addr, SocketAddr, ToSocketAddrs};

/// Options of `mnk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on, HOST:PORT: an IP address or a host name (localhost is loopback;
    /// other names are looked up); loopback by default; port 0 picks a free port.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080", value_parser = parse_addr)]
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

/// An `--addr` value: `IP:PORT` (`[::1]:8080` for IPv6) or `NAME:PORT`, the name looked up
/// (`localhost` is always the IPv4 loopback, whatever the resolver prefers).
fn parse_addr(text: &str) -> Result<SocketAddr, String> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    let shape = || "expected HOST:PORT, like 127.0.0.1:8080 or localhost:0".to_string();
    let (host, port) = text.rsplit_once(':').ok_or_else(shape)?;
    if host.is_empty() {
        return Err(shape());
    }
    let port: u16 = port
        .parse()
        .map_err(|_| format!("the port must be a number from 0 to 65535, not '{port}'"))?;
    if host.eq_ignore_ascii_case("localhost") {
        return Ok(SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
    }
    let found = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("the host name '{host}' could not be looked up ({e})"))?;
    let mut addrs: Vec<SocketAddr> = found.collect();
    // IPv4 first, as the default address is.
    addrs.sort_by_key(|a| a.is_ipv6());
    addrs
        .into_iter()
        .next()
        .ok_or_else(|| format!("the host name '{host}' has no address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_host_names_are_accepted_and_garbage_refused() {
        assert_eq!(
            parse_addr("127.0.0.1:0"),
            Ok(SocketAddr::from(([127, 0, 0, 1], 0)))
        );
        assert_eq!(parse_addr("[::1]:80").map(|a| a.is_ipv6()), Ok(true));
        assert_eq!(
            parse_addr("localhost:0"),
            Ok(SocketAddr::from(([127, 0, 0, 1], 0)))
        );
        assert_eq!(parse_addr("LocalHost:8080").map(|a| a.port()), Ok(8080));
        let shape = Err("expected HOST:PORT, like 127.0.0.1:8080 or localhost:0".into());
        assert_eq!(parse_addr("not-an-address"), shape);
        assert_eq!(parse_addr(":80"), shape);
        assert_eq!(
            parse_addr("localhost:http"),
            Err("the port must be a number from 0 to 65535, not 'http'".into())
        );
        assert_eq!(
            parse_addr("localhost:70000"),
            Err("the port must be a number from 0 to 65535, not '70000'".into())
        );
    }
}
