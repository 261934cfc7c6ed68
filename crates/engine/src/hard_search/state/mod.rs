//! The board the `hard` search works on: stones in a flat array, and for every empty cell,
//! side and direction the [`Pattern`] a stone there would make, kept up to date as stones
//! are played and taken back (a stone changes only the cells within K of it on its four
//! lines). Counts of each pattern per side are kept too, so "can x win at once?" or "has o an
//! open three?" cost one lookup.

use super::cell_class::{class_code, class_of, class_of_code, CellClass, CELL_CLASSES, LINE_PLACE};
use super::pattern::{Pattern, PatternTable, Seen, PATTERNS};
use crate::bits::BitSet;
use crate::geometry::{splitmix, DIRECTIONS, NEAR_RADIUS};
use crate::position::Position;
use crate::renju;
use crate::rules::Rules;
use crate::side::Side;
use journal::Journal;

mod journal;

/// Marks a segment cell that lies off the board.
const OFF: u16 = u16::MAX;

/// The base-3 digit ([`Seen`] as a number) of a line cell holding 0 (empty), 1 (x), 2 (o) or
/// 3 (off the board), seen by x and by o.
const X_DIGIT: [usize; 4] = [
    Seen::Empty as usize,
    Seen::Own as usize,
    Seen::Blocked as usize,
    Seen::Blocked as usize,
];
const O_DIGIT: [usize; 4] = [
    Seen::Empty as usize,
    Seen::Blocked as usize,
    Seen::Own as usize,
    Seen::Blocked as usize,
];

/// A Gomoku position with incrementally maintained line patterns.
#[derive(Clone)]
pub struct State {
    rules: Rules,
    /// `(cell * 4 + dir) * (2K+1) + K + offset` -> the cell at that offset, or [`OFF`].
    lines: Vec<u16>,
    /// 0 empty, 1 x, 2 o.
    cells: Vec<u8>,
    pats: Vec<[[Pattern; 4]; 2]>,
    /// For every cell (empty or not), side and direction, the dense table's key of its
    /// segment, kept up to date stone by stone; empty when the table is not dense.
    keys: Vec<[[u32; 4]; 2]>,
    /// Per side, the empty cells where a stone of that side would make an open three or
    /// better in some direction (bits by cell): the tactics scan these, not the board.
    threat_cells: [Vec<u64>; 2],
    /// Per side, what a digit at each segment index weighs in a key
    /// ([`PatternTable::weight`]: the sides' tables key different cells under Renju).
    weights: [Vec<u32>; 2],
    near: Vec<u16>,
    counts: [[i32; PATTERNS]; 2],
    /// Per side, how many cells (empty or not: a stone's cell counts as [`CellClass::None`])
    /// are of each [`CellClass`].
    classes: [[i32; CELL_CLASSES]; 2],
    /// Per side, the classification of its shapes: they differ where one side wins only with
    /// exactly K (the exact rule for both, Renju for x).
    tables: [PatternTable; 2],
    zobrist: Vec<[u64; 2]>,
    side_key: u64,
    hash: u64,
    history: Vec<u16>,
    stones: usize,
    to_move: Side,
    winner: Option<Side>,
    /// What each move changed, so that [`State::undo`] copies it back.
    journal: Journal,
}

