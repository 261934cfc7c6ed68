//! The `hard` level on every board: the threat-pattern search of [`crate::gomoku`] (line
//! patterns kept up to date move by move, VCF to win and to defend, iterative-deepening PVS)
//! within the move's budget. `perfect` plays it too wherever the exact solver cannot answer.

use super::thought::{Candidate, Method, Thought};
use crate::board::Board;
use crate::budget::{Budget, Exhausted};
use crate::error::SearchError;
use crate::gomoku::{Limits, Searcher, State, DEFAULT_HASH_MIB};
use crate::score::Verdict;

/// The `hard` player a thinker keeps: the search with its table, kept across moves.
pub struct HardPlayer {
    searcher: Option<Searcher>,
    /// Overlines do not win (exact-K) when set; the session's boards are freestyle.
    pub exact: bool,
}

impl Default for HardPlayer {
    fn default() -> Self {
        HardPlayer {
            searcher: None,
            exact: false,
        }
    }
}

impl HardPlayer {
    /// Frees the search table (the next move builds a new one).
    pub fn release_table(&mut self) {
        self.searcher = None;
    }

    /// Chooses a move on `board` within `budget`: a raised stop flag cancels (nothing is
    /// played, as with every computer move); nodes and the deadline only cut the search short
    /// (the best move of the last finished iteration is played).
    pub fn think(&mut self, board: &Board, budget: &Budget) -> Result<Thought, SearchError> {
        let mut state = match board {
            Board::Small(p) => State::from_position(p, self.exact),
            Board::Wide(p) => State::from_position(p, self.exact),
        };
        let searcher = self
            .searcher
            .get_or_insert_with(|| Searcher::new(DEFAULT_HASH_MIB / 2));
        let limits = Limits {
            max_depth: 64,
            budget,
        };
        board.unfinished()?;
        let Some(report) = searcher.search(&mut state, &limits) else {
            unreachable!("the search answers every unfinished position");
        };
        if budget.is_stopped() {
            return Err(SearchError::Stopped(Exhausted::Stopped));
        }
        let verdict = Verdict::from_score(report.score, board.stone_count(), false);
        Ok(Thought {
            cell: report.best,
            best: vec![report.best],
            verdict: Some(verdict),
            candidates: vec![Candidate {
                cell: report.best,
                verdict,
            }],
            nodes: report.nodes,
            method: Method::Search {
                depth: report.depth,
            },
        })
    }
}
