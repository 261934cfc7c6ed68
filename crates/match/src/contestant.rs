//! The two kinds of match players: a built-in computer level, and an external Gomocup brain
//! run as a child process and spoken to over the Piskvork protocol.

use mnk_engine::ai::{Go, Level, Player, Thinker};
use mnk_engine::{Board, Rule, Rules};
use mnk_gomocup::{table_mib_for, Answer, BoardStone, Command};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::workdir::{self, ScratchFolder};

/// The default `--tolerance`: how far past `timeout_turn` (and past `timeout_match` over a
/// game) an answer may come before the player forfeits, as GomocupJudge allows for process
/// start-up and a busy machine.
pub const DEFAULT_TOLERANCE_MS: u64 = 1000;

/// The memory each player may use, in bytes: told to brains as `INFO max_memory`, and given
/// to the built-in levels as the same search tables a brain makes of it.
pub const MATCH_MEMORY: u64 = 256 << 20;

/// How long a brain told to do fixed work (`--time-per-move 0`) may take over a move before
/// it counts as hung: fixed work takes about a second at most on a current machine.
const FIXED_WORK_WAIT: Duration = Duration::from_secs(30);

/// A player named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// A built-in computer level.
    Level(Level),
    /// `pbrain:/path/to/executable`.
    Brain(PathBuf),
}

impl Spec {
    /// Parses `perfect`, `hard`, `depth:N`, `random`, ... or `pbrain:PATH`.
    pub fn parse(text: &str) -> anyhow::Result<Spec> {
        if let Some(path) = text.trim().strip_prefix("pbrain:") {
            if path.is_empty() {
                anyhow::bail!(
                    "a brain player needs the path of its executable after pbrain:, like pbrain:./pbrain-x"
                );
            }
            return Ok(Spec::Brain(PathBuf::from(path)));
        }
        match text.parse::<Player>()? {
            Player::Computer(level) => Ok(Spec::Level(level)),
            Player::Human => anyhow::bail!(
                "a match is between computer players: a level (perfect, hard, depth:N, random, ...) \
                 or pbrain:PATH; got 'human'"
            ),
        }
    }
}

/// Why a player lost a game without it being played out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The brain could not be started, or did not get ready for a game (`START` answered with
    /// anything but `OK`): the reason as a clause, like "there is no such file".
    NotStarted(String),
    /// The process exited or could not be written to.
    Crashed(String),
    /// No answer in time (the caller knows which limit was passed).
    Hung,
    /// A move took longer than `timeout_turn` plus the tolerance: the time it took (or waited
    /// for, when no answer came), the limit and the tolerance, in milliseconds.
    TooSlow {
        /// How long the move took, or how long the referee waited for it.
        took_ms: u128,
        /// `timeout_turn`.
        limit_ms: u128,
        /// The tolerance.
        tolerance_ms: u128,
    },
    /// An answer that is not a legal move, or an error reply.
    Illegal(String),
    /// Its thinking over the game took longer than `timeout_match` plus the tolerance: the
    /// time used, the limit and the tolerance, in milliseconds.
    OutOfTime {
        /// Thinking time over the game, this move included.
        used_ms: u128,
        /// `timeout_match`.
        limit_ms: u128,
        /// The tolerance.
        tolerance_ms: u128,
    },
}

impl Fault {
    /// Why the player failed, as a clause for a sentence.
    pub fn reason(&self) -> String {
        match self {
            Fault::NotStarted(why) => why.clone(),
            other => format!("it {other}"),
        }
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::NotStarted(why) => write!(f, "could not start a game ({why})"),
            Fault::Crashed(why) => write!(f, "crashed ({why})"),
            Fault::Hung => write!(f, "did not answer in time"),
            Fault::Illegal(what) => write!(f, "answered illegally ({what})"),
            Fault::TooSlow {
                took_ms,
                limit_ms,
                tolerance_ms,
            } => write!(
                f,
                "exceeded timeout_turn ({took_ms} ms; limit {limit_ms} ms + {tolerance_ms} ms tolerance)"
            ),
            Fault::OutOfTime {
                used_ms,
                limit_ms,
                tolerance_ms,
            } => write!(
                f,
                "exceeded timeout_match ({used_ms} ms used; limit {limit_ms} ms + {tolerance_ms} ms tolerance)"
            ),
        }
    }
}

/// Settings of one game.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup {
    /// The rules.
    pub rules: Rules,
    /// Time per move (zero: fixed work instead of a clock).
    pub per_move: Duration,
    /// Time per player for the whole game, when the game is timed.
    pub per_game: Option<Duration>,
    /// How far past either limit an answer may come.
    pub tolerance: Duration,
    /// Seed of the players' random choices (told to mnk's brain as `INFO mnk_seed`).
    pub seed: u64,
}

