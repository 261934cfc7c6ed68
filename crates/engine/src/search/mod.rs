//! The textbook searches, written once against the [`Game`] trait so that the teaching trees
//! and the real boards share them: plain minimax and alpha-beta, both with statistics, an
//! optional depth limit and a trace hook. Bounded and watched, they run through the exact
//! searches' entry point ([`crate::exact::solve`] with a [`crate::Go`]) or a lesson
//! ([`crate::teach::Lesson::record_within`]), and [`TreeSize`] says up front how big they get.

mod alphabeta;
mod estimate;
mod minimax;

pub use alphabeta::alphabeta;
pub(crate) use alphabeta::{alphabeta_walk, alphabeta_with};
pub use estimate::{TreeSize, REACH};
pub use minimax::minimax;
pub(crate) use minimax::{minimax_walk, minimax_with};

use crate::budget::{Controls, Exhausted, Meter};
use crate::error::SearchError;
use crate::score::Score;

/// One of the two textbook searches, on a tree or a board alike: what a lesson runs (the same
/// two as `Algorithm::Minimax` and `Algorithm::AlphaBeta`, which convert to and from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextbookSearch {
    /// Plain minimax: every node visited.
    Minimax,
    /// Textbook alpha-beta: children left to right, cut when alpha >= beta.
    AlphaBeta,
}

impl TextbookSearch {
    /// Both, minimax first.
    pub const BOTH: [TextbookSearch; 2] = [TextbookSearch::Minimax, TextbookSearch::AlphaBeta];

    /// The name used on the command line and in JSON (also the `Algorithm`'s name):
    /// `minimax` or `alphabeta`.
    pub fn name(self) -> &'static str {
        match self {
            TextbookSearch::Minimax => "minimax",
            TextbookSearch::AlphaBeta => "alphabeta",
        }
    }

    /// The name for people: `minimax` or `alpha-beta`.
    pub fn title(self) -> &'static str {
        match self {
            TextbookSearch::Minimax => "minimax",
            TextbookSearch::AlphaBeta => "alpha-beta",
        }
    }

    /// Runs this search on `game`.
    pub fn run<G: Game>(
        self,
        game: &mut G,
        limits: TextbookOptions,
        tracer: &mut impl Tracer,
    ) -> SearchResult<G::Move> {
        match self {
            TextbookSearch::Minimax => minimax(game, limits, tracer),
            TextbookSearch::AlphaBeta => alphabeta(game, limits, tracer),
        }
    }
}

/// A two-player game as the textbook searches see it: MAX and MIN alternate (not necessarily
/// strictly), leaves carry values from MAX's point of view.
pub trait Game {
    /// A move; for trees, the index of a child.
    type Move: Copy + Eq + std::fmt::Debug;
    /// Appends the moves of the current node, in the order the search should visit them.
    fn moves(&self, out: &mut Vec<Self::Move>);
    /// Goes down to the child reached by `mv`.
    fn play(&mut self, mv: Self::Move);
    /// Goes back up to the parent.
    fn undo(&mut self);
    /// Whether MAX chooses at the current node.
    fn maximizing(&self) -> bool;
    /// The exact value (MAX's view) when the current node ends the game.
    fn terminal_value(&self) -> Option<Score>;
    /// The estimated value (MAX's view) where a depth limit stops the search.
    fn heuristic_value(&self) -> Score;
}

/// Work counters, the same for every search.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Nodes entered, the root included.
    pub nodes: u64,
    /// Nodes valued without children: game ends and depth-limit estimates.
    pub leaves: u64,
    /// Leaves valued by the heuristic because the depth limit stopped the search there.
    pub horizon_leaves: u64,
    /// Cutoffs (alpha >= beta).
    pub cutoffs: u64,
}

/// Callbacks a search makes as it goes, for the step-by-step account of the teaching tool.
/// Paths are 0-based child indices from the root.
pub trait Tracer {
    /// A node is entered with the window (alpha, beta) it is searched in.
    fn enter(&mut self, _path: &[usize], _maximizing: bool, _alpha: Score, _beta: Score) {}
    /// A leaf is valued; `horizon` is true when the depth limit, not the game, ended it.
    fn leaf(&mut self, _path: &[usize], _value: Score, _horizon: bool) {}
    /// Child `index` of the node at `path` has returned `value`; the node's window is now
    /// (alpha, beta) (minimax, which keeps no window, reports the full one).
    fn child(
        &mut self,
        _path: &[usize],
        _index: usize,
        _value: Score,
        _alpha: Score,
        _beta: Score,
    ) {
    }
    /// A node's value is final and passed up.
    fn backup(&mut self, _path: &[usize], _value: Score) {}
    /// At `path`, alpha >= beta after child `after`; children `after+1 .. of` are pruned.
    fn cutoff(&mut self, _path: &[usize], _alpha: Score, _beta: Score, _after: usize, _of: usize) {}
}

