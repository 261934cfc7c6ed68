//! The engine's typed errors as Python exceptions. Every exception is a `ValueError`
//! subclass (through `mnk.MnkError`) and carries the engine's own one-sentence message, the
//! one the command line prints.

use mnk_engine::{BoardError, CountError, Exhausted, GameOver};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    mnk,
    MnkError,
    PyValueError,
    "Any error mnk reports: a ValueError whose message is one sentence."
);
create_exception!(
    mnk,
    RulesError,
    MnkError,
    "A rule set that cannot be played (a side or k out of range, a size that is not WxH)."
);
create_exception!(
    mnk,
    NotationError,
    MnkError,
    "Board text or a move name that does not parse."
);
create_exception!(
    mnk,
    PositionError,
    MnkError,
    "A position no game reaches, or a move that cannot be played (taken, off the board)."
);
create_exception!(
    mnk,
    GameOverError,
    PositionError,
    "A move or a search asked of a finished game."
);
create_exception!(
    mnk,
    SearchError,
    MnkError,
    "A search or count that cannot be done: the board is too big for it, its work would \
     exceed a bound, or it ran out of its node limit or memory."
);
create_exception!(mnk, TreeError, MnkError, "Tree text that does not parse.");
create_exception!(
    mnk,
    PlayerError,
    MnkError,
    "A player that is not a level mnk knows, or a Python player's move that is not legal."
);
create_exception!(
    mnk,
    ProofError,
    MnkError,
    "A proof file, job directory or merge that failed: unreadable, malformed, another split, \
     or a certificate the checker refuses."
);

/// Registers the exception classes in the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("MnkError", py.get_type::<MnkError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("SearchError", py.get_type::<SearchError>())?;
    m.add("TreeError", py.get_type::<TreeError>())?;
    m.add("PlayerError", py.get_type::<PlayerError>())?;
    m.add("ProofError", py.get_type::<ProofError>())?;
    Ok(())
}

/// An error setting up a board or searching it.
pub fn engine(e: BoardError) -> PyErr {
    match e {
        BoardError::Rules(e) => rules(e),
        BoardError::Notation(e) => notation(e),
        BoardError::Position(e) => position(e),
        BoardError::Search(e) => search(e),
    }
}

/// A bad rule set.
pub fn rules(e: mnk_engine::RulesError) -> PyErr {
    RulesError::new_err(e.to_string())
}

/// Bad board text or a bad move name.
pub fn notation(e: mnk_engine::NotationError) -> PyErr {
    NotationError::new_err(e.to_string())
}

/// An impossible position or move.
pub fn position(e: mnk_engine::PositionError) -> PyErr {
    match e {
        mnk_engine::PositionError::GameOver(over) => game_over(over),
        e => PositionError::new_err(e.to_string()),
    }
}

/// A finished game.
pub fn game_over(e: GameOver) -> PyErr {
    GameOverError::new_err(e.to_string())
}

/// A search that could not be done or did not finish. The stop flag is only raised for Ctrl-C,
/// and `interrupt::run` then raises Python's own `KeyboardInterrupt` before the search's
/// answer is looked at; a stop that gets here anyway reads as one too.
pub fn search(e: mnk_engine::SearchError) -> PyErr {
    match e {
        mnk_engine::SearchError::GameOver(over) => game_over(over),
        e @ mnk_engine::SearchError::Stopped(Exhausted::Stopped) => {
            pyo3::exceptions::PyKeyboardInterrupt::new_err(e.to_string())
        }
        e => SearchError::new_err(e.to_string()),
    }
}

/// A count that could not be done.
pub fn count(e: CountError) -> PyErr {
    match e {
        CountError::Search(e) => search(e),
        e => SearchError::new_err(e.to_string()),
    }
}

/// Tree text that does not parse.
pub fn tree(e: mnk_engine::tree::TreeParseError) -> PyErr {
    TreeError::new_err(e.to_string())
}

/// A player name that is not a level.
pub fn player(e: mnk_engine::ai::BadPlayer) -> PyErr {
    PlayerError::new_err(e.to_string())
}

/// A proof file, job directory or merge that failed.
pub fn proofs(e: mnk_proofs::JobsError) -> PyErr {
    match e {
        mnk_proofs::JobsError::Engine(e) => engine(e),
        mnk_proofs::JobsError::Search(e) => search(e),
        e => ProofError::new_err(e.to_string()),
    }
}
