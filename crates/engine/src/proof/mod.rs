//! The proof search: settles a position by asking "can this side force a line?" over an
//! AND/OR tree, with the defender's knowledge ending most branches early (pairing strategies
//! at a node and after a free defender move, lines dead for the attacker, cells dead for both
//! sides as one class) and the attacker's (immediate wins, forced blocks, double threats, and
//! wins by continuous fours that leave the defender only the replies in their zone: see
//! `proof/threat_zone.rs`).
//! It shares the rules, the bitboards, the canonical hash and the bounded table with the
//! exact solver, and it can write what it proved as a certificate that the independent
//! checker in [`crate::certificate`] verifies.
//!
//! A position's value follows from two questions: the side to move wins if it can force a
//! line; otherwise it loses if the other side can force one with it to move; otherwise it is
//! a draw. On the empty board the second question is answered by strategy stealing (the
//! second player never wins there), and then every first move draws: a first move after which
//! the second player could win would give the first player a win from the empty board.
//! The proof itself measures no distance (a win is a win in some number of plies); the
//! distance search (the private module `distance`) measures it afterwards, bounded in depth.

pub mod checkpoint;
mod classes;
mod distance;
mod horizon;
mod knowledge;
mod merge;
pub mod pairing;
mod parallel;
mod search;
pub mod split;
mod threat_zone;
mod writer;

use crate::bits::BitSet;
use crate::budget::Budget;
use crate::certificate::format::{write_header, Header, Layout};
use crate::error::SearchError;
use crate::position::Position;
use crate::progress::Progress;
use crate::score::Wdl;
use crate::side::Side;
use crate::solver::tt::Table;
use knowledge::Knowledge;
use search::{Search, TableRef};
use std::io::{self, Write};

use std::sync::Arc;

pub use merge::{MergeError, MergeSummary};

/// Proof search switches.
#[derive(Clone, Copy, Debug)]
pub struct ProofConfig {
    /// Table size in MiB (at least 1: the search keeps what it settled there). A prover owns
    /// its table from when it is made, so this is the one owner of its size: a caller that
    /// hands a prover to [`crate::exact::prove`] sizes it here, and a [`crate::Go`]'s table size
    /// applies only where the entry point makes the prover itself ([`crate::exact::solve`]).
    pub hash_mib: usize,
    /// Steps each pairing search may take.
    pub pairing_steps: u32,
    /// Free defender moves tried for a relevance zone at each attacker node.
    pub zone_tries: usize,
    /// Whether a defender node searches only the replies that can stop the attacker's win by
    /// continuous fours, where it has one (see `proof/threat_zone.rs`).
    pub threat_zones: bool,
    /// Steps of the quick pairing look-ahead over the replies at defender nodes (0: none).
    pub quick_steps: u32,
    /// Replies (best first) the quick look-ahead tries at a defender node. Where none of
    /// the first ones leads to a pairing, later ones rarely do (measured on 7x7/5 before the
    /// defender tried killer replies first: a quarter faster with 16 than with every reply;
    /// the helper that added the killers found 16 still the best).
    pub quick_replies: usize,
    /// Threads that settle the attacker's root moves (0: every core on boards with at least
    /// 40 empty cells, one otherwise). One thread keeps the search and
    /// its counters repeatable; more give the same answers.
    pub threads: usize,
    /// The table doubles (within `hash_mib`) once one slot in this many is used. A proof
    /// alone needs little ([`GROW_FOR_PROOF`]); a certificate needs more kept
    /// ([`GROW_FOR_CERTIFICATE`]), since its writer searches again every settled position
    /// the table lost to a collision.
    pub grow_at_one_in: usize,
    /// Nodes one thread gives a class of the moves that may keep a draw before putting it
    /// aside for all the threads together, so that no thread is left alone on a long one at
    /// the end; only with more than one thread.
    pub class_share_nodes: u64,
}

/// [`ProofConfig::grow_at_one_in`] for a proof alone: a quarter full.
pub const GROW_FOR_PROOF: usize = 4;

