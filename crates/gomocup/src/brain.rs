//! The brain's game state and its answers to each protocol command. The game is an engine
//! [`Board`] (the engine checks every move), and moves come from the engine's `hard` player
//! ([`HardPlayer`]), bounded by the time the manager allows; on boards of up to 64 cells with
//! freestyle rules, from the `perfect` level ([`Thinker`]: the book, the proof search and the
//! solver where they prove the position in time, else `hard`).

use crate::protocol::{BoardStone, Command, Parser};
use mnk_engine::ai::{
    move_time, perfect_exactness, Exactness, HardPlayer, Level, MoveClock, Thinker, HARD_MAX_DEPTH,
    HARD_TABLE_MIB,
};
use mnk_engine::{Board, Budget, Rules, Side, MAX_SIDE};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Time kept back from every turn for reading, writing and the process being scheduled: at
/// least this, and at least [`SAFETY_SHARE`] of the turn.
const SAFETY_MS: u64 = 60;

/// The least share (1/n) of every turn kept back: managers measure a turn from their side of
/// the pipes, on a machine that may be busy, so a tenth is left for that.
const SAFETY_SHARE: u64 = 10;

/// The share of a move's time after which the search starts no new iteration. An iteration
/// cut short by the deadline still counts (the previous best move is searched first, and the
/// partial iteration's best is kept only when it beat that), so late starts cost nothing but
/// time; only the last fifth is left unstarted, since the first move of a new iteration alone
/// usually takes longer than that.
const NEW_ITERATION_SHARE: f64 = 0.8;

/// Largest table the brain takes, in MiB (also what `INFO max_memory` can ask for).
pub const BRAIN_TABLE_MIB: usize = 2 * HARD_TABLE_MIB;

/// What the brain may spend on top of the manager's time limits. The defaults leave only
/// the time limits in force; tests and fuzzing shrink them so a move costs milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Largest transposition table, in MiB (also caps `INFO max_memory`).
    pub hash_mib: usize,
    /// Deepest iteration of the search (plies).
    pub max_depth: u32,
    /// Most search nodes per move.
    pub max_nodes: u64,
    /// Most nodes of the threat search by fours at the root (`None`: the search's own).
    pub threat_nodes: Option<u64>,
}

impl Default for Caps {
    fn default() -> Self {
        Caps {
            hash_mib: BRAIN_TABLE_MIB,
            max_depth: HARD_MAX_DEPTH,
            max_nodes: u64::MAX,
            threat_nodes: None,
        }
    }
}

/// The brain: the game, the time settings and the player with its memory.
pub struct Brain {
    caps: Caps,
    parser: Parser,
    /// The game, once `START` has set the board.
    board: Option<Board>,
    k: Option<usize>,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    player: HardPlayer,
    /// The memory the brain's tables may take together, in MiB: half of `INFO max_memory`
    /// (the rest is left to the program and the manager's margin), at most the caps'.
    table_mib: usize,
    seed: Option<u64>,
    /// `perfect` on small freestyle boards, made on the first such move (its tables stay
    /// unmade on the usual big boards).
    perfect: Option<Thinker>,
    /// The longest think so far, for the manager's curiosity (`INFO` has no answer).
    pub longest: Duration,
}

impl Default for Brain {
    fn default() -> Self {
        Brain::new()
    }
}

impl Brain {
    /// A brain waiting for `START`.
    pub fn new() -> Brain {
        Brain::with_caps(Caps::default())
    }

    /// A brain waiting for `START` that spends at most `caps` on each move.
    pub fn with_caps(caps: Caps) -> Brain {
        Brain {
            caps,
            parser: Parser::default(),
            board: None,
            k: None,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            player: Brain::player(caps, caps.hash_mib, false),
            table_mib: caps.hash_mib.max(1),
            seed: None,
            perfect: None,
            longest: Duration::ZERO,
        }
    }

    /// A player with a table of `mib` MiB (at most the caps') and the caps' search bounds.
    fn player(caps: Caps, mib: usize, exact: bool) -> HardPlayer {
        let mut player = HardPlayer::with_table_mib(mib.clamp(1, caps.hash_mib.max(1)));
        player.set_max_depth(caps.max_depth);
        if let Some(nodes) = caps.threat_nodes {
            player.set_threat_nodes(nodes);
        }
        player.exact = exact;
        player
    }

