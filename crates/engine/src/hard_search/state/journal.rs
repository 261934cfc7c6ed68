//! Taking a move back by the book: [`State::play`] writes down what its stone changed (the
//! old patterns of each cell it touched, and the counts and threat cells as they were), and
//! [`State::undo`] puts them back, instead of working every pattern out again. Looking a
//! pattern up costs a read of a large table, so a take-back that only copies is cheaper:
//! play and take-back are most of the search's time.

use super::State;
use crate::hard_search::cell_class::CELL_CLASSES;
use crate::hard_search::pattern::{Pattern, PATTERNS};
use crate::side::Side;

/// What one [`State::play`] changed, besides the patterns in [`Journal::patterns`].
#[derive(Clone)]
pub(super) struct Frame {
    /// How many moves the history held after this one: the frame belongs to the move on top
    /// of the history only when this matches.
    ply: usize,
    /// Where this move's entries start in [`Journal::patterns`] and [`Journal::threats`].
    patterns_from: usize,
    threats_from: usize,
    counts: [[i32; PATTERNS]; 2],
    classes: [[i32; CELL_CLASSES]; 2],
    winner: Option<Side>,
}

/// The record of the moves played since the last stone set up by hand.
#[derive(Clone, Default)]
pub(super) struct Journal {
    /// Whether the stone being placed is a move of [`State::play`] (recorded) or one set up
    /// by [`State::place`] (not: it cannot be taken back by the book).
    pub(super) recording: bool,
    frames: Vec<Frame>,
    /// The old patterns (both sides) of a cell along one direction, before a change.
    patterns: Vec<(u16, u8, [Pattern; 2])>,
    /// The threat cells' words of both sides before each move, one after the other.
    threats: Vec<u64>,
}

impl Journal {
    /// Notes the patterns of `cell` along `dir` before they change.
    #[inline]
    pub(super) fn note(&mut self, cell: usize, dir: usize, old: [Pattern; 2]) {
        if self.recording {
            self.patterns.push((cell as u16, dir as u8, old));
        }
    }

    /// Forgets everything: the moves played so far are taken back the slow way.
    pub(super) fn clear(&mut self) {
        self.frames.clear();
        self.patterns.clear();
        self.threats.clear();
    }
}

impl State {
    /// Opens the journal's frame of the move about to be played.
    pub(super) fn open_frame(&mut self) {
        let journal = &mut self.journal;
        journal.frames.push(Frame {
            ply: self.history.len() + 1,
            patterns_from: journal.patterns.len(),
            threats_from: journal.threats.len(),
            counts: self.counts,
            classes: self.classes,
            winner: self.winner,
        });
        for side in &self.threat_cells {
            journal.threats.extend_from_slice(side);
        }
        journal.recording = true;
    }

    /// Takes back the stone on `cell`, the last move, from the journal; `false` (and nothing
    /// changed) when the journal has no frame for it.
    pub(super) fn restore(&mut self, cell: usize) -> bool {
        let ply = self.history.len() + 1;
        let journal = &mut self.journal;
        if journal.frames.last().is_none_or(|f| f.ply != ply) {
            return false;
        }
        let Some(frame) = journal.frames.pop() else {
            return false;
        };
        for (q, d, old) in journal.patterns.drain(frame.patterns_from..).rev() {
            let pats = &mut self.pats[q as usize];
            pats[0][d as usize] = old[0];
            pats[1][d as usize] = old[1];
        }
        let words = self.threat_cells[0].len();
        for (s, side) in self.threat_cells.iter_mut().enumerate() {
            let from = frame.threats_from + s * words;
            side.copy_from_slice(&journal.threats[from..from + words]);
        }
        journal.threats.truncate(frame.threats_from);
        self.counts = frame.counts;
        self.classes = frame.classes;
        self.winner = frame.winner;
        let was = self.lift(cell);
        self.update_lines(cell, was, false);
        true
    }
}
