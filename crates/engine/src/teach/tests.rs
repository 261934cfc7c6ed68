//! Tests of the lessons: the seed example both ways, random trees against an independent
//! statement of the textbook rule, snapshots of the drawing, trace and DOT, real game trees.

use super::draw::{draw, summary};
use super::lesson::Lesson;
use super::trace;
use super::{dot::dot, TextbookSearch};
use super::{sentence, steps, Arg, Event, Key, Role, StepKind};
use crate::board::Board;
use crate::eval::Evaluator;
use crate::rules::Rules;
use crate::score::{Score, INFINITY};
use crate::tree::{parse, Tree};

fn seed() -> Tree {
    parse("((60 63) (15 58))").unwrap()
}

#[test]
fn seed_example_max_first() {
    let ab = Lesson::for_tree(&seed(), true, TextbookSearch::AlphaBeta);
    assert_eq!(ab.value, 60);
    assert_eq!(ab.pruned, vec![vec![1, 1]]);
    assert_eq!(ab.stats.leaves, 3);
    assert_eq!(ab.stats.nodes, 6);
    assert_eq!(ab.best_path, vec![0, 0]);
    assert_eq!(ab.leaves_pruned(), Some(1));
    let mm = Lesson::for_tree(&seed(), true, TextbookSearch::Minimax);
    assert_eq!(mm.value, 60);
    assert!(mm.pruned.is_empty());
    assert_eq!(mm.stats.nodes, 7);
}

#[test]
fn seed_example_min_first() {
    // MIN at the root: the MAX children are worth 63 and 58, MIN takes 58. Alpha-beta finds
    // no cut: node 1's best (58) never reaches the 63 MIN already has.
    let ab = Lesson::for_tree(&seed(), false, TextbookSearch::AlphaBeta);
    let mm = Lesson::for_tree(&seed(), false, TextbookSearch::Minimax);
    assert_eq!((ab.value, mm.value), (58, 58));
    assert!(ab.pruned.is_empty());
    assert_eq!(ab.stats.leaves, 4);
    assert_eq!(ab.best_path, vec![1, 1]);
    // A MIN-first tree that does prune: MIN has 3 after node 0, node 1 (MAX) finds 9 first.
    let t = parse("((3 2) (9 1) (1 7))").unwrap();
    let ab = Lesson::for_tree(&t, false, TextbookSearch::AlphaBeta);
    assert_eq!(ab.value, 3);
    assert_eq!(ab.pruned, vec![vec![1, 1]]);
}

#[test]
fn seed_drawing_snapshot() {
    let t = seed();
    let mm = Lesson::for_tree(&t, true, TextbookSearch::Minimax);
    let ab = Lesson::for_tree(&t, true, TextbookSearch::AlphaBeta);
    let expected = "\
node       minimax  alpha-beta   window (α, β)
root MAX   60 *     60 *         (-∞, +∞)
├─ 0 MIN   60 *     60 *         (-∞, +∞)
│  ├─ 0.0  60 *     60 *         (-∞, +∞)
│  └─ 0.1  63       63           (-∞, 60)
└─ 1 MIN   15       ≤15 cut      (60, +∞)
   ├─ 1.0  15       15           (60, +∞)
   └─ 1.1  58       pruned (58)
(* best line; ≤v / ≥v: alpha-beta returned a bound, the true value is at most / at least v; \
cut: alpha >= beta there, the later children were pruned; (v): a leaf never visited)
";
    assert_eq!(draw(&[&mm, &ab]), expected);
    let expected_summary = "\
Root: MAX. Value: 60.
Best line (minimax): root → 0 → 0.0
Best line (alpha-beta): root → 0 → 0.0
                minimax  alpha-beta
nodes visited   7        6
leaves visited  4        3
cutoffs         0        1
Pruned subtrees: 1.1
Leaves: 3 visited + 1 under pruned subtrees = 4
";
    assert_eq!(summary(&[&mm, &ab]), expected_summary);
}