/// [`ProofConfig::grow_at_one_in`] for a proof whose certificate is written: measured on
/// 7x7/5 (one thread) before the defender tried killer replies first, the proof and its
/// certificate took 919 k nodes in all instead of 1.55 M, and 1.31 M records (10.7 MB)
/// instead of 2.19 M (17.2 MB), in a 256 MiB table. With killers the whole certificate is
/// 20 k records; the proof's test `a_table_kept_roomier_for_a_certificate_searches_less_again`
/// checks that the roomier table still searches less there.
pub const GROW_FOR_CERTIFICATE: usize = 16;

/// What the check after a pass may spend (see `Prover::holds_after_a_pass`) beyond twice what
/// the first move's own check took, in nodes.
const PASS_NODES: u64 = 1_000;

/// Empty cells from which `threads: 0` searches with every core (7x6 and larger; smaller
/// boards take milliseconds and keep repeatable counters).
pub(crate) const PARALLEL_FROM_EMPTY: usize = 40;

impl Default for ProofConfig {
    fn default() -> Self {
        ProofConfig {
            hash_mib: crate::solver::DEFAULT_HASH_MIB,
            pairing_steps: pairing::DEFAULT_PAIRING_STEPS,
            zone_tries: 8,
            threat_zones: true,
            quick_steps: 50,
            quick_replies: 16,
            threads: 1,
            grow_at_one_in: GROW_FOR_PROOF,
            class_share_nodes: classes::CLASS_SHARE_NODES,
        }
    }
}

/// Work counters of the proof search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProofStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes settled by the table.
    pub table_hits: u64,
    /// Pairing searches run.
    pub pairing_calls: u64,
    /// Attacker nodes refuted by a pairing at once.
    pub pairings: u64,
    /// Attacker nodes whose moves were cut down to a relevance zone.
    pub zones: u64,
    /// Defender nodes whose replies were cut down to the attacker's threat zone.
    pub threat_zones: u64,
    /// Classes of the moves that may keep a draw that one thread put aside and all the
    /// threads then checked together ([`ProofConfig::class_share_nodes`]).
    pub classes_shared: u64,
    /// Table slots in use.
    pub table_used: usize,
    /// Table slots in all.
    pub table_capacity: usize,
}

/// A settled position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofSolution {
    /// The value for the side to move.
    pub value: Wdl,
    /// For a draw, every move that keeps the draw; empty for a win or a loss (the proof
    /// measures no distance, so it cannot rank them: the distance search gives the fastest
    /// win and the slowest loss, see [`crate::exact::report_proof`]).
    pub best_moves: Vec<usize>,
    /// The empty-board shortcut (strategy stealing) was used.
    pub strategy_stealing: bool,
}

/// What a written certificate holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CertificateSummary {
    /// Records written.
    pub records: u64,
}

/// The proof search with its table; reuse it to keep what it settled.
pub struct Prover {
    config: ProofConfig,
    table: Table,
    /// The budget of the public search in progress (each one is handed its own).
    budget: Budget,
    progress: Arc<Progress>,
    stats: ProofStats,
    /// The size in MiB a table shared by threads starts at (see [`parallel`]).
    shared_start_mib: usize,
    /// The distance search's table (see [`Prover::win_distance`]), made on first use with
    /// the same bound as the proof's.
    distance: Option<Table>,
}

impl Prover {
    /// A prover with the given switches.
    pub fn new(config: ProofConfig) -> Self {
        let mib = config.hash_mib.clamp(1, crate::solver::MAX_HASH_MIB);
        Prover {
            config,
            table: Table::new(mib),
            budget: Budget::unlimited(),
            progress: Arc::new(Progress::default()),
            stats: ProofStats::default(),
            shared_start_mib: parallel::SHARED_TABLE_MIB,
            distance: None,
        }
    }

