//! The threat-space search (VCT) against the exact solver on small boards: every win it claims
//! is a real win, within the plies it claims. Random games of 6x6 and 7x6 with four in a row
//! (the pattern classes are relative to K, so a "three" there is two stones) give positions
//! where threat sequences exist and the solver is still fast.

use mnk_engine::internals::Budget;
use mnk_engine::internals::{small, State, Vct, VctLimits};
use mnk_engine::{Algorithm, Board, Rules, Verdict};

/// A tiny deterministic generator (SplitMix64), so the sample is the same every run.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A position after `stones` random moves that end no game, or `None`.
fn random_board(rules: Rules, stones: usize, seed: &mut u64) -> Option<Board> {
    let mut board = Board::new(rules);
    for _ in 0..stones {
        let legal = board.legal_moves();
        let m = legal[(next(seed) % legal.len() as u64) as usize];
        board.play(m).ok()?;
        if board.is_over() {
            return None;
        }
    }
    Some(board)
}

#[test]
fn every_vct_win_is_a_real_win() {
    let mut seed = 18;
    let mut wins = 0;
    let mut tried = 0;
    for (w, h, stones) in [(6, 6, 10), (6, 6, 12), (7, 6, 12), (7, 6, 14)] {
        let rules = Rules::new(w, h, Some(4)).unwrap();
        for _ in 0..60 {
            let Some(board) = random_board(rules, stones, &mut seed) else {
                continue;
            };
            tried += 1;
            let mut state = State::from_position(small(&board).unwrap());
            let limits = VctLimits {
                nodes: 20_000,
                ..VctLimits::default()
            };
            let Some(win) = Vct::new().find(&mut state, limits, &Budget::unlimited()) else {
                continue;
            };
            wins += 1;
            let report = crate::solved(&board, Algorithm::Auto);
            let text = board.to_text();
            match report.verdict {
                Verdict::Win(p) => assert!(
                    p as usize <= win.plies,
                    "{text}: VCT claims a win within {} plies, the solver says {p}",
                    win.plies
                ),
                v => panic!("{text}: VCT claims a win ({win:?}), the solver says {v}"),
            }
            // The first move of the line wins too.
            let mut after = board.clone();
            after.play(win.first).unwrap();
            if !after.is_over() {
                let reply = crate::solved(&after, Algorithm::Auto);
                assert!(
                    matches!(reply.verdict, Verdict::Loss(_)),
                    "{text}: the VCT's first move {} does not win ({})",
                    board.cell_name(win.first),
                    reply.verdict
                );
            }
        }
    }
    // The sample must exercise the search: enough positions, and wins among them.
    assert!(tried >= 100, "{tried} positions");
    assert!(wins >= 10, "{wins} VCT wins in {tried} positions");
}
