//! Unit tests of the big-board search on hand-made positions.

use super::search::{Reason, Report};
use super::vcf::{find_vcf, find_vcf_until, VcfLimits};
use super::*;
use crate::board::Board;
use crate::rules::{Rule, Rules};
use crate::side::Side;

/// A 15x15/5 state from `(col, row)` stones of x and o, `to_move` next.
fn setup(x: &[(usize, usize)], o: &[(usize, usize)], to_move: Side) -> State {
    setup_under(Rule::Freestyle, x, o, to_move)
}

/// [`setup`] under `rule`.
fn setup_under(rule: Rule, x: &[(usize, usize)], o: &[(usize, usize)], to_move: Side) -> State {
    let rules = Rules::new(15, 15, Some(5)).unwrap().with_rule(rule);
    let mut s = State::new(rules);
    for &(c, r) in x {
        s.place(rules.cell(c, r), Side::X);
    }
    for &(c, r) in o {
        s.place(rules.cell(c, r), Side::O);
    }
    s.set_to_move(to_move);
    s
}

/// A 15x15/5 state after `(col, row)` moves played in turn, x first (for the modules' own
/// unit tests).
pub(crate) fn played(moves: &[(usize, usize)]) -> State {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut s = State::new(rules);
    for &(c, r) in moves {
        s.play(rules.cell(c, r));
    }
    s
}

fn think(s: &mut State, nodes: u64) -> Report {
    let budget = crate::budget::Budget::unlimited().with_node_limit(nodes);
    let limits = HardLimits {
        max_depth: 64,
        budget: &budget,
        threads: 1,
        check: None,
    };
    Searcher::new(8).search(s, &limits).expect("not over")
}

#[test]
fn takes_a_win_and_blocks_a_four() {
    let mut s = setup(
        &[(3, 3), (4, 3), (5, 3), (6, 3)],
        &[(3, 4), (4, 4), (5, 4)],
        Side::X,
    );
    let r = think(&mut s, 10_000);
    assert_eq!(r.reason, Reason::Win);
    assert!([2, 7].map(|c| s.rules().cell(c, 3)).contains(&r.best));
    let mut s = setup(
        &[(3, 3), (4, 3), (9, 9)],
        &[(3, 4), (4, 4), (5, 4), (6, 4)],
        Side::X,
    );
    s.place(s.rules().cell(7, 4), Side::X);
    let r = think(&mut s, 10_000);
    assert_eq!(r.best, s.rules().cell(2, 4));
}

#[test]
fn finds_a_vcf() {
    // x: two closed threes crossing at (8,5): one move makes a double four.
    let mut s = setup(
        &[(5, 5), (6, 5), (7, 5), (8, 6), (8, 7), (8, 8)],
        &[(4, 5), (8, 9), (10, 10), (11, 11), (12, 10), (12, 12)],
        Side::X,
    );
    let r = think(&mut s, 50_000);
    assert_eq!(r.reason, Reason::Vcf, "{r:?}");
    assert_eq!(r.best, s.rules().cell(8, 5));
    assert!(r.score > 0);
    // Out of time, the threat search gives up rather than overrun the move's limit.
    assert!(find_vcf(&mut s, VcfLimits::default()).is_some());
    assert_eq!(
        find_vcf_until(
            &mut s,
            VcfLimits::default(),
            &crate::budget::Budget::unlimited().with_deadline(std::sync::Arc::new(|| true))
        ),
        None
    );
}

#[test]
fn search_is_undone_and_deterministic() {
    let board = Board::from_text(
        Rules::new(15, 15, Some(5)).unwrap(),
        &"...............\n".repeat(15).trim_end().replace('\n', "/"),
    )
    .unwrap();
    let mut s = State::from_position(board.as_wide().unwrap());
    s.play(112);
    s.play(113);
    let hash = s.hash();
    let a = think(&mut s, 20_000);
    let b = think(&mut s, 20_000);
    assert_eq!(a, b);
    assert_eq!(s.hash(), hash);
    assert!(s.is_empty(a.best));
}

/// x: two open twos crossing at (7,7): that move makes two open threes (a three-three).
fn three_three(to_move: Side) -> State {
    setup(
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
        &[(0, 0), (14, 14), (0, 14), (14, 0)],
        to_move,
    )
}