    /// Sets the threads that settle the attacker's root moves (see [`ProofConfig::threads`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.config.threads = threads;
    }

    /// Makes the prover publish nodes, settled root moves and table fill into `progress`.
    pub fn set_progress(&mut self, progress: Arc<Progress>) {
        self.progress = progress;
    }

    /// Counters since the prover was made.
    pub fn stats(&self) -> ProofStats {
        ProofStats {
            table_used: self.table.used(),
            table_capacity: self.table.capacity(),
            ..self.stats
        }
    }

    /// Runs `job` with a search for `attacker` over this prover's table; a stoppable search
    /// that was stopped reports `Stopped`.
    fn with_search<B: BitSet, R>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
        stoppable: bool,
        job: impl FnOnce(&mut Search<'_, B>) -> R,
    ) -> Result<R, SearchError> {
        let geo = pos.geometry().clone();
        let knowledge = self.knowledge(&geo);
        let unbounded = Budget::unlimited();
        let budget = if stoppable { &self.budget } else { &unbounded };
        let mut search = Search::new(
            knowledge,
            TableRef::Own(&mut self.table),
            attacker,
            budget,
            &self.progress,
            &mut self.stats,
        );
        search.grow_at_one_in = self.config.grow_at_one_in;
        let result = job(&mut search);
        search.flush();
        if let Some(why) = search.stopped {
            return Err(SearchError::Stopped(why));
        }
        Ok(result)
    }

    /// A node's knowledge on the board of `geo`, with a fresh pairing finder.
    fn knowledge<'g, B: BitSet>(&self, geo: &'g crate::geometry::Geometry<B>) -> Knowledge<'g, B> {
        Knowledge {
            geometry: geo,
            full: geo.full(),
            pairing_steps: self.config.pairing_steps,
            zone_tries: self.config.zone_tries,
            threat_zones: self.config.threat_zones,
            quick_steps: self.config.quick_steps,
            quick_replies: self.config.quick_replies,
            finder: pairing::PairingFinder::new(),
            weight: vec![0; geo.rules().cells()],
            keys: Vec::new(),
            threes: Vec::new(),
        }
    }

    pub(crate) fn check<B: BitSet>(pos: &Position<B>) -> Result<(), SearchError> {
        // Its pairing strategies and threat logic assume that K or more wins.
        if pos.rules().rule() != crate::rules::Rule::Freestyle {
            return Err(SearchError::ExactKUnsupported {
                what: "the proof search",
            });
        }
        Ok(pos.unfinished()?)
    }

    /// Whether `attacker` can force a line from `pos` (whoever is to move there), within
    /// `budget` (a stop flag, nodes, a deadline): a search that runs out of it returns
    /// `Stopped` with the reason, and what it settled stays in the table.
    pub(crate) fn can_force_line<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
        budget: &Budget,
    ) -> Result<bool, SearchError> {
        self.budget = budget.clone();
        self.force_line(pos, attacker)
    }

    /// [`Prover::can_force_line`] within the budget already set.
    fn force_line<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
    ) -> Result<bool, SearchError> {
        Self::check(pos)?;
        let threads = self.threads_for(pos);
        if threads > 1 && pos.to_move() == attacker {
            return self.root_in_parallel(pos, attacker, threads);
        }
        let mut p = pos.clone();
        self.with_search(pos, attacker, true, |s| {
            s.root_stones = Some(p.stone_count());
            if p.to_move() == attacker {
                s.attacker_node(&mut p)
            } else {
                s.defender_node(&mut p)
            }
        })
    }

    /// The defender's reply that held at `pos` (the defender to move) when a search for
    /// `attacker` last settled it as not winning, if the table still has it: a move that
    /// keeps `attacker` from forcing a line, in the board's frame.
    pub(crate) fn held_reply<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
    ) -> Option<usize> {
        self.with_search(pos, attacker, false, |s| match s.probe(pos) {
            (Some(false), reply) => reply,
            _ => None,
        })
        .ok()
        .flatten()
    }

    /// The threads that search `pos` (see [`ProofConfig::threads`]).
    fn threads_for<B: BitSet>(&self, pos: &Position<B>) -> usize {
        match self.config.threads {
            0 if pos.empty_cells().count() as usize >= PARALLEL_FROM_EMPTY => {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            }
            0 => 1,
            n => n,
        }
    }

    /// The value of `pos` for the side to move and its best moves (see [`ProofSolution`]),
    /// within `budget` (as [`Prover::can_force_line`]).
    pub(crate) fn solve<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        budget: &Budget,
    ) -> Result<ProofSolution, SearchError> {
        self.budget = budget.clone();
        Self::check(pos)?;
        let me = pos.to_move();
        let classes = root_classes(pos);
        let total = classes.iter().map(|c| c.len()).sum();
        // First moves are settled as "not winning" while the first question runs; once the
        // value is proven a draw, the counters start again for the check of which moves keep
        // it (they are not added twice).
        self.progress.set_proven(None);
        self.progress.start_root(total);
        let all: Vec<usize> = pos.legal_moves().cells().collect();
        if self.force_line(pos, me)? {
            self.progress.set_proven(Some(Wdl::Win));
            return Ok(ProofSolution {
                value: Wdl::Win,
                best_moves: Vec::new(),
                strategy_stealing: false,
            });
        }
        if pos.stone_count() == 0 {
            self.progress.set_proven(Some(Wdl::Draw));
            self.progress.start_root(total);
            self.progress.settle(all.len(), true, false);
            return Ok(ProofSolution {
                value: Wdl::Draw,
                best_moves: all,
                strategy_stealing: true,
            });
        }
        if self.force_line(pos, me.other())? {
            self.progress.set_proven(Some(Wdl::Loss));
            return Ok(ProofSolution {
                value: Wdl::Loss,
                best_moves: Vec::new(),
                strategy_stealing: false,
            });
        }
        self.progress.set_proven(Some(Wdl::Draw));
        self.progress.start_root(total);
        // The first class on its own: when it holds, one check after a pass may settle all
        // the others, and it may spend about what two classes' checks cost.
        let before = self.stats.nodes;
        let mut holds = self.classes_that_hold(pos, &classes[..1], 1)?;
        let allowance = 2 * (self.stats.nodes - before) + PASS_NODES;
        if holds[0] && classes.len() > 1 && self.holds_after_a_pass(pos, allowance)? == Some(true) {
            self.progress.settle(total - classes[0].len(), true, false);
            return Ok(ProofSolution {
                value: Wdl::Draw,
                best_moves: all,
                strategy_stealing: false,
            });
        }
        let threads = self.threads_for(pos);
        holds.extend(self.classes_that_hold(pos, &classes[1..], threads)?);
        let mut best: Vec<usize> = (classes.iter().zip(holds))
            .filter(|(_, holds)| *holds)
            .flat_map(|(class, _)| class.iter().copied())
            .collect();
        best.sort_unstable();
        Ok(ProofSolution {
            value: Wdl::Draw,
            best_moves: best,
            strategy_stealing: false,
        })
    }

    /// Whether the side not to move in `pos` fails to force a line even if the side to move
    /// passes, tried within `nodes` more nodes (`None`: not settled within them; the caller's
    /// budget still stops the search with its own reason).
    ///
    /// When it fails, every move of a drawn `pos` keeps the draw: after any move the mover
    /// has one stone more than after the pass, and under the freestyle rule (the only one
    /// this search plays) an extra stone never harms its owner, since whatever the opponent
    /// could force against the position with it they could force without it. So one search
    /// can stand for one per move.
    fn holds_after_a_pass<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        nodes: u64,
    ) -> Result<Option<bool>, SearchError> {
        let outer = self.budget.clone();
        let limit = self.stats.nodes.saturating_add(nodes);
        let limit = outer.node_limit().map_or(limit, |n| n.min(limit));
        self.budget = outer.clone().with_node_limit(limit);
        let passed = pos.passed();
        let mut p = passed.clone();
        let result = self.with_search(&passed, pos.to_move().other(), true, |s| {
            !s.attacker_node(&mut p)
        });
        self.budget = outer;
        match result {
            Ok(holds) => Ok(Some(holds)),
            // Out of its own nodes, or of the caller's budget (then with the caller's reason).
            Err(SearchError::Stopped(_)) => match self.budget.exhausted(self.stats.nodes) {
                Some(why) => Err(SearchError::Stopped(why)),
                None => Ok(None),
            },
            Err(e) => Err(e),
        }
    }

    /// Writes the certificate of a solution [`Prover::solve`] gave for `pos`; the records
    /// come from this prover's table (anything it lost is searched again).
    pub(crate) fn write_certificate<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        solution: &ProofSolution,
        out: &mut dyn Write,
    ) -> io::Result<CertificateSummary> {
        let rules = pos.rules();
        let me = pos.to_move();
        write_header(
            out,
            &header(
                rules,
                (pos.stones(Side::X), pos.stones(Side::O), me),
                solution.value,
                solution.strategy_stealing,
            ),
        )?;
        let mut records = 0;
        match solution.value {
            Wdl::Win => records += self.write_records(pos, me, out, |w, p| w.attacker_wins(p))?,
            Wdl::Loss => {
                records +=
                    self.write_records(pos, me.other(), out, |w, p| w.root_defender_loses(p))?
            }
            Wdl::Draw => {
                records += self.write_records(pos, me, out, |w, p| w.attacker_fails(p))?;
                if !solution.strategy_stealing {
                    records +=
                        self.write_records(pos, me.other(), out, |w, p| w.root_defender_holds(p))?;
                }
            }
        }
        Ok(CertificateSummary { records })
    }

    /// Writes the records that prove one question about `pos` (`part` picks the record kind at
    /// the root), from this prover's table; anything it lost is searched again.
    fn write_records<B: BitSet>(
        &mut self,
        pos: &Position<B>,
        attacker: Side,
        out: &mut dyn Write,
        part: fn(&mut writer::Writer<'_, '_, '_, B>, &mut Position<B>) -> io::Result<()>,
    ) -> io::Result<u64> {
        let mut p = pos.clone();
        let layout = Layout::for_cells(pos.rules().cells());
        self.with_search(pos, attacker, false, |s| {
            let mut w = writer::Writer {
                search: s,
                out,
                written: Default::default(),
                layout,
                records: 0,
            };
            part(&mut w, &mut p).map(|()| w.records)
        })
        .map_err(io::Error::other)?
    }

    /// Writes the certificate part of one job of a split proof: the records (no header) that
    /// prove what [`Prover::can_force_line`] answered for `attacker` from `pos` (`wins`), the
    /// first one about `pos` itself. [`split::Split::write_certificate`] merges the parts
    /// (splits cover boards of up to 64 cells).
    pub(crate) fn write_part(
        &mut self,
        pos: &Position<u64>,
        attacker: Side,
        wins: bool,
        out: &mut dyn Write,
    ) -> io::Result<CertificateSummary> {
        let records = match (pos.to_move() == attacker, wins) {
            (true, true) => self.write_records(pos, attacker, out, |w, p| w.attacker_wins(p)),
            (true, false) => self.write_records(pos, attacker, out, |w, p| w.attacker_fails(p)),
            (false, true) => {
                self.write_records(pos, attacker, out, |w, p| w.root_defender_loses(p))
            }
            (false, false) => {
                self.write_records(pos, attacker, out, |w, p| w.root_defender_holds(p))
            }
        }?;
        Ok(CertificateSummary { records })
    }
}

