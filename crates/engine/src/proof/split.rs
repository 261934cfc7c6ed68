//! A proof cut at a frontier, so that its parts can run on many machines: the game tree
//! above the frontier is expanded move by move (every move, positions equal under symmetry
//! once), and each position at the frontier becomes a job, one question ("can this attacker
//! force a line from here?") that any prover can answer alone. The answers settle the tree
//! above the frontier as an AND/OR tree, the same two questions as a whole proof
//! ([`crate::exact::prove`]) asks; [`Split::write_certificate`] turns the settled tree and the jobs' certificate parts into one
//! certificate.
//!
//! Which jobs are still needed follows from the answers so far: a defender node that one
//! answered reply holds, or an attacker node that one answered move wins, needs none of its
//! other children. So the order of the children matters: a driver that asks for the jobs in
//! [`Split::needed`]'s order should meet a holding reply (or a winning move) first. Each node
//! above the frontier has its first few moves (near the stones first) probed with a short proof
//! search from scratch, as a job would run; the first that settles the node's way goes first.
//! Measured on 7x7/5 cut at 2 plies: without the probes the first reply tried after x's
//! central first move took 311 thousand nodes to show x cannot win, and the jobs 504 thousand
//! in all.

use super::{ProofConfig, Prover, Wdl};
use crate::budget::Budget;
use crate::error::SearchError;
use crate::geometry::Geometry;
use crate::position::Position;
use crate::side::Side;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The most nodes and jobs a split may hold: a frontier deeper than this allows is refused
/// before it fills memory (8x8 cut at 3 plies is about 40 thousand).
pub const MAX_SPLIT_SIZE: usize = 1_000_000;

/// Nodes each probe of a move above the frontier may search (see the module's notes).
pub(crate) const PROBE_NODES: u64 = 20_000;

/// Moves probed at each node above the frontier, near the stones first.
pub(crate) const PROBE_CHILDREN: usize = 8;

/// Nodes all the probes of one split may search together, so that a deep frontier is not
/// probed for longer than its jobs take.
pub(crate) const PROBE_NODES_IN_ALL: u64 = 2_000_000;

/// One question a split asks: can `attacker` force a line from this position (stones in
/// canonical orientation, the smallest of its symmetric images), `to_move` to move?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Job {
    /// x's stones (canonical orientation).
    pub x: u64,
    /// o's stones (canonical orientation).
    pub o: u64,
    /// The side to move.
    pub to_move: Side,
    /// The side trying to complete a line.
    pub attacker: Side,
}

/// Where a move above the frontier leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// A position above the frontier, by its index in [`Split::nodes`].
    Node(usize),
    /// A position at the frontier, by its index in [`Split::jobs`].
    Job(usize),
    /// The move completed a line for this side: the game is over.
    Line(Side),
    /// The move filled the board without a line: the attacker failed.
    Full,
}

/// A position above the frontier, with the question it belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitNode {
    /// The position and its question (stones in canonical orientation).
    pub at: Job,
    /// Each distinct move (a cell in the canonical orientation) and where it leads, in the
    /// order a prover would try them.
    pub children: Vec<(usize, Child)>,
}

impl SplitNode {
    fn attacker_to_move(&self) -> bool {
        self.at.to_move == self.at.attacker
    }
}

/// A proof cut at a frontier: the root, the tree above the frontier and the jobs below it.
#[derive(Clone, Debug)]
pub struct Split {
    geo: Arc<Geometry<u64>>,
    /// The root's stones as given (not canonical) and the side to move there.
    root: (u64, u64, Side),
    frontier: usize,
    /// The positions above the frontier; a node's children come after it.
    pub nodes: Vec<SplitNode>,
    /// The positions at the frontier.
    pub jobs: Vec<Job>,
    /// Where each question starts: first "can the side to move force a line?", then (unless
    /// the root is the empty board, where strategy stealing answers it) "can the other side?".
    pub questions: Vec<Child>,
}

