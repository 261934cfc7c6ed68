//! `mnk serve`: options of the local web app, handed to [`mnk_web`].

use crate::game_args::MoveTimeArgs;
use clap::Args;
use mnk_web::{Access, Config, Location, ServerLimits};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, ToSocketAddrs};
use std::path::PathBuf;
use std::time::Duration;

/// Options of `mnk serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on, HOST:PORT: an IP address or a host name (localhost is loopback;
    /// other names are looked up); loopback by default; port 0 picks a free port.
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080", value_parser = parse_addr)]
    pub addr: Listen,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// The game database (SQLite), created when missing; `:memory:` keeps games in memory
    /// only, lost when the server stops. Default: mnk/games.db in the user's data directory
    /// ($XDG_DATA_HOME, or ~/.local/share).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Also answer to this host name (the server's name on the network), besides IP
    /// addresses, localhost and the --addr host; may be given several times.
    #[arg(long = "allow-host", value_name = "NAME", value_parser = parse_host_name)]
    pub allow_host: Vec<String>,
    /// Ask for this token before using the API (the page asks for it once), for a server
    /// on a shared network.
    #[arg(long, value_name = "TOKEN", value_parser = parse_token)]
    pub token: Option<String>,
    /// Most games kept, all clients together (1 to 1,000,000).
    #[arg(long, value_name = "N", default_value_t = ServerLimits::default().max_games as u64,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_games: u64,
    /// Most games kept for one client address (1 to 100,000).
    #[arg(long, value_name = "N", default_value_t = ServerLimits::default().games_per_client as u64,
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub games_per_client: u64,
    /// Days a game is kept after its last use (1 to 3650).
    #[arg(long, value_name = "DAYS", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub keep_days: u64,
    /// Requests a second one client address may send, on average (0: no limit; at most
    /// 100,000).
    #[arg(long, value_name = "N", default_value_t = ServerLimits::default().requests_per_second,
          value_parser = clap::value_parser!(u32).range(0..=100_000))]
    pub rate: u32,
    #[command(flatten)]
    pub move_time: MoveTimeArgs,
}

/// The `--addr` value: the address, and the host name it was given by (if a name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listen {
    /// Where to listen.
    pub addr: SocketAddr,
    /// The name given instead of an address, which the server then answers to.
    pub name: Option<String>,
}

/// Runs `mnk serve` until Ctrl-C or SIGTERM.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let db = match args.db {
        Some(path) if path.as_os_str() == ":memory:" => Location::Memory,
        Some(path) => Location::File(path),
        None => Location::File(default_db()?),
    };
    let defaults = ServerLimits::default();
    let config = Config {
        limits: ServerLimits {
            max_games: args.max_games as usize,
            games_per_client: args.games_per_client as usize,
            idle: Duration::from_secs(args.keep_days * 24 * 60 * 60),
            requests_per_second: args.rate,
            // A page load is about 25 requests: a burst of at least that, whatever the rate.
            request_burst: (args.rate.saturating_mul(5)).max(defaults.request_burst),
            move_time: args.move_time.limit(),
            ..defaults
        },
        db,
        access: Access::new(
            args.addr.name.into_iter().chain(args.allow_host),
            args.token,
        ),
    };
    mnk_web::run(args.addr.addr, args.open, config).map_err(|e| anyhow::anyhow!("{e}"))
}

/// `mnk/games.db` in the user's data directory.
fn default_db() -> anyhow::Result<PathBuf> {
    let dir = dirs::data_dir().ok_or_else(|| {
        anyhow::anyhow!(
            "there is no data directory for the game database (no HOME or XDG_DATA_HOME); \
             give one with --db PATH, or --db :memory:"
        )
    })?;
    Ok(dir.join("mnk").join("games.db"))
}

/// An `--allow-host` value: a host name (letters, digits, '-' and '.').
fn parse_host_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    let fine = !name.is_empty()
        && name.len() <= 253
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    if fine {
        Ok(name.to_string())
    } else {
        Err("expected a host name like teacher-pc or teacher-pc.local".into())
    }
}

/// A `--token` value: 8 to 256 visible characters, no spaces.
fn parse_token(text: &str) -> Result<String, String> {
    let fine = (8..=256).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_graphic());
    if fine {
        Ok(text.to_string())
    } else {
        Err("a token is 8 to 256 letters, digits or signs, without spaces".into())
    }
}

/// An `--addr` value: `IP:PORT` (`[::1]:8080` for IPv6) or `NAME:PORT`, the name looked up
/// (`localhost` is always the IPv4 loopback, whatever the resolver prefers).
fn parse_addr(text: &str) -> Result<Listen, String> {
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(Listen { addr, name: None });
    }
    let shape = || "expected HOST:PORT, like 127.0.0.1:8080 or localhost:0".to_string();
    let (host, port) = text.rsplit_once(':').ok_or_else(shape)?;
    if host.is_empty() {
        return Err(shape());
    }
    let port: u16 = port
        .parse()
        .map_err(|_| format!("the port must be a number from 0 to 65535, not '{port}'"))?;
    let named = |addr: SocketAddr| Listen {
        addr,
        name: (host.parse::<IpAddr>().is_err()).then(|| host.to_string()),
    };
    if host.eq_ignore_ascii_case("localhost") {
        return Ok(named(SocketAddr::from((Ipv4Addr::LOCALHOST, port))));
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
        .map(named)
        .ok_or_else(|| format!("the host name '{host}' has no address"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_host_names_are_accepted_and_garbage_refused() {
        assert_eq!(
            parse_addr("127.0.0.1:0"),
            Ok(Listen {
                addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                name: None
            })
        );
        assert_eq!(parse_addr("[::1]:80").map(|a| a.addr.is_ipv6()), Ok(true));
        assert_eq!(
            parse_addr("localhost:0"),
            Ok(Listen {
                addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                name: Some("localhost".into())
            })
        );
        assert_eq!(
            parse_addr("LocalHost:8080").map(|a| a.addr.port()),
            Ok(8080)
        );
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

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn host_names_and_tokens_are_checked() {
        assert_eq!(
            parse_host_name("teacher-pc.local"),
            Ok("teacher-pc.local".into())
        );
        assert!(parse_host_name("evil/path").is_err());
        assert!(parse_host_name("").is_err());
        assert_eq!(parse_token("maths-7b!"), Ok("maths-7b!".into()));
        assert!(parse_token("short").is_err());
        assert!(parse_token("has a space").is_err());
    }
}
