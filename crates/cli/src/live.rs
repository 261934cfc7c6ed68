//! A long search seen live: a progress line on stderr (when it is a terminal; a report line
//! every so often when it is a log file), Ctrl-C and an optional time limit stopping the search
//! cleanly, so what is known so far can still be printed. Every analysis command watches its
//! search through this one module.

use crate::common::{approx, duration, grouped, note};
use indicatif::{ProgressBar, ProgressStyle};
use mnk_engine::Go;
use mnk_engine::{Progress, ProgressSnapshot, Wdl};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often the progress line is redrawn.
const REDRAW: Duration = Duration::from_millis(200);

/// How often a long search writes a report line when stderr is not a terminal, by default.
pub const REPORT_EVERY: Duration = Duration::from_secs(60);

/// When a checkpoint was last saved, for the report lines: set by whoever saves it.
#[derive(Clone, Default)]
pub struct SavedAt(Arc<Mutex<Option<Instant>>>);

impl SavedAt {
    /// Records a save now.
    pub fn mark(&self) {
        if let Ok(mut at) = self.0.lock() {
            *at = Some(Instant::now());
        }
    }

    fn age(&self) -> Option<Duration> {
        self.0.lock().ok().and_then(|at| at.map(|t| t.elapsed()))
    }
}

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

/// Makes Ctrl-C stop the searches of this process from now on (rather than end it), so that a
/// warning saying "Ctrl-C stops it" can be printed before the search and its line start.
pub fn catch_ctrl_c() {
    interrupt_flag();
}

/// What the progress line shows, which depends on the search.
#[derive(Clone, Copy, Debug)]
pub enum Show {
    /// No line (machine-readable output, or nothing worth showing).
    Nothing,
    /// The solver: nodes, root moves settled (and how many are at least a draw), table fill.
    Solver,
    /// The proof search: nodes, root moves settled, table fill. A move it settles is shown to
    /// win or not to win for the side it asks about, which is not "at least a draw", so the line
    /// claims no more than "settled".
    Proof,
    /// Plain minimax or alpha-beta: nodes against the most the tree can hold.
    Textbook {
        /// The full tree's size from the up-front estimate.
        at_most: u128,
    },
    /// The game-tree count: ply, positions, memory against its bound.
    Count {
        /// The ply the count ends at, at the latest (the empty cells).
        last_ply: usize,
        /// The memory bound in bytes.
        memory: u64,
    },
}

/// Why a search ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Ctrl-C.
    Interrupted,
    /// The `--max-time` limit ran out.
    TimeLimit(Duration),
}

/// A search in progress: its controls, and the watcher thread if one runs.
pub struct Live {
    saved: SavedAt,
    stop: Arc<AtomicBool>,
    timed_out: Arc<AtomicBool>,
    progress: Arc<Progress>,
    started: Instant,
    time_limit: Option<Duration>,
    done: Option<Sender<()>>,
    watcher: Option<JoinHandle<()>>,
}

impl Live {
    /// Starts watching a solver search without a time limit: Ctrl-C stops it from now on, and
    /// the solver's progress line shows if `show` and stderr is a terminal.
    pub fn start(show: bool) -> Live {
        Live::watch(if show { Show::Solver } else { Show::Nothing }, None)
    }

    /// Starts watching: Ctrl-C stops the search from now on, so does `time_limit` when given,
    /// and the progress line shows when `show` asks for one and stderr is a terminal.
    pub fn watch(show: Show, time_limit: Option<Duration>) -> Live {
        Live::watch_reporting(show, time_limit, None)
    }