/// A match player.
// There are exactly two per match: the size of the built-in variant does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Contestant {
    /// A built-in level with its memory.
    BuiltIn {
        /// The level.
        level: Level,
        /// Its thinker, fresh each game (boxed: it holds the solver's state).
        thinker: Box<Thinker>,
        /// What each move may use, but for the game's clock: the time per move (or fixed
        /// work), the memory, the game's seed.
        go: Go,
    },
    /// An external brain.
    Brain {
        /// The executable.
        path: PathBuf,
        /// "A" or "B", naming its folder.
        label: &'static str,
        /// Its writable folder for the match (`INFO folder`), made with its first game.
        folder: Option<ScratchFolder>,
        /// The running process, if any.
        process: Option<BrainProcess>,
    },
}

impl Contestant {
    /// Player `label` ("A" or "B") from its spec; nothing is started yet.
    pub fn new(spec: &Spec, label: &'static str) -> Contestant {
        match spec {
            Spec::Level(level) => Contestant::BuiltIn {
                level: *level,
                thinker: Box::new(Thinker::new()),
                go: Go::default(),
            },
            Spec::Brain(path) => Contestant::Brain {
                path: path.clone(),
                label,
                folder: None,
                process: None,
            },
        }
    }

    /// Gets ready for a new game.
    pub fn new_game(&mut self, setup: &GameSetup) -> Result<(), Fault> {
        match self {
            Contestant::BuiltIn { thinker, go, .. } => {
                **thinker = Thinker::new();
                // Near-equal moves are chosen by the game's seed, so games from one opening
                // differ and a lost line is not replayed game after game; the tables are
                // those a brain makes of the match's memory.
                *go = Go::default()
                    .with_seed(Some(setup.seed))
                    .with_table_mib(Some(table_mib_for(MATCH_MEMORY)));
                if !setup.per_move.is_zero() {
                    *go = go
                        .clone()
                        .with_clock(Arc::new(Instant::now), Some(setup.per_move));
                }
                // Like a brain on START: the tables are made before the game's clock runs.
                thinker.prepare();
                Ok(())
            }
            Contestant::Brain {
                path,
                label,
                folder,
                process,
            } => {
                if let Some(old) = process.take() {
                    old.kill();
                }
                if folder.is_none() {
                    *folder = Some(ScratchFolder::create(label).map_err(|e| {
                        Fault::NotStarted(format!("its folder cannot be made ({e})"))
                    })?);
                }
                let folder = folder.as_ref().map(|f| f.path()).unwrap_or(Path::new("."));
                *process = Some(BrainProcess::start(path, folder, setup)?);
                Ok(())
            }
        }
    }

    /// The move for the side to move of `board`, with `game_left` of this player's game
    /// time left when the game is timed.
    pub fn think(&mut self, board: &Board, game_left: Option<Duration>) -> Result<usize, Fault> {
        match self {
            Contestant::BuiltIn { level, thinker, go } => {
                let go = match game_left {
                    Some(left) => go.clone().with_game_left(left),
                    None => go.clone(),
                };
                thinker
                    .think(board, *level, &go)
                    .map(|t| t.cell)
                    .map_err(|e| Fault::Illegal(e.to_string()))
            }
            Contestant::Brain { process, .. } => match process {
                Some(p) => p.think(board, game_left),
                None => Err(Fault::Crashed("not started".into())),
            },
        }
    }

    /// Waits, before a brain is sent the next move, until [`SETTLE`] has passed since its
    /// last answer (not counted against its clock); a built-in level never waits.
    pub fn settle(&self) {
        if let Contestant::Brain {
            process: Some(p), ..
        } = self
        {
            if let Some(answered) = p.answered {
                let wait = settle_wait(answered, Instant::now());
                if !wait.is_zero() {
                    std::thread::sleep(wait);
                }
            }
        }
    }

    /// Ends the game: an external brain is told `END` and its process killed.
    pub fn end_game(&mut self) {
        if let Contestant::Brain { process, .. } = self {
            if let Some(p) = process.take() {
                p.kill();
            }
        }
    }
}

/// A running brain: its process, its input, and its output lines arriving on a channel.
pub struct BrainProcess {
    child: Child,
    stdin: ChildStdin,
    /// Each output line with the moment it arrived.
    lines: Receiver<(Instant, String)>,
    rules: Rules,
    per_move: Duration,
    tolerance: Duration,
    /// Whether the brain has seen the position (after `BEGIN` or `BOARD`).
    synced: bool,
    /// When its last answer arrived.
    answered: Option<Instant>,
}

