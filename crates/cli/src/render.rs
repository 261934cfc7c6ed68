//! The board drawn as text, with column letters and row numbers, for line-mode output.

use mnk_engine::{Board, Side};

/// Draws the board; cells in `marked` (e.g. the winning line) are shown in capitals.
pub fn board_text(board: &Board, marked: &[usize]) -> String {
    let rules = board.rules();
    let (w, h) = (rules.width(), rules.height());
    let label_width = h.to_string().len();
    let mut out = String::new();
    let letters: String = (0..w)
        .map(|c| format!(" {}", (b'a' + c as u8) as char))
        .collect();
    out.push_str(&format!("{:label_width$} {letters}\n", ""));
    for row in 0..h {
        out.push_str(&format!("{:>label_width$} ", h - row));
        for col in 0..w {
            let cell = rules.cell(col, row);
            let mark = marked.contains(&cell);
            let ch = match board.stone(cell) {
                Some(Side::X) if mark => 'X',
                Some(Side::O) if mark => 'O',
                Some(Side::X) => 'x',
                Some(Side::O) => 'o',
                None => '.',
            };
            out.push(' ');
            out.push(ch);
        }
        out.push_str(&format!(" {}\n", h - row));
    }
    out.push_str(&format!("{:label_width$} {letters}\n", ""));
    out
}
