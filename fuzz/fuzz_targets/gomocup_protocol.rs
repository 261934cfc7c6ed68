//! The Piskvork (Gomocup) protocol: arbitrary lines go to the parser and to a whole brain.
//! Nothing panics; every answer is `OK`, an `ERROR`/`UNKNOWN` sentence, the `ABOUT` line or a
//! move on an empty cell of the board the manager started; the brain stops at `END`.
//!
//! Input: the lines the manager sends. The brain runs on a small budget (1 MiB table, one ply
//! deep, a thousand nodes) so that each move costs milliseconds whatever `INFO` says.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_gomocup::{Brain, Caps, Command, Parser};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut parser = Parser::default();
    for line in text.split('\n') {
        let _ = parser.feed(line);
    }

    let mut brain = Brain::with_caps(Caps {
        hash_mib: 1,
        max_depth: 1,
        max_nodes: 1024,
        threat_nodes: Some(300),
    });
    let abort = Arc::new(AtomicBool::new(false));
    // What the target knows of the game: the size of the board and the cells taken.
    let mut mirror = Parser::default();
    let mut size: Option<(usize, usize)> = None;
    let mut taken: HashSet<(usize, usize)> = HashSet::new();
    let mut out = Vec::new();
    for line in text.split('\n') {
        let command = mirror.feed(line).ok().flatten();
        out.clear();
        let go_on = brain.handle(line, &abort, &mut out);
        assert!(out.len() <= 1, "{line:?} -> {out:?}");
        let answer = out.first().map(String::as_str).unwrap_or("");
        if matches!(command, Some(Command::End)) {
            assert!(!go_on, "END must stop the brain");
            return;
        }
        assert!(go_on, "{line:?} stopped the brain");
        let ok = answer == "OK";
        // `taken` stays a subset of the brain's stones: a command that may or may not have
        // changed them (an error after a BOARD) empties it.
        match &command {
            Some(Command::Start(n)) if ok => size = Some((*n, *n)),
            Some(Command::RectStart(w, h)) if ok => size = Some((*w, *h)),
            Some(Command::Board(_)) => taken.clear(),
            Some(Command::Takeback(x, y)) => {
                taken.remove(&(*x, *y));
            }
            _ => {}
        }
        if ok
            && matches!(
                command,
                Some(Command::Start(_) | Command::RectStart(..) | Command::Restart)
            )
        {
            taken.clear();
        }
        if let Some((x, y)) = as_move(answer) {
            let (w, h) = size.expect("a move only after START");
            assert!(x < w && y < h, "{answer} off the {w}x{h} board");
            match &command {
                Some(Command::Turn(tx, ty)) => {
                    taken.insert((*tx, *ty));
                }
                Some(Command::Board(stones)) => taken.extend(stones.iter().map(|s| (s.x, s.y))),
                _ => {}
            }
            assert!(taken.insert((x, y)), "{line:?} -> {answer}: taken");
        } else {
            assert!(
                answer.is_empty()
                    || ok
                    || answer.starts_with("ERROR ")
                    || answer.starts_with("UNKNOWN ")
                    || answer.starts_with("name="),
                "{line:?} -> {answer:?}"
            );
        }
    }
});

/// A move answer `x,y`; anything else (an error message may contain commas) is `None`.
fn as_move(answer: &str) -> Option<(usize, usize)> {
    let (x, y) = answer.split_once(',')?;
    let number = |t: &str| {
        t.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| t.parse().ok())?
    };
    Some((number(x)?, number(y)?))
}