impl State {
    /// The empty board of `rules`, x to move.
    pub fn new(rules: Rules) -> State {
        let (w, h, k) = (rules.width(), rules.height(), rules.k());
        let n = rules.cells();
        let span = 2 * k + 1;
        let mut lines = vec![OFF; n * 4 * span];
        for cell in 0..n {
            let (col, row) = rules.col_row(cell);
            for (d, &(dc, dr)) in DIRECTIONS.iter().enumerate() {
                for i in 0..span {
                    let off = i as isize - k as isize;
                    let c = col as isize + dc * off;
                    let r = row as isize + dr * off;
                    if (0..w as isize).contains(&c) && (0..h as isize).contains(&r) {
                        lines[(cell * 4 + d) * span + i] =
                            rules.cell(c as usize, r as usize) as u16;
                    }
                }
            }
        }
        let mut seed = 0x6D6E_6B2D_676F_6D6Fu64;
        let zobrist = (0..n)
            .map(|_| [splitmix(&mut seed), splitmix(&mut seed)])
            .collect();
        let side_key = splitmix(&mut seed);
        let mut state = State {
            rules,
            lines,
            cells: vec![0; n],
            pats: vec![[[Pattern::None; 4]; 2]; n],
            keys: Vec::new(),
            weights: [Vec::new(), Vec::new()],
            threat_cells: [vec![0; n.div_ceil(64)], vec![0; n.div_ceil(64)]],
            near: vec![0; n],
            counts: [[0; PATTERNS]; 2],
            classes: [std::array::from_fn(|c| if c == 0 { n as i32 } else { 0 }); 2],
            tables: [Side::X, Side::O].map(|side| PatternTable::new(k, rules.exact_for(side))),
            zobrist,
            side_key,
            hash: 0,
            history: Vec::with_capacity(n),
            stones: 0,
            to_move: Side::X,
            winner: None,
            journal: Journal::default(),
        };
        for cell in 0..n {
            for d in 0..4 {
                state.refresh(cell, d);
            }
        }
        if state.tables[0].is_dense() {
            // A dense table's keys are below 3^12, so every weight fits in 32 bits.
            state.weights = [0, 1].map(|s| {
                (0..span)
                    .map(|i| state.tables[s].weight(i) as u32)
                    .collect()
            });
            state.keys = (0..n)
                .map(|cell| {
                    let keys: [(usize, usize); 4] =
                        std::array::from_fn(|d| state.line_keys(cell, d));
                    [keys.map(|(x, _)| x as u32), keys.map(|(_, o)| o as u32)]
                })
                .collect();
        }
        state
    }

    /// The position `pos` (its stones and side to move).
    pub fn from_position<B: BitSet>(pos: &Position<B>) -> State {
        let mut state = State::new(pos.rules());
        for side in [Side::X, Side::O] {
            for cell in pos.stones(side).cells() {
                state.place(cell, side);
            }
        }
        // Placed in cell order, not the game's, a stone may look like the five it was not
        // (exactly-K: the sixth stone of an overline comes later): the position knows.
        state.winner = pos.winner();
        state.set_to_move(pos.to_move());
        state
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Sets the side to move (for positions set up stone by stone).
    pub fn set_to_move(&mut self, side: Side) {
        if side != self.to_move {
            self.hash ^= self.side_key;
            self.to_move = side;
        }
    }

    /// Who has K in a row, if anyone.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Whether the game is over (a line, or a full board).
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.stones == self.cells.len()
    }

    /// Stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// The hash of the stones and the side to move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether `cell` is on the board and empty.
    pub fn is_empty(&self, cell: usize) -> bool {
        self.cells.get(cell) == Some(&0)
    }

    /// Moves played with [`State::play`] since the start, oldest first.
    #[cfg(test)]
    pub fn history(&self) -> &[u16] {
        &self.history
    }

    /// The patterns of `side` on `cell` in the four directions.
    #[inline]
    pub fn patterns(&self, cell: usize, side: Side) -> [Pattern; 4] {
        self.pats[cell][side.index()]
    }

    /// How many (empty cell, direction) pairs give `side` pattern `p`.
    #[inline]
    pub fn count(&self, side: Side, p: Pattern) -> i32 {
        self.counts[side.index()][p as usize]
    }

    /// How many cells are of class `class` for `side` (an occupied cell counts as
    /// [`CellClass::None`]).
    #[inline]
    pub fn class_count(&self, side: Side, class: CellClass) -> i32 {
        self.classes[side.index()][class as usize]
    }

    /// Puts a stone of the side to move on the empty `cell` and passes the move. The cell
    /// must be empty and the game not over (the search checks; front ends use [`Board`]).
    pub fn play(&mut self, cell: usize) {
        let side = self.to_move;
        self.open_frame();
        self.put(cell, side);
        self.journal.recording = false;
        self.history.push(cell as u16);
        self.hash ^= self.side_key;
        self.to_move = side.other();
    }

    /// Takes back the last [`State::play`]; does nothing if there is none.
    pub fn undo(&mut self) {
        let Some(cell) = self.history.pop() else {
            return;
        };
        self.hash ^= self.side_key;
        self.to_move = self.to_move.other();
        if !self.restore(cell as usize) {
            self.remove(cell as usize);
        }
    }

