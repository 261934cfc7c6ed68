//! A node budget for the textbook searches, which have no stop flag of their own: once the
//! budget is spent the wrapped game pretends every further node ends the game, so the search
//! unwinds in a few steps and the caller, seeing [`Budgeted::exceeded`], throws the result
//! away. The searches themselves are untouched; within the budget they run exactly as usual.

use crate::score::Score;
use crate::search::Game;

/// A game that stops being explored after `limit` moves have been played into it.
pub struct Budgeted<G> {
    /// The game searched.
    pub game: G,
    limit: u64,
    played: u64,
}

impl<G> Budgeted<G> {
    /// Wraps `game`, allowing `limit` moves to be played (the searches count one node per
    /// move plus the root, so this is a budget of `limit + 1` nodes).
    pub fn new(game: G, limit: u64) -> Self {
        Budgeted {
            game,
            limit,
            played: 0,
        }
    }

    /// Whether the budget ran out: then the search's result means nothing.
    pub fn exceeded(&self) -> bool {
        self.played > self.limit
    }
}

impl<G: Game> Game for Budgeted<G> {
    type Move = G::Move;

    fn moves(&self, out: &mut Vec<G::Move>) {
        self.game.moves(out);
    }

    fn play(&mut self, mv: G::Move) {
        self.played += 1;
        self.game.play(mv);
    }

    fn undo(&mut self) {
        self.game.undo();
    }

    fn maximizing(&self) -> bool {
        self.game.maximizing()
    }

    fn terminal_value(&self) -> Option<Score> {
        if self.exceeded() {
            // Spent: every node from here on is a leaf, so the search winds down at once.
            return Some(0);
        }
        self.game.terminal_value()
    }

    fn heuristic_value(&self) -> Score {
        self.game.heuristic_value()
    }
}
