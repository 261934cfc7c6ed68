//! The records the checker keeps while it reads, packed: 24 bytes a record on boards of up to
//! 64 cells (its stone sets are wider on larger boards) in one list, the pairs of all records
//! in another (a byte a cell, two on boards of more than 256 cells), and an index of 4-byte
//! slots that finds a record by its position. A certificate of a million records takes tens of
//! megabytes, not hundreds, and nothing is allocated per record.

use super::format::{Body, Pair, Record, Refutation};
use crate::bits::BitSet;
use crate::side::Side;
use hashbrown::HashTable;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

/// The pairs of a kept record, as stored: cell after cell, one or two bytes (little-endian)
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pairs<'a> {
    bytes: &'a [u8],
    cell_bytes: usize,
}

impl<'a> Pairs<'a> {
    /// The pairs, in the order they were written.
    pub fn iter(self) -> impl Iterator<Item = (usize, usize)> + 'a {
        let cell_bytes = self.cell_bytes;
        let cell = move |b: &[u8]| match cell_bytes {
            1 => b[0] as usize,
            _ => u16::from_le_bytes([b[0], b[1]]) as usize,
        };
        self.bytes
            .chunks_exact(2 * cell_bytes)
            .map(move |p| (cell(&p[..cell_bytes]), cell(&p[cell_bytes..])))
    }

    /// How many pairs.
    pub fn len(self) -> usize {
        self.bytes.len() / (2 * self.cell_bytes)
    }
}

