//! `mnk match`: two computer players (built-in levels or external Gomocup brains) play a
//! series of games from balanced openings with colours alternated; a line per game as it
//! ends, then a result table with the Elo difference. The match itself is the `mnk-match`
//! library's; this module has the flags and the printing.

use crate::common::outln;
use clap::Args;
use mnk_engine::ai::ForcedWin;
use mnk_engine::{Board, Outcome, Rule, Rules, Side, Size};
use mnk_match::stats::{elo, elo_text, round_to};
use mnk_match::{display_name, Choice, ColourSplit, GameRecord, Settings, Spec, Tally};
use std::path::PathBuf;
use std::time::Duration;

/// Options of `mnk match`.
#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Player A (x in the first game): a level (perfect, hard, medium, easy, depth:N, random)
    /// or pbrain:PATH for a Gomocup brain executable.
    #[arg(long, value_name = "PLAYER")]
    pub x: String,
    /// Player B (o in the first game), like --x.
    #[arg(long, value_name = "PLAYER")]
    pub o: String,
    /// Games to play; colours alternate, each opening is played once with each colour.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Board size as WxH.
    #[arg(long, value_name = "WxH", default_value = "15x15")]
    pub size: Size,
    /// Stones in a row that win; default min(W, H, 5).
    #[arg(long)]
    pub k: Option<usize>,
    /// The rule: freestyle (K or more wins, the default), exact (exactly K wins; brains are
    /// told `INFO rule 1`) or renju (x may not make an overline, a double four or a double
    /// three; `INFO rule 4`).
    #[arg(long, value_name = "RULE", value_parser = crate::game_args::parse_rule)]
    pub rule: Option<Rule>,
    /// The same as `--rule exact`.
    #[arg(long, conflicts_with = "rule")]
    pub exact: bool,
    /// Thinking time per move in milliseconds (the search levels and the brains); 0: fixed
    /// amounts of work instead (the built-in levels, and pbrain-mnk through an INFO key only
    /// it reads), so a seeded match repeats exactly.
    #[arg(long, value_name = "MS", default_value_t = 1000)]
    pub time_per_move: u64,
    /// Thinking time of each player for a whole game in milliseconds (0: no game clock). A
    /// player whose moves add up to more (beyond the tolerance) loses the game.
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub time_per_game: u64,
    /// How far past the time per move (and the time per game) an answer may come, in
    /// milliseconds, before the player loses the game by forfeit.
    #[arg(long, value_name = "MS", default_value_t = mnk_match::DEFAULT_TOLERANCE_MS)]
    pub tolerance: u64,
    /// Openings: `balanced` (the default: on 15x15 with five in a row, under each rule, starts
    /// chosen by the search's value and checked by self-play; elsewhere the compact set), `compact` (three stones close to the centre), or a
    /// file with one opening per line in board notation (e.g. 'h8 i9 h9').
    #[arg(long, value_name = "SET|FILE", default_value = "balanced", value_parser = Choice::parse)]
    pub openings: Choice,
    /// Seed of the random choices of the built-in levels and of pbrain-mnk.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most threads each player may use: the built-in levels, and brains through `INFO
    /// thread_num` (read by pbrain-mnk and Rapfi). Without it nothing is sent, and `hard`
    /// and pbrain-mnk search on every core (at most 8) when a clock bounds the move.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Write the games to FILE as they end, PGN-like: tags (players, size, k, result,
    /// reason), then the moves in board notation (see docs/match.md).
    #[arg(long, alias = "pgn", value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// For each lost game, find the loser's first move after which the winner had a proven
    /// forced win (by continuous fours), and report it.
    #[arg(long)]
    pub analyze: bool,
    /// Print exactly one JSON object on stdout (the per-game lines go to stderr).
    #[arg(long)]
    pub json: bool,
}

