//! Scores. Exact results carry their distance: a win that ends the game when the board holds
//! `n` stones scores `MATE - n`, a loss `-(MATE - n)`, a draw 0. Because every path to an
//! m,n,k position has the same length (its stone count), such a score depends on the position
//! alone, so a transposition table may store it as it is: it is already relative to the node.
//! Heuristic scores live strictly inside `(-HEURISTIC_LIMIT, HEURISTIC_LIMIT)`, below every
//! exact win, so a found win always beats an estimate.

/// A search score (from the point of view the search states).
///
/// ```
/// use mnk_engine::{Score, Verdict};
///
/// // A score of 0 is a proven draw only when the search was exact.
/// let zero: Score = 0;
/// assert_eq!(Verdict::from_score(zero, 4, true), Verdict::Draw);
/// assert_eq!(Verdict::from_score(zero, 4, false), Verdict::Estimate(0));
/// ```
pub type Score = i32;

/// The score of a win on an empty board (never reached: a win needs a stone).
pub const MATE: Score = 30_000;

/// Every heuristic score is strictly inside this bound; every exact win or loss outside it.
pub const HEURISTIC_LIMIT: Score = MATE - 1_000;

/// More than any score.
pub const INFINITY: Score = MATE + 1;

/// The score for the side that completes a line when the board then holds `stones` stones.
#[inline]
pub fn win_score(stones: usize) -> Score {
    MATE - stones as Score
}

/// Whether a score is a proven win or loss.
#[inline]
pub fn is_decisive(score: Score) -> bool {
    score.abs() > HEURISTIC_LIMIT
}

/// What a score from a fail-soft alpha-beta search says about the true value, and so how a
/// transposition table may use it.
///
/// ```
/// use mnk_engine::Bound;
///
/// // A score at or above beta is only a lower bound on the true value.
/// assert_eq!(Bound::of(5, -1, 3), Bound::Lower);
/// assert!(Bound::Lower.settles(5, -1, 3));
/// assert!(!Bound::Lower.settles(2, -1, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exactly the score.
    Exact,
    /// The value is at least the score.
    Lower,
    /// The value is at most the score.
    Upper,
}

impl Bound {
    /// What `score`, found by a search of the window (`alpha`, `beta`), establishes.
    #[inline]
    pub fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score <= alpha {
            Bound::Upper
        } else if score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    /// Whether a stored `score` with this bound settles a node searched in (`alpha`, `beta`).
    #[inline]
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// A number of plies (single moves).
///
/// ```
/// use mnk_engine::{Plies, Verdict};
///
/// let three: Plies = 3;
/// assert_eq!(Verdict::Win(three).plies(), Some(3));
/// assert_eq!(Verdict::Win(three).to_string(), "win in 3 plies");
/// ```
pub type Plies = u32;

/// What a score means, seen from a position holding `stones` stones.
///
/// ```
/// use mnk_engine::Verdict;
///
/// // A move's value seen from the position it leads to, and back.
/// let after = Verdict::Loss(2);
/// assert_eq!(after.before_move(), Verdict::Win(3));
/// assert_eq!(Verdict::Win(3).after_move(), after);
/// assert!(Verdict::Win(1).rank() > Verdict::Win(5).rank());
/// assert_eq!(Verdict::Estimate(12).word(), "estimate");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The side the score belongs to wins in this many plies.
    Win(Plies),
    /// Best play on both sides fills the board without a line.
    Draw,
    /// The side the score belongs to loses in this many plies.
    Loss(Plies),
    /// A heuristic estimate from a depth-limited search (positive favours the side).
    Estimate(Score),
}

impl Verdict {
    /// Reads a score; `exact` says whether a 0 is a proven draw or an estimate.
    pub fn from_score(score: Score, stones: usize, exact: bool) -> Verdict {
        if is_decisive(score) {
            let plies = (MATE - score.abs()) as usize - stones;
            if score > 0 {
                Verdict::Win(plies as Plies)
            } else {
                Verdict::Loss(plies as Plies)
            }
        } else if exact {
            Verdict::Draw
        } else {
            Verdict::Estimate(score)
        }
    }

