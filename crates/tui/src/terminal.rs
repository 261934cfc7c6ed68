//! The real terminal: raw mode, the alternate screen and mouse capture on the way in, all of it
//! undone on the way out whatever happens (normal exit, error, panic); the event loop; and the
//! threads that run the computer's searches so the screen keeps answering keys.

use crate::app::{App, Effect, Event};
use crate::render;
use crate::{Options, TuiError};
use mnk_engine::session::{Handle, ThinkDone};
use mnk_engine::Go;
use mnk_engine::{ai, Board};
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::Terminal;
use std::io;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the loop waits for input before it looks at the clock and the searches again:
/// short enough for a smooth spinner and pace, long enough to leave the cores to the search.
const POLL: Duration = Duration::from_millis(50);

/// When this variable is set in the environment, the running UI panics right after drawing its
/// first frame: the end-to-end test's way to prove that a panic leaves the terminal usable.
pub const INJECT_PANIC_ENV: &str = "MNK_TUI_INJECT_PANIC";

/// Puts the terminal back as it was: cooked mode, main screen, no mouse capture, cursor shown.
/// Safe to call more than once.
pub fn restore_terminal() -> io::Result<()> {
    let raw = disable_raw_mode();
    execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        Show
    )?;
    raw
}

/// Installs a panic hook that first calls `restore` (so the message lands on a usable terminal)
/// and then the hook that was there before.
pub fn install_panic_hook<F>(restore: F)
where
    F: Fn() + Send + Sync + 'static,
{
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

/// Restores the terminal when dropped, so every way out of [`run`] (return, `?`, unwinding)
/// leaves it usable.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = restore_terminal();
    }
}

/// Runs the full-screen game until the player quits.
pub fn run(options: Options) -> Result<(), TuiError> {
    install_panic_hook(|| {
        let _ = restore_terminal();
    });
    enable_raw_mode()?;
    let guard = Guard;
    execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    terminal.clear()?;
    let size = terminal.size()?;
    let mut app = App::new(
        options.config,
        options.pace,
        (size.width, size.height),
        Instant::now(),
    )?;
    app.set_go(options.go);
    app.set_lang(options.lang);
    // A human thinking gives the computer time to fill its tables.
    app.set_ponder(true);
    let (tx, rx) = mpsc::channel::<Event>();
    let inject_panic = std::env::var_os(INJECT_PANIC_ENV).is_some();
    'outer: loop {
        terminal.draw(|frame| render::draw(frame, &app))?;
        if inject_panic {
            panic!("panic injected by {INJECT_PANIC_ENV} (a test hook)");
        }
        let mut events = Vec::new();
        if event::poll(POLL)? {
            match event::read()? {
                event::Event::Key(key) => events.push(Event::Key(key)),
                event::Event::Mouse(mouse) => events.push(Event::Mouse(mouse)),
                event::Event::Resize(w, h) => events.push(Event::Resize(w, h)),
                _ => {}
            }
        }
        events.extend(rx.try_iter());
        events.push(Event::Tick(Instant::now()));
        for ev in events {
            for effect in app.handle_event(ev) {
                if !spawn(effect, &tx) {
                    break 'outer;
                }
            }
        }
    }
    drop(terminal);
    drop(guard);
    Ok(())
}

/// Starts an effect's work on its own thread; `false` for [`Effect::Quit`].
fn spawn(effect: Effect, tx: &Sender<Event>) -> bool {
    let tx = tx.clone();
    match effect {
        Effect::Quit => return false,
        // A send fails only once the app has quit; the answer is then not needed.
        Effect::Think { id, thinking } => {
            std::thread::spawn(move || {
                let _ = tx.send(think(id, *thinking));
            });
        }
        Effect::Analyze { id, board, stop } => {
            std::thread::spawn(move || {
                let _ = tx.send(analyze(id, &board, stop));
            });
        }
    }
    true
}

/// Waits for a computer decision (the long part, on the engine's own thread) and wraps the
/// answer as an event.
pub fn think(id: u64, thinking: Handle<ThinkDone>) -> Event {
    let started = Instant::now();
    let done = thinking.join();
    Event::Thought {
        id,
        done: Box::new(done),
        elapsed: started.elapsed(),
    }
}

/// Values every legal move (exactly where the engine can; stoppable) and wraps the answer as
/// an event.
pub fn analyze(id: u64, board: &Board, stop: Arc<AtomicBool>) -> Event {
    Event::Analysed {
        id,
        result: ai::analyze(board, &Go::default().with_stop(stop)),
    }
}

/// Carries out effects in the calling thread, feeding the answers back until none is left;
/// returns whether the app asked to quit. For tests and scripted runs: deterministic, no
/// threads.
pub fn run_inline(app: &mut App, effects: Vec<Effect>) -> bool {
    let mut queue = effects;
    while let Some(effect) = queue.pop() {
        let event = match effect {
            Effect::Quit => return true,
            Effect::Think { id, thinking } => think(id, *thinking),
            Effect::Analyze { id, board, stop } => analyze(id, &board, stop),
        };
        queue.extend(app.handle_event(event));
    }
    false
}
