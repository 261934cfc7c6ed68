//! Computer decisions that run away from the session, so that a front end can keep drawing and
//! reading keys while the computer thinks, and stop a long search.
//!
//! [`Session::start_computer_move`] (or [`Session::start_hint`]) takes out of the session what
//! the decision needs: a copy of the position, the computer's memory (its solver table) and the
//! random generator. The returned [`ThinkJob`] is `Send`: run it on any thread with
//! [`ThinkJob::run`], then hand the [`ThinkDone`] back with [`Session::finish_think`], which
//! plays the move (or returns the hint). A seeded game plays exactly the same moves this way as
//! with [`Session::computer_move`].
//!
//! Setting the job's stop flag ends the search promptly with `SearchError::Stopped`. A stopped
//! or stale answer changes nothing in the game.
//!
//! [`Session::start_ponder`] thinks on the human's time: while a human considers a move
//! against a `perfect` or `hard` computer, the job searches the human's position with the
//! computer's tables. The front end raises its stop flag when the human moves and hands the
//! job back with [`Session::finish_think`] before asking for the computer's move, which then
//! finds much of its work in the tables.

use super::game::Session;
use super::SessionError;
use crate::ai::{Level, Player, Thinker, Thought};
use crate::board::Board;
use crate::budget::Exhausted;
use crate::error::SearchError;
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What a background decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThinkPurpose {
    /// The computer's move for the side to move; [`Session::finish_think`] plays it.
    Move,
    /// A hint for a human (the perfect level's choice); nothing is played.
    Hint,
    /// Thinking on the human's time to fill the computer's tables ([`Thinker::ponder`]);
    /// nothing is played, and the tables come back even when the job was stopped or the
    /// game moved on.
    Ponder,
}

/// A computer decision ready to run on another thread.
pub struct ThinkJob {
    board: Board,
    level: Level,
    explain: bool,
    thinker: Thinker,
    rng: StdRng,
    purpose: ThinkPurpose,
    stop: Arc<AtomicBool>,
}

/// The answer of a [`ThinkJob`], to hand back to the session it came from.
pub struct ThinkDone {
    history: Vec<usize>,
    thinker: Thinker,
    rng: StdRng,
    purpose: ThinkPurpose,
    result: Result<Thought, SessionError>,
}

impl ThinkJob {
    /// The flag that stops this job's exact search (set it from any thread).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// What the job is for.
    pub fn purpose(&self) -> ThinkPurpose {
        self.purpose
    }

    /// Thinks (this is the long part); the answer goes back with [`Session::finish_think`].
    pub fn run(mut self) -> ThinkDone {
        let result = if self.stop.load(Ordering::Relaxed) {
            Err(SearchError::Stopped(Exhausted::Stopped))
        } else if self.purpose == ThinkPurpose::Ponder {
            self.thinker
                .ponder(&self.board, self.level, &mut self.rng)
                .and_then(|t| t.ok_or(SearchError::Stopped(Exhausted::Stopped)))
        } else {
            self.thinker
                .think(&self.board, self.level, self.explain, &mut self.rng)
        };
        ThinkDone {
            history: self.board.history(),
            thinker: self.thinker,
            rng: self.rng,
            purpose: self.purpose,
            result: result.map_err(SessionError::from),
        }
    }
}

impl ThinkDone {
    /// What the job was for.
    pub fn purpose(&self) -> ThinkPurpose {
        self.purpose
    }

    /// The decision, or why there is none (stopped, game over).
    pub fn result(&self) -> &Result<Thought, SessionError> {
        &self.result
    }
}

impl Session {
    /// Takes out what the computer needs to choose the move of the side to move, to run
    /// elsewhere. Refuses when the game is over or a human is to move.
    pub fn start_computer_move(&mut self) -> Result<ThinkJob, SessionError> {
        let level = self.computer_level()?;
        Ok(self.job(level, self.rng.clone(), ThinkPurpose::Move))
    }

    /// Like [`Session::hint`], to run elsewhere.
    pub fn start_hint(&mut self) -> Result<ThinkJob, SessionError> {
        self.board.unfinished().map_err(SearchError::from)?;
        let rng = StdRng::seed_from_u64(self.board.hash());
        Ok(self.job(Level::Perfect, rng, ThinkPurpose::Hint))
    }

    /// Takes out what the computer needs to think on the human's time: the position (a human
    /// to move), the tables of the computer that plays the other side, and a stop flag to
    /// raise when the human moves. `None` when there is nothing to ponder: the game is over, a
    /// computer is to move, or the other side is not a `perfect` or `hard` computer (the other
    /// levels keep no tables). The game's random generator is left alone, so pondering never
    /// changes what the computer plays.
    pub fn start_ponder(&mut self) -> Option<ThinkJob> {
        if !self.human_to_move() {
            return None;
        }
        match self.player(self.to_move().other()) {
            Player::Computer(level @ (Level::Perfect | Level::Hard)) => {
                let rng = StdRng::seed_from_u64(self.board.hash());
                Some(self.job(level, rng, ThinkPurpose::Ponder))
            }
            _ => None,
        }
    }

    fn job(&mut self, level: Level, rng: StdRng, purpose: ThinkPurpose) -> ThinkJob {
        // The session keeps a fresh thinker meanwhile; the used one (with its solver table)
        // comes back with the answer.
        let mut fresh = Thinker::new();
        fresh.set_move_clock(self.thinker.move_clock().cloned());
        let mut thinker = std::mem::replace(&mut self.thinker, fresh);
        let stop = Arc::new(AtomicBool::new(false));
        thinker.set_stop_flag(Some(stop.clone()));
        ThinkJob {
            board: self.board.clone(),
            level,
            explain: self.config.explain && purpose == ThinkPurpose::Move,
            thinker,
            rng,
            purpose,
            stop,
        }
    }

