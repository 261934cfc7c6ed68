//! Where everything goes on the screen. The same functions place the board when it is drawn and
//! map a mouse click back to a cell, so a click always lands on the cell the player sees.
//!
//! A board is drawn with box characters (4 columns and 2 rows per cell) when that fits, else in
//! a compact grid (2 columns and 1 row per cell), else the compact grid scrolls to follow the
//! cursor. When not even one compact cell fits, [`BoardLayout::new`] says so with `None`.

use mnk_engine::Rules;
use ratatui::layout::Rect;

/// Width of the status panel beside (or below) the board.
pub const PANEL_WIDTH: u16 = 36;
/// Rows of the status panel when it sits below the board.
pub const PANEL_HEIGHT: u16 = 9;
/// The smallest terminal the app draws in.
pub const MIN_WIDTH: u16 = 30;
/// The smallest terminal the app draws in.
pub const MIN_HEIGHT: u16 = 12;
/// Columns before the grid for row numbers ("26 ").
const ROW_LABEL: u16 = 3;

/// The parts of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Screen {
    /// The title line.
    pub title: Rect,
    /// Where the board goes.
    pub board: Rect,
    /// The status panel.
    pub panel: Rect,
    /// The message line (why a click did nothing, what the computer played).
    pub message: Rect,
    /// The key reminder line.
    pub keys: Rect,
}

impl Screen {
    /// Splits the terminal; `None` when it is smaller than [`MIN_WIDTH`] x [`MIN_HEIGHT`].
    pub fn new(area: Rect) -> Option<Screen> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let line = |y| Rect::new(area.x, y, area.width, 1);
        let title = line(area.y);
        let keys = line(area.bottom() - 1);
        let message = line(area.bottom() - 2);
        let middle_height = area.height - 3;
        let middle_y = area.y + 1;
        let (board, panel) = if area.width >= PANEL_WIDTH + 24 {
            let board_width = area.width - PANEL_WIDTH;
            (
                Rect::new(area.x, middle_y, board_width, middle_height),
                Rect::new(area.x + board_width, middle_y, PANEL_WIDTH, middle_height),
            )
        } else {
            let panel_height = PANEL_HEIGHT.min(middle_height / 2);
            let board_height = middle_height - panel_height;
            (
                Rect::new(area.x, middle_y, area.width, board_height),
                Rect::new(area.x, middle_y + board_height, area.width, panel_height),
            )
        };
        Some(Screen {
            title,
            board,
            panel,
            message,
            keys,
        })
    }
}

/// How cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellStyle {
    /// Box-drawing grid, 3 columns of content per cell.
    Boxed,
    /// No grid lines, one glyph per cell.
    Compact,
}

/// Where the board's cells are, for drawing and for clicks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The rules (board size).
    pub rules: Rules,
    /// Boxed or compact.
    pub style: CellStyle,
    /// Terminal column of the grid's left edge (the border, or the first compact cell).
    pub grid_x: u16,
    /// Terminal row of the grid's top edge (the border, or the first compact row).
    pub grid_y: u16,
    /// First visible column of the board.
    pub first_col: usize,
    /// First visible row of the board (from the top).
    pub first_row: usize,
    /// Visible columns.
    pub cols: usize,
    /// Visible rows.
    pub rows: usize,
}

impl BoardLayout {
    /// Places a board of `rules` in `area`, keeping `cursor` in view; `None` when not even one
    /// compact cell fits.
    pub fn new(area: Rect, rules: Rules, cursor: usize) -> Option<BoardLayout> {
        let (w, h) = (rules.width(), rules.height());
        // Room left for cells after the labels (row numbers left, column letters above).
        let avail_w = area.width.saturating_sub(ROW_LABEL) as usize;
        let avail_h = area.height.saturating_sub(1) as usize;
        let (style, cols, rows) = if 4 * w < avail_w && 2 * h < avail_h {
            (CellStyle::Boxed, w, h)
        } else {
            let cols = w.min(avail_w / 2);
            let rows = h.min(avail_h);
            if cols == 0 || rows == 0 {
                return None;
            }
            (CellStyle::Compact, cols, rows)
        };
        let (cc, cr) = rules.col_row(cursor.min(rules.cells() - 1));
        // Scrolled views keep the cursor in the middle where they can.
        let first_col = cc.saturating_sub(cols / 2).min(w - cols);
        let first_row = cr.saturating_sub(rows / 2).min(h - rows);
        let grid_w = match style {
            CellStyle::Boxed => 4 * cols as u16 + 1,
            CellStyle::Compact => 2 * cols as u16,
        };
        let grid_h = match style {
            CellStyle::Boxed => 2 * rows as u16 + 1,
            CellStyle::Compact => rows as u16,
        };
        let used_w = ROW_LABEL + grid_w;
        let used_h = 1 + grid_h;
        Some(BoardLayout {
            rules,
            style,
            grid_x: area.x + (area.width - used_w) / 2 + ROW_LABEL,
            grid_y: area.y + (area.height - used_h) / 2 + 1,
            first_col,
            first_row,
            cols,
            rows,
        })
    }

