//! The tree parser (S-expressions or JSON arrays): never panics; a tree that parses prints
//! back to text that parses to the same tree; plain minimax and textbook alpha-beta agree on
//! its value with either side at the root, alpha-beta never visits more nodes, and the
//! teaching lessons (as `mnk tree` and the web page draw them) agree too.
//!
//! Input: the tree text. Trees stay within the parser's limits (`tree::MAX_NODES` nodes,
//! `MAX_DEPTH` levels), and `run.sh`'s `-max_len` keeps them small enough to search quickly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_engine::search::{alphabeta, minimax, Limits, NoTrace};
use mnk_engine::teach::{draw, Algo, Lesson};
use mnk_engine::tree::{parse, Tree, TreeGame};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(tree) = parse(&text) else {
        return;
    };
    assert_eq!(parse(&sexpr(&tree)).as_ref(), Ok(&tree), "{text:?}");
    for max_first in [true, false] {
        let full = Limits::default();
        let mm = minimax(&mut TreeGame::new(&tree, max_first), full, &mut NoTrace);
        let ab = alphabeta(&mut TreeGame::new(&tree, max_first), full, &mut NoTrace);
        assert_eq!(mm.value, ab.value, "{text:?}, MAX first: {max_first}");
        assert!(ab.stats.nodes <= mm.stats.nodes);
        assert_eq!(mm.stats.nodes, tree.node_count() as u64);
        assert_eq!(mm.stats.leaves, tree.leaf_count() as u64);
        for path in [&mm.best_path, &ab.best_path] {
            assert_eq!(tree.at(path), Some(&Tree::Leaf(mm.value)), "{text:?}");
        }
        let lessons =
            [Algo::Minimax, Algo::AlphaBeta].map(|a| Lesson::for_tree(&tree, max_first, a));
        assert!(lessons.iter().all(|l| l.value == mm.value));
        draw::draw(&[&lessons[0], &lessons[1]]);
        mnk_engine::teach::trace(&lessons[1]);
    }
});

/// The tree as an S-expression.
fn sexpr(tree: &Tree) -> String {
    match tree {
        Tree::Leaf(v) => v.to_string(),
        Tree::Node(children) => {
            let inner: Vec<String> = children.iter().map(sexpr).collect();
            format!("({})", inner.join(" "))
        }
    }
}