#[test]
fn seed_trace_snapshot() {
    let ab = Lesson::for_tree(&seed(), true, TextbookSearch::AlphaBeta);
    let expected = " 1. root (MAX) entered with window (-∞, +∞)
 2.   0 (MIN) entered with window (-∞, +∞)
 3.     0.0 is a leaf with window (-∞, +∞): 60
 4.   0: child 0.0 returned 60, so β = 60; window (-∞, 60)
 5.     0.1 is a leaf with window (-∞, 60): 63
 6.   0: child 0.1 returned 63; β stays 60
 7.   0: backs up 60
 8. root: child 0 returned 60, so α = 60; window (60, +∞)
 9.   1 (MIN) entered with window (60, +∞)
10.     1.0 is a leaf with window (60, +∞): 15
11.   1: child 1.0 returned 15, so β = 15; window (60, 15)
12.   cutoff: alpha 60 >= beta 15 at node 1: children 1.1 pruned (MAX can already get 60 \
elsewhere, and here MIN can hold it to 15 or less, so MAX will never let the game come here)
13.   1: backs up 15 (an upper bound: the true value is at most this)
14. root: child 1 returned 15; α stays 60
15. root: backs up 60
Value of the root: 60
";
    assert_eq!(trace(&ab), expected);
    let mm = Lesson::for_tree(&seed(), true, TextbookSearch::Minimax);
    let text = trace(&mm);
    assert!(
        text.contains("0: child 0.1 returned 63; best stays 60"),
        "{text}"
    );
    assert!(
        text.contains("root: child 1 returned 15; best stays 60"),
        "{text}"
    );
    assert!(!text.contains("cutoff"));
}

/// Alpha meets beta at node 2 only after its last child: that is no cutoff, in any output.
#[test]
fn alpha_meeting_beta_at_the_last_child_prunes_nothing_and_is_no_cutoff() {
    let t = parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
    let ab = Lesson::for_tree(&t, true, TextbookSearch::AlphaBeta);
    assert_eq!(ab.pruned, vec![vec![1, 1], vec![1, 2]]);
    assert_eq!(ab.stats.cutoffs, 1);
    assert!(ab.find(&[1]).unwrap().cut.is_some());
    let two = ab.find(&[2]).unwrap();
    assert_eq!(two.cut, None);
    // Its value is still only a bound.
    assert_eq!(two.bound(), crate::score::Bound::Upper);
    let text = trace(&ab);
    assert!(
        text.contains(
            "24.   2: alpha 3 >= beta 2 after its last child 2.2: nothing is left to prune, so \
             no cutoff\n"
        ),
        "{text}"
    );
    assert_eq!(text.matches("cutoff: alpha").count(), 1, "{text}");
    assert!(!text.contains("children  pruned"), "{text}");
    let drawing = draw(&[&ab]);
    assert!(drawing.contains("├─ 1 MIN   ≤2 cut"), "{drawing}");
    assert!(drawing.contains("└─ 2 MIN   ≤2 "), "{drawing}");
    assert!(!drawing.contains("└─ 2 MIN   ≤2 cut"), "{drawing}");
    assert!(
        summary(&[&ab]).contains("cutoffs         1\n"),
        "{}",
        summary(&[&ab])
    );
    let graph = dot(&ab);
    assert!(
        graph.contains("n_1 [label=\"1\\nMIN ≤2\\nα=3 β=+∞\\ncut: 3 ≥ 2\""),
        "{graph}"
    );
    assert!(
        graph.contains("n_2 [label=\"2\\nMIN ≤2\\nα=3 β=+∞\", shape=box]"),
        "{graph}"
    );
}

