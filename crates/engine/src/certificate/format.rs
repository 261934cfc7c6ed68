//! The certificate file format (see docs/certificate.md): a header naming the rules, the root
//! position and the claim, then one record per settled position, each position in its
//! canonical orientation with its moves and pairs in that frame. Plain bytes, read and written
//! as a stream; the CLI compresses the stream as a whole.

use crate::bits::BitSet;
use crate::score::Wdl;
use crate::side::Side;
use std::io::{self, Read, Write};

/// The first bytes of a certificate of a board of up to 64 cells.
pub const MAGIC: &[u8; 8] = b"MNKCERT1";

/// The first bytes of a certificate of a board of more than 64 cells.
pub const MAGIC_WIDE: &[u8; 8] = b"MNKCERT2";

/// Most 64-bit words a stone set takes (a 26 x 26 board).
const MAX_WORDS: usize = 11;

/// A pair of cells the defender splits.
pub type Pair = (u16, u16);

/// How a certificate stores stone sets and cells, which the board's size fixes: `MNKCERT1`
/// (boards of up to 64 cells: one word a set, one byte a cell, so the certificates written
/// before wide boards read and are written the same) or `MNKCERT2` (larger boards: as many
/// words as the cells need, two bytes a cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Little-endian 64-bit words per stone set.
    words: usize,
}

impl Layout {
    /// The layout of a board of `cells` cells.
    pub fn for_cells(cells: usize) -> Layout {
        Layout {
            words: cells.div_ceil(64).max(1),
        }
    }

    /// Whether this is the wide form (`MNKCERT2`).
    pub fn is_wide(self) -> bool {
        self.words > 1
    }

    /// Words per stone set.
    pub fn words(self) -> usize {
        self.words
    }

    fn magic(self) -> &'static [u8; 8] {
        if self.is_wide() {
            MAGIC_WIDE
        } else {
            MAGIC
        }
    }

    fn write_set(self, out: &mut dyn Write, words: &[u64]) -> io::Result<()> {
        if words.iter().skip(self.words).any(|&w| w != 0) {
            return Err(io::Error::other("a stone set does not fit the board"));
        }
        for i in 0..self.words {
            out.write_all(&words.get(i).copied().unwrap_or(0).to_le_bytes())?;
        }
        Ok(())
    }

    fn write_cell(self, out: &mut dyn Write, cell: u16) -> io::Result<()> {
        if self.is_wide() {
            out.write_all(&cell.to_le_bytes())
        } else {
            let byte = u8::try_from(cell).map_err(|_| io::Error::other("a cell off the board"))?;
            out.write_all(&[byte])
        }
    }
}

/// The certificate's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Board width.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Stones in a row that win.
    pub k: u8,
    /// x's stones at the root, as 64-bit words (bit `c % 64` of word `c / 64` is cell `c`,
    /// row by row from the top-left).
    pub x: Vec<u64>,
    /// o's stones at the root, the same way.
    pub o: Vec<u64>,
    /// The side to move at the root.
    pub to_move: Side,
    /// The value claimed for the side to move.
    pub claim: Wdl,
    /// "The second player cannot force a line" is taken from strategy stealing (empty boards
    /// only) instead of a disproof tree.
    pub strategy_stealing: bool,
}

impl Header {
    /// How the certificate stores its sets and cells (by the board's size).
    pub fn layout(&self) -> Layout {
        Layout::for_cells(self.width as usize * self.height as usize)
    }
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
        default: Option<(u16, Vec<Pair>)>,
    },
}

/// What one record says about its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// Attacker to move: this move wins (completes a line, or leads to a `DefenderLoses`).
    AttackerWins(u16),
    /// Defender to move: every reply loses (the checker tries them all).
    DefenderLoses,
    /// Attacker to move: it cannot force a line.
    AttackerFails(Refutation),
    /// Defender to move: this reply holds.
    DefenderHolds(u16),
}

/// One settled position; `B` is the stone set of the board's size (`u64` up to 64 cells).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record<B = u64> {
    /// The side trying to complete a line.
    pub attacker: Side,
    /// x's stones (canonical orientation).
    pub x: B,
    /// o's stones (canonical orientation).
    pub o: B,
    /// The claim and its evidence.
    pub body: Body,
}

