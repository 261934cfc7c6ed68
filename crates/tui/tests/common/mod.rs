//! Helpers shared by the app and rendering tests: synthetic events, run in place.
#![allow(dead_code)]

pub mod svg;

use mnk_engine::session::SessionConfig;
use mnk_engine::Rules;
use mnk_tui::app::{App, Event};
use mnk_tui::terminal::run_inline;
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::Instant;

/// An app for `x` vs `o` on a `w`x`h` board with `k` in a row, 100x30 terminal.
pub fn app(w: usize, h: usize, k: usize, x: &str, o: &str) -> App {
    let config = SessionConfig {
        rules: Rules::new(w, h, Some(k)).unwrap(),
        x: x.parse().unwrap(),
        o: o.parse().unwrap(),
        seed: 3,
        ..SessionConfig::default()
    };
    App::new(config, 0, (100, 30), Instant::now()).unwrap()
}

/// Feeds one event and runs every resulting search in place.
pub fn send(app: &mut App, event: Event) -> bool {
    let effects = app.handle_event(event);
    run_inline(app, effects)
}

/// Presses a key.
pub fn key(app: &mut App, code: KeyCode) -> bool {
    send(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// Types a character key.
pub fn ch(app: &mut App, c: char) -> bool {
    key(app, KeyCode::Char(c))
}

/// A left click at a terminal position.
pub fn click_at(app: &mut App, x: u16, y: u16) -> bool {
    send(
        app,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        }),
    )
}

/// A left click on a cell, placed through the same layout the screen is drawn with.
pub fn click(app: &mut App, cell: usize) -> bool {
    let rect = app.board_layout().unwrap().cell_rect(cell).unwrap();
    click_at(app, rect.x + 1, rect.y)
}
