//! A lesson: one search (minimax or alpha-beta) run by the engine on an explicit tree or a real
//! game tree, recorded event by event and kept as a tree of nodes with their windows, backed-up
//! values, cutoffs and pruned subtrees, ready to be drawn, traced or exported.

use super::events::{prunes, Event, Recorder};
use super::TextbookSearch;
use crate::bits::BitSet;
use crate::board::{with_position, Board};
use crate::board_game::{BoardGame, MoveOrder, Scoring};
use crate::error::SearchError;
use crate::eval::Evaluator;
use crate::go::Go;
use crate::position::Position;
use crate::score::{is_decisive, Bound, Score, INFINITY, MATE};
use crate::search::{self, Game, Stats, TextbookOptions};
use crate::time::TimeManager;
use crate::tree::{Tree, TreeGame};

/// Most nodes a real game tree may have in a lesson: beyond that a drawing or a trace helps
/// nobody, and the recording would take memory for nothing.
pub const MAX_LESSON_NODES: u64 = 200_000;

/// Where alpha met beta at a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// Alpha at the cut.
    pub alpha: Score,
    /// Beta at the cut.
    pub beta: Score,
    /// The last child searched; the ones after it were pruned.
    pub after: usize,
    /// How many children the node has.
    pub of: usize,
}

/// One node of a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// 0-based child indices from the root.
    pub path: Vec<usize>,
    /// Whether MAX chooses here.
    pub maximizing: bool,
    /// Whether the search entered this node (false: pruned, or under a pruned node).
    pub visited: bool,
    /// The (alpha, beta) window the node was entered with (visited nodes only).
    pub window: Option<(Score, Score)>,
    /// The value: backed up, or a leaf's; for pruned leaves of explicit trees the leaf's
    /// static value; `None` for pruned inner nodes.
    pub value: Option<Score>,
    /// Whether the node is a leaf (a game end or a depth-limit estimate). Pruned nodes of real
    /// game trees are never expanded and count as leaves here.
    pub leaf: bool,
    /// A leaf valued by the heuristic because the depth limit stopped the search.
    pub horizon: bool,
    /// The cutoff that stopped this node and pruned at least one child, if any (alpha meeting
    /// beta at the last child prunes nothing and is not a cut).
    pub cut: Option<Cut>,
    /// Indices (into [`Lesson::nodes`]) of the children: `children[i]` is child `i`.
    pub children: Vec<usize>,
    /// The move that leads here from the parent (real game trees only).
    pub label: Option<String>,
}

impl Node {
    /// What the node's value says about its true value.
    pub fn bound(&self) -> Bound {
        match (self.window, self.value) {
            (Some((alpha, beta)), Some(v)) if !self.leaf => Bound::of(v, alpha, beta),
            _ => Bound::Exact,
        }
    }
}

/// A recorded search and everything needed to explain it.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The search run.
    pub algo: TextbookSearch,
    /// The nodes, the root first; visited nodes in the order the search entered them.
    pub nodes: Vec<Node>,
    /// Every tracer event, in order.
    pub events: Vec<Event>,
    /// The root's value, MAX's view.
    pub value: Score,
    /// The best line as child indices.
    pub best_path: Vec<usize>,
    /// The search's counters, with `cutoffs` counting only the cutoffs that pruned at least
    /// one child (see [`super::prunes`]).
    pub stats: Stats,
    /// The roots of the subtrees that were never visited, in tree order.
    pub pruned: Vec<Vec<usize>>,
    /// Explicit trees: all the leaves of the tree (visited or not).
    pub leaves_total: Option<u64>,
    /// Real game trees: the stones on the board at the root, for reading exact scores.
    pub root_stones: Option<usize>,
}

impl Lesson {
    /// Runs `algo` on `game` with `limits` and records it.
    pub fn record<G: Game>(game: &mut G, algo: TextbookSearch, limits: TextbookOptions) -> Lesson {
        let mut recorder = Recorder::default();
        let result = algo.run(game, limits, &mut recorder);
        Lesson::assemble(algo, recorder, result)
    }

    /// [`Lesson::record`] within what `go` allows (a stop flag, a node cap, a time);
    /// `None` when it stopped the search first.
    pub fn record_within<G: Game>(
        game: &mut G,
        algo: TextbookSearch,
        limits: TextbookOptions,
        go: &Go,
    ) -> Option<Lesson> {
        let controls = &TimeManager::new(go).exact_controls();
        let mut recorder = Recorder::default();
        let result = match algo {
            TextbookSearch::Minimax => search::minimax_with(game, limits, controls, &mut recorder),
            TextbookSearch::AlphaBeta => {
                search::alphabeta_with(game, limits, controls, &mut recorder)
            }
        }
        .ok()?;
        Some(Lesson::assemble(algo, recorder, result))
    }