/// A tracer that records nothing.
pub struct NoTrace;
impl Tracer for NoTrace {}

/// How a search is run.
#[derive(Clone, Copy, Debug, Default)]
pub struct TextbookOptions {
    /// Plies to look ahead before estimating; `None` searches to the end of the game.
    pub depth: Option<u32>,
    /// Alpha-beta only: search the root's children so that ties are exact, which names every
    /// best move (costs a little pruning at the root, so the textbook counts switch it off).
    pub all_best: bool,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The root's value, MAX's view.
    pub value: Score,
    /// The root moves that achieve the value (with `all_best` or minimax: every one; else the
    /// first).
    pub best_moves: Vec<M>,
    /// The principal line as child indices from the root.
    pub best_path: Vec<usize>,
    /// The same line as moves.
    pub best_line: Vec<M>,
    /// Work counters.
    pub stats: Stats,
}

impl<M> SearchResult<M> {
    /// Whether the value is exact (no depth-limit estimate took part).
    pub fn exact(&self) -> bool {
        self.stats.horizon_leaves == 0
    }
}

/// What both textbook searches carry through the tree: the counters, the scratch space, the
/// best root moves so far, and the meter of the caller's controls.
pub(crate) struct Walk<'a, M> {
    pub stats: Stats,
    pub scratch: Scratch<M>,
    pub root_best: Vec<M>,
    pub meter: Meter<'a>,
}

impl<'a, M: Copy> Walk<'a, M> {
    pub fn new(controls: &'a Controls) -> Self {
        Walk {
            stats: Stats::default(),
            scratch: Scratch::new(),
            root_best: Vec::new(),
            meter: controls.meter(Meter::CHECK_EVERY),
        }
    }

    /// Counts a node entered at `ply`; true when the search has been stopped and must unwind
    /// (the values it then returns mean nothing).
    #[inline]
    pub fn enter(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        self.scratch.enter(ply);
        self.meter.tick()
    }

    /// The result, given the root's value, and why the search was stopped if it was (its
    /// value then means nothing).
    pub fn finish(mut self, value: Score) -> (SearchResult<M>, Option<Exhausted>) {
        let result = SearchResult {
            value,
            best_moves: std::mem::take(&mut self.root_best),
            best_path: self.scratch.pv[0].clone(),
            best_line: self.scratch.pv_moves[0].clone(),
            stats: self.stats,
        };
        (result, self.meter.exhausted())
    }
}

/// A finished walk as the `_with` searches return it: [`SearchError::Stopped`] if stopped.
pub(crate) fn unless_stopped<M>(
    (result, stopped): (SearchResult<M>, Option<Exhausted>),
) -> Result<SearchResult<M>, SearchError> {
    match stopped {
        Some(why) => Err(SearchError::Stopped(why)),
        None => Ok(result),
    }
}

/// Per-ply scratch space reused between nodes so the search allocates only when it first
/// reaches a new depth.
pub(crate) struct Scratch<M> {
    pub moves: Vec<Vec<M>>,
    pub pv: Vec<Vec<usize>>,
    pub pv_moves: Vec<Vec<M>>,
    pub path: Vec<usize>,
}

impl<M: Copy> Scratch<M> {
    pub fn new() -> Self {
        Scratch {
            moves: Vec::new(),
            pv: Vec::new(),
            pv_moves: Vec::new(),
            path: Vec::new(),
        }
    }

    /// Makes sure buffers for `ply` exist and are cleared.
    pub fn enter(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.pv.push(Vec::new());
            self.pv_moves.push(Vec::new());
        }
        self.pv[ply].clear();
        self.pv_moves[ply].clear();
    }

    /// The line at `ply` becomes `index`/`mv` followed by the line of `ply + 1`.
    pub fn set_pv(&mut self, ply: usize, index: usize, mv: M) {
        let (lo, hi) = self.pv.split_at_mut(ply + 1);
        lo[ply].clear();
        lo[ply].push(index);
        lo[ply].extend_from_slice(&hi[0]);
        let (lo, hi) = self.pv_moves.split_at_mut(ply + 1);
        lo[ply].clear();
        lo[ply].push(mv);
        lo[ply].extend_from_slice(&hi[0]);
    }
}

/// Values a leaf if the node is one; shared by both searches.
pub(crate) fn leaf_value<G: Game>(
    game: &G,
    depth_left: Option<u32>,
    path: &[usize],
    stats: &mut Stats,
    tracer: &mut impl Tracer,
) -> Option<Score> {
    if let Some(v) = game.terminal_value() {
        stats.leaves += 1;
        tracer.leaf(path, v, false);
        return Some(v);
    }
    if depth_left == Some(0) {
        let v = game.heuristic_value();
        stats.leaves += 1;
        stats.horizon_leaves += 1;
        tracer.leaf(path, v, true);
        return Some(v);
    }
    None
}

#[cfg(test)]
pub(crate) mod tests;
