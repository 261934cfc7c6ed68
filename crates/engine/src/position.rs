//! A position: the stones of both sides as bitboards, the side to move, an incrementally
//! updated Zobrist hash for every board symmetry, and the moves played since it was set up.

use crate::bits::BitSet;
use crate::error::{GameOver, PositionError};
use crate::foul::Foul;
use crate::geometry::Geometry;
use crate::renju;
use crate::rules::Rules;
use crate::side::{Outcome, Side};
use std::fmt;
use std::sync::Arc;

/// Most symmetries of any board (a square).
pub const MAX_SYMMETRIES: usize = 8;

/// A position of an m,n,k-game on a board that fits the bit set `B`.
#[derive(Clone)]
pub struct Position<B: BitSet> {
    geo: Arc<Geometry<B>>,
    stones: [B; 2],
    to_move: Side,
    hashes: [u64; MAX_SYMMETRIES],
    history: Vec<u16>,
    winner: Option<Side>,
}

impl<B: BitSet> Position<B> {
    /// The empty board, x to move.
    pub fn empty(geo: Arc<Geometry<B>>) -> Self {
        let cells = geo.rules().cells();
        Position {
            geo,
            stones: [B::default(); 2],
            to_move: Side::X,
            hashes: [0; MAX_SYMMETRIES],
            history: Vec::with_capacity(cells),
            winner: None,
        }
    }

    /// Builds a position from stone sets, checking that a game can reach it.
    pub fn from_stones(
        geo: Arc<Geometry<B>>,
        x: B,
        o: B,
        to_move: Option<Side>,
    ) -> Result<Self, PositionError> {
        let (nx, no) = (x.count() as usize, o.count() as usize);
        if nx.abs_diff(no) > 1 {
            return Err(PositionError::StoneCounts { x: nx, o: no });
        }
        let natural = if no < nx { Side::O } else { Side::X };
        let to_move = to_move.unwrap_or(natural);
        let behind = match to_move {
            Side::X => nx <= no,
            Side::O => no <= nx,
        };
        if !behind {
            return Err(PositionError::WrongSide {
                side: to_move.letter(),
            });
        }
        let mut pos = Position::empty(geo);
        pos.to_move = to_move;
        pos.stones = [x, o];
        for side in [Side::X, Side::O] {
            for cell in pos.stones[side.index()].cells() {
                pos.toggle_hash(cell, side);
            }
        }
        if to_move == Side::O {
            pos.toggle_side_hash();
        }
        pos.winner = pos.check_finished_lines()?;
        Ok(pos)
    }

    /// Refuses positions with lines no game can produce; returns the winner, if any.
    fn check_finished_lines(&self) -> Result<Option<Side>, PositionError> {
        let k = self.rules().k();
        let (x_line, o_line) = (self.has_line(Side::X), self.has_line(Side::O));
        if x_line && o_line {
            return Err(PositionError::BothWon { k });
        }
        let Some(winner) = [Side::X, Side::O].into_iter().find(|&s| self.has_line(s)) else {
            return Ok(None);
        };
        if winner == self.to_move {
            return Err(PositionError::MovedAfterWin {
                side: winner.letter(),
                other: winner.other().letter(),
                k,
            });
        }
        // Some single stone must lie on every line: the one that ended the game.
        let mine = self.stones[winner.index()];
        let lines: Vec<B> = (0..self.geo.windows().len())
            .filter(|&i| self.geo.is_line(mine, i, winner))
            .map(|i| self.geo.windows()[i])
            .collect();
        let common = lines.iter().fold(mine, |acc, &w| acc.and(w));
        if common.is_empty() {
            return Err(PositionError::TwoSeparateLines {
                side: winner.letter(),
            });
        }
        Ok(Some(winner))
    }

    /// The shared geometry.
    pub fn geometry(&self) -> &Arc<Geometry<B>> {
        &self.geo
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.geo.rules()
    }