    /// Whether only part of the board is shown.
    pub fn scrolled(&self) -> bool {
        self.cols < self.rules.width() || self.rows < self.rules.height()
    }

    /// The screen rectangle of a visible cell's content (`None` when scrolled out of view).
    pub fn cell_rect(&self, cell: usize) -> Option<Rect> {
        if cell >= self.rules.cells() {
            return None;
        }
        let (col, row) = self.rules.col_row(cell);
        let vc = col.checked_sub(self.first_col).filter(|&c| c < self.cols)? as u16;
        let vr = row.checked_sub(self.first_row).filter(|&r| r < self.rows)? as u16;
        Some(match self.style {
            CellStyle::Boxed => Rect::new(self.grid_x + 1 + 4 * vc, self.grid_y + 1 + 2 * vr, 3, 1),
            CellStyle::Compact => Rect::new(self.grid_x + 2 * vc, self.grid_y + vr, 2, 1),
        })
    }

    /// The cell under a terminal position, if any (grid lines and labels are no cell).
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let dx = x.checked_sub(self.grid_x)?;
        let dy = y.checked_sub(self.grid_y)?;
        let (vc, vr) = match self.style {
            CellStyle::Boxed => {
                if dx % 4 == 0 || dy % 2 == 0 {
                    return None;
                }
                (dx / 4, dy / 2)
            }
            CellStyle::Compact => (dx / 2, dy),
        };
        let (vc, vr) = (vc as usize, vr as usize);
        if vc >= self.cols || vr >= self.rows {
            return None;
        }
        Some(self.rules.cell(self.first_col + vc, self.first_row + vr))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_visible_cell_maps_back_to_itself() {
        for (w, h, k) in [(3, 3, 3), (4, 4, 4), (15, 15, 5), (26, 26, 5), (7, 2, 2)] {
            let rules = Rules::new(w, h, Some(k)).unwrap();
            for area in [Rect::new(0, 0, 60, 20), Rect::new(2, 1, 120, 60)] {
                let layout = BoardLayout::new(area, rules, rules.cells() / 2).unwrap();
                let mut seen = 0;
                for cell in 0..rules.cells() {
                    if let Some(r) = layout.cell_rect(cell) {
                        seen += 1;
                        for x in r.x..r.right() {
                            assert_eq!(layout.cell_at(x, r.y), Some(cell));
                        }
                        assert!(area.contains(r.as_position()));
                    }
                }
                assert_eq!(seen, layout.cols * layout.rows);
            }
        }
    }

    #[test]
    fn large_boards_go_compact_then_scroll() {
        let rules = Rules::new(26, 26, Some(5)).unwrap();
        let big = BoardLayout::new(Rect::new(0, 0, 80, 40), rules, 0).unwrap();
        assert_eq!(big.style, CellStyle::Compact);
        assert!(!big.scrolled());
        let small = BoardLayout::new(Rect::new(0, 0, 40, 15), rules, rules.cells() - 1).unwrap();
        assert!(small.scrolled());
        // The cursor (bottom-right) stays in view.
        assert!(small.cell_rect(rules.cells() - 1).is_some());
        assert!(BoardLayout::new(Rect::new(0, 0, 3, 1), rules, 0).is_none());
    }

    #[test]
    fn grid_lines_are_not_cells() {
        let rules = Rules::tic_tac_toe();
        let layout = BoardLayout::new(Rect::new(0, 0, 40, 20), rules, 4).unwrap();
        assert_eq!(layout.style, CellStyle::Boxed);
        assert_eq!(layout.cell_at(layout.grid_x, layout.grid_y + 1), None);
        assert_eq!(layout.cell_at(layout.grid_x + 1, layout.grid_y), None);
        assert_eq!(layout.cell_at(0, 0), None);
    }
}