/// What a kept record claims, with its pairs borrowed from the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Evidence<'a> {
    /// Attacker to move: this move wins.
    AttackerWins(u16),
    /// Defender to move: every reply loses.
    DefenderLoses,
    /// Attacker to move: these pairs cover every live attacker line.
    Pairing(Pairs<'a>),
    /// Attacker to move: no live line can be filled with the moves left.
    Exhausted,
    /// Attacker to move: every move is answered, by a record or by the default reply and its
    /// pairing.
    Moves(Option<(u16, Pairs<'a>)>),
    /// Defender to move: this reply holds.
    DefenderHolds(u16),
}

/// The kind of a record, as stored (bits 0-2 of [`Packed::tag`]).
const ATTACKER_WINS: u8 = 0;
const DEFENDER_LOSES: u8 = 1;
const PAIRING: u8 = 2;
const EXHAUSTED: u8 = 3;
const MOVES: u8 = 4;
const MOVES_WITH_DEFAULT: u8 = 5;
const DEFENDER_HOLDS: u8 = 6;
/// Bit 3 of [`Packed::tag`]: o attacks.
const O_ATTACKS: u8 = 8;

/// One record: its position and a packed body (the side to move follows from the kind and
/// the attacker, as in [`Record::to_move`]). Its pairs run from `pairs_start` to the next
/// record's.
#[derive(Clone, Copy, Debug)]
struct Packed<B> {
    x: B,
    o: B,
    /// Where its pairs start in the shared list (bytes).
    pairs_start: u32,
    cell: u16,
    /// The kind and the attacker.
    tag: u8,
}

impl<B: BitSet> Packed<B> {
    fn attacker(self) -> Side {
        if self.tag & O_ATTACKS == 0 {
            Side::X
        } else {
            Side::O
        }
    }

    fn to_move(self) -> Side {
        match self.tag & 7 {
            DEFENDER_LOSES | DEFENDER_HOLDS => self.attacker().other(),
            _ => self.attacker(),
        }
    }

    fn key(self) -> (B, B, Side, Side) {
        (self.x, self.o, self.to_move(), self.attacker())
    }
}

/// Why a record could not be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KeepError {
    /// The same position, side to move and attacker came before.
    Repeated,
    /// The store's indexes (32 bits) would overflow.
    Full,
    /// A pair names a cell past any the board has (and past what the store keeps of it).
    OffBoard,
}

/// The checker's records, found by (canonical stones, side to move, attacker).
pub(super) struct Kept<B> {
    records: Vec<Packed<B>>,
    /// Every record's pair cells, in the records' order.
    pairs: Vec<u8>,
    /// Bytes a cell of a pair takes: 1, or 2 on boards of more than 256 cells.
    cell_bytes: usize,
    index: HashTable<u32>,
    hasher: RandomState,
}

/// The bytes one kept record takes with stone sets `B` (24 with one machine word a side).
pub(super) fn record_bytes<B: BitSet>() -> usize {
    size_of::<Packed<B>>()
}

impl<B: BitSet> Kept<B> {
    /// An empty store for a board of `cells` cells.
    pub fn new(cells: usize) -> Self {
        Kept {
            records: Vec::new(),
            pairs: Vec::new(),
            cell_bytes: if cells <= 256 { 1 } else { 2 },
            index: HashTable::new(),
            hasher: RandomState::new(),
        }
    }

    /// Records kept.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    fn hash(hasher: &RandomState, key: (B, B, Side, Side)) -> u64 {
        hasher.hash_one(key)
    }

    /// Keeps a record, unless its position was kept before. Its cells must be on the board
    /// (the pairs' too: the caller checks them against the board's size).
    pub fn insert(&mut self, record: Record<B>) -> Result<(), KeepError> {
        let slot = u32::try_from(self.records.len()).map_err(|_| KeepError::Full)?;
        let pairs_start = u32::try_from(self.pairs.len()).map_err(|_| KeepError::Full)?;
        let (kind, cell, pairs): (u8, u16, &[Pair]) = match &record.body {
            Body::AttackerWins(m) => (ATTACKER_WINS, *m, &[]),
            Body::DefenderLoses => (DEFENDER_LOSES, 0, &[]),
            Body::AttackerFails(Refutation::Pairing(p)) => (PAIRING, 0, p),
            Body::AttackerFails(Refutation::Exhausted) => (EXHAUSTED, 0, &[]),
            Body::AttackerFails(Refutation::Moves { default: None }) => (MOVES, 0, &[]),
            Body::AttackerFails(Refutation::Moves {
                default: Some((r, p)),
            }) => (MOVES_WITH_DEFAULT, *r, p),
            Body::DefenderHolds(r) => (DEFENDER_HOLDS, *r, &[]),
        };
        let attacker = if record.attacker == Side::O {
            O_ATTACKS
        } else {
            0
        };
        let packed = Packed {
            x: record.x,
            o: record.o,
            pairs_start,
            cell,
            tag: kind | attacker,
        };
        if self.cell_bytes == 1 && pairs.iter().any(|&(a, b)| a.max(b) > 255) {
            return Err(KeepError::OffBoard);
        }
        let key = packed.key();
        let hash = Self::hash(&self.hasher, key);
        let records = &self.records;
        if self
            .index
            .find(hash, |&i| records[i as usize].key() == key)
            .is_some()
        {
            return Err(KeepError::Repeated);
        }
        let hasher = &self.hasher;
        self.index.insert_unique(hash, slot, |&i| {
            Self::hash(hasher, records[i as usize].key())
        });
        self.records.push(packed);
        for &(a, b) in pairs {
            for c in [a, b] {
                self.pairs
                    .extend_from_slice(&c.to_le_bytes()[..self.cell_bytes]);
            }
        }
        Ok(())
    }

    fn evidence(&self, i: usize) -> Evidence<'_> {
        let p = self.records[i];
        let pairs = || {
            let start = p.pairs_start as usize;
            let end = self
                .records
                .get(i + 1)
                .map_or(self.pairs.len(), |n| n.pairs_start as usize);
            Pairs {
                bytes: &self.pairs[start..end],
                cell_bytes: self.cell_bytes,
            }
        };
        match p.tag & 7 {
            ATTACKER_WINS => Evidence::AttackerWins(p.cell),
            DEFENDER_LOSES => Evidence::DefenderLoses,
            PAIRING => Evidence::Pairing(pairs()),
            EXHAUSTED => Evidence::Exhausted,
            MOVES => Evidence::Moves(None),
            MOVES_WITH_DEFAULT => Evidence::Moves(Some((p.cell, pairs()))),
            _ => Evidence::DefenderHolds(p.cell),
        }
    }

    /// The record of canonical stones `x`, `o` with `to_move` to move and `attacker`
    /// attacking.
    pub fn get(&self, x: B, o: B, to_move: Side, attacker: Side) -> Option<Evidence<'_>> {
        let key = (x, o, to_move, attacker);
        self.index
            .find(Self::hash(&self.hasher, key), |&i| {
                self.records[i as usize].key() == key
            })
            .map(|&i| self.evidence(i as usize))
    }

    /// Every record: its key (stones, side to move, attacker) and its evidence.
    pub fn iter(&self) -> impl Iterator<Item = ((B, B, Side, Side), Evidence<'_>)> {
        (0..self.records.len()).map(|i| (self.records[i].key(), self.evidence(i)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::Wide;

    fn record<B>(x: B, o: B, attacker: Side, body: Body) -> Record<B> {
        Record {
            attacker,
            x,
            o,
            body,
        }
    }

    fn pairs_of(e: Option<Evidence<'_>>) -> Vec<(usize, usize)> {
        match e {
            Some(Evidence::Pairing(p)) | Some(Evidence::Moves(Some((_, p)))) => p.iter().collect(),
            _ => Vec::new(),
        }
    }

    fn keeps<B: BitSet>(cells: usize, far: usize) {
        let mut kept = Kept::<B>::new(cells);
        let one = B::single(0);
        let far16 = far as u16;
        let a = Body::AttackerFails(Refutation::Pairing(vec![(1, 2), (3, far16)]));
        let b = Body::AttackerFails(Refutation::Moves {
            default: Some((far16, vec![(5, 6)])),
        });
        kept.insert(record(one, B::default(), Side::O, a)).unwrap();
        kept.insert(record(one, B::default(), Side::X, b)).unwrap();
        kept.insert(record(one, B::default(), Side::X, Body::DefenderHolds(7)))
            .unwrap();
        assert_eq!(kept.len(), 3);
        let none = B::default();
        assert_eq!(
            pairs_of(kept.get(one, none, Side::O, Side::O)),
            vec![(1, 2), (3, far)]
        );
        assert!(matches!(
            kept.get(one, none, Side::X, Side::X),
            Some(Evidence::Moves(Some((r, p)))) if r == far16 && p.len() == 1
        ));
        assert_eq!(
            pairs_of(kept.get(one, none, Side::X, Side::X)),
            vec![(5, 6)]
        );
        // The defender's record: o to move, x attacking.
        assert_eq!(
            kept.get(one, none, Side::O, Side::X),
            Some(Evidence::DefenderHolds(7))
        );
        assert_eq!(kept.get(one, none, Side::X, Side::O), None);
        assert_eq!(kept.get(B::single(1), none, Side::O, Side::O), None);
        assert_eq!(
            kept.insert(record(one, none, Side::O, Body::AttackerWins(3))),
            Err(KeepError::Repeated)
        );
        assert_eq!(kept.len(), 3);
        assert_eq!(kept.iter().count(), 3);
    }

    #[test]
    fn a_kept_record_is_found_by_its_key_with_its_pairs_and_a_repeat_is_refused() {
        keeps::<u64>(64, 60);
        // Past 256 cells a cell of a pair takes two bytes.
        keeps::<Wide>(26 * 26, 600);
        keeps::<Wide>(9 * 9, 80);
    }

    #[test]
    fn a_packed_record_takes_24_bytes() {
        assert_eq!(size_of::<Packed<u64>>(), 24);
    }
}
