//! The tree parser (S-expressions or JSON arrays): never panics; a tree that parses prints
//! back to text that parses to the same tree; plain minimax and textbook alpha-beta agree on
//! its value with either side at the root, alpha-beta never visits more nodes, and the
//! teaching lessons (as `mnk tree` and the web page draw them) agree too. With chance nodes
//! (`(? 0.5 3 1/2 7)`): the text prints back to itself, and the pruning search (with the
//! leaves' own range, and with none) gives the expectiminimax value of the root.
//!
//! Input: the tree text. Trees stay within the parser's limits (`tree::MAX_NODES` nodes,
//! `MAX_DEPTH` levels), and `run.sh`'s `-max_len` keeps them small enough to search quickly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mnk_engine::search::{alphabeta, minimax, TextbookOptions, NoTrace};
use mnk_engine::search::TextbookSearch;
use mnk_engine::teach::{draw, Lesson};
use mnk_engine::tree::chance::{self, ChanceTree};
use mnk_engine::tree::{parse, parse_chance, Tree, TreeGame};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(general) = parse_chance(&text) {
        check_chance(&text, &general);
    }
    let Ok(tree) = parse(&text) else {
        return;
    };
    assert_eq!(parse(&tree.to_string()).as_ref(), Ok(&tree), "{text:?}");
    assert_eq!(
        parse_chance(&text).map(|t| t.to_string()),
        Ok(tree.to_string())
    );
    for max_first in [true, false] {
        let full = TextbookOptions::default();
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
            [TextbookSearch::Minimax, TextbookSearch::AlphaBeta].map(|a| Lesson::for_tree(&tree, max_first, a));
        assert!(lessons.iter().all(|l| l.value == mm.value));
        draw::draw(&[&lessons[0], &lessons[1]]);
        mnk_engine::teach::trace(&lessons[1]);
    }
});

/// A tree read with chance nodes allowed: its text reads back as itself, and the pruning
/// search's root value is expectiminimax's, with the leaves' own range and with none.
fn check_chance(text: &str, tree: &ChanceTree) {
    let printed = tree.to_string();
    let again = parse_chance(&printed).expect("a printed tree reads back");
    assert_eq!(again.to_string(), printed, "{text:?}");
    let leaves: Vec<f64> = tree
        .post_order(true)
        .iter()
        .filter(|(_, c)| c.is_none())
        .filter_map(|(p, _)| match tree.at(p) {
            Some(ChanceTree::Leaf(v)) => Some(f64::from(*v)),
            _ => None,
        })
        .collect();
    let lo = leaves.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = leaves.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    for max_first in [true, false] {
        let values = chance::expectiminimax(tree, max_first);
        let want = values[&Vec::new()];
        for (l, h) in [(lo, hi), (f64::NEG_INFINITY, f64::INFINITY)] {
            let found = chance::search(tree, max_first, l, h);
            // Probabilities in decimals add up to 1 only within rounding, so values are
            // compared with room for it.
            let room = 1e-6 * (1.0 + want.abs());
            assert!(
                (found.value - want).abs() <= room,
                "{text:?}: {} vs {want}",
                found.value
            );
            mnk_engine::teach::chance_table(tree, max_first, &values, &found);
        }
    }
}
