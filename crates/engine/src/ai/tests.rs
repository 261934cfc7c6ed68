//! The computer players: what `hard` reports (only proofs are wins and losses), and how a
//! move keeps to its time.

use super::*;
use crate::board::Board;
use crate::hard_search::search::{Reason, Report, CHECK_EVERY_NODES, EVAL_LIMIT};
use crate::rules::Rules;
use crate::score::Verdict;
use crate::time::{self, stop_margin};
use crate::Go;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn think(thinker: &mut Thinker, board: &Board, level: Level) -> Thought {
    think_with(thinker, board, level, &Go::default())
}

fn think_with(thinker: &mut Thinker, board: &Board, level: Level, go: &Go) -> Thought {
    thinker
        .think(board, level, &go.clone().with_seed(Some(7)))
        .unwrap()
}

/// The board after `moves` (notation) on 15x15/5.
fn board_after(moves: &str) -> Board {
    let mut board = Board::new(Rules::new(15, 15, Some(5)).unwrap());
    for m in moves.split_whitespace() {
        let cell = board.parse_cell(m).unwrap();
        board.play(cell).unwrap();
    }
    board
}

#[test]
fn an_open_four_is_a_win_in_three_not_one() {
    // Issue 17: o's f6 makes an open four (f6 g6 h6 i6): x blocks one end, o completes the
    // other, so the win is 3 plies away; it was reported as a win in 1.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7");
    let thought = think(&mut Thinker::new(), &board, Level::Hard);
    assert_eq!(board.cell_name(thought.cell), "f6");
    assert_eq!(thought.verdict, Some(Verdict::Win(3)));
    // Proven by the threat search, and labelled so: not "an estimate".
    assert_eq!(thought.method, Method::Threats);
    // x, facing the open four, has lost: its block and o's fifth stone.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7 f6");
    let thought = think(&mut Thinker::new(), &board, Level::Hard);
    assert_eq!(thought.verdict, Some(Verdict::Loss(2)));
    // A completing move is a win in 1.
    let board = board_after("h8 h6 i8 k8 h9 h11 h7 g6 i9 i6 g7 f6 e6");
    let thought = think(&mut Thinker::new(), &board, Level::Hard);
    assert_eq!(board.cell_name(thought.cell), "j6");
    assert_eq!(thought.verdict, Some(Verdict::Win(1)));
}

#[test]
fn a_decisive_tree_search_score_is_only_an_estimate() {
    let report = |reason, score| Report {
        best: 0,
        score,
        depth: 3,
        nodes: 100,
        pv: vec![0],
        reason,
        cut_short: None,
    };
    let mate_soon = crate::score::MATE - 15;
    // The tree search looks at a few moves per node: its "win" is not a proof.
    for score in [mate_soon, -mate_soon] {
        let v = hard::verdict(&report(Reason::Search, score), 10);
        assert_eq!(v, Verdict::Estimate(score.signum() * EVAL_LIMIT), "{score}");
    }
    assert_eq!(
        hard::verdict(&report(Reason::Search, 35), 10),
        Verdict::Estimate(35)
    );
    // The search's own proofs keep their distance.
    assert_eq!(
        hard::verdict(&report(Reason::Vcf, mate_soon), 10),
        Verdict::Win(5)
    );
    assert_eq!(
        hard::verdict(&report(Reason::Block, -(crate::score::MATE - 12)), 10),
        Verdict::Loss(2)
    );
}

/// A clock that moves only when it is read, by `step` each time: the search's work between
/// two reads stands for `step` of time, so a search that forgot to look would run on
/// without the clock moving and be caught by the node count.
#[derive(Clone)]
struct FakeClock {
    base: Instant,
    step: Duration,
    reads: Arc<AtomicU64>,
}

impl FakeClock {
    fn new(step: Duration) -> FakeClock {
        FakeClock {
            base: Instant::now(),
            step,
            reads: Arc::new(AtomicU64::new(0)),
        }
    }

    fn now(&self) -> Instant {
        let n = self.reads.fetch_add(1, Ordering::Relaxed) as u32;
        self.base + self.step * n
    }

    /// The time shown by the last read.
    fn elapsed(&self) -> Duration {
        self.step * (self.reads.load(Ordering::Relaxed) as u32).saturating_sub(1)
    }
}