/// The least time between a brain's answer and the next command it is sent. Some brains
/// (Rapfi 0.43) drop a command that arrives while they are still finishing the move they
/// just printed ("ERROR Unknown command: 5,8" to a `TURN 5,8`); a manager paced by people or
/// by slower opponents never sends that fast. 30 ms is what the sparring kit's shim found
/// enough; it is waited only after an instant reply, and never counted against a clock.
pub const SETTLE: Duration = Duration::from_millis(30);

/// How much longer to wait, at `now`, before sending a brain that answered at `answered`
/// its next command.
fn settle_wait(answered: Instant, now: Instant) -> Duration {
    SETTLE.saturating_sub(now.saturating_duration_since(answered))
}

/// How long a brain may take to answer `START` (loading tables, say) before it counts as hung.
const START_WAIT: Duration = Duration::from_secs(5);

/// Why an executable could not be run, as a clause.
fn spawn_failure(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".into(),
        std::io::ErrorKind::PermissionDenied => {
            "it cannot be run (permission denied: is it an executable file?)".into()
        }
        _ => format!("it cannot be run ({e})"),
    }
}

impl BrainProcess {
    /// Starts the brain in its executable's folder and sees it through the `INFO` lines and
    /// `START`, telling it `folder` to write in; every failure is a [`Fault::NotStarted`].
    fn start(path: &Path, folder: &Path, setup: &GameSetup) -> Result<BrainProcess, Fault> {
        let (exe, home) = workdir::locate(path)
            .ok_or_else(|| Fault::NotStarted("there is no such file".into()))?;
        let mut child = Process::new(exe)
            .current_dir(home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::NotStarted(spawn_failure(&e)))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(Fault::NotStarted(
                "its input and output pipes are missing".into(),
            ));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        let mut brain = BrainProcess {
            child,
            stdin,
            lines,
            rules: setup.rules,
            per_move: setup.per_move,
            tolerance: setup.tolerance,
            synced: false,
            answered: None,
        };
        match brain.handshake(setup, folder) {
            Ok(()) => Ok(brain),
            Err(fault) => {
                brain.kill();
                Err(fault)
            }
        }
    }

    /// The game's `INFO` lines, then `START` (or `RECTSTART`), as GomocupJudge sends them:
    /// a brain knows the rules and the row length when it sets up its board.
    fn handshake(&mut self, setup: &GameSetup, folder: &Path) -> Result<(), Fault> {
        let r = setup.rules;
        let start = if r.width() == r.height() {
            Command::Start(r.width())
        } else {
            Command::RectStart(r.width(), r.height())
        };
        let unanswered = format!("it exited without answering '{start}'");
        self.send_info(setup, folder)
            .map_err(|_| Fault::NotStarted(unanswered.clone()))?;
        self.send(&start)
            .map_err(|_| Fault::NotStarted(unanswered.clone()))?;
        let wait = START_WAIT + setup.tolerance;
        let answer = self.answer(wait).map_err(|f| {
            Fault::NotStarted(match f {
                Fault::Hung => format!(
                    "it did not answer '{start}' within {} s",
                    wait.as_secs_f64()
                ),
                Fault::Illegal(line) => format!("it answered '{start}' with '{line}'"),
                _ => unanswered.clone(),
            })
        })?;
        let said = match answer {
            Ok(Answer::Ok) => return Ok(()),
            Ok(other) => other.to_string().chars().take(40).collect(),
            Err(line) => line,
        };
        Err(Fault::NotStarted(format!(
            "it answered '{start}' with '{said}' instead of OK"
        )))
    }