    /// The verdict for the other side.
    pub fn flipped(self) -> Verdict {
        match self {
            Verdict::Win(p) => Verdict::Loss(p),
            Verdict::Loss(p) => Verdict::Win(p),
            Verdict::Draw => Verdict::Draw,
            Verdict::Estimate(s) => Verdict::Estimate(-s),
        }
    }

    /// The value of a move for the side that plays it, from the value of the position it leads
    /// to (`self`, for the side to move there): the other side's view, one ply further.
    pub fn before_move(self) -> Verdict {
        match self.flipped() {
            Verdict::Win(p) => Verdict::Win(p + 1),
            Verdict::Loss(p) => Verdict::Loss(p + 1),
            other => other,
        }
    }

    /// The value of the position a move leads to, for the side to move there, from the move's
    /// value for the side that played it (`self`): the inverse of [`Verdict::before_move`].
    pub fn after_move(self) -> Verdict {
        match self.flipped() {
            Verdict::Win(p) => Verdict::Win(p.saturating_sub(1)),
            Verdict::Loss(p) => Verdict::Loss(p.saturating_sub(1)),
            other => other,
        }
    }

    /// `"win"`, `"draw"`, `"loss"` or `"estimate"`, as in the JSON contract.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Win(_) => "win",
            Verdict::Draw => "draw",
            Verdict::Loss(_) => "loss",
            Verdict::Estimate(_) => "estimate",
        }
    }

    /// Orders verdicts for the side they belong to: a faster win first, then estimates by
    /// their value (a draw counts as 0), then a slower loss before a faster one.
    pub fn rank(self) -> i64 {
        match self {
            Verdict::Win(p) => i64::from(MATE) - i64::from(p),
            Verdict::Draw => 0,
            Verdict::Loss(p) => i64::from(p) - i64::from(MATE),
            Verdict::Estimate(s) => i64::from(s),
        }
    }

    /// Plies to the end of the game, for wins and losses.
    pub fn plies(self) -> Option<Plies> {
        match self {
            Verdict::Win(p) | Verdict::Loss(p) => Some(p),
            _ => None,
        }
    }
}

/// A game-theoretic value for the side to move, without a distance: what a proof, a
/// certificate's claim and a comparison of searches report (the solver's [`Verdict`] adds the
/// distance).
///
/// ```
/// use mnk_engine::Wdl;
///
/// assert_eq!(Wdl::Draw.word(), "draw");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move can force a line.
    Win,
    /// Neither side can.
    Draw,
    /// The other side can.
    Loss,
}

impl Wdl {
    /// `"win"`, `"draw"` or `"loss"`, as in the JSON contract.
    pub fn word(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let unit = |p: &Plies| if *p == 1 { "ply" } else { "plies" };
        match self {
            Verdict::Win(p) => write!(f, "win in {p} {}", unit(p)),
            Verdict::Loss(p) => write!(f, "loss in {p} {}", unit(p)),
            Verdict::Draw => write!(f, "draw"),
            Verdict::Estimate(v) => write!(f, "estimate {v:+}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_back_with_distance() {
        assert_eq!(Verdict::from_score(win_score(5), 2, true), Verdict::Win(3));
        assert_eq!(
            Verdict::from_score(-win_score(9), 0, true),
            Verdict::Loss(9)
        );
        assert_eq!(Verdict::from_score(0, 4, true), Verdict::Draw);
        assert_eq!(Verdict::from_score(7, 4, false), Verdict::Estimate(7));
        assert!(win_score(676) > HEURISTIC_LIMIT);
        assert_eq!(Verdict::Win(1).to_string(), "win in 1 ply");
        assert_eq!(Verdict::Loss(4).to_string(), "loss in 4 plies");
    }

    #[test]
    fn a_moves_value_and_the_value_after_it_are_one_ply_and_a_side_apart() {
        // A position lost in 4 for the side to move: the move into it wins in 5.
        assert_eq!(Verdict::Loss(4).before_move(), Verdict::Win(5));
        assert_eq!(Verdict::Win(2).before_move(), Verdict::Loss(3));
        assert_eq!(Verdict::Draw.before_move(), Verdict::Draw);
        for v in [Verdict::Win(3), Verdict::Loss(6), Verdict::Draw] {
            assert_eq!(v.before_move().after_move(), v);
        }
    }
}
