//! Random trees with chance nodes: the pruning search's root value equals a plain
//! expectiminimax written here, every subtree it skips is one whose leaves (anywhere in the
//! known range) cannot change the root's value, and the text of a tree reads back as the tree.

use mnk_engine::tree::chance::{self, ChanceTree, Chooser};
use mnk_engine::tree::parse_chance;
use proptest::prelude::*;

/// The reference: expectiminimax in a few lines; decision nodes alternate among themselves.
fn plain(t: &ChanceTree, max_next: bool) -> f64 {
    match t {
        ChanceTree::Leaf(v) => f64::from(*v),
        ChanceTree::Chance(children) => children.iter().map(|(p, c)| p * plain(c, max_next)).sum(),
        ChanceTree::Node(children) => {
            let values = children.iter().map(|c| plain(c, !max_next));
            if max_next {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// Random trees: decision and chance nodes mixed, probabilities in quarters and thirds.
fn tree(depth: u32) -> impl Strategy<Value = ChanceTree> {
    let leaf = (0..=10i32).prop_map(ChanceTree::Leaf);
    leaf.prop_recursive(depth, 64, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..=3).prop_map(ChanceTree::Node),
            (inner.clone(), inner.clone())
                .prop_map(|(a, b)| ChanceTree::Chance(vec![(0.25, a), (0.75, b)])),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(a, b, c)| ChanceTree::Chance(
                vec![(1.0 / 3.0, a), (1.0 / 3.0, b), (1.0 / 3.0, c)]
            )),
            (inner.clone(), inner).prop_map(|(a, b)| ChanceTree::Chance(vec![(0.5, a), (0.5, b)])),
        ]
    })
}

/// The tree with every leaf under `root` set to `v`.
fn with_leaves(t: &ChanceTree, path: &mut Vec<usize>, root: &[usize], v: i32) -> ChanceTree {
    let under = path.starts_with(root);
    match t {
        ChanceTree::Leaf(x) => ChanceTree::Leaf(if under { v } else { *x }),
        ChanceTree::Node(children) => ChanceTree::Node(
            children
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    path.push(i);
                    let c = with_leaves(c, path, root, v);
                    path.pop();
                    c
                })
                .collect(),
        ),
        ChanceTree::Chance(children) => ChanceTree::Chance(
            children
                .iter()
                .enumerate()
                .map(|(i, (p, c))| {
                    path.push(i);
                    let c = with_leaves(c, path, root, v);
                    path.pop();
                    (*p, c)
                })
                .collect(),
        ),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn the_pruning_search_equals_plain_expectiminimax_and_skips_only_what_cannot_matter(
        t in tree(4),
        max_first: bool,
    ) {
        let want = plain(&t, max_first);
        let values = chance::expectiminimax(&t, max_first);
        prop_assert!((values[&vec![]] - want).abs() < 1e-9);
        // With the leaves' range known, and with no range (chance nodes never cut then).
        for (lo, hi) in [(0.0, 10.0), (f64::NEG_INFINITY, f64::INFINITY)] {
            let s = chance::search(&t, max_first, lo, hi);
            prop_assert!((s.value - want).abs() < 1e-9, "{} vs {want} for {t}", s.value);
            for root in &s.pruned {
                for v in [0, 10] {
                    let changed = with_leaves(&t, &mut Vec::new(), root, v);
                    prop_assert!((plain(&changed, max_first) - want).abs() < 1e-9,
                        "skipping {root:?} of {t} is wrong: leaves {v} change the value");
                }
            }
            if lo.is_infinite() {
                prop_assert!(s.visits.values().all(|v| v.chooser != Some(Chooser::Chance) || v.cut.is_none()));
            }
        }
        // The text reads back as the same tree.
        let text = t.to_string();
        let back = parse_chance(&text).unwrap();
        prop_assert_eq!(back.to_string(), text);
    }
}

#[test]
fn a_chance_node_cuts_when_its_best_case_is_no_better_than_alpha() {
    // MAX at the root: the left chance node is worth 0.5·6 + 0.5·4 = 5; the right one, after
    // its first child returns 2 with half the probability left, is worth at most
    // 0.5·2 + 0.5·10 = 6 > 5: go on; the plain tree below shows a cut with [0, 6] instead.
    let t = parse_chance("((? 0.5 6 0.5 4) (? 0.5 2 0.5 9))").unwrap();
    let s = chance::search(&t, true, 0.0, 10.0);
    assert_eq!(s.value, 5.5);
    assert!(s.pruned.is_empty());
    let s = chance::search(&t, true, 0.0, 6.0);
    assert_eq!(s.value, 5.0);
    assert_eq!(s.pruned, vec![vec![1, 1]]);
    let cut = s.visits[&vec![1]].cut.unwrap();
    assert_eq!(
        (cut.after, cut.alpha, cut.sum_and_rest),
        (0, 5.0, Some((1.0, 0.5)))
    );
}

#[test]
fn chance_text_is_read_strictly() {
    for (text, says) in [
        ("(? 0.5 1 0.25 2)", "add up to 0.75, not 1"),
        ("(? 0.5 1 0.5)", "ends with a probability"),
        ("(? 2 1)", "expected a probability but found '2'"),
        (
            "(? 0.5 (1 2) (3))",
            "expected a probability (such as 0.5 or 1/3) before each child",
        ),
        ("(? 1/0 1)", "expected a probability"),
    ] {
        let err = parse_chance(text).unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    assert_eq!(
        parse_chance("(? 1/3 1 1/3 2 1/3 3)").unwrap().to_string(),
        "(? 1/3 1 1/3 2 1/3 3)"
    );
    let plain_err = mnk_engine::tree::parse("((? 0.5 1 0.5 2) 3)")
        .unwrap_err()
        .to_string();
    assert!(
        plain_err.starts_with("col 3: '?' starts a chance node"),
        "{plain_err}"
    );
}
