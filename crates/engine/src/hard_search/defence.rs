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
pub const DEFENCE_TRIES: usize = 16;

/// Safe answers found before the checks stop (the tree search chooses among them).
pub const SAFE_ENOUGH: usize = 4;

/// The defence's checks together get at most this many times the root's VCT nodes.
pub const CHECKS_SHARE: u64 = 4;

/// The threat searches the defence runs, and their bounds.
pub struct Threats<'a> {
    /// The VCF bounds at the root (each check gets a quarter of the nodes).
    pub vcf: VcfLimits,
    /// The VCT bounds at the root (each check gets a share of the nodes: see [`answers`]).
    pub vct_limits: VctLimits,
    /// The VCT searcher (its stack and failure table are reused).
    pub vct: &'a mut Vct,
    /// The caller's budget.
    pub budget: &'a Budget,
}

/// What the opponent threatens: the cells of its winning line (VCF) or the first move of its
/// VCT, and the VCT nodes it took to find (0 for a VCF).
pub struct Threat {
    /// The threat's cells.
    pub cells: Vec<usize>,
    /// VCT nodes the threat took to find (the checks get a multiple of this).
    pub nodes: u64,
}

/// What the opponent threatens, if anything.
pub fn opponent_threat(state: &mut State, t: &mut Threats<'_>) -> Option<Threat> {
    if let Some(line) = opponent_vcf(state, t.vcf, t.budget) {
        return Some(Threat {
            cells: line,
            nodes: 0,
        });
    }
    let win = t.vct.find_for_opponent(state, t.vct_limits, t.budget)?;
    Some(Threat {
        cells: vec![win.first],
        nodes: t.vct.nodes(),
    })
}

/// Whether the opponent (to move after `m`) has no VCF and no VCT within the checks' bounds,
/// and the VCT nodes the check took; `None` when the caller's budget cut the checks short.
fn safe_after(
    state: &mut State,
    m: usize,
    vct_nodes: u64,
    t: &mut Threats<'_>,
) -> Option<(bool, u64)> {
    let vcf = VcfLimits {
        nodes: t.vcf.nodes / 4,
        ..t.vcf
    };
    let vct = VctLimits {
        nodes: vct_nodes,
        ..t.vct_limits
    };
    safe_within(state, m, vcf, vct, t)
}

/// [`safe_after`] within the given bounds.
fn safe_within(
    state: &mut State,
    m: usize,
    vcf: VcfLimits,
    vct: VctLimits,
    t: &mut Threats<'_>,
) -> Option<(bool, u64)> {
    state.play(m);
    let mut vct_spent = 0;
    let safe = find_vcf_until(state, vcf, t.budget).is_none() && {
        let found = t.vct.find(state, vct, t.budget);
        vct_spent = t.vct.nodes();
        found.is_none()
    };
    state.undo();
    (!t.budget.is_interrupted()).then_some((safe, vct_spent))
}

/// The root moves to search when the opponent threatens `threat`: the checked moves after
/// which it no longer wins, in `moves`' order. When none is found safe every move may lose, so
/// all are kept, the threat's own cells first (blocking its line holds out longest).
pub fn answers(
    state: &mut State,
    moves: &[usize],
    threat: &Threat,
    t: &mut Threats<'_>,
) -> Vec<usize> {
    // A check with fewer nodes than the threat took would call every move safe: each gets
    // twice what finding the threat took (the same line is found again as fast when the move
    // does not stop it), between an eighth and a half of the root's VCT nodes.
    let vct_nodes = (threat.nodes * 2).clamp(t.vct_limits.nodes / 8, t.vct_limits.nodes / 2);
    let threat = &threat.cells;
    // The threat's cells are tried first: they are the likeliest answers.
    let mut tries: Vec<usize> = threat
        .iter()
        .copied()
        .filter(|&c| state.is_empty(c))
        .collect();
    tries.extend(moves.iter().copied().filter(|m| !threat.contains(m)));
    let mut safe = Vec::new();
    // All the checks together get a few times the root's VCT nodes, so that a wide threat
    // search does not take the tree search's whole move.
    let mut spent = 0;
    for &m in tries.iter().take(DEFENCE_TRIES) {
        if spent >= t.vct_limits.nodes * CHECKS_SHARE {
            break;
        }
        match safe_after(state, m, vct_nodes, t) {
            Some((true, nodes)) => {
                safe.push(m);
                spent += nodes;
            }
            Some((false, nodes)) => spent += nodes,
            None => break,
        }
        // Enough answers to choose among; past the soft deadline the checks end anyway: the
        // tree search needs the rest of the move.
        if safe.len() >= SAFE_ENOUGH || t.budget.wants_no_more_steps() {
            break;
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

/// The first of `moves` (the tree search's order, its choice first; at most `tries` of them)
/// after which the opponent has no VCF and no VCT within `t`'s bounds (the whole of them for
/// each check). A move whose check the caller's clock cut short is taken as it is: nothing
/// was proven against it. `None` when every move tried was proven to lose.
pub fn first_not_losing(
    state: &mut State,
    moves: &[usize],
    tries: usize,
    t: &mut Threats<'_>,
) -> Option<usize> {
    for &m in moves.iter().take(tries) {
        match safe_within(state, m, t.vcf, t.vct_limits, t) {
            Some((false, _)) => continue,
            _ => return Some(m),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hard_search::search::CHECK_VCT;
    use crate::hard_search::tests::played;

    /// The check's threat searches on `vct` within `budget`.
    fn check<'a>(vct: &'a mut Vct, budget: &'a Budget) -> Threats<'a> {
        Threats {
            vcf: VcfLimits::default(),
            vct_limits: CHECK_VCT,
            vct,
            budget,
        }
    }

    #[test]
    fn the_check_passes_over_moves_that_let_the_opponent_win_by_threats() {
        // o: an open three h8 i8 j8 (columns 7 to 9 of row 7); x's stones in the corners.
        let mut s = played(&[(0, 0), (7, 7), (0, 14), (8, 7), (14, 0), (9, 7)]);
        let rules = s.rules();
        let (far, other_far, block) = (rules.cell(3, 12), rules.cell(12, 12), rules.cell(6, 7));
        let budget = Budget::unlimited();
        let mut vct = Vct::new();
        let mut t = check(&mut vct, &budget);
        // A move far away lets o make an open four; the block does not.
        assert_eq!(
            first_not_losing(&mut s, &[far, block, other_far], 6, &mut t),
            Some(block)
        );
        assert_eq!(
            first_not_losing(&mut s, &[block, far], 6, &mut t),
            Some(block)
        );
        // Every move tried loses, or the block is past the tries.
        assert_eq!(first_not_losing(&mut s, &[far, other_far], 6, &mut t), None);
        assert_eq!(
            first_not_losing(&mut s, &[far, other_far, block], 2, &mut t),
            None
        );
        // Nothing changed on the board.
        assert_eq!(s.stone_count(), 6);
    }

    #[test]
    fn a_check_cut_short_by_the_clock_keeps_the_choice() {
        let mut s = played(&[(0, 0), (7, 7), (0, 14), (8, 7), (14, 0), (9, 7)]);
        let far = s.rules().cell(3, 12);
        let budget = Budget::unlimited().with_deadline(std::sync::Arc::new(|| true));
        let mut vct = Vct::new();
        let mut t = check(&mut vct, &budget);
        assert_eq!(first_not_losing(&mut s, &[far], 6, &mut t), Some(far));
    }
}
