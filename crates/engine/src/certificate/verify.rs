//! The checker. It knows the rules (the winning windows), the board's symmetry maps and what a
//! pairing is, and nothing of the search: no table, no move order, no heuristics. It reads
//! every record, checks each one against the records it points to (a position's claim holds
//! if every claim it relies on holds: those positions have more stones, so the argument
//! ends), and then checks that the records settle the root as claimed.
//!
//! The rules it applies beyond the plain game tree, each a fact of m,n,k-games:
//! - pairing: if every window free of defender stones holds one of some disjoint pairs of
//!   empty cells, the defender answers each pair cell with its partner and the attacker never
//!   completes a line;
//! - exhaustion: a window missing more attacker stones than the attacker has moves left
//!   cannot be completed;
//! - dead cells: cells on which every window already holds stones of both sides are
//!   interchangeable, so one checked move on such a cell stands for all of them;
//! - an attacker with a cell that completes a line at once plays it;
//! - strategy stealing (only when the header says so, only for an empty board): the player
//!   who moves second cannot force a line.

use super::format::{FormatError, Header, Reader, Record};
use super::kept::{self, Evidence, KeepError, Kept, Pairs};
use crate::bits::{BitSet, Wide};
use crate::geometry::Geometry;
use crate::rules::Rules;
use crate::score::Wdl;
use crate::side::Side;
use std::io::Read;

/// Why a certificate was refused.
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// The file does not follow the format.
    #[error("the certificate is malformed: {0}")]
    Malformed(String),
    /// The file could not be read.
    #[error("the certificate could not be read: {0}")]
    Io(String),
    /// The file is well formed but does not prove its claim.
    #[error("the certificate is invalid: {0}")]
    Invalid(String),
    /// The file holds more records than the checker was allowed to keep.
    #[error("the certificate holds more records than the checker may keep ({0})")]
    TooLarge(usize),
}

impl From<FormatError> for CertificateError {
    fn from(e: FormatError) -> Self {
        match e {
            FormatError::Io(e) => CertificateError::Io(e.to_string()),
            FormatError::Malformed(m) => CertificateError::Malformed(m),
        }
    }
}

/// What a valid certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The rules.
    pub rules: Rules,
    /// The header: root position, side to move, claim.
    pub header: Header,
    /// Records read and checked.
    pub records: usize,
}

impl Verified {
    /// One sentence: "7x7/5 is a draw" for an empty board, the position otherwise. An empty
    /// board with o to move says so ("with o moving first"), since mnk's games start with x.
    pub fn summary(&self) -> String {
        let r = self.rules;
        let h = &self.header;
        let value = match h.claim {
            Wdl::Draw => "a draw".to_string(),
            Wdl::Win => format!("a win for {}", h.to_move),
            Wdl::Loss => format!("a win for {}", h.to_move.other()),
        };
        if h.x.iter().chain(&h.o).all(|&w| w == 0) {
            let first = match h.to_move {
                Side::X => String::new(),
                Side::O => " with o moving first".to_string(),
            };
            format!("{}x{}/{}{first} is {value}", r.width(), r.height(), r.k())
        } else {
            format!(
                "{} ({} to move, {}x{}/{}) is {value}",
                board_text(r, &h.x, &h.o),
                h.to_move,
                r.width(),
                r.height(),
                r.k()
            )
        }
    }
}

