//! The app's state and how events change it. Nothing here touches the terminal:
//! [`App::handle_event`] takes an [`Event`] (a key, a click, a tick of the clock, an answer from
//! a background search) and returns the [`Effect`]s the runner must carry out (wait for a
//! search the engine started on its own thread, start an analysis, quit). Tests drive it with
//! synthetic events and carry out the effects in place.

use crate::lang::{fill, Lang, Texts, EN};
use crate::layout::{BoardLayout, Screen};
use crate::settings::{Settings, PACES_MS};
use mnk_engine::session::{GameResult, Session, SessionConfig, SessionError, ThinkPurpose};
use mnk_engine::Go;
use mnk_engine::{Side, Verdict};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

mod events;
mod jobs;
mod parts;

pub use events::{Effect, Event};
pub use parts::{Analysis, LastMove, Overlay, Pending};

/// The whole app.
pub struct App {
    /// The game.
    pub session: Session,
    /// False until the first game is started (clicks before the start are refused).
    pub started: bool,
    /// What covers the board.
    pub overlay: Overlay,
    /// The cursor cell.
    pub cursor: usize,
    /// Terminal size (columns, rows).
    pub size: (u16, u16),
    /// The message line.
    pub message: String,
    /// The computer's last move.
    pub last: Option<LastMove>,
    /// The search in progress.
    pub pending: Option<Pending>,
    /// Cells of the last hint and its value.
    pub hint: Option<(Vec<usize>, Option<Verdict>)>,
    /// The analysis overlay.
    pub analysis: Analysis,
    analysis_stop: Option<Arc<AtomicBool>>,
    /// Index into [`PACES_MS`].
    pub pace: usize,
    /// The computer waits for `p` (after a cancel, or paused by the player).
    pub paused: bool,
    /// The earliest time the computer may move next (AI-vs-AI pace).
    due: Option<Instant>,
    /// The clock as of the last tick.
    pub now: Instant,
    /// What each computer move, hint and ponder may use (the time per move, or fixed work).
    go: Go,
    /// Set once the player quits.
    pub quit: bool,
    /// The language of every sentence (see [`App::set_lang`]).
    pub lang: Lang,
    next_id: u64,
    /// Whether the computer thinks on the human's time (see [`App::set_ponder`]).
    ponder: bool,
    /// The ponder job running: its id, its stop flag and the moves of its position.
    pondering: Option<(u64, Arc<AtomicBool>)>,
    /// The moves of the position last pondered, so a finished ponder is not started again.
    pondered: Option<Vec<usize>>,
}

impl App {
    /// A new app on the start screen for this game.
    pub fn new(
        config: SessionConfig,
        pace: usize,
        size: (u16, u16),
        now: Instant,
    ) -> Result<App, SessionError> {
        let session = Session::new(config)?;
        let cursor = centre(&session);
        Ok(App {
            session,
            started: false,
            overlay: Overlay::None,
            cursor,
            size,
            message: EN.start.into(),
            last: None,
            pending: None,
            hint: None,
            analysis: Analysis::Off,
            analysis_stop: None,
            pace: pace.min(PACES_MS.len() - 1),
            paused: false,
            due: None,
            now,
            quit: false,
            lang: Lang::En,
            next_id: 0,
            go: Go::fixed_work(),
            ponder: false,
            pondering: None,
            pondered: None,
        })
    }

    /// What the computer's moves, hints and ponders may use from now on (a new app does
    /// fixed work).
    pub fn set_go(&mut self, go: Go) {
        self.go = go;
    }

    /// Lets a `perfect` or `hard` computer think on the human's time (off in a new app: the
    /// terminal runner turns it on, scripted runs keep every search to the computer's turn).
    /// The ponder stops when the human moves; the computer's move waits for it to hand its
    /// tables back.
    pub fn set_ponder(&mut self, on: bool) {
        self.ponder = on;
        if !on {
            self.stop_ponder();
        }
    }

