//! A long search seen live: a progress line on stderr (when it is a terminal) and Ctrl-C
//! stopping the search cleanly, so what is known so far can still be printed.

use indicatif::{ProgressBar, ProgressStyle};
use mnk_engine::board::Controls;
use mnk_engine::solver::progress::Progress;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The process-wide stop flag Ctrl-C sets (a handler can be installed only once).
fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let for_handler = flag.clone();
        // Without a handler Ctrl-C still ends the process, just without the partial report.
        let _ = ctrlc::set_handler(move || for_handler.store(true, Ordering::SeqCst));
        flag
    })
    .clone()
}

/// A search in progress: its controls, and the display thread if one runs.
pub struct Live {
    stop: Arc<AtomicBool>,
    progress: Arc<Progress>,
    done: Arc<AtomicBool>,
    display: Option<JoinHandle<()>>,
}

impl Live {
    /// Starts watching; the progress line shows only if `show` and stderr is a terminal.
    pub fn start(show: bool) -> Live {
        let stop = interrupt_flag();
        let progress = Arc::new(Progress::default());
        let done = Arc::new(AtomicBool::new(false));
        let display = (show && std::io::stderr().is_terminal()).then(|| {
            let (progress, done) = (progress.clone(), done.clone());
            std::thread::spawn(move || draw(&progress, &done))
        });
        Live {
            stop,
            progress,
            done,
            display,
        }
    }

    /// What the search is handed.
    pub fn controls(&self) -> Controls {
        Controls {
            stop: Some(self.stop.clone()),
            progress: Some(self.progress.clone()),
        }
    }

    /// The counters.
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Ends the display.
    pub fn finish(mut self) {
        self.done.store(true, Ordering::SeqCst);
        if let Some(handle) = self.display.take() {
            let _ = handle.join();
        }
    }
}

/// Redraws the progress line a few times a second until the search is done.
fn draw(progress: &Progress, done: &AtomicBool) {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    let start = Instant::now();
    while !done.load(Ordering::SeqCst) {
        let s = progress.snapshot();
        let secs = start.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!(
            "{} nodes, {:.2} M nodes/s, root moves settled {}/{} ({} at least draw), table {:.0}% full",
            crate::common::grouped(s.nodes as u128),
            s.nodes as f64 / secs / 1e6,
            s.root_settled,
            s.root_total,
            s.root_at_least_draw,
            100.0 * s.table_used as f64 / s.table_capacity.max(1) as f64,
        ));
        bar.tick();
        // A display refresh, not synchronisation: the loop ends when `done` is set.
        std::thread::sleep(Duration::from_millis(200));
    }
    bar.finish_and_clear();
}
