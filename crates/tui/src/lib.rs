//! `mnk tui`: the full-screen terminal game (ratatui + crossterm), a thin shell over the
//! engine's [`mnk_engine::session`] — the same game flow, computer levels, undo and hints as
//! line-mode `mnk play`. No rule or search code lives here.
//!
//! - [`app`]: the state and a pure [`app::App::handle_event`] (keys, clicks, ticks, answers
//!   from background searches in; effects out).
//! - [`layout`]: where the board and panels go, used both to draw and to map clicks to cells.
//! - [`render`]: drawing the state with ratatui.
//! - [`settings`]: the settings form.
//! - [`lang`]: the sentences, in English and Simplified Chinese.
//! - [`terminal`]: the real terminal, the event loop, the search threads, the panic hook.

pub mod app;
pub mod lang;
pub mod layout;
pub mod render;
pub mod settings;
pub mod terminal;

use mnk_engine::session::{SessionConfig, SessionError};
use mnk_engine::Go;
use thiserror::Error;

pub use terminal::run;

/// What the app starts with.
#[derive(Clone, Default)]
pub struct Options {
    /// The first game's settings.
    pub config: SessionConfig,
    /// Index into [`settings::PACES_MS`]: the AI-vs-AI pause between moves.
    pub pace: usize,
    /// What each computer move, hint and ponder may use: the time per move, or fixed work.
    pub go: Go,
    /// The language of the screen.
    pub lang: lang::Lang,
}

impl Options {
    /// The pace index nearest to `ms` milliseconds.
    pub fn pace_for_ms(ms: u64) -> usize {
        settings::PACES_MS
            .iter()
            .enumerate()
            .min_by_key(|(_, &p)| p.abs_diff(ms))
            .map_or(0, |(i, _)| i)
    }
}

/// Why the app could not run.
#[derive(Debug, Error)]
pub enum TuiError {
    /// The terminal refused an operation.
    #[error("terminal error: {0}")]
    Io(#[from] std::io::Error),
    /// The game settings were refused.
    #[error(transparent)]
    Session(#[from] SessionError),
}
