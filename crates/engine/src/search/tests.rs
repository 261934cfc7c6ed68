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
        TextbookOptions::default(),
        &mut NoTrace,
    );
    assert_eq!(mm.value, 60);
    assert_eq!(mm.stats.leaves, 4);
    let mut cuts = Cuts::default();
    let ab = alphabeta(
        &mut TreeGame::new(&t, true),
        TextbookOptions::default(),
        &mut cuts,
    );
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
        TextbookOptions::default(),
        &mut NoTrace,
    );
    assert_eq!(mm.value, 58);
    let ab = alphabeta(
        &mut TreeGame::new(&t, false),
        TextbookOptions::default(),
        &mut NoTrace,
    );
    assert_eq!(ab.value, 58);
    assert_eq!(ab.best_path, vec![1, 1]);
}

mod controls {
    use super::super::*;
    use crate::board_game::BoardGame;
    use crate::budget::{Budget, Controls, Exhausted, Meter};
    use crate::geometry::Geometry;
    use crate::position::Position;
    use crate::progress::Progress;
    use crate::rules::Rules;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// A game that raises a stop flag on its `after`-th move, as Ctrl-C would in the middle
    /// of a search, without any clock or thread.
    struct RaiseAfter<G> {
        game: G,
        after: u64,
        played: u64,
        flag: Arc<AtomicBool>,
    }

    impl<G: Game> Game for RaiseAfter<G> {
        type Move = G::Move;
        fn moves(&self, out: &mut Vec<G::Move>) {
            self.game.moves(out)
        }
        fn play(&mut self, mv: G::Move) {
            self.played += 1;
            if self.played == self.after {
                self.flag.store(true, Ordering::Relaxed);
            }
            self.game.play(mv)
        }
        fn undo(&mut self) {
            self.game.undo()
        }
        fn maximizing(&self) -> bool {
            self.game.maximizing()
        }
        fn terminal_value(&self) -> Option<Score> {
            self.game.terminal_value()
        }
        fn heuristic_value(&self) -> Score {
            self.game.heuristic_value()
        }
    }

    fn empty_3x3() -> BoardGame<u64> {
        let rules = Rules::new(3, 3, None).unwrap();
        BoardGame::new(Position::empty(Geometry::new(rules)))
    }

    fn watched(after: u64) -> (RaiseAfter<BoardGame<u64>>, Controls, Arc<Progress>) {
        let flag = Arc::new(AtomicBool::new(false));
        let progress = Arc::new(Progress::default());
        let game = RaiseAfter {
            game: empty_3x3(),
            after,
            played: 0,
            flag: flag.clone(),
        };
        let controls = Controls {
            budget: Budget::unlimited().with_stop_flag(flag),
            progress: Some(progress.clone()),
        };
        (game, controls, progress)
    }

    #[test]
    fn a_stopped_search_says_so_and_leaves_the_game_where_it_started() {
        for minimax_search in [true, false] {
            let (mut game, controls, progress) = watched(5_000);
            let result = if minimax_search {
                minimax_with(
                    &mut game,
                    TextbookOptions::default(),
                    &controls,
                    &mut NoTrace,
                )
            } else {
                alphabeta_with(
                    &mut game,
                    TextbookOptions::default(),
                    &controls,
                    &mut NoTrace,
                )
            };
            assert_eq!(
                result.unwrap_err(),
                SearchError::Stopped(Exhausted::Stopped)
            );
            assert_eq!(game.game.pos.stone_count(), 0, "back at the root");
            // Stopped within one check interval of the flag, and every node was published.
            let nodes = progress.snapshot().nodes;
            assert!(nodes >= 5_000, "{nodes}");
            assert!(nodes < 5_000 + 2 * Meter::CHECK_EVERY, "{nodes}");
        }
    }

    #[test]
    fn an_unstopped_search_publishes_every_node_and_finds_the_same_answer() {
        for minimax_search in [true, false] {
            let (mut game, controls, progress) = watched(u64::MAX);
            let limits = TextbookOptions {
                depth: None,
                all_best: true,
            };
            let (watched, plain) = if minimax_search {
                (
                    minimax_with(&mut game, limits, &controls, &mut NoTrace).unwrap(),
                    minimax(&mut empty_3x3(), limits, &mut NoTrace),
                )
            } else {
                (
                    alphabeta_with(&mut game, limits, &controls, &mut NoTrace).unwrap(),
                    alphabeta(&mut empty_3x3(), limits, &mut NoTrace),
                )
            };
            assert_eq!(watched.value, plain.value);
            assert_eq!(watched.best_moves, plain.best_moves);
            assert_eq!(watched.stats, plain.stats);
            assert_eq!(progress.snapshot().nodes, plain.stats.nodes);
        }
        // The textbook figure: plain minimax visits all 549,946 nodes of tic-tac-toe.
        let (mut game, controls, progress) = watched(u64::MAX);
        minimax_with(
            &mut game,
            TextbookOptions::default(),
            &controls,
            &mut NoTrace,
        )
        .unwrap();
        assert_eq!(progress.snapshot().nodes, 549_946);
    }
}
