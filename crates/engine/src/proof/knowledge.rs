//! What a node knows before it searches: immediate wins and forced blocks, lines the attacker
//! can no longer complete in the moves left, the defender's pairings (at the node, or after a
//! free defender move: the relevance zone), the cells dead for both sides, and the move order.
//! The search and the certificate writer both read a node through [`NodeFacts`], so the
//! certificate describes exactly what the search proved.

use super::pairing::{pairing_cells, Pair, PairingFinder};
use super::threat_zone::MOST_FOURS;
use crate::bits::BitSet;

/// Facts of a node with the attacker to move.
pub(crate) enum AttackerFacts {
    /// The attacker completes a line with this move.
    WinsAt(usize),
    /// The defender completes a line next whatever the attacker does (two open fours).
    DefenderWins,
    /// No live attacker window can be filled with the moves the attacker has left.
    Exhausted,
    /// The defender completes a line at this cell unless the attacker blocks it now.
    MustBlock(usize),
    /// A pairing covers every live attacker line: the attacker cannot win.
    Paired(Vec<Pair>),
    /// The moves to search (best first); `zone` is the defender's free reply and the pairing
    /// after it that refute every attacker move outside the listed ones.
    Search {
        moves: Vec<u16>,
        zone: Option<(usize, Vec<Pair>)>,
    },
}

/// Facts of a node with the defender to move.
pub(crate) enum DefenderFacts {
    /// The defender completes a line with this move (the attacker has failed).
    DefenderWinsAt(usize),
    /// The attacker has two cells that complete a line: one block cannot stop both.
    AttackerWins,
    /// No live attacker window can be filled with the moves the attacker has left.
    Exhausted,
    /// The replies to search, best first (all of them: a proof of the attacker's win needs
    /// every one refuted).
    Search { moves: Vec<u16> },
}

/// What the failed pairing searches after some defender replies at one node showed (their
/// [`PairingFinder::failure_core`]s): a reply off any one core has no pairing after it either,
/// so a node that tries several replies searches only for those that meet every core.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cores<B> {
    cells: [B; CORES],
    len: usize,
}

/// Cores a node keeps (the smallest ones, which rule out the most replies).
const CORES: usize = 4;

impl<B: BitSet> Cores<B> {
    /// No core yet.
    pub fn new() -> Self {
        Cores {
            cells: [B::default(); CORES],
            len: 0,
        }
    }

    /// Whether a pairing search after a reply on `cell` is sure to fail.
    pub fn rule_out(&self, cell: usize) -> bool {
        self.cells[..self.len].iter().any(|c| !c.contains(cell))
    }

    /// Keeps `core` (in place of the largest kept one when full, if it is smaller).
    pub fn add(&mut self, core: B) {
        if self.len < CORES {
            self.cells[self.len] = core;
            self.len += 1;
        } else if let Some(largest) = self.cells.iter_mut().max_by_key(|c| c.count()) {
            if core.count() < largest.count() {
                *largest = core;
            }
        }
    }
}

/// Cells on at least one window that either side can still complete.
pub(crate) fn live_cells<B: BitSet>(windows: &[B], x: B, o: B) -> B {
    windows
        .iter()
        .filter(|&&w| w.and(x).is_empty() || w.and(o).is_empty())
        .fold(B::default(), |s, &w| s.or(w))
}

/// What every node asks of the lines first, read in one pass over the windows (three passes
/// cost a fifth of a distance search's time).
pub(super) struct LineFacts<B> {
    /// Cells where the attacker completes a line at once.
    pub attacker_wins: B,
    /// Cells where the defender completes a line at once.
    pub defender_wins: B,
    /// Fewest stones the attacker still needs in a window free of defender stones
    /// (`u32::MAX` when it has none).
    pub attacker_missing: u32,
}

