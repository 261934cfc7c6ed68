//! Drawing the app into a ratatui frame. Everything placed on screen comes from
//! [`crate::layout`], the same code that maps clicks back to cells.

use crate::app::{upper, Analysis, App, Overlay};
use crate::layout::{BoardLayout, CellStyle, MIN_HEIGHT, MIN_WIDTH};
use crate::settings::{player_label, PACES_MS};
use mnk_engine::session::{Exactness, GameResult, ThinkPurpose};
use mnk_engine::{Side, Verdict};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The spinner shown while the computer thinks.
const SPINNER: [char; 4] = ['|', '/', '-', '\\'];

/// The key reminder at the bottom, in the order shown, each with the rank at which it gives
/// way on a narrow terminal (the highest first); `?` and `q` always stay.
const FOOTER: [(&str, u8); 9] = [
    ("arrows/hjkl", 7),
    ("Enter:play", 1),
    ("n:new", 2),
    ("u:undo", 3),
    ("t:hint", 4),
    ("a:analysis", 6),
    ("s:settings", 5),
    ("?:help", 0),
    ("q:quit", 0),
];

/// The key reminder for a terminal `width` columns wide: every key when they fit, else the
/// most useful ones whole (never a word cut in two), `?` then offering all the keys.
pub fn key_footer(width: u16) -> String {
    let most = FOOTER.iter().map(|&(_, rank)| rank).max().unwrap_or(0);
    for keep in (0..=most).rev() {
        let line: Vec<&str> = FOOTER
            .iter()
            .filter(|&&(_, rank)| rank <= keep)
            .map(|&(text, _)| match text {
                "?:help" if keep < most => "?:all keys",
                _ => text,
            })
            .collect();
        let line = line.join(" ");
        if line.chars().count() <= width as usize {
            return line;
        }
    }
    "?:all keys q:quit".into()
}

/// Draws the whole app.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let Some(screen) = app.screen() else {
        let text = format!(
            "Terminal too small ({}x{}): mnk tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}. \
             Enlarge the window, or press q to quit.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    };
    frame.render_widget(
        Paragraph::new(title(app, area.width)).style(Style::new().add_modifier(Modifier::BOLD)),
        screen.title,
    );
    match app.board_layout() {
        Some(layout) => draw_board(frame.buffer_mut(), app, &layout),
        None => frame.render_widget(
            Paragraph::new("The board does not fit in this terminal: enlarge it.")
                .wrap(Wrap { trim: true }),
            screen.board,
        ),
    }
    draw_panel(frame, app, screen.panel);
    frame.render_widget(
        Paragraph::new(app.message.as_str()).style(Style::new().fg(Color::Yellow)),
        screen.message,
    );
    frame.render_widget(
        Paragraph::new(key_footer(area.width)).style(Style::new().fg(Color::DarkGray)),
        screen.keys,
    );
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => draw_help(frame, area),
        Overlay::Settings(form) => {
            let rows = form.rows();
            let lines: Vec<Line> = rows
                .iter()
                .enumerate()
                .map(|(i, (label, value))| {
                    let style = if i == form.selected {
                        Style::new().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::new()
                    };
                    Line::styled(format!(" {label:<16} {value}"), style)
                })
                .chain([
                    Line::raw(""),
                    Line::raw(" ↑/↓ choose a row, ←/→ change it, Enter start, Esc cancel"),
                ])
                .collect();
            popup(frame, area, "Settings", lines, 64);
        }
    }
}

/// The title line: board, K and players, a `perfect` player marked where its moves are not
/// all proven on this board; shortened to fit `width` where it can be.
fn title(app: &App, width: u16) -> String {
    let session = &app.session;
    let rules = session.config().rules;
    let (w, h, k) = (rules.width(), rules.height(), rules.k());
    let who = |side: Side, long: bool| {
        let name = player_label(session.player(side));
        match (session.exactness(side), long) {
            (Some(Exactness::Never), true) => format!("{name} (estimates: too big to solve)"),
            (Some(Exactness::Never), false) => format!("{name} (estimates)"),
            (Some(Exactness::FromEmpty(n)), true) => {
                format!("{name} (exact once {n} cells are empty)")
            }
            (Some(Exactness::FromEmpty(n)), false) => format!("{name} (exact at {n} empty)"),
            _ => name,
        }
    };
    let tries = [(true, true), (true, false), (false, false)];
    let mut text = String::new();
    for (full, long) in tries {
        let (x, o) = (who(Side::X, long), who(Side::O, long));
        text = if full {
            format!(" mnk — {w}x{h}, {k} in a row   X: {x}   O: {o}")
        } else {
            format!(" {w}x{h} k{k}  X: {x}  O: {o}")
        };
        if text.chars().count() <= width as usize {
            break;
        }
    }
    text
}

fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, width: u16) {
    let w = width.min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "));
    frame.render_widget(Paragraph::new(lines).block(block), rect);
}

fn draw_help(frame: &mut Frame, area: Rect) {
    let lines = KEY_HELP
        .iter()
        .map(|(keys, what)| Line::raw(format!(" {keys:<19} {what}")))
        .chain([Line::raw(""), Line::raw(" Any key closes this help.")])
        .collect();
    popup(frame, area, "Help", lines, 66);
}

/// Every key of the game and what it does: the help screen (`?`) and `mnk tui --help` both
/// show this list. An entry with no key carries on the line above.
pub const KEY_HELP: [(&str, &str); 14] = [
    ("Arrows or h j k l", "move the cursor"),
    (
        "Enter or Space",
        "play on the cursor (starts the game first)",
    ),
    ("Mouse click", "play on that cell"),
    ("n", "new game"),
    ("u", "undo your move and the computer's reply"),
    ("t", "hint: the best move and its value"),
    ("a", "analysis: every empty cell win/draw/loss"),
    ("", "for the side to move (W3 = win in 3 plies)"),
    ("s", "settings: board, K, players, first move"),
    ("Esc", "stop the computer's search (p resumes)"),
    ("p", "pause or resume the computer"),
    ("+ / -", "AI-vs-AI pace"),
    ("?", "this help"),
    ("q or Ctrl-C", "quit"),
];

/// [`KEY_HELP`] as plain text, a line per entry, for a command's `--help`.
pub fn key_help_text() -> String {
    let mut out = String::from("Keys:\n");
    for (keys, what) in KEY_HELP {
        out.push_str(&format!("  {keys:<19} {what}\n"));
    }
    out
}

/// The short text of a value: `W3`, `D`, `L4`, or `~` for an estimate.
pub fn short(verdict: Verdict) -> String {
    match verdict {
        Verdict::Win(p) => format!("W{p}"),
        Verdict::Loss(p) => format!("L{p}"),
        Verdict::Draw => "D".into(),
        Verdict::Estimate(_) => "~".into(),
    }
}

fn verdict_color(verdict: Verdict) -> Color {
    match verdict {
        Verdict::Win(_) => Color::Green,
        Verdict::Loss(_) => Color::Red,
        Verdict::Draw => Color::Blue,
        Verdict::Estimate(_) => Color::Gray,
    }
}

fn draw_board(buf: &mut Buffer, app: &App, layout: &BoardLayout) {
    let rules = layout.rules;
    let board = app.session.board();
    let frame = Style::new().fg(Color::DarkGray);
    let (x0, y0) = (layout.grid_x, layout.grid_y);
    // Column letters above, row numbers (counted from the bottom) on the left.
    for vc in 0..layout.cols {
        let col = layout.first_col + vc;
        let x = match layout.style {
            CellStyle::Boxed => x0 + 2 + 4 * vc as u16,
            CellStyle::Compact => x0 + 1 + 2 * vc as u16,
        };
        let letter = ((b'a' + col as u8) as char).to_string();
        buf.set_string(x, y0 - 1, letter, frame);
    }
    for vr in 0..layout.rows {
        let row = layout.first_row + vr;
        let y = match layout.style {
            CellStyle::Boxed => y0 + 1 + 2 * vr as u16,
            CellStyle::Compact => y0 + vr as u16,
        };
        buf.set_string(x0 - 3, y, format!("{:>2}", rules.height() - row), frame);
    }
    if layout.style == CellStyle::Boxed {
        let line = |l: &str, m: &str, r: &str| {
            let mut s = String::from(l);
            for c in 0..layout.cols {
                s.push_str("───");
                s.push_str(if c + 1 == layout.cols { r } else { m });
            }
            s
        };
        buf.set_string(x0, y0, line("┌", "┬", "┐"), frame);
        for vr in 0..layout.rows as u16 {
            let y = y0 + 1 + 2 * vr;
            for vc in 0..=layout.cols as u16 {
                buf.set_string(x0 + 4 * vc, y, "│", frame);
            }
            let sep = if vr as usize + 1 == layout.rows {
                line("└", "┴", "┘")
            } else {
                line("├", "┼", "┤")
            };
            buf.set_string(x0, y + 1, sep, frame);
        }
    }
    let winning = app.session.winning_line().unwrap_or_default();
    let values: &[(usize, Verdict)] = match &app.analysis {
        Analysis::Ready { values, .. } => values,
        _ => &[],
    };
    let last = board.last_move();
    for cell in 0..rules.cells() {
        let Some(rect) = layout.cell_rect(cell) else {
            continue;
        };
        let mut style = Style::new();
        let text = match board.stone(cell) {
            Some(side) => {
                style = style
                    .fg(if side == Side::X {
                        Color::Cyan
                    } else {
                        Color::Magenta
                    })
                    .add_modifier(Modifier::BOLD);
                upper(side).to_string()
            }
            None => match values.iter().find(|(c, _)| *c == cell) {
                Some(&(_, v)) => {
                    style = style.fg(verdict_color(v));
                    short(v)
                }
                None if layout.style == CellStyle::Compact => "·".into(),
                None => String::new(),
            },
        };
        if Some(cell) == last {
            style = style.add_modifier(Modifier::UNDERLINED);
        }
        if app
            .hint
            .as_ref()
            .is_some_and(|(cells, _)| cells.contains(&cell))
        {
            style = style.bg(Color::Yellow).fg(Color::Black);
        }
        if winning.contains(&cell) {
            style = style.bg(Color::Green).fg(Color::Black);
        }
        if cell == app.cursor && app.started && !app.session.is_over() {
            style = style.add_modifier(Modifier::REVERSED);
        }
        let content = match layout.style {
            CellStyle::Boxed => format!("{text:^3}"),
            CellStyle::Compact => format!("{text:>2}"),
        };
        // Compact cells hold one glyph; an analysis value is cut to its letter there.
        let content: String = content.chars().take(rect.width as usize).collect();
        buf.set_string(rect.x, rect.y, content, style);
    }
}

