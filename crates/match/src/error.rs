//! What can stop a match before or while it is played (a game lost by a player's fault is a
//! result, not an error: [`mnk_gomocup::Fault`]).

use crate::contestant::Spec;
use std::path::PathBuf;
use thiserror::Error;

/// Why a match cannot be played, or could not go on.
#[derive(Debug, Error)]
pub enum MatchError {
    /// Bad rules, an unknown level or an impossible move from the engine.
    #[error(transparent)]
    Engine(#[from] mnk_engine::Error),
    /// `pbrain:` with no path after it.
    #[error(
        "a brain player needs the path of its executable after pbrain:, like pbrain:./pbrain-x"
    )]
    NoBrainPath,
    /// A player text that is neither a level nor `pbrain:PATH`.
    #[error(transparent)]
    Player(#[from] mnk_engine::ai::BadPlayer),
    /// `human` as a player.
    #[error(
        "a match is between computer players: a level (perfect, hard, depth:N, random, ...) \
         or pbrain:PATH; got 'human'"
    )]
    Human,
    /// The openings file cannot be read.
    #[error("cannot read the openings file {}", path.display())]
    OpeningsFile {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A word of an openings line (numbered from 1) that is no move.
    #[error("openings line {0}: bad move '{1}'")]
    BadOpeningMove(usize, String, #[source] mnk_engine::Error),
    /// A move of an openings line that cannot be played there.
    #[error("openings line {0}: cannot play '{1}'")]
    IllegalOpeningMove(usize, String, #[source] mnk_engine::Error),
    /// An opening that ends the game.
    #[error("openings line {0}: the game is over after '{1}'")]
    OpeningGameOver(usize, String),
    /// An openings file without a single opening.
    #[error("the openings file has no opening (one line of moves per opening)")]
    NoOpenings,
    /// A brain that cannot even start the match's first game: a mistake on the command line,
    /// not a result (it would forfeit every game).
    #[error("the brain {spec} (player {player}) cannot play: {reason}")]
    CannotPlay {
        /// The player as given.
        spec: Spec,
        /// "A" or "B".
        player: &'static str,
        /// Why, as a clause ([`mnk_gomocup::Fault::reason`]).
        reason: String,
    },
    /// The record file cannot be made or written.
    #[error("cannot write the record{}", path.as_ref().map(|p| format!(" {}", p.display())).unwrap_or_default())]
    Record {
        /// The file, when it could not be made.
        path: Option<PathBuf>,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}