    /// Takes back a finished job: plays the computer's move (for [`ThinkPurpose::Move`]) or
    /// returns the hint. A job whose position is no longer the game's is refused with
    /// [`SessionError::Stale`]; a stopped job returns its error. Neither changes the game.
    /// A [`ThinkPurpose::Ponder`] job always gives its tables back to the session, stopped
    /// or not, whatever was played meanwhile, and returns the human's best move as the
    /// computer saw it (or why there is none).
    pub fn finish_think(&mut self, done: ThinkDone) -> Result<Thought, SessionError> {
        if done.purpose == ThinkPurpose::Ponder {
            let mut thinker = done.thinker;
            thinker.set_stop_flag(None);
            self.thinker = thinker;
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
            let a = direct.computer_move().unwrap();
            let job = jobs.start_computer_move().unwrap();
            let handle = std::thread::spawn(move || job.run());
            let b = jobs.finish_think(handle.join().unwrap()).unwrap();
            assert_eq!(a, b);
        }
        assert_eq!(direct.moves(), jobs.moves());
    }

    #[test]
    fn a_stopped_job_changes_nothing() {
        let mut s = Session::new(config("perfect", "perfect")).unwrap();
        let job = s.start_computer_move().unwrap();
        job.stop_flag().store(true, Ordering::Relaxed);
        let err = s.finish_think(job.run()).unwrap_err();
        assert!(err.to_string().contains("stop"), "{err}");
        assert!(s.moves().is_empty());
        // The session still plays afterwards.
        s.computer_move().unwrap();
    }

    #[test]
    fn a_stale_answer_is_dropped() {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        s.play(5).unwrap();
        let job = s.start_computer_move().unwrap();
        let done = job.run();
        s.restart();
        assert_eq!(s.finish_think(done), Err(SessionError::Stale));
        assert!(s.moves().is_empty());
    }

    #[test]
    fn hints_in_the_background_equal_hints_in_place() {
        let mut s = Session::new(config("human", "human")).unwrap();
        s.play(0).unwrap();
        let direct = s.hint().unwrap();
        let job = s.start_hint().unwrap();
        assert_eq!(job.purpose(), ThinkPurpose::Hint);
        let done = job.run();
        let hint = s.finish_think(done).unwrap();
        // The node count differs: the second search reuses the first one's table.
        assert_eq!(
            (hint.cell, hint.best, hint.verdict),
            (direct.cell, direct.best, direct.verdict)
        );
        assert_eq!(s.moves(), vec![0]);
    }

    /// A game of a human (x) against `perfect` (o) on 4x4/4 two moves in, past the opening
    /// book, with x to move.
    fn past_the_book() -> Session {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        s.play(5).unwrap();
        s.computer_move().unwrap();
        s
    }

    #[test]
    fn after_a_ponder_the_reply_to_the_expected_move_comes_from_the_tables() {
        let mut pondered = past_the_book();
        let mut cold = past_the_book();
        assert_eq!(pondered.moves(), cold.moves());
        let job = pondered.start_ponder().expect("a human against perfect");
        assert_eq!(job.purpose(), ThinkPurpose::Ponder);
        // Run to its end on another thread, as a front end does.
        let done = std::thread::spawn(move || job.run()).join().unwrap();
        let expected = pondered.finish_think(done).unwrap();
        assert_eq!(expected.method, crate::ai::Method::Exact);
        // Pondering plays nothing.
        assert_eq!(pondered.moves(), cold.moves());
        pondered.play(expected.cell).unwrap();
        cold.play(expected.cell).unwrap();
        let warm = pondered.computer_move().unwrap();
        let fresh = cold.computer_move().unwrap();
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
        let job = s.start_ponder().unwrap();
        // The human moves: the front end raises the flag and takes the job back.
        job.stop_flag().store(true, Ordering::Relaxed);
        let done = job.run();
        assert!(matches!(
            s.finish_think(done),
            Err(SessionError::Search(SearchError::Stopped(_)))
        ));
        s.play(s.board().legal_moves()[0]).unwrap();
        // The thinker came back without the raised flag: the computer still plays.
        s.computer_move().unwrap();
        // A stopped ponder handed back after the game moved on is not stale either.
        let job = s.start_ponder().unwrap();
        let done = std::thread::spawn(move || job.run()).join().unwrap();
        s.play(s.board().legal_moves()[0]).unwrap();
        assert!(s.finish_think(done).is_ok());
        s.computer_move().unwrap();
    }

    #[test]
    fn there_is_nothing_to_ponder_without_a_human_to_move_or_a_level_with_tables() {
        let mut s = Session::new(config("human", "random")).unwrap();
        assert!(s.start_ponder().is_none());
        let mut s = Session::new(config("human", "depth:2")).unwrap();
        assert!(s.start_ponder().is_none());
        let mut s = Session::new(config("perfect", "human")).unwrap();
        assert!(s.start_ponder().is_none(), "the computer is to move");
        s.computer_move().unwrap();
        assert!(s.start_ponder().is_some());
        let mut s = Session::new(config("human", "hard")).unwrap();
        assert!(s.start_ponder().is_some());
    }

    #[test]
    fn jobs_are_refused_when_a_human_is_to_move_or_the_game_is_over() {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        assert!(matches!(
            s.start_computer_move(),
            Err(SessionError::HumanToMove('x'))
        ));
    }
}
