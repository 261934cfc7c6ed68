//! Computer decisions that run away from the session, so that a front end can keep drawing,
//! reading keys or answering requests while the computer thinks, and stop a long search.
//!
//! [`Session::start_computer_move`] (or [`Session::start_hint`]) takes out of the session what
//! the decision needs (a copy of the position, the computer's memory with its tables, the
//! seed of its choices) and starts it on a thread of its own, returning a [`Handle`] to stop,
//! poll and join it. The [`ThinkDone`] it joins to goes back with [`Session::finish_think`],
//! which plays the move (or returns the hint). A seeded game plays exactly the same moves this
//! way as with [`Session::computer_move`].
//!
//! Stopping the handle ends the search promptly with `SearchError::Stopped`. A stopped or
//! stale answer changes nothing in the game.
//!
//! [`Session::start_ponder`] thinks on the human's time: while a human considers a move
//! against a `perfect` or `hard` computer, the computer searches the human's position with its
//! tables. The front end stops the handle when the human moves and hands the answer back with
//! [`Session::finish_think`] before asking for the computer's move, which then finds much of
//! its work in the tables.

use super::game::{hint_go, Session};
use super::handle::Handle;
use super::SessionError;
use crate::ai::{Level, Player, Thinker, Thought};
use crate::error::SearchError;
use crate::Go;
use rand::rngs::StdRng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What a background decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkPurpose {
    /// The computer's move for the side to move; [`Session::finish_think`] plays it.
    Move,
    /// A hint for a human (the perfect level's choice); nothing is played.
    Hint,
    /// Thinking on the human's time to fill the computer's tables ([`Thinker::ponder`]);
    /// nothing is played, and the tables come back even when it was stopped or the game
    /// moved on.
    Ponder,
}

/// The answer of a background decision, to hand back to the session it came from.
pub struct ThinkDone {
    history: Vec<usize>,
    thinker: Thinker,
    /// The game's generator after the decision drew its seed (kept only if it is played).
    rng: StdRng,
    purpose: ThinkPurpose,
    result: Result<Thought, SessionError>,
}

impl ThinkDone {
    /// What the decision was for.
    pub fn purpose(&self) -> ThinkPurpose {
        self.purpose
    }

    /// The decision, or why there is none (stopped, game over).
    pub fn result(&self) -> &Result<Thought, SessionError> {
        &self.result
    }
}

impl Session {
    /// Starts the computer's choice of the move of the side to move, within what `go`
    /// allows, on a thread of its own. Refuses when the game is over or a human is to move.
    pub fn start_computer_move(&mut self, go: Go) -> Result<Handle<ThinkDone>, SessionError> {
        let level = self.computer_level()?;
        let (go, rng) = self.move_go(go);
        Ok(self.start(level, go, rng, ThinkPurpose::Move))
    }

    /// Like [`Session::hint`], on a thread of its own.
    pub fn start_hint(&mut self, go: Go) -> Result<Handle<ThinkDone>, SessionError> {
        self.board.unfinished().map_err(SearchError::from)?;
        let rng = self.rng.clone();
        Ok(self.start(Level::Perfect, hint_go(go), rng, ThinkPurpose::Hint))
    }

    /// Starts thinking on the human's time: the position (a human to move) searched with the
    /// tables of the computer that plays the other side, until `go`'s stop handle (or the
    /// returned handle) is raised. `None` when there is nothing to ponder: the game is over, a
    /// computer is to move, or the other side is not a `perfect` or `hard` computer (the
    /// other levels keep no tables). The game's random generator is left alone, so pondering
    /// never changes what the computer plays.
    pub fn start_ponder(&mut self, go: Go) -> Option<Handle<ThinkDone>> {
        if !self.human_to_move() {
            return None;
        }
        match self.player(self.to_move().other()) {
            Player::Computer(level @ (Level::Perfect | Level::Hard)) => {
                let rng = self.rng.clone();
                Some(self.start(level, hint_go(go), rng, ThinkPurpose::Ponder))
            }
            _ => None,
        }
    }