    /// [`Live::watch`], and when stderr is not a terminal (a log file) and `show` asks for a
    /// line, a report line every `report_every`, so that a long run leaves a trace.
    pub fn watch_reporting(
        show: Show,
        time_limit: Option<Duration>,
        report_every: Option<Duration>,
    ) -> Live {
        let stop = interrupt_flag();
        let timed_out = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Progress::default());
        let saved = SavedAt::default();
        let started = Instant::now();
        let shows = !matches!(show, Show::Nothing);
        let terminal = std::io::stderr().is_terminal();
        let draw = shows && terminal;
        let report_every = report_every.filter(|_| shows && !terminal);
        let (done, watcher) = if draw || time_limit.is_some() || report_every.is_some() {
            let (tx, rx) = mpsc::channel::<()>();
            let watch = Watcher {
                show: if draw || report_every.is_some() {
                    show
                } else {
                    Show::Nothing
                },
                draw,
                report_every,
                saved: saved.clone(),
                deadline: time_limit.map(|t| started + t),
                stop: stop.clone(),
                timed_out: timed_out.clone(),
                progress: progress.clone(),
                started,
            };
            let handle = std::thread::spawn(move || watch.run(&rx));
            (Some(tx), Some(handle))
        } else {
            (None, None)
        };
        Live {
            saved,
            stop,
            timed_out,
            progress,
            started,
            time_limit,
            done,
            watcher,
        }
    }

    /// What the search is handed: the stop flag (Ctrl-C, `--max-time`) and the counters the
    /// live line shows.
    pub fn go(&self) -> Go {
        Go::default()
            .with_stop(self.stop.clone())
            .with_progress(self.progress.clone())
    }

    /// Where a checkpoint's saves are recorded, for the report lines.
    pub fn saved_at(&self) -> SavedAt {
        self.saved.clone()
    }

    /// The counters as they are now.
    pub fn snapshot(&self) -> ProgressSnapshot {
        self.progress.snapshot()
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Ends the display and the clock; says why the search was stopped, if it was.
    pub fn finish(mut self) -> Option<Stop> {
        // Dropping the sender wakes the watcher at once.
        self.done.take();
        if let Some(handle) = self.watcher.take() {
            let _ = handle.join();
        }
        if self.timed_out.load(Ordering::SeqCst) {
            self.time_limit.map(Stop::TimeLimit)
        } else if self.stop.load(Ordering::SeqCst) {
            Some(Stop::Interrupted)
        } else {
            None
        }
    }
}

/// The thread that redraws the progress line and raises the stop flag at the deadline.
struct Watcher {
    show: Show,
    /// Whether the line is drawn on a terminal.
    draw: bool,
    /// How often a report line is written (stderr is not a terminal).
    report_every: Option<Duration>,
    saved: SavedAt,
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    timed_out: Arc<AtomicBool>,
    progress: Arc<Progress>,
    started: Instant,
}