#[test]
fn finds_a_vct_where_no_vcf_exists() {
    let mut s = three_three(Side::X);
    assert!(find_vcf(&mut s, VcfLimits::default()).is_none());
    let hash = s.hash();
    let mut vct = vct::Vct::new();
    let budget = crate::budget::Budget::unlimited();
    let win = vct
        .find(&mut s, vct::VctLimits::default(), &budget)
        .expect("a three-three wins");
    assert_eq!(s.hash(), hash, "the search undoes its moves");
    // The three-three, then a block, the open four, a reply and the five: at most 5 plies.
    assert!(win.plies <= 7, "{win:?}");
    // A proven win is remembered: asked again, the table answers at the first node.
    assert!(vct.nodes() > 1);
    let again = vct.find(&mut s, vct::VctLimits::default(), &budget);
    assert_eq!(again, Some(win));
    assert_eq!(vct.nodes(), 1);
    let r = think(&mut s, 200_000);
    assert_eq!(r.reason, Reason::Vct, "{r:?}");
    assert!(r.score > search::EVAL_LIMIT);
}

#[test]
fn a_win_remembered_under_one_rule_is_not_claimed_under_another() {
    // The three-three wins in freestyle; under Renju it is x's forbidden point.
    let budget = crate::budget::Budget::unlimited();
    let limits = vct::VctLimits::default();
    let mut free = three_three(Side::X);
    let mut vct = vct::Vct::new();
    assert!(vct.find(&mut free, limits, &budget).is_some());
    let mut renju = setup_under(
        Rule::Renju,
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
        &[(0, 0), (14, 14), (0, 14), (14, 0)],
        Side::X,
    );
    assert_eq!(renju.hash(), free.hash(), "the key does not name the rule");
    let fresh = vct::Vct::new().find(&mut renju, limits, &budget);
    assert_eq!(vct.find(&mut renju, limits, &budget), fresh);
    assert_ne!(fresh.map(|w| w.first), Some(renju.rules().cell(7, 7)));
}

#[test]
fn no_vct_without_threats() {
    // o's stones are in the corners, none within a line of another: no move makes a three.
    let mut s = three_three(Side::O);
    let budget = crate::budget::Budget::unlimited();
    let mut vct = vct::Vct::new();
    assert_eq!(vct.find(&mut s, vct::VctLimits::default(), &budget), None);
    // The same search for x, from o's turn, sees x's win.
    assert!(vct
        .find_for_opponent(&mut s, vct::VctLimits::default(), &budget)
        .is_some());
    assert_eq!(s.to_move(), Side::O);
}

#[test]
fn a_seed_varies_near_equal_moves_and_repeats() {
    let mut s = setup(&[(7, 7)], &[], Side::O);
    let mut choose = |seed: Option<u64>| {
        let budget = crate::budget::Budget::unlimited().with_node_limit(3_000);
        let limits = HardLimits {
            max_depth: 64,
            budget: &budget,
            threads: 1,
            check: None,
        };
        let mut searcher = Searcher::new(1);
        searcher.seed = seed;
        searcher.search(&mut s, &limits).expect("not over").best
    };
    let unseeded = choose(None);
    assert_eq!(choose(None), unseeded);
    let seeded: Vec<usize> = (0..12).map(|i| choose(Some(i))).collect();
    let again: Vec<usize> = (0..12).map(|i| choose(Some(i))).collect();
    assert_eq!(seeded, again, "one seed, one game");
    let mut distinct = seeded.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(distinct.len() >= 2, "twelve seeds, one move: {seeded:?}");
}

#[test]
fn the_probe_finds_a_threat_win_and_remembers_it() {
    // x: e8 f8 and g6 g7 (as columns 4,5 row 7 and column 6 rows 5,6): g8 makes two open
    // threes, and o's far stones can make no four. A VCF-free win by threats.
    let x = [(4, 7), (5, 7), (6, 5), (6, 6)];
    let o = [(0, 0), (14, 14), (0, 14), (14, 0)];
    let mut s = setup(&x, &o, Side::X);
    let mut probe = tactics::Probe::new();
    let budget = crate::budget::Budget::unlimited();
    // With fours alone the probe finds nothing: x has none to start from.
    let by_default = probe.limits;
    probe.limits.threes = 0;
    assert_eq!(probe.win(&mut s, &budget), None);
    probe.clear();
    probe.searched = 0;
    // By default its lines may use an open three: g8's double three is one.
    probe.limits = by_default;
    assert_eq!(probe.limits.threes, 1);
    let won = probe.win(&mut s, &budget).expect("a win by threats");
    assert!(won > weights::EVAL_LIMIT);
    assert_eq!(probe.searched, 1);
    assert_eq!(probe.win(&mut s, &budget), Some(won));
    assert_eq!(probe.searched, 1, "answered from the table");
    // o to move in the same position has nothing.
    s.set_to_move(Side::O);
    assert_eq!(probe.win(&mut s, &budget), None);
    // No nodes: no probe at all.
    probe.limits.nodes = 0;
    s.set_to_move(Side::X);
    probe.clear();
    assert_eq!(probe.win(&mut s, &budget), None);
}

