//! `mnk match`: two computer players (built-in levels or external Gomocup brains) play a
//! series of games from balanced openings with colours alternated; a line per game as it
//! ends, then a result table with the Elo difference.

mod analyze;
mod contestant;
pub mod openings;
mod record;
mod stats;
mod workdir;

use crate::common::outln;
use analyze::LosingMove;
use anyhow::Context;
use clap::Args;
use contestant::{Contestant, Fault, GameSetup, Spec};
use mnk_engine::ai::ForcedWin;
use mnk_engine::{Board, Outcome, Rule, Rules, Side, Size};
use stats::{elo, elo_text, round_to, ColourSplit, Tally};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
    #[arg(long, value_name = "MS", default_value_t = contestant::DEFAULT_TOLERANCE_MS)]
    pub tolerance: u64,
    /// Openings: `balanced` (the default: on 15x15 with five in a row, under each rule, starts
    /// chosen by the search's value and checked by self-play; elsewhere the compact set), `compact` (three stones close to the centre), or a
    /// file with one opening per line in board notation (e.g. 'h8 i9 h9').
    #[arg(long, value_name = "SET|FILE", default_value = "balanced", value_parser = openings::Choice::parse)]
    pub openings: openings::Choice,
    /// Seed of the random choices of the built-in levels and of pbrain-mnk.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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

/// A player's name for the tables: a brain by its file name.
fn display_name(spec: &str) -> String {
    let spec = spec.trim();
    match spec.strip_prefix("pbrain:") {
        Some(path) => {
            let file = std::path::Path::new(path)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.to_string());
            format!("pbrain:{file}")
        }
        None => spec.to_string(),
    }
}

/// One finished game.
struct GameRecord {
    /// Player A had x.
    a_is_x: bool,
    outcome: Outcome,
    moves: Vec<usize>,
    /// How many of the moves were the opening's.
    opening: usize,
    fault: Option<(Side, Fault)>,
    /// The losing move (`--analyze`, a game lost on the board), when one was found.
    losing: Option<LosingMove>,
}

/// Runs the match.
pub fn run(args: MatchArgs) -> anyhow::Result<()> {
    let rule = match (args.rule, args.exact) {
        (Some(rule), _) => rule,
        (None, true) => Rule::Exact,
        (None, false) => Rule::Freestyle,
    };
    let rules = Rules::new(args.size.width, args.size.height, args.k)?.with_rule(rule);
    let specs = [Spec::parse(&args.x)?, Spec::parse(&args.o)?];
    if args.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let openings = args.openings.openings(rules)?;
    let names = [display_name(&args.x), display_name(&args.o)];
    let mut players = [
        Contestant::new(&specs[0], "A"),
        Contestant::new(&specs[1], "B"),
    ];
    let mut tallies = [Tally::default(), Tally::default()];
    let mut split = ColourSplit::default();
    let mut records = Vec::new();
    let mut record_file = match &args.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path)
                .with_context(|| format!("cannot write the record {}", path.display()))?,
        )),
        None => None,
    };
    for g in 0..args.games {
        let opening = &openings[(g as usize / 2) % openings.len()];
        let a_is_x = g % 2 == 0;
        let setup = GameSetup {
            rules,
            per_move: Duration::from_millis(args.time_per_move),
            per_game: (args.time_per_game > 0).then(|| Duration::from_millis(args.time_per_game)),
            tolerance: Duration::from_millis(args.tolerance),
            seed: args.seed.wrapping_mul(1000).wrapping_add(g as u64),
        };
        let started = start_players(&mut players, &setup);
        if g == 0 {
            // A player that cannot even start its first game would forfeit every game: that
            // is a mistake on the command line, not a result.
            if let Err((i, fault)) = &started {
                for p in players.iter_mut() {
                    p.end_game();
                }
                anyhow::bail!(
                    "the brain {} (player {}) cannot play: {}",
                    args_spec(&args, *i),
                    ["A", "B"][*i],
                    fault.reason()
                );
            }
        }
        let mut record = play_game(&mut players, &mut tallies, a_is_x, opening, &setup, started)?;
        split.add(a_is_x, record.outcome);
        if args.analyze {
            if let (Outcome::Win(winner), None) = (record.outcome, &record.fault) {
                record.losing = analyze::losing_move(rules, &record.moves, winner.other());
            }
        }
        let mut lines = vec![game_line(g + 1, args.games, &names, &record, &tallies)];
        let losing = record.losing.as_ref().map(|l| l.describe(rules));
        if let Some(text) = &losing {
            lines.push(format!("  losing move: {text}"));
        }
        for line in lines {
            if args.json {
                eprintln!("{line}");
            } else {
                outln!("{line}")?;
            }
        }
        if let Some(out) = record_file.as_mut() {
            let (x, o) = if a_is_x {
                (&names[0], &names[1])
            } else {
                (&names[1], &names[0])
            };
            let text = record::game_text(&record::GameEntry {
                number: g + 1,
                rules,
                x,
                o,
                moves: &record.moves,
                opening: record.opening,
                outcome: record.outcome,
                reason: &reason(&record, x, o, rules),
                losing_move: losing.as_deref(),
            });
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .context("cannot write the record")?;
        }
        records.push(record);
    }
    if args.json {
        print_json(&args, rules, &names, (&tallies, &split), &records)?;
    } else {
        print_table(&args, rules, &names, (&tallies, &split))?;
    }
    Ok(())
}