    fn start(
        &mut self,
        level: Level,
        go: Go,
        rng: StdRng,
        purpose: ThinkPurpose,
    ) -> Handle<ThinkDone> {
        let stop = go
            .stop_flag()
            .cloned()
            .unwrap_or_else(|| Arc::new(AtomicBool::new(false)));
        let go = go.with_stop(stop.clone());
        // The session keeps a fresh thinker meanwhile; the used one (with its tables) comes
        // back with the answer.
        let mut thinker = std::mem::take(&mut self.thinker);
        let board = self.board.clone();
        Handle::spawn(stop, move || {
            let result = match purpose {
                ThinkPurpose::Ponder => thinker
                    .ponder(&board, level, &go)
                    .and_then(|t| t.ok_or(SearchError::Stopped(crate::Exhausted::Stopped))),
                _ => thinker.think(&board, level, &go),
            };
            ThinkDone {
                history: board.history(),
                thinker,
                rng,
                purpose,
                result: result.map_err(SessionError::from),
            }
        })
    }

    /// Takes back a finished decision: plays the computer's move (for
    /// [`ThinkPurpose::Move`]) or returns the hint. A decision whose position is no longer the
    /// game's is refused with [`SessionError::Stale`]; a stopped one returns its error.
    /// Neither changes the game. A [`ThinkPurpose::Ponder`] decision always gives its tables
    /// back to the session, stopped or not, whatever was played meanwhile, and returns the
    /// human's best move as the computer saw it (or why there is none).
    pub fn finish_think(&mut self, done: ThinkDone) -> Result<Thought, SessionError> {
        if done.purpose == ThinkPurpose::Ponder {
            self.thinker = done.thinker;
            return done.result;
        }
        let thought = done.result?;
        if done.history != self.board.history() {
            return Err(SessionError::Stale);
        }
        // Only a search that ran to its end leaves the solver's table in a known state.
        self.thinker = done.thinker;
        if done.purpose == ThinkPurpose::Move {
            self.board.play(thought.cell)?;
            self.rng = done.rng;
        }
        Ok(thought)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::SessionConfig;
    use crate::Rules;

    fn config(x: &str, o: &str) -> SessionConfig {
        SessionConfig {
            rules: Rules::new(4, 4, Some(4)).unwrap(),
            x: x.parse().unwrap(),
            o: o.parse().unwrap(),
            seed: 7,
            ..SessionConfig::default()
        }
    }

    #[test]
    fn background_moves_match_the_synchronous_game() {
        let mut direct = Session::new(config("random", "perfect")).unwrap();
        let mut jobs = Session::new(config("random", "perfect")).unwrap();
        while !direct.is_over() {
            let a = direct.computer_move(&Go::default()).unwrap();
            let handle = jobs.start_computer_move(Go::default()).unwrap();
            let b = jobs.finish_think(handle.join()).unwrap();
            assert_eq!(a, b);
        }
        assert_eq!(direct.moves(), jobs.moves());
    }

    #[test]
    fn a_stopped_job_changes_nothing() {
        let mut s = Session::new(config("perfect", "perfect")).unwrap();
        let stop = Arc::new(AtomicBool::new(true));
        let job = s
            .start_computer_move(Go::default().with_stop(stop))
            .unwrap();
        let err = s.finish_think(job.join()).unwrap_err();
        assert!(err.to_string().contains("stop"), "{err}");
        assert!(s.moves().is_empty());
        // The session still plays afterwards.
        s.computer_move(&Go::default()).unwrap();
    }

    #[test]
    fn a_stale_answer_is_dropped() {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        s.play(5).unwrap();
        let job = s.start_computer_move(Go::default()).unwrap();
        let done = job.join();
        s.restart();
        assert_eq!(s.finish_think(done), Err(SessionError::Stale));
        assert!(s.moves().is_empty());
    }

    #[test]
    fn hints_in_the_background_equal_hints_in_place() {
        let mut s = Session::new(config("human", "human")).unwrap();
        s.play(0).unwrap();
        let direct = s.hint(&Go::default()).unwrap();
        let job = s.start_hint(Go::default()).unwrap();
        let done = job.join();
        assert_eq!(done.purpose(), ThinkPurpose::Hint);
        let hint = s.finish_think(done).unwrap();
        // The node count differs: the second search reuses the first one's table.
        assert_eq!(
            (hint.cell, hint.best, hint.verdict),
            (direct.cell, direct.best, direct.verdict)
        );
        assert_eq!(s.moves(), vec![0]);
    }

    /// A game of a human (x) against `perfect` (o) on 6x5/4 two moves in, past the opening
    /// book, with x to move. A first-player win, so the proof search hands each move to the
    /// solver, whose table the ponder fills (a draw such as 4x4/4's the proof search settles
    /// in a few nodes, ponder or not).
    fn past_the_book() -> Session {
        let mut s = Session::new(SessionConfig {
            rules: Rules::new(6, 5, Some(4)).unwrap(),
            ..config("human", "perfect")
        })
        .unwrap();
        s.play(14).unwrap();
        s.computer_move(&Go::default()).unwrap();
        s
    }

    #[test]
    fn after_a_ponder_the_reply_to_the_expected_move_comes_from_the_tables() {
        let mut pondered = past_the_book();
        let mut cold = past_the_book();
        assert_eq!(pondered.moves(), cold.moves());
        let job = pondered
            .start_ponder(Go::default())
            .expect("a human against perfect");
        // Run to its end on its thread, as a front end lets it.
        let done = job.join();
        assert_eq!(done.purpose(), ThinkPurpose::Ponder);
        let expected = pondered.finish_think(done).unwrap();
        assert_eq!(expected.method, crate::ai::Method::Exact);
        // Pondering plays nothing.
        assert_eq!(pondered.moves(), cold.moves());
        pondered.play(expected.cell).unwrap();
        cold.play(expected.cell).unwrap();
        let warm = pondered.computer_move(&Go::default()).unwrap();
        let fresh = cold.computer_move(&Go::default()).unwrap();
        // The same move and value (the ponder left the game's generator alone), found with
        // far fewer nodes.
        assert_eq!((warm.cell, warm.verdict), (fresh.cell, fresh.verdict));
        assert!(
            warm.nodes * 2 < fresh.nodes,
            "{} nodes after a ponder, {} without",
            warm.nodes,
            fresh.nodes
        );
    }

    #[test]
    fn a_stopped_ponder_gives_its_tables_back_and_the_game_goes_on() {
        let mut s = past_the_book();
        // The human moves at once: the front end stops the ponder and takes it back.
        let stopped = Go::default().with_stop(Arc::new(AtomicBool::new(true)));
        let job = s.start_ponder(stopped).unwrap();
        let done = job.join();
        assert!(matches!(
            s.finish_think(done),
            Err(SessionError::Search(SearchError::Stopped(_)))
        ));
        s.play(s.board().legal_moves()[0]).unwrap();
        // The thinker came back without the raised flag: the computer still plays.
        s.computer_move(&Go::default()).unwrap();
        // A stopped ponder handed back after the game moved on is not stale either.
        let job = s.start_ponder(Go::default()).unwrap();
        let done = job.join();
        s.play(s.board().legal_moves()[0]).unwrap();
        assert!(s.finish_think(done).is_ok());
        s.computer_move(&Go::default()).unwrap();
    }

    #[test]
    fn there_is_nothing_to_ponder_without_a_human_to_move_or_a_level_with_tables() {
        let mut s = Session::new(config("human", "random")).unwrap();
        assert!(s.start_ponder(Go::default()).is_none());
        let mut s = Session::new(config("human", "depth:2")).unwrap();
        assert!(s.start_ponder(Go::default()).is_none());
        let mut s = Session::new(config("perfect", "human")).unwrap();
        assert!(
            s.start_ponder(Go::default()).is_none(),
            "the computer is to move"
        );
        s.computer_move(&Go::default()).unwrap();
        assert!(s.start_ponder(Go::default()).is_some());
        let mut s = Session::new(config("human", "hard")).unwrap();
        assert!(s.start_ponder(Go::default()).is_some());
    }

    #[test]
    fn jobs_are_refused_when_a_human_is_to_move_or_the_game_is_over() {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        assert!(matches!(
            s.start_computer_move(Go::default()),
            Err(SessionError::HumanToMove('x'))
        ));
    }
}
