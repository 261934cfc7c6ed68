//! A terminal screen as an SVG picture: the README's picture of the full-screen game is drawn
//! from the same TestBackend buffer the snapshot tests read, so it is made by the test suite
//! and changes only when the screen does.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::fmt::Write;

/// Width and height of one terminal cell, in pixels, at a 14 px monospace font.
const CELL_W: f32 = 8.4;
const CELL_H: f32 = 16.5;
const PAD: f32 = 10.0;
const BACKGROUND: &str = "#1d1f21";
const FOREGROUND: &str = "#d0d0d0";

/// The buffer as a self-contained SVG document: one background rectangle per run of cells of
/// one colour, one text element per run of cells of one style, each stretched to its cells so
/// that the font in use cannot break the grid.
pub fn svg(buf: &Buffer) -> String {
    let area = buf.area;
    let (w, h) = (
        f32::from(area.width) * CELL_W + 2.0 * PAD,
        f32::from(area.height) * CELL_H + 2.0 * PAD,
    );
    let mut out = String::new();
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14">"#
    )
    .unwrap();
    writeln!(
        out,
        r#"<rect width="100%" height="100%" rx="6" fill="{BACKGROUND}"/>"#
    )
    .unwrap();
    for y in area.top()..area.bottom() {
        let cells: Vec<Look> = (area.left()..area.right())
            .map(|x| Look::of(&buf[(x, y)]))
            .collect();
        let top = PAD + f32::from(y - area.top()) * CELL_H;
        for (start, len, look) in runs(&cells, |a, b| a.bg == b.bg) {
            if look.bg != BACKGROUND {
                writeln!(
                    out,
                    r#"<rect x="{}" y="{top}" width="{}" height="{CELL_H}" fill="{}"/>"#,
                    PAD + start as f32 * CELL_W,
                    len as f32 * CELL_W,
                    look.bg
                )
                .unwrap();
            }
        }
        for (start, len, look) in runs(&cells, |a, b| a.fg == b.fg && a.bold == b.bold) {
            let text: String = cells[start..start + len]
                .iter()
                .map(|c| c.symbol.as_str())
                .collect();
            if text.trim().is_empty() {
                continue;
            }
            writeln!(
                out,
                r#"<text x="{}" y="{}" textLength="{}" lengthAdjust="spacingAndGlyphs" xml:space="preserve" fill="{}"{}>{}</text>"#,
                PAD + start as f32 * CELL_W,
                top + 12.5,
                len as f32 * CELL_W,
                look.fg,
                if look.bold { r#" font-weight="bold""# } else { "" },
                escape(&text)
            )
            .unwrap();
        }
    }
    out.push_str("</svg>\n");
    out
}

/// What one cell looks like.
#[derive(Clone, PartialEq)]
struct Look {
    symbol: String,
    fg: &'static str,
    bg: &'static str,
    bold: bool,
}

impl Look {
    fn of(cell: &ratatui::buffer::Cell) -> Look {
        let (mut fg, mut bg) = (colour(cell.fg, FOREGROUND), colour(cell.bg, BACKGROUND));
        if cell.modifier.contains(Modifier::REVERSED) {
            std::mem::swap(&mut fg, &mut bg);
        }
        Look {
            symbol: cell.symbol().to_string(),
            fg,
            bg,
            bold: cell.modifier.contains(Modifier::BOLD),
        }
    }
}

/// Maximal runs of neighbouring cells that `same` groups: (start, length, first cell's look).
fn runs(cells: &[Look], same: impl Fn(&Look, &Look) -> bool) -> Vec<(usize, usize, &Look)> {
    let mut out: Vec<(usize, usize, &Look)> = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        match out.last_mut() {
            Some((_, len, look)) if same(look, cell) => *len += 1,
            _ => out.push((i, 1, cell)),
        }
    }
    out
}

/// A palette close to common terminal themes.
fn colour(c: Color, default: &'static str) -> &'static str {
    match c {
        Color::Reset => default,
        Color::Black => "#1d1f21",
        Color::Red => "#cc6666",
        Color::Green => "#8abf5a",
        Color::Yellow => "#e0c060",
        Color::Blue => "#6f9fd8",
        Color::Magenta => "#b294bb",
        Color::Cyan => "#6fc2c2",
        Color::Gray => "#c5c8c6",
        Color::DarkGray => "#808080",
        Color::LightRed => "#ff8080",
        Color::LightGreen => "#b5e890",
        Color::LightYellow => "#ffe58a",
        Color::LightBlue => "#9cc3ff",
        Color::LightMagenta => "#e0b0ff",
        Color::LightCyan => "#a0ffff",
        Color::White => "#ffffff",
        // The app uses only the named colours; any other shows up plainly as magenta.
        Color::Rgb(..) | Color::Indexed(_) => "#ff00ff",
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