/// The player's text from the command line (`--x` for A, `--o` for B).
fn args_spec(args: &MatchArgs, i: usize) -> &str {
    if i == 0 {
        args.x.trim()
    } else {
        args.o.trim()
    }
}

/// Gets both players ready for a game, A first; on failure, which player failed and why.
fn start_players(players: &mut [Contestant; 2], setup: &GameSetup) -> Result<(), (usize, Fault)> {
    for (i, p) in players.iter_mut().enumerate() {
        p.new_game(setup).map_err(|f| (i, f))?;
    }
    Ok(())
}

/// Plays one game whose players were started with the result `started`; index 0 of
/// `players` and `tallies` is player A.
fn play_game(
    players: &mut [Contestant; 2],
    tallies: &mut [Tally; 2],
    a_is_x: bool,
    opening: &[usize],
    setup: &GameSetup,
    started: Result<(), (usize, Fault)>,
) -> anyhow::Result<GameRecord> {
    let mut board = Board::new(setup.rules);
    for &cell in opening {
        board.play(cell)?;
    }
    let index_of = |side: Side| usize::from((side == Side::X) != a_is_x);
    let side_of = |i: usize| if (i == 0) == a_is_x { Side::X } else { Side::O };
    let mut fault = started.err().map(|(i, f)| (side_of(i), f));
    // Thinking time used in this game, per player (index as `players`).
    let mut used = [Duration::ZERO; 2];
    while fault.is_none() && !board.is_over() {
        let side = board.to_move();
        let i = index_of(side);
        let game_left = setup.per_game.map(|t| t.saturating_sub(used[i]));
        players[i].settle();
        let start = Instant::now();
        let answer = players[i].think(&board, game_left);
        let took = start.elapsed();
        tallies[i].record_move(took);
        used[i] += took;
        let played = answer
            .map_err(|f| match f {
                // No answer by the end of the wait: the limit that ended it is the smaller.
                Fault::Hung => over_time(setup, took, used[i], true),
                f => f,
            })
            .and_then(|cell| {
                // No time per move is a fixed amount of work, not a limit of zero.
                let per_move_limit = !setup.per_move.is_zero();
                if per_move_limit && took > setup.per_move + setup.tolerance
                    || setup
                        .per_game
                        .is_some_and(|t| used[i] > t + setup.tolerance)
                {
                    return Err(over_time(setup, took, used[i], false));
                }
                board.play(cell).map_err(|e| Fault::Illegal(e.to_string()))
            });
        if let Err(f) = played {
            fault = Some((side, f));
        }
    }
    for p in players.iter_mut() {
        p.end_game();
    }
    let outcome = match &fault {
        Some((loser, _)) => {
            tallies[index_of(*loser)].faults += 1;
            Outcome::Win(loser.other())
        }
        None => board.outcome().unwrap_or(Outcome::Draw),
    };
    match outcome {
        Outcome::Win(side) => {
            tallies[index_of(side)].wins += 1;
            tallies[index_of(side.other())].losses += 1;
        }
        Outcome::Draw => {
            tallies[0].draws += 1;
            tallies[1].draws += 1;
        }
    }
    Ok(GameRecord {
        a_is_x,
        outcome,
        moves: board.history(),
        opening: opening.len(),
        fault,
        losing: None,
    })
}

