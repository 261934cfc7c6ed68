//! Victory by continuous fours (VCF): the attacker plays only moves that threaten to complete
//! K at once, the defender's reply is then forced, and the attacker wins when one move makes
//! two such threats (or an open four). A found line is a proof; a miss proves nothing, so the
//! search is bounded by a node budget and a depth.

use super::pattern::Pattern;
use super::state::State;
use crate::budget::Budget;
use crate::side::Side;

/// A VCF search asks its stop check once every this many tries (a try plays a four and
/// looks at the threats it makes: microseconds).
pub const CHECK_EVERY_TRIES: u64 = 16;

/// Limits of one VCF search.
#[derive(Clone, Copy, Debug)]
pub struct VcfLimits {
    /// Attacker moves (fours) at most.
    pub depth: u32,
    /// Nodes at most.
    pub nodes: u64,
}

impl Default for VcfLimits {
    fn default() -> Self {
        VcfLimits {
            depth: 16,
            nodes: 20_000,
        }
    }
}

/// Whether `cell` gives `side` a four (or better) in some direction.
fn makes_four(state: &State, cell: usize, side: Side) -> bool {
    state
        .patterns(cell, side)
        .iter()
        .any(|&p| p >= Pattern::Block4)
}

/// A VCF for the side to move: the winning line (attacker and defender moves alternating,
/// ending with the attacker's winning threat), or `None` if none was found within `limits`.
#[cfg(any(test, feature = "internals"))]
pub fn find_vcf(state: &mut State, limits: VcfLimits) -> Option<Vec<usize>> {
    find_vcf_until(state, limits, &Budget::unlimited())
}

/// [`find_vcf`] that also gives up (finding nothing) once the caller's budget is interrupted
/// (its stop flag or deadline, asked every [`CHECK_EVERY_TRIES`] tries), so a move's time
/// limit holds through the threat search too. The threat search counts its nodes against
/// `limits`.
pub fn find_vcf_until(state: &mut State, limits: VcfLimits, caller: &Budget) -> Option<Vec<usize>> {
    if state.is_over() || caller.is_interrupted() {
        return None;
    }
    let mut search = Vcf {
        budget: limits.nodes,
        caller,
    };
    let mut line = Vec::new();
    search.vcf(state, limits.depth, &mut line).then_some(line)
}

/// One threat search: what is left of its node budget, and the caller's budget.
struct Vcf<'a> {
    budget: u64,
    caller: &'a Budget,
}

impl Vcf<'_> {
    fn vcf(&mut self, state: &mut State, depth: u32, line: &mut Vec<usize>) -> bool {
        let me = state.to_move();
        let opp = me.other();
        let mut wins = Vec::new();
        state.winning_cells(me, &mut wins);
        if let Some(&cell) = wins.first() {
            line.push(cell);
            return true;
        }
        if depth == 0 {
            return false;
        }
        let mut blocks = Vec::new();
        state.winning_cells(opp, &mut blocks);
        let moves: Vec<usize> = match blocks.len() {
            0 => {
                let mut c = Vec::new();
                state.near_cells(&mut c);
                c.retain(|&m| makes_four(state, m, me) && !state.forbidden(m, me));
                // Open fours and double fours first: they end the line at once.
                c.sort_by_key(|&m| {
                    let p = state.patterns(m, me);
                    let fours = p.iter().filter(|&&x| x >= Pattern::Block4).count();
                    let open = p.contains(&Pattern::Flex4) as usize;
                    std::cmp::Reverse(open * 4 + fours * 2 + p.contains(&Pattern::Flex3) as usize)
                });
                c
            }
            1 if makes_four(state, blocks[0], me) && !state.forbidden(blocks[0], me) => blocks,
            _ => return false,
        };
        for m in moves {
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            if self.budget.is_multiple_of(CHECK_EVERY_TRIES) && self.caller.is_interrupted() {
                self.budget = 0;
                return false;
            }
            state.play(m);
            let mut threats = Vec::new();
            state.winning_cells(me, &mut threats);
            let found = match threats.len() {
                0 => false,
                1 => {
                    let reply = threats[0];
                    // The forced block may itself complete the defender's line.
                    let defender_wins = state.patterns(reply, opp).contains(&Pattern::Five);
                    if defender_wins {
                        false
                    } else if state.forbidden(reply, opp) {
                        // Renju: x may not block there, so the four wins.
                        line.push(m);
                        true
                    } else {
                        state.play(reply);
                        line.push(m);
                        line.push(reply);
                        let ok = self.vcf(state, depth - 1, line);
                        if !ok {
                            line.truncate(line.len() - 2);
                        }
                        state.undo();
                        ok
                    }
                }
                _ => {
                    line.push(m);
                    true
                }
            };
            state.undo();
            if found {
                return true;
            }
        }
        false
    }
}

/// Whether the opponent of the side to move has a VCF, i.e. would win by fours if it were
/// their turn.
pub fn opponent_vcf(state: &mut State, limits: VcfLimits, caller: &Budget) -> Option<Vec<usize>> {
    let me = state.to_move();
    state.set_to_move(me.other());
    let found = find_vcf_until(state, limits, caller);
    state.set_to_move(me);
    found
}
