//! The certificate file format (see docs/certificate.md): a header naming the rules, the root
//! position and the claim, then one record per settled position, each position in its
//! canonical orientation with its moves and pairs in that frame. Plain bytes, read and written
//! as a stream; the CLI compresses the stream as a whole.

use crate::score::Wdl;
use crate::side::Side;
use std::io::{self, Read, Write};

/// The first bytes of every certificate.
pub const MAGIC: &[u8; 8] = b"MNKCERT1";

/// A pair of cells the defender splits.
pub type Pair = (u8, u8);

/// The certificate's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Stones in a row that win.
    pub k: u8,
    /// x's stones at the root (bit = cell, row by row from the top-left).
    pub x: u64,
    /// o's stones at the root.
    pub o: u64,
    /// The side to move at the root.
    pub to_move: Side,
    /// The value claimed for the side to move.
    pub claim: Wdl,
    /// "The second player cannot force a line" is taken from strategy stealing (empty boards
    /// only) instead of a disproof tree.
    pub strategy_stealing: bool,
}

/// Why an attacker to move cannot force a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// These pairs cover every live attacker line.
    Pairing(Vec<Pair>),
    /// No live attacker line can be filled with the moves the attacker has left.
    Exhausted,
    /// Every attacker move has a defender record after it, except those answered by the
    /// default: the defender's `reply`, after which `pairs` is a pairing (or the defender's
    /// reply completes its own line).
    Moves {
        /// The default answer and its pairing, if any.
        default: Option<(u8, Vec<Pair>)>,
    },
}

/// What one record says about its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Attacker to move: this move wins (completes a line, or leads to a `DefenderLoses`).
    AttackerWins(u8),
    /// Defender to move: every reply loses (the checker tries them all).
    DefenderLoses,
    /// Attacker to move: it cannot force a line.
    AttackerFails(Refutation),
    /// Defender to move: this reply holds.
    DefenderHolds(u8),
}

/// One settled position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The side trying to complete a line.
    pub attacker: Side,
    /// x's stones (canonical orientation).
    pub x: u64,
    /// o's stones (canonical orientation).
    pub o: u64,
    /// The claim and its evidence.
    pub body: Body,
}

impl Record {
    /// The side to move, which the kind of record fixes.
    pub fn to_move(&self) -> Side {
        match self.body {
            Body::AttackerWins(_) | Body::AttackerFails(_) => self.attacker,
            Body::DefenderLoses | Body::DefenderHolds(_) => self.attacker.other(),
        }
    }
}

fn side_byte(s: Side) -> u8 {
    s.index() as u8
}

/// Writes the header.
pub fn write_header(out: &mut dyn Write, h: &Header) -> io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&[h.width, h.height, h.k])?;
    out.write_all(&h.x.to_le_bytes())?;
    out.write_all(&h.o.to_le_bytes())?;
    let claim = match h.claim {
        Wdl::Win => 0,
        Wdl::Draw => 1,
        Wdl::Loss => 2,
    };
    out.write_all(&[side_byte(h.to_move), claim, h.strategy_stealing as u8])
}

fn write_pairs(out: &mut dyn Write, pairs: &[Pair]) -> io::Result<()> {
    let n = u8::try_from(pairs.len()).map_err(|_| io::Error::other("too many pairs"))?;
    out.write_all(&[n])?;
    for &(a, b) in pairs {
        out.write_all(&[a, b])?;
    }
    Ok(())
}

/// Writes one record.
pub fn write_record(out: &mut dyn Write, r: &Record) -> io::Result<()> {
    let kind: u8 = match r.body {
        Body::AttackerWins(_) => 0,
        Body::DefenderLoses => 1,
        Body::AttackerFails(_) => 2,
        Body::DefenderHolds(_) => 3,
    };
    out.write_all(&[kind | side_byte(r.attacker) << 2])?;
    out.write_all(&r.x.to_le_bytes())?;
    out.write_all(&r.o.to_le_bytes())?;
    match &r.body {
        Body::AttackerWins(m) | Body::DefenderHolds(m) => out.write_all(&[*m]),
        Body::DefenderLoses => Ok(()),
        Body::AttackerFails(Refutation::Pairing(p)) => {
            out.write_all(&[1])?;
            write_pairs(out, p)
        }
        Body::AttackerFails(Refutation::Exhausted) => out.write_all(&[2]),
        Body::AttackerFails(Refutation::Moves { default: None }) => out.write_all(&[0]),
        Body::AttackerFails(Refutation::Moves {
            default: Some((reply, p)),
        }) => {
            out.write_all(&[3, *reply])?;
            write_pairs(out, p)
        }
    }
}

