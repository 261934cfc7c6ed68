//! The app's background searches: the computer's move, the hint, the ponder and the
//! analysis overlay, each started as an [`Effect`] and matched to its answer by id, so that an
//! answer for a position the game has left is dropped.

use super::{upper, Analysis, App, Effect, LastMove, Overlay, Pending};
use crate::lang::fill;
use crate::settings::PACES_MS;
use mnk_engine::ai;
use mnk_engine::session::{Handle, ThinkDone, ThinkPurpose};
use mnk_engine::{SearchError, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

impl App {
    /// Stops the computer's search and pauses it, so that it does not start again at once.
    pub(super) fn cancel_search(&mut self) {
        if let Some(p) = self.pending.take() {
            p.stop.store(true, Ordering::Relaxed);
            if p.purpose == ThinkPurpose::Move {
                self.paused = true;
                self.message = self.t().search_stopped.into();
            } else {
                self.message = self.t().hint_stopped.into();
            }
        } else if matches!(self.analysis, Analysis::Running { .. }) {
            self.stop_analysis();
            self.analysis = Analysis::Off;
            self.message = self.t().analysis_stopped.into();
        }
    }

    pub(super) fn stop_analysis(&mut self) {
        if let Some(stop) = self.analysis_stop.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    pub(super) fn cancel_all(&mut self) {
        if let Some(p) = self.pending.take() {
            p.stop.store(true, Ordering::Relaxed);
        }
        // The game may change board: the ponder's tables are not taken back.
        self.stop_ponder();
        self.pondering = None;
        self.pondered = None;
        self.stop_analysis();
        if self.analysis != Analysis::Off {
            self.analysis = Analysis::Unavailable(String::new());
        }
    }

    /// Clears what belonged to the previous position.
    pub(super) fn after_move(&mut self) {
        self.hint = None;
        if let Some(p) = &self.pending {
            if p.purpose == ThinkPurpose::Hint {
                p.stop.store(true, Ordering::Relaxed);
                self.pending = None;
            }
        }
    }

    pub(super) fn start(
        &mut self,
        purpose: ThinkPurpose,
        thinking: Handle<ThinkDone>,
        effects: &mut Vec<Effect>,
    ) {
        self.next_id += 1;
        self.pending = Some(Pending {
            id: self.next_id,
            purpose,
            stop: thinking.stop_flag(),
            started: self.now,
        });
        effects.push(Effect::Think {
            id: self.next_id,
            thinking: Box::new(thinking),
        });
    }

    /// Starts the computer's move and the analysis when they are due.
    pub(super) fn schedule(&mut self, effects: &mut Vec<Effect>) {
        if self.analysis != Analysis::Off && self.overlay == Overlay::None {
            self.schedule_analysis(effects);
        }
        self.schedule_ponder(effects);
        if !self.started
            || self.paused
            || self.pending.is_some()
            || !self.session.computer_to_move()
        {
            return;
        }
        if self.pondering.is_some() {
            // The human moved: the ponder stops, and the move waits for its tables.
            self.stop_ponder();
            return;
        }
        let both =
            !self.session.player(Side::X).is_human() && !self.session.player(Side::O).is_human();
        if both && self.session.board().stone_count() > 0 {
            let due = *self
                .due
                .get_or_insert(self.now + Duration::from_millis(PACES_MS[self.pace]));
            if self.now < due {
                return;
            }
        }
        self.due = None;
        match self.session.start_computer_move(self.go.clone()) {
            Ok(thinking) => self.start(ThinkPurpose::Move, thinking, effects),
            Err(err) => self.message = self.refused(&err),
        }
    }

    /// Starts thinking on the human's time when pondering is on, a human is to move against
    /// a computer that keeps tables, and this position has not been pondered yet.
    pub(super) fn schedule_ponder(&mut self, effects: &mut Vec<Effect>) {
        let moves = self.session.moves();
        if !self.ponder
            || !self.started
            || self.pondering.is_some()
            || self.pending.is_some()
            || self.pondered.as_ref() == Some(&moves)
        {
            return;
        }
        if let Some(thinking) = self.session.start_ponder(self.go.clone()) {
            self.next_id += 1;
            self.pondering = Some((self.next_id, thinking.stop_flag()));
            self.pondered = Some(moves);
            effects.push(Effect::Think {
                id: self.next_id,
                thinking: Box::new(thinking),
            });
        }
    }

    pub(super) fn schedule_analysis(&mut self, effects: &mut Vec<Effect>) {
        let moves = self.session.moves();
        let current = match &self.analysis {
            Analysis::Running { moves: m, .. } | Analysis::Ready { moves: m, .. } => *m == moves,
            _ => false,
        };
        if current {
            return;
        }
        self.stop_analysis();
        let board = self.session.board();
        if board.is_over() {
            self.analysis = Analysis::Unavailable(self.t().game_over.into());
        } else {
            self.next_id += 1;
            let stop = Arc::new(AtomicBool::new(false));
            self.analysis_stop = Some(stop.clone());
            self.analysis = Analysis::Running {
                id: self.next_id,
                moves,
            };
            effects.push(Effect::Analyze {
                id: self.next_id,
                board: Box::new(board.clone()),
                stop,
            });
        }
    }

    pub(super) fn thought(&mut self, id: u64, done: Box<ThinkDone>, elapsed: Duration) {
        if self.pondering.as_ref().map(|p| p.0) == Some(id) {
            // Stopped or finished, the ponder gives its tables back; it plays nothing.
            self.pondering = None;
            let _ = self.session.finish_think(*done);
            return;
        }
        // An answer nobody waits for any more (stopped, or the game moved on) is dropped.
        if self.pending.as_ref().map(|p| p.id) != Some(id) {
            return;
        }
        self.pending = None;
        let side = self.session.to_move();
        let purpose = done.purpose();
        match self.session.finish_think(*done) {
            Ok(thought) => {
                let name = self.session.board().cell_name(thought.cell);
                if purpose == ThinkPurpose::Hint {
                    let verdict = thought
                        .verdict
                        .map_or(String::new(), |v| format!(" ({})", self.lang.verdict(v)));
                    self.message =
                        fill(self.t().hint_line, &[("cell", &name), ("value", &verdict)]);
                    self.hint = Some((thought.best.clone(), thought.verdict));
                    self.cursor = thought.cell;
                    return;
                }
                self.after_move();
                self.last = Some(LastMove {
                    side,
                    name: name.clone(),
                    verdict: thought.verdict,
                    proven: matches!(thought.method, ai::Method::Exact | ai::Method::Threats),
                    nodes: thought.nodes,
                    elapsed,
                });
                self.message = fill(self.t().played, &[("side", &upper(side)), ("cell", &name)]);
                if !self.session.player(side.other()).is_human() {
                    self.due = Some(self.now + Duration::from_millis(PACES_MS[self.pace]));
                }
                if self.session.is_over() {
                    self.message = self.result_text();
                }
            }
            Err(err) => self.message = fill(self.t().computer_failed, &[("why", &err)]),
        }
    }

    pub(super) fn analysed(&mut self, id: u64, result: Result<ai::Analysis, SearchError>) {
        let Analysis::Running { id: want, moves } = &self.analysis else {
            return;
        };
        if *want != id {
            return;
        }
        self.analysis_stop = None;
        self.analysis = match result {
            Ok(analysis) => Analysis::Ready {
                moves: moves.clone(),
                values: analysis.moves.iter().map(|m| (m.cell, m.verdict)).collect(),
                exact: analysis.kind == ai::AnalysisKind::Exact,
            },
            Err(err) => Analysis::Unavailable(self.refused(&err)),
        };
    }
}
