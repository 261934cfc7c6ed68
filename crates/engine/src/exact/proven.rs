//! The proof search's part in exact play: on boards of four or more in a row it settles the
//! draws in milliseconds where the solver takes seconds or more. It answers only draws here
//! (the drawing moves are then exactly the best ones); a win or a loss goes to the solver,
//! and the distance of each losing move to the proof search's distance search
//! ([`Prover::win_distance`]). Which boards ask it
//! first is the one policy [`proof_first`](super::algorithm::proof_first), which `mnk solve`'s
//! `auto`, `perfect` ([`crate::ai::Thinker`]), the analyses and the opening book's build
//! follow.

use crate::bits::BitSet;
use crate::budget::Budget;
use crate::error::SearchError;
use crate::position::Position;
use crate::proof::Prover;
use crate::rules::Rules;
use crate::score::{Verdict, Wdl};
use crate::solver::Solver;

/// How far `cell` lies from the centre of the board of `rules` (squared, in half cells): the
/// order in which moves are tried for a draw, and chosen among equal ones, centre first.
pub(crate) fn centre_distance(rules: Rules, cell: usize) -> i64 {
    let (w, h) = (rules.width() as i64, rules.height() as i64);
    let (x, y) = ((cell as i64) % w, (cell as i64) / w);
    let (dx, dy) = (2 * x - (w - 1), 2 * y - (h - 1));
    dx * dx + dy * dy
}

/// Whether the proof search proves `pos` a draw (within `budget`); `false` when the side to
/// move wins or loses.
pub(crate) fn is_draw(
    prover: &mut Prover,
    pos: &Position<u64>,
    budget: &Budget,
) -> Result<bool, SearchError> {
    let me = pos.to_move();
    Ok(!prover.can_force_line(pos, me, budget)?
        && (pos.stone_count() == 0 || !prover.can_force_line(pos, me.other(), budget)?))
}

/// Which drawing move [`drawing_move`] gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The reply that held in the proof that the opponent cannot force a line: it comes with
    /// that proof at no extra search (the proof's own order, pairings first), so nearly all
    /// of a move's time goes to the first question ("can the side to move force a line?").
    /// Measured with the `perfect` bench (7x7/5, 1 s a move, 2 cores): seeds 10 to 13, 192
    /// proven replies of 196 where the first of the order gave 189; measured apart, seeds 4
    /// to 7, 185 where it gave 176.
    ProofsReply,
    /// The first move of the order that keeps the draw: the order's choice (the book's
    /// replies nearest the centre), at the cost of a proof for each move tried.
    FirstInOrder,
}

/// One move that keeps the draw, when the proof search proves `pos` a draw within `budget`,
/// as `pick` says (the first of `order`, the legal moves in the order to try them, when the
/// table no longer has the proof's reply); `None` when the side to move wins or loses (the
/// solver measures how fast). Cheaper than [`drawing_moves`]: it proves one move, not every
/// one.
pub(crate) fn drawing_move(
    prover: &mut Prover,
    pos: &Position<u64>,
    order: &[usize],
    pick: Pick,
    budget: &Budget,
) -> Result<Option<usize>, SearchError> {
    let me = pos.to_move();
    if prover.can_force_line(pos, me, budget)? {
        return Ok(None);
    }
    // On the empty board a side that cannot force a line draws with every first move
    // (strategy stealing, as the proof search itself argues; see `crate::proof`).
    if pos.stone_count() == 0 {
        return Ok(order.first().copied());
    }
    if pick == Pick::ProofsReply {
        if prover.can_force_line(pos, me.other(), budget)? {
            return Ok(None);
        }
        // Checked once more (the table's answer after it, or a pairing at once): the move
        // played rests on a proof made here, not on a table entry alone.
        let reply = prover.held_reply(pos, me.other());
        if let Some(reply) = reply.filter(|&r| pos.empty_cells().contains(r)) {
            if keeps_draw(prover, pos, reply, budget)? {
                return Ok(Some(reply));
            }
        }
    }
    for &cell in order {
        if keeps_draw(prover, pos, cell, budget)? {
            return Ok(Some(cell));
        }
    }
    Ok(None)
}

/// Whether the opponent of the side to move in `pos` cannot force a line after `cell`.
fn keeps_draw(
    prover: &mut Prover,
    pos: &Position<u64>,
    cell: usize,
    budget: &Budget,
) -> Result<bool, SearchError> {
    let mut after = pos.clone();
    after.play_unchecked(cell);
    if after.is_over() {
        return Ok(true);
    }
    Ok(!prover.can_force_line(&after, pos.to_move().other(), budget)?)
}

/// Every move that keeps the draw, when the proof search proves `pos` a draw within
/// `budget`; `None` when the side to move wins or loses (the solver measures how fast).
pub(crate) fn drawing_moves(
    prover: &mut Prover,
    pos: &Position<u64>,
    budget: &Budget,
) -> Result<Option<Vec<usize>>, SearchError> {
    let solution = prover.solve(pos, budget)?;
    Ok((solution.value == Wdl::Draw).then_some(solution.best_moves))
}

/// The exact value of every legal move of a drawn `pos` that is not in `drawing` (so loses),
/// for the side that plays it, with the distance `prover` measures within `budget` on its
/// threads ([`Prover::proven_win_distances`]), added to `out`: when the budget stops it,
/// `out` keeps those valued. `solver` would value a move the distance search found no win
/// after (which a proven draw rules out: it is there so that a fault costs time, not a
/// value).
pub(crate) fn losing_values(
    pos: &Position<u64>,
    drawing: &[usize],
    (prover, solver, budget): (&mut Prover, &mut Solver<u64>, &Budget),
    out: &mut Vec<(usize, Verdict)>,
) -> Result<(), SearchError> {
    // In a drawn position a move neither wins nor fills the board (that would draw), so the
    // position after it is unfinished and the opponent wins it.
    let (cells, after): (Vec<usize>, Vec<Position<u64>>) = pos
        .legal_moves()
        .cells()
        .filter(|cell| !drawing.contains(cell))
        .map(|cell| {
            let mut after = pos.clone();
            after.play_unchecked(cell);
            (cell, after)
        })
        .unzip();
    // No move loses faster than a pass would: after a move the mover has one stone more
    // than after a pass, and an extra stone never harms its owner (it plays the defence it
    // would play without it, and anywhere when that defence asks for the cell it holds; the
    // opponent's stones are the same in both games, so its line comes no sooner). So each
    // distance is measured from the pass's, one search for all (the analysis of
    // ......./......./.....o./.oxxx.. on 7x7/5: 159 s -> 150 s on 2 cores, same values).
    // (The pass is lost too, as a move is, so it needs no proof first.)
    let at_least = match after.is_empty() {
        true => 1,
        false => {
            let (plies, measured) = prover.proven_win_distances(&[pos.passed()], 1, budget);
            measured?;
            plies[0].unwrap_or(1)
        }
    };
    let (plies, measured) = prover.proven_win_distances(&after, at_least, budget);
    for ((cell, after), plies) in cells.into_iter().zip(&after).zip(plies) {
        let verdict = match plies {
            Some(plies) => Verdict::Win(plies),
            None if measured.is_ok() => solver.solve(after, budget)?.verdict,
            None => continue,
        };
        out.push((cell, verdict.before_move()));
    }
    measured
}