/// What the answers so far settle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// For each node: the attacker wins (`Some(true)`), fails (`Some(false)`), or not yet known.
    pub nodes: Vec<Option<bool>>,
    /// The root's value, once the questions settle it.
    pub value: Option<Wdl>,
}

impl Split {
    /// Cuts the proof of `root` (unfinished, freestyle rules: the proof search's own checks
    /// are the caller's) at `frontier` plies below it.
    pub(crate) fn new(root: &Position<u64>, frontier: usize) -> Result<Split, SearchError> {
        let geo = root.geometry().clone();
        let me = root.to_move();
        let mut split = Split {
            geo,
            root: (root.stones(Side::X), root.stones(Side::O), me),
            frontier,
            nodes: Vec::new(),
            jobs: Vec::new(),
            questions: Vec::new(),
        };
        let mut attackers = vec![me];
        if root.stone_count() > 0 {
            attackers.push(me.other());
        }
        for attacker in attackers {
            let question = split.grow(root, attacker)?;
            split.questions.push(question);
        }
        split.order_by_probes();
        Ok(split)
    }

    /// A split as it was made and kept (see [`Split::new`]): the same root and frontier, the
    /// nodes, jobs and questions read back. Checked for what the methods rely on (indices in
    /// range, children after their parents); a split that lies about its positions gives a
    /// certificate the checker refuses.
    pub(crate) fn from_parts(
        root: &Position<u64>,
        frontier: usize,
        nodes: Vec<SplitNode>,
        jobs: Vec<Job>,
        questions: Vec<Child>,
    ) -> Result<Split, String> {
        let in_range = |c: Child, after: Option<usize>| match c {
            Child::Node(n) => n < nodes.len() && after.is_none_or(|p| n > p),
            Child::Job(j) => j < jobs.len(),
            Child::Line(_) | Child::Full => true,
        };
        if questions.is_empty()
            || questions.len() > 2
            || !questions.iter().all(|&q| in_range(q, None))
        {
            return Err("its questions do not name its nodes or jobs".to_string());
        }
        for (i, n) in nodes.iter().enumerate() {
            if !n.children.iter().all(|&(_, c)| in_range(c, Some(i))) {
                return Err(format!("node {i} names a child that is not after it"));
            }
        }
        Ok(Split {
            geo: root.geometry().clone(),
            root: (root.stones(Side::X), root.stones(Side::O), root.to_move()),
            frontier,
            nodes,
            jobs,
            questions,
        })
    }

    /// Puts first, at each node, the first of its moves (in the order near the stones first)
    /// that a short proof search from scratch settles the node's way: a move that wins for an
    /// attacker node, a reply that holds for a defender node. A job is proved from scratch,
    /// with nothing learnt elsewhere, so a probe from scratch is what predicts its cost (a
    /// probe sharing a table chose, on 7x7/5, a reply whose job then took 1.4 million nodes
    /// alone). Nodes that need every child keep their order.
    fn order_by_probes(&mut self) {
        let mut left = PROBE_NODES_IN_ALL;
        for n in 0..self.nodes.len() {
            let at = self.nodes[n].at;
            let decisive = at.to_move == at.attacker;
            for i in 0..self.nodes[n].children.len().min(PROBE_CHILDREN) {
                let child = self.nodes[n].children[i].1;
                let value = match child {
                    Child::Line(side) => Some(side == at.attacker),
                    Child::Full => Some(false),
                    Child::Node(m) => self.probe(&self.nodes[m].at.clone(), &mut left),
                    Child::Job(j) => self.probe(&self.jobs[j].clone(), &mut left),
                };
                if value == Some(decisive) {
                    self.nodes[n].children[..=i].rotate_right(1);
                    break;
                }
                if left == 0 {
                    return;
                }
            }
        }
    }

