//! The analysis overlay every front end shows: the value of every legal move for the side to
//! move — exact (win or loss in n plies, draw) where the solver proves them within a budget,
//! otherwise an estimate, and always saying which.

use super::book::{value_each_move, Book};
use super::forced::{forced_win_within, loss_by_fours, threat_state, FORCED_WIN_NODES};
use crate::board::{with_position, Board};
use crate::budget::{Controls, Exhausted};
use crate::error::SearchError;
use crate::exact;
use crate::go::Go;
use crate::hard_search::weights::Weights;
use crate::score::Verdict;
use crate::side::Side;
use crate::solver::SolverConfig;
use crate::time::TimeManager;

/// Table size of one exact analysis, in MiB (dropped with the analysis).
const ANALYSIS_HASH_MIB: usize = 16;

/// Whether the values of an [`Analysis`] are proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalysisKind {
    /// Every value was proven by the exact solver.
    Exact,
    /// Moves that end the game are valued exactly, and so are the first move of a forced win
    /// the threat searches prove (the move the hint and the computer play) and a move after
    /// which the opponent wins by fours; every other move carries an estimate (the static
    /// evaluation of the search `hard` plays with, of the position after the move).
    Estimate,
}

/// One legal move and its value for the side that plays it; plies count from before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEstimate {
    /// The cell.
    pub cell: usize,
    /// Win or loss in n plies, draw, or an estimate.
    pub verdict: Verdict,
}

/// The value of every legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the values are proven.
    pub kind: AnalysisKind,
    /// The side the values belong to.
    pub to_move: Side,
    /// One entry per legal move, in cell order.
    pub moves: Vec<MoveEstimate>,
    /// Nodes the proof search and the exact solver searched (0 for an estimate, and for
    /// values read from the opening book).
    pub nodes: u64,
    /// Moves of an exact analysis of a drawn position that are proven to lose, but whose
    /// distance was not measured before the analysis stopped (cell order; not in `moves`).
    /// Empty when every move is valued, which is always so unless [`exact_analysis`] was
    /// stopped.
    pub unmeasured_losses: Vec<usize>,
}

/// Solver nodes an exact analysis may cost when the caller's budget sets no node limit:
/// about a second of work (the solver visits some 3 million nodes a second), after which the
/// overlay shows estimates instead.
pub const ANALYSIS_NODES: u64 = 3_000_000;

/// Proof-search nodes the proof of a draw may cost in an analysis (where
/// [`proof_first`](crate::proof_first) holds) when the caller's budget sets no smaller limit:
/// about a second of work (the proof search visits some 300 thousand nodes a second on open
/// 7x7/5 positions, measured on 2026-12-05; it was 20 to 30 thousand when this was 20,000),
/// after which the solver tries.
pub const ANALYSIS_PROOF_NODES: u64 = 300_000;

/// Whether [`analyze`] tries to prove the values of this position: boards of up to 64 cells,
/// the solver's. It answers exactly when the proof comes within the budget.
pub fn analysis_may_be_exact(board: &Board) -> bool {
    // The solver and the proof search know only the freestyle rule.
    board.as_small().is_some() && board.rules().rule() == crate::rules::Rule::Freestyle
}

