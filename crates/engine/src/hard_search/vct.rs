//! Victory by continuous threats (VCT): the attacker plays only moves that make a four or an
//! open three, and the defender answers each with every reply that could matter. A found win
//! is a proof; a miss proves nothing, so the search is bounded (threes per line, attacker
//! moves per line, nodes, the caller's budget).
//!
//! Why the defender's replies are complete. After an open three (no four), a reply that
//! neither makes a four of the defender's own nor takes a cell where the attacker would make a
//! four (or better) leaves every open-four cell of the attacker in place: the attacker makes
//! an open four and wins, the defender having no five to make. The cells that can spoil an
//! open four are the cell itself and the two cells that would complete it, and on each of them
//! an attacker stone makes a four today. So the defender is given every cell where the
//! attacker would make a four and every cell where the defender would (a counter-four, which
//! the attacker must then block, its own threat still standing or not); every other reply
//! loses within four plies. After a four the block is forced; after two fours nothing helps.
//!
//! Distances: the search counts the plies of its own proof tree, the defender choosing the
//! longest line among its replies. That is an upper bound on the distance to the win with
//! best defence (a shorter win may exist outside the threats tried), never a claim of the
//! exact distance.
//!
//! The hot path allocates nothing: moves and cells live on one stack reused by every node,
//! and results are remembered in a fixed table: a position that failed with at least the
//! same bounds fails again, and a position proven won stays won whatever the bounds (the
//! defender's replies reach the same attacking positions by many orders).

use super::pattern::Pattern;
use super::state::State;
use crate::budget::Budget;
use crate::rules::Rules;
use crate::side::Side;

/// The search asks the caller's budget once every this many nodes.
const CHECK_EVERY_NODES: u64 = 32;

/// Entries of the results table (a power of two).
const RESULT_ENTRIES: usize = 1 << 15;

/// The table's mark of a failure (no winning move).
const NO_WIN: u16 = u16::MAX;

/// Limits of one VCT search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VctLimits {
    /// Open threes (non-four threats) per line at most; the search deepens up to this.
    pub threes: u32,
    /// Attacker moves (fours and threes) per line at most.
    pub moves: u32,
    /// Nodes (attacker and defender positions) at most.
    pub nodes: u64,
}

impl Default for VctLimits {
    fn default() -> Self {
        VctLimits {
            threes: 4,
            moves: 12,
            nodes: 6_000,
        }
    }
}

/// A found VCT: the attacker's first move and the plies until the line is completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VctWin {
    /// The first attacker move.
    pub first: usize,
    /// Plies, this move included, within which the attacker completes K in a row against
    /// every defence: an upper bound (see the module doc).
    pub plies: usize,
}

/// What one attacking position came to: a failure within bounds, or a proven win.
#[derive(Clone, Copy)]
struct Outcome {
    key: u64,
    /// The bounds a failure was found within.
    threes: u8,
    moves: u8,
    /// The winning move, or [`NO_WIN`].
    first: u16,
    /// Plies of the win, its first move included.
    plies: u16,
}

impl Default for Outcome {
    fn default() -> Self {
        Outcome {
            key: 0,
            threes: 0,
            moves: 0,
            first: NO_WIN,
            plies: 0,
        }
    }
}

/// The VCT searcher: its reusable stack and results table.
pub struct Vct {
    stack: Vec<usize>,
    results: Vec<Outcome>,
    /// The rules the table's results hold under: a position's key does not name them, and a
    /// win under one rule may be no win under another (Renju's forbidden points).
    rules: Option<Rules>,
    nodes_left: u64,
    nodes: u64,
    aborted: bool,
}

impl Default for Vct {
    fn default() -> Self {
        Vct::new()
    }
}

/// Whether `side` threatens to win: a cell completing K, or one making an open four.
fn threatens(state: &State, side: Side) -> bool {
    state.count(side, Pattern::Five) > 0 || state.count(side, Pattern::Flex4) > 0
}

/// The strongest pattern `side` would make on `cell`.
fn strongest(state: &State, cell: usize, side: Side) -> Pattern {
    state
        .patterns(cell, side)
        .into_iter()
        .max()
        .unwrap_or(Pattern::None)
}

impl Vct {
    /// A searcher (its failure table is made here, once).
    pub fn new() -> Vct {
        Vct {
            stack: Vec::with_capacity(4096),
            results: vec![Outcome::default(); RESULT_ENTRIES],
            rules: None,
            nodes_left: 0,
            nodes: 0,
            aborted: false,
        }
    }