#[test]
fn seed_dot_snapshot() {
    let ab = Lesson::for_tree(&seed(), true, TextbookSearch::AlphaBeta);
    let expected = r#"digraph alphabeta {
  graph [ordering=out, labelloc=t, label="alpha-beta, root MAX: value 60"];
  node [fontname="Helvetica", fontsize=11];
  edge [arrowhead=none];
  n [label="root\nMAX 60\nα=-∞ β=+∞", shape=ellipse, penwidth=2];
  n_0 [label="0\nMIN 60\nα=-∞ β=+∞", shape=box, penwidth=2];
  n_0_0 [label="0.0\n60\nα=-∞ β=+∞", shape=box, penwidth=2, style="rounded"];
  n_0_1 [label="0.1\n63\nα=-∞ β=60", shape=box, style="rounded"];
  n_1 [label="1\nMIN ≤15\nα=60 β=+∞\ncut: 60 ≥ 15", shape=box];
  n_1_0 [label="1.0\n15\nα=60 β=+∞", shape=box, style="rounded"];
  n_1_1 [label="1.1\n58\npruned", shape=box, color=gray60, fontcolor=gray60, style="rounded,dashed"];
  n -> n_0 [penwidth=3];
  n -> n_1;
  n_0 -> n_0_0 [penwidth=3];
  n_0 -> n_0_1;
  n_1 -> n_1_0;
  n_1 -> n_1_1 [style=dashed, color=gray60];
}
"#;
    assert_eq!(dot(&ab), expected);
}

/// The textbook rule stated independently: children left to right, fail-soft, stop as soon as
/// alpha >= beta; returns the value and collects the roots of the skipped subtrees.
fn textbook(
    t: &Tree,
    max: bool,
    mut alpha: Score,
    mut beta: Score,
    path: &mut Vec<usize>,
    pruned: &mut Vec<Vec<usize>>,
) -> Score {
    let Tree::Node(children) = t else {
        let Tree::Leaf(v) = t else { unreachable!() };
        return *v;
    };
    let mut best = if max { -INFINITY } else { INFINITY };
    for (i, c) in children.iter().enumerate() {
        path.push(i);
        let v = textbook(c, !max, alpha, beta, path, pruned);
        path.pop();
        if max {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            for j in i + 1..children.len() {
                let mut p = path.clone();
                p.push(j);
                pruned.push(p);
            }
            break;
        }
    }
    best
}

fn arb_tree() -> impl proptest::strategy::Strategy<Value = Tree> {
    use proptest::prelude::*;
    let leaf = (-9i32..10).prop_map(Tree::Leaf);
    leaf.prop_recursive(6, 300, 4, |inner| {
        proptest::collection::vec(inner, 1..5).prop_map(Tree::Node)
    })
}

proptest::proptest! {
    #[test]
    fn lessons_on_random_trees_follow_the_textbook(t in arb_tree(), max_first: bool) {
        let mm = Lesson::for_tree(&t, max_first, TextbookSearch::Minimax);
        let ab = Lesson::for_tree(&t, max_first, TextbookSearch::AlphaBeta);
        // Same value.
        proptest::prop_assert_eq!(mm.value, ab.value);
        // Exactly the subtrees the textbook rule skips.
        let mut expected = Vec::new();
        let v = textbook(&t, max_first, -INFINITY, INFINITY, &mut Vec::new(), &mut expected);
        expected.sort();
        proptest::prop_assert_eq!(v, ab.value);
        proptest::prop_assert_eq!(&ab.pruned, &expected);
        // A cutoff counts (and is drawn) only where it pruned something: one per parent of a
        // pruned subtree (sorted, so the children of one parent are neighbours).
        let mut parents: Vec<&[usize]> = expected.iter().map(|p| &p[..p.len() - 1]).collect();
        parents.dedup();
        proptest::prop_assert_eq!(ab.stats.cutoffs, parents.len() as u64);
        proptest::prop_assert_eq!(ab.nodes.iter().filter(|n| n.cut.is_some()).count(), parents.len());
        proptest::prop_assert_eq!(mm.stats.cutoffs, 0);
        // Every leaf is either visited or under a pruned subtree.
        let leaves = t.leaf_count() as u64;
        proptest::prop_assert_eq!(ab.stats.leaves + ab.leaves_pruned().unwrap(), leaves);
        proptest::prop_assert_eq!(mm.stats.leaves, leaves);
        proptest::prop_assert_eq!(mm.stats.nodes, t.node_count() as u64);
        // The lesson holds the whole tree, visited or not.
        proptest::prop_assert_eq!(ab.nodes.len(), t.node_count());
        // The best line ends at a leaf holding the root value.
        proptest::prop_assert_eq!(t.at(&ab.best_path), Some(&Tree::Leaf(ab.value)));
        proptest::prop_assert_eq!(t.at(&mm.best_path), Some(&Tree::Leaf(mm.value)));
        // Fail-soft bounds are honest: every alpha-beta value agrees with minimax's as marked.
        for node in ab.nodes.iter().filter(|n| n.visited) {
            let truth = mm.find(&node.path).and_then(|n| n.value).unwrap();
            let v = node.value.unwrap();
            match node.bound() {
                crate::score::Bound::Exact => proptest::prop_assert_eq!(v, truth),
                crate::score::Bound::Upper => proptest::prop_assert!(truth <= v),
                crate::score::Bound::Lower => proptest::prop_assert!(truth >= v),
            }
        }
    }
}