/// ```
/// use mnk_engine::ai::{analyze, AnalysisKind};
/// use mnk_engine::Go;
/// use mnk_engine::{Board, Rules, Verdict};
///
/// // Tic-tac-toe is small enough to prove every value.
/// let board = Board::new(Rules::tic_tac_toe());
/// let analysis = analyze(&board, &Go::default()).unwrap();
/// assert_eq!(analysis.kind, AnalysisKind::Exact);
/// assert!(analysis.moves.iter().all(|m| m.verdict == Verdict::Draw));
///
/// // An empty Gomoku board is not: the values are estimates, and say so.
/// let board = Board::new(Rules::new(15, 15, None).unwrap());
/// let analysis = analyze(&board, &Go::default()).unwrap();
/// assert_eq!(analysis.kind, AnalysisKind::Estimate);
/// assert_eq!(analysis.moves.len(), 225);
/// ```
///
/// Values every legal move of an unfinished position: from the opening book where it holds
/// the position's moves, exactly when the proof search (first, where
/// [`proof_first`](crate::proof_first) holds: a proven draw) and the solver prove every value
/// within what `go` allows (its time, else `ANALYSIS_NODES` of fixed work, within its node
/// cap), as estimates when the proof does not come in time or the board is too big for the
/// solver. A raised stop handle cancels the analysis ([`SearchError::Stopped`]).
pub fn analyze(board: &Board, go: &Go) -> Result<Analysis, SearchError> {
    board.unfinished()?;
    if analysis_may_be_exact(board) {
        let budget = TimeManager::new(go).budget(1.0, ANALYSIS_NODES);
        let config = SolverConfig {
            hash_mib: ANALYSIS_HASH_MIB,
            ..SolverConfig::default()
        };
        let controls = Controls::with_budget(budget);
        match exact(board, config, controls, Some(ANALYSIS_PROOF_NODES)) {
            Err(SearchError::Stopped(Exhausted::Nodes | Exhausted::Time)) => {}
            // Some distances unmeasured: the overlay shows estimates, as for any stop.
            Ok(partial) if !partial.unmeasured_losses.is_empty() => {}
            answer => return answer,
        }
    }
    let mut moves = one_ply_estimates(board);
    // A forced win the threat searches prove is a win, whatever the open lines say: the
    // overlay must not steer a student away from the move the hint proves.
    let budget = TimeManager::new(go).budget(1.0, FORCED_WIN_NODES);
    let win = forced_win_within(board, &budget);
    if go.is_stopped() {
        return Err(SearchError::Stopped(Exhausted::Stopped));
    }
    if let Some(win) = win {
        let plies = win.plies(board) as crate::score::Plies;
        if let Some(m) = moves.iter_mut().find(|m| m.cell == win.first()) {
            m.verdict = match m.verdict {
                Verdict::Win(now) => Verdict::Win(now.min(plies)),
                _ => Verdict::Win(plies),
            };
        }
    }
    // And a move after which the opponent wins by fours is a proven loss.
    for m in moves.iter_mut() {
        if let Verdict::Estimate(_) = m.verdict {
            if let Some(plies) = loss_by_fours(board, m.cell, &budget) {
                m.verdict = Verdict::Loss(plies as crate::score::Plies);
            }
        }
        if go.is_stopped() {
            return Err(SearchError::Stopped(Exhausted::Stopped));
        }
    }
    Ok(Analysis {
        kind: AnalysisKind::Estimate,
        to_move: board.to_move(),
        moves,
        nodes: 0,
        unmeasured_losses: Vec::new(),
    })
}

/// The exact value of every legal move of an unfinished position, as `mnk analyze` prints
/// it: from the opening book where it holds the moves; where
/// [`proof_first`](crate::proof_first) holds, the proof search first (a proven draw gives the
/// drawing moves, and its distance search measures each losing move); otherwise, for a win or a
/// loss, the exact solver (the only search beyond 64 cells, where it finishes only if forced
/// wins are near).
/// `config` sizes both tables (or the table size in `go`, when it names one); `go` bounds the
/// searches as it bounds any exact search (by default they run until they are done; a
/// stopped analysis is [`SearchError::Stopped`], never a guess), and its counters receive
/// their progress. One stop is an answer: when the draw is proven and every move that keeps
/// it is known, the other moves are known to lose, and those whose distance the search had
/// not measured are listed in [`Analysis::unmeasured_losses`].
pub fn exact_analysis(
    board: &Board,
    config: SolverConfig,
    go: &Go,
) -> Result<Analysis, SearchError> {
    board.unfinished()?;
    let config = SolverConfig {
        hash_mib: go.table_mib().unwrap_or(config.hash_mib),
        ..config
    };
    exact(board, config, TimeManager::new(go).exact_controls(), None)
}

/// [`exact_analysis`], with the proof search bounded to `proof_nodes` (then the solver tries)
/// when given.
fn exact(
    board: &Board,
    config: SolverConfig,
    controls: Controls,
    proof_nodes: Option<u64>,
) -> Result<Analysis, SearchError> {
    if let Some(values) = Book::embedded().move_values(board) {
        return Ok(book_analysis(board, values));
    }
    let found = exact::moves::move_values_within(board, config, controls, proof_nodes)?;
    let moves = found
        .values
        .into_iter()
        .map(|(cell, verdict)| MoveEstimate { cell, verdict })
        .collect();
    Ok(Analysis {
        kind: AnalysisKind::Exact,
        to_move: board.to_move(),
        moves,
        nodes: found.nodes,
        unmeasured_losses: found.unmeasured_losses,
    })
}

/// The book's values of every move of `board`, as an exact analysis of no nodes.
fn book_analysis(board: &Board, values: Vec<(usize, Verdict)>) -> Analysis {
    Analysis {
        kind: AnalysisKind::Exact,
        to_move: board.to_move(),
        moves: values
            .into_iter()
            .map(|(cell, verdict)| MoveEstimate { cell, verdict })
            .collect(),
        nodes: 0,
        unmeasured_losses: Vec::new(),
    }
}