    /// Places a stone without touching the side to move or the history (setting a position
    /// up). The moves played before it are taken back the slow way.
    pub fn place(&mut self, cell: usize, side: Side) {
        self.journal.clear();
        self.put(cell, side);
    }

    fn put(&mut self, cell: usize, side: Side) {
        if self.pats[cell][side.index()].contains(&Pattern::Five) {
            self.winner = Some(side);
        }
        self.uncount(cell);
        self.cells[cell] = side.index() as u8 + 1;
        self.stones += 1;
        self.hash ^= self.zobrist[cell][side.index()];
        self.touch_near(cell, 1);
        self.update_lines(cell, 0, true);
    }

    /// Lifts the stone off `cell` (its count, hash and neighbourhood, not its lines); returns
    /// what the cell held (1 x, 2 o).
    fn lift(&mut self, cell: usize) -> u8 {
        let was = self.cells[cell];
        let side = if was == 1 { Side::X } else { Side::O };
        self.cells[cell] = 0;
        self.stones -= 1;
        self.hash ^= self.zobrist[cell][side.index()];
        self.touch_near(cell, -1);
        was
    }

    fn remove(&mut self, cell: usize) {
        let was = self.lift(cell);
        // A finished game has exactly one winning move, the last; taking it back reopens.
        self.winner = None;
        for d in 0..4 {
            self.look_up(cell, d);
        }
        self.update_lines(cell, was, true);
    }

    fn touch_near(&mut self, cell: usize, delta: i32) {
        let (col, row) = self.rules.col_row(cell);
        let (w, h) = (self.rules.width(), self.rules.height());
        for r in row.saturating_sub(NEAR_RADIUS)..=(row + NEAR_RADIUS).min(h - 1) {
            for c in col.saturating_sub(NEAR_RADIUS)..=(col + NEAR_RADIUS).min(w - 1) {
                let i = self.rules.cell(c, r);
                self.near[i] = (self.near[i] as i32 + delta) as u16;
            }
        }
    }

    /// After `cell` changed from `was` (0 empty, 1 x, 2 o) to what it holds now: every cell
    /// within K of it on its four lines gets its keys changed by that one digit, and with
    /// `look` the empty ones their patterns, looked up (a dense table); otherwise every empty
    /// cell there is read again.
    fn update_lines(&mut self, cell: usize, was: u8, look: bool) {
        if self.keys.is_empty() {
            if look {
                self.refresh_lines(cell);
            }
            return;
        }
        let now = self.cells[cell] as usize;
        let was = was as usize;
        let k = self.rules.k();
        let span = 2 * k + 1;
        for d in 0..4 {
            let base = (cell * 4 + d) * span;
            for i in 0..span {
                let q = self.lines[base + i];
                // `cell` is at index 2K - i of the segment of q (the lines are symmetric).
                let (wx, wo) = (self.weights[0][2 * k - i], self.weights[1][2 * k - i]);
                if q == OFF || (wx == 0 && wo == 0) {
                    continue;
                }
                let q = q as usize;
                let key = &mut self.keys[q];
                key[0][d] = key[0][d] + wx * X_DIGIT[now] as u32 - wx * X_DIGIT[was] as u32;
                key[1][d] = key[1][d] + wo * O_DIGIT[now] as u32 - wo * O_DIGIT[was] as u32;
                if look && self.cells[q] == 0 {
                    self.look_up(q, d);
                }
            }
        }
    }

    /// Sets the patterns of the empty `cell` along `dir` from its keys, or reads its line
    /// when the table has not met a key yet.
    #[inline]
    fn look_up(&mut self, cell: usize, dir: usize) {
        if let Some(keys) = self.keys.get(cell) {
            let (x, o) = (keys[0][dir] as usize, keys[1][dir] as usize);
            if let (Some(x), Some(o)) = (self.tables[0].known(x), self.tables[1].known(o)) {
                return self.set_patterns(cell, dir, [x, o]);
            }
        }
        self.refresh(cell, dir);
    }

    /// Re-reads every empty cell within K of `cell` on its four lines.
    fn refresh_lines(&mut self, cell: usize) {
        let span = 2 * self.rules.k() + 1;
        for d in 0..4 {
            let base = (cell * 4 + d) * span;
            for i in 0..span {
                let q = self.lines[base + i];
                if q != OFF && self.cells[q as usize] == 0 {
                    self.refresh(q as usize, d);
                }
            }
        }
    }