#[test]
fn real_tree_of_a_tic_tac_toe_position() {
    // x to move wins at c3 (top-right) at once; o threatens c2.
    let board = Board::from_text(Rules::tic_tac_toe(), "xx./oo./...").unwrap();
    let ab = Lesson::for_board(&board, 2, Evaluator::OpenLines, TextbookSearch::AlphaBeta).unwrap();
    let mm = Lesson::for_board(&board, 2, Evaluator::OpenLines, TextbookSearch::Minimax).unwrap();
    assert_eq!(ab.value, mm.value);
    assert_eq!(ab.value_text(ab.value), "X#1");
    assert_eq!(ab.best_line(), vec!["c3".to_string()]);
    assert!(ab.stats.nodes < mm.stats.nodes);
    assert!(!ab.pruned.is_empty());
    // Every child, pruned or not, is named by its move.
    assert!(ab.nodes[1..].iter().all(|n| n.label.is_some()));
    let text = draw(&[&mm, &ab]);
    assert!(text.contains("├─ 0 c3"), "{text}");
    assert!(text.contains("X#1 *"), "{text}");
    assert!(trace(&ab).contains("cutoff: alpha"));
}

#[test]
fn real_trees_are_bounded_and_finished_games_refused() {
    let empty = Board::new(Rules::tic_tac_toe());
    let err =
        Lesson::for_board(&empty, 9, Evaluator::OpenLines, TextbookSearch::Minimax).unwrap_err();
    assert!(err.to_string().contains("more than 200000 nodes"), "{err}");
    let ab = Lesson::for_board(&empty, 9, Evaluator::OpenLines, TextbookSearch::AlphaBeta).unwrap();
    assert_eq!(ab.value, 0);
    let won = Board::from_text(Rules::tic_tac_toe(), "xxx/oo./...").unwrap();
    assert!(Lesson::for_board(&won, 2, Evaluator::OpenLines, TextbookSearch::AlphaBeta).is_err());
}

/// The events a step stands for: one each, an entered leaf and its value together.
fn events_per_step(lesson: &Lesson) -> Vec<usize> {
    let mut out = Vec::new();
    let mut events = lesson.events.iter().peekable();
    while let Some(e) = events.next() {
        let leaf =
            matches!(e, Event::Enter { .. }) && matches!(events.peek(), Some(Event::Leaf { .. }));
        if leaf {
            events.next();
        }
        out.push(if leaf { 2 } else { 1 });
    }
    out
}