impl<B: BitSet> LineFacts<B> {
    /// The facts of the position where the attacker holds `a` and the defender `d`.
    pub fn of(windows: &[B], a: B, d: B) -> Self {
        let mut facts = LineFacts {
            attacker_wins: B::default(),
            defender_wins: B::default(),
            attacker_missing: u32::MAX,
        };
        for &w in windows {
            if w.and(d).is_empty() {
                let free = w.and_not(a);
                let missing = free.count();
                facts.attacker_missing = facts.attacker_missing.min(missing);
                if missing == 1 {
                    facts.attacker_wins = facts.attacker_wins.or(free);
                }
            }
            if w.and(a).is_empty() {
                let free = w.and_not(d);
                if free.count() == 1 {
                    facts.defender_wins = facts.defender_wins.or(free);
                }
            }
        }
        facts
    }
}

/// Cells where `side` completes a line at once.
pub(super) fn winning_cells<B: BitSet>(windows: &[B], mine: B, theirs: B) -> B {
    windows
        .iter()
        .filter(|&&w| w.and(theirs).is_empty() && w.and_not(mine).count() == 1)
        .fold(B::default(), |s, &w| s.or(w.and_not(mine)))
}

/// Most stones a window's weight counts: past this (only on boards where K is over 12) the
/// weight stays the same, so that a cell's sum of weights (at most 4K windows) fits in 32 bits.
const WEIGHED_STONES: u32 = 11;

/// The reach of [`weights`] within which is every window either side can still complete.
pub(super) const ANY_REACH: (u32, u32) = (u32::MAX, u32::MAX);

/// How much each empty cell matters: every open window through it, weighted by the stones
/// already in it (the attacker's windows count more), for attack and defence alike. `out`
/// has a slot per cell of the board. Returns, from the same pass, the cells of the windows
/// within `reach`: free of defender stones and missing at most `reach.0` attacker stones,
/// or free of attacker stones and missing at most `reach.1` defender stones ([`ANY_REACH`]:
/// every window either side can still complete).
pub(super) fn weights<B: BitSet>(
    windows: &[B],
    (attacker, defender): (B, B),
    empty: B,
    out: &mut [u32],
    reach: (u32, u32),
) -> B {
    out.fill(0);
    let mut live = B::default();
    for &w in windows {
        let (mine, theirs) = (w.and(attacker), w.and(defender));
        let weight = if theirs.is_empty() {
            4u32 << (2 * mine.count().min(WEIGHED_STONES))
        } else if mine.is_empty() {
            3u32 << (2 * theirs.count().min(WEIGHED_STONES))
        } else {
            continue;
        };
        let free = w.and(empty);
        let cells = free.count();
        // (A window free of one side misses as many of that side's stones as it has cells
        // empty.)
        if (theirs.is_empty() && cells <= reach.0) || (mine.is_empty() && cells <= reach.1) {
            live = live.or(w);
        }
        for c in free.cells() {
            out[c] += weight;
        }
    }
    live
}

/// A move's sort key: `first` (the table's move) first, then the heavier, then the lower
/// cell, packed in one integer so that the sort compares plain numbers.
#[inline]
fn move_key(c: usize, weight: u32, first: Option<usize>) -> u64 {
    u64::from(Some(c) != first) << 63 | u64::from(u32::MAX - weight) << 16 | c as u64
}

/// Sorts `cells` best first: the `first` move, then by weight, then by cell (`keys` is
/// working memory).
pub(super) fn ordered<B: BitSet>(
    cells: B,
    weight: &[u32],
    first: Option<usize>,
    keys: &mut Vec<u64>,
) -> Vec<u16> {
    keys.clear();
    keys.extend(cells.cells().map(|c| move_key(c, weight[c], first)));
    keys.sort_unstable();
    keys.iter().map(|&k| k as u16).collect()
}

/// The empty cells with one dead-for-both cell standing for all (they are interchangeable:
/// no line through them can ever be completed).
pub(crate) fn reduced_moves<B: BitSet>(empty: B, live: B) -> B {
    let dead = empty.and_not(live);
    let one_dead = dead.lowest().map_or(B::default(), B::single);
    empty.and(live).or(one_dead)
}

