//! The options that describe a game, flattened once into `mnk play` and `mnk tui`, and the
//! move-time option they share with `mnk serve`.

use clap::{Args, ValueEnum};
use mnk_engine::ai::{BadPlayer, Player};
use mnk_engine::session::SessionConfig;
use mnk_engine::Go;
use mnk_engine::{Rule, Rules, Side, Size};
use std::time::{Duration, Instant};

/// Board, players, first mover, seed and move time: what `mnk play` and `mnk tui` share.
#[derive(Args, Debug, Default)]
pub struct GameArgs {
    /// Board size as WxH (1 to 26 each); default 3x3.
    #[arg(long, value_name = "WxH")]
    pub size: Option<Size>,
    /// Stones in a row that win (1 to the longer side); default min(W, H, 5).
    #[arg(long)]
    pub k: Option<usize>,
    /// freestyle (K or more wins, the default), exact (exactly K wins, an overline does not)
    /// or renju (x may not make an overline, a double four or a double three).
    #[arg(long, value_name = "RULE", value_parser = parse_rule)]
    pub rule: Option<Rule>,
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
    #[command(flatten)]
    pub move_time: MoveTimeArgs,
}

impl GameArgs {
    /// The seed given, or a fresh random one.
    pub fn seed_or_random(&self) -> u64 {
        self.seed.unwrap_or_else(rand::random)
    }

    /// The game these options describe (3x3, human x, perfect o, x first by default).
    pub fn session_config(&self, seed: u64) -> anyhow::Result<SessionConfig> {
        let size = self.size.unwrap_or(Size {
            width: 3,
            height: 3,
        });
        Ok(SessionConfig {
            rules: Rules::new(size.width, size.height, self.k)?
                .with_rule(self.rule.unwrap_or_default()),
            x: self.x.unwrap_or(Player::Human),
            o: self.o.unwrap_or(SessionConfig::default().o),
            first: match self.first {
                Some(First::O) => Side::O,
                _ => Side::X,
            },
            seed,
            ..SessionConfig::default()
        })
    }
}

/// The computer levels in one sentence each, after the options of `play` and `tui`.
pub fn levels_help() -> String {
    use mnk_engine::ai::Level;
    let levels = [
        ("perfect", Level::Perfect),
        ("hard", Level::Hard),
        ("medium", Level::Depth(2)),
        ("easy", Level::Depth(1)),
        ("random", Level::Random),
        ("depth:N", Level::Depth(0)),
    ];
    let mut text = String::from("Computer levels:");
    for (name, level) in levels {
        let sentence = level.description().replace(" 0 ", " N ");
        text.push_str(&format!("\n  {name:<8} {sentence}"));
    }
    text
}

/// The time limit of computer moves on big boards, shared by `play`, `tui` and `serve`.
#[derive(Args, Debug, Clone, Copy)]
pub struct MoveTimeArgs {
    /// Milliseconds per computer move: perfect proves what it can in this time, then searches
    /// (0: fixed amounts of work instead, so a seeded game repeats exactly).
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub time_per_move: u64,
}

impl Default for MoveTimeArgs {
    fn default() -> Self {
        MoveTimeArgs {
            time_per_move: 1000,
        }
    }
}

impl MoveTimeArgs {
    /// The limit, or `None` for the node budget.
    pub fn limit(self) -> Option<Duration> {
        (self.time_per_move > 0).then(|| Duration::from_millis(self.time_per_move))
    }

    /// What each computer move may use: this time on this machine's clock, or fixed work.
    pub fn go(self) -> Go {
        match self.limit() {
            Some(t) => Go::timed(t, Instant::now),
            None => Go::fixed_work(),
        }
    }
}

/// The side that moves first.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum First {
    /// x moves first.
    X,
    /// o moves first.
    O,
}

/// A `--x`/`--o` value: `human` or a computer level.
fn parse_player(text: &str) -> Result<Player, String> {
    text.parse().map_err(|e: BadPlayer| e.to_string())
}

/// A `--rule` value.
pub fn parse_rule(text: &str) -> Result<Rule, String> {
    text.parse()
        .map_err(|e: mnk_engine::RulesError| e.to_string())
}