proptest::proptest! {
    #[test]
    fn steps_follow_the_events_and_the_trace_says_them(t in arb_tree(), max_first: bool) {
        for algo in [TextbookSearch::Minimax, TextbookSearch::AlphaBeta] {
            let lesson = Lesson::for_tree(&t, max_first, algo);
            let steps = steps(&lesson);
            proptest::prop_assert_eq!(steps.len(), events_per_step(&lesson).len());
            let mut events = lesson.events.iter();
            for step in &steps {
                let (event_path, kind) = match events.next().unwrap() {
                    Event::Enter { path, .. } if step.kind == StepKind::Leaf => {
                        let Some(Event::Leaf { value, .. }) = events.next() else {
                            panic!("a leaf step without its leaf event");
                        };
                        proptest::prop_assert_eq!(step.value, Some(*value));
                        (path, StepKind::Leaf)
                    }
                    Event::Enter { path, .. } => (path, StepKind::Enter),
                    Event::Leaf { path, .. } => (path, StepKind::Leaf),
                    Event::Child { path, index, .. } => {
                        proptest::prop_assert_eq!(step.index, Some(*index));
                        (path, StepKind::Child)
                    }
                    Event::Cutoff { path, .. } => (path, StepKind::Cutoff),
                    Event::Backup { path, .. } => (path, StepKind::Backup),
                };
                proptest::prop_assert_eq!(&step.path, event_path);
                proptest::prop_assert_eq!(step.kind, kind);
            }
            let lines: Vec<String> = steps.iter().map(|s| sentence(&lesson, s)).collect();
            let text = trace(&lesson);
            let traced: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim_start().split_once(". ").map(|(_, rest)| rest.trim_start()))
                .collect();
            proptest::prop_assert_eq!(traced, lines);
        }
    }
}

#[test]
fn seed_steps_carry_their_keys_and_args() {
    let ab = Lesson::for_tree(&seed(), true, TextbookSearch::AlphaBeta);
    let seed_steps = steps(&ab);
    let keys: Vec<&str> = seed_steps.iter().map(|s| s.key.name()).collect();
    assert_eq!(
        keys,
        [
            "enter_ab",
            "enter_ab",
            "leaf_ab",
            "child_ab",
            "leaf_ab",
            "child_ab_stays",
            "backup",
            "child_ab",
            "enter_ab",
            "leaf_ab",
            "child_ab",
            "cutoff",
            "backup_at_most",
            "child_ab_stays",
            "backup_root",
        ]
    );
    let cut = &seed_steps[11];
    assert_eq!(
        cut.args(),
        vec![
            ("node", Arg::Node(vec![1])),
            ("role", Arg::Role(Role::Min)),
            ("alpha", Arg::Score(60)),
            ("beta", Arg::Score(15)),
            ("pruned", Arg::Nodes(vec![vec![1, 1]])),
        ]
    );
    // The child steps know the node's best so far, which the page says for alpha-beta too.
    assert_eq!(
        (seed_steps[5].best, seed_steps[5].value),
        (Some(60), Some(63))
    );
    let mm = Lesson::for_tree(&seed(), true, TextbookSearch::Minimax);
    let keys: Vec<&str> = steps(&mm).iter().map(|s| s.key.name()).collect();
    assert!(keys.contains(&"child_stays") && !keys.iter().any(|k| k.ends_with("_ab")));
    // Alpha meeting beta after the last child has its own sentence.
    let t = parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
    let ab = Lesson::for_tree(&t, true, TextbookSearch::AlphaBeta);
    let last = steps(&ab)
        .into_iter()
        .find(|s| s.key == Key::NoCutoff)
        .unwrap();
    assert_eq!(last.path, vec![2]);
    assert!(last.pruned().is_empty());
    assert_eq!(last.child(), Some(vec![2, 2]));
}

#[test]
fn a_textbook_choice_is_named_as_listed() {
    let names = super::TextbookChoice::ALL.map(super::TextbookChoice::name);
    assert_eq!(names, super::TextbookChoice::NAMES);
}