    /// Raises the running ponder's stop flag; its answer is still taken back (its tables).
    fn stop_ponder(&mut self) {
        if let Some((_, stop)) = &self.pondering {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The screen areas at the current size (`None`: the terminal is too small).
    pub fn screen(&self) -> Option<Screen> {
        Screen::new(Rect::new(0, 0, self.size.0, self.size.1))
    }

    /// Where the board is drawn at the current size (`None`: it does not fit).
    pub fn board_layout(&self) -> Option<BoardLayout> {
        BoardLayout::new(
            self.screen()?.board,
            self.session.config().rules,
            self.cursor,
        )
    }

    /// Whether a computer search runs for the move (the "thinking…" indicator).
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Changes the state for one event; returns the work the runner must do.
    pub fn handle_event(&mut self, event: Event) -> Vec<Effect> {
        let mut effects = Vec::new();
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key, &mut effects),
            Event::Key(_) => {}
            Event::Mouse(mouse) => self.mouse(mouse),
            Event::Resize(w, h) => self.size = (w, h),
            Event::Tick(now) => self.now = now,
            Event::Thought { id, done, elapsed } => self.thought(id, done, elapsed),
            Event::Analysed { id, result } => self.analysed(id, result),
        }
        if self.quit {
            self.cancel_all();
            return vec![Effect::Quit];
        }
        self.schedule(&mut effects);
        effects
    }

