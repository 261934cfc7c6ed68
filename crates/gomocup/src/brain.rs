//! The brain's game state and its answers to each protocol command. The game is an engine
//! [`Board`] (the engine checks every move), and moves come from the engine's computer player
//! ([`Thinker`]) at the `perfect` level: the book, the proof search and the solver where they
//! prove the position in time on boards of up to 64 cells, the `hard` search everywhere else.
//! The brain keeps no time policy of its own: it maps the manager's `INFO` lines onto a
//! [`Go`], and the engine's one time manager does the rest, exactly as for `hard` in every
//! other front end.

use crate::protocol::{rule_of_bits, Answer, BoardStone, Command, Parser};
use mnk_engine::ai::{HardPlayer, Level, Thinker};
use mnk_engine::Go;
use mnk_engine::{Board, Rule, Rules, SearchError, Side, MAX_SIDE};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Largest table the brain takes, in MiB (also what `INFO max_memory` can ask for).
pub const BRAIN_TABLE_MIB: usize = 2 * HardPlayer::TABLE_MIB;

/// The time of a turn when the manager says `INFO timeout_turn 0` ("as fast as you can").
const FASTEST_TURN: Duration = Duration::from_millis(100);

/// The search tables a player may fill when a manager allows `max_memory` bytes in all: half
/// of it (the rest is left to the program and the manager's margin), at least 1 MiB and at
/// most [`BRAIN_TABLE_MIB`]. `mnk match` gives its built-in levels the same, so a level and
/// the brain search alike.
pub fn table_mib_for(max_memory: u64) -> usize {
    ((max_memory >> 20) / 2).clamp(1, BRAIN_TABLE_MIB as u64) as usize
}

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
            max_depth: HardPlayer::MAX_DEPTH,
            max_nodes: u64::MAX,
            threat_nodes: None,
        }
    }
}

