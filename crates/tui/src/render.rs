//! Drawing the app into a ratatui frame. Everything placed on screen comes from
//! [`crate::layout`], the same code that maps clicks back to cells.

use crate::app::{upper, Analysis, App, Overlay};
use crate::lang::{fill, Texts};
use crate::layout::{BoardLayout, CellStyle, MIN_HEIGHT, MIN_WIDTH};
use crate::settings::{player_label, rule_index, PACES_MS};
use mnk_engine::ai::Exactness;
use mnk_engine::session::{GameResult, ThinkPurpose};
use mnk_engine::{Side, Verdict};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// The spinner shown while the computer thinks.
const SPINNER: [char; 4] = ['|', '/', '-', '\\'];

/// The key reminder for a terminal `width` columns wide: every key when they fit, else the
/// most useful ones whole (never a word cut in two), the help key then offering all the keys.
pub fn key_footer(width: u16, t: &Texts) -> String {
    let most = t.footer.iter().map(|&(_, rank)| rank).max().unwrap_or(0);
    let fits = |line: &str| Span::raw(line).width() <= width as usize;
    for keep in (0..=most).rev() {
        let line: Vec<&str> = t
            .footer
            .iter()
            .filter(|&&(_, rank)| rank <= keep)
            .map(|&(text, _)| {
                if text == t.footer_help && keep < most {
                    t.footer_all_keys
                } else {
                    text
                }
            })
            .collect();
        let line = line.join(" ");
        if fits(&line) {
            return line;
        }
    }
    t.footer
        .iter()
        .filter(|&&(_, rank)| rank == 0)
        .map(|&(text, _)| {
            if text == t.footer_help {
                t.footer_all_keys
            } else {
                text
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Draws the whole app.
pub fn draw(frame: &mut Frame<'_>, app: &App) {
    let area = frame.area();
    let t = app.t();
    let Some(screen) = app.screen() else {
        let text = fill(
            t.too_small,
            &[
                ("w", &area.width),
                ("h", &area.height),
                ("min_w", &MIN_WIDTH),
                ("min_h", &MIN_HEIGHT),
            ],
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
            Paragraph::new(t.board_too_big).wrap(Wrap { trim: true }),
            screen.board,
        ),
    }
    draw_panel(frame, app, screen.panel);
    frame.render_widget(
        Paragraph::new(app.message.as_str()).style(Style::new().fg(Color::Yellow)),
        screen.message,
    );
    frame.render_widget(
        Paragraph::new(key_footer(area.width, t)).style(Style::new().fg(Color::DarkGray)),
        screen.keys,
    );
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => draw_help(frame, area, t),
        Overlay::Settings(form) => {
            let rows = form.rows(t);
            let lines: Vec<Line<'_>> = rows
                .iter()
                .enumerate()
                .map(|(i, (label, value))| {
                    let style = if i == form.selected {
                        Style::new().add_modifier(Modifier::REVERSED)
                    } else {
                        Style::new()
                    };
                    // Pad by display width: a Chinese character takes two columns.
                    let pad = 16usize.saturating_sub(Span::raw(*label).width());
                    Line::styled(format!(" {label}{} {value}", " ".repeat(pad)), style)
                })
                .chain([Line::raw(""), Line::raw(t.settings_help)])
                .chain(
                    form.selected_level()
                        .map(|level| wrap(&app.lang.level_description(level), 60))
                        .unwrap_or_default()
                        .into_iter()
                        .map(|line| Line::raw(format!(" {line}"))),
                )
                .collect();
            popup(frame, area, t.settings_title, lines, 64);
        }
    }
}

/// The title line: board, K and players, a `perfect` player marked where the board is too big
/// for it ever to prove a move (elsewhere each move's value line says whether it was proven);
/// shortened to fit `width` where it can be.
fn title(app: &App, width: u16) -> String {
    let (session, t) = (&app.session, app.t());
    let rules = session.config().rules;
    let who = |side: Side, long: bool| {
        let name = player_label(session.player(side), t);
        let template = match (session.exactness(side), long) {
            (Some(Exactness::Never), true) => t.estimates_long,
            (Some(Exactness::Never), false) => t.estimates_short,
            _ => return name,
        };
        fill(template, &[("name", &name)])
    };
    let rule_tag = t.rule_tags[rule_index(rules.rule())];
    let mut text = String::new();
    for (template, long) in [(t.title, true), (t.title, false), (t.title_short, false)] {
        text = fill(
            template,
            &[
                ("w", &rules.width()),
                ("h", &rules.height()),
                ("k", &rules.k()),
                ("rule", &rule_tag),
                ("x", &who(Side::X, long)),
                ("o", &who(Side::O, long)),
            ],
        );
        if Span::raw(text.as_str()).width() <= width as usize {
            break;
        }
    }
    text
}

/// `text` in lines of at most `width` columns, broken at spaces where there are any (Chinese
/// has none: it breaks anywhere).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for c in text.chars() {
        line.push(c);
        if Span::raw(line.as_str()).width() > width {
            let cut = match line.trim_end().rfind(' ') {
                Some(space) => space,
                None => line.len() - c.len_utf8(),
            };
            let rest = line.split_off(cut);
            lines.push(std::mem::take(&mut line));
            line = rest.trim_start().to_string();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn popup(frame: &mut Frame<'_>, area: Rect, title: &str, lines: Vec<Line<'_>>, width: u16) {
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

fn draw_help(frame: &mut Frame<'_>, area: Rect, t: &Texts) {
    let lines = t
        .key_help
        .iter()
        .map(|(keys, what)| {
            let pad = 19usize.saturating_sub(Span::raw(*keys).width());
            Line::raw(format!(" {keys}{} {what}", " ".repeat(pad)))
        })
        .chain([Line::raw(""), Line::raw(format!(" {}", t.help_close))])
        .collect();
    popup(frame, area, t.help_title, lines, 66);
}

/// Every key of the game and what it does, in English: `mnk tui --help` shows this list
/// (the help screen shows the table of the game's language).
pub const KEY_HELP: &[(&str, &str)] = crate::lang::EN.key_help;

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
        // Estimates lean towards the side they favour, without claiming a result.
        Verdict::Estimate(s) if s > 0 => Color::LightGreen,
        Verdict::Estimate(s) if s < 0 => Color::LightRed,
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
    let forbidden: Vec<usize> = board.forbidden_cells().iter().map(|&(c, _)| c).collect();
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
                // Renju: the points x may not play, marked while x is to move.
                None if forbidden.contains(&cell) => {
                    style = style.fg(Color::Red);
                    "×".into()
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

fn draw_panel(frame: &mut Frame<'_>, app: &App, area: Rect) {
    let t = app.t();
    let session = &app.session;
    let mut lines: Vec<Line<'_>> = Vec::new();
    let bold = Style::new().add_modifier(Modifier::BOLD);
    let turn = session.to_move();
    let who = |side: Side| {
        if session.player(side).is_human() {
            t.human.to_string()
        } else {
            fill(
                t.computer,
                &[("level", &player_label(session.player(side), t))],
            )
        }
    };
    match session.result() {
        _ if !app.started => lines.push(Line::styled(t.press_enter, bold)),
        GameResult::Win(side) => lines.push(Line::styled(
            fill(t.won, &[("side", &upper(side))]),
            bold.fg(Color::Green),
        )),
        GameResult::Draw => lines.push(Line::styled(t.drawn, bold.fg(Color::Blue))),
        GameResult::Unfinished => lines.push(Line::styled(
            fill(t.turn, &[("side", &upper(turn)), ("who", &who(turn))]),
            bold,
        )),
    }
    let forbidden = session.board().forbidden_cells();
    if app.started && !forbidden.is_empty() {
        let board = session.board();
        let cells: Vec<String> = forbidden
            .iter()
            .map(|&(c, foul)| format!("{} ({foul})", board.cell_name(c)))
            .collect();
        lines.push(Line::styled(
            fill(t.forbidden, &[("cells", &cells.join(", "))]),
            Style::new().fg(Color::Red),
        ));
    }
    if let Some(p) = &app.pending {
        let tick = app.now.saturating_duration_since(p.started).as_millis() / 150;
        let what = match p.purpose {
            // A ponder is never the pending search: it runs unseen on the human's time.
            ThinkPurpose::Move | ThinkPurpose::Ponder => t.thinking,
            ThinkPurpose::Hint => t.finding_hint,
        };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {what}", SPINNER[tick as usize % 4]),
                Style::new().fg(Color::Yellow),
            ),
            Span::raw(t.esc_stops),
        ]));
    } else if app.paused && session.computer_to_move() {
        lines.push(Line::raw(t.computer_paused));
    }
    if let Some(last) = &app.last {
        lines.push(Line::raw(fill(
            t.last_played,
            &[("side", &upper(last.side)), ("cell", &last.name)],
        )));
        let value = last.verdict.map_or(t.random_move.to_string(), |v| {
            let how = if last.proven { t.proven } else { t.not_proven };
            format!("{}{how}", app.lang.verdict(v))
        });
        lines.push(Line::raw(fill(t.value, &[("value", &value)])));
        lines.push(Line::raw(fill(
            t.nodes_time,
            &[("nodes", &last.nodes), ("ms", &last.elapsed.as_millis())],
        )));
    }
    if let Some((cells, verdict)) = &app.hint {
        let names: Vec<String> = cells
            .iter()
            .map(|&c| session.board().cell_name(c))
            .collect();
        let value = verdict.map_or(String::new(), |v| format!(" ({})", app.lang.verdict(v)));
        lines.push(Line::raw(fill(
            t.hint,
            &[("cells", &names.join(" ")), ("value", &value)],
        )));
    }
    match &app.analysis {
        Analysis::Off => {}
        Analysis::Running { .. } => lines.push(Line::raw(t.analysis_running)),
        Analysis::Ready { exact: true, .. } => {
            lines.push(Line::raw(fill(t.analysis_for, &[("side", &upper(turn))])))
        }
        Analysis::Ready { exact: false, .. } => lines.push(Line::raw(fill(
            t.analysis_estimates,
            &[("side", &upper(turn))],
        ))),
        Analysis::Unavailable(why) if why.is_empty() => lines.push(Line::raw(t.analysis_waiting)),
        Analysis::Unavailable(why) => {
            lines.push(Line::raw(fill(t.analysis_unavailable, &[("why", why)])))
        }
    }
    if let Some(layout) = app.board_layout() {
        if layout.scrolled() {
            lines.push(Line::raw(fill(
                t.scrolled,
                &[
                    ("c1", &((b'a' + layout.first_col as u8) as char)),
                    (
                        "c2",
                        &((b'a' + (layout.first_col + layout.cols - 1) as u8) as char),
                    ),
                    (
                        "r1",
                        &(layout.rules.height() - layout.first_row - layout.rows + 1),
                    ),
                    ("r2", &(layout.rules.height() - layout.first_row)),
                ],
            )));
        }
    }
    if !session.player(Side::X).is_human() && !session.player(Side::O).is_human() {
        lines.push(Line::raw(fill(t.pace, &[("ms", &PACES_MS[app.pace])])));
    }
    let block = Block::default().borders(Borders::ALL).title(t.status);
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        area,
    );
}