/// A stream of certificate bytes, read header first, then record by record.
pub struct Reader<R> {
    input: R,
}

/// Why a certificate could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The stream ended or failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The bytes do not follow the format.
    #[error("{0}")]
    Malformed(String),
}

fn malformed(what: impl Into<String>) -> FormatError {
    FormatError::Malformed(what.into())
}

impl<R: Read> Reader<R> {
    /// Reads the header.
    pub fn new(mut input: R) -> Result<(Self, Header), FormatError> {
        let mut magic = [0u8; 8];
        input
            .read_exact(&mut magic)
            .map_err(|_| malformed("it does not start with an mnk certificate header"))?;
        if &magic != MAGIC {
            return Err(malformed(
                "it does not start with an mnk certificate header (MNKCERT1)",
            ));
        }
        let mut rest = [0u8; 3 + 16 + 3];
        input
            .read_exact(&mut rest)
            .map_err(|_| malformed("the header is cut short"))?;
        let side = |b: u8| match b {
            0 => Ok(Side::X),
            1 => Ok(Side::O),
            _ => Err(malformed(format!(
                "side byte {b} is neither 0 (x) nor 1 (o)"
            ))),
        };
        let header = Header {
            width: rest[0],
            height: rest[1],
            k: rest[2],
            x: u64::from_le_bytes(rest[3..11].try_into().expect("8 bytes")),
            o: u64::from_le_bytes(rest[11..19].try_into().expect("8 bytes")),
            to_move: side(rest[19])?,
            claim: match rest[20] {
                0 => Wdl::Win,
                1 => Wdl::Draw,
                2 => Wdl::Loss,
                b => return Err(malformed(format!("claim byte {b} is not 0, 1 or 2"))),
            },
            strategy_stealing: match rest[21] {
                0 => false,
                1 => true,
                b => return Err(malformed(format!("flag byte {b} is not 0 or 1"))),
            },
        };
        Ok((Reader { input }, header))
    }

    /// Reads records only, from a stream without a header (a part of a split proof, see
    /// [`crate::proof::split`]).
    pub fn records(input: R) -> Self {
        Reader { input }
    }

    fn byte(&mut self) -> Result<u8, FormatError> {
        let mut b = [0u8];
        self.input
            .read_exact(&mut b)
            .map_err(|_| malformed("a record is cut short"))?;
        Ok(b[0])
    }

    fn word(&mut self) -> Result<u64, FormatError> {
        let mut b = [0u8; 8];
        self.input
            .read_exact(&mut b)
            .map_err(|_| malformed("a record is cut short"))?;
        Ok(u64::from_le_bytes(b))
    }

    fn pairs(&mut self) -> Result<Vec<Pair>, FormatError> {
        let n = self.byte()?;
        (0..n).map(|_| Ok((self.byte()?, self.byte()?))).collect()
    }

    /// The next record, or `None` at the end of the stream.
    pub fn next_record(&mut self) -> Result<Option<Record>, FormatError> {
        let mut tag = [0u8];
        loop {
            match self.input.read(&mut tag) {
                Ok(0) => return Ok(None),
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            }
        }
        let tag = tag[0];
        if tag >> 3 != 0 {
            return Err(malformed(format!("record tag {tag} is not a known kind")));
        }
        let attacker = if tag >> 2 & 1 == 0 { Side::X } else { Side::O };
        let (x, o) = (self.word()?, self.word()?);
        let body = match tag & 3 {
            0 => Body::AttackerWins(self.byte()?),
            1 => Body::DefenderLoses,
            2 => Body::AttackerFails(match self.byte()? {
                0 => Refutation::Moves { default: None },
                1 => Refutation::Pairing(self.pairs()?),
                2 => Refutation::Exhausted,
                3 => {
                    let reply = self.byte()?;
                    Refutation::Moves {
                        default: Some((reply, self.pairs()?)),
                    }
                }
                b => return Err(malformed(format!("refutation kind {b} is not 0 to 3"))),
            }),
            _ => Body::DefenderHolds(self.byte()?),
        };
        Ok(Some(Record {
            attacker,
            x,
            o,
            body,
        }))
    }
}
