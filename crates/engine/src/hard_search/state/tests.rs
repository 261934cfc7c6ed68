//! The `hard` search's board kept up to date: its patterns and counts against a plain
//! reading of the board after every play and undo.

use super::*;
use crate::rules::Rule;

#[test]
fn patterns_follow_play_and_undo() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut s = State::new(rules);
    let fresh = s.counts;
    let hash = s.hash();
    for c in [7, 8, 9] {
        s.play(rules.cell(c, 7));
        s.play(rules.cell(c, 9));
    }
    assert_eq!(s.count(Side::X, Pattern::Five), 0);
    assert!(s.count(Side::X, Pattern::Flex4) >= 2);
    s.play(rules.cell(10, 7));
    s.play(rules.cell(10, 9));
    assert!(s.count(Side::X, Pattern::Five) >= 2);
    let mut wins = Vec::new();
    s.winning_cells(Side::X, &mut wins);
    assert_eq!(wins, vec![rules.cell(6, 7), rules.cell(11, 7)]);
    s.play(rules.cell(11, 7));
    assert_eq!(s.winner(), Some(Side::X));
    while !s.history().is_empty() {
        s.undo();
    }
    assert_eq!(s.counts, fresh);
    assert_eq!(s.hash(), hash);
    assert_eq!(s.winner(), None);
}

/// The keys kept stone by stone are those read from the line, the threat cells and the cell
/// classes those a scan of the board finds, and the patterns looked up by them are those of
/// the segments classified one by one, for freestyle and exact rules and K from 3 to 6, edges
/// and blocked lines included; undoing every move restores the empty board's keys, patterns,
/// counts and classes.
#[test]
fn kept_keys_patterns_and_threat_cells_match_a_reading_of_the_board() {
    for (w, h, k, rule) in [
        (15, 15, 5, Rule::Freestyle),
        (9, 9, 4, Rule::Exact),
        (7, 6, 3, Rule::Freestyle),
        (13, 13, 6, Rule::Exact),
        (15, 15, 5, Rule::Renju),
    ] {
        let rules = Rules::new(w, h, Some(k)).unwrap().with_rule(rule);
        let mut s = State::new(rules);
        let mut slow = [Side::X, Side::O].map(|side| PatternTable::new(k, rules.exact_for(side)));
        let mut seed = 0x5eed_u64 + k as u64;
        for _ in 0..w * h / 2 {
            let empty: Vec<usize> = (0..rules.cells()).filter(|&c| s.is_empty(c)).collect();
            if s.is_over() || empty.is_empty() {
                break;
            }
            s.play(empty[(splitmix(&mut seed) % empty.len() as u64) as usize]);
            assert_kept_matches_board(&s, &mut slow, rule);
        }
        // Taken back stone by stone (from the journal), the board matches its reading at every
        // step and is the empty one again at the end.
        while !s.history().is_empty() {
            s.undo();
            assert_kept_matches_board(&s, &mut slow, rule);
        }
        let fresh = State::new(rules);
        assert_eq!(
            (&s.pats, &s.keys, s.counts, s.classes),
            (&fresh.pats, &fresh.keys, fresh.counts, fresh.classes)
        );
        assert_eq!(s.threat_cells, fresh.threat_cells);
    }
}

/// Checks everything `s` keeps (threat cells, class counts, keys, patterns) against a fresh
/// reading of its board.
fn assert_kept_matches_board(s: &State, slow: &mut [PatternTable; 2], rule: Rule) {
    let rules = s.rules();
    let (w, h, k) = (rules.width(), rules.height(), rules.k());
    for side in [Side::X, Side::O] {
        let scanned: Vec<usize> = (0..rules.cells())
            .filter(|&c| s.is_empty(c))
            .filter(|&c| s.patterns(c, side).iter().any(|&p| p >= Pattern::Flex3))
            .collect();
        assert_eq!(s.threat_cells(side).collect::<Vec<_>>(), scanned);
        let mut classes = [0; CELL_CLASSES];
        for cell in 0..rules.cells() {
            classes[class_of(s.patterns(cell, side)) as usize] += 1;
        }
        assert_eq!(s.classes[side.index()], classes, "{w}x{h}/{k} {rule}");
    }
    for cell in (0..rules.cells()).filter(|_| !s.keys.is_empty()) {
        for d in 0..4 {
            let kept = (s.keys[cell][0][d] as usize, s.keys[cell][1][d] as usize);
            assert_eq!(kept, s.line_keys(cell, d), "{w}x{h}/{k}, cell {cell}");
        }
    }
    for cell in (0..rules.cells()).filter(|&c| s.is_empty(c)) {
        for d in 0..4 {
            let span = 2 * k + 1;
            let line = &s.lines[(cell * 4 + d) * span..(cell * 4 + d + 1) * span];
            for side in [Side::X, Side::O] {
                let seg: Vec<Seen> = line
                    .iter()
                    .map(|&q| match (q, side) {
                        (OFF, _) => Seen::Blocked,
                        (q, _) if s.cells[q as usize] == 0 => Seen::Empty,
                        (q, Side::X) if s.cells[q as usize] == 1 => Seen::Own,
                        (q, Side::O) if s.cells[q as usize] == 2 => Seen::Own,
                        _ => Seen::Blocked,
                    })
                    .collect();
                assert_eq!(
                    s.patterns(cell, side)[d],
                    slow[side.index()].classify(&seg),
                    "{w}x{h}/{k} {rule}, cell {cell}, direction {d}, {side:?}"
                );
            }
        }
    }
}

#[test]
fn a_stone_set_up_between_moves_leaves_the_earlier_moves_to_the_slow_take_back() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut slow = [Side::X, Side::O].map(|side| PatternTable::new(5, rules.exact_for(side)));
    let mut s = State::new(rules);
    s.play(rules.cell(7, 7));
    s.play(rules.cell(8, 8));
    s.place(rules.cell(6, 7), Side::X);
    s.play(rules.cell(5, 7));
    s.play(rules.cell(4, 7));
    while !s.history().is_empty() {
        s.undo();
        assert_kept_matches_board(&s, &mut slow, Rule::Freestyle);
    }
    let mut only = State::new(rules);
    only.place(rules.cell(6, 7), Side::X);
    assert_eq!(
        (&s.pats, &s.keys, s.counts),
        (&only.pats, &only.keys, only.counts)
    );
    assert_eq!(
        (s.classes, &s.threat_cells, s.hash()),
        (only.classes, &only.threat_cells, only.hash())
    );
}