    /// Removes an occupied-to-be cell's patterns from the counts.
    fn uncount(&mut self, cell: usize) {
        for d in 0..4 {
            let [x, o] = self.pats[cell];
            self.journal.note(cell, d, [x[d], o[d]]);
        }
        for s in 0..2 {
            self.classes[s][class_of(self.pats[cell][s]) as usize] -= 1;
            self.classes[s][CellClass::None as usize] += 1;
            for d in 0..4 {
                let p = self.pats[cell][s][d];
                self.counts[s][p as usize] -= 1;
                self.pats[cell][s][d] = Pattern::None;
            }
        }
        // Occupied cells count as `None`; keep the books balanced for `refresh`.
        for s in 0..2 {
            self.counts[s][Pattern::None as usize] += 4;
            self.threat_cells[s][cell / 64] &= !(1 << (cell % 64));
        }
    }

    /// Recomputes both sides' patterns of the empty `cell` along `dir`.
    fn refresh(&mut self, cell: usize, dir: usize) {
        let k = self.rules.k();
        let span = 2 * k + 1;
        let base = (cell * 4 + dir) * span;
        let mut seg = [[Seen::Empty; 2 * crate::rules::MAX_SIDE + 1]; 2];
        let [x_seg, o_seg] = &mut seg;
        let line = &self.lines[base..base + span];
        for ((&q, x), o) in line.iter().zip(x_seg.iter_mut()).zip(o_seg.iter_mut()) {
            let v = if q == OFF { 3 } else { self.cells[q as usize] };
            (*x, *o) = match v {
                0 => (Seen::Empty, Seen::Empty),
                1 => (Seen::Own, Seen::Blocked),
                2 => (Seen::Blocked, Seen::Own),
                _ => (Seen::Blocked, Seen::Blocked),
            };
        }
        let x = self.tables[0].classify(&x_seg[..span]);
        let o = self.tables[1].classify(&o_seg[..span]);
        self.set_patterns(cell, dir, [x, o]);
    }

    /// Both sides' dense-table keys of the segment of `cell` along `dir`, read from the line,
    /// as [`PatternTable::key`] makes them.
    fn line_keys(&self, cell: usize, dir: usize) -> (usize, usize) {
        let span = 2 * self.rules.k() + 1;
        let base = (cell * 4 + dir) * span;
        let line = &self.lines[base..base + span];
        line.iter()
            .zip(self.weights[0].iter().zip(&self.weights[1]))
            .fold((0, 0), |(x, o), (&q, (&wx, &wo))| {
                let v = if q == OFF {
                    3
                } else {
                    self.cells[q as usize] as usize
                };
                (x + wx as usize * X_DIGIT[v], o + wo as usize * O_DIGIT[v])
            })
    }

    /// Sets both sides' patterns of `cell` along `dir`, keeping the counts.
    #[inline]
    fn set_patterns(&mut self, cell: usize, dir: usize, pats: [Pattern; 2]) {
        let old = [self.pats[cell][0][dir], self.pats[cell][1][dir]];
        if old == pats {
            return;
        }
        self.journal.note(cell, dir, old);
        for (s, p) in pats.into_iter().enumerate() {
            let lines = &mut self.pats[cell][s];
            let old = lines[dir];
            if old == p {
                continue;
            }
            // The new code is worked out from the old one: reading the four lines back after
            // writing one of them stalls the processor (the search took half as long again).
            let code = class_code(*lines);
            let changed = code + LINE_PLACE[dir] * p as usize - LINE_PLACE[dir] * old as usize;
            lines[dir] = p;
            let (was, now) = (class_of_code(code), class_of_code(changed));
            self.counts[s][old as usize] -= 1;
            self.counts[s][p as usize] += 1;
            self.classes[s][was as usize] -= 1;
            self.classes[s][now as usize] += 1;
            let bit = 1 << (cell % 64);
            // The classes from an open three up are exactly the cells with an open three or
            // better on some line.
            if now >= CellClass::Flex3 {
                self.threat_cells[s][cell / 64] |= bit;
            } else {
                self.threat_cells[s][cell / 64] &= !bit;
            }
        }
    }

    /// The empty cells, in order, where a stone of `side` would make an open three, a four
    /// or K in a row in some direction.
    pub fn threat_cells(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.threat_cells[side.index()]
            .iter()
            .enumerate()
            .flat_map(|(i, &word)| word.cells().map(move |b| i * 64 + b))
    }

