//! `pbrain-mnk`: the mnk engine as a Gomocup brain, speaking the Piskvork protocol on
//! standard input and output (see `mnk_gomocup::protocol` for the commands). A reader thread watches the
//! input so that `END` stops a search in progress at once (a quick move is still written, then
//! the brain quits when it reaches the `END` line). The protocol and the brain
//! live in the `mnk-gomocup` library; this binary only moves lines.

use mnk_gomocup::Brain;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

const HELP: &str = "\
pbrain-mnk: the mnk engine as a Gomocup brain, for Gomoku and the other m,n,k-games.

Usage: pbrain-mnk [-h | --help | -V | --version]

Run without arguments, it reads Piskvork protocol commands on standard input, one a line,
and answers on standard output: START, RECTSTART, RESTART, BEGIN, TURN, BOARD ... DONE,
INFO, END, ABOUT, TAKEBACK; moves are 0-based x,y. It keeps to INFO timeout_turn and
time_left; 'INFO rule 1' plays exactly K in a row, and 'INFO mnk_k K' sets K (default 5);
'INFO mnk_seed S' seeds its choice among near-equal moves, and 'INFO mnk_fixed_work 1' makes
each move a fixed amount of work instead of a time (as 'mnk match --time-per-move 0' asks).
END stops a running search and ends the brain.

Load it into Piskvork or another Gomocup manager, or let mnk run it:
  mnk match --x pbrain:./pbrain-mnk --o hard --games 10

Options:
  -h, --help     Print this help
  -V, --version  Print the version
";

fn main() -> ExitCode {
    // A manager starts the brain with no arguments; anything else is meant for a person.
    if let Some(arg) = std::env::args().nth(1) {
        return match arg.as_str() {
            "-h" | "--help" => {
                print!("{HELP}");
                ExitCode::SUCCESS
            }
            "-V" | "--version" => {
                println!("pbrain-mnk {}", env!("CARGO_PKG_VERSION"));
                ExitCode::SUCCESS
            }
            other => {
                eprintln!(
                    "pbrain-mnk: Unknown argument '{other}': the brain takes none (it speaks the \
                     Piskvork protocol on standard input); --help says more."
                );
                ExitCode::from(2)
            }
        };
    }
    run_brain();
    ExitCode::SUCCESS
}

/// Speaks the protocol on standard input and output until END or the end of input.
fn run_brain() {
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
    // Games differ from run to run: the clock seeds the choice among near-equal moves.
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 ^ u64::from(std::process::id()))
        .unwrap_or(0);
    brain.set_seed(Some(seed));
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
