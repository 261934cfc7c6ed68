//! Long searches run with the GIL released and stop on Ctrl-C.
//!
//! Python delivers SIGINT to its main thread only as a flag that Python code must poll. So a
//! search runs on a worker thread while the calling thread, GIL released, waits for it in
//! short slices; between slices it asks Python whether a signal arrived
//! (`Python::check_signals`, which runs the handlers). On `KeyboardInterrupt` (or any
//! exception a handler raises) it raises the search's stop flag, waits for the worker to
//! notice (the engine checks its budget every few thousand nodes) and raises the exception.

use mnk_engine::session::Handle;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the caller waits between two looks for a signal: short enough that Ctrl-C feels
/// immediate, long enough to cost nothing.
const SLICE: Duration = Duration::from_millis(20);

/// Stack of the worker: the engine's searches recurse once per ply, and the main thread's
/// 8 MiB is what they are used to; the default 2 MiB of a spawned thread is not.
const WORKER_STACK: usize = 16 << 20;

/// Runs `work` on a worker thread with the GIL released; `work` gets the stop flag to put in
/// its budget. Returns what it returns, or the exception a signal handler raised
/// (`KeyboardInterrupt` on Ctrl-C) once the worker has stopped.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    // Shared with the GIL-free waits below, which must be Send; only this thread locks it.
    let rx = Mutex::new(rx);
    let wait = |timeout: Option<Duration>| {
        let rx = rx.lock().unwrap_or_else(|e| e.into_inner());
        match timeout {
            Some(t) => rx.recv_timeout(t),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    };
    std::thread::scope(|scope| {
        let flag = stop.clone();
        std::thread::Builder::new()
            .name("mnk-search".to_string())
            .stack_size(WORKER_STACK)
            .spawn_scoped(scope, move || {
                // The receiver outlives the worker unless the caller already gave up.
                let _ = tx.send(work(flag));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search: {e}")))?;
        loop {
            match py.detach(|| wait(Some(SLICE))) {
                Ok(value) => return Ok(value),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        // The worker ends at its next budget check; the scope joins it.
                        let _ = py.detach(|| wait(None));
                        return Err(interrupt);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the search thread failed"))
                }
            }
        }
    })
}

/// Waits for the computer's thinking with the GIL released, looking for signals between short
/// slices as [`run`] does; on `KeyboardInterrupt` (or any exception a handler raises) it stops
/// the thinking, waits for it to end and raises the exception.
pub fn join<T: Send + 'static>(py: Python<'_>, mut thinking: Handle<T>) -> PyResult<T> {
    loop {
        if py.detach(|| thinking.wait_for(SLICE)) {
            return Ok(thinking.join());
        }
        if let Err(interrupt) = py.check_signals() {
            thinking.stop();
            // The search ends at its next budget check; its answer is not wanted.
            let _ = py.detach(|| thinking.join());
            return Err(interrupt);
        }
    }
}