    /// Whether the attacker wins at `at`, if a proof search from scratch settles it within
    /// [`PROBE_NODES`] (and what is `left` of the probes' budget, which it spends).
    fn probe(&self, at: &Job, left: &mut u64) -> Option<bool> {
        let mut prover = Prover::new(ProofConfig {
            hash_mib: 4,
            ..ProofConfig::default()
        });
        let budget = Budget::unlimited().with_node_limit(PROBE_NODES.min(*left));
        let answer = prover.can_force_line(&self.position(at), at.attacker, &budget);
        *left = left.saturating_sub(prover.stats().nodes);
        answer.ok()
    }

    /// Adds one question's tree, breadth first so that children follow their parents.
    fn grow(&mut self, root: &Position<u64>, attacker: Side) -> Result<Child, SearchError> {
        let too_large = SearchError::TooLarge(format!(
            "a frontier at {} plies makes more than {MAX_SPLIT_SIZE} positions; choose a \
             shallower one",
            self.frontier
        ));
        let mut jobs: FxHashMap<Job, usize> = FxHashMap::default();
        let mut nodes: FxHashMap<Job, usize> = FxHashMap::default();
        let root_at = self.canonical(root, attacker);
        if self.frontier == 0 {
            self.jobs.push(root_at);
            return Ok(Child::Job(self.jobs.len() - 1));
        }
        let first = self.nodes.len();
        self.nodes.push(SplitNode {
            at: root_at,
            children: Vec::new(),
        });
        nodes.insert(root_at, first);
        let mut level = vec![first];
        for depth in 1..=self.frontier {
            let mut next = Vec::new();
            for &n in &level {
                let at = self.nodes[n].at;
                let pos = self.position(&at);
                let mut children = Vec::new();
                for cell in ordered_moves(&pos) {
                    let mut p = pos.clone();
                    p.play_unchecked(cell);
                    let child = if p.has_line(at.to_move) {
                        Child::Line(at.to_move)
                    } else if p.empty_cells() == 0 {
                        Child::Full
                    } else {
                        let key = self.canonical(&p, attacker);
                        if depth == self.frontier {
                            let len = self.jobs.len();
                            let j = *jobs.entry(key).or_insert(len);
                            if j == len {
                                self.jobs.push(key);
                            }
                            Child::Job(j)
                        } else {
                            let len = self.nodes.len();
                            let i = *nodes.entry(key).or_insert(len);
                            if i == len {
                                self.nodes.push(SplitNode {
                                    at: key,
                                    children: Vec::new(),
                                });
                                next.push(i);
                            }
                            Child::Node(i)
                        }
                    };
                    // Two moves to positions equal under symmetry are one move to the checker
                    // (it looks positions up in canonical orientation), so one is kept.
                    if !children.iter().any(|&(_, c)| c == child) {
                        children.push((cell, child));
                    }
                }
                self.nodes[n].children = children;
                if self.nodes.len() + self.jobs.len() > MAX_SPLIT_SIZE {
                    return Err(too_large);
                }
            }
            level = next;
        }
        Ok(Child::Node(first))
    }

    fn canonical(&self, pos: &Position<u64>, attacker: Side) -> Job {
        let (x, o) = pos.canonical_stones();
        Job {
            x,
            o,
            to_move: pos.to_move(),
            attacker,
        }
    }

    /// The position of a node or job (canonical orientation).
    pub(crate) fn position(&self, at: &Job) -> Position<u64> {
        Position::from_stones(self.geo.clone(), at.x, at.o, Some(at.to_move))
            .expect("a split's positions are reached by play")
    }

    /// The board's geometry.
    pub(crate) fn geometry(&self) -> &Arc<Geometry<u64>> {
        &self.geo
    }

    /// The root: x's and o's stones as given, and the side to move.
    pub fn root(&self) -> (u64, u64, Side) {
        self.root
    }

    /// Plies from the root to the jobs.
    pub fn frontier(&self) -> usize {
        self.frontier
    }

    /// Whether the root is the empty board, where strategy stealing answers the second
    /// question.
    pub fn strategy_stealing(&self) -> bool {
        self.questions.len() == 1
    }