    /// The stones of `side`.
    #[inline]
    pub fn stones(&self, side: Side) -> B {
        self.stones[side.index()]
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> B {
        self.stones[0].or(self.stones[1])
    }

    /// Empty cells (also when the game is over).
    #[inline]
    pub fn empty_cells(&self) -> B {
        self.geo.full().and_not(self.occupied())
    }

    /// The cells the side to move may play: none once the game is over.
    #[inline]
    pub fn legal_moves(&self) -> B {
        if self.winner.is_some() {
            B::default()
        } else if self.rules().has_forbidden_moves() && self.to_move == Side::X {
            let empty = self.empty_cells();
            empty
                .cells()
                .filter(|&c| self.foul(c).is_some())
                .fold(empty, |legal, c| legal.without(c))
        } else {
            self.empty_cells()
        }
    }

    /// Number of stones on the board.
    #[inline]
    pub fn stone_count(&self) -> usize {
        self.occupied().count() as usize
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The player who has completed a line, if any.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.winner {
            Some(side) => Some(Outcome::Win(side)),
            None if self.empty_cells().is_empty() => Some(Outcome::Draw),
            None => None,
        }
    }

    /// Nothing when the game goes on; the [`GameOver`] error (how it ended) once it is over,
    /// for the moves and searches that need an unfinished game.
    pub fn unfinished(&self) -> Result<(), GameOver> {
        match self.outcome() {
            Some(outcome) => Err(GameOver(outcome)),
            None => Ok(()),
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.empty_cells().is_empty()
    }

    /// The Zobrist hash (side to move included).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hashes[0]
    }

    /// The hash of the position seen through symmetry `sym`.
    #[inline]
    pub fn symmetric_hash(&self, sym: usize) -> u64 {
        self.hashes[sym]
    }

    /// The smallest symmetric hash and the symmetry that gives it: equal for positions that
    /// are mirror images or rotations of each other.
    #[inline]
    pub fn canonical_hash(&self) -> (u64, usize) {
        let n = self.geo.symmetries().len();
        let mut best = (self.hashes[0], 0);
        for s in 1..n {
            if self.hashes[s] < best.0 {
                best = (self.hashes[s], s);
            }
        }
        best
    }

    /// [`Position::canonical_hash`] of this position without `side`'s stone on `cell` (the
    /// side to move unchanged); the caller knows the stone is there.
    #[inline]
    pub fn canonical_hash_without(&self, cell: usize, side: Side) -> (u64, usize) {
        let keys = self.geo.symmetric_zobrist(cell, side.index());
        let n = self.geo.symmetries().len();
        (self.hashes.iter().zip(keys).take(n))
            .enumerate()
            .map(|(s, (h, k))| (h ^ k, s))
            .min_by_key(|&(h, _)| h)
            .expect("the identity is always a symmetry")
    }

    /// [`Position::canonical_hash`] of this position after the side to move plays `cell` (an
    /// empty cell), without playing it: a look-up can be started early.
    #[inline]
    pub fn canonical_hash_after(&self, cell: usize) -> u64 {
        let keys = self.geo.symmetric_zobrist(cell, self.to_move.index());
        let side = self.geo.side_key();
        let n = self.geo.symmetries().len();
        (self.hashes.iter().zip(keys).take(n))
            .map(|(h, k)| h ^ k ^ side)
            .min()
            .expect("the identity is always a symmetry")
    }

    /// The moves played since the position was set up, oldest first.
    pub fn history(&self) -> &[u16] {
        &self.history
    }

    /// The last move played since set-up.
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().map(|&c| c as usize)
    }

    /// Whether `side` owns a complete line (checks every window).
    pub fn has_line(&self, side: Side) -> bool {
        let mine = self.stones[side.index()];
        (0..self.geo.windows().len()).any(|i| self.geo.is_line(mine, i, side))
    }

    /// The winner's line (the first complete window found), for display.
    pub fn winning_line(&self) -> Option<B> {
        let winner = self.winner?;
        let mine = self.stones[winner.index()];
        let through_last = self.last_move().map(|c| self.geo.windows_through(c));
        let line = match through_last {
            Some(ids) => ids
                .iter()
                .map(|&i| i as usize)
                .find(|&i| self.geo.is_line(mine, i, winner)),
            None => (0..self.geo.windows().len()).find(|&i| self.geo.is_line(mine, i, winner)),
        };
        line.map(|i| self.geo.windows()[i])
    }

    /// Whether a stone of `side` on `cell` would complete a line.
    #[inline]
    pub fn wins_with(&self, cell: usize, side: Side) -> bool {
        let mine = self.stones[side.index()].with(cell);
        self.geo
            .windows_through(cell)
            .iter()
            .any(|&i| self.geo.is_line(mine, i as usize, side))
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, cell: usize) -> Result<(), PositionError> {
        let rules = self.rules();
        if cell >= rules.cells() {
            return Err(PositionError::OffBoard {
                cell,
                cells: rules.cells(),
            });
        }
        self.unfinished()?;
        if self.occupied().contains(cell) {
            return Err(PositionError::Occupied(rules.cell_name(cell)));
        }
        if let Some(foul) = self.foul(cell) {
            return Err(PositionError::Forbidden {
                cell: rules.cell_name(cell),
                foul,
            });
        }
        self.play_unchecked(cell);
        Ok(())
    }