fn draw_panel(frame: &mut Frame, app: &App, area: Rect) {
    let session = &app.session;
    let mut lines: Vec<Line> = Vec::new();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let turn = session.to_move();
    let who = |side: Side| {
        if session.player(side).is_human() {
            "human".to_string()
        } else {
            format!("computer, {}", player_label(session.player(side)))
        }
    };
    match session.result() {
        _ if !app.started => lines.push(Line::styled("Press Enter to start", bold)),
        GameResult::Win(side) => lines.push(Line::styled(
            format!("{} wins", upper(side)),
            bold.fg(Color::Green),
        )),
        GameResult::Draw => lines.push(Line::styled("Draw", bold.fg(Color::Blue))),
        GameResult::Unfinished => lines.push(Line::styled(
            format!("Turn: {} ({})", upper(turn), who(turn)),
            bold,
        )),
    }
    if let Some(p) = &app.pending {
        let tick = app.now.saturating_duration_since(p.started).as_millis() / 150;
        let what = match p.purpose {
            ThinkPurpose::Move => "thinking…",
            ThinkPurpose::Hint => "finding a hint…",
        };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {what}", SPINNER[tick as usize % 4]),
                Style::new().fg(Color::Yellow),
            ),
            Span::raw(" Esc stops"),
        ]));
    } else if app.paused && session.computer_to_move() {
        lines.push(Line::raw("Computer paused (p resumes)"));
    }
    if let Some(last) = &app.last {
        lines.push(Line::raw(format!(
            "{} played {}",
            upper(last.side),
            last.name
        )));
        let value = last
            .verdict
            .map_or("random move".to_string(), |v| v.to_string());
        lines.push(Line::raw(format!("  value: {value}")));
        lines.push(Line::raw(format!(
            "  nodes: {}  time: {} ms",
            last.nodes,
            last.elapsed.as_millis()
        )));
    }
    if let Some((cells, verdict)) = &app.hint {
        let names: Vec<String> = cells
            .iter()
            .map(|&c| session.board().move_name(c))
            .collect();
        let value = verdict.map_or(String::new(), |v| format!(" ({v})"));
        lines.push(Line::raw(format!("Hint: {}{value}", names.join(" "))));
    }
    match &app.analysis {
        Analysis::Off => {}
        Analysis::Running { .. } => lines.push(Line::raw("Analysis: working… (Esc stops)")),
        Analysis::Ready { .. } => lines.push(Line::raw(format!(
            "Analysis for {}: W win, D draw, L loss, n plies",
            upper(turn)
        ))),
        Analysis::Unavailable(why) if why.is_empty() => lines.push(Line::raw("Analysis: waiting")),
        Analysis::Unavailable(why) => lines.push(Line::raw(format!("Analysis unavailable: {why}"))),
    }
    if let Some(layout) = app.board_layout() {
        if layout.scrolled() {
            lines.push(Line::raw(format!(
                "Board scrolled: columns {}-{}, rows {}-{} (follows the cursor)",
                (b'a' + layout.first_col as u8) as char,
                (b'a' + (layout.first_col + layout.cols - 1) as u8) as char,
                layout.rules.height() - layout.first_row - layout.rows + 1,
                layout.rules.height() - layout.first_row,
            )));
        }
    }
    if !session.player(Side::X).is_human() && !session.player(Side::O).is_human() {
        lines.push(Line::raw(format!("Pace: {} ms (+/-)", PACES_MS[app.pace])));
    }
    let block = Block::default().borders(Borders::ALL).title(" Status ");
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}