/// The forfeit of a move that took `took` with `used` of the game's time spent, this move
/// included: over the game's time when that is what was passed (or, for a move that never
/// came, what ran out first), else over the move's time.
fn over_time(setup: &GameSetup, took: Duration, used: Duration, hung: bool) -> Fault {
    let tolerance_ms = setup.tolerance.as_millis();
    let game_passed = setup.per_game.is_some_and(|t| {
        if hung {
            t.saturating_sub(used.saturating_sub(took)) < setup.per_move
        } else {
            used > t + setup.tolerance
        }
    });
    match setup.per_game {
        Some(t) if game_passed => Fault::OutOfTime {
            used_ms: used.as_millis(),
            limit_ms: t.as_millis(),
            tolerance_ms,
        },
        _ => Fault::TooSlow {
            took_ms: took.as_millis(),
            limit_ms: setup.per_move.as_millis(),
            tolerance_ms,
        },
    }
}

/// Why a game ended, in words: the row, a full board, or the loser's fault.
fn reason(r: &GameRecord, x: &str, o: &str, rules: Rules) -> String {
    match (&r.outcome, &r.fault) {
        (_, Some((loser, f))) => {
            let who = if *loser == Side::X { x } else { o };
            format!("{loser} ({who}) {f}")
        }
        (Outcome::Win(winner), None) => {
            let exactly = if rules.exact_for(*winner) {
                "exactly "
            } else {
                ""
            };
            format!("{exactly}{} in a row", rules.k())
        }
        (Outcome::Draw, None) => "the board is full".into(),
    }
}

/// The live scoreboard line of a finished game.
fn game_line(
    number: u32,
    total: u32,
    names: &[String; 2],
    r: &GameRecord,
    tallies: &[Tally; 2],
) -> String {
    let (xn, on) = if r.a_is_x {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
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
                "moves": r.moves.iter().map(|&c| board.move_name(c)).collect::<Vec<_>>(),
            });
            if args.analyze {
                game["losing_move"] = match &r.losing {
                    Some(l) => serde_json::json!({
                        "ply": l.ply,
                        "side": l.side.to_string(),
                        "move": board.move_name(l.cell),
                        "by": match &l.win {
                            ForcedWin::Fours(_) => "fours",
                            ForcedWin::Threats { .. } => "threats",
                        },
                        "first": board.move_name(l.win.first()),
                        // The whole line for a win by fours; a win by threats is a tree.
                        "line": match &l.win {
                            ForcedWin::Fours(line) => {
                                line.iter().map(|&c| board.move_name(c)).collect::<Vec<_>>()
                            }
                            ForcedWin::Threats { first, .. } => vec![board.move_name(*first)],
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

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(per_game_ms: Option<u64>) -> GameSetup {
        GameSetup {
            rules: Rules::new(15, 15, None).unwrap(),
            per_move: Duration::from_millis(200),
            per_game: per_game_ms.map(Duration::from_millis),
            tolerance: Duration::from_millis(1000),
            seed: 1,
        }
    }

    #[test]
    fn a_late_move_forfeits_on_the_limit_it_passed() {
        let ms = Duration::from_millis;
        // Untimed game: only the turn limit.
        assert_eq!(
            over_time(&setup(None), ms(1300), ms(5000), false).to_string(),
            "exceeded timeout_turn (1300 ms; limit 200 ms + 1000 ms tolerance)"
        );
        // The game's time passed by more than the tolerance.
        assert_eq!(
            over_time(&setup(Some(3000)), ms(150), ms(4100), false).to_string(),
            "exceeded timeout_match (4100 ms used; limit 3000 ms + 1000 ms tolerance)"
        );
        // No answer at all: with 100 ms of the game left the wait was that plus the
        // tolerance, so the game's time ran out; with plenty left, the turn's.
        let hung = over_time(&setup(Some(3000)), ms(1100), ms(4000), true);
        assert!(matches!(hung, Fault::OutOfTime { .. }), "{hung}");
        let hung = over_time(&setup(Some(60_000)), ms(1200), ms(5000), true);
        assert!(matches!(hung, Fault::TooSlow { .. }), "{hung}");
    }
}