    /// Why the side to move may not play the empty `cell`, if it may not: only x, only under
    /// Renju ([`crate::renju::foul`]).
    pub fn foul(&self, cell: usize) -> Option<Foul> {
        if !self.rules().has_forbidden_moves() || self.to_move != Side::X {
            return None;
        }
        let (x, o) = (self.stones[0], self.stones[1]);
        let stone = |c: usize| {
            if x.contains(c) {
                Some(Side::X)
            } else if o.contains(c) {
                Some(Side::O)
            } else {
                None
            }
        };
        renju::foul(&self.rules(), stone, cell)
    }

    /// Plays a move the caller knows to be legal (an empty cell, game not over).
    #[inline]
    pub fn play_unchecked(&mut self, cell: usize) {
        debug_assert!(!self.occupied().contains(cell) && self.winner.is_none());
        let side = self.to_move;
        if self.wins_with(cell, side) {
            self.winner = Some(side);
        }
        self.stones[side.index()] = self.stones[side.index()].with(cell);
        self.toggle_hash(cell, side);
        self.toggle_side_hash();
        self.to_move = side.other();
        self.history.push(cell as u16);
    }

    /// Takes back the last move played since set-up.
    pub fn undo(&mut self) -> Result<usize, PositionError> {
        let cell = *self.history.last().ok_or(PositionError::NothingToUndo)? as usize;
        self.undo_unchecked();
        Ok(cell)
    }

    /// The same stones with the other side to move, as if the side to move had passed, and no
    /// moves to take back. No game reaches it when the stone counts say whose turn it is; the
    /// proof search asks about it only what an extra stone cannot spoil (see
    /// [`crate::proof::Prover`]'s check of which moves keep a draw).
    pub(crate) fn passed(&self) -> Self {
        debug_assert!(self.winner.is_none());
        let mut p = self.clone();
        p.to_move = p.to_move.other();
        p.toggle_side_hash();
        p.history.clear();
        p
    }

    /// Takes back the last move; the caller knows there is one.
    #[inline]
    pub fn undo_unchecked(&mut self) {
        let cell = self.history.pop().expect("undo without a move") as usize;
        let side = self.to_move.other();
        self.stones[side.index()] = self.stones[side.index()].without(cell);
        self.toggle_hash(cell, side);
        self.toggle_side_hash();
        self.to_move = side;
        // A game stops at its first line, so the position before any move was unfinished.
        self.winner = None;
    }

    #[inline]
    fn toggle_hash(&mut self, cell: usize, side: Side) {
        let keys = self.geo.symmetric_zobrist(cell, side.index());
        for (h, k) in self.hashes.iter_mut().zip(keys) {
            *h ^= k;
        }
    }

    #[inline]
    fn toggle_side_hash(&mut self) {
        let key = self.geo.side_key();
        for h in &mut self.hashes {
            *h ^= key;
        }
    }

    /// The hash computed from scratch, for checking the incremental one.
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for side in [Side::X, Side::O] {
            for c in self.stones[side.index()].cells() {
                h ^= self.geo.zobrist(c, side.index());
            }
        }
        if self.to_move == Side::O {
            h ^= self.geo.side_key();
        }
        h
    }

    /// The position seen through symmetry `sym` (history dropped).
    pub fn transformed(&self, sym: usize) -> Self {
        let x = self.geo.transform(sym, self.stones[0]);
        let o = self.geo.transform(sym, self.stones[1]);
        Position::from_stones(self.geo.clone(), x, o, Some(self.to_move))
            .expect("a symmetric image of a legal position is legal")
    }

    /// The least of the symmetric images' stone sets: equal exactly for equivalent positions.
    pub fn canonical_stones(&self) -> (B, B) {
        (0..self.geo.symmetries().len())
            .map(|s| {
                (
                    self.geo.transform(s, self.stones[0]),
                    self.geo.transform(s, self.stones[1]),
                )
            })
            .min()
            .expect("the identity is always a symmetry")
    }
}

impl<B: BitSet> PartialEq for Position<B> {
    fn eq(&self, other: &Self) -> bool {
        self.rules() == other.rules()
            && self.stones == other.stones
            && self.to_move == other.to_move
    }
}

impl<B: BitSet> fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {})", self.to_text(), self.to_move)
    }
}
