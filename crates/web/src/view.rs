//! What the API sends and receives: request bodies (unknown fields refused) and the JSON
//! views of a game and of the computer's thinking.

use crate::store::{Game, LastThought};
use mnk_engine::ai::{Method, Thought};
use mnk_engine::session::GameResult;
use mnk_engine::{Board, Side, Verdict};
use serde::{Deserialize, Serialize};

/// Smallest board side the page offers.
pub const MIN_SIDE: usize = 3;
/// Largest board side the page offers (Gomocup's 20x20; 15x15 is Gomoku's).
pub const MAX_SIDE: usize = 20;

/// Most moves a new game may bring (a 20x20 board has 400 cells).
pub const MAX_MOVES: usize = MAX_SIDE * MAX_SIDE;

/// A side's name in JSON.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// The x stones.
    X,
    /// The o stones.
    O,
}

impl From<SideName> for Side {
    fn from(s: SideName) -> Side {
        match s {
            SideName::X => Side::X,
            SideName::O => Side::O,
        }
    }
}

/// `POST /api/v1/games`: every field optional; defaults give tic-tac-toe, a human as x
/// moving first against the perfect computer. At most [`MAX_MOVES`] moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// Columns, 3..=15 (default 3).
    pub width: Option<usize>,
    /// Rows, 3..=15 (default 3).
    pub height: Option<usize>,
    /// Stones in a row that win (default min(width, height, 5)).
    pub k: Option<usize>,
    /// `freestyle` (the default), `exact` or `renju`.
    pub rule: Option<String>,
    /// Who plays x: `human`, `perfect`, `hard`, `medium`, `easy`, `random`, `depth:N`.
    pub x: Option<String>,
    /// Who plays o (default `perfect`).
    pub o: Option<String>,
    /// Which symbol moves first (default `x`).
    pub first: Option<SideName>,
    /// Seed of the computer's random choices (default: a random seed).
    pub seed: Option<u64>,
    /// Moves already played, in notation, whoever played them (a shared link, a game
    /// restored after the server restarted); each is checked.
    pub moves: Option<Vec<String>>,
    /// A whole game as `mnk-record` text instead of the fields above (only `seed` may go
    /// with it).
    pub record: Option<String>,
}

/// `POST /api/v1/games/{id}/moves`: exactly one of `move` (notation like `b2`, or a cell
/// number from 1) or `cell` (0-based index, row by row from the top-left).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The move in notation.
    pub r#move: Option<String>,
    /// The move as a 0-based cell index.
    pub cell: Option<usize>,
}

/// The rules of a game.
#[derive(Debug, Serialize)]
pub struct RulesView {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Stones in a row that win.
    pub k: usize,
    /// `freestyle`, `exact` or `renju`.
    pub rule: &'static str,
}

/// A cell the side to move may not play (x under Renju), and why.
#[derive(Debug, Serialize)]
pub struct ForbiddenView {
    /// The cell, 0-based.
    pub cell: usize,
    /// Its name in notation.
    pub r#move: String,
    /// `overline`, `double four` or `double three`.
    pub foul: &'static str,
}

/// Who plays each side.
#[derive(Debug, Serialize)]
pub struct PlayersView {
    /// Player of x.
    pub x: String,
    /// Player of o.
    pub o: String,
}

/// A game as the page shows it.
#[derive(Debug, Serialize)]
pub struct GameView {
    /// The game's id, for the other routes.
    pub id: String,
    /// Board and K.
    pub rules: RulesView,
    /// Who plays x and o.
    pub players: PlayersView,
    /// Which symbol moved first.
    pub first: String,
    /// The side to move (also after the end).
    pub to_move: String,
    /// Board text (DESIGN.md notation).
    pub position: String,
    /// One entry per cell, row by row from the top-left: `x`, `o` or empty.
    pub cells: Vec<String>,
    /// The moves played, in notation.
    pub moves: Vec<String>,
    /// The moves played, as cell indices.
    pub move_cells: Vec<usize>,
    /// `unfinished`, `x`, `o` or `draw`.
    pub result: String,
    /// The cells of the winning line, once there is one.
    pub winning_line: Vec<usize>,
    /// The empty cells the side to move may not play: x's forbidden points under Renju
    /// (empty under the other rules).
    pub forbidden: Vec<ForbiddenView>,
    /// Whether a human is to move in an unfinished game.
    pub human_to_move: bool,
    /// Whether the computer is to move in an unfinished game.
    pub computer_to_move: bool,
    /// Whether there is a human move to take back.
    pub can_undo: bool,
    /// The figures of the computer's latest move still on the board (also after a human
    /// move, and the one before after an undo), null before its first.
    pub last_thought: Option<LastThought>,
    /// Whether the computer is thinking about this game now (a move or a hint): changes to
    /// it wait until it is done.
    pub thinking: bool,
}

/// The view of a game.
pub fn game_view(id: &str, game: &Game) -> GameView {
    let s = &game.session;
    let board = s.board();
    let rules = board.rules();
    let moves = s.moves();
    GameView {
        id: id.to_string(),
        rules: RulesView {
            width: rules.width(),
            height: rules.height(),
            k: rules.k(),
            rule: rules.rule().name(),
        },
        players: PlayersView {
            x: s.config().x.to_string(),
            o: s.config().o.to_string(),
        },
        first: s.config().first.to_string(),
        to_move: s.to_move().to_string(),
        position: board.to_text(),
        cells: (0..rules.cells())
            .map(|c| {
                board
                    .stone(c)
                    .map(|side| side.to_string())
                    .unwrap_or_default()
            })
            .collect(),
        moves: moves.iter().map(|&c| board.cell_name(c)).collect(),
        move_cells: moves,
        result: s.result().word().to_string(),
        winning_line: match s.result() {
            GameResult::Win(_) => s.winning_line().unwrap_or_default(),
            _ => Vec::new(),
        },
        forbidden: board
            .forbidden_cells()
            .into_iter()
            .map(|(cell, foul)| ForbiddenView {
                cell,
                r#move: board.cell_name(cell),
                foul: foul.name(),
            })
            .collect(),
        human_to_move: s.human_to_move(),
        computer_to_move: s.computer_to_move(),
        can_undo: s.can_undo(),
        last_thought: game.last().cloned(),
        thinking: game.thinking,
    }
}

/// A value in the JSON contract: the word, the plies and (for estimates) the score.
pub fn verdict_parts(v: Verdict) -> (String, Option<u32>, Option<i32>) {
    let score = match v {
        Verdict::Estimate(s) => Some(s),
        _ => None,
    };
    (v.word().to_string(), v.plies(), score)
}

/// The statistics of a computer decision, taken on `board` before the move was played.
pub fn thought_view(board: &Board, side: Side, t: &Thought, ms: u64) -> LastThought {
    let (value, plies, score) = match t.verdict.map(verdict_parts) {
        Some((w, p, s)) => (Some(w), p, s),
        None => (None, None, None),
    };
    let (method, depth) = match t.method {
        Method::Exact => ("exact", None),
        Method::Search { depth } => ("search", Some(depth)),
        Method::Threats => ("threats", None),
        Method::Random => ("random", None),
    };
    LastThought {
        side: side.to_string(),
        r#move: board.cell_name(t.cell),
        cell: t.cell,
        value,
        plies,
        score,
        best: t.best.iter().map(|&c| board.cell_name(c)).collect(),
        nodes: t.nodes,
        ms,
        method: method.to_string(),
        depth,
    }
}