/// One ply of the estimate `hard` searches with per legal move: the evaluation of its threat
/// patterns ([`Weights`]) of the position after the move, for the side that played it, so that
/// the overlay ranks moves as the computer's search does. A move that completes a line is a
/// win in 1 and one that fills the board without a line a draw (both exact).
fn one_ply_estimates(board: &Board) -> Vec<MoveEstimate> {
    let ends = with_position!(board, p => value_each_move(p, |_| None));
    let mut state = threat_state(board);
    let weights = Weights::default();
    ends.into_iter()
        .map(|(cell, end)| {
            let verdict = end.unwrap_or_else(|| {
                state.play(cell);
                // The evaluation is for the side to move after the move: the opponent.
                let score = -weights.evaluate(&state);
                state.undo();
                Verdict::Estimate(score)
            });
            MoveEstimate { cell, verdict }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn board(w: usize, h: usize, k: usize, text: &str) -> Board {
        Board::from_text(Rules::new(w, h, Some(k)).unwrap(), text).unwrap()
    }

    #[test]
    fn a_forced_win_on_a_big_board_is_shown_as_a_win_not_an_estimate() {
        // x to move: an open three on row 8 and a four to make on column c; the open lines
        // favour other moves, the threat search proves the win.
        let mut big = Board::new(Rules::new(15, 15, None).unwrap());
        for m in [
            "f8", "a1", "g8", "a3", "h8", "a14", "c4", "a5", "c3", "o9", "c2", "m12",
        ] {
            big.play(big.parse_cell(m).unwrap()).unwrap();
        }
        let win = super::super::forced::forced_win(&big, &Go::default()).expect("a forced win");
        let a = analyze(&big, &Go::default()).unwrap();
        assert_eq!(a.kind, AnalysisKind::Estimate);
        let proven: Vec<&MoveEstimate> = a
            .moves
            .iter()
            .filter(|m| !matches!(m.verdict, Verdict::Estimate(_)))
            .collect();
        assert_eq!(proven.len(), 1, "{proven:?}");
        assert_eq!(proven[0].cell, win.first());
        let plies = win.plies(&big) as crate::score::Plies;
        assert_eq!(proven[0].verdict, Verdict::Win(plies));
        assert!(plies >= 3, "a line of fours is no win in one: {plies}");
    }

    #[test]
    fn the_estimates_rank_moves_as_the_hard_search_does() {
        // A quiet middle game (no forced win for either side): the overlay's best estimate is
        // the move hard's search picks one ply deep, and no cell far from the stones (such as
        // a5, which open lines alone favoured) is ranked above every cell next to them.
        let mut big = Board::new(Rules::new(15, 15, None).unwrap());
        for m in ["h8", "g9", "g10", "i8", "f10", "h10", "f7", "e11"] {
            big.play(big.parse_cell(m).unwrap()).unwrap();
        }
        assert!(super::super::forced::forced_win(&big, &Go::default()).is_none());
        let a = analyze(&big, &Go::default()).unwrap();
        let estimate = |m: &MoveEstimate| match m.verdict {
            Verdict::Estimate(s) => Some(s),
            _ => None,
        };
        let best = a.moves.iter().filter_map(estimate).max().unwrap();
        let hard = super::super::hard::HardPlayer::default()
            .think(
                &big,
                &crate::budget::Budget::unlimited(),
                None,
                Some(1),
                None,
                super::super::hard::Means::FIXED,
            )
            .unwrap();
        let at = |cell: usize| a.moves.iter().find(|m| m.cell == cell).unwrap();
        assert_eq!(
            estimate(at(hard.cell)),
            Some(best),
            "hard plays {}",
            big.cell_name(hard.cell)
        );
        let a5 = big.parse_cell("a5").unwrap();
        assert!(estimate(at(a5)).unwrap() < best);
    }

    #[test]
    fn a_move_that_leaves_a_four_unblocked_is_shown_as_a_loss() {
        // o has four on row 4 (d4-g4), blocked at c4: x must take h4, every other move loses
        // in two plies.
        let mut big = Board::new(Rules::new(15, 15, None).unwrap());
        for m in ["c4", "d4", "a10", "e4", "c12", "f4", "m13", "g4"] {
            big.play(big.parse_cell(m).unwrap()).unwrap();
        }
        let a = analyze(&big, &Go::default()).unwrap();
        let h4 = big.parse_cell("h4").unwrap();
        for m in &a.moves {
            match m.cell == h4 {
                true => assert!(matches!(m.verdict, Verdict::Estimate(_)), "{m:?}"),
                false => assert_eq!(m.verdict, Verdict::Loss(2), "{}", big.cell_name(m.cell)),
            }
        }
    }

    #[test]
    fn a_small_position_is_valued_exactly_and_a_big_one_estimated() {
        let small = board(3, 3, 3, "xx./oo./...");
        let a = analyze(&small, &Go::default()).unwrap();
        assert_eq!(a.kind, AnalysisKind::Exact);
        assert_eq!(a.moves.len(), 5);
        let c3 = small.parse_cell("c3").unwrap();
        let c3 = a.moves.iter().find(|m| m.cell == c3).unwrap();
        assert_eq!(c3.verdict, Verdict::Win(1));
        assert!(a.nodes > 0);

        let mut big = Board::new(Rules::new(15, 15, Some(5)).unwrap());
        for m in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9"] {
            big.play(big.parse_cell(m).unwrap()).unwrap();
        }
        let a = analyze(&big, &Go::default()).unwrap();
        assert_eq!(a.kind, AnalysisKind::Estimate);
        assert_eq!(a.moves.len(), 225 - 8);
        let wins: Vec<usize> = a
            .moves
            .iter()
            .filter(|m| m.verdict == Verdict::Win(1))
            .map(|m| m.cell)
            .collect();
        let names: Vec<String> = wins.iter().map(|&c| big.cell_name(c)).collect();
        assert_eq!(names, ["g8", "l8"]);
        // o has four on row 9 too: any other move lets o complete it, a proven loss.
        assert!(a
            .moves
            .iter()
            .all(|m| m.verdict == Verdict::Win(1) || m.verdict == Verdict::Loss(2)));
    }

    #[test]
    fn under_the_other_rules_a_small_board_is_estimated_and_renju_skips_x_fouls() {
        use crate::rules::Rule;
        let exact = Board::new(Rules::new(6, 6, Some(4)).unwrap().with_rule(Rule::Exact));
        let analysis = analyze(&exact, &Go::fixed_work()).unwrap();
        assert_eq!(analysis.kind, AnalysisKind::Estimate);
        assert_eq!(analysis.moves.len(), 36);
        let renju = Rules::new(15, 15, Some(5)).unwrap().with_rule(Rule::Renju);
        let mut board = Board::new(renju);
        for name in ["i8", "a1", "j8", "a3", "h7", "a5", "h6", "a7"] {
            board.play(board.parse_cell(name).unwrap()).unwrap();
        }
        let h8 = board.parse_cell("h8").unwrap();
        let analysis = analyze(&board, &Go::fixed_work()).unwrap();
        assert!(analysis.moves.iter().all(|m| m.cell != h8));
        assert_eq!(analysis.moves.len(), 225 - 8 - 1);
    }

    #[test]
    fn a_finished_game_and_a_stopped_search_are_refused() {
        let over = board(3, 3, 3, "xxx/oo./...");
        assert!(matches!(
            analyze(&over, &Go::default()),
            Err(SearchError::GameOver(_))
        ));
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let stopped = Go::default().with_stop(flag);
        // Past the opening book, and three in a row, so the solver has to search (on four in
        // a row the proof search settles such a draw before it first looks at the flag).
        let open = board(7, 4, 4, "......./......./......./.......");
        assert!(matches!(
            analyze(&open, &stopped),
            Err(SearchError::Stopped(_))
        ));
    }
}

#[cfg(test)]
mod exact_tests {
    use super::*;
    use crate::rules::Rules;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The solver's values of every move, the ground truth of the proof search's path.
    fn by_solver(board: &Board) -> Vec<MoveEstimate> {
        let (values, _) =
            exact::solve_moves(board, SolverConfig::default(), &Go::default()).unwrap();
        values
            .into_iter()
            .map(|m| MoveEstimate {
                cell: m.cell,
                verdict: m.verdict,
            })
            .collect()
    }

    #[test]
    fn the_proof_search_path_values_every_move_as_the_solver_does() {
        // x threatens a2 b2 c2 d2 _: o must take e2; every other move loses at once.
        let rules = Rules::new(5, 5, Some(5)).unwrap();
        let mut positions = vec![Board::from_text(rules, "o..../o..../o..../xxxx./.....").unwrap()];
        let mut rng = StdRng::seed_from_u64(15);
        while positions.len() < 12 {
            let mut board = Board::new(rules);
            for _ in 0..rng.gen_range(7..11) {
                let legal = board.legal_moves();
                board.play(legal[rng.gen_range(0..legal.len())]).unwrap();
                if board.is_over() {
                    break;
                }
            }
            if !board.is_over() {
                positions.push(board);
            }
        }
        let mut drawn_with_losses = 0;
        for board in &positions {
            let a = exact_analysis(board, SolverConfig::default(), &Go::default()).unwrap();
            assert_eq!(a.kind, AnalysisKind::Exact);
            assert_eq!(a.moves, by_solver(board), "{}", board.to_text());
            let draws = a.moves.iter().any(|m| m.verdict == Verdict::Draw);
            let losses = a
                .moves
                .iter()
                .any(|m| matches!(m.verdict, Verdict::Loss(_)));
            drawn_with_losses += usize::from(draws && losses);
        }
        assert!(
            drawn_with_losses >= 1,
            "no drawn position with losing moves"
        );
    }
}
