//! Checkpoints: the settled positions of a prover's table, saved and read back so that a
//! proof that takes hours survives a restart. Every entry of the proof table is a settled
//! position ("the attacker wins" or "it does not"), so the file holds nothing provisional;
//! reading it into a smaller table keeps the table within its bound (entries displace each
//! other as in a search). The engine reads and writes streams; the caller owns the file.

use super::Prover;
use crate::rules::Rules;
use crate::score::Bound;
use std::io::{self, Read, Write};

/// The first bytes of every checkpoint.
const MAGIC: &[u8; 8] = b"MNKCKPT1";

/// Bytes per saved position: key, verdict, move, work.
const ENTRY_BYTES: usize = 8 + 1 + 2 + 1;

/// Why a checkpoint could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The stream failed.
    #[error("the checkpoint could not be read: {0}")]
    Io(#[from] io::Error),
    /// The bytes are not a checkpoint.
    #[error("the checkpoint is malformed: {0}")]
    Malformed(&'static str),
    /// The checkpoint belongs to other rules.
    #[error("the checkpoint is for {found}, not {expected}")]
    OtherRules {
        /// The rules in the file.
        found: String,
        /// The rules of the proof.
        expected: String,
    },
}

fn rules_text(w: u8, h: u8, k: u8) -> String {
    format!("{w}x{h}/{k}")
}

impl Prover {
    /// Writes every settled position of the table; returns how many.
    pub fn save_settled(&self, rules: Rules, out: &mut dyn Write) -> io::Result<u64> {
        out.write_all(MAGIC)?;
        out.write_all(&[rules.width() as u8, rules.height() as u8, rules.k() as u8])?;
        let mut n = 0;
        for (key, entry, work) in self.table.entries() {
            let mut rec = [0u8; ENTRY_BYTES];
            rec[..8].copy_from_slice(&key.to_le_bytes());
            rec[8] = entry.score as i8 as u8;
            rec[9..11].copy_from_slice(&entry.best.unwrap_or(u16::MAX).to_le_bytes());
            rec[11] = work;
            out.write_all(&rec)?;
            n += 1;
        }
        Ok(n)
    }

    /// Reads settled positions saved by [`Prover::save_settled`] for the same rules into the
    /// table; returns how many were read.
    pub fn load_settled(
        &mut self,
        rules: Rules,
        input: &mut dyn Read,
    ) -> Result<u64, CheckpointError> {
        let mut head = [0u8; 11];
        input
            .read_exact(&mut head)
            .map_err(|_| CheckpointError::Malformed("it is too short for a header"))?;
        if &head[..8] != MAGIC {
            return Err(CheckpointError::Malformed(
                "it does not start with an mnk checkpoint header (MNKCKPT1)",
            ));
        }
        let (w, h, k) = (head[8], head[9], head[10]);
        if (w as usize, h as usize, k as usize) != (rules.width(), rules.height(), rules.k()) {
            return Err(CheckpointError::OtherRules {
                found: rules_text(w, h, k),
                expected: rules_text(rules.width() as u8, rules.height() as u8, rules.k() as u8),
            });
        }
        let mut n = 0;
        let mut rec = [0u8; ENTRY_BYTES];
        loop {
            match read_full(input, &mut rec)? {
                0 => break,
                ENTRY_BYTES => {}
                _ => return Err(CheckpointError::Malformed("its last entry is cut short")),
            }
            let key = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
            let score = rec[8] as i8 as i32;
            if score != 1 && score != -1 {
                return Err(CheckpointError::Malformed("an entry holds no verdict"));
            }
            let best = u16::from_le_bytes([rec[9], rec[10]]);
            if best != u16::MAX && best as usize >= rules.cells() {
                return Err(CheckpointError::Malformed(
                    "an entry names a cell off the board",
                ));
            }
            let best = (best != u16::MAX).then_some(best);
            self.table.store(key, score, Bound::Exact, best, rec[11]);
            self.table.maybe_grow();
            n += 1;
        }
        Ok(n)
    }
}

/// Reads until `buf` is full or the stream ends; returns the bytes read.
fn read_full(input: &mut dyn Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::geometry::Geometry;
    use crate::position::Position;
    use crate::proof::ProofConfig;

    /// Proves the empty board of `rules`, saves what it settled, loads that into a fresh
    /// prover and proves again: the same value, the root and its first replies from the
    /// table (far fewer nodes). The checkpoint's bytes, and the prover that read them.
    fn saved_and_resumed<B: crate::bits::BitSet>(rules: Rules) -> (Vec<u8>, Prover) {
        let pos = Position::<B>::empty(Geometry::new(rules));
        let mut first = Prover::new(ProofConfig::default());
        let value = first.solve(&pos, &Budget::unlimited()).unwrap();
        let mut bytes = Vec::new();
        let saved = first.save_settled(rules, &mut bytes).unwrap();
        assert!(saved > 0);
        let mut second = Prover::new(ProofConfig::default());
        assert_eq!(
            second.load_settled(rules, &mut bytes.as_slice()).unwrap(),
            saved
        );
        assert_eq!(second.solve(&pos, &Budget::unlimited()).unwrap(), value);
        assert!(second.stats().nodes * 10 < first.stats().nodes);
        (bytes, second)
    }

    #[test]
    fn a_checkpoint_round_trips_and_settles_the_root_at_once() {
        let rules = Rules::new(5, 5, Some(4)).unwrap();
        let (bytes, mut second) = saved_and_resumed::<u64>(rules);
        let other = Rules::new(5, 5, Some(5)).unwrap();
        assert!(matches!(
            Prover::new(ProofConfig::default()).load_settled(other, &mut bytes.as_slice()),
            Err(CheckpointError::OtherRules { .. })
        ));
        assert!(matches!(
            second.load_settled(rules, &mut &bytes[..bytes.len() - 1]),
            Err(CheckpointError::Malformed(_))
        ));
        // A move off the board would index past the symmetry maps: refused, not a panic.
        let mut bad = bytes.clone();
        bad[11 + 9] = 200;
        bad[11 + 10] = 0;
        assert!(matches!(
            second.load_settled(rules, &mut bad.as_slice()),
            Err(CheckpointError::Malformed(_))
        ));
    }

    #[test]
    fn a_checkpoint_of_a_wide_board_round_trips() {
        // 66 cells: the keys and moves are the same 12 bytes an entry as on small boards.
        saved_and_resumed::<crate::bits::Wide>(Rules::new(11, 6, Some(6)).unwrap());
    }
}
