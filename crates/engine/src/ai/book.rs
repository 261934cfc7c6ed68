//! The opening book: the exact value of every position of the first few plies (up to
//! symmetry) of the popular small boards, so that `perfect`'s first moves, its hints and the
//! analysis overlay there are instant and exact. `mnk book` builds it with the solver; the
//! engine embeds the result (`book/mnk.book`, format in `docs/book.md`), so it reads no file.
//!
//! A position is found by its canonical Zobrist hash (the smallest hash among its symmetric
//! images, side to move included); the keys are fixed per board size, so a book stays valid
//! as long as the hashing does, and the tests check its entries against the solver.

use crate::bits::BitSet;
use crate::board::Board;
use crate::budget::Budget;
use crate::error::SearchError;
use crate::exact::algorithm::proof_first;
use crate::exact::proven::{self, Pick};
use crate::go::Go;
use crate::position::Position;
use crate::proof::{ProofConfig, Prover};
use crate::rules::Rules;
use crate::score::Verdict;
use crate::solver::{Solver, SolverConfig};
use crate::time::TimeManager;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The first bytes of a book file.
pub const MAGIC: &[u8; 8] = b"MNKBOOK1";

/// The boards of the shipped book and how deep it goes on each: (width, height, K, plies,
/// best replies). Every position with at most `plies` stones is in it; `perfect` answers from
/// the book wherever all the positions after a move are (one ply less), and, with best
/// replies, on the `plies`-stone positions too (the positions after their best moves are in
/// it: [`Section::build`]).
pub const BOARDS: &[(usize, usize, usize, u32, bool)] = &[
    (4, 4, 3, 2, false),
    (4, 4, 4, 2, false),
    (5, 4, 4, 2, false),
    (4, 5, 4, 2, false),
    (5, 5, 4, 4, true),
    (6, 5, 4, 2, false),
    (5, 6, 4, 2, false),
    (6, 6, 4, 2, false),
    (5, 5, 5, 3, false),
    (6, 6, 5, 3, false),
    (7, 7, 5, 1, true),
];

/// The book built into the engine.
static EMBEDDED: &[u8] = include_bytes!("../../book/mnk.book");

/// A book file that cannot be read.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum BookError {
    /// The file does not start with [`MAGIC`].
    #[error("this is not an mnk book (it does not start with {MAGIC:?})")]
    Magic,
    /// The file ends inside a section.
    #[error("the book is cut short")]
    Truncated,
    /// A section names a board the engine does not play.
    #[error("the book names an impossible board {0}x{1}, {2} in a row")]
    Board(usize, usize, usize),
}

/// The book's positions of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    rules: Rules,
    plies: u32,
    /// (canonical hash, value for the side to move), sorted by hash.
    entries: Vec<(u64, i16)>,
}

/// An opening book: sections of exact values, one per board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    sections: Vec<Section>,
}

/// A value as the book stores it: plies to a win (positive) or a loss (negative), 0 a draw.
fn encode(v: Verdict) -> i16 {
    match v {
        Verdict::Win(p) => p as i16,
        Verdict::Loss(p) => -(p as i16),
        _ => 0,
    }
}

fn decode(v: i16) -> Verdict {
    match v {
        0 => Verdict::Draw,
        p if p > 0 => Verdict::Win(p as u32),
        p => Verdict::Loss(p.unsigned_abs() as u32),
    }
}

impl Section {
    /// The board of this section.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Positions with at most this many stones are in it.
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `pos` for the side to move, if the section holds it.
    fn value(&self, pos: &Position<u64>) -> Option<Verdict> {
        let key = pos.canonical_hash().0;
        let i = self.entries.binary_search_by_key(&key, |e| e.0).ok()?;
        Some(decode(self.entries[i].1))
    }

