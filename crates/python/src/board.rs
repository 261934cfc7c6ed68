//! `mnk.Board`: a position, its moves, and how it prints (text for `print`, HTML for Jupyter).

use crate::errors;
use crate::rules::{check_cell, PyRules};
use mnk_engine::{infer_size, Board, Outcome, Rules, Side};
use pyo3::prelude::*;

/// A move as Python gives it: a cell index or a name.
#[derive(FromPyObject)]
pub enum Move {
    /// A 0-based cell index, row by row from the top-left.
    Cell(usize),
    /// A name such as `b2`, or a cell number counted from 1 as text.
    Name(String),
}

impl Move {
    /// The cell index on `board`.
    pub fn cell(&self, board: &Board) -> PyResult<usize> {
        match self {
            Move::Cell(cell) => {
                check_cell(board.rules(), *cell)?;
                Ok(*cell)
            }
            Move::Name(name) => board.parse_cell(name).map_err(errors::notation),
        }
    }
}

/// A position: the stones, the side to move and the moves played since it was set up.
///
/// Written as board text: rows from the top separated by `/`, cells `x`, `o` or `.`
/// (`"x.o/.x./..."`); the size comes from the text and the side to move from the stone
/// counts (or a trailing ` x` / ` o`). Moves are named by column letter and row number,
/// `a1` bottom-left, or given as a cell index (row by row from the top-left, from 0).
///
/// >>> board = mnk.Board("x.o/.x./...")
/// >>> board.play("c3")   # or board.play(8)
#[pyclass(module = "mnk", name = "Board", eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyBoard(pub Board);

#[pymethods]
impl PyBoard {
    /// A board from text (its size read from the text, `k` by default the shorter side, at
    /// most 5), or the empty board of `rules` (tic-tac-toe by default); with both, the text
    /// must fit the rules.
    #[new]
    #[pyo3(signature = (text = None, *, rules = None, k = None))]
    fn new(text: Option<&str>, rules: Option<PyRules>, k: Option<usize>) -> PyResult<Self> {
        let rules = match (&rules, text) {
            (Some(_), _) if k.is_some() => {
                return Err(errors::RulesError::new_err(
                    "give k either in the rules or on its own, not both",
                ))
            }
            (Some(rules), _) => rules.0,
            (None, Some(text)) => match infer_size(text) {
                Some(size) => Rules::new(size.width, size.height, k).map_err(errors::rules)?,
                // Text without a size of its own is refused by the parser, for a reason.
                None => Rules::tic_tac_toe(),
            },
            (None, None) => Rules::new(3, 3, k).map_err(errors::rules)?,
        };
        match text {
            Some(text) => Board::from_text(rules, text)
                .map(PyBoard)
                .map_err(errors::engine),
            None => Ok(PyBoard(Board::new(rules))),
        }
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules(self.0.rules())
    }

    /// The position as board text (`"x.o/.x./..."`).
    #[getter]
    fn text(&self) -> String {
        self.0.to_text()
    }

    /// The side to move, `"x"` or `"o"`.
    #[getter]
    fn to_move(&self) -> String {
        self.0.to_move().to_string()
    }

    /// Whether the game is over (a line, or a full board).
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// The side with a line, `"x"` or `"o"`; `None` while the game goes on or after a draw.
    #[getter]
    fn winner(&self) -> Option<String> {
        match self.0.outcome() {
            Some(Outcome::Win(side)) => Some(side.to_string()),
            _ => None,
        }
    }

    /// How the game ended: `"x"` or `"o"` (who won) or `"draw"`; `None` while it goes on.
    #[getter]
    fn outcome(&self) -> Option<String> {
        self.0.outcome().map(|o| match o {
            Outcome::Win(side) => side.to_string(),
            Outcome::Draw => "draw".to_string(),
        })
    }

    /// The names of the cells of the winning line, when there is one.
    #[getter]
    fn winning_line(&self) -> Option<Vec<String>> {
        let line = self.0.winning_line()?;
        Some(line.into_iter().map(|c| self.0.cell_name(c)).collect())
    }

