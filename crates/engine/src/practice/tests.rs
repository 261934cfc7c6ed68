use super::*;
use crate::rules::Rules;
use crate::score::{Score, INFINITY};
use crate::tree::chance::ChanceTree;
use crate::tree::parse;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

fn seed_tree() -> Tree {
    parse("((60 63) (15 58))").unwrap()
}

fn answer(exercise: &Exercise, text: &str) -> Answer {
    Answer::parse(exercise, text).unwrap()
}

#[test]
fn every_kind_and_difficulty_makes_exercises_the_engine_answers_fully() {
    for kind in Kind::ALL {
        for difficulty in Difficulty::ALL {
            for seed in 0..25 {
                let e = Exercise::generate(kind, difficulty, seed)
                    .unwrap_or_else(|err| panic!("{kind} {difficulty}: {err}"));
                let solution = e.solution();
                let marking = e.mark(&solution);
                assert!(marking.correct(), "{kind} {difficulty} {seed}: {marking:?}");
                assert!(marking.out_of > 0);
                // The text of the answer reads back as the same answer.
                let text = solution.to_text(&e);
                let back = answer(&e, &text);
                assert_eq!(back.to_text(&e), text, "{kind} {difficulty} {seed}");
                assert!(
                    e.mark(&back).correct(),
                    "{kind} {difficulty} {seed}: {text}"
                );
                assert!(!e.question().is_empty());
                // An empty answer scores nothing and says where to start.
                let empty = answer(&e, "");
                let marked = e.mark(&empty);
                assert!(!marked.correct());
                assert!(marked.explanation().is_some());
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_exercise_and_seeds_differ() {
    for kind in Kind::ALL {
        let text = |seed| {
            let e = Exercise::generate(kind, Difficulty::Medium, seed).unwrap();
            format!(
                "{:?} {:?} {}",
                e.outline(),
                e.board().map(|b| b.to_text()),
                e.question()
            )
        };
        assert_eq!(text(3), text(3));
        let distinct: std::collections::HashSet<String> = (0..10).map(text).collect();
        assert!(distinct.len() >= 8, "{kind}: {}", distinct.len());
    }
}

#[test]
fn difficulty_sets_the_size() {
    let leaves = |d| {
        (0..20)
            .map(|s| {
                Exercise::generate(Kind::Minimax, d, s)
                    .unwrap()
                    .tree()
                    .unwrap()
                    .leaf_count()
            })
            .sum::<usize>()
    };
    assert!(leaves(Difficulty::Easy) < leaves(Difficulty::Medium));
    assert!(leaves(Difficulty::Medium) < leaves(Difficulty::Hard));
    let empties = |d| {
        let e = Exercise::generate(Kind::Position, d, 1).unwrap();
        let b = e.board().unwrap();
        b.rules().cells() - b.stone_count()
    };
    assert!(empties(Difficulty::Easy) <= 5);
    assert!(empties(Difficulty::Hard) >= 8);
}

#[test]
fn the_seed_example_explains_a_missed_cut_and_a_wrong_mark() {
    let e = Exercise::on_tree(Kind::AlphaBeta, seed_tree(), true, None).unwrap();
    assert_eq!(e.solution().to_text(&e), "value=60 pruned=1.1");
    let m = e.mark(&answer(&e, "value=60 pruned=none"));
    assert_eq!((m.points, m.out_of), (4, 5));
    assert_eq!(
        m.explanation().unwrap(),
        "1.1 is skipped: node 1 is a MIN node, and after 1.0 returned 15, its β fell to 15, \
         at or below α = 60, which MAX is already sure of higher up. MAX will never let the \
         game reach node 1, so 1.1 cannot change the root's value."
    );
    let m = e.mark(&answer(&e, "value=60 pruned=0.1,1.1"));
    assert_eq!((m.points, m.out_of), (4, 5));
    assert_eq!(
        m.explanation().unwrap(),
        "You marked 0.1 as skipped, but when the search reached it, α was -∞ and β was 60: \
         α < β, so nothing above it had a better choice yet, and it was searched (it \
         returned 63)."
    );
    let m = e.mark(&answer(&e, "value=58 pruned=1.1"));
    assert!(m
        .explanation()
        .unwrap()
        .contains("so its value is 60; you wrote 58"));
    // Marking an inner node marks its leaves: skipping all of 1 is one leaf too many.
    let m = e.mark(&answer(&e, "value=60 pruned=1"));
    assert_eq!((m.points, m.out_of), (4, 5));
}

#[test]
fn minimax_mistakes_name_the_node_and_its_rule() {
    let e = Exercise::on_tree(Kind::Minimax, seed_tree(), true, None).unwrap();
    assert_eq!(e.solution().to_text(&e), "root=60 0=60 1=15");
    let m = e.mark(&answer(&e, "root=60 0=63 1=15"));
    assert_eq!((m.points, m.out_of), (2, 3));
    assert_eq!(
        m.explanation().unwrap(),
        "Node 0 is a MIN node: its children are worth 60 and 63, and MIN takes the smallest, \
         60; you wrote 63."
    );
    assert_eq!(
        e.hint(Some(&answer(&e, "0=63"))),
        "Look again at node 0: it is a MIN node."
    );
    // MIN at the root turns every level round.
    let e = Exercise::on_tree(Kind::Minimax, seed_tree(), false, None).unwrap();
    assert_eq!(e.solution().to_text(&e), "root=58 0=63 1=58");
}

#[test]
fn window_mistakes_say_where_the_bound_came_from() {
    let e = Exercise::on_tree(Kind::Window, seed_tree(), true, Some(vec![1, 0])).unwrap();
    assert_eq!(e.solution().to_text(&e), "alpha=60 beta=+inf");
    let m = e.mark(&answer(&e, "α=-inf β=∞"));
    assert_eq!((m.points, m.out_of), (1, 2));
    assert_eq!(
        m.explanation().unwrap(),
        "When the search entered 1.0, α was 60: the root (MAX) had already got 60 from its \
         child 0 before the search went down to 1.0; you wrote -∞."
    );
    let m = e.mark(&answer(&e, "alpha=60 beta=60"));
    assert!(m
        .explanation()
        .unwrap()
        .contains("β was +∞: no MIN node above it had finished a child that lowered it yet"));
    // A node the search never entered has no window to ask about.
    assert!(Exercise::on_tree(Kind::Window, seed_tree(), true, Some(vec![1, 1])).is_none());
}

#[test]
fn ordering_is_marked_by_counting_leaves() {
    let tree = parse("((1 2) (3 4) (9 8))").unwrap();
    let e = Exercise::on_tree(Kind::Ordering, tree, true, None).unwrap();
    // Child 2 (worth 8) first lets alpha-beta cut both others after one leaf each.
    assert!(e.mark(&answer(&e, "2 0 1")).correct());
    assert!(e.mark(&answer(&e, "2 1 0")).correct());
    let worst = e.mark(&answer(&e, "0 1 2"));
    assert_eq!((worst.points, worst.out_of), (0, 4));
    assert!(worst.explanation().unwrap().starts_with(
        "Your order leaves alpha-beta 6 leaves to visit; the order 2 0 1 visits only 4."
    ));
    assert!(Answer::parse(&e, "0 1").is_err());
    assert!(Answer::parse(&e, "0 1 1").is_err());
}

#[test]
fn a_position_is_marked_against_the_exact_analysis() {
    let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
    let e = Exercise::on_position(board).unwrap();
    assert_eq!(e.solution().to_text(&e), "value=win moves=c3");
    let m = e.mark(&answer(&e, "value=win moves=c3,a1"));
    assert_eq!(m.out_of, 1 + 5);
    assert_eq!(m.points, m.out_of - 1);
    assert_eq!(
        m.explanation().unwrap(),
        "a1 is not a best move: with best play after it, the side that plays it gets a loss, \
         while c3 keeps the win."
    );
    let m = e.mark(&answer(&e, "value=draw moves=c3"));
    assert!(m.explanation().unwrap().starts_with(
        "With best play this position is a win for x: c3 wins, the game ending 1 ply from now"
    ));
    assert!(Answer::parse(&e, "value=maybe").is_err());
    assert!(Answer::parse(&e, "moves=a3")
        .unwrap_err()
        .to_string()
        .contains("taken"));
    // Finished games and big boards make no exercise.
    let over = Board::from_text(Rules::tic_tac_toe(), "xxx/oo./...").unwrap();
    assert!(Exercise::on_position(over).is_none());
    assert!(Exercise::on_position(Board::new(Rules::new(5, 5, Some(4)).unwrap())).is_none());
}

#[test]
fn answers_are_read_strictly_with_one_clear_sentence() {
    let e = Exercise::on_tree(Kind::Minimax, seed_tree(), true, None).unwrap();
    for (text, says) in [
        ("root=60 2=1", "the tree has no node 2"),
        ("0.0=60", "0.0 is a leaf"),
        ("root=x", "'x' is not a value"),
        ("root=1 root=2", "root is given twice"),
        ("60", "expected node=value"),
        ("a.b=3", "'a.b' is not a node"),
    ] {
        let err = Answer::parse(&e, text).unwrap_err().to_string();
        assert!(err.contains(says), "{text}: {err}");
    }
    let long = "root=1 ".repeat(1000);
    assert!(Answer::parse(&e, &long)
        .unwrap_err()
        .to_string()
        .contains("longer than"));
    let ab = Exercise::on_tree(Kind::AlphaBeta, seed_tree(), true, None).unwrap();
    assert!(Answer::parse(&ab, "pruned=root")
        .unwrap_err()
        .to_string()
        .contains("always searched"));
    assert!(Answer::parse(&ab, "skip=1")
        .unwrap_err()
        .to_string()
        .contains("unknown key"));
    let w = Exercise::on_tree(Kind::Window, seed_tree(), true, Some(vec![1])).unwrap();
    assert!(Answer::parse(&w, "alpha=big")
        .unwrap_err()
        .to_string()
        .contains("-inf or +inf"));
    assert_eq!(
        answer(&w, "a=60 b=+infinity"),
        Answer::Window {
            alpha: Some(60),
            beta: Some(INFINITY)
        }
    );
    assert!("riddle"
        .parse::<Kind>()
        .unwrap_err()
        .to_string()
        .contains("minimax, alphabeta"));
    assert_eq!("2".parse::<Difficulty>(), Ok(Difficulty::Medium));
}

/// A random tree: up to 4 levels, 1 to 4 children, some branches ending early.
fn random_tree(seed: u64) -> Tree {
    fn grow(rng: &mut StdRng, level: usize) -> Tree {
        if level > 0 && (level == 4 || rng.gen_bool(0.3)) {
            return Tree::Leaf(rng.gen_range(-9..=9));
        }
        let n = rng.gen_range(1..=4);
        Tree::Node((0..n).map(|_| grow(rng, level + 1)).collect())
    }
    grow(&mut StdRng::seed_from_u64(seed), 0)
}

fn leaf_paths(tree: &Tree, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
    match tree {
        Tree::Leaf(_) => out.push(path.clone()),
        Tree::Node(children) => {
            for (i, c) in children.iter().enumerate() {
                path.push(i);
                leaf_paths(c, path, out);
                path.pop();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The marker accepts exactly the engine's answer: one value changed, or one skipped leaf
    /// added or removed, is refused and costs exactly one point.
    #[test]
    fn the_marker_accepts_exactly_the_engines_answer(seed in any::<u64>(), max_first: bool) {
        let tree = random_tree(seed);

        let e = Exercise::on_tree(Kind::Minimax, tree.clone(), max_first, None).unwrap();
        let Answer::Values(values) = e.solution() else { panic!("minimax answers values") };
        prop_assert!(e.mark(&Answer::Values(values.clone())).correct());
        for path in values.keys() {
            let mut wrong: BTreeMap<Vec<usize>, Score> = values.clone();
            *wrong.get_mut(path).unwrap() += 1;
            let m = e.mark(&Answer::Values(wrong));
            prop_assert!(!m.correct());
            prop_assert_eq!(m.points + 1, m.out_of);
            let first_is_path = matches!(&m.first_mistake, Some(Mistake::NodeValue { path: p, .. }) if p == path);
            prop_assert!(first_is_path);
        }

        let e = Exercise::on_tree(Kind::AlphaBeta, tree.clone(), max_first, None).unwrap();
        let Answer::Pruned { pruned, value } = e.solution() else { panic!("alpha-beta answers marks") };
        let mut leaves = Vec::new();
        leaf_paths(&tree, &mut Vec::new(), &mut leaves);
        let skipped: Vec<Vec<usize>> = leaves
            .iter()
            .filter(|l| pruned.iter().any(|p| l.starts_with(p)))
            .cloned()
            .collect();
        // Marking the skipped leaves one by one is the same answer as marking their roots.
        let by_leaves = Answer::Pruned { pruned: skipped.clone(), value };
        prop_assert!(e.mark(&by_leaves).correct());
        for leaf in &leaves {
            let mut marks: Vec<Vec<usize>> = skipped.iter().filter(|l| *l != leaf).cloned().collect();
            if !skipped.contains(leaf) {
                marks.push(leaf.clone());
            }
            marks.sort();
            let m = e.mark(&Answer::Pruned { pruned: marks, value });
            prop_assert!(!m.correct());
            prop_assert_eq!(m.points + 1, m.out_of);
            prop_assert!(!m.explanation().unwrap().is_empty());
        }
        let m = e.mark(&Answer::Pruned { pruned: pruned.clone(), value: value.map(|v| v - 1) });
        prop_assert!(!m.correct());

        // The window of every node alpha-beta entered, and each bound off by one.
        let lesson = e.lesson().unwrap();
        for node in lesson.nodes.iter().filter(|n| n.window.is_some() && !n.path.is_empty()) {
            let w = Exercise::on_tree(Kind::Window, tree.clone(), max_first, Some(node.path.clone())).unwrap();
            let (a, b) = node.window.unwrap();
            let right = Answer::Window { alpha: Some(a), beta: Some(b) };
            prop_assert!(w.mark(&right).correct());
            let m = w.mark(&Answer::Window { alpha: Some(a + 1), beta: Some(b) });
            prop_assert_eq!((m.points, m.out_of), (1, 2));
            let m = w.mark(&Answer::Window { alpha: Some(a), beta: Some(b - 1) });
            prop_assert_eq!((m.points, m.out_of), (1, 2));
        }
    }
}

#[test]
fn chance_values_take_decimals_or_fractions_and_cuts_are_explained() {
    use crate::tree::parse_chance;
    let tree = parse_chance("((? 0.5 6 0.5 4) (? 0.5 2 0.5 5))").unwrap();
    let e = Exercise::on_chance_tree(tree, true, (0, 6)).unwrap();
    assert_eq!(e.solution().to_text(&e), "root=5 0=5 1=3.5 pruned=1.1");
    assert!(e
        .mark(&answer(&e, "root=5 0=10/2 1=7/2 pruned=1.1"))
        .correct());
    assert!(e
        .mark(&answer(&e, "root=5.004 0=5 1=3.5 pruned=1.1"))
        .correct());
    let m = e.mark(&answer(&e, "root=5 0=5 1=3.6 pruned=1.1"));
    assert_eq!((m.points, m.out_of), (6, 7));
    assert_eq!(
        m.explanation().unwrap(),
        "Node 1 is a chance node: 0.5×2 + 0.5×5 = 3.5; you wrote 3.6."
    );
    let m = e.mark(&answer(&e, "root=5 0=5 1=3.5 pruned=none"));
    assert_eq!(
        m.explanation().unwrap(),
        "1.1 is skipped: node 1 is a chance node, and after 1.0 returned 2, its children so \
         far add up to 1 with probability 0.5 left, so it is worth at most 1 + 0.5×6 = 4, at \
         or below α = 5: MAX has that much elsewhere; so 1.1 cannot change the root's value."
    );
    let m = e.mark(&answer(&e, "root=5 0=5 1=3.5 pruned=0.1,1.1"));
    assert!(m.explanation().unwrap().starts_with(
        "You marked 0.1 as skipped, but when the search reached it, α was -∞ and β was +∞"
    ));
    assert!(Answer::parse(&e, "0.0=6")
        .unwrap_err()
        .to_string()
        .contains("is a leaf"));
    assert!(Answer::parse(&e, "root=x")
        .unwrap_err()
        .to_string()
        .contains("13/3"));
    // Leaves outside the range make no exercise.
    let tree = parse_chance("(? 0.5 6 0.5 40)").unwrap();
    assert!(Exercise::on_chance_tree(tree, true, (0, 10)).is_none());
}

/// A random tree with chance nodes, leaves in 0..=10.
fn random_chance_tree(seed: u64) -> ChanceTree {
    fn grow(rng: &mut StdRng, level: usize) -> ChanceTree {
        if level > 0 && (level == 4 || rng.gen_bool(0.3)) {
            return ChanceTree::Leaf(rng.gen_range(0..=10));
        }
        if rng.gen_bool(0.4) {
            let probs: &[f64] = if rng.gen_bool(0.5) {
                &[0.25, 0.75]
            } else {
                &[0.5, 0.25, 0.25]
            };
            return ChanceTree::Chance(probs.iter().map(|&p| (p, grow(rng, level + 1))).collect());
        }
        let n = rng.gen_range(1..=3);
        ChanceTree::Node((0..n).map(|_| grow(rng, level + 1)).collect())
    }
    grow(&mut StdRng::seed_from_u64(seed), 0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// On chance trees too: one value changed, or one leaf's skip toggled, costs one point.
    #[test]
    fn the_chance_marker_accepts_exactly_the_engines_answer(seed in any::<u64>(), max_first: bool) {
        let tree = random_chance_tree(seed);
        let Some(e) = Exercise::on_chance_tree(tree.clone(), max_first, (0, 10)) else {
            return Ok(());
        };
        let Answer::Chance { values, pruned } = e.solution() else { panic!("chance answers") };
        let right = Answer::Chance { values: values.clone(), pruned: pruned.clone() };
        prop_assert!(e.mark(&right).correct());
        for path in values.keys() {
            let mut wrong = values.clone();
            *wrong.get_mut(path).unwrap() += 0.01;
            let m = e.mark(&Answer::Chance { values: wrong, pruned: pruned.clone() });
            prop_assert_eq!(m.points + 1, m.out_of);
        }
        let leaves: Vec<Vec<usize>> = tree
            .post_order(max_first)
            .into_iter()
            .filter(|(_, c)| c.is_none())
            .map(|(p, _)| p)
            .collect();
        let skipped: Vec<Vec<usize>> = leaves
            .iter()
            .filter(|l| pruned.iter().any(|p| l.starts_with(p)))
            .cloned()
            .collect();
        for leaf in &leaves {
            let mut marks: Vec<Vec<usize>> = skipped.iter().filter(|l| *l != leaf).cloned().collect();
            if !skipped.contains(leaf) {
                marks.push(leaf.clone());
            }
            marks.sort();
            let m = e.mark(&Answer::Chance { values: values.clone(), pruned: marks });
            prop_assert_eq!(m.points + 1, m.out_of);
            prop_assert!(!m.explanation().unwrap().is_empty());
        }
    }
}