    /// Solves every position of `rules` with at most `plies` stones (x first, up to symmetry)
    /// within what `go` allows; `done` hears how many are solved out of how many as it goes. Where
    /// [`proof_first`] holds, the proof search settles the draws and the solver the rest (the
    /// distance of a win or a loss). With `best_replies`, the position after one best move of
    /// each `plies`-stone position goes in too: valued from that position's solution at no
    /// extra search, or, for a draw the proof search settled, the first move nearest the
    /// centre that it proves to hold the draw. `perfect` then answers `plies`-stone positions
    /// from the book ([`Book::best_moves`]).
    pub fn build(
        rules: Rules,
        plies: u32,
        best_replies: bool,
        go: &Go,
        mut done: impl FnMut(usize, usize),
    ) -> Result<Section, SearchError> {
        let budget = &TimeManager::new(go).exact_budget();
        let positions = openings(rules, plies, usize::MAX)?;
        let mut solver = Solver::new(SolverConfig::default());
        let mut prover = Prover::new(ProofConfig::default());
        let mut entries = Vec::with_capacity(positions.len());
        for (i, pos) in positions.iter().enumerate() {
            let verdict = if proof_first(rules) && proven::is_draw(&mut prover, pos, budget)? {
                if best_replies && pos.stone_count() == plies as usize {
                    entries.extend(drawing_reply(&mut prover, pos, budget)?);
                }
                Verdict::Draw
            } else {
                let solution = solver.solve(pos, budget)?;
                if best_replies && pos.stone_count() == plies as usize {
                    entries.extend(best_reply(pos, &solution.best_moves, solution.verdict));
                }
                solution.verdict
            };
            entries.push((pos.canonical_hash().0, encode(verdict)));
            done(i + 1, positions.len());
        }
        // A position after best moves of two parents (or two symmetric best moves) once.
        entries.sort_unstable();
        entries.dedup();
        Ok(Section {
            rules,
            plies,
            entries,
        })
    }
}

/// The entry of one best reply of `pos` (worth `value` to the mover): the position after its
/// best move nearest the centre (the most natural to a player; one, so that the book stays
/// small), none if a best move ends the game (a reader values that move without the book).
fn best_reply(pos: &Position<u64>, best: &[usize], value: Verdict) -> Option<(u64, i16)> {
    let rules = pos.rules();
    let mut next = pos.clone();
    let mut nearest = None;
    for &cell in best {
        next.play_unchecked(cell);
        let over = next.is_over();
        next.undo_unchecked();
        if over {
            return None;
        }
        let here = (proven::centre_distance(rules, cell), cell);
        nearest = Some(nearest.map_or(here, |n: (i64, usize)| n.min(here)));
    }
    let (_, cell) = nearest?;
    next.play_unchecked(cell);
    Some((next.canonical_hash().0, encode(value.after_move())))
}

/// The entry of one drawing reply of a drawn `pos` (the proof search proves it): the first
/// move nearest the centre that holds the draw; none if it ends the game (a reader values
/// that move without the book) or no proof comes within `budget`.
fn drawing_reply(
    prover: &mut Prover,
    pos: &Position<u64>,
    budget: &Budget,
) -> Result<Option<(u64, i16)>, SearchError> {
    let rules = pos.rules();
    let mut order: Vec<usize> = pos.legal_moves().cells().collect();
    order.sort_by_key(|&c| (proven::centre_distance(rules, c), c));
    let Some(cell) = proven::drawing_move(prover, pos, &order, Pick::FirstInOrder, budget)? else {
        return Ok(None);
    };
    let mut next = pos.clone();
    next.play_unchecked(cell);
    Ok((!next.is_over()).then(|| (next.canonical_hash().0, encode(Verdict::Draw))))
}

/// Every unfinished position of `rules` with at most `plies` stones, x moving first, one per
/// symmetry class, in order of the stones on the board: the positions a book section holds.
pub fn opening_positions(rules: Rules, plies: u32) -> Result<Vec<Board>, SearchError> {
    Ok(openings(rules, plies, usize::MAX)?
        .into_iter()
        .map(Board::from)
        .collect())
}

/// How many positions a section of `rules` with `plies` would hold, counted up to
/// `at_most + 1` only: the count stops there, so that asking about a book far too deep to
/// build costs no more than a book of `at_most` positions.
pub fn opening_count(rules: Rules, plies: u32, at_most: usize) -> Result<usize, SearchError> {
    Ok(openings(rules, plies, at_most)?
        .len()
        .min(at_most.saturating_add(1)))
}

/// The positions of [`opening_positions`]; the enumeration stops once it has more than
/// `at_most`.
fn openings(rules: Rules, plies: u32, at_most: usize) -> Result<Vec<Position<u64>>, SearchError> {
    let Some(empty) = Board::new(rules).as_small().cloned() else {
        return Err(SearchError::BoardTooLarge {
            what: "an opening book",
            max: 64,
            cells: rules.cells(),
        });
    };
    let mut seen = HashSet::new();
    seen.insert(empty.canonical_hash().0);
    let mut all = vec![empty];
    let mut from = 0;
    for _ in 0..plies {
        let to = all.len();
        for i in from..to {
            let pos = all[i].clone();
            for cell in pos.legal_moves().cells() {
                let mut next = pos.clone();
                next.play_unchecked(cell);
                if !next.is_over() && seen.insert(next.canonical_hash().0) {
                    all.push(next);
                    if all.len() > at_most {
                        return Ok(all);
                    }
                }
            }
        }
        from = to;
    }
    Ok(all)
}