    /// The lesson of a finished search from what it recorded.
    fn assemble<M>(
        algo: TextbookSearch,
        recorder: Recorder,
        result: search::SearchResult<M>,
    ) -> Lesson {
        let (nodes, mut pruned) = build(&recorder.events);
        pruned.sort();
        Lesson {
            algo,
            nodes,
            events: recorder.events,
            value: result.value,
            best_path: result.best_path,
            stats: Stats {
                cutoffs: recorder.cuts.cutoffs,
                ..result.stats
            },
            pruned,
            leaves_total: None,
            root_stones: None,
        }
    }

    /// Runs `algo` on an explicit tree; `max_first` says whether MAX chooses at the root.
    /// Pruned subtrees are filled in from the tree (as unvisited nodes) so they can be shown.
    pub fn for_tree(tree: &Tree, max_first: bool, algo: TextbookSearch) -> Lesson {
        let mut lesson = Lesson::record(
            &mut TreeGame::new(tree, max_first),
            algo,
            TextbookOptions::default(),
        );
        let roots: Vec<usize> = (0..lesson.nodes.len())
            .filter(|&i| !lesson.nodes[i].visited)
            .collect();
        for root in roots {
            if let Some(sub) = tree.at(&lesson.nodes[root].path) {
                lesson.fill_pruned(root, sub);
            }
        }
        lesson.leaves_total = Some(tree.leaf_count() as u64);
        lesson
    }

    /// Runs `algo` on the game tree of a real position, `depth` plies deep, leaves valued
    /// exactly where the game ends and by `evaluator` at the depth limit. Cells are searched in
    /// index order; x is MAX. Refuses finished positions and trees of more than
    /// [`MAX_LESSON_NODES`] nodes.
    pub fn for_board(
        board: &Board,
        depth: u32,
        evaluator: Evaluator,
        algo: TextbookSearch,
    ) -> Result<Lesson, SearchError> {
        board.unfinished()?;
        with_position!(board, p => board_lesson(p, depth, evaluator, algo))
    }

    /// The node at a path, if the lesson has it.
    pub fn find(&self, path: &[usize]) -> Option<&Node> {
        let mut node = self.nodes.first()?;
        for &i in path {
            node = &self.nodes[*node.children.get(i)?];
        }
        Some(node)
    }

    /// Whether MAX chooses at the root.
    pub fn root_max(&self) -> bool {
        self.nodes.first().is_some_and(|n| n.maximizing)
    }

    /// Leaves in the pruned subtrees (explicit trees only; real trees do not expand them).
    pub fn leaves_pruned(&self) -> Option<u64> {
        self.leaves_total?;
        Some(self.nodes.iter().filter(|n| !n.visited && n.leaf).count() as u64)
    }

    /// The moves of the best line (real game trees), or the child indices (explicit trees).
    pub fn best_line(&self) -> Vec<String> {
        let mut out = Vec::new();
        let Some(mut node) = self.nodes.first() else {
            return out;
        };
        for &i in &self.best_path {
            let Some(&c) = node.children.get(i) else {
                break;
            };
            node = &self.nodes[c];
            out.push(node.label.clone().unwrap_or_else(|| i.to_string()));
        }
        out
    }

    /// A value as people read it: the number, or for exact game ends of a real tree `X#3`
    /// (x wins, the game ending 3 plies below the root) or `O#4`.
    pub fn value_text(&self, v: Score) -> String {
        match self.root_stones {
            Some(stones) if is_decisive(v) => {
                let end = (MATE - v.abs()) as usize;
                let winner = if v > 0 { 'X' } else { 'O' };
                format!("{winner}#{}", end.saturating_sub(stones))
            }
            _ => v.to_string(),
        }
    }

    /// A window bound as people read it: `-∞` / `+∞` for the search's infinity, else as
    /// [`Lesson::value_text`].
    pub fn bound_text(&self, v: Score) -> String {
        if v.abs() >= INFINITY {
            super::bound_text(v)
        } else {
            self.value_text(v)
        }
    }