/// The brain: the game, the manager's settings and the player with its memory.
pub struct Brain {
    caps: Caps,
    parser: Parser,
    /// The game, once `START` has set the board.
    board: Option<Board>,
    k: Option<usize>,
    /// The rule `INFO rule` chose: bit 1 exactly K, bit 4 Renju.
    rule: Rule,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    /// `INFO mnk_fixed_work 1` (only mnk's own manager sends it): each move does the engine's
    /// fixed amount of work instead of keeping to the clock, so a seeded game repeats exactly.
    fixed_work: bool,
    thinker: Thinker,
    /// The memory the brain's tables may take together, in MiB (see [`table_mib_for`]), at
    /// most the caps'.
    table_mib: usize,
    seed: Option<u64>,
    /// The most threads a move may use (`INFO thread_num`); `None`: every core.
    threads: Option<usize>,
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
        let hard = match caps.threat_nodes {
            Some(nodes) => HardPlayer::with_threat_nodes(nodes),
            None => HardPlayer::default(),
        };
        Brain {
            caps,
            parser: Parser::default(),
            board: None,
            k: None,
            rule: Rule::Freestyle,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            fixed_work: false,
            thinker: Thinker::with_hard(hard),
            table_mib: caps.hash_mib.max(1),
            seed: None,
            threads: None,
            longest: Duration::ZERO,
        }
    }

    /// Seeds the choice among near-equal moves: the program hands in a value of its own (its
    /// clock, say) so that repeated games differ; without a seed the brain plays the same
    /// move in the same position. `INFO mnk_seed` sets it too.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Handles one input line, appending the answer lines to `out`; returns `false` once the
    /// brain should quit. `abort` is set by whoever reads the input when `END` arrives, so a
    /// search in progress stops at once (and still answers with the best move found).
    pub fn handle(&mut self, line: &str, abort: &Arc<AtomicBool>, out: &mut Vec<String>) -> bool {
        let cmd = match self.parser.feed(line) {
            Ok(Some(cmd)) => cmd,
            Ok(None) => return true,
            Err(e) => {
                out.push(Answer::Error(e.to_string()).to_string());
                return true;
            }
        };
        match cmd {
            Command::End => return false,
            Command::About => out.push(
                Answer::About(format!(
                    "name=\"pbrain-mnk\", version=\"{}\", author=\"mnk\", country=\"-\"",
                    env!("CARGO_PKG_VERSION")
                ))
                .to_string(),
            ),
            Command::Start(n) => out.push(self.start(n, n)),
            Command::RectStart(w, h) => out.push(self.start(w, h)),
            Command::Restart => match &self.board {
                Some(board) => {
                    self.board = Some(Board::new(board.rules()));
                    self.thinker.prepare();
                    out.push(Answer::Ok.to_string());
                }
                None => out.push(Answer::Error("RESTART before START".into()).to_string()),
            },
            Command::Info(key, value) => {
                if let Err(e) = self.info(&key, &value) {
                    out.push(Answer::Error(e).to_string());
                }
            }
            Command::Begin => match &self.board {
                Some(board) if board.stone_count() > 0 => {
                    let why = "BEGIN on a board that already has stones";
                    out.push(Answer::Error(why.into()).to_string())
                }
                _ => out.push(self.think(abort)),
            },
            Command::Turn(x, y) => match self.opponent_move(x, y) {
                Ok(()) => out.push(self.think(abort)),
                Err(e) => out.push(Answer::Error(e.to_string()).to_string()),
            },
            Command::Board(stones) => match self.set_board(&stones) {
                Ok(()) => out.push(self.think(abort)),
                Err(e) => out.push(Answer::Error(e.to_string()).to_string()),
            },
            Command::Takeback(x, y) => match self.take_back(x, y) {
                Ok(()) => out.push(Answer::Ok.to_string()),
                Err(e) => out.push(Answer::Error(e.to_string()).to_string()),
            },
            Command::Unknown(word) => {
                out.push(Answer::Unknown(format!("{word} is not implemented")).to_string())
            }
        }
        true
    }

    fn start(&mut self, w: usize, h: usize) -> String {
        match Rules::new(w, h, Some(self.k.unwrap_or(5).min(w.max(h)))) {
            Ok(rules) if w >= 5 || h >= 5 || self.k.is_some() => {
                self.board = Some(Board::new(rules.with_rule(self.rule)));
                self.thinker.prepare();
                Answer::Ok.to_string()
            }
            Ok(_) => Answer::Error(format!("unsupported size {w}x{h}: at least 5 cells wide"))
                .to_string(),
            Err(e) => Answer::Error(format!("unsupported size {w}x{h}: {e}")).to_string(),
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
                    self.table_mib = table_mib_for(bytes).min(self.caps.hash_mib).max(1);
                }
            }
            // The board referees by the same rule as the search plays.
            "rule" => {
                self.rule = rule_of_bits(num()?);
                self.new_rules();
            }
            // Not part of Gomocup, sent only by `mnk match`: fixed work instead of the clock,
            // and the seed of the choices among near-equal moves.
            "mnk_fixed_work" => self.fixed_work = num()? != 0,
            "mnk_seed" => self.seed = Some(num()?),
            // Not in Piskvork's protocol, but sent by managers that limit threads (Rapfi
            // reads it too): the most threads a move may use.
            "thread_num" => self.threads = Some(num()?.max(1) as usize),
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
    /// empty board takes the rules told since: the row length and the rule. A game under way
    /// keeps its rules.
    fn new_rules(&mut self) {
        if let Some(board) = &self.board {
            if board.stone_count() == 0 {
                let r = board.rules();
                let k = self.k.unwrap_or(5).min(r.width().max(r.height()));
                if let Ok(rules) = Rules::new(r.width(), r.height(), Some(k)) {
                    self.board = Some(Board::new(rules.with_rule(self.rule)));
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

    /// What the next move may use, from the manager's settings: the turn's time and what
    /// is left of the match (or fixed work), the memory, the seed and the caps; `abort` (raised
    /// by `END`) stops it.
    pub fn go(&self, abort: &Arc<AtomicBool>) -> Go {
        let mut go = Go::default()
            .with_stop(abort.clone())
            .with_table_mib(Some(self.table_mib))
            .with_seed(self.seed)
            .with_threads(self.threads)
            .with_depth(self.caps.max_depth);
        if self.caps.max_nodes < u64::MAX {
            go = go.with_nodes(self.caps.max_nodes);
        }
        if self.fixed_work {
            return go;
        }
        let turn = match self.timeout_turn {
            0 => FASTEST_TURN,
            ms => Duration::from_millis(ms),
        };
        go = go.with_clock(Arc::new(Instant::now), Some(turn));
        match (self.timeout_match, self.time_left) {
            (1.., Some(left)) => go.with_game_left(Duration::from_millis(left)),
            _ => go,
        }
    }

    /// Searches and plays a move; answers `x,y` or an error.
    fn think(&mut self, abort: &Arc<AtomicBool>) -> String {
        let go = self.go(abort);
        let Some(board) = self.board.as_mut() else {
            return Answer::Error("no game: send START first".into()).to_string();
        };
        if board.is_over() {
            return Answer::Error("the game is already over".into()).to_string();
        }
        let started = Instant::now();
        let thought = match self.thinker.think(board, Level::Perfect, &go) {
            // END stopped the search: the brain is quitting, but a manager that sent the turn
            // still reads one answer, so it gets the quick one (`hard`, one ply deep).
            Err(SearchError::Stopped(_)) if go.is_stopped() => {
                let quick = Go::fixed_work()
                    .with_depth(1)
                    .with_table_mib(go.table_mib())
                    .with_seed(go.seed());
                self.thinker.think(board, Level::Hard, &quick)
            }
            answer => answer,
        };
        let thought = match thought {
            Ok(thought) => thought,
            Err(e) => return Answer::Error(e.to_string()).to_string(),
        };
        self.longest = self.longest.max(started.elapsed());
        if let Err(e) = board.play(thought.cell) {
            return Answer::Error(e.to_string()).to_string();
        }
        let (x, y) = board.rules().col_row(thought.cell);
        Answer::Move(x, y).to_string()
    }
}

#[cfg(test)]
mod go_tests {
    use super::*;
    use mnk_engine::TimeManager;

    fn go_after(lines: &[&str]) -> Go {
        let mut brain = Brain::new();
        let (abort, mut out) = (Arc::new(AtomicBool::new(false)), Vec::new());
        for line in lines {
            brain.handle(line, &abort, &mut out);
        }
        brain.go(&abort)
    }

    #[test]
    fn the_info_lines_become_the_go_and_the_engine_keeps_the_time() {
        let go = go_after(&["INFO timeout_turn 1000"]);
        assert_eq!(go.move_time(), Some(Duration::from_millis(1000)));
        assert_eq!(go.game_left(), None);
        // The engine's one time manager: 1000 ms less its margin.
        assert_eq!(
            TimeManager::new(&go).search_time(),
            Some(Duration::from_millis(900))
        );
        // time_left counts only when the match is timed.
        let untimed = go_after(&["INFO timeout_turn 1000", "INFO time_left 6000"]);
        assert_eq!(untimed.game_left(), None);
        let timed = go_after(&[
            "INFO timeout_turn 1000",
            "INFO timeout_match 60000",
            "INFO time_left 6000",
        ]);
        assert_eq!(timed.game_left(), Some(Duration::from_millis(6000)));
        // "As fast as you can".
        let fastest = go_after(&["INFO timeout_turn 0"]);
        assert_eq!(fastest.move_time(), Some(FASTEST_TURN));
        // mnk's own manager may ask for fixed work and a seed.
        let fixed = go_after(&[
            "INFO timeout_turn 1000",
            "INFO mnk_fixed_work 1",
            "INFO mnk_seed 42",
        ]);
        assert!(!fixed.is_timed());
        assert_eq!(fixed.seed(), Some(42));
        // Threads: every core unless the manager limits them.
        assert_eq!(go_after(&[]).threads(), None);
        assert_eq!(go_after(&["INFO thread_num 1"]).threads(), Some(1));
        assert_eq!(go_after(&["INFO THREAD_NUM 0"]).threads(), Some(1));
    }

    #[test]
    fn max_memory_sizes_the_tables_within_the_caps() {
        assert_eq!(go_after(&[]).table_mib(), Some(BRAIN_TABLE_MIB));
        // Half of the 6 MiB.
        let go = go_after(&["INFO max_memory 6291456"]);
        assert_eq!(go.table_mib(), Some(3));
        assert_eq!(
            go_after(&["INFO max_memory 1073741824"]).table_mib(),
            Some(BRAIN_TABLE_MIB)
        );
        // 0 means no limit: the brain keeps its own size.
        assert_eq!(
            go_after(&["INFO max_memory 0"]).table_mib(),
            Some(BRAIN_TABLE_MIB)
        );
    }
}