    /// The game's settings in GomocupJudge's order (`time_left` only when the game is timed),
    /// then the keys only mnk's brain reads (other brains ignore unknown keys, as the
    /// protocol asks): `mnk_k` when K is not 5, and `mnk_seed` and `mnk_fixed_work` with no
    /// time per move (the brain then does the engine's fixed amount of work, as the
    /// built-in levels do; other brains are told `timeout_turn 0`, "as fast as you can").
    fn send_info(&mut self, setup: &GameSetup, folder: &Path) -> Result<(), Fault> {
        let (brain, r) = (self, setup.rules);
        let ms = setup.per_move.as_millis();
        brain.send(&Command::info("timeout_turn", ms))?;
        let game_ms = setup.per_game.map_or(0, |t| t.as_millis());
        brain.send(&Command::info("timeout_match", game_ms))?;
        brain.send(&Command::info("max_memory", MATCH_MEMORY))?;
        if setup.per_game.is_some() {
            brain.send(&Command::info("time_left", game_ms))?;
        }
        brain.send(&Command::info("game_type", 1))?;
        // Gomocup's rule bits: 1 exactly five, 4 Renju.
        let rule = match r.rule() {
            Rule::Freestyle => 0,
            Rule::Exact => 1,
            Rule::Renju => 4,
        };
        brain.send(&Command::info("rule", rule))?;
        brain.send(&Command::info("folder", folder.display()))?;
        if r.k() != 5 {
            brain.send(&Command::info("mnk_k", r.k()))?;
        }
        // Only for fixed work, where a seed repeats a game: some brains (Rapfi 0.43) read an
        // unknown key's value as the next command, so no key is sent that a game without it
        // does not need.
        if setup.per_move.is_zero() {
            brain.send(&Command::info("mnk_seed", setup.seed))?;
            brain.send(&Command::info("mnk_fixed_work", 1))?;
        }
        Ok(())
    }

    fn send(&mut self, command: &Command) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Fault::Crashed(format!("cannot write to it: {e}")))
    }

    /// The next line that is an answer (MESSAGE, DEBUG and SUGGEST lines are skipped), or
    /// the line itself (up to 40 characters) when it is no answer of the protocol at all; an
    /// `ERROR` or an `UNKNOWN` is a fault.
    fn answer(&mut self, wait: Duration) -> Result<Result<Answer, String>, Fault> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok((at, line)) => {
                    self.answered = Some(at);
                    line
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Hung),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(Fault::Crashed("its output closed".into()))
                }
            };
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            return match Answer::parse(line) {
                Ok(answer) if answer.is_aside() => continue,
                Ok(Answer::Error(_) | Answer::Unknown(_)) => {
                    Err(Fault::Illegal(line.chars().take(80).collect()))
                }
                Ok(answer) => Ok(Ok(answer)),
                Err(_) => Ok(Err(line.chars().take(40).collect())),
            };
        }
    }

    fn think(&mut self, board: &Board, game_left: Option<Duration>) -> Result<usize, Fault> {
        let rules = self.rules;
        if let Some(left) = game_left {
            self.send(&Command::info("time_left", left.as_millis()))?;
        }
        if !self.synced {
            let me = board.to_move();
            // In the order they were played, as managers send them: brains that replay
            // `BOARD` as a game would otherwise think for the wrong side.
            let stones = board.history();
            if stones.is_empty() {
                self.send(&Command::Begin)?;
            } else {
                let stones = stones.iter().map(|&c| {
                    let (x, y) = rules.col_row(c);
                    let own = board.stone(c) == Some(me);
                    BoardStone { x, y, own }
                });
                self.send(&Command::Board(stones.collect()))?;
            }
            self.synced = true;
        } else if let Some(last) = board.last_move() {
            let (x, y) = rules.col_row(last);
            self.send(&Command::Turn(x, y))?;
        }
        // Past the move's limit and the tolerance the answer no longer counts; the caller
        // says which limit a Hung brain passed.
        let per_move = match self.per_move.is_zero() {
            true => FIXED_WORK_WAIT,
            false => self.per_move,
        };
        let wait = game_left.map_or(per_move, |left| per_move.min(left));
        let (x, y) = match self.answer(wait + self.tolerance)? {
            Ok(Answer::Move(x, y)) => (x, y),
            Ok(other) => {
                let said: String = other.to_string().chars().take(40).collect();
                return Err(Fault::Illegal(format!("'{said}'")));
            }
            Err(line) => return Err(Fault::Illegal(format!("'{line}'"))),
        };
        if x >= rules.width() || y >= rules.height() {
            return Err(Fault::Illegal(format!("{x},{y} is off the board")));
        }
        let cell = rules.cell(x, y);
        if board.stone(cell).is_some() {
            return Err(Fault::Illegal(format!("{x},{y} is taken")));
        }
        Ok(cell)
    }

    /// Says `END` and kills the process (a brain that already quit is fine).
    fn kill(mut self) {
        let _ = self.send(&Command::End);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brain_that_answered_at_once_gets_the_rest_of_the_settle_time() {
        let answered = Instant::now();
        let ms = Duration::from_millis;
        assert_eq!(settle_wait(answered, answered), SETTLE);
        assert_eq!(settle_wait(answered, answered + ms(10)), SETTLE - ms(10));
        assert_eq!(settle_wait(answered, answered + SETTLE), Duration::ZERO);
        assert_eq!(settle_wait(answered, answered + ms(500)), Duration::ZERO);
    }
}