#[test]
fn a_seed_chooses_the_reply_to_the_first_stone_among_its_neighbours() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let centre = rules.cell(7, 7);
    let mut replies = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let mut s = State::new(rules);
        s.play(centre);
        let budget = crate::budget::Budget::unlimited().with_node_limit(2_000);
        let limits = HardLimits {
            max_depth: 64,
            budget: &budget,
            threads: 1,
            check: None,
        };
        let mut searcher = Searcher::new(1);
        searcher.seed = Some(seed);
        let r = searcher.search(&mut s, &limits).expect("not over");
        let again = searcher.search(&mut s, &limits).expect("not over");
        assert_eq!(r.best, again.best, "one seed, one reply");
        let (c, row) = rules.col_row(r.best);
        assert!(c.abs_diff(7) <= 1 && row.abs_diff(7) <= 1 && r.best != centre);
        replies.insert(r.best);
    }
    assert!(replies.len() >= 4, "{replies:?}");
}

/// x's stones of [`three_three`], where (7,7) makes two open threes, under `rule`.
fn three_three_under(rule: Rule, to_move: Side) -> State {
    setup_under(
        rule,
        &[(5, 7), (6, 7), (7, 5), (7, 6)],
        &[(0, 0), (14, 14), (0, 14), (14, 0)],
        to_move,
    )
}

#[test]
fn under_renju_x_never_makes_its_forbidden_three_three() {
    let centre = Rules::new(15, 15, Some(5)).unwrap().cell(7, 7);
    let mut freestyle = three_three_under(Rule::Freestyle, Side::X);
    assert_eq!(think(&mut freestyle, 50_000).best, centre);
    let mut renju = three_three_under(Rule::Renju, Side::X);
    assert!(renju.forbidden(centre, Side::X));
    let mut moves = Vec::new();
    renju.candidates(&mut moves);
    assert!(
        !moves.contains(&centre),
        "x's candidates hold the forbidden point"
    );
    let r = think(&mut renju, 50_000);
    assert_ne!(r.best, centre);
    assert!(!renju.forbidden(r.best, Side::X), "{r:?}");
    // o may play there: the rule binds x only.
    let renju_o = three_three_under(Rule::Renju, Side::O);
    assert!(!renju_o.forbidden(centre, Side::O));
}

#[test]
fn under_renju_a_four_wins_when_x_may_not_block_it() {
    // o's three on the diagonal (8,8)..(10,10), stopped at (6,6) and (12,12) by x: a four
    // at (11,11) leaves (7,7) the only block, and (7,7) is x's three-three.
    let position = |rule| {
        setup_under(
            rule,
            &[(5, 7), (6, 7), (7, 5), (7, 6), (6, 6), (12, 12)],
            &[(8, 8), (9, 9), (10, 10), (0, 14), (14, 0)],
            Side::O,
        )
    };
    let mut freestyle = position(Rule::Freestyle);
    assert!(find_vcf(&mut freestyle, VcfLimits::default()).is_none());
    let mut renju = position(Rule::Renju);
    let line = find_vcf(&mut renju, VcfLimits::default()).expect("o wins by fours");
    assert_eq!(line.len(), 1, "the four itself wins: {line:?}");
    let r = think(&mut renju, 50_000);
    assert!(r.score > search::EVAL_LIMIT, "{r:?}");
}

/// The search's quick pre-check never hides a foul: on random crowded Renju boards its
/// answer for x equals the full test's on every empty cell.
#[test]
fn the_searchs_forbidden_points_are_the_referees() {
    let rules = Rules::new(15, 15, Some(5)).unwrap().with_rule(Rule::Renju);
    let mut seed = 0x4e4a_u64;
    let mut found = 0;
    for _ in 0..300 {
        let mut s = State::new(rules);
        let mut cells = vec![None; rules.cells()];
        let stones = 8 + crate::geometry::splitmix(&mut seed) % 24;
        for i in 0..stones {
            let r = crate::geometry::splitmix(&mut seed);
            let cell = rules.cell(3 + (r % 9) as usize, 3 + ((r >> 8) % 9) as usize);
            let side = if i % 3 == 2 { Side::O } else { Side::X };
            if cells[cell].is_none() {
                cells[cell] = Some(side);
                s.place(cell, side);
            }
        }
        for cell in (0..rules.cells()).filter(|&c| cells[c].is_none()) {
            let full = crate::renju::foul(&rules, |c| cells[c], cell).is_some();
            assert_eq!(
                s.forbidden(cell, Side::X),
                full,
                "{}",
                rules.cell_name(cell)
            );
            found += usize::from(full);
        }
    }
    assert!(found > 100, "only {found} forbidden points met");
}