#[test]
fn a_move_stops_before_its_limit_less_the_margin_and_reads_the_clock_every_few_nodes() {
    let rules = Rules::new(15, 15, Some(5)).unwrap();
    let mut board = Board::new(rules);
    for cell in ["h8", "i9", "h9", "h10"] {
        board.play(board.parse_cell(cell).unwrap()).unwrap();
    }
    // One thread, and two: only the main thread reads the clock (the helper runs until it is
    // done), so the bounds are the same.
    for (limit_ms, threads) in [(40, 1), (200, 1), (200, 2)] {
        let limit = Duration::from_millis(limit_ms);
        // One read per CHECK_EVERY_NODES nodes: 100 µs stands for those nodes' work.
        let clock = FakeClock::new(Duration::from_micros(100));
        let reader = clock.clone();
        let go = Go::timed(limit, move || reader.now()).with_threads(Some(threads));
        let thought = think_with(&mut Thinker::new(), &board, Level::Hard, &go);
        let reads = clock.reads.load(Ordering::Relaxed);
        // The position needs a search; it ran until the clock stopped it.
        assert!(
            thought.nodes > 100,
            "{limit_ms} ms: {} nodes",
            thought.nodes
        );
        // Stopped at the first look past limit - margin (a look or two more while the
        // root's threat checks unwind), so the answer has the margin to spare; or, an
        // iteration having ended after the soft deadline, with no new one started.
        let deadline = limit - stop_margin(limit);
        assert!(
            clock.elapsed() >= deadline.mul_f64(time::SOFT_SHARE),
            "{limit_ms} ms: {:?}",
            clock.elapsed()
        );
        assert!(
            clock.elapsed() <= deadline + clock.step * 3,
            "{limit_ms} ms, {threads} threads: {:?}",
            clock.elapsed()
        );
        // Never more than CHECK_EVERY_NODES nodes without a look at the clock (the nodes and
        // the looks are the main thread's).
        assert!(
            thought.nodes <= (reads + 1) * CHECK_EVERY_NODES,
            "{limit_ms} ms: {} nodes, {reads} reads",
            thought.nodes
        );
    }
}

#[test]
fn a_node_cap_bounds_perfect_whatever_the_clock_says() {
    // 6x6/4 after four stones: beyond the book, proven by the solver in well under a second.
    let mut board = Board::new(Rules::new(6, 6, Some(4)).unwrap());
    for m in ["c3", "d4", "c4", "c5"] {
        board.play(board.parse_cell(m).unwrap()).unwrap();
    }
    // A clock that never moves: only the node cap can end a search.
    let start = Instant::now();
    let never = Go::timed(Duration::from_secs(1), move || start);
    let proven = think_with(&mut Thinker::new(), &board, Level::Perfect, &never);
    assert_eq!(proven.method, Method::Exact, "the position is provable");
    assert!(proven.nodes > 1_000, "{} nodes", proven.nodes);

    // A brain under a fuzzer's caps: the clock never stops it, the cap does, and the move
    // comes from the capped `hard` search, not the solver.
    let capped = never.with_nodes(1_000).with_table_mib(Some(3));
    let bounded = think_with(&mut Thinker::new(), &board, Level::Perfect, &capped);
    assert_ne!(bounded.method, Method::Exact);
    // The solver's attempt is part of the work reported, beyond what `hard` alone costs.
    let hard = think_with(&mut Thinker::new(), &board, Level::Hard, &capped);
    assert!(
        bounded.nodes > hard.nodes,
        "{} <= {}",
        bounded.nodes,
        hard.nodes
    );
}

#[test]
fn explain_does_not_change_perfects_move_where_the_book_holds_only_best_replies() {
    // 7x7/5 after x's first move: the book holds one drawing reply, not every move's value.
    let mut board = Board::new(Rules::new(7, 7, Some(5)).unwrap());
    board.play(board.parse_cell("d4").unwrap()).unwrap();
    let go = Go::default().with_seed(Some(3));
    let plain = Thinker::new().think(&board, Level::Perfect, &go).unwrap();
    let explained = Thinker::new()
        .think(&board, Level::Perfect, &go.explaining(true))
        .unwrap();
    assert_eq!(
        (plain.method, plain.verdict),
        (Method::Exact, Some(Verdict::Draw))
    );
    assert_eq!(explained.cell, plain.cell);
    assert_eq!(explained.method, Method::Exact);
    assert_eq!(explained.nodes, 0, "from the book");
}

#[test]
fn one_in_a_row_on_a_big_board_is_won_by_the_first_move() {
    // Past 64 cells `hard` is the `hard` search, whose patterns see a five on every empty cell
    // of an empty board with one in a row; it once found no cell for it and panicked.
    for (w, h) in [(9, 9), (15, 14)] {
        let board = Board::new(Rules::new(w, h, Some(1)).unwrap());
        for level in [Level::Hard, Level::Perfect] {
            let thought = think(&mut Thinker::new(), &board, level);
            let mut after = board.clone();
            after.play(thought.cell).unwrap();
            assert!(after.is_over(), "{w}x{h}/1 {level:?}");
        }
    }
}