    /// Seeds the choice among near-equal moves: the program hands in a value of its own (its
    /// clock, say) so that repeated games differ; without a seed the brain plays the same
    /// move in the same position.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
        self.player.set_seed(seed);
        self.perfect = None;
    }

    /// Handles one input line, appending the answer lines to `out`; returns `false` once the
    /// brain should quit. `abort` is set by whoever reads the input when `END` arrives, so a
    /// search in progress stops at once (and still answers with the best move found).
    pub fn handle(&mut self, line: &str, abort: &Arc<AtomicBool>, out: &mut Vec<String>) -> bool {
        let cmd = match self.parser.feed(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return true,
            Err(e) => {
                out.push(format!("ERROR {e}"));
                return true;
            }
        };
        match cmd {
            Command::End => return false,
            Command::About => out.push(
                "name=\"pbrain-mnk\", version=\"0.1.0\", author=\"mnk\", country=\"-\"".into(),
            ),
            Command::Start(n) => out.push(self.start(n, n)),
            Command::RectStart(w, h) => out.push(self.start(w, h)),
            Command::Restart => match &self.board {
                Some(board) => {
                    self.board = Some(Board::new(board.rules()));
                    self.player.new_game();
                    out.push("OK".into());
                }
                None => out.push("ERROR RESTART before START".into()),
            },
            Command::Info(key, value) => {
                if let Err(e) = self.info(&key, &value) {
                    out.push(format!("ERROR {e}"));
                }
            }
            Command::Begin => match &self.board {
                Some(board) if board.stone_count() > 0 => {
                    out.push("ERROR BEGIN on a board that already has stones".into())
                }
                _ => out.push(self.think(abort)),
            },
            Command::Turn(x, y) => match self.opponent_move(x, y) {
                Ok(()) => out.push(self.think(abort)),
                Err(e) => out.push(format!("ERROR {e}")),
            },
            Command::Board(stones) => match self.set_board(&stones) {
                Ok(()) => out.push(self.think(abort)),
                Err(e) => out.push(format!("ERROR {e}")),
            },
            Command::Takeback(x, y) => match self.take_back(x, y) {
                Ok(()) => out.push("OK".into()),
                Err(e) => out.push(format!("ERROR {e}")),
            },
            Command::Unknown(word) => out.push(format!("UNKNOWN {word} is not implemented")),
        }
        true
    }

    fn start(&mut self, w: usize, h: usize) -> String {
        match Rules::new(w, h, Some(self.k.unwrap_or(5).min(w.max(h)))) {
            Ok(rules) if w >= 5 || h >= 5 || self.k.is_some() => {
                if perfect_exactness(rules) != Exactness::WhenProven {
                    // A big board: `perfect`'s tables give their memory back to `hard`.
                    self.perfect = None;
                }
                self.board = Some(Board::new(rules.with_exact_k(self.player.exact)));
                self.player.new_game();
                "OK".into()
            }
            Ok(_) => format!("ERROR unsupported size {w}x{h}: at least 5 cells wide"),
            Err(e) => format!("ERROR unsupported size {w}x{h}: {e}"),
        }
    }

    fn info(&mut self, key: &str, value: &str) -> Result<(), String> {
        let num = || -> Result<u64, String> {
            value
                .parse::<i64>()
                .map(|v| v.max(0) as u64)
                .map_err(|_| format!("INFO {key} expects a number; got '{value}'"))
        };
        match key {
            "timeout_turn" => self.timeout_turn = num()?,
            "timeout_match" => self.timeout_match = num()?,
            "time_left" => self.time_left = Some(num()?),
            "max_memory" => {
                let bytes = num()?;
                if bytes > 0 {
                    let mib = ((bytes >> 20) / 2).clamp(1, BRAIN_TABLE_MIB as u64) as usize;
                    self.table_mib = mib.min(self.caps.hash_mib).max(1);
                    self.player = Brain::player(self.caps, mib, self.player.exact);
                    self.player.set_seed(self.seed);
                    // Made again, within the new size, on the next small board.
                    self.perfect = None;
                }
            }
            // Bit 1: exactly five wins (overlines do not). Renju (bit 4) is not supported.
            // The board referees by the same rule as the search plays.
            "rule" => {
                self.player.exact = num()? & 1 == 1;
                self.new_rules();
            }
            // Not part of Gomocup: the row length for other m,n,k-games (used by `mnk match`).
            "mnk_k" => {
                let k = num()? as usize;
                if !(1..=MAX_SIDE).contains(&k) {
                    return Err(format!("INFO mnk_k expects 1..=26; got '{value}'"));
                }
                self.k = Some(k);
                self.new_rules();
            }
            _ => {}
        }
        Ok(())
    }

    /// After `START` (Piskvork's managers send `INFO` after it, GomocupJudge before), an
    /// empty board takes the rules told since: the row length and exactly-K. A game under way
    /// keeps its rules.
    fn new_rules(&mut self) {
        if let Some(board) = &self.board {
            if board.stone_count() == 0 {
                let r = board.rules();
                let k = self.k.unwrap_or(5).min(r.width().max(r.height()));
                if let Ok(rules) = Rules::new(r.width(), r.height(), Some(k)) {
                    self.board = Some(Board::new(rules.with_exact_k(self.player.exact)));
                }
            }
        }
    }

    /// The game, or the error of a command that needs one.
    fn game(&mut self) -> Result<&mut Board, String> {
        self.board
            .as_mut()
            .ok_or_else(|| "no game: send START first".to_string())
    }

    /// The cell of 0-based `x,y`, if it is on the board.
    fn cell(&mut self, x: usize, y: usize) -> Result<usize, String> {
        let rules = self.game()?.rules();
        if x >= rules.width() || y >= rules.height() {
            return Err(format!(
                "{x},{y} is off the {}x{} board (0-based x,y)",
                rules.width(),
                rules.height()
            ));
        }
        Ok(rules.cell(x, y))
    }

    /// The opponent's move, checked by the engine.
    fn opponent_move(&mut self, x: usize, y: usize) -> Result<(), String> {
        let cell = self.cell(x, y)?;
        self.game()?.play(cell).map_err(|e| format!("{x},{y}: {e}"))
    }

    /// Takes back the stone on `x,y`: the last move is undone; another stone is lifted and the
    /// position set up again without it (its owner then moves).
    fn take_back(&mut self, x: usize, y: usize) -> Result<(), String> {
        let cell = self.cell(x, y)?;
        let board = self.game()?;
        let Some(owner) = board.stone(cell) else {
            return Err(format!("no stone at {x},{y} to take back"));
        };
        if board.last_move() == Some(cell) {
            board.undo().map_err(|e| e.to_string())?;
            return Ok(());
        }
        let rules = board.rules();
        let stones = |side: Side| -> Vec<usize> {
            (0..rules.cells())
                .filter(|&c| c != cell && board.stone(c) == Some(side))
                .collect()
        };
        let (x_cells, o_cells) = (stones(Side::X), stones(Side::O));
        *board = Board::from_stones(rules, &x_cells, &o_cells, owner).map_err(|e| e.to_string())?;
        Ok(())
    }

    /// A whole position from `BOARD`: own stones belong to the side to move.
    fn set_board(&mut self, stones: &[BoardStone]) -> Result<(), String> {
        let rules = self.game()?.rules();
        let (mut own, mut theirs) = (Vec::new(), Vec::new());
        for s in stones {
            if s.x >= rules.width() || s.y >= rules.height() {
                return Err(format!("BOARD stone {},{} is off the board", s.x, s.y));
            }
            let cell = rules.cell(s.x, s.y);
            if own.contains(&cell) || theirs.contains(&cell) {
                return Err(format!("BOARD has two stones on {},{}", s.x, s.y));
            }
            if s.own {
                own.push(cell);
            } else {
                theirs.push(cell);
            }
        }
        if own.len() != theirs.len() && own.len() + 1 != theirs.len() {
            return Err(format!(
                "BOARD has {} own and {} opponent stones; with the brain to move it must have \
                 as many or one fewer",
                own.len(),
                theirs.len()
            ));
        }
        let me = if own.len() == theirs.len() {
            Side::X
        } else {
            Side::O
        };
        let (x, o) = match me {
            Side::X => (own, theirs),
            Side::O => (theirs, own),
        };
        let board = Board::from_stones(rules, &x, &o, me).map_err(|e| format!("BOARD: {e}"))?;
        self.board = Some(board);
        Ok(())
    }

    /// The time for this move, from the turn limit and what is left of the match.
    fn move_time(&self) -> Duration {
        let turn = Duration::from_millis(if self.timeout_turn == 0 {
            100
        } else {
            self.timeout_turn
        });
        let left = (self.timeout_match > 0)
            .then_some(self.time_left)
            .flatten()
            .map(Duration::from_millis);
        // The same share of the match clock as `mnk match` gives its built-in levels.
        let ms = move_time(turn, left).as_millis() as u64;
        let margin = SAFETY_MS.max(ms / SAFETY_SHARE);
        Duration::from_millis(ms.saturating_sub(margin).max(5))
    }

    /// Searches and plays a move; answers `x,y` or an error.
    fn think(&mut self, abort: &Arc<AtomicBool>) -> String {
        let time = self.move_time();
        let Some(board) = self.board.as_mut() else {
            return "ERROR no game: send START first".into();
        };
        if board.is_over() {
            return "ERROR the game is already over".into();
        }
        let started = Instant::now();
        let abort = abort.clone();
        let end = abort.clone();
        // END cuts the search short; the move found so far is still the answer.
        let budget = Budget::unlimited()
            .with_node_limit(self.caps.max_nodes)
            .with_deadline(Arc::new(move || {
                abort.load(Ordering::Relaxed) || started.elapsed() >= time
            }))
            .with_soft_deadline(Arc::new(move || {
                started.elapsed() >= time.mul_f64(NEW_ITERATION_SHARE)
            }));
        // `perfect` is exact for freestyle rules (K or more) only, and on up to 64 cells.
        let small = !self.player.exact && perfect_exactness(board.rules()) == Exactness::WhenProven;
        let answer = if small {
            let (caps, mib, seed) = (self.caps, self.table_mib, self.seed);
            let player = &mut self.player;
            let thinker = self.perfect.get_or_insert_with(|| {
                // The big-board table is not needed here: its memory goes to `perfect`'s
                // three tables (solver, proof search, `hard` fallback), a third each.
                player.release_table();
                let mut hard = Brain::player(caps, mib / 3, false);
                hard.set_seed(seed);
                let mut thinker = Thinker::with_hard(hard);
                thinker.set_table_mib(mib / 3);
                thinker.set_node_cap((caps.max_nodes < u64::MAX).then_some(caps.max_nodes));
                thinker
            });
            // Each search of the move ends at its share of the turn, or at END.
            let clock: MoveClock = Arc::new(move |share: f64| {
                let (start, limit, end) = (Instant::now(), time.mul_f64(share), end.clone());
                Arc::new(move || end.load(Ordering::Relaxed) || start.elapsed() >= limit)
            });
            thinker.set_move_clock(Some(clock));
            // Among equally good moves: the same choice in the same position, unless seeded.
            let mut rng = StdRng::seed_from_u64(board.hash() ^ self.seed.unwrap_or(0));
            match thinker.think(board, Level::Perfect, false, &mut rng) {
                // Stopped by END before any move was found: `hard`'s quick answer.
                Err(_) => self.player.think(board, &budget),
                found => found,
            }
        } else {
            self.player.think(board, &budget)
        };
        let thought = match answer {
            Ok(thought) => thought,
            Err(e) => return format!("ERROR {e}"),
        };
        self.longest = self.longest.max(started.elapsed());
        if let Err(e) = board.play(thought.cell) {
            return format!("ERROR {e}");
        }
        let (x, y) = board.rules().col_row(thought.cell);
        format!("{x},{y}")
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    fn budget_after(lines: &[&str]) -> Duration {
        let mut brain = Brain::new();
        let (abort, mut out) = (Arc::new(AtomicBool::new(false)), Vec::new());
        for line in lines {
            brain.handle(line, &abort, &mut out);
        }
        brain.move_time()
    }

    #[test]
    fn the_turn_limit_less_a_margin_or_a_share_of_the_match_clock() {
        assert_eq!(
            budget_after(&["INFO timeout_turn 1000"]),
            Duration::from_millis(900)
        );
        // A twelfth of the 6 s left, less the margin.
        assert_eq!(
            budget_after(&[
                "INFO timeout_turn 1000",
                "INFO timeout_match 60000",
                "INFO time_left 6000"
            ]),
            Duration::from_millis(440)
        );
        // time_left counts only when the match is timed.
        assert_eq!(
            budget_after(&["INFO timeout_turn 1000", "INFO time_left 6000"]),
            Duration::from_millis(900)
        );
    }

    #[test]
    fn max_memory_bounds_the_small_board_tables_too() {
        let mut brain = Brain::new();
        let (abort, mut out) = (Arc::new(AtomicBool::new(false)), Vec::new());
        for line in ["INFO max_memory 6291456", "INFO mnk_k 4", "START 6"] {
            brain.handle(line, &abort, &mut out);
        }
        // Half of the 6 MiB, shared by `perfect`'s three tables on this small board.
        assert_eq!(brain.table_mib, 3);
        assert!(brain.perfect.is_none());
        brain.handle("BEGIN", &abort, &mut out);
        assert!(brain.perfect.is_some(), "{out:?}");
        // A new size asks again; a big board gives the memory back to `hard`.
        brain.handle("INFO max_memory 2097152", &abort, &mut out);
        assert_eq!((brain.table_mib, brain.perfect.is_none()), (1, true));
        brain.handle("BEGIN", &abort, &mut out);
        brain.handle("START 6", &abort, &mut out);
        brain.handle("BEGIN", &abort, &mut out);
        assert!(brain.perfect.is_some(), "{out:?}");
        brain.handle("START 15", &abort, &mut out);
        assert!(brain.perfect.is_none());
    }
}