impl Book {
    /// The book built into the engine (read once, on first use).
    pub fn embedded() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::parse(EMBEDDED).expect("the embedded book is checked by the engine's tests")
        })
    }

    /// A book of these sections.
    pub fn new(sections: Vec<Section>) -> Book {
        Book { sections }
    }

    /// Its sections, one per board.
    pub fn sections(&self) -> &[Section] {
        &self.sections
    }

    /// Reads a book file (format in `docs/book.md`).
    pub fn parse(bytes: &[u8]) -> Result<Book, BookError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::Magic)?;
        let mut r = Reader(rest);
        let count = r.u16()?;
        let mut sections = Vec::with_capacity(count as usize);
        for _ in 0..count {
            let (w, h, k) = (r.u8()? as usize, r.u8()? as usize, r.u8()? as usize);
            let plies = u32::from(r.u8()?);
            let rules = Rules::new(w, h, Some(k)).map_err(|_| BookError::Board(w, h, k))?;
            let n = r.u32()? as usize;
            let mut entries = Vec::with_capacity(n.min(r.0.len() / 10));
            for _ in 0..n {
                entries.push((r.u64()?, r.i16()?));
            }
            entries.sort_unstable();
            sections.push(Section {
                rules,
                plies,
                entries,
            });
        }
        Ok(Book { sections })
    }

    /// The book as a file (format in `docs/book.md`).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend((self.sections.len() as u16).to_le_bytes());
        for s in &self.sections {
            let r = s.rules;
            out.extend([
                r.width() as u8,
                r.height() as u8,
                r.k() as u8,
                s.plies as u8,
            ]);
            out.extend((s.entries.len() as u32).to_le_bytes());
            for &(key, value) in &s.entries {
                out.extend(key.to_le_bytes());
                out.extend(value.to_le_bytes());
            }
        }
        out
    }

    fn section(&self, rules: Rules) -> Option<&Section> {
        self.sections.iter().find(|s| s.rules == rules)
    }

    /// The exact value of `board` for the side to move, if the book holds it.
    pub fn value(&self, board: &Board) -> Option<Verdict> {
        self.section(board.rules())?.value(board.as_small()?)
    }

    /// The exact value of every legal move of `board` for the side that plays it (plies
    /// counted from before the move), in cell order, if the book holds every position the
    /// moves lead to.
    pub fn move_values(&self, board: &Board) -> Option<Vec<(usize, Verdict)>> {
        let section = self.section(board.rules())?;
        let pos = board.as_small()?;
        if pos.is_over() || pos.stone_count() >= section.plies as usize {
            return None;
        }
        value_each_move(pos, |after| section.value(after).map(Verdict::before_move))
            .into_iter()
            .map(|(cell, v)| Some((cell, v?)))
            .collect()
    }

    /// The exactly best moves of `board` with their value for the side that plays them, if
    /// the book knows them: every legal move's value ([`Book::move_values`]), else, on a
    /// position the book holds, the moves to the positions it holds whose value is the
    /// position's own (a section built with best replies holds those after every best move of
    /// its deepest positions). Enough to play a best move; not every move's value.
    pub fn best_moves(&self, board: &Board) -> Option<Vec<(usize, Verdict)>> {
        if let Some(all) = self.move_values(board) {
            let top = all.iter().map(|m| m.1.rank()).max()?;
            return Some(all.into_iter().filter(|m| m.1.rank() == top).collect());
        }
        let section = self.section(board.rules())?;
        let pos = board.as_small()?;
        let value = section.value(pos)?;
        let best: Vec<(usize, Verdict)> =
            value_each_move(pos, |after| section.value(after).map(Verdict::before_move))
                .into_iter()
                .filter_map(|(cell, v)| Some((cell, v?)))
                .filter(|&(_, v)| v == value)
                .collect();
        (!best.is_empty()).then_some(best)
    }
}

