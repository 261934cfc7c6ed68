//! [`Session`]: one game between two players, from the first move to the result, with undo,
//! hints and the computer's moves. Front ends only ask it what to show and hand it what the
//! human typed or clicked.

use super::record::Record;
use super::result::GameResult;
use super::SessionError;
use crate::ai::{Level, Player, Thinker, Thought};
use crate::board::Board;
use crate::rules::Rules;
use crate::side::{Outcome, Side};
use crate::Go;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Everything that defines a game before its first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionConfig {
    /// Board and winning length.
    pub rules: Rules,
    /// Who plays the x stones.
    pub x: Player,
    /// Who plays the o stones.
    pub o: Player,
    /// Which symbol moves first (independent of who plays it).
    pub first: Side,
    /// Seed of every random choice (the random level, ties among equal best moves).
    pub seed: u64,
    /// Value every candidate move of the computer (slower; for `--explain`).
    pub explain: bool,
}

impl Default for SessionConfig {
    /// Tic-tac-toe, a human as x moving first, the perfect computer as o.
    fn default() -> Self {
        SessionConfig {
            rules: Rules::tic_tac_toe(),
            x: Player::Human,
            o: Player::Computer(Level::Perfect),
            first: Side::X,
            seed: 0,
            explain: false,
        }
    }
}

/// One game in progress.
///
/// ```
/// use mnk_engine::Go;
/// use mnk_engine::session::{Session, SessionConfig};
///
/// // You are x, the computer plays o perfectly (the defaults).
/// let mut game = Session::new(SessionConfig::default()).unwrap();
/// game.play_text("b2").unwrap();
/// assert!(game.computer_to_move());
/// let reply = game.computer_move(&Go::default()).unwrap();
/// assert!(game.board().stone(reply.cell).is_some());
/// assert!(game.play_text("b2").is_err()); // taken: the game is unchanged
/// assert_eq!(game.undo().unwrap().len(), 2); // your move and the reply go back together
/// assert!(game.board().stone_count() == 0);
/// ```
pub struct Session {
    pub(super) config: SessionConfig,
    pub(super) board: Board,
    pub(super) rng: StdRng,
    pub(super) thinker: Thinker,
}

impl Session {
    /// A new game with no move played.
    pub fn new(config: SessionConfig) -> Result<Session, SessionError> {
        if config.rules.has_forbidden_moves() && config.first == Side::O {
            // Renju's restrictions bind the first player (black), which is x.
            return Err(SessionError::RenjuFirst);
        }
        let board = Board::new(config.rules).with_side_to_move(config.first)?;
        Ok(Session {
            config,
            board,
            rng: StdRng::seed_from_u64(config.seed),
            thinker: Thinker::new(),
        })
    }

    /// A game set up from a record, its moves replayed (checked on the way).
    pub fn from_record(record: &Record, seed: u64, explain: bool) -> Result<Session, SessionError> {
        let mut session = Session::new(SessionConfig {
            rules: record.rules,
            x: record.x,
            o: record.o,
            first: record.first,
            seed,
            explain,
        })?;
        for &cell in &record.moves {
            session.board.play(cell)?;
        }
        Ok(session)
    }

    /// The game as a record (rules, players, moves, result).
    pub fn to_record(&self) -> Record {
        Record {
            rules: self.config.rules,
            x: self.config.x,
            o: self.config.o,
            first: self.config.first,
            moves: self.board.history(),
            result: self.result(),
        }
    }

    /// Starts a new game with the same settings; the random generator carries on, so the next
    /// game differs but a seeded run stays reproducible.
    pub fn restart(&mut self) {
        self.board = Board::new(self.config.rules)
            .with_side_to_move(self.config.first)
            .expect("the empty board accepts either side to move");
    }

    /// Frees the computer's search tables (up to tens of MiB) for a game that is only being
    /// kept, as a server holding many games does; the next computer move rebuilds them. The
    /// game, its random generator and its settings are unchanged.
    pub fn release_tables(&mut self) {
        self.thinker.release_tables();
    }

    /// The settings.
    pub fn config(&self) -> &SessionConfig {
        &self.config
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who plays `side`.
    pub fn player(&self, side: Side) -> Player {
        match side {
            Side::X => self.config.x,
            Side::O => self.config.o,
        }
    }

    /// When the moves of `side` are proven: `None` unless the `perfect` level plays it.
    pub fn exactness(&self, side: Side) -> Option<crate::ai::Exactness> {
        (self.player(side) == Player::Computer(Level::Perfect))
            .then(|| crate::ai::thinker::perfect_exactness(self.config.rules))
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.board.to_move()
    }

    /// Whether the game is unfinished and a human is to move.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && self.player(self.to_move()).is_human()
    }