    /// Adds the subtree `sub` under the pruned node `at`, every node unvisited.
    fn fill_pruned(&mut self, at: usize, sub: &Tree) {
        let mut stack = vec![(at, sub)];
        while let Some((idx, t)) = stack.pop() {
            match t {
                Tree::Leaf(v) => {
                    self.nodes[idx].leaf = true;
                    self.nodes[idx].value = Some(*v);
                }
                Tree::Node(children) => {
                    self.nodes[idx].leaf = false;
                    for (i, c) in children.iter().enumerate() {
                        let child = self.nodes.len();
                        let mut path = self.nodes[idx].path.clone();
                        path.push(i);
                        let maximizing = !self.nodes[idx].maximizing;
                        self.nodes.push(unvisited(path, maximizing));
                        self.nodes[idx].children.push(child);
                        stack.push((child, c));
                    }
                }
            }
        }
    }
}

fn unvisited(path: Vec<usize>, maximizing: bool) -> Node {
    Node {
        path,
        maximizing,
        visited: false,
        window: None,
        value: None,
        leaf: false,
        horizon: false,
        cut: None,
        children: Vec::new(),
        label: None,
    }
}

/// Turns the events into nodes (visited ones and the roots of pruned subtrees) and the list
/// of pruned roots. Events come in depth-first order, so the open nodes form a stack.
fn build(events: &[Event]) -> (Vec<Node>, Vec<Vec<usize>>) {
    let mut nodes: Vec<Node> = Vec::new();
    let mut pruned = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for event in events {
        match event {
            Event::Enter {
                path,
                maximizing,
                alpha,
                beta,
            } => {
                open.truncate(path.len());
                let idx = nodes.len();
                nodes.push(Node {
                    window: Some((*alpha, *beta)),
                    visited: true,
                    ..unvisited(path.clone(), *maximizing)
                });
                if let Some(&parent) = open.last() {
                    nodes[parent].children.push(idx);
                }
                open.push(idx);
            }
            Event::Leaf {
                path,
                value,
                horizon,
            } => {
                let node = &mut nodes[open[path.len()]];
                node.leaf = true;
                node.value = Some(*value);
                node.horizon = *horizon;
            }
            Event::Backup { path, value } => nodes[open[path.len()]].value = Some(*value),
            Event::Cutoff {
                path,
                alpha,
                beta,
                after,
                of,
            } => {
                if !prunes(*after, *of) {
                    continue;
                }
                let idx = open[path.len()];
                nodes[idx].cut = Some(Cut {
                    alpha: *alpha,
                    beta: *beta,
                    after: *after,
                    of: *of,
                });
                let maximizing = !nodes[idx].maximizing;
                for i in after + 1..*of {
                    let mut child_path = path.clone();
                    child_path.push(i);
                    let child = nodes.len();
                    // Unexpanded, so a leaf until an explicit tree fills it in.
                    nodes.push(Node {
                        leaf: true,
                        ..unvisited(child_path.clone(), maximizing)
                    });
                    nodes[idx].children.push(child);
                    pruned.push(child_path);
                }
            }
            Event::Child { .. } => {}
        }
    }
    (nodes, pruned)
}

fn board_lesson<B: BitSet>(
    pos: &Position<B>,
    depth: u32,
    evaluator: Evaluator,
    algo: TextbookSearch,
) -> Result<Lesson, SearchError> {
    let game = BoardGame {
        pos: pos.clone(),
        scoring: Scoring::Distance,
        order: MoveOrder::CellIndex,
        evaluator,
    };
    let mut game = game;
    let limits = TextbookOptions {
        depth: Some(depth),
        all_best: false,
    };
    let go = Go::default().with_nodes(MAX_LESSON_NODES);
    let Some(mut lesson) = Lesson::record_within(&mut game, algo, limits, &go) else {
        return Err(SearchError::TooLarge(format!(
            "the {} tree of this position to depth {depth} has more than {MAX_LESSON_NODES} \
             nodes (the limit for a lesson): use a smaller --depth or a fuller position",
            algo.title()
        )));
    };
    lesson.root_stones = Some(pos.stone_count());
    let rules = pos.rules();
    label(&mut lesson.nodes, 0, &mut game, &|cell| {
        rules.cell_name(cell)
    });
    Ok(lesson)
}

/// Names the move into every child of `idx` (pruned ones too), walking the real game.
fn label<G: Game<Move = usize>>(
    nodes: &mut [Node],
    idx: usize,
    game: &mut G,
    name: &dyn Fn(usize) -> String,
) {
    if nodes[idx].children.is_empty() {
        return;
    }
    let mut moves = Vec::new();
    game.moves(&mut moves);
    let children = nodes[idx].children.clone();
    for (i, &child) in children.iter().enumerate() {
        let Some(&mv) = moves.get(i) else { break };
        nodes[child].label = Some(name(mv));
        if nodes[child].visited && !nodes[child].leaf {
            game.play(mv);
            label(nodes, child, game, name);
            game.undo();
        }
    }
}