    /// Nodes the last search visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A VCT for the side to move within `limits`, giving up (finding nothing) once the
    /// caller's budget is interrupted. Shorter lines are tried first (one three, then two...).
    pub fn find(
        &mut self,
        state: &mut State,
        limits: VctLimits,
        caller: &Budget,
    ) -> Option<VctWin> {
        self.find_from(state, limits, caller, 1)
    }

    /// [`Vct::find`] that first tries continuous fours alone (no three at all), the cheapest
    /// lines to prove: what the main search's probes use, within a small budget.
    pub fn find_fours_first(
        &mut self,
        state: &mut State,
        limits: VctLimits,
        caller: &Budget,
    ) -> Option<VctWin> {
        self.find_from(state, limits, caller, 0)
    }

    fn find_from(
        &mut self,
        state: &mut State,
        limits: VctLimits,
        caller: &Budget,
        first_threes: u32,
    ) -> Option<VctWin> {
        self.nodes = 0;
        if state.is_over() || caller.is_interrupted() {
            return None;
        }
        self.nodes_left = limits.nodes;
        self.aborted = false;
        self.stack.clear();
        if self.rules != Some(state.rules()) {
            self.results.fill(Outcome::default());
            self.rules = Some(state.rules());
        }
        let att = state.to_move();
        // Without a four or two threes to start from there is rarely a line, and the search
        // would spend its whole budget proving nothing (a gate on cost: it never makes a
        // claim, so the search stays sound).
        let material = state.count(att, Pattern::Flex3)
            + state.count(att, Pattern::Block4)
            + state.count(att, Pattern::Flex4)
            + state.count(att, Pattern::Five);
        if material < 2 {
            return None;
        }
        for threes in first_threes..=limits.threes {
            let found = self.attack(state, att, threes, limits.moves, caller, true);
            if let Some((first, plies)) = found {
                return Some(VctWin {
                    first,
                    plies: plies as usize,
                });
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// A VCT of the opponent of the side to move, as if it were their turn.
    pub fn find_for_opponent(
        &mut self,
        state: &mut State,
        limits: VctLimits,
        caller: &Budget,
    ) -> Option<VctWin> {
        let me = state.to_move();
        state.set_to_move(me.other());
        let found = self.find(state, limits, caller);
        state.set_to_move(me);
        found
    }

    /// Counts a node; `false` once the budget is spent (the search then unwinds).
    fn tick(&mut self, caller: &Budget) -> bool {
        if self.aborted || self.nodes_left == 0 {
            self.aborted = true;
            return false;
        }
        self.nodes_left -= 1;
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY_NODES) && caller.is_interrupted() {
            self.aborted = true;
            return false;
        }
        true
    }

    fn result_slot(&self, state: &State, att: Side) -> (usize, u64) {
        let key = state.hash() ^ (att.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((key as usize) & (RESULT_ENTRIES - 1), key)
    }

    /// Attacker to move: `Some((move, plies))` with the plies until the win, this move
    /// included, or `None`.
    fn attack(
        &mut self,
        state: &mut State,
        att: Side,
        threes: u32,
        moves: u32,
        caller: &Budget,
        root: bool,
    ) -> Option<(usize, u32)> {
        if !self.tick(caller) {
            return None;
        }
        let def = att.other();
        let base = self.stack.len();
        if state.count(att, Pattern::Five) > 0 {
            state.winning_cells(att, &mut self.stack);
            let cell = self.stack[base];
            self.stack.truncate(base);
            return Some((cell, 1));
        }
        if state.count(def, Pattern::Five) > 0 {
            // The defender's four must be blocked; the attack goes on only if a threat
            // stands after the block (a new one, or the one the counter-four delayed).
            state.winning_cells(def, &mut self.stack);
            let blocks = self.stack.len() - base;
            let cell = self.stack[base];
            self.stack.truncate(base);
            if blocks != 1 || moves == 0 || state.forbidden(cell, att) {
                return None;
            }
            state.play(cell);
            let found = if threatens(state, att) {
                self.defend(state, att, threes, moves - 1, caller)
            } else {
                None
            };
            state.undo();
            return found.map(|d| (cell, d + 1));
        }
        if state.can_make(att, Pattern::Flex4) {
            // An open four now: the defender, with no five to make, cannot stop both ends.
            let cell = (0..state.rules().cells())
                .find(|&c| {
                    state.is_empty(c)
                        && state.patterns(c, att).contains(&Pattern::Flex4)
                        && !state.forbidden(c, att)
                })
                .expect("counted");
            return Some((cell, 3));
        }
        if moves == 0 {
            return None;
        }
        let (slot, key) = self.result_slot(state, att);
        let seen = self.results[slot];
        if seen.key == key {
            if seen.first != NO_WIN {
                return Some((seen.first as usize, seen.plies as u32));
            }
            if !root && seen.threes as u32 >= threes && seen.moves as u32 >= moves {
                return None;
            }
        }
        state.near_cells(&mut self.stack);
        // Keep the threat moves (a four, or an open three while threes are left) the
        // attacker may play.
        let mut end = base;
        for i in base..self.stack.len() {
            let c = self.stack[i];
            let p = strongest(state, c, att);
            if (p >= Pattern::Block4 || (p == Pattern::Flex3 && threes > 0))
                && !state.forbidden(c, att)
            {
                self.stack[end] = c;
                end += 1;
            }
        }
        self.stack.truncate(end);
        // Fours first (they cost no three), then the cells strongest for both sides.
        self.stack[base..end].sort_unstable_by_key(|&c| {
            let mine = state.patterns(c, att);
            let theirs = state.patterns(c, def);
            let fours = mine.iter().filter(|&&p| p >= Pattern::Block4).count() as i64;
            let threes_made = mine.iter().filter(|&&p| p == Pattern::Flex3).count() as i64;
            let spoils = theirs.iter().filter(|&&p| p >= Pattern::Flex3).count() as i64;
            (
                std::cmp::Reverse(fours * 100 + threes_made * 10 + spoils),
                c,
            )
        });
        let mut found = None;
        for i in base..end {
            let m = self.stack[i];
            state.play(m);
            let result = if state.count(att, Pattern::Five) > 0 {
                self.defend(state, att, threes, moves - 1, caller)
            } else if threes > 0 && threatens(state, att) {
                self.defend(state, att, threes - 1, moves - 1, caller)
            } else {
                None
            };
            state.undo();
            if let Some(d) = result {
                found = Some((m, d + 1));
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.stack.truncate(base);
        if let Some((first, plies)) = found {
            self.results[slot] = Outcome {
                key,
                first: first as u16,
                plies: plies.min(u16::MAX as u32 - 1) as u16,
                ..Outcome::default()
            };
        } else if !self.aborted {
            self.results[slot] = Outcome {
                key,
                threes: threes.min(255) as u8,
                moves: moves.min(255) as u8,
                ..Outcome::default()
            };
        }
        found
    }

    /// Defender to move against a threat: `Some(plies)` until the attacker wins whatever the
    /// defender does, or `None` if some reply escapes (or the budget ran out).
    fn defend(
        &mut self,
        state: &mut State,
        att: Side,
        threes: u32,
        moves: u32,
        caller: &Budget,
    ) -> Option<u32> {
        if !self.tick(caller) {
            return None;
        }
        let def = att.other();
        if state.count(def, Pattern::Five) > 0 {
            return None;
        }
        let base = self.stack.len();
        state.winning_cells(att, &mut self.stack);
        let fives = self.stack.len() - base;
        if fives >= 2 {
            self.stack.truncate(base);
            return Some(2);
        }
        if fives == 1 {
            let block = self.stack[base];
            self.stack.truncate(base);
            if state.forbidden(block, def) {
                return Some(2); // Renju: x may not block there
            }
            state.play(block);
            let found = self.attack(state, att, threes, moves, caller, false);
            state.undo();
            // Any other reply loses at once (two plies).
            return found.map(|(_, a)| (a + 1).max(2));
        }
        if !state.can_make(att, Pattern::Flex4) {
            return None;
        }
        // Against an open three: every cell where either side would make a four.
        state.near_cells(&mut self.stack);
        let mut end = base;
        for i in base..self.stack.len() {
            let c = self.stack[i];
            if (strongest(state, c, att) >= Pattern::Block4
                || strongest(state, c, def) >= Pattern::Block4)
                && !state.forbidden(c, def)
            {
                self.stack[end] = c;
                end += 1;
            }
        }
        self.stack.truncate(end);
        // Any reply outside this set loses in four plies (see the module doc).
        let mut worst = 4;
        for i in base..end {
            let reply = self.stack[i];
            state.play(reply);
            let found = self.attack(state, att, threes, moves, caller, false);
            state.undo();
            match found {
                Some((_, a)) => worst = worst.max(a + 1),
                None => {
                    self.stack.truncate(base);
                    return None;
                }
            }
        }
        self.stack.truncate(base);
        Some(worst)
    }
}