#[test]
fn helper_threads_are_kept_and_leave_the_position_as_it_was() {
    let mut s = setup(&[(7, 7), (8, 8)], &[(7, 8), (8, 7)], Side::X);
    let hash = s.hash();
    let budget = crate::budget::Budget::unlimited().with_node_limit(5_000);
    let mut searcher = Searcher::new(1);
    for threads in [2, 4, 3] {
        let limits = HardLimits {
            max_depth: 64,
            budget: &budget,
            threads,
            check: None,
        };
        let r = searcher.search(&mut s, &limits).expect("not over");
        assert!(s.is_empty(r.best));
        assert_eq!((s.hash(), s.stone_count()), (hash, 4));
    }
    // Helpers are made once and kept for later moves (three for four threads).
    assert_eq!(searcher.helper_count(), 3);
    // A win read off the patterns is found with helpers as without.
    let mut s = setup(
        &[(4, 7), (5, 7), (6, 7)],
        &[(0, 0), (14, 14), (0, 14)],
        Side::X,
    );
    let limits = HardLimits {
        max_depth: 64,
        budget: &budget,
        threads: 2,
        check: None,
    };
    let r = searcher.search(&mut s, &limits).expect("not over");
    assert!(r.score > weights::EVAL_LIMIT, "{r:?}");
}

/// Whether the opponent of the side to move, after `m`, wins by threats within a wide search.
fn lets_the_opponent_win(s: &mut State, m: usize) -> bool {
    let limits = vct::VctLimits {
        threes: 8,
        moves: 24,
        nodes: 1_000_000,
    };
    s.play(m);
    let found = vct::Vct::new()
        .find(s, limits, &crate::budget::Budget::unlimited())
        .is_some();
    s.undo();
    found
}

/// From a game against Rapfi (x to move, 10 stones): o threatens a VCT from g9; only a few
/// moves (g10, m4, n4) stop it, g9 does not (o wins in a few thousand nodes), and g13 only
/// makes it longer (21 plies, some 50,000 nodes to find). The board names its cells.
fn threatened_by_rapfi() -> (State, Board) {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let board = Board::new(rules);
    let mut s = State::new(rules);
    for m in "i10 h10 l4 i11 k4 g11 j4 i4 h11 g12".split_whitespace() {
        s.play(board.parse_cell(m).unwrap());
    }
    (s, board)
}

#[test]
fn the_check_of_the_choice_runs_on_its_own_budget_when_the_trees_is_spent() {
    let (mut s, board) = threatened_by_rapfi();
    // The tree search's budget is spent before it starts: its root threat searches see
    // nothing, and it plays the best it found in its first few nodes.
    let spent = crate::budget::Budget::unlimited().with_deadline(std::sync::Arc::new(|| true));
    let free = crate::budget::Budget::unlimited();
    let choose = |s: &mut State, check: Option<&crate::budget::Budget>| {
        let limits = HardLimits {
            max_depth: 64,
            budget: &spent,
            threads: 1,
            check,
        };
        Searcher::new(8).search(s, &limits).expect("not over").best
    };
    let unchecked = choose(&mut s, None);
    assert!(
        lets_the_opponent_win(&mut s, unchecked),
        "with no budget of its own the check cannot run: the tree's choice stands"
    );
    let checked = choose(&mut s, Some(&free));
    assert!(
        !lets_the_opponent_win(&mut s, checked),
        "{} still lets o win",
        board.cell_name(checked)
    );
    assert_eq!(s.stone_count(), 10);
}

#[test]
fn a_loss_the_tree_search_saw_is_checked_and_a_win_it_saw_is_not() {
    let (s, board) = threatened_by_rapfi();
    let cell = |m| board.parse_cell(m).unwrap();
    let (g9, g10) = (cell("g9"), cell("g10"));
    let budget = crate::budget::Budget::unlimited();
    let limits = HardLimits {
        max_depth: 64,
        budget: &budget,
        threads: 1,
        check: None,
    };
    let checked = |score| {
        let mut report = Report {
            best: g9,
            score,
            depth: 9,
            nodes: 0,
            pv: vec![g9],
            reason: Reason::Search,
            cut_short: None,
        };
        let mut s = s.clone();
        Searcher::new(8).check_choice(&mut s, &[g9, g10], &mut report, &limits);
        report.best
    };
    let n = s.stone_count();
    assert_eq!(
        checked(-crate::score::win_score(n + 9)),
        g10,
        "a loss it saw"
    );
    assert_eq!(checked(0), g10, "an estimate");
    assert_eq!(checked(crate::score::win_score(n + 9)), g9, "a win it saw");
}
