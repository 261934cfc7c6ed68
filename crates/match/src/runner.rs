//! The match itself: two players play a series of games from the openings with colours
//! alternated, each game refereed move by move (illegal moves, crashes and the clocks lose
//! it), counted in the tallies, analysed and written to the record as it ends.

use crate::contestant::{Contestant, Spec, MATCH_MEMORY};
use crate::error::MatchError;
use crate::losing::{self, LosingMove};
use crate::record;
use crate::stats::{ColourSplit, Tally};
use mnk_engine::{Board, Outcome, Rules, Side};
use mnk_gomocup::{Fault, GameSetup};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What a match is: its players, its games and their settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Player A (x in the first game) and player B.
    pub players: [Spec; 2],
    /// Their names for the tables and the record ([`crate::display_name`]).
    pub names: [String; 2],
    /// Games to play; colours alternate, each opening is played once with each colour.
    pub games: u32,
    /// The rules.
    pub rules: Rules,
    /// Thinking time per move (zero: fixed amounts of work instead).
    pub per_move: Duration,
    /// Thinking time of each player for a whole game, when games are timed.
    pub per_game: Option<Duration>,
    /// How far past the time per move (and per game) an answer may come before the player
    /// loses the game by forfeit.
    pub tolerance: Duration,
    /// The openings, as moves ([`crate::Choice::openings`]); at least one.
    pub openings: Vec<Vec<usize>>,
    /// Seed of the random choices of the built-in levels and of mnk's brain.
    pub seed: u64,
    /// The most threads each player may use (the built-in levels, and brains through `INFO
    /// thread_num`); `None`: each uses what it likes (mnk: every core).
    pub threads: Option<usize>,
    /// Whether each game lost on the board is analysed for its losing move.
    pub analyze: bool,
    /// The file the games are written to as they end ([`crate::record`]), if any.
    pub record: Option<PathBuf>,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Player A had x.
    pub a_is_x: bool,
    /// The result.
    pub outcome: Outcome,
    /// The moves, the opening's first.
    pub moves: Vec<usize>,
    /// How many of the moves were the opening's.
    pub opening: usize,
    /// The side that lost by a fault, and the fault.
    pub fault: Option<(Side, Fault)>,
    /// The losing move (with [`Settings::analyze`], a game lost on the board), when one was
    /// found.
    pub losing: Option<LosingMove>,
}

impl GameRecord {
    /// The names of x's player and o's player in this game, from player A's and B's.
    pub fn sides<'a>(&self, names: &'a [String; 2]) -> (&'a str, &'a str) {
        if self.a_is_x {
            (&names[0], &names[1])
        } else {
            (&names[1], &names[0])
        }
    }
}

/// What a whole match did.
#[derive(Clone, Debug)]
pub struct Summary {
    /// Player A's and player B's results.
    pub tallies: [Tally; 2],
    /// The results by colour.
    pub split: ColourSplit,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
}

/// Plays the match. After each game, `on_game` is told its number (from 1), the game and
/// both tallies so far (a scoreboard's line), before the game is written to the record; its
/// error stops the match. A brain that cannot start the first game is an error
/// ([`MatchError::CannotPlay`]); later, a player's failure loses it the game.
pub fn play<E: From<MatchError>>(
    settings: &Settings,
    mut on_game: impl FnMut(u32, &GameRecord, &[Tally; 2]) -> Result<(), E>,
) -> Result<Summary, E> {
    let rules = settings.rules;
    let names = &settings.names;
    let mut players = [
        Contestant::new(&settings.players[0], "A"),
        Contestant::new(&settings.players[1], "B"),
    ];
    let mut tallies = [Tally::default(), Tally::default()];
    let mut split = ColourSplit::default();
    let mut games = Vec::new();
    let mut record_file = match &settings.record {
        Some(path) => Some(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|source| MatchError::Record {
                path: Some(path.clone()),
                source,
            })?,
        )),
        None => None,
    };
    let openings = &settings.openings;
    for g in 0..settings.games {
        let opening = &openings[(g as usize / 2) % openings.len()];
        let a_is_x = g % 2 == 0;
        let setup = GameSetup {
            rules,
            per_move: settings.per_move,
            per_game: settings.per_game,
            tolerance: settings.tolerance,
            max_memory: MATCH_MEMORY,
            seed: settings.seed.wrapping_mul(1000).wrapping_add(g as u64),
            threads: settings.threads,
        };
        let started = start_players(&mut players, &setup);
        if g == 0 {
            // A player that cannot even start its first game would forfeit every game: that
            // is a mistake on the command line, not a result.
            if let Err((i, fault)) = started {
                for p in players.iter_mut() {
                    p.end_game();
                }
                return Err(MatchError::CannotPlay {
                    spec: settings.players[i].clone(),
                    player: ["A", "B"][i],
                    reason: fault.reason(),
                }
                .into());
            }
        }
        let mut game = play_game(&mut players, &mut tallies, a_is_x, opening, &setup, started)?;
        split.add(a_is_x, game.outcome);
        if settings.analyze {
            if let (Outcome::Win(winner), None) = (game.outcome, &game.fault) {
                game.losing = losing::losing_move(rules, &game.moves, winner.other());
            }
        }
        on_game(g + 1, &game, &tallies)?;
        if let Some(out) = record_file.as_mut() {
            let (x, o) = game.sides(names);
            let losing = game.losing.as_ref().map(|l| l.describe(rules));
            let text = record::game_text(&record::GameEntry {
                number: g + 1,
                rules,
                x,
                o,
                moves: &game.moves,
                opening: game.opening,
                outcome: game.outcome,
                reason: &reason(&game, x, o, rules),
                losing_move: losing.as_deref(),
            });
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|source| MatchError::Record { path: None, source })?;
        }
        games.push(game);
    }
    Ok(Summary {
        tallies,
        split,
        games,
    })
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
) -> Result<GameRecord, MatchError> {
    let mut board = Board::new(setup.rules);
    for &cell in opening {
        board.play(cell).map_err(mnk_engine::Error::from)?;
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
pub fn reason(r: &GameRecord, x: &str, o: &str, rules: Rules) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(per_game_ms: Option<u64>) -> GameSetup {
        GameSetup {
            rules: Rules::new(15, 15, None).unwrap(),
            per_move: Duration::from_millis(200),
            per_game: per_game_ms.map(Duration::from_millis),
            tolerance: Duration::from_millis(1000),
            max_memory: MATCH_MEMORY,
            seed: 1,
            threads: None,
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
