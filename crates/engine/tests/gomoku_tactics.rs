//! The Gomoku tactics suite of `tests/data/gomoku_tactics.txt` (see its header): forced wins
//! found and played out, threats of the opponent defended.

use mnk_engine::internals::Budget;
use mnk_engine::internals::EVAL_LIMIT;
use mnk_engine::internals::{find_vcf, HardLimits, Searcher, State, VcfLimits, Vct, VctLimits};
use mnk_engine::{Board, Rules, Side};

struct Case {
    name: String,
    kind: String,
    state: State,
}

fn cases() -> Vec<Case> {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let board = Board::new(rules);
    let text = include_str!("data/gomoku_tactics.txt");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(';').map(str::trim).collect();
        assert_eq!(f.len(), 5, "bad line {line}");
        let mut state = State::new(rules);
        for (side, stones) in [(Side::X, f[3]), (Side::O, f[4])] {
            for word in stones.split_whitespace() {
                let cell = board
                    .parse_cell(word)
                    .unwrap_or_else(|e| panic!("{}: {e}", f[0]));
                assert!(state.is_empty(cell), "{}: {word} twice", f[0]);
                state.place(cell, side);
            }
        }
        assert!(state.winner().is_none(), "{}: already won", f[0]);
        state.set_to_move(if f[2] == "x" { Side::X } else { Side::O });
        out.push(Case {
            name: f[0].to_string(),
            kind: f[1].to_string(),
            state,
        });
    }
    out
}

/// The threat search's bounds here: the default threes and moves, more nodes than a move of
/// play gives it (the cases are about what it can prove, not how fast).
fn vct_limits() -> VctLimits {
    VctLimits {
        nodes: 40_000,
        ..VctLimits::default()
    }
}

/// A searcher whose threat searches have [`vct_limits`].
fn searcher() -> Searcher {
    let mut s = Searcher::new(16);
    s.vct_limits = vct_limits();
    s.vct_defence = vct_limits();
    s
}

fn best(searcher: &mut Searcher, state: &mut State) -> (usize, i32) {
    let budget = Budget::unlimited().with_node_limit(60_000);
    let limits = HardLimits {
        max_depth: 64,
        budget: &budget,
        threads: 1,
        check: None,
    };
    let r = searcher.search(state, &limits).expect("game not over");
    (r.best, r.score)
}

#[test]
fn the_suite_has_both_kinds() {
    let all = cases();
    assert!(all.iter().filter(|c| c.kind == "win").count() >= 3);
    assert!(all.iter().filter(|c| c.kind == "defend").count() >= 3);
    assert!(all.iter().filter(|c| c.kind == "vct").count() >= 2);
    assert!(all.iter().filter(|c| c.kind == "defend-vct").count() >= 1);
}

/// Whether the side to move wins by a five now, a VCF or a VCT.
fn attacker_wins(state: &mut State) -> bool {
    let mut fives = Vec::new();
    state.winning_cells(state.to_move(), &mut fives);
    !fives.is_empty()
        || find_vcf(state, VcfLimits::default()).is_some()
        || Vct::new()
            .find(state, vct_limits(), &Budget::unlimited())
            .is_some()
}

#[test]
fn vct_wins_are_found_checked_and_played_out() {
    for mut case in cases().into_iter().filter(|c| c.kind == "vct") {
        let attacker = case.state.to_move();
        assert!(
            find_vcf(&mut case.state, VcfLimits::default()).is_none(),
            "{}: a VCF, not only a VCT",
            case.name
        );
        let win = Vct::new()
            .find(&mut case.state, vct_limits(), &Budget::unlimited())
            .unwrap_or_else(|| panic!("{}: no VCT found", case.name));
        let mut searcher = searcher();
        let (first, score) = best(&mut searcher, &mut case.state);
        assert!(score > EVAL_LIMIT, "{}: no win seen ({score})", case.name);
        // The line's first move, then every reply near a stone: the attacker still wins
        // (by a five, fours, or threats) after each, so the first move is a proven win.
        case.state.play(win.first);
        let mut replies = Vec::new();
        case.state.candidates(&mut replies);
        for &reply in &replies {
            case.state.play(reply);
            assert!(
                attacker_wins(&mut case.state),
                "{}: after the VCT's first move the reply {reply} escapes",
                case.name
            );
            case.state.undo();
        }
        case.state.undo();
        // Played out by the engine on both sides from the search's own first move.
        case.state.play(first);
        for _ in 0..40 {
            if case.state.is_over() {
                break;
            }
            let (cell, _) = best(&mut searcher, &mut case.state);
            case.state.play(cell);
        }
        assert_eq!(case.state.winner(), Some(attacker), "{}", case.name);
    }
}

#[test]
fn forced_wins_are_found_and_played_out() {
    for mut case in cases().into_iter().filter(|c| c.kind == "win") {
        let attacker = case.state.to_move();
        let mut searcher = searcher();
        let (_, score) = best(&mut searcher, &mut case.state);
        assert!(score > EVAL_LIMIT, "{}: no win seen ({score})", case.name);
        // Both sides played by the engine: the attacker must get its line within 30 plies.
        for _ in 0..30 {
            if case.state.is_over() {
                break;
            }
            let (cell, _) = best(&mut searcher, &mut case.state);
            case.state.play(cell);
        }
        assert_eq!(case.state.winner(), Some(attacker), "{}", case.name);
    }
}

#[test]
fn threats_are_defended() {
    for mut case in cases().into_iter().filter(|c| c.kind.starts_with("defend")) {
        let mut searcher = searcher();
        let (cell, _) = best(&mut searcher, &mut case.state);
        case.state.play(cell);
        let mut wins = Vec::new();
        case.state.winning_cells(case.state.to_move(), &mut wins);
        assert!(
            wins.is_empty(),
            "{}: the opponent can still win at once",
            case.name
        );
        let vcf = find_vcf(&mut case.state, VcfLimits::default());
        assert!(
            vcf.is_none(),
            "{}: the opponent still has a VCF {vcf:?}",
            case.name
        );
        if case.kind != "defend-vct" {
            continue;
        }
        let vct = Vct::new().find(&mut case.state, vct_limits(), &Budget::unlimited());
        assert!(
            vct.is_none(),
            "{}: the opponent still has a VCT {vct:?}",
            case.name
        );
    }
}