    /// The legal moves by name, in cell order (none once the game is over).
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.names(self.legal_cells())
    }

    /// The empty cells the side to move may not play, by name, with the reason
    /// (`"overline"`, `"double four"`, `"double three"`): x's forbidden points under Renju,
    /// none under the other rules.
    #[getter]
    fn forbidden(&self) -> Vec<(String, &'static str)> {
        self.0
            .forbidden_cells()
            .into_iter()
            .map(|(c, foul)| (self.0.cell_name(c), foul.name()))
            .collect()
    }

    /// The legal moves as cell indices.
    #[getter]
    fn legal_cells(&self) -> Vec<usize> {
        if self.0.is_over() {
            return Vec::new();
        }
        self.0.legal_moves()
    }

    /// The moves played since the board was set up, by name.
    #[getter]
    fn history(&self) -> Vec<String> {
        self.names(self.0.history())
    }

    /// Stones on the board.
    #[getter]
    fn stone_count(&self) -> usize {
        self.0.stone_count()
    }

    /// Plays a move (a name such as `"b2"` or a cell index) for the side to move.
    #[pyo3(name = "play")]
    fn play_move(&mut self, r#move: Move) -> PyResult<()> {
        let cell = r#move.cell(&self.0)?;
        self.0.play(cell).map_err(errors::position)
    }

    /// Takes back the last move played since set-up and returns its name.
    fn undo(&mut self) -> PyResult<String> {
        let cell = self.0.undo().map_err(errors::position)?;
        Ok(self.0.cell_name(cell))
    }

    /// The stone on a cell (a name or an index): `"x"`, `"o"` or `None`.
    fn stone(&self, r#move: Move) -> PyResult<Option<String>> {
        let cell = r#move.cell(&self.0)?;
        Ok(self.0.stone(cell).map(|s| s.to_string()))
    }

    /// The cell index of a move name.
    fn cell(&self, name: &str) -> PyResult<usize> {
        self.0.parse_cell(name).map_err(errors::notation)
    }

    /// The name of a cell index.
    fn name(&self, cell: usize) -> PyResult<String> {
        check_cell(self.0.rules(), cell)?;
        Ok(self.0.cell_name(cell))
    }

    /// A copy that moves independently.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    fn __str__(&self) -> String {
        draw(&self.0)
    }

    fn __repr__(&self) -> String {
        let rules = self.0.rules();
        format!(
            "Board('{}', rules=Rules({}, {}, k={}))",
            self.0.to_text(),
            rules.width(),
            rules.height(),
            rules.k()
        )
    }

    /// The board as an HTML table, which Jupyter shows for a board.
    fn _repr_html_(&self) -> String {
        html(&self.0)
    }
}

impl PyBoard {
    fn names(&self, cells: Vec<usize>) -> Vec<String> {
        cells.into_iter().map(|c| self.0.cell_name(c)).collect()
    }
}

/// The letter of column `col` (0 is `a`).
fn column(col: usize) -> char {
    (b'a' + col as u8) as char
}

/// The board as text, top row first, with column letters and row numbers:
///
/// ```text
///    a b c
/// 3  x . o
/// 2  . x .
/// 1  . . .
/// x to move
/// ```
pub fn draw(board: &Board) -> String {
    let rules = board.rules();
    let (width, height) = (rules.width(), rules.height());
    let pad = height.to_string().len();
    let letters: Vec<String> = (0..width).map(|c| column(c).to_string()).collect();
    let mut out = format!("{:pad$}  {}\n", "", letters.join(" "));
    for row in 0..height {
        let cells: Vec<String> = (0..width)
            .map(|col| stone_char(board.stone(rules.cell(col, row))).to_string())
            .collect();
        out.push_str(&format!("{:>pad$}  {}\n", height - row, cells.join(" ")));
    }
    out.push_str(&status(board));
    out
}

/// One line on whose move it is, or how the game ended.
fn status(board: &Board) -> String {
    match board.outcome() {
        Some(Outcome::Win(side)) => format!("{side} has won"),
        Some(Outcome::Draw) => "a draw".to_string(),
        None => format!("{} to move", board.to_move()),
    }
}

fn stone_char(stone: Option<Side>) -> char {
    stone.map_or('.', Side::letter)
}

/// The board as an HTML table: stones in their colours, the last move and a winning line
/// highlighted, coordinates around.
pub fn html(board: &Board) -> String {
    let rules = board.rules();
    let line = board.winning_line().unwrap_or_default();
    let last = board.last_move();
    let cell_style = "width:1.8em;height:1.8em;text-align:center;border:1px solid #999;\
                      font:bold 1.1em monospace;padding:0";
    let label_style = "text-align:center;color:#777;font:0.8em monospace;border:none;padding:0 4px";
    let mut out = String::from("<table style=\"border-collapse:collapse;margin:0\">");
    for row in 0..rules.height() {
        let number = rules.height() - row;
        out.push_str(&format!("<tr><td style=\"{label_style}\">{number}</td>"));
        for col in 0..rules.width() {
            let cell = rules.cell(col, row);
            let stone = board.stone(cell);
            let colour = match stone {
                Some(Side::X) => "#1f5fbf",
                Some(Side::O) => "#c0392b",
                None => "#bbb",
            };
            let background = if line.contains(&cell) {
                "#ffe08a"
            } else if last == Some(cell) {
                "#e8f0ff"
            } else {
                "#fff"
            };
            out.push_str(&format!(
                "<td title=\"{}\" style=\"{cell_style};color:{colour};background:{background}\">{}</td>",
                rules.cell_name(cell),
                if stone.is_some() { stone_char(stone) } else { '·' }
            ));
        }
        out.push_str("</tr>");
    }
    out.push_str(&format!("<tr><td style=\"{label_style}\"></td>"));
    for col in 0..rules.width() {
        out.push_str(&format!("<td style=\"{label_style}\">{}</td>", column(col)));
    }
    out.push_str(&format!(
        "</tr></table><div style=\"font:0.9em sans-serif;color:#555\">{} ({}x{}, k={})</div>",
        status(board),
        rules.width(),
        rules.height(),
        rules.k()
    ));
    out
}
