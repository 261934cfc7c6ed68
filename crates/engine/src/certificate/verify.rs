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

use super::format::{FormatError, Header, Pair, Reader, Record};
use super::kept::{Evidence, KeepError, Kept};
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
        if h.x | h.o == 0 {
            let first = match h.to_move {
                Side::X => String::new(),
                Side::O => " with o moving first".to_string(),
            };
            format!("{}x{}/{}{first} is {value}", r.width(), r.height(), r.k())
        } else {
            format!(
                "{} ({} to move, {}x{}/{}) is {value}",
                board_text(r, h.x, h.o),
                h.to_move,
                r.width(),
                r.height(),
                r.k()
            )
        }
    }
}

/// Board text of a position (rows top to bottom).
fn board_text(rules: Rules, x: u64, o: u64) -> String {
    let w = rules.width();
    (0..rules.height())
        .map(|row| {
            (0..w)
                .map(|col| {
                    let c = row * w + col;
                    if x >> c & 1 == 1 {
                        'x'
                    } else if o >> c & 1 == 1 {
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
type Key = (u64, u64, Side, Side);

struct Checker {
    rules: Rules,
    full: u64,
    windows: Vec<u64>,
    symmetries: Vec<Vec<u16>>,
    records: Kept,
}

fn invalid(what: String) -> CertificateError {
    CertificateError::Invalid(what)
}

impl Checker {
    fn transform(&self, sym: usize, set: u64) -> u64 {
        let perm = &self.symmetries[sym];
        let mut out = 0u64;
        let mut s = set;
        while s != 0 {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            out |= 1u64 << perm[c];
        }
        out
    }

    fn canonical(&self, x: u64, o: u64) -> (u64, u64) {
        (0..self.symmetries.len())
            .map(|s| (self.transform(s, x), self.transform(s, o)))
            .min()
            .expect("the identity is a symmetry")
    }

    fn lookup(&self, x: u64, o: u64, to_move: Side, attacker: Side) -> Option<Evidence<'_>> {
        let (cx, co) = self.canonical(x, o);
        self.records.get(cx, co, to_move, attacker)
    }

    fn has_line(&self, stones: u64) -> bool {
        self.windows.iter().any(|&w| w & !stones == 0)
    }

    /// Cells where `mine` completes a window free of `theirs` at once.
    fn wins_at(&self, mine: u64, theirs: u64) -> u64 {
        self.windows
            .iter()
            .filter(|&&w| w & theirs == 0 && (w & !mine).count_ones() == 1)
            .fold(0, |s, &w| s | (w & !mine))
    }

    /// Whether every window through `cell` holds stones of both sides.
    fn dead(&self, cell: usize, x: u64, o: u64) -> bool {
        self.windows
            .iter()
            .filter(|&&w| w >> cell & 1 == 1)
            .all(|&w| w & x != 0 && w & o != 0)
    }

    fn pairing_ok(&self, attacker: u64, defender: u64, pairs: &[Pair]) -> Result<(), String> {
        let mut used = 0u64;
        let mut masks = Vec::with_capacity(pairs.len());
        for &(a, b) in pairs {
            let (a, b) = (a as usize, b as usize);
            if a >= 64 || b >= 64 || a == b {
                return Err(format!("pair ({a}, {b}) is not two cells"));
            }
            let m = 1u64 << a | 1u64 << b;
            if m & !self.full != 0 {
                return Err(format!("pair ({a}, {b}) is off the board"));
            }
            if m & (attacker | defender) != 0 {
                return Err(format!("pair ({a}, {b}) holds a stone"));
            }
            if m & used != 0 {
                return Err(format!("pair ({a}, {b}) shares a cell with another pair"));
            }
            used |= m;
            masks.push(m);
        }
        for &w in &self.windows {
            if w & defender == 0 && !masks.iter().any(|&m| m & !w == 0) {
                return Err(format!(
                    "the line {} holds no pair",
                    cell_list(self.rules, w)
                ));
            }
        }
        Ok(())
    }

    fn exhausted(&self, attacker: u64, defender: u64, moves_left: u32) -> bool {
        self.windows
            .iter()
            .filter(|&&w| w & defender == 0)
            .all(|&w| (w & !attacker).count_ones() > moves_left)
    }

    /// Checks one record against the others; `Err` says why it does not hold.
    fn check(&self, key: &Key, evidence: Evidence<'_>) -> Result<(), String> {
        let &(x, o, _, attacker) = key;
        let stones = |s: Side| if s == Side::X { x } else { o };
        let (a, d) = (stones(attacker), stones(attacker.other()));
        let empty = self.full & !(x | o);
        if self.has_line(x) || self.has_line(o) {
            return Err("the game is already over there".into());
        }
        let with = |s: Side, cell: usize| -> (u64, u64) {
            if s == Side::X {
                (x | 1u64 << cell, o)
            } else {
                (x, o | 1u64 << cell)
            }
        };
        let cell_ok = |c: u8| (c as usize) < 64 && empty >> c & 1 == 1;
        match evidence {
            Evidence::AttackerWins(m) => {
                if !cell_ok(m) {
                    return Err(format!("its move {m} is not an empty cell"));
                }
                let a2 = a | 1u64 << m;
                if self.has_line(a2) {
                    return Ok(());
                }
                let (x2, o2) = with(attacker, m as usize);
                if empty == 1u64 << m {
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
                if empty == 0 {
                    return Err("the board is full: a draw".into());
                }
                let mut dead_pending = false;
                let mut dead_ok = false;
                for r in cells(empty) {
                    let d2 = d | 1u64 << r;
                    if self.has_line(d2) {
                        return Err(format!("the defender completes a line at {r}"));
                    }
                    if empty == 1u64 << r {
                        return Err(format!("the reply {r} fills the board: a draw"));
                    }
                    let (x2, o2) = with(attacker.other(), r);
                    let ok = self.wins_at(a, d2) != 0
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
                if self.exhausted(a, d, empty.count_ones().div_ceil(2)) {
                    Ok(())
                } else {
                    Err("the attacker has enough moves left to complete a line".into())
                }
            }
            Evidence::Moves(default) => {
                let mut dead_pending = false;
                let mut dead_ok = false;
                for m in cells(empty) {
                    let a2 = a | 1u64 << m;
                    if self.has_line(a2) {
                        return Err(format!("the attacker completes a line at {m}"));
                    }
                    let (x2, o2) = with(attacker, m);
                    let ok = empty == 1u64 << m
                        || matches!(
                            self.lookup(x2, o2, attacker.other(), attacker),
                            Some(Evidence::DefenderHolds(_))
                        )
                        || default.is_some_and(|(r, pairs)| {
                            let r = r as usize;
                            if r >= 64 || r == m || empty >> r & 1 == 0 {
                                return false;
                            }
                            let d2 = d | 1u64 << r;
                            self.has_line(d2)
                                || empty == 1u64 << m | 1u64 << r
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
                let d2 = d | 1u64 << r;
                if self.has_line(d2) || empty == 1u64 << r {
                    return Ok(());
                }
                let (x2, o2) = with(attacker.other(), r as usize);
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

/// The cells of a set.
fn cells(set: u64) -> impl Iterator<Item = usize> {
    let mut s = set;
    std::iter::from_fn(move || {
        (s != 0).then(|| {
            let c = s.trailing_zeros() as usize;
            s &= s - 1;
            c
        })
    })
}

/// A window as move names, for messages.
fn cell_list(rules: Rules, set: u64) -> String {
    cells(set)
        .map(|c| rules.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a certificate and checks it; keeps at most `max_records` records in memory.
pub fn verify(input: impl Read, max_records: usize) -> Result<Verified, CertificateError> {
    let (mut reader, header) = Reader::new(input)?;
    let rules = Rules::new(
        header.width as usize,
        header.height as usize,
        Some(header.k as usize),
    )
    .map_err(|e| CertificateError::Malformed(format!("its rules are not valid: {e}")))?;
    if rules.cells() > 64 {
        return Err(CertificateError::Malformed(format!(
            "its board has {} cells; certificates cover boards of up to 64",
            rules.cells()
        )));
    }
    let geo = Geometry::<u64>::new(rules);
    let mut checker = Checker {
        rules,
        full: geo.full(),
        windows: geo.windows().to_vec(),
        symmetries: geo.symmetries().to_vec(),
        records: Kept::default(),
    };
    let on_board = |x: u64, o: u64| x & o == 0 && (x | o) & !checker.full == 0;
    if !on_board(header.x, header.o) {
        return Err(CertificateError::Malformed(
            "its root has stones off the board or two on one cell".into(),
        ));
    }
    // The root must be a position a game can reach (the rule `mnk solve` applies, restated
    // here so that the checker shares nothing with the search): the counts differ by at most
    // one, and the side to move is not ahead.
    let (nx, no) = (header.x.count_ones(), header.o.count_ones());
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
    let mut count = 0usize;
    while let Some(record) = reader.next_record()? {
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
            Err(KeepError::Full) => return Err(CertificateError::TooLarge(count - 1)),
        }
    }
    for (key, evidence) in checker.records.iter() {
        checker.check(&key, evidence).map_err(|why| {
            invalid(format!(
                "the record of {} ({} to move, {} attacking) does not hold: {why}",
                board_text(rules, key.0, key.1),
                key.2,
                key.3
            ))
        })?;
    }
    check_root(&checker, &header)?;
    Ok(Verified {
        rules,
        header,
        records: count,
    })
}

/// Whether the records settle the root as the header claims.
fn check_root(c: &Checker, h: &Header) -> Result<(), CertificateError> {
    let (x, o, t) = (h.x, h.o, h.to_move);
    if c.has_line(x) || c.has_line(o) || x | o == c.full {
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
                if x | o != 0 {
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
