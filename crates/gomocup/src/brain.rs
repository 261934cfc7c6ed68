//! The brain's game state and its answers to each protocol command. Moves come from the
//! engine's big-board search ([`mnk_engine::gomoku`]), bounded by the time the manager allows.

use crate::protocol::{BoardStone, Command, Parser};
use mnk_engine::gomoku::search::MAX_DEPTH;
use mnk_engine::gomoku::{move_time, Limits, Searcher, State, VcfLimits, DEFAULT_HASH_MIB};
use mnk_engine::{Rules, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Time kept back from every turn for reading, writing and the process being scheduled.
const SAFETY_MS: u64 = 60;

/// What the brain may spend on top of the manager's time limits. The defaults leave only
/// the time limits in force; tests and fuzzing shrink them so a move costs milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Largest transposition table, in MiB (also caps `INFO max_memory`).
    pub hash_mib: usize,
    /// Deepest iteration of the search (plies).
    pub max_depth: u32,
    /// Most search nodes per move (the search checks every 1024 nodes).
    pub max_nodes: u64,
    /// Bounds of the VCF (continuous fours) search at the root.
    pub vcf: VcfLimits,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            hash_mib: DEFAULT_HASH_MIB,
            max_depth: MAX_DEPTH,
            max_nodes: u64::MAX,
            vcf: VcfLimits::default(),
        }
    }
}

