//! `pbrain-mnk`: the mnk engine as a Gomocup brain, speaking the Piskvork protocol on
//! standard input and output (see `mnk_gomocup::protocol` for the commands). A reader thread watches the
//! input so that `END` stops a search in progress at once (the move found so far is still
//! written, then the brain quits when it reaches the `END` line). The protocol and the brain
//! live in the `mnk-gomocup` library; this binary only moves lines.

use mnk_gomocup::Brain;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

fn main() {
    let abort = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<String>();
    let reader_abort = abort.clone();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if line.trim().eq_ignore_ascii_case("END") {
                reader_abort.store(true, Ordering::Relaxed);
            }
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut brain = Brain::new();
    let stdout = std::io::stdout();
    let mut answers = Vec::new();
    while let Ok(line) = rx.recv() {
        let go_on = brain.handle(&line, &abort, &mut answers);
        let mut out = stdout.lock();
        for a in answers.drain(..) {
            if writeln!(out, "{a}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
        if !go_on {
            return;
        }
    }
}