    /// Appends the empty cells near a stone, forbidden or not: for the threat searches,
    /// which keep only a few of them and test those.
    pub fn near_cells(&self, out: &mut Vec<usize>) {
        for (cell, &n) in self.near.iter().enumerate() {
            if n > 0 && self.cells[cell] == 0 {
                out.push(cell);
            }
        }
    }

    /// Appends the empty cells near a stone (the centre on an empty board).
    pub fn candidates(&self, out: &mut Vec<usize>) {
        let before = out.len();
        self.near_cells(out);
        if self.rules.has_forbidden_moves() && self.to_move == Side::X {
            let mut kept = before;
            for i in before..out.len() {
                if !self.forbidden(out[i], Side::X) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
        }
        if out.len() == before {
            let (w, h) = (self.rules.width(), self.rules.height());
            let centre = self.rules.cell((w - 1) / 2, (h - 1) / 2);
            if self.cells[centre] == 0 {
                out.push(centre);
            } else if let Some(cell) = self.cells.iter().position(|&c| c == 0) {
                out.push(cell);
            }
        }
    }

    /// Whether a stone of `side` on the empty `cell` is forbidden: only x's, only under
    /// Renju ([`crate::renju::foul`], read on this board).
    pub fn forbidden(&self, cell: usize, side: Side) -> bool {
        side == Side::X
            && self.rules.has_forbidden_moves()
            && self.may_be_forbidden(cell)
            && renju::foul_checked(&self.rules, |c| self.stone(c), cell).is_some()
    }

    /// A quick necessary condition for x's foul on `cell`, from the kept patterns, so the
    /// full test runs on few cells: two threes or fours need two lines where the stone makes
    /// an open three or a four (a three is a line one stone from a straight four, which is
    /// an open four), two fours on one line make an open four's shape (two cells complete
    /// it), and an overline needs more than K stones in a row through the cell.
    #[inline]
    fn may_be_forbidden(&self, cell: usize) -> bool {
        let pats = self.pats[cell][Side::X.index()];
        let threats = pats.iter().filter(|&&p| p >= Pattern::Flex3).count();
        if threats >= 2 || pats.contains(&Pattern::Flex4) {
            return true;
        }
        let k = self.rules.k();
        let span = 2 * k + 1;
        (0..4).any(|d| {
            let line = &self.lines[(cell * 4 + d) * span..(cell * 4 + d + 1) * span];
            let run = |steps: &mut dyn Iterator<Item = usize>| {
                steps
                    .take_while(|&i| line[i] != OFF && self.cells[line[i] as usize] == 1)
                    .count()
            };
            run(&mut (k + 1..span)) + run(&mut (0..k).rev()) >= k
        })
    }

    /// Whether `side` can make pattern `p` with a stone it may play (every such cell counts
    /// but x's forbidden ones under Renju).
    pub fn can_make(&self, side: Side, p: Pattern) -> bool {
        if self.count(side, p) == 0 {
            return false;
        }
        if side == Side::O || !self.rules.has_forbidden_moves() {
            return true;
        }
        (0..self.cells.len())
            .any(|c| self.cells[c] == 0 && self.pats[c][0].contains(&p) && !self.forbidden(c, side))
    }

    /// The stone on `cell`.
    fn stone(&self, cell: usize) -> Option<Side> {
        match self.cells[cell] {
            0 => None,
            1 => Some(Side::X),
            _ => Some(Side::O),
        }
    }

    /// The empty cells where `side` would complete K in a row.
    pub fn winning_cells(&self, side: Side, out: &mut Vec<usize>) {
        if self.count(side, Pattern::Five) == 0 {
            return;
        }
        let before = out.len();
        for cell in self.threat_cells(side) {
            if self.near[cell] > 0 && self.pats[cell][side.index()].contains(&Pattern::Five) {
                out.push(cell);
            }
        }
        if out.len() == before {
            // Only with one in a row does a five stand far from every stone (on the empty
            // board, every cell is one): take those too, or a search that counted a five
            // would find no cell for it.
            for cell in self.threat_cells(side) {
                if self.pats[cell][side.index()].contains(&Pattern::Five) {
                    out.push(cell);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