/// The brain: the board, the time settings and the search with its memory.
pub struct Brain {
    budget: Budget,
    parser: Parser,
    rules: Option<Rules>,
    exact: bool,
    /// Every stone: its cell and whether it is the brain's.
    stones: Vec<(usize, bool)>,
    k: Option<usize>,
    timeout_turn: u64,
    timeout_match: u64,
    time_left: Option<u64>,
    searcher: Searcher,
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
        Brain::with_budget(Budget::default())
    }

    /// A brain waiting for `START` that spends at most `budget` on each move.
    pub fn with_budget(budget: Budget) -> Brain {
        Brain {
            budget,
            parser: Parser::default(),
            rules: None,
            exact: false,
            stones: Vec::new(),
            k: None,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            searcher: Brain::searcher(budget, budget.hash_mib),
            longest: Duration::ZERO,
        }
    }

    /// A searcher with a table of `mib` MiB (at most the budget's) and the budget's VCF bounds.
    fn searcher(budget: Budget, mib: usize) -> Searcher {
        let mut searcher = Searcher::new(mib.clamp(1, budget.hash_mib.max(1)));
        searcher.vcf = budget.vcf;
        searcher
    }

    /// Handles one input line, appending the answer lines to `out`; returns `false` once the
    /// brain should quit. `abort` is set by whoever reads the input when `END` arrives, so a
    /// search in progress stops at once.
    pub fn handle(&mut self, line: &str, abort: &AtomicBool, out: &mut Vec<String>) -> bool {
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
            Command::Restart => match self.rules {
                Some(_) => {
                    self.stones.clear();
                    self.searcher.clear();
                    out.push("OK".into());
                }
                None => out.push("ERROR RESTART before START".into()),
            },
            Command::Info(key, value) => {
                if let Err(e) = self.info(&key, &value) {
                    out.push(format!("ERROR {e}"));
                }
            }
            Command::Begin => {
                if !self.stones.is_empty() {
                    out.push("ERROR BEGIN on a board that already has stones".into());
                } else {
                    out.push(self.think(abort));
                }
            }
            Command::Turn(x, y) => match self.cell(x, y) {
                Ok(cell) => {
                    self.stones.push((cell, false));
                    out.push(self.think(abort));
                }
                Err(e) => out.push(format!("ERROR {e}")),
            },
            Command::Board(stones) => match self.set_board(&stones) {
                Ok(()) => out.push(self.think(abort)),
                Err(e) => out.push(format!("ERROR {e}")),
            },
            Command::Takeback(x, y) => {
                let rules = self.rules;
                let found = rules.and_then(|r| {
                    (x < r.width() && y < r.height())
                        .then(|| r.cell(x, y))
                        .and_then(|c| self.stones.iter().position(|&(s, _)| s == c))
                });
                match found {
                    Some(i) => {
                        self.stones.remove(i);
                        out.push("OK".into());
                    }
                    None => out.push(format!("ERROR no stone at {x},{y} to take back")),
                }
            }
            Command::Unknown(word) => out.push(format!("UNKNOWN {word} is not implemented")),
        }
        true
    }

    fn start(&mut self, w: usize, h: usize) -> String {
        match Rules::new(w, h, Some(self.k.unwrap_or(5).min(w.max(h)))) {
            Ok(rules) if w >= 5 || h >= 5 || self.k.is_some() => {
                self.rules = Some(rules);
                self.stones.clear();
                self.searcher.clear();
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
                    let mib = ((bytes >> 20) / 2).clamp(1, DEFAULT_HASH_MIB as u64);
                    self.searcher = Brain::searcher(self.budget, mib as usize);
                }
            }
            // Bit 1: exactly five wins (overlines do not). Renju (bit 4) is not supported.
            "rule" => self.exact = num()? & 1 == 1,
            // Not part of Gomocup: the row length for other m,n,k-games (used by `mnk match`).
            "mnk_k" => {
                let k = num()? as usize;
                if !(1..=mnk_engine::rules::MAX_SIDE).contains(&k) {
                    return Err(format!("INFO mnk_k expects 1..=26; got '{value}'"));
                }
                self.k = Some(k);
            }
            _ => {}
        }
        Ok(())
    }

    fn cell(&self, x: usize, y: usize) -> Result<usize, String> {
        let rules = self.rules.ok_or("no game: send START first")?;
        if x >= rules.width() || y >= rules.height() {
            return Err(format!(
                "{x},{y} is off the {}x{} board (0-based x,y)",
                rules.width(),
                rules.height()
            ));
        }
        let cell = rules.cell(x, y);
        if self.stones.iter().any(|&(c, _)| c == cell) {
            return Err(format!("{x},{y} is already taken"));
        }
        Ok(cell)
    }

    fn set_board(&mut self, stones: &[BoardStone]) -> Result<(), String> {
        let rules = self.rules.ok_or("no game: send START first")?;
        let mut placed: Vec<(usize, bool)> = Vec::new();
        for s in stones {
            if s.x >= rules.width() || s.y >= rules.height() {
                return Err(format!("BOARD stone {},{} is off the board", s.x, s.y));
            }
            let cell = rules.cell(s.x, s.y);
            if placed.iter().any(|&(c, _)| c == cell) {
                return Err(format!("BOARD has two stones on {},{}", s.x, s.y));
            }
            placed.push((cell, s.own));
        }
        let own = placed.iter().filter(|s| s.1).count();
        let theirs = placed.len() - own;
        if own != theirs && own + 1 != theirs {
            return Err(format!(
                "BOARD has {own} own and {theirs} opponent stones; with the brain to move it \
                 must have as many or one fewer"
            ));
        }
        self.stones = placed;
        Ok(())
    }

    /// The search state: own stones belong to the side to move.
    fn state(&self, rules: Rules) -> Result<State, String> {
        let own = self.stones.iter().filter(|s| s.1).count();
        let theirs = self.stones.len() - own;
        let me = if own == theirs { Side::X } else { Side::O };
        if own != theirs && own + 1 != theirs {
            return Err(format!(
                "the board has {own} own and {theirs} opponent stones"
            ));
        }
        let mut state = State::new(rules, self.exact);
        for &(cell, mine) in &self.stones {
            state.place(cell, if mine { me } else { me.other() });
        }
        state.set_to_move(me);
        Ok(state)
    }

    /// The time for this move, from the turn limit and what is left of the match.
    fn budget(&self) -> Duration {
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
        let margin = SAFETY_MS.max(ms / 20);
        Duration::from_millis(ms.saturating_sub(margin).max(5))
    }

    /// Searches and plays a move; answers `x,y` or an error.
    fn think(&mut self, abort: &AtomicBool) -> String {
        let Some(rules) = self.rules else {
            return "ERROR no game: send START first".into();
        };
        let mut state = match self.state(rules) {
            Ok(s) => s,
            Err(e) => return format!("ERROR {e}"),
        };
        if state.is_over() {
            return "ERROR the game is already over".into();
        }
        let started = Instant::now();
        let budget = self.budget();
        let stop = || abort.load(Ordering::Relaxed) || started.elapsed() >= budget;
        // A new iteration usually costs more than all before it together.
        let soft = || started.elapsed() >= budget * 2 / 5;
        let limits = Limits {
            max_depth: self.budget.max_depth,
            max_nodes: self.budget.max_nodes,
            stop: &stop,
            soft_stop: &soft,
        };
        let Some(report) = self.searcher.search(&mut state, &limits) else {
            return "ERROR the game is already over".into();
        };
        self.longest = self.longest.max(started.elapsed());
        self.stones.push((report.best, true));
        let (x, y) = rules.col_row(report.best);
        format!("{x},{y}")
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;

    fn budget_after(lines: &[&str]) -> Duration {
        let mut brain = Brain::new();
        let (abort, mut out) = (AtomicBool::new(false), Vec::new());
        for line in lines {
            brain.handle(line, &abort, &mut out);
        }
        brain.budget()
    }

    #[test]
    fn the_turn_limit_less_a_margin_or_a_share_of_the_match_clock() {
        assert_eq!(
            budget_after(&["INFO timeout_turn 1000"]),
            Duration::from_millis(940)
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
            Duration::from_millis(940)
        );
    }
}
