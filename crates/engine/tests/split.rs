//! A proof split at a frontier, its jobs proved one by one with fresh provers (as separate
//! machines would), and the parts merged: the merged certificate must pass the independent
//! checker and give the value of the one-machine proof; a part edited on purpose must make
//! the checker refuse it.

use mnk_engine::certificate;
use mnk_engine::exact;
use mnk_engine::proof::split::Split;
use mnk_engine::proof::ProofConfig;
use mnk_engine::proof::Prover;
use mnk_engine::Go;
use mnk_engine::Wdl;
use mnk_engine::{Board, Rules, Side};
use std::io::Read;

fn board(w: usize, h: usize, k: usize, text: Option<&str>) -> Board {
    let rules = Rules::new(w, h, Some(k)).unwrap();
    match text {
        Some(t) => Board::from_text(rules, t).unwrap(),
        None => Board::new(rules),
    }
}

fn cells(set: u64) -> Vec<usize> {
    (0..64).filter(|c| set >> c & 1 == 1).collect()
}

/// Answers every job the split asks for, in its order, each with a fresh prover and the
/// position rebuilt from the job's stones; returns the answers and the parts (uncompressed).
fn run_jobs(board: &Board, split: &Split) -> (Vec<Option<bool>>, Vec<Vec<u8>>) {
    let mut answers = vec![None; split.jobs.len()];
    let mut parts = vec![Vec::new(); split.jobs.len()];
    loop {
        let needed = split.needed(&answers);
        let Some(&j) = needed.first() else { break };
        let job = split.jobs[j];
        let at =
            Board::from_stones(board.rules(), &cells(job.x), &cells(job.o), job.to_move).unwrap();
        let mut prover = Prover::new(ProofConfig::default());
        let wins = exact::can_force_line(&at, &mut prover, job.attacker, &Go::default()).unwrap();
        exact::write_part(&at, &mut prover, job.attacker, wins, &mut parts[j]).unwrap();
        answers[j] = Some(wins);
    }
    (answers, parts)
}

fn merge(split: &Split, answers: &[Option<bool>], parts: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    split
        .write_certificate(
            answers,
            &mut |j| Ok(Box::new(std::io::Cursor::new(parts[j].clone())) as Box<dyn Read>),
            &mut out,
        )
        .unwrap();
    out
}

/// Splits, proves, merges and verifies; returns the merged value and how many jobs ran.
fn split_and_check(board: &Board, frontier: usize) -> (Wdl, usize, usize) {
    let split = exact::split(board, frontier).unwrap();
    let (answers, parts) = run_jobs(board, &split);
    let merged = merge(&split, &answers, &parts);
    let verified = certificate::verify(&merged[..], 10_000_000).expect("the merged certificate");
    let value = split.settle(&answers).value.unwrap();
    assert_eq!(verified.header.claim, value);
    // The one-machine proof agrees.
    let mut prover = Prover::new(ProofConfig::default());
    let alone = exact::prove(board, &mut prover, &Go::default()).unwrap();
    assert_eq!(alone.value, value);
    let ran = answers.iter().filter(|a| a.is_some()).count();
    (value, ran, split.jobs.len())
}

#[test]
fn five_by_five_four_split_at_two_plies_is_a_verified_draw() {
    let (value, ran, jobs) = split_and_check(&board(5, 5, 4, None), 2);
    assert_eq!(value, Wdl::Draw);
    // Each first move needs one holding reply: the rest are skipped.
    assert!(ran < jobs, "{ran} of {jobs} jobs ran");
}

#[test]
fn six_by_five_four_split_at_three_plies_is_a_verified_win() {
    let (value, ran, _) = split_and_check(&board(6, 5, 4, None), 3);
    assert_eq!(value, Wdl::Win);
    assert!(ran > 0);
}

#[test]
fn seven_by_six_five_split_at_two_plies_is_a_verified_draw() {
    let (value, _, jobs) = split_and_check(&board(7, 6, 5, None), 2);
    assert_eq!(value, Wdl::Draw);
    assert!(jobs >= 16, "{jobs} jobs");
}

#[test]
fn positions_split_for_both_questions() {
    // o to move and lost (x has an open three on 4x4/3): the second question settles it.
    let lost = board(4, 4, 3, Some("..../.xx./..o./...."));
    assert_eq!(lost.to_move(), Side::O);
    let split = exact::split(&lost, 2).unwrap();
    assert_eq!(split.questions.len(), 2);
    assert_eq!(split_and_check(&lost, 2).0, Wdl::Loss);
    // A drawn position with stones needs a proof of the second question too.
    let drawn = board(5, 5, 4, Some("...../...../..x../...../....."));
    assert_eq!(split_and_check(&drawn, 2).0, Wdl::Draw);
    // A frontier at the root makes each question one job.
    assert_eq!(split_and_check(&drawn, 0).1, 2);
}

#[test]
fn a_part_edited_on_purpose_is_refused_by_the_checker() {
    let b = board(5, 5, 4, None);
    let split = exact::split(&b, 2).unwrap();
    let (answers, parts) = run_jobs(&b, &split);
    let support = split.support(&answers).unwrap();
    // Drop the last record of the largest part the proof uses: a record it points to is gone.
    let &j = support
        .jobs
        .iter()
        .max_by_key(|&&j| parts[j].len())
        .unwrap();
    let mut edited = parts.clone();
    let lengths = record_lengths(&parts[j]);
    assert!(lengths.len() > 1, "the part has records to drop");
    let keep: usize = lengths[..lengths.len() - 1].iter().sum();
    edited[j].truncate(keep);
    let merged = merge(&split, &answers, &edited);
    assert!(certificate::verify(&merged[..], 10_000_000).is_err());
    // A part that answers the other way is refused by the merge itself.
    let mut flipped = answers.clone();
    flipped[j] = flipped[j].map(|w| !w);
    let mut out = Vec::new();
    let result = split.write_certificate(
        &flipped,
        &mut |j| Ok(Box::new(std::io::Cursor::new(parts[j].clone())) as Box<dyn Read>),
        &mut out,
    );
    assert!(result.is_err() || certificate::verify(&out[..], 10_000_000).is_err());
}

/// The byte length of each record of a part, read with the format's reader.
fn record_lengths(part: &[u8]) -> Vec<usize> {
    let mut rest = part;
    let mut lengths = Vec::new();
    loop {
        let before = rest.len();
        let read = certificate::format::Reader::records(&mut rest)
            .next_record()
            .unwrap();
        if read.is_none() {
            return lengths;
        }
        lengths.push(before - rest.len());
    }
}

#[test]
fn an_unsettled_split_is_not_merged() {
    let b = board(5, 5, 4, None);
    let split = exact::split(&b, 2).unwrap();
    let answers = vec![None; split.jobs.len()];
    assert!(split.settle(&answers).value.is_none());
    assert!(!split.needed(&answers).is_empty());
    let mut out = Vec::new();
    let err = split
        .write_certificate(
            &answers,
            &mut |_| Ok(Box::new(std::io::empty()) as Box<dyn Read>),
            &mut out,
        )
        .unwrap_err();
    assert!(err.to_string().contains("still needed"), "{err}");
}

#[test]
fn a_frontier_too_deep_is_refused() {
    let err = exact::split(&board(8, 8, 5, None), 6).unwrap_err();
    assert!(err.to_string().contains("shallower"), "{err}");
}
