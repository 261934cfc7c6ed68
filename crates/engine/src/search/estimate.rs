//! How big a textbook search will be, known before it starts: from the number of empty cells
//! alone, the game tree as if no game ended before the board is full. Plain minimax visits at
//! most that whole tree; alpha-beta, even with perfect move order, at least its minimal tree
//! (Knuth and Moore 1975) unless games end early. Front ends use this to refuse a search that
//! cannot finish in any useful time, and to say how big it is.

/// The two figures, saturating at `u128::MAX` (past about 33 empty cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeSize {
    /// Empty cells at the root.
    pub empty: usize,
    /// Every node of the tree, the root included, when no game ends before the board is
    /// full: the most plain minimax can visit.
    pub full: u128,
    /// The nodes alpha-beta visits in that tree with the best possible move order: the least
    /// it can visit when games run to a full board (an early win can cut even this short).
    pub minimal: u128,
}

/// Nodes beyond which a textbook search is out of reach: at the 10 to 20 million nodes per
/// second they manage, ten billion nodes is ten to twenty minutes.
pub const REACH: u128 = 10_000_000_000;

impl TreeSize {
    /// The figures for a position with `empty` empty cells.
    pub fn of_empty(empty: usize) -> TreeSize {
        // At depth i every node has empty - i children. The minimal tree has three kinds of
        // node: on the principal line (first child principal, the others "cut"), cut nodes
        // (one child searched, an "all" node) and all nodes (every child searched, each a cut
        // node).
        let (mut full, mut level) = (1u128, 1u128);
        let principal = 1u128;
        let (mut cut, mut all) = (0u128, 0u128);
        let mut minimal = 1u128;
        for depth in 0..empty {
            let children = (empty - depth) as u128;
            level = level.saturating_mul(children);
            full = full.saturating_add(level);
            let next_cut = principal
                .saturating_mul(children - 1)
                .saturating_add(all.saturating_mul(children));
            (cut, all) = (next_cut, cut);
            minimal = minimal
                .saturating_add(principal)
                .saturating_add(cut)
                .saturating_add(all);
        }
        TreeSize {
            empty,
            full,
            minimal,
        }
    }

    /// Whether plain minimax may have to visit more than [`REACH`] nodes.
    pub fn minimax_beyond_reach(&self) -> bool {
        self.full > REACH
    }

    /// Whether alpha-beta must visit more than [`REACH`] nodes even with perfect order.
    pub fn alphabeta_beyond_reach(&self) -> bool {
        self.minimal > REACH
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;
    use crate::search::{alphabeta, minimax, Game, NoTrace, TextbookOptions};

    /// A uniform tree of permutations: `empty` cells, no game ends early, every leaf worth
    /// the same, so the textbook searches see exactly the tree the estimate describes.
    struct Cells {
        free: Vec<bool>,
        played: Vec<usize>,
    }

    impl Game for Cells {
        type Move = usize;
        fn moves(&self, out: &mut Vec<usize>) {
            out.extend((0..self.free.len()).filter(|&c| self.free[c]));
        }
        fn play(&mut self, mv: usize) {
            self.free[mv] = false;
            self.played.push(mv);
        }
        fn undo(&mut self) {
            if let Some(mv) = self.played.pop() {
                self.free[mv] = true;
            }
        }
        fn maximizing(&self) -> bool {
            self.played.len().is_multiple_of(2)
        }
        fn terminal_value(&self) -> Option<Score> {
            self.free.iter().all(|f| !f).then_some(0)
        }
        fn heuristic_value(&self) -> Score {
            0
        }
    }

    #[test]
    fn the_full_tree_is_what_minimax_visits_when_no_game_ends_early() {
        for empty in 0..=7 {
            let mut game = Cells {
                free: vec![true; empty],
                played: Vec::new(),
            };
            let visited = minimax(&mut game, TextbookOptions::default(), &mut NoTrace)
                .stats
                .nodes;
            assert_eq!(TreeSize::of_empty(empty).full, visited as u128, "{empty}");
        }
        // 9 empty cells: 986,410 nodes without game ends; tic-tac-toe's wins cut it to 549,946.
        assert_eq!(TreeSize::of_empty(9).full, 986_410);
    }

    #[test]
    fn the_minimal_tree_is_what_alpha_beta_visits_when_every_leaf_ties() {
        // With every leaf equal, the first child is always best and every later sibling is
        // cut at once: the perfectly ordered case.
        for empty in 0..=7 {
            let mut game = Cells {
                free: vec![true; empty],
                played: Vec::new(),
            };
            let visited = alphabeta(&mut game, TextbookOptions::default(), &mut NoTrace)
                .stats
                .nodes;
            assert_eq!(
                TreeSize::of_empty(empty).minimal,
                visited as u128,
                "{empty}"
            );
        }
    }

    #[test]
    fn reach_refuses_minimax_on_4x4_and_alpha_beta_only_far_beyond() {
        let four = TreeSize::of_empty(16);
        assert!(four.minimax_beyond_reach());
        assert!(!four.alphabeta_beyond_reach());
        assert!(!TreeSize::of_empty(12).minimax_beyond_reach());
        assert!(TreeSize::of_empty(25).alphabeta_beyond_reach());
        // Saturates rather than overflowing on the largest boards.
        assert_eq!(TreeSize::of_empty(676).full, u128::MAX);
    }
}