/// Runs the match.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let rule = match (args.rule, args.exact) {
        (Some(rule), _) => rule,
        (None, true) => Rule::Exact,
        (None, false) => Rule::Freestyle,
    };
    let rules = Rules::new(args.size.width, args.size.height, args.k)?.with_rule(rule);
    let players = [Spec::parse(&args.x)?, Spec::parse(&args.o)?];
    if args.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let settings = Settings {
        players,
        names: [display_name(&args.x), display_name(&args.o)],
        games: args.games,
        rules,
        per_move: Duration::from_millis(args.time_per_move),
        per_game: (args.time_per_game > 0).then(|| Duration::from_millis(args.time_per_game)),
        tolerance: Duration::from_millis(args.tolerance),
        openings: args.openings.openings(rules)?,
        seed: args.seed,
        threads: args.threads.map(usize::from),
        analyze: args.analyze,
        record: args.record.clone(),
    };
    let names = &settings.names;
    let summary = mnk_match::play(&settings, |number, game, tallies| {
        let mut lines = vec![game_line(number, args.games, names, game, tallies)];
        if let Some(losing) = &game.losing {
            lines.push(format!("  losing move: {}", losing.describe(rules)));
        }
        for line in lines {
            if args.json {
                eprintln!("{line}");
            } else {
                outln!("{line}")?;
            }
        }
        anyhow::Ok(())
    })?;
    let results = (&summary.tallies, &summary.split);
    if args.json {
        print_json(&args, rules, names, results, &summary.games)?;
    } else {
        print_table(&args, rules, names, results)?;
    }
    Ok(())
}

/// The live scoreboard line of a finished game.
fn game_line(
    number: u32,
    total: u32,
    names: &[String; 2],
    r: &GameRecord,
    tallies: &[Tally; 2],
) -> String {
    let (xn, on) = r.sides(names);
    let result = match (&r.outcome, &r.fault) {
        (Outcome::Win(w), Some((loser, f))) => {
            let who = if *loser == Side::X { xn } else { on };
            format!("{w} wins: {who} {f}")
        }
        (Outcome::Win(w), None) => format!("{w} wins in {} moves", r.moves.len()),
        (Outcome::Draw, _) => format!("draw after {} moves", r.moves.len()),
    };
    format!(
        "game {number}/{total}: x {xn} - o {on}: {result}   | A {:.1} - B {:.1}",
        tallies[0].score(),
        tallies[1].score()
    )
}

fn print_table(
    args: &MatchArgs,
    rules: Rules,
    names: &[String; 2],
    (t, split): (&[Tally; 2], &ColourSplit),
) -> std::io::Result<()> {
    outln!()?;
    outln!(
        "{} games on {rules}, {} ms per move{}",
        args.games,
        args.time_per_move,
        match args.time_per_game {
            0 => String::new(),
            ms => format!(", {ms} ms per game"),
        }
    )?;
    outln!(
        "{:<3} {:<28} {:>4} {:>4} {:>4} {:>7} {:>8} {:>8} {:>7}",
        "",
        "player",
        "W",
        "D",
        "L",
        "score",
        "avg ms",
        "max ms",
        "faults"
    )?;
    for (i, label) in ["A", "B"].iter().enumerate() {
        let name: String = names[i].chars().take(28).collect();
        outln!(
            "{label:<3} {name:<28} {:>4} {:>4} {:>4} {:>7.1} {:>8.1} {:>8} {:>7}",
            t[i].wins,
            t[i].draws,
            t[i].losses,
            t[i].score(),
            t[i].average_ms(),
            t[i].longest.as_millis(),
            t[i].faults
        )?;
    }
    outln!("Elo difference A - B: {}", elo_text(&t[0]))?;
    outln!(
        "By colour: x won {}, o won {}, {} drawn{}",
        split.x_wins,
        split.o_wins,
        split.draws,
        split
            .x_score()
            .map_or(String::new(), |p| format!(" (x scored {:.1}%)", p * 100.0))
    )?;
    for (i, label) in ["A", "B"].iter().enumerate() {
        let [[xw, xd, xl], [ow, od, ol]] = [split.player(i, 0), split.player(i, 1)];
        outln!("{label} with x: {xw}-{xd}-{xl}, with o: {ow}-{od}-{ol} (won-drawn-lost)")?;
    }
    Ok(())
}