impl<B> Record<B> {
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
    let layout = h.layout();
    out.write_all(layout.magic())?;
    out.write_all(&[h.width, h.height, h.k])?;
    layout.write_set(out, &h.x)?;
    layout.write_set(out, &h.o)?;
    let claim = match h.claim {
        Wdl::Win => 0,
        Wdl::Draw => 1,
        Wdl::Loss => 2,
    };
    out.write_all(&[side_byte(h.to_move), claim, h.strategy_stealing as u8])
}

fn write_pairs(out: &mut dyn Write, layout: Layout, pairs: &[Pair]) -> io::Result<()> {
    let n = u16::try_from(pairs.len()).map_err(|_| io::Error::other("too many pairs"))?;
    if layout.is_wide() {
        out.write_all(&n.to_le_bytes())?;
    } else {
        let n = u8::try_from(n).map_err(|_| io::Error::other("too many pairs"))?;
        out.write_all(&[n])?;
    }
    for &(a, b) in pairs {
        layout.write_cell(out, a)?;
        layout.write_cell(out, b)?;
    }
    Ok(())
}

/// Writes one record in `layout` (the header's).
pub fn write_record<B: BitSet>(
    out: &mut dyn Write,
    layout: Layout,
    r: &Record<B>,
) -> io::Result<()> {
    let kind: u8 = match r.body {
        Body::AttackerWins(_) => 0,
        Body::DefenderLoses => 1,
        Body::AttackerFails(_) => 2,
        Body::DefenderHolds(_) => 3,
    };
    out.write_all(&[kind | side_byte(r.attacker) << 2])?;
    layout.write_set(out, r.x.words())?;
    layout.write_set(out, r.o.words())?;
    match &r.body {
        Body::AttackerWins(m) | Body::DefenderHolds(m) => layout.write_cell(out, *m),
        Body::DefenderLoses => Ok(()),
        Body::AttackerFails(Refutation::Pairing(p)) => {
            out.write_all(&[1])?;
            write_pairs(out, layout, p)
        }
        Body::AttackerFails(Refutation::Exhausted) => out.write_all(&[2]),
        Body::AttackerFails(Refutation::Moves { default: None }) => out.write_all(&[0]),
        Body::AttackerFails(Refutation::Moves {
            default: Some((reply, p)),
        }) => {
            out.write_all(&[3])?;
            layout.write_cell(out, *reply)?;
            write_pairs(out, layout, p)
        }
    }
}

