//! [`Handle`]: one decision of the computer thinking on a thread of its own, so that a front
//! end keeps drawing, reading keys or answering requests meanwhile. The TUI, the web server
//! and the Python package all start the computer's thinking the same way
//! ([`super::Session::start_computer_move`], [`super::Session::start_hint`],
//! [`super::Session::start_ponder`]) and hold a handle to **stop** it, **poll** it and **join**
//! it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Stack of a thinking thread: the searches recurse once per ply, and a program's main thread
/// has 8 MiB where a spawned thread gets 2 MiB by default.
const STACK: usize = 16 << 20;

/// A computation running on its own thread, with its stop handle.
///
/// ```
/// use mnk_engine::Go;
/// use mnk_engine::session::{Session, SessionConfig};
///
/// // x is a human, o the perfect computer: it thinks while the front end goes on.
/// let mut game = Session::new(SessionConfig::default()).unwrap();
/// game.play_text("b2").unwrap();
/// let thinking = game.start_computer_move(Go::default()).unwrap();
/// // ... draw the screen, read keys, poll `thinking.is_finished()` ...
/// let reply = game.finish_think(thinking.join()).unwrap();
/// assert_eq!(game.board().stone(reply.cell), Some(mnk_engine::Side::O));
/// ```
pub struct Handle<T> {
    stop: Arc<AtomicBool>,
    answer: Receiver<T>,
    thread: Option<JoinHandle<()>>,
    /// The answer, once a poll has seen it.
    ready: Option<T>,
}

impl<T: Send + 'static> Handle<T> {
    /// Runs `work` on a thread of its own; raising `stop` asks it to end early (the work
    /// looks at the flag: hand the same flag to its [`crate::Go`]). Where no thread can be
    /// started, `work` runs here and the handle is finished when it returns.
    pub fn spawn(stop: Arc<AtomicBool>, work: impl FnOnce() -> T + Send + 'static) -> Self {
        let (tx, answer) = mpsc::sync_channel(1);
        // The work is moved into the thread only once it exists; keep it reachable meanwhile.
        let slot = Arc::new(std::sync::Mutex::new(Some(work)));
        let taken = slot.clone();
        let started = std::thread::Builder::new()
            .name("mnk-think".into())
            .stack_size(STACK)
            .spawn(move || {
                let work = taken.lock().ok().and_then(|mut w| w.take());
                if let Some(work) = work {
                    // The receiver is gone only when the handle was dropped: nobody waits.
                    let _ = tx.send(work());
                }
            });
        match started {
            Ok(thread) => Handle {
                stop,
                answer,
                thread: Some(thread),
                ready: None,
            },
            Err(_) => {
                let work = slot.lock().ok().and_then(|mut w| w.take());
                let ready = work.map(|work| work());
                Handle {
                    stop,
                    answer,
                    thread: None,
                    ready,
                }
            }
        }
    }

    /// Asks the computation to stop: it ends at its next look at the flag (a search looks
    /// every few thousand nodes) and answers that it was stopped.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The stop flag, to raise from elsewhere (a timer, another request).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Whether the answer is ready (then [`Handle::join`] returns at once). Never waits.
    pub fn is_finished(&mut self) -> bool {
        if self.ready.is_none() {
            match self.answer.try_recv() {
                Ok(value) => self.ready = Some(value),
                Err(TryRecvError::Empty) => return false,
                // The thread ended without an answer: it panicked; join says so.
                Err(TryRecvError::Disconnected) => return true,
            }
        }
        true
    }

    /// Waits at most `timeout` for the answer; whether it is ready.
    pub fn wait_for(&mut self, timeout: Duration) -> bool {
        if self.ready.is_none() {
            match self.answer.recv_timeout(timeout) {
                Ok(value) => self.ready = Some(value),
                Err(RecvTimeoutError::Timeout) => return false,
                Err(RecvTimeoutError::Disconnected) => return true,
            }
        }
        true
    }

    /// Waits for the answer and returns it. A computation that panicked passes its panic on
    /// to the caller, as if it had run here.
    pub fn join(mut self) -> T {
        if let Some(value) = self.ready.take() {
            return value;
        }
        match self.answer.recv() {
            Ok(value) => value,
            Err(_) => {
                let thread = self.thread.take().expect("a thread ran the work");
                match thread.join() {
                    Err(panic) => std::panic::resume_unwind(panic),
                    Ok(()) => unreachable!("the thread sends its answer before it ends"),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Barrier;

    #[test]
    fn poll_wait_and_join_see_the_answer() {
        let gate = Arc::new(Barrier::new(2));
        let inside = gate.clone();
        let mut handle = Handle::spawn(Arc::new(AtomicBool::new(false)), move || {
            inside.wait();
            42
        });
        assert!(!handle.is_finished(), "the work waits for the gate");
        assert!(!handle.wait_for(Duration::from_millis(1)));
        gate.wait();
        assert!(handle.wait_for(Duration::from_secs(60)));
        assert!(handle.is_finished());
        assert_eq!(handle.join(), 42);
    }

    #[test]
    fn stop_raises_the_flag_the_work_watches() {
        let flag = Arc::new(AtomicBool::new(false));
        let watched = flag.clone();
        let handle = Handle::spawn(flag, move || {
            while !watched.load(Ordering::Relaxed) {
                std::thread::yield_now();
            }
            "stopped"
        });
        handle.stop();
        assert_eq!(handle.join(), "stopped");
    }

    #[test]
    fn a_panic_reaches_the_joiner() {
        let handle: Handle<()> =
            Handle::spawn(Arc::new(AtomicBool::new(false)), || panic!("deliberate"));
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle.join()));
        assert!(caught.is_err());
    }
}
