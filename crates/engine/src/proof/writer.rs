//! The certificate writer: walks the settled tree from the root, asking the search (and so
//! its table) for each node's evidence, and writes one record per position, each in its
//! canonical orientation. A position reached twice, or through a symmetry, is written once.

use super::knowledge::{AttackerFacts, DefenderFacts};
use super::pairing::{pairing_cells, Pair};
use super::search::Search;
use crate::bits::BitSet;
use crate::certificate::format::{write_record, Body, Layout, Record, Refutation};
use crate::position::Position;
use rustc_hash::FxHashSet;
use std::io::{self, Write};

/// Writes the records that prove what `search` settled.
pub(crate) struct Writer<'s, 'a, 'o, B: BitSet> {
    pub search: &'s mut Search<'a, B>,
    pub out: &'o mut dyn Write,
    /// The canonical stones of the positions written. One writer follows one root and one
    /// attacker, so the stones also tell whose move it is.
    pub written: FxHashSet<(B, B)>,
    /// How the certificate stores stone sets and cells.
    pub layout: Layout,
    pub records: u64,
}

fn inconsistent(what: &str) -> io::Error {
    io::Error::other(format!(
        "internal error: the search and the certificate disagree ({what})"
    ))
}

impl<B: BitSet> Writer<'_, '_, '_, B> {
    /// The canonical stones of `pos` and the symmetry that gives them.
    fn frame(pos: &Position<B>) -> (B, B, usize) {
        let geo = pos.geometry();
        let (x, o) = (pos.stones(crate::Side::X), pos.stones(crate::Side::O));
        (0..geo.symmetries().len())
            .map(|s| (geo.transform(s, x), geo.transform(s, o), s))
            .min()
            .expect("the identity is a symmetry")
    }

    /// Writes the record unless its position was written before; false if it was.
    fn emit(
        &mut self,
        pos: &Position<B>,
        body: impl FnOnce(&dyn Fn(usize) -> u16) -> Body,
    ) -> io::Result<bool> {
        let (x, o, sym) = Self::frame(pos);
        if !self.written.insert((x, o)) {
            return Ok(false);
        }
        let perm = &pos.geometry().symmetries()[sym];
        let map = |c: usize| perm[c];
        let record = Record {
            attacker: self.search.attacker,
            x,
            o,
            body: body(&map),
        };
        write_record(self.out, self.layout, &record)?;
        self.records += 1;
        Ok(true)
    }

    /// The empty cells with one cell dead for both sides standing for all of them (as the
    /// checker reads them).
    fn distinct_moves(&self, pos: &Position<B>) -> B {
        let (x, o) = (pos.stones(crate::Side::X), pos.stones(crate::Side::O));
        let live = super::knowledge::live_cells(self.search.knowledge.geometry.windows(), x, o);
        super::knowledge::reduced_moves(pos.empty_cells(), live)
    }

    fn facts_attacker(&mut self, pos: &Position<B>) -> AttackerFacts {
        self.search.attacker_facts(pos)
    }

    /// Attacker to move, and it wins.
    pub fn attacker_wins(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        let moves = match self.facts_attacker(pos) {
            AttackerFacts::WinsAt(c) => {
                self.emit(pos, |map| Body::AttackerWins(map(c)))?;
                return Ok(());
            }
            AttackerFacts::MustBlock(c) => vec![c as u16],
            AttackerFacts::Search { moves, .. } => moves,
            _ => return Err(inconsistent("a won attacker node with no winning move")),
        };
        let mut chosen = match self.search.probe(pos) {
            (Some(true), Some(m)) => Some(m),
            _ => None,
        };
        for &m in moves.iter().filter(|_| chosen.is_none()) {
            pos.play_unchecked(m as usize);
            let wins = self.search.defender_node(pos);
            pos.undo_unchecked();
            if wins {
                chosen = Some(m as usize);
                break;
            }
        }
        let m = chosen.ok_or_else(|| inconsistent("no winning move found again"))?;
        if self.emit(pos, |map| Body::AttackerWins(map(m)))? {
            pos.play_unchecked(m);
            let r = self.defender_loses(pos);
            pos.undo_unchecked();
            r?;
        }
        Ok(())
    }

    /// Defender to move, and every reply loses.
    fn defender_loses(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        if !self.emit(pos, |_| Body::DefenderLoses)? {
            return Ok(());
        }
        let attacker = self.search.attacker;
        let replies = self.distinct_moves(pos);
        for r in replies.cells() {
            pos.play_unchecked(r);
            // An attacker with a line to complete at once needs no record.
            let immediate = pos
                .empty_cells()
                .cells()
                .any(|c| pos.wins_with(c, attacker));
            let result = if immediate {
                Ok(())
            } else {
                self.attacker_wins(pos)
            };
            pos.undo_unchecked();
            result?;
        }
        Ok(())
    }

    /// Attacker to move, and it cannot force a line.
    pub fn attacker_fails(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        let (refutation, zone) = match self.facts_attacker(pos) {
            AttackerFacts::WinsAt(_) => return Err(inconsistent("a refuted attacker node wins")),
            AttackerFacts::DefenderWins => {
                let d = pos.stones(self.search.attacker.other());
                let a = pos.stones(self.search.attacker);
                let threat = defender_threat(self.search.knowledge.geometry.windows(), d, a)
                    .ok_or_else(|| inconsistent("a defender with two threats has none"))?;
                (Some((threat, Vec::new())), B::single(threat))
            }
            AttackerFacts::Exhausted => {
                self.emit(pos, |_| Body::AttackerFails(Refutation::Exhausted))?;
                return Ok(());
            }
            AttackerFacts::Paired(pairs) => {
                self.emit(pos, |map| {
                    Body::AttackerFails(Refutation::Pairing(map_pairs(&pairs, map)))
                })?;
                return Ok(());
            }
            AttackerFacts::MustBlock(c) => (Some((c, Vec::new())), B::single(c)),
            AttackerFacts::Search {
                zone: Some((r, pairs)),
                ..
            } => {
                let z = pairing_cells::<B>(&pairs).with(r);
                (Some((r, pairs)), z)
            }
            AttackerFacts::Search { zone: None, .. } => (None, self.search.knowledge.full),
        };
        let written = self.emit(pos, |map| {
            Body::AttackerFails(Refutation::Moves {
                default: refutation
                    .as_ref()
                    .map(|(r, pairs)| (map(*r), map_pairs(pairs, map))),
            })
        })?;
        if !written {
            return Ok(());
        }
        let empty = pos.empty_cells();
        let moves = self.distinct_moves(pos).and(zone);
        for m in moves.cells() {
            if empty == B::single(m) {
                continue;
            }
            pos.play_unchecked(m);
            let r = self.defender_holds(pos);
            pos.undo_unchecked();
            r?;
        }
        Ok(())
    }

    /// Defender to move, and it has a reply that holds.
    fn defender_holds(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        let moves = match self.search.defender_facts(pos) {
            DefenderFacts::DefenderWinsAt(c) => {
                self.emit(pos, |map| Body::DefenderHolds(map(c)))?;
                return Ok(());
            }
            DefenderFacts::AttackerWins => {
                return Err(inconsistent("a held defender node is lost"))
            }
            DefenderFacts::Exhausted => pos
                .empty_cells()
                .lowest()
                .map(|c| vec![c as u16])
                .ok_or_else(|| inconsistent("a held defender node on a full board"))?,
            DefenderFacts::Search { moves } => moves,
        };
        // The table's move is the reply the search found to hold (the checker will see if a
        // hash collision ever says otherwise); other replies are searched.
        let stored = self.search.probe(pos);
        let mut chosen = match stored {
            (Some(false), Some(r)) => Some(r),
            _ => None,
        };
        for &r in moves.iter().filter(|_| chosen.is_none()) {
            pos.play_unchecked(r as usize);
            let holds = pos.winner().is_some()
                || pos.empty_cells().is_empty()
                || !self.search.attacker_node(pos);
            pos.undo_unchecked();
            if holds {
                chosen = Some(r as usize);
                break;
            }
        }
        let r = chosen.ok_or_else(|| inconsistent("no holding reply found again"))?;
        if self.emit(pos, |map| Body::DefenderHolds(map(r)))? {
            pos.play_unchecked(r);
            let result = if pos.winner().is_some() || pos.empty_cells().is_empty() {
                Ok(())
            } else {
                self.attacker_fails(pos)
            };
            pos.undo_unchecked();
            result?;
        }
        Ok(())
    }

    /// Defender to move at the root of a "the other side cannot win" proof.
    pub fn root_defender_holds(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        self.defender_holds(pos)
    }

    /// Defender to move at the root of a "the other side wins" proof.
    pub fn root_defender_loses(&mut self, pos: &mut Position<B>) -> io::Result<()> {
        self.defender_loses(pos)
    }
}

/// A cell where the defender completes a line at once.
fn defender_threat<B: BitSet>(windows: &[B], defender: B, attacker: B) -> Option<usize> {
    windows
        .iter()
        .find(|&&w| w.and(attacker).is_empty() && w.and_not(defender).count() == 1)
        .and_then(|&w| w.and_not(defender).lowest())
}

fn map_pairs(pairs: &[Pair], map: &dyn Fn(usize) -> u16) -> Vec<Pair> {
    pairs
        .iter()
        .map(|&(a, b)| (map(a as usize), map(b as usize)))
        .collect()
}
