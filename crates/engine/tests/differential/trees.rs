//! Random explicit trees: alpha-beta and the depth-limited searches against plain minimax.

use mnk_engine::search::{alphabeta, minimax, NoTrace, TextbookOptions};
use mnk_engine::tree::{Tree, TreeGame};
use proptest::prelude::*;

/// Trees up to 6 levels deep with up to 4 children per node and small values (many ties, the
/// hard case for pruning).
fn arb_tree() -> impl Strategy<Value = Tree> {
    let leaf = (-20i32..20).prop_map(Tree::Leaf);
    leaf.prop_recursive(6, 300, 4, |inner| {
        proptest::collection::vec(inner, 0..5).prop_map(Tree::Node)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn alphabeta_and_full_depth_searches_equal_minimax_on_random_trees(t in arb_tree(), max_first: bool) {
        let mm = minimax(&mut TreeGame::new(&t, max_first), TextbookOptions::default(), &mut NoTrace);
        let ab = alphabeta(&mut TreeGame::new(&t, max_first), TextbookOptions::default(), &mut NoTrace);
        prop_assert_eq!(mm.value, ab.value);
        prop_assert!(ab.stats.nodes <= mm.stats.nodes);
        prop_assert_eq!(mm.stats.nodes, t.node_count() as u64);
        // Every root move minimax calls best, and only those, when alpha-beta keeps ties exact.
        let all = TextbookOptions { depth: None, all_best: true };
        let ab_all = alphabeta(&mut TreeGame::new(&t, max_first), all, &mut NoTrace);
        prop_assert_eq!(&ab_all.best_moves, &mm.best_moves);
        // The best line ends at a leaf holding the root value (or at an empty node worth 0).
        for line in [&ab.best_path, &mm.best_path] {
            match t.at(line) {
                Some(Tree::Leaf(v)) => prop_assert_eq!(*v, mm.value),
                Some(Tree::Node(c)) => prop_assert!(c.is_empty() && mm.value == 0),
                None => prop_assert!(false, "best path {:?} leaves the tree", line),
            }
        }
        // A depth limit at the tree's depth changes nothing.
        let full = TextbookOptions { depth: Some(t.depth() as u32), all_best: true };
        let mm_d = minimax(&mut TreeGame::new(&t, max_first), full, &mut NoTrace);
        let ab_d = alphabeta(&mut TreeGame::new(&t, max_first), full, &mut NoTrace);
        prop_assert!(mm_d.exact() && ab_d.exact());
        prop_assert_eq!(mm_d.value, mm.value);
        prop_assert_eq!(ab_d.value, mm.value);
        prop_assert_eq!(&ab_d.best_moves, &mm.best_moves);
        // Shallower, the horizon estimates (0) take part, and alpha-beta still equals minimax.
        for depth in 1..t.depth() as u32 {
            let limits = TextbookOptions { depth: Some(depth), all_best: true };
            let m = minimax(&mut TreeGame::new(&t, max_first), limits, &mut NoTrace);
            let a = alphabeta(&mut TreeGame::new(&t, max_first), limits, &mut NoTrace);
            prop_assert_eq!(a.value, m.value, "depth {}", depth);
            prop_assert_eq!(&a.best_moves, &m.best_moves, "depth {}", depth);
        }
    }
}
