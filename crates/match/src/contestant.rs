//! The two kinds of match players: a built-in computer level, and an external Gomocup brain
//! run as a child process and spoken to over the Piskvork protocol (through
//! [`mnk_gomocup::BrainProcess`]).

use crate::error::MatchError;
use crate::workdir::ScratchFolder;
use mnk_engine::ai::{Level, Player, Thinker};
use mnk_engine::Board;
use mnk_engine::Go;
use mnk_gomocup::{table_mib_for, BrainProcess, Fault, GameSetup};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The default tolerance: how far past `timeout_turn` (and past `timeout_match` over a
/// game) an answer may come before the player forfeits, as GomocupJudge allows for process
/// start-up and a busy machine.
pub const DEFAULT_TOLERANCE_MS: u64 = 1000;

/// The memory each player may use, in bytes: told to brains as `INFO max_memory`, and given
/// to the built-in levels as the same search tables a brain makes of it.
pub const MATCH_MEMORY: u64 = 256 << 20;

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
    pub fn parse(text: &str) -> Result<Spec, MatchError> {
        if let Some(path) = text.trim().strip_prefix("pbrain:") {
            if path.is_empty() {
                return Err(MatchError::NoBrainPath);
            }
            return Ok(Spec::Brain(PathBuf::from(path)));
        }
        match text.parse::<Player>()? {
            Player::Computer(level) => Ok(Spec::Level(level)),
            Player::Human => Err(MatchError::Human),
        }
    }
}

/// The player as written on the command line (`pbrain:PATH` for a brain).
impl std::fmt::Display for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spec::Level(level) => write!(f, "{level}"),
            Spec::Brain(path) => write!(f, "pbrain:{}", path.display()),
        }
    }
}

/// A player's name for the tables, from its text on the command line: a brain by its file
/// name (`pbrain:pbrain-x`), a level as written.
pub fn display_name(spec: &str) -> String {
    let spec = spec.trim();
    match spec.strip_prefix("pbrain:") {
        Some(path) => {
            let file = Path::new(path)
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.to_string());
            format!("pbrain:{file}")
        }
        None => spec.to_string(),
    }
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
                    .with_threads(setup.threads)
                    .with_table_mib(Some(table_mib_for(setup.max_memory)));
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
                    old.end();
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

    /// Waits, before a brain is sent the next move, until [`mnk_gomocup::manager::SETTLE`]
    /// has passed since its last answer (not counted against its clock); a built-in level
    /// never waits.
    pub fn settle(&self) {
        if let Contestant::Brain {
            process: Some(p), ..
        } = self
        {
            p.settle();
        }
    }

    /// Ends the game: an external brain is told `END` and its process killed.
    pub fn end_game(&mut self) {
        if let Contestant::Brain { process, .. } = self {
            if let Some(p) = process.take() {
                p.end();
            }
        }
    }
}