/// A certificate's header: the rules, the root (x's and o's stones, the side to move), the
/// value proven for the side to move and whether strategy stealing stands for the second
/// question.
fn header<B: BitSet>(
    rules: crate::rules::Rules,
    (x, o, to_move): (B, B, Side),
    value: Wdl,
    strategy_stealing: bool,
) -> Header {
    let words = Layout::for_cells(rules.cells()).words();
    Header {
        width: rules.width() as u8,
        height: rules.height() as u8,
        k: rules.k() as u8,
        x: x.words()[..words].to_vec(),
        o: o.words()[..words].to_vec(),
        to_move,
        claim: value,
        strategy_stealing,
    }
}

/// The legal moves grouped by the symmetry class of the position they lead to, in cell order.
fn root_classes<B: BitSet>(pos: &Position<B>) -> Vec<Vec<usize>> {
    let mut p = pos.clone();
    let mut keys: Vec<u64> = Vec::new();
    let mut classes: Vec<Vec<usize>> = Vec::new();
    for cell in pos.legal_moves().cells() {
        p.play_unchecked(cell);
        let key = p.canonical_hash().0;
        p.undo_unchecked();
        match keys.iter().position(|&k| k == key) {
            Some(i) => classes[i].push(cell),
            None => {
                keys.push(key);
                classes.push(vec![cell]);
            }
        }
    }
    classes
}

#[cfg(test)]
mod tests;
