//! Exercises from seeds: random trees and positions, drawn until one teaches something (a tree
//! where alpha-beta skips a leaf, a window with a finite bound, an order worth changing, a
//! position where some move is a mistake). The same kind, difficulty and seed always give the
//! same exercise.

use super::{Difficulty, Exercise, Kind, Task};
use crate::board::Board;
use crate::rules::Rules;
use crate::score::{Score, INFINITY};
use crate::teach::Lesson;
use crate::tree::Tree;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Draws tried before the generator gives up on a seed (it never has in the tests: most
/// seeds succeed at the first or second draw).
const TRIES: usize = 200;

/// Most leaves an exercise tree has: about what fits across an A4 page.
const MAX_LEAVES: usize = 20;

/// The shape of a random tree.
struct Shape {
    /// Levels of inner nodes.
    depth: usize,
    /// Fewest and most children of an inner node.
    branch: (usize, usize),
    /// Chance that an inner node below the root's children ends early as a leaf.
    early_leaf: f64,
    /// Smallest and largest leaf value.
    leaves: (Score, Score),
}

fn shape(kind: Kind, difficulty: Difficulty) -> Shape {
    let ordering = kind == Kind::Ordering;
    match difficulty {
        Difficulty::Easy => Shape {
            depth: 2,
            branch: if ordering { (3, 3) } else { (2, 3) },
            early_leaf: 0.0,
            leaves: (0, 9),
        },
        Difficulty::Medium => Shape {
            depth: 3,
            branch: (2, 3),
            early_leaf: 0.15,
            leaves: (0, 20),
        },
        Difficulty::Hard => Shape {
            depth: if ordering { 3 } else { 4 },
            branch: if ordering { (2, 4) } else { (2, 3) },
            early_leaf: 0.2,
            leaves: (-20, 20),
        },
    }
}

/// A random tree of `shape`; the root has `root_children` children when given.
fn random_tree(rng: &mut StdRng, shape: &Shape, root_children: Option<usize>) -> Tree {
    fn grow(rng: &mut StdRng, shape: &Shape, level: usize, forced: Option<usize>) -> Tree {
        if level == shape.depth || (level >= 2 && rng.gen_bool(shape.early_leaf)) {
            return Tree::Leaf(rng.gen_range(shape.leaves.0..=shape.leaves.1));
        }
        let n = forced.unwrap_or_else(|| rng.gen_range(shape.branch.0..=shape.branch.1));
        Tree::Node((0..n).map(|_| grow(rng, shape, level + 1, None)).collect())
    }
    // Depth is at most 4, so the recursion is shallow.
    grow(rng, shape, 0, root_children)
}

/// The exercise of this kind, difficulty and seed; `None` if no draw suited.
pub(super) fn exercise(kind: Kind, difficulty: Difficulty, seed: u64) -> Option<Exercise> {
    let mut rng = StdRng::seed_from_u64(seed ^ kind_salt(kind));
    if kind == Kind::Position {
        return (0..TRIES).find_map(|_| position(&mut rng, difficulty, seed));
    }
    if kind == Kind::Chance {
        return (0..TRIES).find_map(|_| chance(&mut rng, difficulty, seed));
    }
    let shape = shape(kind, difficulty);
    (0..TRIES).find_map(|_| {
        let root_children = match (kind, difficulty) {
            (Kind::Ordering, Difficulty::Easy) => Some(3),
            (Kind::Ordering, _) => Some(rng.gen_range(3..=4)),
            _ => None,
        };
        let tree = random_tree(&mut rng, &shape, root_children);
        // A tree must fit across a printed page and a phone's screen.
        if tree.leaf_count() > MAX_LEAVES {
            return None;
        }
        let max_first = difficulty == Difficulty::Easy || rng.gen_bool(0.75);
        let node = match kind {
            Kind::Window => Some(window_node(&mut rng, &tree, max_first, difficulty)?),
            _ => None,
        };
        let exercise = Exercise::from_tree(kind, difficulty, seed, tree, max_first, node)?;
        teaches(&exercise, difficulty).then_some(exercise)
    })
}

/// Different kinds draw different trees from the same seed.
fn kind_salt(kind: Kind) -> u64 {
    match kind {
        Kind::Minimax => 0,
        Kind::AlphaBeta => 0x9e37_79b9_7f4a_7c15,
        Kind::Window => 0xbf58_476d_1ce4_e5b9,
        Kind::Ordering => 0x94d0_49bb_1331_11eb,
        Kind::Position => 0x2545_f491_4f6c_dd1d,
        Kind::Chance => 0x6a09_e667_f3bc_c909,
    }
}

/// Whether a tree exercise has something to find.
fn teaches(exercise: &Exercise, difficulty: Difficulty) -> bool {
    let Some(lesson) = exercise.lesson() else {
        return false;
    };
    match exercise.kind {
        // Alpha-beta must skip something (two subtrees from medium on).
        Kind::AlphaBeta => {
            lesson.pruned.len() >= if difficulty == Difficulty::Easy { 1 } else { 2 }
        }
        // The given order must not already be the best.
        Kind::Ordering => match &exercise.solved {
            super::Solved::Tree {
                orders: Some(o), ..
            } => {
                let given: Vec<usize> = (0..o.best_order.len()).collect();
                let tree = exercise.tree().expect("an ordering exercise has a tree");
                let max_first = matches!(
                    exercise.task,
                    Task::Tree {
                        max_first: true,
                        ..
                    }
                );
                super::trees::leaves_in_order(tree, max_first, &given) > o.best
            }
            _ => false,
        },
        Kind::Minimax | Kind::Window | Kind::Position | Kind::Chance => true,
    }
}

/// A node for the window exercise: entered by alpha-beta below the root, with a finite bound
/// (both bounds finite on hard).
fn window_node(
    rng: &mut StdRng,
    tree: &Tree,
    max_first: bool,
    difficulty: Difficulty,
) -> Option<Vec<usize>> {
    let lesson = Lesson::for_tree(tree, max_first, crate::search::TextbookSearch::AlphaBeta);
    let finite = |v: Score| v.abs() < INFINITY;
    let candidates: Vec<&Vec<usize>> = lesson
        .nodes
        .iter()
        .filter(|n| n.path.len() >= if difficulty == Difficulty::Easy { 1 } else { 2 })
        .filter_map(|n| {
            let (a, b) = n.window?;
            let enough = match difficulty {
                Difficulty::Hard => finite(a) && finite(b),
                _ => finite(a) || finite(b),
            };
            enough.then_some(&n.path)
        })
        .collect();
    if candidates.is_empty() {
        return None;
    }
    Some(candidates[rng.gen_range(0..candidates.len())].clone())
}

/// A position reached by random moves, unfinished, where at least one move is a mistake.
fn position(rng: &mut StdRng, difficulty: Difficulty, seed: u64) -> Option<Exercise> {
    let (rules, empties) = match difficulty {
        Difficulty::Easy => (Rules::tic_tac_toe(), rng.gen_range(4..=5)),
        Difficulty::Medium => (Rules::tic_tac_toe(), rng.gen_range(6..=7)),
        Difficulty::Hard => (Rules::new(4, 4, Some(4)).ok()?, rng.gen_range(8..=10)),
    };
    let mut board = Board::new(rules);
    while rules.cells() - board.stone_count() > empties {
        let moves = board.legal_moves();
        if moves.is_empty() || board.is_over() {
            return None;
        }
        board.play(moves[rng.gen_range(0..moves.len())]).ok()?;
    }
    if board.is_over() {
        return None;
    }
    let mut exercise = Exercise::on_position(board)?;
    let answer = exercise.solution();
    let super::Answer::Position { moves, .. } = &answer else {
        return None;
    };
    // Some move must be a mistake, and the hardest level wants a choice of one or two.
    let legal = exercise.board()?.legal_moves().len();
    let wanted = match difficulty {
        Difficulty::Hard => moves.len() <= 2,
        _ => true,
    };
    if moves.len() == legal || !wanted {
        return None;
    }
    exercise.difficulty = difficulty;
    exercise.seed = seed;
    Some(exercise)
}

/// The range of a chance exercise's leaves, which the search is told.
const CHANCE_BOUNDS: (Score, Score) = (0, 10);

/// Probabilities that are easy to multiply by hand.
const PAIRS: [[f64; 2]; 5] = [
    [0.5, 0.5],
    [0.25, 0.75],
    [0.75, 0.25],
    [0.2, 0.8],
    [0.1, 0.9],
];
const TRIPLES: [[f64; 3]; 3] = [[0.5, 0.25, 0.25], [0.2, 0.3, 0.5], [0.25, 0.25, 0.5]];

/// A tree with chance nodes under a MAX root, where alpha-beta with the leaves' range skips
/// something: easy MAX → chance → leaves; medium MAX → chance → MIN or leaf → leaves; hard
/// MAX → chance (two or three children) → MIN → leaves.
fn chance(rng: &mut StdRng, difficulty: Difficulty, seed: u64) -> Option<Exercise> {
    use crate::tree::chance::ChanceTree;
    let leaf =
        |rng: &mut StdRng| ChanceTree::Leaf(rng.gen_range(CHANCE_BOUNDS.0..=CHANCE_BOUNDS.1));
    let min_node = |rng: &mut StdRng| ChanceTree::Node((0..2).map(|_| leaf(rng)).collect());
    let roots = rng.gen_range(2..=3);
    let children = (0..roots)
        .map(|_| {
            let probs: Vec<f64> = if difficulty == Difficulty::Hard && rng.gen_bool(0.4) {
                TRIPLES[rng.gen_range(0..TRIPLES.len())].to_vec()
            } else {
                PAIRS[rng.gen_range(0..PAIRS.len())].to_vec()
            };
            ChanceTree::Chance(
                probs
                    .into_iter()
                    .map(|p| {
                        let child = match difficulty {
                            Difficulty::Easy => leaf(rng),
                            Difficulty::Medium if rng.gen_bool(0.5) => leaf(rng),
                            _ => min_node(rng),
                        };
                        (p, child)
                    })
                    .collect(),
            )
        })
        .collect();
    let tree = ChanceTree::Node(children);
    if tree.leaf_count() > MAX_LEAVES {
        return None;
    }
    let exercise = Exercise::from_chance(difficulty, seed, tree, true, CHANCE_BOUNDS)?;
    match &exercise.solved {
        super::Solved::Chance(solved) if !solved.search.pruned.is_empty() => Some(exercise),
        _ => None,
    }
}
