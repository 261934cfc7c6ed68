//! `mnk.Rules`: the board size and the winning length.

use crate::errors;
use mnk_engine::{PositionError, Rule, Rules, Size};
use pyo3::prelude::*;

/// The rules of an m,n,k-game: a board `width` wide and `height` high (1 to 26 each), `k`,
/// the length of a winning line (by default the shorter side, at most 5), and the `rule`:
/// `"freestyle"` (K or more wins), `"exact"` (exactly K wins) or `"renju"` (x may not make
/// an overline, a double four or a double three).
///
/// >>> mnk.Rules(3)            # tic-tac-toe
/// >>> mnk.Rules(15, 15, k=5)  # Gomoku
/// >>> mnk.Rules(15, rule="renju")
/// >>> mnk.Rules.parse("4x4", k=4)
#[pyclass(module = "mnk", name = "Rules", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRules(pub Rules);

#[pymethods]
impl PyRules {
    /// A rule set; `height` defaults to `width`, `k` to min(width, height, 5).
    #[new]
    #[pyo3(signature = (width = 3, height = None, k = None, rule = "freestyle"))]
    fn new(width: usize, height: Option<usize>, k: Option<usize>, rule: &str) -> PyResult<Self> {
        let rule: Rule = rule.parse().map_err(errors::rules)?;
        Rules::new(width, height.unwrap_or(width), k)
            .map(|r| PyRules(r.with_rule(rule)))
            .map_err(errors::rules)
    }

    /// A rule set from a size written `WxH` (`"3x3"`, `"15x15"`) and an optional `k`.
    #[staticmethod]
    #[pyo3(signature = (size, k = None, rule = "freestyle"))]
    fn parse(size: &str, k: Option<usize>, rule: &str) -> PyResult<Self> {
        let size: Size = size.parse().map_err(errors::rules)?;
        Self::new(size.width, Some(size.height), k, rule)
    }

    /// `"freestyle"`, `"exact"` or `"renju"`.
    #[getter]
    fn rule(&self) -> &'static str {
        self.0.rule().name()
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.0.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.0.height()
    }

    /// Stones in a row that win.
    #[getter]
    fn k(&self) -> usize {
        self.0.k()
    }

    /// Cells on the board.
    #[getter]
    fn cells(&self) -> usize {
        self.0.cells()
    }

    /// The size as `WxH`.
    #[getter]
    fn size(&self) -> String {
        format!("{}x{}", self.0.width(), self.0.height())
    }

    /// The name of a cell index (indices run row by row from the top-left, from 0; names
    /// count rows from the bottom, `a1` is the bottom-left corner).
    fn cell_name(&self, cell: usize) -> PyResult<String> {
        check_cell(self.0, cell)?;
        Ok(self.0.cell_name(cell))
    }

    /// The cell index of a move name (`"b2"`) or of a cell number counted from 1, row by row
    /// from the top-left (`"5"`).
    fn parse_cell(&self, name: &str) -> PyResult<usize> {
        self.0.parse_cell(name).map_err(errors::notation)
    }

    fn __repr__(&self) -> String {
        let rule = match self.0.rule() {
            Rule::Freestyle => String::new(),
            other => format!(", rule={:?}", other.name()),
        };
        format!(
            "Rules({}, {}, k={}{rule})",
            self.0.width(),
            self.0.height(),
            self.0.k()
        )
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }
}

/// The error for a cell index off the board.
pub fn check_cell(rules: Rules, cell: usize) -> PyResult<()> {
    let cells = rules.cells();
    if cell >= cells {
        return Err(errors::position(PositionError::OffBoard { cell, cells }));
    }
    Ok(())
}