    /// Whether the game is unfinished and the computer is to move.
    pub fn computer_to_move(&self) -> bool {
        !self.is_over() && !self.player(self.to_move()).is_human()
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.board.is_over()
    }

    /// How the game stands.
    pub fn result(&self) -> GameResult {
        match self.board.outcome() {
            None => GameResult::Unfinished,
            Some(Outcome::Win(side)) => GameResult::Win(side),
            Some(Outcome::Draw) => GameResult::Draw,
        }
    }

    /// The cells of the winning line, once there is one.
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        self.board.winning_line()
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> Vec<usize> {
        self.board.history()
    }

    /// The side that played the `index`-th move (0-based).
    pub fn mover_of(&self, index: usize) -> Side {
        if index & 1 == 0 {
            self.config.first
        } else {
            self.config.first.other()
        }
    }

    /// Parses a move typed by a human: a coordinate like `b2` or a cell number.
    pub fn parse_cell(&self, text: &str) -> Result<usize, SessionError> {
        Ok(self.board.parse_cell(text)?)
    }

    /// Plays a human's move for the side to move. Refuses (and changes nothing) when the game
    /// is over, the computer is to move, or the cell is taken.
    pub fn play(&mut self, cell: usize) -> Result<(), SessionError> {
        self.board
            .unfinished()
            .map_err(crate::error::PositionError::from)?;
        let side = self.to_move();
        if !self.player(side).is_human() {
            return Err(SessionError::ComputerToMove(side.letter()));
        }
        Ok(self.board.play(cell)?)
    }

    /// Parses and plays a human's move; returns the cell.
    pub fn play_text(&mut self, text: &str) -> Result<usize, SessionError> {
        let cell = self.parse_cell(text)?;
        self.play(cell)?;
        Ok(cell)
    }

    /// The level of the computer that is to move; refuses when the game is over or a human
    /// is to move.
    pub(super) fn computer_level(&self) -> Result<Level, SessionError> {
        self.board
            .unfinished()
            .map_err(crate::error::PositionError::from)?;
        let side = self.to_move();
        match self.player(side) {
            Player::Computer(level) => Ok(level),
            Player::Human => Err(SessionError::HumanToMove(side.letter())),
        }
    }

    /// Lets the computer choose and play the move of the side to move, within what `go`
    /// allows (the session adds the seed of its choices, from the game's generator, and
    /// whether to explain).
    pub fn computer_move(&mut self, go: &Go) -> Result<Thought, SessionError> {
        let level = self.computer_level()?;
        let (go, rng) = self.move_go(go.clone());
        let thought = self.thinker.think(&self.board, level, &go)?;
        self.board.play(thought.cell)?;
        self.rng = rng;
        Ok(thought)
    }

    /// What a computer move is told: `go`, with the seed of its choices drawn from the game's
    /// generator and the session's `explain`; and the generator after the draw, to keep once
    /// the move is played.
    pub(super) fn move_go(&self, go: Go) -> (Go, StdRng) {
        let mut rng = self.rng.clone();
        let go = go
            .with_seed(Some(rng.gen()))
            .explaining(self.config.explain);
        (go, rng)
    }

    /// The best move for the side to move, as the perfect level sees it within what `go`
    /// allows, with its value and every equally good move. The same in the same position:
    /// the game's random generator is left alone, so asking for a hint never changes what the
    /// computer plays later.
    pub fn hint(&mut self, go: &Go) -> Result<Thought, SessionError> {
        let go = hint_go(go.clone());
        Ok(self.thinker.think(&self.board, Level::Perfect, &go)?)
    }

    /// The index of the last move a human played, if any.
    fn last_human_move(&self) -> Option<usize> {
        (0..self.board.history().len())
            .rev()
            .find(|&i| self.player(self.mover_of(i)).is_human())
    }

    /// Whether [`Session::undo`] has a human move to take back.
    pub fn can_undo(&self) -> bool {
        self.last_human_move().is_some()
    }

    /// Takes back the last move of a human and every computer move after it; returns the cells
    /// taken back, latest first. With two humans this is the last move; against the computer
    /// it is the computer's reply and the human's move before it.
    pub fn undo(&mut self) -> Result<Vec<usize>, SessionError> {
        let last_human = self.last_human_move().ok_or(SessionError::NothingToUndo)?;
        let mut taken = Vec::new();
        while self.board.history().len() > last_human {
            taken.push(self.board.undo()?);
        }
        Ok(taken)
    }
}

/// What a hint or a ponder is told: the caller's limits, with no seed (a hint is the same
/// in the same position, and never draws from the game's generator) and nothing explained.
pub(super) fn hint_go(go: Go) -> Go {
    go.with_seed(None).explaining(false)
}
