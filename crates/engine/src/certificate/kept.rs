//! The records the checker keeps while it reads, packed: 24 bytes a record in one list, the
//! pairs of all records in another, and an index of 4-byte slots that finds a record by its
//! position. A certificate of a million records takes tens of megabytes, not hundreds, and
//! nothing is allocated per record.

use super::format::{Body, Pair, Record, Refutation};
use crate::side::Side;
use hashbrown::HashTable;
use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;

/// What a kept record claims, with its pairs borrowed from the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Evidence<'a> {
    /// Attacker to move: this move wins.
    AttackerWins(u8),
    /// Defender to move: every reply loses.
    DefenderLoses,
    /// Attacker to move: these pairs cover every live attacker line.
    Pairing(&'a [Pair]),
    /// Attacker to move: no live line can be filled with the moves left.
    Exhausted,
    /// Attacker to move: every move is answered, by a record or by the default reply and its
    /// pairing.
    Moves(Option<(u8, &'a [Pair])>),
    /// Defender to move: this reply holds.
    DefenderHolds(u8),
}

/// The kind of a record, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    AttackerWins,
    DefenderLoses,
    Pairing,
    Exhausted,
    Moves,
    MovesWithDefault,
    DefenderHolds,
}

/// One record: its position and a packed body (the side to move follows from the kind and
/// the attacker, as in [`Record::to_move`]).
#[derive(Clone, Copy, Debug)]
struct Packed {
    x: u64,
    o: u64,
    pairs_start: u32,
    kind: Kind,
    attacker: Side,
    cell: u8,
    pairs_len: u8,
}

impl Packed {
    fn to_move(self) -> Side {
        match self.kind {
            Kind::DefenderLoses | Kind::DefenderHolds => self.attacker.other(),
            _ => self.attacker,
        }
    }

    fn key(self) -> (u64, u64, Side, Side) {
        (self.x, self.o, self.to_move(), self.attacker)
    }
}

/// Why a record could not be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KeepError {
    /// The same position, side to move and attacker came before.
    Repeated,
    /// The store's indexes (32 bits) would overflow.
    Full,
}

/// The checker's records, found by (canonical stones, side to move, attacker).
#[derive(Default)]
pub(super) struct Kept {
    records: Vec<Packed>,
    pairs: Vec<Pair>,
    index: HashTable<u32>,
    hasher: RandomState,
}

impl Kept {
    /// Records kept.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    fn hash(hasher: &RandomState, key: (u64, u64, Side, Side)) -> u64 {
        hasher.hash_one(key)
    }

    /// Keeps a record, unless its position was kept before.
    pub fn insert(&mut self, record: Record) -> Result<(), KeepError> {
        let slot = u32::try_from(self.records.len()).map_err(|_| KeepError::Full)?;
        let pairs_start = u32::try_from(self.pairs.len()).map_err(|_| KeepError::Full)?;
        let (kind, cell, pairs): (Kind, u8, &[Pair]) = match &record.body {
            Body::AttackerWins(m) => (Kind::AttackerWins, *m, &[]),
            Body::DefenderLoses => (Kind::DefenderLoses, 0, &[]),
            Body::AttackerFails(Refutation::Pairing(p)) => (Kind::Pairing, 0, p),
            Body::AttackerFails(Refutation::Exhausted) => (Kind::Exhausted, 0, &[]),
            Body::AttackerFails(Refutation::Moves { default: None }) => (Kind::Moves, 0, &[]),
            Body::AttackerFails(Refutation::Moves {
                default: Some((r, p)),
            }) => (Kind::MovesWithDefault, *r, p),
            Body::DefenderHolds(r) => (Kind::DefenderHolds, *r, &[]),
        };
        // The format writes the number of pairs in one byte.
        let pairs_len = u8::try_from(pairs.len()).map_err(|_| KeepError::Full)?;
        let packed = Packed {
            x: record.x,
            o: record.o,
            pairs_start,
            kind,
            attacker: record.attacker,
            cell,
            pairs_len,
        };
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
        self.pairs.extend_from_slice(pairs);
        Ok(())
    }

    fn evidence(&self, p: &Packed) -> Evidence<'_> {
        let pairs = || {
            let start = p.pairs_start as usize;
            &self.pairs[start..start + p.pairs_len as usize]
        };
        match p.kind {
            Kind::AttackerWins => Evidence::AttackerWins(p.cell),
            Kind::DefenderLoses => Evidence::DefenderLoses,
            Kind::Pairing => Evidence::Pairing(pairs()),
            Kind::Exhausted => Evidence::Exhausted,
            Kind::Moves => Evidence::Moves(None),
            Kind::MovesWithDefault => Evidence::Moves(Some((p.cell, pairs()))),
            Kind::DefenderHolds => Evidence::DefenderHolds(p.cell),
        }
    }

    /// The record of canonical stones `x`, `o` with `to_move` to move and `attacker`
    /// attacking.
    pub fn get(&self, x: u64, o: u64, to_move: Side, attacker: Side) -> Option<Evidence<'_>> {
        let key = (x, o, to_move, attacker);
        self.index
            .find(Self::hash(&self.hasher, key), |&i| {
                self.records[i as usize].key() == key
            })
            .map(|&i| self.evidence(&self.records[i as usize]))
    }

    /// Every record: its key (stones, side to move, attacker) and its evidence.
    pub fn iter(&self) -> impl Iterator<Item = ((u64, u64, Side, Side), Evidence<'_>)> {
        self.records.iter().map(|p| (p.key(), self.evidence(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(x: u64, o: u64, attacker: Side, body: Body) -> Record {
        Record {
            attacker,
            x,
            o,
            body,
        }
    }

    #[test]
    fn a_kept_record_is_found_by_its_key_with_its_pairs_and_a_repeat_is_refused() {
        let mut kept = Kept::default();
        let pairs_a = vec![(1, 2), (3, 4)];
        let pairs_b = vec![(5, 6)];
        let a = Body::AttackerFails(Refutation::Pairing(pairs_a.clone()));
        let b = Body::AttackerFails(Refutation::Moves {
            default: Some((9, pairs_b.clone())),
        });
        kept.insert(record(1, 0, Side::O, a.clone())).unwrap();
        kept.insert(record(1, 0, Side::X, b)).unwrap();
        kept.insert(record(1, 0, Side::X, Body::DefenderHolds(7)))
            .unwrap();
        assert_eq!(kept.len(), 3);
        assert_eq!(
            kept.get(1, 0, Side::O, Side::O),
            Some(Evidence::Pairing(&pairs_a))
        );
        assert_eq!(
            kept.get(1, 0, Side::X, Side::X),
            Some(Evidence::Moves(Some((9, &pairs_b))))
        );
        // The defender's record: o to move, x attacking.
        assert_eq!(
            kept.get(1, 0, Side::O, Side::X),
            Some(Evidence::DefenderHolds(7))
        );
        assert_eq!(kept.get(1, 0, Side::X, Side::O), None);
        assert_eq!(kept.get(2, 0, Side::O, Side::O), None);
        assert_eq!(
            kept.insert(record(1, 0, Side::O, Body::AttackerWins(3))),
            Err(KeepError::Repeated)
        );
        assert_eq!(kept.len(), 3);
        assert_eq!(kept.iter().count(), 3);
    }

    #[test]
    fn a_packed_record_takes_24_bytes() {
        assert_eq!(size_of::<Packed>(), 24);
    }
}
