//! The computer players and `mnk.Game`, a game between any two players: computer levels, or
//! Python functions that take the board and return a move. The game flow is the engine's
//! `Session`, the one every mnk front end uses; a Python player's side is a "human" side of
//! it whose moves come from the function.

use crate::board::{Move, PyBoard};
use crate::errors;
use crate::interrupt;
use crate::rules::PyRules;
use mnk_engine::ai::{Level, Player, Thinker};
use mnk_engine::session::{GameResult, Session, SessionConfig, SessionError};
use mnk_engine::Go;
use mnk_engine::Side;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// A computer player: `perfect`, `hard`, `depth:N` or `random`.
#[pyclass(module = "mnk", name = "Player", frozen, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyPlayer(Level);

#[pymethods]
impl PyPlayer {
    /// A player by name: `perfect`, `hard`, `medium` (depth:2), `easy` (depth:1), `random`
    /// or `depth:N` (N from 1 to 9).
    #[new]
    fn new(name: &str) -> PyResult<Self> {
        match name.parse::<Player>().map_err(errors::player)? {
            Player::Computer(level) => Ok(PyPlayer(level)),
            Player::Human => Err(errors::PlayerError::new_err(
                "'human' is not a computer player: pass a Python function that returns a move",
            )),
        }
    }

    /// The level's name (`perfect`, `hard`, `depth:3`, `random`).
    #[getter]
    fn name(&self) -> String {
        self.0.to_string()
    }

    /// The move this player chooses for the side to move of `board`, by name; `seed` settles
    /// random choices (the random level, ties among equally good moves). Ctrl-C stops it.
    #[pyo3(signature = (board, *, seed = 0))]
    fn choose(&self, py: Python<'_>, board: &PyBoard, seed: u64) -> PyResult<String> {
        let board = board.0.clone();
        let level = self.0;
        let thought = interrupt::run(py, |stop| {
            let go = Go::default().with_stop(stop).with_seed(Some(seed));
            Thinker::new().think(&board, level, &go)
        })?
        .map_err(errors::search)?;
        Ok(board.cell_name(thought.cell))
    }

