//! The manager's side of the protocol: a brain program run as a child process, told a game's
//! settings (`INFO` lines, then `START`), sent the moves as typed [`Command`]s and read
//! through typed [`Answer`]s, each answer waited for with a timeout. `mnk match` referees
//! its games through it; the failures it reports are [`Fault`]s.

mod fault;
mod launch;

pub use fault::Fault;
pub use launch::locate;

use crate::protocol::{rule_bits, Answer, BoardStone, Command};
use mnk_engine::{Board, Rules};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a brain told to do fixed work (`timeout_turn 0` with `mnk_fixed_work`) may take
/// over a move before it counts as hung: fixed work takes about a second at most on a current
/// machine.
const FIXED_WORK_WAIT: Duration = Duration::from_secs(30);

/// How long a brain may take to answer `START` (loading tables, say) before it counts as hung.
const START_WAIT: Duration = Duration::from_secs(5);

/// The least time between a brain's answer and the next command it is sent. Some brains
/// (Rapfi 0.43) drop a command that arrives while they are still finishing the move they
/// just printed ("ERROR Unknown command: 5,8" to a `TURN 5,8`); a manager paced by people or
/// by slower opponents never sends that fast. 30 ms is what the sparring kit's shim found
/// enough; it is waited only after an instant reply, and never counted against a clock.
pub const SETTLE: Duration = Duration::from_millis(30);

/// Settings of one game, as a manager tells them to a brain.
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
    /// The memory the player may use, in bytes (`INFO max_memory`).
    pub max_memory: u64,
    /// Seed of the players' random choices (told to mnk's brain as `INFO mnk_seed`).
    pub seed: u64,
    /// The most threads a player may use (told as `INFO thread_num`, which Rapfi and mnk's
    /// brain read); `None`: nothing is said, each uses what it likes.
    pub threads: Option<usize>,
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

/// How much longer to wait, at `now`, before sending a brain that answered at `answered`
/// its next command.
fn settle_wait(answered: Instant, now: Instant) -> Duration {
    SETTLE.saturating_sub(now.saturating_duration_since(answered))
}

impl BrainProcess {
    /// Starts the brain `path` in its executable's folder (see [`locate`]) and sees it
    /// through the `INFO` lines and `START`, telling it `folder` to write in; every failure
    /// is a [`Fault::NotStarted`].
    pub fn start(path: &Path, folder: &Path, setup: &GameSetup) -> Result<BrainProcess, Fault> {
        let (exe, home) =
            locate(path).ok_or_else(|| Fault::NotStarted("there is no such file".into()))?;
        let mut child = Process::new(exe)
            .current_dir(home)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| Fault::NotStarted(launch::spawn_failure(&e)))?;
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
                brain.end();
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
        brain.send(&Command::info("max_memory", setup.max_memory))?;
        if setup.per_game.is_some() {
            brain.send(&Command::info("time_left", game_ms))?;
        }
        brain.send(&Command::info("game_type", 1))?;
        brain.send(&Command::info("rule", rule_bits(r.rule())))?;
        brain.send(&Command::info("folder", folder.display()))?;
        if r.k() != 5 {
            brain.send(&Command::info("mnk_k", r.k()))?;
        }
        // Only when asked for (see below): a brain that does not know the key may misread it.
        if let Some(threads) = setup.threads {
            brain.send(&Command::info("thread_num", threads))?;
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

    /// Writes one command (a `BOARD` block is several lines); a brain that cannot be
    /// written to has [`Fault::Crashed`].
    pub fn send(&mut self, command: &Command) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| Fault::Crashed(format!("cannot write to it: {e}")))
    }

    /// The next line within `wait` that is an answer (MESSAGE, DEBUG and SUGGEST lines are
    /// skipped), or the line itself (up to 40 characters) when it is no answer of the
    /// protocol at all; an `ERROR` or an `UNKNOWN` is a [`Fault::Illegal`], no line in time
    /// [`Fault::Hung`] and a closed output [`Fault::Crashed`].
    pub fn answer(&mut self, wait: Duration) -> Result<Result<Answer, String>, Fault> {
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

    /// The brain's move for the side to move of `board`, with `game_left` of its game time
    /// left when the game is timed: the whole position (`BEGIN` or `BOARD`) the first time,
    /// then the last move (`TURN`). An answer later than the time per move (or the game time
    /// left, if less) plus the tolerance is [`Fault::Hung`]; the caller knows which limit
    /// that passed.
    pub fn think(&mut self, board: &Board, game_left: Option<Duration>) -> Result<usize, Fault> {
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

    /// Waits, before the brain is sent its next command, until [`SETTLE`] has passed since
    /// its last answer (the caller does not count this against its clock).
    pub fn settle(&self) {
        if let Some(answered) = self.answered {
            let wait = settle_wait(answered, Instant::now());
            if !wait.is_zero() {
                std::thread::sleep(wait);
            }
        }
    }

    /// Says `END` and kills the process (a brain that already quit is fine).
    pub fn end(mut self) {
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
