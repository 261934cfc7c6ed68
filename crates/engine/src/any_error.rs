//! The umbrella error: any error the engine reports, so a caller can use `?` on every
//! engine call and still match on where it came from. It sits in the top layer because it
//! names every module's error; the modules themselves return their own, narrower types.

use crate::ai::book::BookError;
use crate::ai::BadPlayer;
use crate::certificate::format::FormatError;
use crate::certificate::CertificateError;
use crate::count::CountError;
use crate::error::{BoardError, GameOver, NotationError, PositionError, RulesError, SearchError};
use crate::practice::{AnswerError, ExerciseError, UnknownName};
use crate::proof::checkpoint::CheckpointError;
use crate::proof::MergeError;
use crate::session::SessionError;
use crate::tree::TreeParseError;
use thiserror::Error;

/// Any error the engine reports. Each module's error converts into it with `?`; the message
/// is the module error's own sentence, unchanged.
///
/// ```
/// use mnk_engine::{Board, Error, Rules};
///
/// fn centre_first(text: &str) -> Result<String, Error> {
///     let mut board = Board::from_text(Rules::tic_tac_toe(), text)?;
///     board.play(board.parse_cell("b2")?)?;
///     Ok(board.to_text())
/// }
///
/// assert_eq!(centre_first(".../.../...").unwrap(), ".../.x./...");
/// let taken = centre_first(".../.x./... o").unwrap_err();
/// assert!(matches!(taken, Error::Position(_)));
/// assert_eq!(taken.to_string(), "cell b2 is already taken");
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Error {
    /// Bad rules.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Bad board text or move.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// An impossible position or move.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A search that cannot be done.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A count of the game tree that cannot be done.
    #[error(transparent)]
    Count(#[from] CountError),
    /// A player name that is not known.
    #[error(transparent)]
    Player(#[from] BadPlayer),
    /// An opening book file that does not read.
    #[error(transparent)]
    Book(#[from] BookError),
    /// A certificate that does not check.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
    /// A certificate stream (or a part of one) that does not read.
    #[error(transparent)]
    CertificateFormat(#[from] FormatError),
    /// A proof checkpoint that does not read or write.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
    /// A split proof whose answers cannot be merged.
    #[error(transparent)]
    Merge(#[from] MergeError),
    /// A game tree's text that does not parse.
    #[error(transparent)]
    TreeParse(#[from] TreeParseError),
    /// A game's flow refused a request.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// An exercise that could not be made.
    #[error(transparent)]
    Exercise(#[from] ExerciseError),
    /// An answer to an exercise that does not read.
    #[error(transparent)]
    Answer(#[from] AnswerError),
    /// An exercise kind or difficulty that is not known.
    #[error(transparent)]
    UnknownName(#[from] UnknownName),
}

impl From<BoardError> for Error {
    fn from(e: BoardError) -> Self {
        match e {
            BoardError::Rules(e) => Error::Rules(e),
            BoardError::Notation(e) => Error::Notation(e),
            BoardError::Position(e) => Error::Position(e),
            BoardError::Search(e) => Error::Search(e),
        }
    }
}

impl From<GameOver> for Error {
    fn from(e: GameOver) -> Self {
        Error::Position(e.into())
    }
}
