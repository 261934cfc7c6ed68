//! The root's defence against the opponent's threat sequences: when the opponent, were it
//! their turn, would win by continuous fours (VCF) or threats (VCT), each of the first root
//! candidates is played and kept only if the opponent then has neither. A check cut short by
//! the caller's clock proves nothing and ends the checks; the moves not checked are dropped
//! when some checked move is safe.

use super::state::State;
use super::vcf::{find_vcf_until, opponent_vcf, VcfLimits};
use super::vct::{Vct, VctLimits};
use crate::budget::Budget;

/// Root candidates checked at most against the opponent's threats.
pub const DEFENCE_TRIES: usize = 32;

/// The threat searches the defence runs, and their bounds.
pub struct Threats<'a> {
    /// The VCF bounds at the root (each check gets a quarter of the nodes).
    pub vcf: VcfLimits,
    /// The VCT bounds at the root (each check gets a quarter of the nodes).
    pub vct_limits: VctLimits,
    /// The VCT searcher (its stack and failure table are reused).
    pub vct: &'a mut Vct,
    /// The caller's budget.
    pub budget: &'a Budget,
}

/// What the opponent threatens, if anything: the cells of its winning line (VCF) or the first
/// move of its VCT.
pub fn opponent_threat(state: &mut State, t: &mut Threats<'_>) -> Option<Vec<usize>> {
    if let Some(line) = opponent_vcf(state, t.vcf, t.budget) {
        return Some(line);
    }
    t.vct
        .find_for_opponent(state, t.vct_limits, t.budget)
        .map(|win| vec![win.first])
}

/// Whether the opponent (to move after `m`) has no VCF and no VCT within the checks' bounds;
/// `None` when the caller's budget cut the checks short.
fn safe_after(state: &mut State, m: usize, t: &mut Threats<'_>) -> Option<bool> {
    let vcf = VcfLimits {
        nodes: t.vcf.nodes / 4,
        ..t.vcf
    };
    let vct = VctLimits {
        nodes: t.vct_limits.nodes / 4,
        ..t.vct_limits
    };
    state.play(m);
    let safe = find_vcf_until(state, vcf, t.budget).is_none()
        && t.vct.find(state, vct, t.budget).is_none();
    state.undo();
    (!t.budget.is_interrupted()).then_some(safe)
}

/// The root moves to search when the opponent threatens `threat`: the checked moves after
/// which it no longer wins, in `moves`' order. When none is found safe every move may lose, so
/// all are kept, the threat's own cells first (blocking its line holds out longest).
pub fn answers(
    state: &mut State,
    moves: &[usize],
    threat: &[usize],
    t: &mut Threats<'_>,
) -> Vec<usize> {
    // The threat's cells are tried first: they are the likeliest answers.
    let mut tries: Vec<usize> = threat
        .iter()
        .copied()
        .filter(|&c| state.is_empty(c))
        .collect();
    tries.extend(moves.iter().copied().filter(|m| !threat.contains(m)));
    let mut safe = Vec::new();
    for &m in tries.iter().take(DEFENCE_TRIES) {
        match safe_after(state, m, t) {
            Some(true) => safe.push(m),
            Some(false) => {}
            None => break,
        }
    }
    if safe.is_empty() {
        return tries;
    }
    // Keep the search's order among the safe moves.
    let mut ordered: Vec<usize> = moves.iter().copied().filter(|m| safe.contains(m)).collect();
    ordered.extend(safe.iter().copied().filter(|m| !moves.contains(m)));
    ordered
}