/// What a searcher knows of a node, given the board's windows.
pub(crate) struct Knowledge<'a, B: BitSet> {
    /// The board's geometry: its windows, and the cells they pass through.
    pub geometry: &'a crate::geometry::Geometry<B>,
    /// Every cell of the board.
    pub full: B,
    pub pairing_steps: u32,
    /// Steps of the quick pairing look-ahead at defender nodes.
    pub quick_steps: u32,
    /// Replies the quick look-ahead tries at a defender node.
    pub quick_replies: usize,
    /// Defender replies tried for a relevance zone at each attacker node.
    pub zone_tries: usize,
    /// Whether defender nodes keep only the replies in the attacker's threat zone (see
    /// [`super::threat_zone`]).
    pub threat_zones: bool,
    /// The pairing finder, with its working memory.
    pub finder: PairingFinder<B>,
    /// The cells' weights at the node being ordered (a slot per cell, reused).
    pub weight: Vec<u32>,
    /// The moves' sort keys at the node being ordered (reused).
    pub keys: Vec<u64>,
    /// The threat zone's working memory (reused).
    pub threes: Vec<u32>,
}

impl<B: BitSet> Knowledge<'_, B> {
    /// Facts of an attacker-to-move node (unfinished, not full), from the attacker's and the
    /// defender's stones. Callers hand in the canonical orientation, so that a position has
    /// the same facts however it was reached (the certificate then repeats the search).
    pub fn attacker(
        &mut self,
        stones: (B, B),
        table_move: Option<usize>,
        counters: &mut super::ProofStats,
    ) -> AttackerFacts {
        let geometry = self.geometry;
        self.attacker_over(stones, geometry.windows(), table_move, counters)
    }

    /// [`Knowledge::attacker`] with the pairings (at the node, and after a free defender
    /// reply for the zone) covering only `lines`, which hold every window the attacker can
    /// complete before the end the caller cares about (all of them for a whole game; for a
    /// horizon, those it can fill with the moves it has left: a pairing of those shows that
    /// it completes no line before the horizon). The zone holds for such `lines` too: a move
    /// brings a window one stone nearer and spends one of the attacker's moves, so what is
    /// within its reach after any move is among them.
    pub fn attacker_over(
        &mut self,
        (a, d): (B, B),
        lines: &[B],
        table_move: Option<usize>,
        counters: &mut super::ProofStats,
    ) -> AttackerFacts {
        let empty = self.full.and_not(a.or(d));
        let facts = LineFacts::of(self.geometry.windows(), a, d);
        if let Some(c) = facts.attacker_wins.lowest() {
            return AttackerFacts::WinsAt(c);
        }
        let threats = facts.defender_wins;
        if threats.count() >= 2 {
            return AttackerFacts::DefenderWins;
        }
        let moves_left = empty.count().div_ceil(2);
        if facts.attacker_missing > moves_left {
            return AttackerFacts::Exhausted;
        }
        // A pairing settles the node even when the attacker must block a four first (and it
        // is what the quick look-ahead at the defender's node accepted).
        counters.pairing_calls += 1;
        if self.finder.find(lines, a, d, self.pairing_steps) {
            counters.pairings += 1;
            return AttackerFacts::Paired(self.finder.pairs().to_vec());
        }
        // A free reply off the lines that have no pairing now leaves them without one.
        let mut cores = Cores::new();
        if let Some(core) = self.finder.failure_core() {
            cores.add(core);
        }
        if let Some(c) = threats.lowest() {
            return AttackerFacts::MustBlock(c);
        }
        let weight = &mut self.weight;
        let live = weights(self.geometry.windows(), (a, d), empty, weight, ANY_REACH);
        let all = ordered(
            reduced_moves(empty, live),
            weight,
            table_move,
            &mut self.keys,
        );
        // The relevance zone: a free defender move after which a pairing exists refutes every
        // attacker move off the pairing's cells (the same reply keeps the same pairing).
        let attacker_live = lines
            .iter()
            .filter(|&&w| w.and(d).is_empty())
            .fold(B::default(), |s, &w| s.or(w))
            .and(empty);
        let replies = ordered(attacker_live, weight, None, &mut self.keys);
        let steps = self.pairing_steps;
        for &r in replies.iter().take(self.zone_tries) {
            if self.paired_after((a, d), r as usize, (lines, steps), &mut cores, counters) {
                counters.zones += 1;
                let pairs = self.finder.pairs().to_vec();
                let zone = pairing_cells::<B>(&pairs).with(r as usize);
                let moves = all
                    .iter()
                    .copied()
                    .filter(|&m| zone.contains(m as usize))
                    .collect();
                return AttackerFacts::Search {
                    moves,
                    zone: Some((r as usize, pairs)),
                };
            }
        }
        AttackerFacts::Search {
            moves: all,
            zone: None,
        }
    }

    /// Whether a pairing of `lines` (every window, or those in reach: see
    /// [`Knowledge::attacker_over`]) covers every live attacker line at once (attacker to
    /// move), found within `steps`; when there is none, the cells that showed it when they
    /// did (a [`PairingFinder::failure_core`], or a cell that completes an attacker line),
    /// for the [`Cores`] of the node that asks.
    pub fn pairing(
        &mut self,
        (a, d): (B, B),
        (lines, steps): (&[B], u32),
        counters: &mut super::ProofStats,
    ) -> (bool, Option<B>) {
        if let Some(c) = winning_cells(lines, a, d).lowest() {
            return (false, Some(B::single(c)));
        }
        counters.pairing_calls += 1;
        let found = self.finder.find(lines, a, d, steps);
        (found, self.finder.failure_core())
    }

    /// [`Knowledge::pairing`] after a defender reply on `cell`, for a node that tries several
    /// (`cores` holds what its earlier tries showed): a reply they rule out is not searched,
    /// and a failure adds its core.
    pub fn paired_after(
        &mut self,
        (a, d): (B, B),
        cell: usize,
        lines: (&[B], u32),
        cores: &mut Cores<B>,
        counters: &mut super::ProofStats,
    ) -> bool {
        if cores.rule_out(cell) {
            return false;
        }
        let (found, core) = self.pairing((a, d.with(cell)), lines, counters);
        if let Some(core) = core {
            cores.add(core);
        }
        found
    }

    /// Facts of a defender-to-move node (unfinished, not full).
    pub fn defender(
        &mut self,
        (a, d): (B, B),
        table_move: Option<usize>,
        counters: &mut super::ProofStats,
    ) -> DefenderFacts {
        let empty = self.full.and_not(a.or(d));
        let facts = LineFacts::of(self.geometry.windows(), a, d);
        if let Some(c) = facts.defender_wins.lowest() {
            return DefenderFacts::DefenderWinsAt(c);
        }
        let threats = facts.attacker_wins;
        if threats.count() >= 2 {
            return DefenderFacts::AttackerWins;
        }
        let moves_left = empty.count() / 2;
        if facts.attacker_missing > moves_left {
            return DefenderFacts::Exhausted;
        }
        if let Some(c) = threats.lowest() {
            return DefenderFacts::Search {
                moves: vec![c as u16],
            };
        }
        let live = weights(
            self.geometry.windows(),
            (a, d),
            empty,
            &mut self.weight,
            ANY_REACH,
        );
        let mut replies = reduced_moves(empty, live);
        if self.threat_zones {
            let zone = super::threat_zone::threat_zone(
                self.geometry,
                (a, d),
                MOST_FOURS,
                &mut self.threes,
            );
            if let Some(zone) = zone {
                counters.threat_zones += 1;
                replies = replies.and(zone);
            }
        }
        DefenderFacts::Search {
            moves: ordered(replies, &self.weight, table_move, &mut self.keys),
        }
    }
}
