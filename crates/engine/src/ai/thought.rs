//! What a computer player decided and why: the move, every equally good move, its value
//! (proven or estimated) and the work it took.

use crate::score::Verdict;

/// How a move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact solver: values are proven.
    Exact,
    /// Alpha-beta to this depth; values without a proven result are estimates.
    Search {
        /// Plies searched before estimating.
        depth: u32,
    },
    /// A forced result the threat search proved before any tree search: a line completed
    /// now, a win by continuous fours and threes (its plies are at most the distance given),
    /// or two threats of the opponent that no move stops.
    Threats,
    /// A random legal move; nothing was searched.
    Random,
}

/// The value of one candidate move, for the side that plays it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The cell.
    pub cell: usize,
    /// Win/loss in n plies (counted from before the move), draw, or an estimate.
    pub verdict: Verdict,
}

/// What the computer decided, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move chosen.
    pub cell: usize,
    /// Every move as good as the chosen one, in cell order.
    pub best: Vec<usize>,
    /// The chosen move's value for the side that plays it (`None` for a random move).
    pub verdict: Option<Verdict>,
    /// With `explain`: every move considered, best first; empty otherwise.
    pub candidates: Vec<Candidate>,
    /// With `explain`: moves proven to lose whose distance was not measured in time, so left
    /// out of `candidates` (`perfect` on a draw the proof search proved, when the solver does
    /// not value every losing move within the move's time); empty otherwise.
    pub unmeasured_losses: Vec<usize>,
    /// Nodes searched for this decision.
    pub nodes: u64,
    /// How the move was chosen.
    pub method: Method,
}