    fn key(&mut self, key: KeyEvent, effects: &mut Vec<Effect>) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match &mut self.overlay {
            Overlay::Help => {
                self.overlay = Overlay::None;
                return;
            }
            Overlay::Settings(form) => {
                match key.code {
                    KeyCode::Up | KeyCode::Char('k') => form.select(-1),
                    KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => form.select(1),
                    KeyCode::Left | KeyCode::Char('h') => form.change(-1),
                    KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') => form.change(1),
                    KeyCode::Enter => {
                        let form = form.clone();
                        self.apply(form);
                    }
                    KeyCode::Esc | KeyCode::Char('s') => {
                        self.overlay = Overlay::None;
                        self.message = self.t().settings_unchanged.into();
                    }
                    KeyCode::Char('q') => self.quit = true,
                    _ => {}
                }
                return;
            }
            Overlay::None => {}
        }
        let rules = self.session.config().rules;
        let (col, row) = rules.col_row(self.cursor);
        let step =
            |c: usize, d: isize, n: usize| (c as isize + d).clamp(0, n as isize - 1) as usize;
        match key.code {
            KeyCode::Char('q') => self.quit = true,
            KeyCode::Left | KeyCode::Char('h') => {
                self.cursor = rules.cell(step(col, -1, rules.width()), row)
            }
            KeyCode::Right | KeyCode::Char('l') => {
                self.cursor = rules.cell(step(col, 1, rules.width()), row)
            }
            KeyCode::Up | KeyCode::Char('k') => {
                self.cursor = rules.cell(col, step(row, -1, rules.height()))
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.cursor = rules.cell(col, step(row, 1, rules.height()))
            }
            KeyCode::Enter | KeyCode::Char(' ') if !self.started => self.new_game(),
            KeyCode::Enter | KeyCode::Char(' ') => self.play(self.cursor),
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('t') => self.ask_hint(effects),
            KeyCode::Char('a') => self.toggle_analysis(),
            KeyCode::Char('s') => {
                self.overlay =
                    Overlay::Settings(Settings::from_config(self.session.config(), self.pace));
            }
            KeyCode::Char('?') | KeyCode::F(1) => self.overlay = Overlay::Help,
            KeyCode::Esc => self.cancel_search(),
            KeyCode::Char('p') => self.toggle_pause(),
            KeyCode::Char('+') | KeyCode::Char('=') => self.set_pace(1),
            KeyCode::Char('-') => self.set_pace(-1),
            _ => {}
        }
    }

    fn mouse(&mut self, mouse: MouseEvent) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
            return;
        }
        if self.overlay != Overlay::None {
            self.message = self.t().close_first.into();
            if self.overlay == Overlay::Help {
                self.overlay = Overlay::None;
            }
            return;
        }
        match self
            .board_layout()
            .and_then(|l| l.cell_at(mouse.column, mouse.row))
        {
            None => self.message = self.t().click_off_board.into(),
            Some(cell) => {
                self.cursor = cell;
                if self.started {
                    self.play(cell);
                } else {
                    self.message = self.t().not_started.into();
                }
            }
        }
    }

    /// Plays a human move at `cell`, or says why not.
    fn play(&mut self, cell: usize) {
        let t = self.lang.texts();
        let board = self.session.board();
        let name = board.cell_name(cell);
        self.message = match self.session.result() {
            GameResult::Win(side) => fill(t.over_won, &[("side", &upper(side))]),
            GameResult::Draw => t.over_draw.into(),
            GameResult::Unfinished if self.session.computer_to_move() => {
                fill(t.wait_computer, &[("side", &upper(self.session.to_move()))])
            }
            GameResult::Unfinished => match board.stone(cell) {
                Some(side) => fill(t.taken, &[("cell", &name), ("side", &upper(side))]),
                None => match self.session.play(cell) {
                    Ok(()) => {
                        self.after_move();
                        if self.session.is_over() {
                            self.result_text()
                        } else {
                            fill(t.you_played, &[("cell", &name)])
                        }
                    }
                    Err(err) => self.refused(&err),
                },
            },
        };
    }

    fn new_game(&mut self) {
        self.cancel_all();
        self.session.restart();
        self.started = true;
        self.last = None;
        self.paused = false;
        self.due = None;
        self.after_move();
        self.cursor = centre(&self.session);
        self.message = self.t().new_game.into();
    }

    fn apply(&mut self, form: Settings) {
        let Some(rules) = form.rules() else {
            self.message = self.t().bad_rules.into();
            return;
        };
        let config = SessionConfig {
            rules,
            x: form.x,
            o: form.o,
            first: form.first,
            ..*self.session.config()
        };
        match Session::new(config) {
            Ok(session) => {
                self.cancel_all();
                self.session = session;
                self.pace = form.pace;
                self.overlay = Overlay::None;
                self.new_game();
            }
            Err(err) => self.message = self.refused(&err),
        }
    }

    fn undo(&mut self) {
        if !self.started {
            self.message = self.t().nothing_to_undo.into();
            return;
        }
        self.cancel_search();
        match self.session.undo() {
            Ok(taken) => {
                let names: Vec<String> = taken
                    .iter()
                    .map(|&c| self.session.board().cell_name(c))
                    .collect();
                self.message = fill(self.t().took_back, &[("moves", &names.join(self.t().and))]);
                self.last = None;
                self.paused = false;
                self.after_move();
            }
            Err(err) => self.message = fill(self.t().cannot_undo, &[("why", &err)]),
        }
    }

    fn ask_hint(&mut self, effects: &mut Vec<Effect>) {
        if !self.started || !self.session.human_to_move() {
            self.message = self.t().hint_when.into();
            return;
        }
        if self.pending.is_some() {
            self.message = self.t().hint_running.into();
            return;
        }
        match self.session.start_hint(self.go.clone()) {
            Ok(thinking) => self.start(ThinkPurpose::Hint, thinking, effects),
            Err(err) => self.message = self.refused(&err),
        }
    }

    fn toggle_analysis(&mut self) {
        if self.analysis == Analysis::Off {
            self.analysis = Analysis::Unavailable(String::new());
            self.message = self.t().analysis_on.into();
        } else {
            self.stop_analysis();
            self.analysis = Analysis::Off;
            self.message = self.t().analysis_off.into();
        }
    }

    /// `p`: pauses or resumes the computer, when there is a computer move to hold back.
    fn toggle_pause(&mut self) {
        let session = &self.session;
        let t = self.lang.texts();
        self.message = if session.player(Side::X).is_human() && session.player(Side::O).is_human() {
            t.pause_no_computer.into()
        } else if !self.started {
            t.not_started.into()
        } else if session.is_over() {
            t.pause_over.into()
        } else {
            self.paused = !self.paused;
            if self.paused {
                t.paused.into()
            } else {
                t.resumed.into()
            }
        };
    }

    fn set_pace(&mut self, step: isize) {
        self.pace = (self.pace as isize + step).clamp(0, PACES_MS.len() as isize - 1) as usize;
        self.message = fill(self.t().pace_set, &[("ms", &PACES_MS[self.pace])]);
    }

    /// The sentences of the app's language.
    pub fn t(&self) -> &'static Texts {
        self.lang.texts()
    }

    /// Speaks `lang` from now on (the start message too).
    pub fn set_lang(&mut self, lang: Lang) {
        if self.message == self.t().start {
            self.message = lang.texts().start.into();
        }
        self.lang = lang;
    }

    /// An engine refusal as a sentence: the engine's own words in English, a plain
    /// sentence in other languages (the engine speaks English only).
    fn refused(&self, err: &dyn std::fmt::Display) -> String {
        fill(self.t().refused, &[("why", err)])
    }

    /// One line saying how the game ended.
    pub fn result_text(&self) -> String {
        match self.session.result() {
            GameResult::Win(side) => fill(self.t().wins, &[("side", &upper(side))]),
            GameResult::Draw => self.t().draw.into(),
            GameResult::Unfinished => String::new(),
        }
    }
}

/// The capital letter of a side, as the board shows it.
pub fn upper(side: Side) -> char {
    side.letter().to_ascii_uppercase()
}

fn centre(session: &Session) -> usize {
    let rules = session.config().rules;
    rules.cell((rules.width() - 1) / 2, (rules.height() - 1) / 2)
}