/// A stream of certificate bytes, read header first, then record by record.
pub struct Reader<R> {
    input: R,
    layout: Layout,
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
        let wide = match &magic {
            m if m == MAGIC => false,
            m if m == MAGIC_WIDE => true,
            m if m.starts_with(b"MNKCERT") => {
                return Err(malformed(format!(
                    "it is a certificate of a version this checker does not know ({}); it reads MNKCERT1 and MNKCERT2",
                    String::from_utf8_lossy(m)
                )))
            }
            _ => {
                return Err(malformed(
                    "it does not start with an mnk certificate header (MNKCERT1 or MNKCERT2)",
                ))
            }
        };
        let mut rules = [0u8; 3];
        input
            .read_exact(&mut rules)
            .map_err(|_| malformed("the header is cut short"))?;
        let [width, height, k] = rules;
        let layout = Layout::for_cells(width as usize * height as usize);
        if layout.is_wide() != wide {
            let (cells, version) = (width as usize * height as usize, magic_text(&magic));
            return Err(malformed(if wide {
                format!("{version} is for boards of more than 64 cells, and its board has {cells}")
            } else {
                format!("{version} covers boards of up to 64 cells, and its board has {cells}")
            }));
        }
        if layout.words > MAX_WORDS {
            return Err(malformed(format!(
                "its board of {width}x{height} is larger than any the rules allow"
            )));
        }
        let mut reader = Reader { input, layout };
        let cut = |_| malformed("the header is cut short");
        let x = reader.set_words().map_err(cut)?;
        let o = reader.set_words().map_err(cut)?;
        let mut rest = [0u8; 3];
        reader.input.read_exact(&mut rest).map_err(cut)?;
        let side = |b: u8| match b {
            0 => Ok(Side::X),
            1 => Ok(Side::O),
            _ => Err(malformed(format!(
                "side byte {b} is neither 0 (x) nor 1 (o)"
            ))),
        };
        let header = Header {
            width,
            height,
            k,
            x: x[..layout.words].to_vec(),
            o: o[..layout.words].to_vec(),
            to_move: side(rest[0])?,
            claim: match rest[1] {
                0 => Wdl::Win,
                1 => Wdl::Draw,
                2 => Wdl::Loss,
                b => return Err(malformed(format!("claim byte {b} is not 0, 1 or 2"))),
            },
            strategy_stealing: match rest[2] {
                0 => false,
                1 => true,
                b => return Err(malformed(format!("flag byte {b} is not 0 or 1"))),
            },
        };
        Ok((reader, header))
    }

    /// Reads records only, from a stream without a header (a part of a split proof, see
    /// [`crate::proof::split`], which covers boards of up to 64 cells: `MNKCERT1` records).
    pub fn records(input: R) -> Self {
        Reader {
            input,
            layout: Layout::for_cells(64),
        }
    }

    /// How the stream stores sets and cells.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// One stone set's words (the rest of the array empty).
    fn set_words(&mut self) -> io::Result<[u64; MAX_WORDS]> {
        let mut words = [0u64; MAX_WORDS];
        let mut b = [0u8; 8];
        for w in words.iter_mut().take(self.layout.words) {
            self.input.read_exact(&mut b)?;
            *w = u64::from_le_bytes(b);
        }
        Ok(words)
    }

    fn set<B: BitSet>(&mut self) -> Result<B, FormatError> {
        let words = self
            .set_words()
            .map_err(|_| malformed("a record is cut short"))?;
        B::from_words(&words[..self.layout.words])
            .ok_or_else(|| malformed("a record has stones off the board"))
    }

    fn cell(&mut self) -> Result<u16, FormatError> {
        if self.layout.is_wide() {
            Ok(u16::from_le_bytes([self.byte()?, self.byte()?]))
        } else {
            Ok(self.byte()? as u16)
        }
    }

    fn byte(&mut self) -> Result<u8, FormatError> {
        let mut b = [0u8];
        self.input
            .read_exact(&mut b)
            .map_err(|_| malformed("a record is cut short"))?;
        Ok(b[0])
    }

    fn pairs(&mut self) -> Result<Vec<Pair>, FormatError> {
        let n = if self.layout.is_wide() {
            u16::from_le_bytes([self.byte()?, self.byte()?])
        } else {
            self.byte()? as u16
        };
        (0..n).map(|_| Ok((self.cell()?, self.cell()?))).collect()
    }

    /// The next record of a board of up to 64 cells (`MNKCERT1`, or a part of a split
    /// proof), or `None` at the end of the stream.
    pub fn next_record(&mut self) -> Result<Option<Record>, FormatError> {
        if self.layout.is_wide() {
            return Err(malformed(
                "its board has more than 64 cells: its records hold wider stone sets",
            ));
        }
        self.next_record_as()
    }

    /// The next record, its stone sets of type `B` (one that holds the header's board: the
    /// engine's wide set beyond 64 cells), or `None` at the end of the stream.
    pub fn next_record_as<B: BitSet>(&mut self) -> Result<Option<Record<B>>, FormatError> {
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
        let (x, o) = (self.set()?, self.set()?);
        let body = match tag & 3 {
            0 => Body::AttackerWins(self.cell()?),
            1 => Body::DefenderLoses,
            2 => Body::AttackerFails(match self.byte()? {
                0 => Refutation::Moves { default: None },
                1 => Refutation::Pairing(self.pairs()?),
                2 => Refutation::Exhausted,
                3 => {
                    let reply = self.cell()?;
                    Refutation::Moves {
                        default: Some((reply, self.pairs()?)),
                    }
                }
                b => return Err(malformed(format!("refutation kind {b} is not 0 to 3"))),
            }),
            _ => Body::DefenderHolds(self.cell()?),
        };
        Ok(Some(Record {
            attacker,
            x,
            o,
            body,
        }))
    }
}

/// The magic bytes as text, for messages.
fn magic_text(magic: &[u8; 8]) -> String {
    String::from_utf8_lossy(magic).into_owned()
}