    fn __repr__(&self) -> String {
        format!("mnk.Player('{}')", self.0)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// The perfect player: the exact solver wherever it answers quickly (it never loses a game
/// that can be held), the `hard` search on bigger boards.
#[pyfunction]
pub fn perfect() -> PyPlayer {
    PyPlayer(Level::Perfect)
}

/// The strong player on every board size: wins, forced blocks and threat sequences first, then
/// a search within a fixed budget per move.
#[pyfunction]
pub fn hard() -> PyPlayer {
    PyPlayer(Level::Hard)
}

/// The textbook player: alpha-beta `n` plies deep (1 to 9) with the open-lines estimate at the
/// horizon.
#[pyfunction]
pub fn depth(n: u32) -> PyResult<PyPlayer> {
    PyPlayer::new(&format!("depth:{n}"))
}

/// A player that plays any legal move, uniformly at random.
#[pyfunction]
pub fn random() -> PyPlayer {
    PyPlayer(Level::Random)
}

/// Who plays one side of a `Game`.
enum Seat {
    Computer(Level),
    /// A Python callable (board in, move out) and its name, for `repr`.
    Function(Py<PyAny>, String),
}

impl Seat {
    fn from_py(side: &Bound<'_, PyAny>) -> PyResult<Seat> {
        if let Ok(player) = side.extract::<PyPlayer>() {
            return Ok(Seat::Computer(player.0));
        }
        if let Ok(name) = side.extract::<String>() {
            return Ok(Seat::Computer(PyPlayer::new(&name)?.0));
        }
        if side.is_callable() {
            let name = match side.getattr("__name__") {
                Ok(name) => name.to_string(),
                Err(_) => side.repr()?.to_string(),
            };
            return Ok(Seat::Function(side.clone().unbind(), name));
        }
        Err(PyTypeError::new_err(
            "a player is a computer player (mnk.perfect(), 'hard', 'depth:3', ...) or a \
             function that takes the board and returns a move",
        ))
    }

    fn player(&self) -> Player {
        match self {
            Seat::Computer(level) => Player::Computer(*level),
            Seat::Function(..) => Player::Human,
        }
    }

    fn name(&self) -> String {
        match self {
            Seat::Computer(level) => level.to_string(),
            Seat::Function(_, name) => name.clone(),
        }
    }
}

/// A game between two players, from the empty board: each is a computer player
/// (`mnk.perfect()`, `mnk.depth(3)`, or a name such as `"hard"`) or a Python function that
/// takes the board (a copy) and returns its move, by name or cell index.
///
/// >>> game = mnk.Game(mnk.perfect(), lambda board: board.legal_moves[0])
/// >>> game.play()
/// 'x'
#[pyclass(module = "mnk", name = "Game")]
pub struct Game {
    session: Session,
    seats: [Seat; 2],
}

#[pymethods]
impl Game {
    /// A game of `rules` (tic-tac-toe by default) between `x` and `o`; `first` says which
    /// side moves first, `seed` settles every random choice (so a game repeats).
    #[new]
    #[pyo3(signature = (x, o, *, rules = None, first = "x", seed = 0))]
    fn new(
        x: &Bound<'_, PyAny>,
        o: &Bound<'_, PyAny>,
        rules: Option<PyRules>,
        first: &str,
        seed: u64,
    ) -> PyResult<Self> {
        let seats = [Seat::from_py(x)?, Seat::from_py(o)?];
        let first = match first {
            "x" | "X" => Side::X,
            "o" | "O" => Side::O,
            other => {
                return Err(errors::NotationError::new_err(format!(
                    "side '{}' is not understood: write x or o",
                    other.chars().take(20).collect::<String>()
                )))
            }
        };
        let session = Session::new(SessionConfig {
            rules: rules.map_or_else(Default::default, |r| r.0),
            x: seats[0].player(),
            o: seats[1].player(),
            first,
            seed,
            ..SessionConfig::default()
        })
        .map_err(session_error)?;
        Ok(Game { session, seats })
    }

    /// A copy of the board as it stands.
    #[getter]
    fn board(&self) -> PyBoard {
        PyBoard(self.session.board().clone())
    }

    /// The moves played so far, by name.
    #[getter]
    fn moves(&self) -> Vec<String> {
        let board = self.session.board();
        self.session
            .moves()
            .into_iter()
            .map(|c| board.cell_name(c))
            .collect()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.session.is_over()
    }

    /// `"x"` or `"o"` (the winner) or `"draw"` once the game is over; `None` before.
    #[getter]
    fn result(&self) -> Option<String> {
        match self.session.result() {
            GameResult::Win(side) => Some(side.to_string()),
            GameResult::Draw => Some("draw".to_string()),
            GameResult::Unfinished => None,
        }
    }

    /// Plays the next move (asking the function, or letting the computer think) and returns
    /// its name. Refused once the game is over.
    fn step(&mut self, py: Python<'_>) -> PyResult<String> {
        let side = self.session.to_move();
        let cell = match &self.seats[side.index()] {
            Seat::Function(choose, _) => {
                self.session
                    .board()
                    .unfinished()
                    .map_err(errors::game_over)?;
                let board = PyBoard(self.session.board().clone());
                let answer = choose.call1(py, (board,))?;
                let cell = answer
                    .extract::<Move>(py)
                    .map_err(|_| {
                        errors::PlayerError::new_err(format!(
                            "the player of {side} returned {}, which is not a move (a name such \
                             as 'b2' or a cell index)",
                            answer.bind(py).repr().map_or("?".into(), |r| r.to_string())
                        ))
                    })?
                    .cell(self.session.board())?;
                self.session.play(cell).map_err(session_error)?;
                cell
            }
            Seat::Computer(_) => {
                // The computer thinks on its own thread; Ctrl-C stops it.
                let thinking = self
                    .session
                    .start_computer_move(Go::default())
                    .map_err(session_error)?;
                let done = interrupt::join(py, thinking)?;
                self.session.finish_think(done).map_err(session_error)?.cell
            }
        };
        Ok(self.session.board().cell_name(cell))
    }

    /// Plays the game to its end and returns the result: `"x"`, `"o"` or `"draw"`.
    fn play(&mut self, py: Python<'_>) -> PyResult<String> {
        while !self.session.is_over() {
            self.step(py)?;
        }
        Ok(self.result().unwrap_or_default())
    }

    fn __str__(&self) -> String {
        crate::board::draw(self.session.board())
    }

    fn __repr__(&self) -> String {
        format!(
            "<mnk.Game {} vs {}, moves {}>",
            self.seats[0].name(),
            self.seats[1].name(),
            crate::py_list(&self.moves())
        )
    }

    /// The board as Jupyter shows it.
    fn _repr_html_(&self) -> String {
        crate::board::html(self.session.board())
    }
}

/// A session error as the exception of its kind.
fn session_error(e: SessionError) -> PyErr {
    match e {
        SessionError::BadPlayer(e) => errors::player(e),
        SessionError::Notation(e) => errors::notation(e),
        SessionError::Position(e) => errors::position(e),
        SessionError::Search(e) => errors::search(e),
        e => errors::MnkError::new_err(e.to_string()),
    }
}