/// Board text of a position given as words (rows top to bottom).
fn board_text(rules: Rules, x: &[u64], o: &[u64]) -> String {
    let has = |set: &[u64], c: usize| set.get(c / 64).is_some_and(|w| w >> (c % 64) & 1 == 1);
    let w = rules.width();
    (0..rules.height())
        .map(|row| {
            (0..w)
                .map(|col| {
                    let c = row * w + col;
                    if has(x, c) {
                        'x'
                    } else if has(o, c) {
                        'o'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Key of a record: canonical stones, side to move, attacker.
type Key<B> = (B, B, Side, Side);

struct Checker<B> {
    rules: Rules,
    full: B,
    windows: Vec<B>,
    symmetries: Vec<Vec<u16>>,
    records: Kept<B>,
}

fn invalid(what: String) -> CertificateError {
    CertificateError::Invalid(what)
}

impl<B: BitSet> Checker<B> {
    fn transform(&self, sym: usize, set: B) -> B {
        let perm = &self.symmetries[sym];
        set.cells()
            .fold(B::default(), |out, c| out.with(perm[c] as usize))
    }

    fn canonical(&self, x: B, o: B) -> (B, B) {
        (0..self.symmetries.len())
            .map(|s| (self.transform(s, x), self.transform(s, o)))
            .min()
            .expect("the identity is a symmetry")
    }

    fn lookup(&self, x: B, o: B, to_move: Side, attacker: Side) -> Option<Evidence<'_>> {
        let (cx, co) = self.canonical(x, o);
        self.records.get(cx, co, to_move, attacker)
    }

    fn has_line(&self, stones: B) -> bool {
        self.windows.iter().any(|&w| stones.contains_all(w))
    }

    /// Cells where `mine` completes a window free of `theirs` at once.
    fn wins_at(&self, mine: B, theirs: B) -> B {
        self.windows
            .iter()
            .filter(|&&w| w.and(theirs).is_empty() && w.and_not(mine).count() == 1)
            .fold(B::default(), |s, &w| s.or(w.and_not(mine)))
    }

    /// Whether every window through `cell` holds stones of both sides.
    fn dead(&self, cell: usize, x: B, o: B) -> bool {
        self.windows
            .iter()
            .filter(|&&w| w.contains(cell))
            .all(|&w| !w.and(x).is_empty() && !w.and(o).is_empty())
    }

    fn pairing_ok(&self, attacker: B, defender: B, pairs: Pairs<'_>) -> Result<(), String> {
        let mut used = B::default();
        let mut masks = Vec::with_capacity(pairs.len());
        for (a, b) in pairs.iter() {
            if a >= B::CAPACITY || b >= B::CAPACITY || a == b {
                return Err(format!("pair ({a}, {b}) is not two cells"));
            }
            let m = B::single(a).with(b);
            if !self.full.contains_all(m) {
                return Err(format!("pair ({a}, {b}) is off the board"));
            }
            if !m.and(attacker.or(defender)).is_empty() {
                return Err(format!("pair ({a}, {b}) holds a stone"));
            }
            if !m.and(used).is_empty() {
                return Err(format!("pair ({a}, {b}) shares a cell with another pair"));
            }
            used = used.or(m);
            masks.push(m);
        }
        for &w in &self.windows {
            if w.and(defender).is_empty() && !masks.iter().any(|&m| w.contains_all(m)) {
                return Err(format!(
                    "the line {} holds no pair",
                    cell_list(self.rules, w)
                ));
            }
        }
        Ok(())
    }

    fn exhausted(&self, attacker: B, defender: B, moves_left: u32) -> bool {
        self.windows
            .iter()
            .filter(|&&w| w.and(defender).is_empty())
            .all(|&w| w.and_not(attacker).count() > moves_left)
    }

    /// Checks one record against the others; `Err` says why it does not hold.
    fn check(&self, key: &Key<B>, evidence: Evidence<'_>) -> Result<(), String> {
        let &(x, o, _, attacker) = key;
        let stones = |s: Side| if s == Side::X { x } else { o };
        let (a, d) = (stones(attacker), stones(attacker.other()));
        let empty = self.full.and_not(x.or(o));
        if self.has_line(x) || self.has_line(o) {
            return Err("the game is already over there".into());
        }
        let with = |s: Side, cell: usize| -> (B, B) {
            if s == Side::X {
                (x.with(cell), o)
            } else {
                (x, o.with(cell))
            }
        };
        let cell_ok = |c: u16| (c as usize) < B::CAPACITY && empty.contains(c as usize);
        match evidence {
            Evidence::AttackerWins(m) => {
                if !cell_ok(m) {
                    return Err(format!("its move {m} is not an empty cell"));
                }
                let m = m as usize;
                let a2 = a.with(m);
                if self.has_line(a2) {
                    return Ok(());
                }
                let (x2, o2) = with(attacker, m);
                if empty == B::single(m) {
                    return Err("its move fills the board without a line".into());
                }
                match self.lookup(x2, o2, attacker.other(), attacker) {
                    Some(Evidence::DefenderLoses) => Ok(()),
                    _ => Err(format!(
                        "no record shows that every reply to its move {m} loses"
                    )),
                }
            }
            Evidence::DefenderLoses => {
                if empty.is_empty() {
                    return Err("the board is full: a draw".into());
                }
                let mut dead_pending = false;
                let mut dead_ok = false;
                for r in empty.cells() {
                    let d2 = d.with(r);
                    if self.has_line(d2) {
                        return Err(format!("the defender completes a line at {r}"));
                    }
                    if empty == B::single(r) {
                        return Err(format!("the reply {r} fills the board: a draw"));
                    }
                    let (x2, o2) = with(attacker.other(), r);
                    let ok = !self.wins_at(a, d2).is_empty()
                        || matches!(
                            self.lookup(x2, o2, attacker, attacker),
                            Some(Evidence::AttackerWins(_))
                        );
                    if self.dead(r, x, o) {
                        dead_pending = true;
                        dead_ok |= ok;
                    } else if !ok {
                        return Err(format!("no record shows the attacker winning after {r}"));
                    }
                }
                if dead_pending && !dead_ok {
                    return Err("no record shows the attacker winning after a dead cell".into());
                }
                Ok(())
            }
            Evidence::Pairing(pairs) => self.pairing_ok(a, d, pairs),
            Evidence::Exhausted => {
                if self.exhausted(a, d, empty.count().div_ceil(2)) {
                    Ok(())
                } else {
                    Err("the attacker has enough moves left to complete a line".into())
                }
            }
            Evidence::Moves(default) => {
                let mut dead_pending = false;
                let mut dead_ok = false;
                for m in empty.cells() {
                    let a2 = a.with(m);
                    if self.has_line(a2) {
                        return Err(format!("the attacker completes a line at {m}"));
                    }
                    let (x2, o2) = with(attacker, m);
                    let ok = empty == B::single(m)
                        || matches!(
                            self.lookup(x2, o2, attacker.other(), attacker),
                            Some(Evidence::DefenderHolds(_))
                        )
                        || default.is_some_and(|(r, pairs)| {
                            let r = r as usize;
                            if r >= B::CAPACITY || r == m || !empty.contains(r) {
                                return false;
                            }
                            let d2 = d.with(r);
                            self.has_line(d2)
                                || empty == B::single(m).with(r)
                                || self.pairing_ok(a2, d2, pairs).is_ok()
                        });
                    if self.dead(m, x, o) {
                        dead_pending = true;
                        dead_ok |= ok;
                    } else if !ok {
                        return Err(format!("nothing answers the attacker's move {m}"));
                    }
                }
                if dead_pending && !dead_ok {
                    return Err("nothing answers the attacker's move on a dead cell".into());
                }
                Ok(())
            }
            Evidence::DefenderHolds(r) => {
                if !cell_ok(r) {
                    return Err(format!("its reply {r} is not an empty cell"));
                }
                let r = r as usize;
                let d2 = d.with(r);
                if self.has_line(d2) || empty == B::single(r) {
                    return Ok(());
                }
                let (x2, o2) = with(attacker.other(), r);
                match self.lookup(x2, o2, attacker, attacker) {
                    Some(Evidence::Pairing(_) | Evidence::Exhausted | Evidence::Moves(_)) => Ok(()),
                    _ => Err(format!(
                        "no record shows that the attacker fails after the reply {r}"
                    )),
                }
            }
        }
    }
}

/// A window as move names, for messages.
fn cell_list<B: BitSet>(rules: Rules, set: B) -> String {
    set.cells()
        .map(|c| rules.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a certificate and checks it; keeps at most the memory of `max_records` records of a
/// board of up to 64 cells (on a larger board, whose records are wider, as many fewer
/// records: an eighth or so). Both versions are read: `MNKCERT1` (boards of up to 64 cells)
/// and `MNKCERT2` (larger ones).
pub fn verify(input: impl Read, max_records: usize) -> Result<Verified, CertificateError> {
    let (reader, header) = Reader::new(input)?;
    let rules = Rules::new(
        header.width as usize,
        header.height as usize,
        Some(header.k as usize),
    )
    .map_err(|e| CertificateError::Malformed(format!("its rules are not valid: {e}")))?;
    if header.layout().is_wide() {
        verify_as::<Wide, _>(reader, header, rules, max_records)
    } else {
        verify_as::<u64, _>(reader, header, rules, max_records)
    }
}

/// [`verify`] once the header is read, with the stone sets of the board's size.
fn verify_as<B: BitSet, R: Read>(
    mut reader: Reader<R>,
    header: Header,
    rules: Rules,
    max_records: usize,
) -> Result<Verified, CertificateError> {
    let geo = Geometry::<B>::new(rules);
    let mut checker = Checker {
        rules,
        full: geo.full(),
        windows: geo.windows().to_vec(),
        symmetries: geo.symmetries().to_vec(),
        records: Kept::new(rules.cells()),
    };
    let on_board = |x: B, o: B| x.and(o).is_empty() && checker.full.contains_all(x.or(o));
    let root = B::from_words(&header.x).zip(B::from_words(&header.o));
    let Some((root_x, root_o)) = root.filter(|&(x, o)| on_board(x, o)) else {
        return Err(CertificateError::Malformed(
            "its root has stones off the board or two on one cell".into(),
        ));
    };
    // The root must be a position a game can reach (the rule `mnk solve` applies, restated
    // here so that the checker shares nothing with the search): the counts differ by at most
    // one, and the side to move is not ahead.
    let (nx, no) = (root_x.count(), root_o.count());
    let (mover, other) = match header.to_move {
        Side::X => (nx, no),
        Side::O => (no, nx),
    };
    if nx.abs_diff(no) > 1 || mover > other {
        return Err(CertificateError::Invalid(format!(
            "its root cannot arise in a game: x has {nx} stones and o has {no}, with {} to move",
            header.to_move
        )));
    }
    // The bound is one of memory: counted in records of a board of up to 64 cells, so a wide
    // board's bigger records (184 bytes against 24) keep as many fewer.
    let max_records =
        max_records.saturating_mul(kept::record_bytes::<u64>()) / kept::record_bytes::<B>();
    let mut count = 0usize;
    while let Some(record) = reader.next_record_as::<B>()? {
        count += 1;
        if checker.records.len() >= max_records {
            return Err(CertificateError::TooLarge(max_records));
        }
        let Record { x, o, .. } = record;
        if !on_board(x, o) {
            return Err(CertificateError::Malformed(format!(
                "record {count} has stones off the board or two on one cell"
            )));
        }
        if checker.canonical(x, o) != (x, o) {
            return Err(CertificateError::Malformed(format!(
                "record {count} is not in its canonical orientation"
            )));
        }
        match checker.records.insert(record) {
            Ok(()) => {}
            Err(KeepError::Repeated) => {
                return Err(CertificateError::Malformed(format!(
                    "record {count} repeats an earlier position"
                )))
            }
            Err(KeepError::OffBoard) => {
                return Err(CertificateError::Malformed(format!(
                    "record {count} pairs a cell off the board"
                )))
            }
            Err(KeepError::Full) => return Err(CertificateError::TooLarge(count - 1)),
        }
    }
    for (key, evidence) in checker.records.iter() {
        checker.check(&key, evidence).map_err(|why| {
            invalid(format!(
                "the record of {} ({} to move, {} attacking) does not hold: {why}",
                board_text(rules, key.0.words(), key.1.words()),
                key.2,
                key.3
            ))
        })?;
    }
    check_root(&checker, &header, (root_x, root_o))?;
    Ok(Verified {
        rules,
        header,
        records: count,
    })
}

/// Whether the records settle the root as the header claims.
fn check_root<B: BitSet>(
    c: &Checker<B>,
    h: &Header,
    (x, o): (B, B),
) -> Result<(), CertificateError> {
    let t = h.to_move;
    if c.has_line(x) || c.has_line(o) || x.or(o) == c.full {
        return Err(invalid("its root position is already finished".into()));
    }
    let body = |attacker: Side| c.lookup(x, o, t, attacker);
    let holds = match h.claim {
        Wdl::Win => matches!(body(t), Some(Evidence::AttackerWins(_))),
        Wdl::Loss => matches!(body(t.other()), Some(Evidence::DefenderLoses)),
        Wdl::Draw => {
            let first = matches!(
                body(t),
                Some(Evidence::Pairing(_) | Evidence::Exhausted | Evidence::Moves(_))
            );
            let second = if h.strategy_stealing {
                if !x.or(o).is_empty() {
                    return Err(invalid(
                        "it uses strategy stealing on a board that is not empty".into(),
                    ));
                }
                true
            } else {
                matches!(body(t.other()), Some(Evidence::DefenderHolds(_)))
            };
            first && second
        }
    };
    if holds {
        Ok(())
    } else {
        Err(invalid(format!(
            "no record settles the root as a {}",
            h.claim.word()
        )))
    }
}