impl Watcher {
    /// Runs until the search is done (the channel closes).
    fn run(self, done: &mpsc::Receiver<()>) {
        let bar = self.draw.then(|| {
            let bar = ProgressBar::new_spinner();
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar
        });
        let mut next_report = self.report_every.map(|every| self.started + every);
        loop {
            let now = Instant::now();
            if self.deadline.is_some_and(|d| now >= d) && !self.timed_out.load(Ordering::SeqCst) {
                self.timed_out.store(true, Ordering::SeqCst);
                self.stop.store(true, Ordering::SeqCst);
            }
            if let Some(bar) = &bar {
                bar.set_message(self.line());
                bar.tick();
            }
            if let (Some(at), Some(every)) = (next_report, self.report_every) {
                if now >= at {
                    note(&self.report());
                    next_report = Some(at + every);
                }
            }
            // Wakes at the next redraw, report or the deadline, or at once when the search is
            // done.
            let mut wait = if bar.is_some() { REDRAW } else { Duration::MAX };
            if let Some(at) = next_report {
                wait = wait.min(at.saturating_duration_since(now));
            }
            if let Some(d) = self
                .deadline
                .filter(|_| !self.timed_out.load(Ordering::SeqCst))
            {
                wait = wait.min(d.saturating_duration_since(now));
            }
            match done.recv_timeout(wait) {
                Err(RecvTimeoutError::Timeout) => continue,
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
    }

    /// A report line for a log: the elapsed time, the progress line, and the checkpoint's age
    /// when one has been saved.
    fn report(&self) -> String {
        let saved = match self.saved.age() {
            Some(age) => format!("; checkpoint saved {} ago", duration(age)),
            None => String::new(),
        };
        format!(
            "after {}: {}{saved}",
            duration(self.started.elapsed()),
            self.line()
        )
    }

    /// The progress line's text.
    fn line(&self) -> String {
        let s = self.progress.snapshot();
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let rate = |n: u64, what: &str| format!("{:.2} M {what}/s", n as f64 / secs / 1e6);
        match self.show {
            Show::Nothing => String::new(),
            Show::Solver => format!(
                "{} nodes, {}, root moves settled {}/{} ({} at least a draw), table {:.0}% full",
                grouped(s.nodes.into()),
                rate(s.nodes, "nodes"),
                s.root_settled,
                s.root_total,
                s.root_at_least_draw,
                100.0 * s.table_used as f64 / s.table_capacity.max(1) as f64,
            ),
            Show::Proof => format!(
                "{} nodes, {}, {}, table {:.0}% full",
                grouped(s.nodes.into()),
                rate(s.nodes, "nodes"),
                proof_root(&s),
                100.0 * s.table_used as f64 / s.table_capacity.max(1) as f64,
            ),
            Show::Textbook { at_most } => format!(
                "{} nodes of at most {}, {}",
                grouped(s.nodes.into()),
                approx(at_most),
                rate(s.nodes, "nodes"),
            ),
            Show::Count { last_ply, memory } => format!(
                "ply {} of at most {last_ply}, {} positions, {}, memory {} of {} MiB",
                s.ply,
                grouped(s.nodes.into()),
                rate(s.nodes, "positions"),
                s.memory >> 20,
                memory >> 20,
            ),
        }
    }
}

/// Where a proof of the root stands: its first moves shown not to win, then, once the value
/// is proven, the check of the moves that keep a draw or the measure of a win's distance.
fn proof_root(s: &ProgressSnapshot) -> String {
    let settled = s.root_settled.min(s.root_total);
    match s.proven {
        None => format!("root moves settled {settled}/{}", s.root_total),
        Some(Wdl::Draw) => format!(
            "a draw (proven), moves checked for it {settled}/{} ({} keep it)",
            s.root_total, s.root_at_least_draw
        ),
        Some(value) => format!("a {} (proven), measuring its plies", value.word()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watcher(saved: SavedAt) -> Watcher {
        Watcher {
            show: Show::Solver,
            draw: false,
            report_every: Some(REPORT_EVERY),
            saved,
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            timed_out: Arc::new(AtomicBool::new(false)),
            progress: Arc::new(Progress::default()),
            started: Instant::now(),
        }
    }

    #[test]
    fn a_report_line_names_the_checkpoint_only_once_one_was_saved() {
        let saved = SavedAt::default();
        let w = watcher(saved.clone());
        let before = w.report();
        assert!(
            before.starts_with("after ") && before.contains("root moves settled"),
            "{before}"
        );
        assert!(!before.contains("checkpoint"), "{before}");
        saved.mark();
        assert!(w.report().contains("; checkpoint saved "), "{}", w.report());
    }

    #[test]
    fn a_proof_line_says_when_the_value_is_proven_and_never_counts_past_the_moves() {
        let first = ProgressSnapshot {
            root_total: 47,
            root_settled: 60,
            ..ProgressSnapshot::default()
        };
        assert_eq!(proof_root(&first), "root moves settled 47/47");
        let check = ProgressSnapshot {
            root_total: 47,
            root_settled: 26,
            root_at_least_draw: 25,
            proven: Some(Wdl::Draw),
            ..ProgressSnapshot::default()
        };
        assert_eq!(
            proof_root(&check),
            "a draw (proven), moves checked for it 26/47 (25 keep it)"
        );
        let win = ProgressSnapshot {
            proven: Some(Wdl::Win),
            ..ProgressSnapshot::default()
        };
        assert_eq!(proof_root(&win), "a win (proven), measuring its plies");
    }
}
