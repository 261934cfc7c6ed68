//! mnk-engine: play, solve and study m,n,k-games — a board W wide and H high, the first to
//! get K in a row wins (3x3/3 is tic-tac-toe, 4x4/4 the four-in-a-row board, 15x15/5
//! Gomoku). Rules, positions and notation; the exact solver and the proof search; the
//! computer players; the game flow the front ends share; and the textbook minimax and
//! alpha-beta with the tools that teach them.
//!
//! No I/O and no clock: a caller hands in what a search may use, a [`Go`] (a stop flag, a node
//! cap, a move time with the caller's own [`Clock`], a table size, counters to watch it by),
//! and the engine's one [`TimeManager`] turns it into the search's limits; the caller
//! measures time itself.
//!
//! ```
//! use mnk_engine::{exact, Algorithm, Board, Go, Rules, SolverConfig, Verdict};
//!
//! // x to move can complete the top row at once.
//! let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
//! let report =
//!     exact::solve(&board, Algorithm::Solver, SolverConfig::default(), &Go::default()).unwrap();
//! assert_eq!(report.verdict, Verdict::Win(1));
//! assert_eq!(board.cell_name(report.best_moves[0]), "c3");
//! ```
//!
//! # Layers
//!
//! The modules form layers; each uses only its own layer and those below it (a test,
//! `tests/layers.rs`, checks this and that no modules import each other in a circle):
//!
//! 1. **Rules and values**: [`Rules`] and [`Size`], the two [`Side`]s and the [`Outcome`],
//!    scores and their [`Verdict`]s, the errors, what a search may use ([`Go`]) and the one
//!    [`TimeManager`] that turns it into a search's budget, the live [`Progress`]; inside,
//!    bitboards and the board geometry (windows, symmetries, Zobrist keys).
//! 2. **Positions and notation**: the position with its incremental hashes, board text and
//!    move names (`a1` is bottom-left).
//! 3. **The pure searches**: [`search`] (the one [`search::Game`] trait, plain minimax and
//!    textbook alpha-beta), [`tree`] (explicit trees), the exact solver, the proof search,
//!    the game-tree count, and the threat-pattern search the `hard` level uses.
//! 4. **[`Board`]**: one position type for every board size: its rules, moves and text.
//! 5. **[`exact`]**: the exact searches' entry points, free functions on a [`Board`] and a
//!    [`Go`] ([`exact::solve`], [`exact::solve_moves`], [`exact::count`], [`exact::prove`],
//!    the split proof's pieces).
//! 6. **[`ai`]**: the computer players — levels, the [`ai::Thinker`] that plays them, and the
//!    analysis overlay ([`ai::analyze`]: exact or estimated, and saying which).
//! 7. **[`session`]** (game flow: players, moves, undo, hints, records, background thinking)
//!    and **[`teach`]** (lessons recorded from the textbook searches, drawings, comparisons),
//!    with **[`practice`]** on top of it (exercises generated from seeds, marked against the
//!    engine's own searches).
//!
//! A game between two computer levels, through the session every front end uses:
//!
//! ```
//! use mnk_engine::Go;
//! use mnk_engine::session::{GameResult, Session, SessionConfig};
//!
//! let mut game = Session::new(SessionConfig {
//!     x: "perfect".parse().unwrap(),
//!     o: "perfect".parse().unwrap(),
//!     ..SessionConfig::default()
//! })
//! .unwrap();
//! while !game.is_over() {
//!     game.computer_move(&Go::fixed_work()).unwrap();
//! }
//! // Tic-tac-toe played perfectly is a draw.
//! assert_eq!(game.result(), GameResult::Draw);
//! ```

#![warn(missing_docs)]

pub mod ai;
mod any_error;
mod bits;
mod board;
mod board_game;
mod budget;
pub mod certificate;
mod count;
mod error;
mod eval;
pub mod exact;
mod foul;
mod geometry;
mod go;
mod hard_search;
mod notation;
mod position;
pub mod practice;
mod progress;
pub mod proof;
mod renju;
mod rules;
mod score;
pub mod search;
pub mod session;
mod side;
mod solver;
pub mod teach;
mod threats;
mod time;
pub mod tree;

#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals;

pub use any_error::Error;
pub use board::Board;
pub use budget::Exhausted;
pub use count::{CountError, CountEstimate, CountResult, DEFAULT_MEMORY_MIB};
pub use error::{BoardError, GameOver, NotationError, PositionError, RulesError, SearchError};
pub use eval::Evaluator;
pub use exact::algorithm::{proof_first, proof_suits, Algorithm};
pub use exact::report::SolveReport;
pub use foul::Foul;
pub use go::{Clock, Go};
pub use notation::infer_size;
pub use progress::{Progress, ProgressSnapshot};
pub use rules::{Rule, Rules, Size, MAX_SIDE};
pub use score::{Bound, Plies, Score, Verdict, Wdl};
pub use side::{Outcome, Side};
pub use solver::{MoveValue, SolverConfig, SolverStats, DEFAULT_HASH_MIB, MAX_HASH_MIB};
pub use time::TimeManager;