/// Every legal move of `pos` with its value for the mover: a win in 1 for a move that
/// completes a line, a draw for one that fills the board, otherwise what `rest` says of the
/// unfinished position after it (`None`: unknown).
pub(super) fn value_each_move<B: BitSet>(
    pos: &Position<B>,
    mut rest: impl FnMut(&Position<B>) -> Option<Verdict>,
) -> Vec<(usize, Option<Verdict>)> {
    let me = pos.to_move();
    let mut after = pos.clone();
    pos.legal_moves()
        .cells()
        .map(|cell| {
            after.play_unchecked(cell);
            let value = if after.winner() == Some(me) {
                Some(Verdict::Win(1))
            } else if after.is_over() {
                Some(Verdict::Draw)
            } else {
                rest(&after)
            };
            after.undo_unchecked();
            (cell, value)
        })
        .collect()
}

/// Little-endian numbers off the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let (head, rest) = self
            .0
            .split_first_chunk::<N>()
            .ok_or(BookError::Truncated)?;
        self.0 = rest;
        Ok(*head)
    }
    fn u8(&mut self) -> Result<u8, BookError> {
        Ok(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, BookError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, BookError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, BookError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
    fn i16(&mut self) -> Result<i16, BookError> {
        Ok(i16::from_le_bytes(self.take()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact;
    use crate::Go;

    #[test]
    fn a_book_reads_back_what_it_wrote_and_refuses_a_broken_file() {
        let rules = Rules::new(3, 3, Some(3)).unwrap();
        let section = Section::build(rules, 2, false, &Go::default(), |_, _| {}).unwrap();
        // The empty board, 3 first moves and 12 replies, up to symmetry.
        assert_eq!(section.len(), 1 + 3 + 12);
        let book = Book::new(vec![section]);
        let bytes = book.to_bytes();
        assert_eq!(Book::parse(&bytes).unwrap(), book);
        assert_eq!(Book::parse(b"MNKBOOK0"), Err(BookError::Magic));
        assert_eq!(
            Book::parse(&bytes[..bytes.len() - 1]),
            Err(BookError::Truncated)
        );
        // Tic-tac-toe is a draw; x's corner and centre openings draw, and so on.
        let empty = Board::new(rules);
        assert_eq!(book.value(&empty), Some(Verdict::Draw));
        let values = book.move_values(&empty).unwrap();
        assert!(values.iter().all(|&(_, v)| v == Verdict::Draw));
        let mut b = empty.clone();
        b.play(b.parse_cell("a1").unwrap()).unwrap();
        // o must take the centre: every other reply loses.
        let values = book.move_values(&b).unwrap();
        let draws: Vec<String> = values
            .iter()
            .filter(|(_, v)| *v == Verdict::Draw)
            .map(|&(c, _)| b.cell_name(c))
            .collect();
        assert_eq!(draws, ["b2"]);
        // Two stones: the book holds the position but not the positions after it.
        b.play(b.parse_cell("b2").unwrap()).unwrap();
        assert_eq!(book.value(&b), Some(Verdict::Draw));
        assert_eq!(book.move_values(&b), None);
        assert_eq!(book.best_moves(&b), None);
    }

    #[test]
    fn best_replies_give_the_deepest_positions_a_best_move() {
        let rules = Rules::new(3, 3, Some(3)).unwrap();
        let plain = Section::build(rules, 1, false, &Go::default(), |_, _| {}).unwrap();
        let section = Section::build(rules, 1, true, &Go::default(), |_, _| {}).unwrap();
        // The empty board and 3 first moves, then some of the 12 replies up to symmetry.
        assert_eq!(plain.len(), 4);
        assert!(
            section.len() > 4 && section.len() < 4 + 12,
            "{}",
            section.len()
        );
        let book = Book::new(vec![section]);
        assert_eq!(book.value(&Board::new(rules)), Some(Verdict::Draw));
        for first in ["a1", "b1", "b2"] {
            let mut b = Board::new(rules);
            b.play(b.parse_cell(first).unwrap()).unwrap();
            // Not every reply is known, but the best ones are, and they are the solver's.
            assert_eq!(book.move_values(&b), None);
            let best = book.best_moves(&b).unwrap();
            let solved = exact::solve(
                &b,
                crate::Algorithm::Solver,
                SolverConfig::default(),
                &Go::default(),
            )
            .unwrap();
            // One best reply is stored (the one nearest the centre), found with its
            // symmetric images.
            assert!(
                best.iter().all(|m| solved.best_moves.contains(&m.0)),
                "{first}"
            );
            let nearest = if solved.best_moves.contains(&4) {
                4
            } else {
                best[0].0
            };
            assert!(best.iter().any(|m| m.0 == nearest), "after {first}");
            assert!(best.iter().all(|m| m.1 == solved.verdict), "after {first}");
        }
    }
}