fn print_json(
    args: &MatchArgs,
    rules: Rules,
    names: &[String; 2],
    (t, split): (&[Tally; 2], &ColourSplit),
    records: &[GameRecord],
) -> std::io::Result<()> {
    let results = |[wins, draws, losses]: [u32; 3]| serde_json::json!({"wins": wins, "draws": draws, "losses": losses});
    let player = |i: usize| {
        serde_json::json!({
            "as_x": results(split.player(i, 0)),
            "as_o": results(split.player(i, 1)),
            "name": names[i],
            "wins": t[i].wins,
            "draws": t[i].draws,
            "losses": t[i].losses,
            "score": t[i].score(),
            "moves": t[i].moves,
            "avg_ms": round_to(t[i].average_ms(), 3),
            "max_ms": t[i].longest.as_millis() as u64,
            "faults": t[i].faults,
        })
    };
    // Elo to 0.1; null where the interval is unbounded (a clean sweep) or no game was played.
    let elo = elo(&t[0]);
    let tenth = |x: Option<f64>| x.map(|x| round_to(x, 1));
    let (diff, low, high) = (
        tenth(elo.and_then(|e| e.estimate)),
        tenth(elo.and_then(|e| e.low)),
        tenth(elo.and_then(|e| e.high)),
    );
    // Half the interval's width, kept for readers of the older field; the interval itself
    // is lopsided away from an even score, so elo_low and elo_high say more.
    let margin = low.zip(high).map(|(lo, hi)| round_to((hi - lo) / 2.0, 1));
    let board = Board::new(rules);
    let games: Vec<_> = records
        .iter()
        .map(|r| {
            let mut game = serde_json::json!({
                "x": if r.a_is_x { "A" } else { "B" },
                "result": match r.outcome {
                    Outcome::Win(Side::X) => "x",
                    Outcome::Win(Side::O) => "o",
                    Outcome::Draw => "draw",
                },
                "fault": r.fault.as_ref().map(|(_, f)| f.to_string()),
                "moves": r.moves.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>(),
            });
            if args.analyze {
                game["losing_move"] = match &r.losing {
                    Some(l) => serde_json::json!({
                        "ply": l.ply,
                        "side": l.side.to_string(),
                        "move": board.cell_name(l.cell),
                        "by": match &l.win {
                            ForcedWin::Fours(_) => "fours",
                            ForcedWin::Threats { .. } => "threats",
                        },
                        "first": board.cell_name(l.win.first()),
                        // The whole line for a win by fours; a win by threats is a tree.
                        "line": match &l.win {
                            ForcedWin::Fours(line) => {
                                line.iter().map(|&c| board.cell_name(c)).collect::<Vec<_>>()
                            }
                            ForcedWin::Threats { first, .. } => vec![board.cell_name(*first)],
                        },
                        "plies_at_most": match &l.win {
                            ForcedWin::Fours(_) => None,
                            ForcedWin::Threats { plies, .. } => Some(*plies),
                        },
                    }),
                    None => serde_json::Value::Null,
                };
            }
            game
        })
        .collect();
    let out = serde_json::json!({
        "rules": {"width": rules.width(), "height": rules.height(), "k": rules.k(), "exact": rules.exact_k(), "rule": rules.rule().name()},
        "games": args.games,
        "time_per_move_ms": args.time_per_move,
        "time_per_game_ms": args.time_per_game,
        "tolerance_ms": args.tolerance,
        "threads": args.threads,
        "a": player(0),
        "b": player(1),
        "elo": diff,
        "elo_low": low,
        "elo_high": high,
        "elo_margin": margin,
        "by_colour": {
            "x_wins": split.x_wins,
            "o_wins": split.o_wins,
            "draws": split.draws,
            "x_score": split.x_score().map(|p| round_to(p, 3)),
        },
        "results": games,
    });
    outln!("{out}")
}
