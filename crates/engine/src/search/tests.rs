use super::*;
use crate::tree::{Tree, TreeGame};

fn leaf(v: Score) -> Tree {
    Tree::Leaf(v)
}
fn node(children: Vec<Tree>) -> Tree {
    Tree::Node(children)
}

/// Records cutoffs so the pruned set can be checked.
#[derive(Default)]
struct Cuts(Vec<(Vec<usize>, usize, usize)>);
impl Tracer for Cuts {
    fn cutoff(&mut self, path: &[usize], _a: Score, _b: Score, after: usize, of: usize) {
        self.0.push((path.to_vec(), after, of));
    }
}

#[test]
fn seed_example_max_first() {
    // ((60 63) (15 58)): MAX = 60, leaf 58 pruned.
    let t = node(vec![
        node(vec![leaf(60), leaf(63)]),
        node(vec![leaf(15), leaf(58)]),
    ]);
    let mm = minimax(
        &mut TreeGame::new(&t, true),
        Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(mm.value, 60);
    assert_eq!(mm.stats.leaves, 4);
    let mut cuts = Cuts::default();
    let ab = alphabeta(&mut TreeGame::new(&t, true), Limits::default(), &mut cuts);
    assert_eq!(ab.value, 60);
    assert_eq!(ab.stats.leaves, 3);
    assert_eq!(ab.stats.nodes, 6);
    assert_eq!(cuts.0, vec![(vec![1], 0, 2)]);
    assert_eq!(ab.best_path, vec![0, 0]);
}

#[test]
fn seed_example_min_first() {
    let t = node(vec![
        node(vec![leaf(60), leaf(63)]),
        node(vec![leaf(15), leaf(58)]),
    ]);
    let mm = minimax(
        &mut TreeGame::new(&t, false),
        Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(mm.value, 58);
    let ab = alphabeta(
        &mut TreeGame::new(&t, false),
        Limits::default(),
        &mut NoTrace,
    );
    assert_eq!(ab.value, 58);
    assert_eq!(ab.best_path, vec![1, 1]);
}