    /// What `answers` (one per job: `Some(true)` when the attacker wins there) settle.
    ///
    /// # Panics
    /// If `answers` does not have one entry per job.
    pub fn settle(&self, answers: &[Option<bool>]) -> Settled {
        assert_eq!(answers.len(), self.jobs.len(), "one answer per job");
        let mut nodes: Vec<Option<bool>> = vec![None; self.nodes.len()];
        // Children come after their parents, so the nodes settle from the last one back.
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            let values = node
                .children
                .iter()
                .map(|&(_, c)| child_value(c, node.at.attacker, &nodes, answers));
            nodes[i] = and_or(node.attacker_to_move(), values);
        }
        let q = |i: usize| {
            self.questions
                .get(i)
                .and_then(|&c| child_value(c, self.attacker(i), &nodes, answers))
        };
        let value = match (q(0), self.strategy_stealing()) {
            (Some(true), _) => Some(Wdl::Win),
            (Some(false), true) => Some(Wdl::Draw),
            (Some(false), false) => match q(1) {
                Some(true) => Some(Wdl::Loss),
                Some(false) => Some(Wdl::Draw),
                None => None,
            },
            (None, _) => None,
        };
        Settled { nodes, value }
    }

    /// The attacker of question `i`.
    fn attacker(&self, i: usize) -> Side {
        if i == 0 {
            self.root.2
        } else {
            self.root.2.other()
        }
    }

    /// The unanswered jobs whose answers could still change the root's value, most useful
    /// first: the first open child of every node, then the second ones, and so on (each node's
    /// children in their order, see the module's notes). A driver with N workers runs the
    /// first N and asks again after each answer; a running job that is no longer listed can
    /// be cancelled.
    pub fn needed(&self, answers: &[Option<bool>]) -> Vec<usize> {
        let settled = self.settle(answers);
        if settled.value.is_some() {
            return Vec::new();
        }
        // Each job with its rank among its parent's open children: the first open child of
        // every node comes before any second one, so parallel workers take one likely reply
        // at each node rather than a second, probably needless one at the first node.
        let mut ranked: Vec<(usize, usize)> = Vec::new();
        let mut seen_nodes = vec![false; self.nodes.len()];
        let mut seen_jobs = vec![false; self.jobs.len()];
        let mut stack: Vec<(Child, usize)> = Vec::new();
        for (i, &q) in self.questions.iter().enumerate() {
            let value = child_value(q, self.attacker(i), &settled.nodes, answers);
            if value.is_none() {
                stack.push((q, 0));
            }
            // Depth first, children in order: push them reversed.
            while let Some((c, rank)) = stack.pop() {
                match c {
                    Child::Job(j) if answers[j].is_none() && !seen_jobs[j] => {
                        seen_jobs[j] = true;
                        ranked.push((rank, j));
                    }
                    Child::Node(n) if settled.nodes[n].is_none() && !seen_nodes[n] => {
                        seen_nodes[n] = true;
                        let open = self.nodes[n].children.iter().map(|&(_, c)| c).filter(|&c| {
                            child_value(c, self.nodes[n].at.attacker, &settled.nodes, answers)
                                .is_none()
                        });
                        let children: Vec<(Child, usize)> =
                            open.enumerate().map(|(r, c)| (c, r)).collect();
                        stack.extend(children.into_iter().rev());
                    }
                    _ => {}
                }
            }
        }
        // Stable: within a rank, depth-first order.
        ranked.sort_by_key(|&(rank, _)| rank);
        ranked.into_iter().map(|(_, j)| j).collect()
    }

    /// The nodes and jobs a proof of the settled root rests on: every child of a node that
    /// needs all of them, and the first settling child of a node that needs one. `None` until
    /// the root is settled.
    pub fn support(&self, answers: &[Option<bool>]) -> Option<Support> {
        let settled = self.settle(answers);
        let value = settled.value?;
        let mut support = Support {
            value,
            nodes: Vec::new(),
            jobs: Vec::new(),
            chosen: vec![None; self.nodes.len()],
        };
        let mut in_nodes = vec![false; self.nodes.len()];
        let mut in_jobs = vec![false; self.jobs.len()];
        let mut stack: Vec<Child> = Vec::new();
        match value {
            Wdl::Win => stack.push(self.questions[0]),
            Wdl::Loss => stack.push(self.questions[1]),
            Wdl::Draw => stack.extend(self.questions.iter().copied()),
        }
        while let Some(c) = stack.pop() {
            match c {
                Child::Job(j) if !in_jobs[j] => {
                    in_jobs[j] = true;
                    support.jobs.push(j);
                }
                Child::Node(n) if !in_nodes[n] => {
                    in_nodes[n] = true;
                    support.nodes.push(n);
                    let node = &self.nodes[n];
                    let wins = settled.nodes[n].expect("a supporting node is settled");
                    let value =
                        |c: Child| child_value(c, node.at.attacker, &settled.nodes, answers);
                    // The attacker needs one winning move, the defender one holding reply.
                    if wins == node.attacker_to_move() {
                        let &(cell, child) = node
                            .children
                            .iter()
                            .find(|&&(_, c)| value(c) == Some(wins))
                            .expect("a settled node has a settling child");
                        support.chosen[n] = Some(cell);
                        stack.push(child);
                    } else {
                        stack.extend(node.children.iter().map(|&(_, c)| c));
                    }
                }
                _ => {}
            }
        }
        support.nodes.sort_unstable();
        support.jobs.sort_unstable();
        Some(support)
    }
}

