//! Random games against brute force: win detection from the last stone equals a check of every
//! line, the incremental hashes equal hashes computed from scratch (and the key after a move
//! read before it is played), and symmetric positions share a canonical key.

use mnk_engine::internals::BitSet;
use mnk_engine::internals::Geometry;
use mnk_engine::internals::Position;
use mnk_engine::Rules;
use mnk_engine::Side;
use proptest::prelude::*;

/// A random game on random rules: (width, height, k, move choices).
fn arb_game() -> impl Strategy<Value = (usize, usize, usize, Vec<usize>)> {
    (1usize..=7, 1usize..=7).prop_flat_map(|(w, h)| {
        (
            Just(w),
            Just(h),
            1..=w.max(h),
            proptest::collection::vec(0usize..1000, 0..=w * h),
        )
    })
}

fn check_game<B: BitSet>(
    geo: std::sync::Arc<Geometry<B>>,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    let mut pos = Position::empty(geo.clone());
    for &choice in choices {
        let legal: Vec<usize> = pos.legal_moves().cells().collect();
        if legal.is_empty() {
            break;
        }
        let mover = pos.to_move();
        let cell = legal[choice % legal.len()];
        // The key of the position after a move, read before it is played (the searches'
        // early table look-ups), is the key after it.
        let ahead = pos.canonical_hash_after(cell);
        pos.play(cell).unwrap();
        prop_assert_eq!(ahead, pos.canonical_hash().0);
        // Win detection from the last stone equals the full-board check.
        prop_assert_eq!(pos.winner() == Some(mover), pos.has_line(mover));
        prop_assert!(!pos.has_line(mover.other()));
        prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
        for s in 0..geo.symmetries().len() {
            let image = pos.transformed(s);
            prop_assert_eq!(pos.symmetric_hash(s), image.hash_from_scratch());
            prop_assert_eq!(pos.canonical_hash().0, image.canonical_hash().0);
            prop_assert_eq!(pos.canonical_stones(), image.canonical_stones());
        }
        // Board text round-trips.
        let again = Position::from_text(geo.clone(), &pos.to_text()).unwrap();
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(again.winner(), pos.winner());
    }
    // Undo restores every earlier hash.
    while pos.undo().is_ok() {
        prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
        prop_assert!(pos.winner().is_none());
    }
    prop_assert_eq!(pos.stone_count(), 0);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn small_boards_agree_with_brute_force((w, h, k, choices) in arb_game()) {
        let geo = Geometry::<u64>::new(Rules::new(w, h, Some(k)).unwrap());
        check_game(geo, &choices)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn wide_boards_agree_with_brute_force(w in 9usize..=26, h in 8usize..=26, k in 3usize..=6, choices in proptest::collection::vec(0usize..100_000, 0..120)) {
        let geo = Geometry::<mnk_engine::internals::Wide>::new(Rules::new(w, h, Some(k)).unwrap());
        check_game(geo, &choices)?;
    }
}

#[test]
fn a_finished_game_refuses_moves() {
    let geo = Geometry::<u64>::new(Rules::tic_tac_toe());
    let mut pos = Position::from_text(geo, "xxx/oo./...").unwrap();
    assert_eq!(pos.winner(), Some(Side::X));
    assert!(pos
        .play(8)
        .unwrap_err()
        .to_string()
        .contains("game is already over"));
    assert!(pos.legal_moves().is_empty());
}
