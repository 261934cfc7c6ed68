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

use super::game::Session;
use super::SessionError;
use crate::ai::{Level, Thinker, Thought};
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
    pub fn finish_think(&mut self, done: ThinkDone) -> Result<Thought, SessionError> {
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

    #[test]
    fn jobs_are_refused_when_a_human_is_to_move_or_the_game_is_over() {
        let mut s = Session::new(config("human", "perfect")).unwrap();
        assert!(matches!(
            s.start_computer_move(),
            Err(SessionError::HumanToMove('x'))
        ));
    }
}