/// What a settled split's proof rests on (see [`Split::support`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Support {
    /// The root's value.
    pub value: Wdl,
    /// The nodes above the frontier that the proof uses, in index order.
    pub nodes: Vec<usize>,
    /// The jobs whose certificate parts the proof uses, in index order.
    pub jobs: Vec<usize>,
    /// For each node that needs one child (a winning move, a holding reply): its cell.
    pub chosen: Vec<Option<usize>>,
}

fn child_value(
    c: Child,
    attacker: Side,
    nodes: &[Option<bool>],
    answers: &[Option<bool>],
) -> Option<bool> {
    match c {
        Child::Node(n) => nodes[n],
        Child::Job(j) => answers[j],
        Child::Line(side) => Some(side == attacker),
        Child::Full => Some(false),
    }
}

/// An OR node (the attacker to move: one winning child wins) or an AND node (the defender to
/// move: one holding child holds), from its children's values.
fn and_or(attacker_to_move: bool, values: impl Iterator<Item = Option<bool>>) -> Option<bool> {
    let decisive = attacker_to_move;
    let mut open = false;
    for v in values {
        match v {
            Some(v) if v == decisive => return Some(decisive),
            Some(_) => {}
            None => open = true,
        }
    }
    (!open).then_some(!decisive)
}

/// The legal moves, nearest the stones first (then nearest the centre): the replies and
/// attacks a prover tries first, so a driver asks for the likely jobs first.
fn ordered_moves(pos: &Position<u64>) -> Vec<usize> {
    let rules = pos.rules();
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    let at = |c: usize| (c as i32 % w, c as i32 / w);
    let stones: Vec<(i32, i32)> = (0..rules.cells())
        .filter(|&c| pos.occupied() >> c & 1 == 1)
        .map(at)
        .collect();
    let mut moves: Vec<usize> = (0..rules.cells())
        .filter(|&c| pos.legal_moves() >> c & 1 == 1)
        .collect();
    moves.sort_by_key(|&c| {
        let (x, y) = at(c);
        let near = stones
            .iter()
            .map(|&(sx, sy)| (sx - x).abs().max((sy - y).abs()))
            .min()
            .unwrap_or(0);
        let centre = (2 * x - (w - 1)).abs() + (2 * y - (h - 1)).abs();
        (near, centre, c)
    });
    moves
}
