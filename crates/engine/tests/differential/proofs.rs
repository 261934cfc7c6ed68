//! The proof search against plain minimax and the exact solver on random positions of every
//! board up to 4x4 and of 5x4; the certificate of each position verifies, and a certificate
//! with one move changed for a losing one, or one pairing broken, is refused.

use crate::boards::random_position;
use mnk_engine::certificate::format::{
    write_header, write_record, Body, Reader, Record, Refutation,
};
use mnk_engine::certificate::{verify, CertificateError};
use mnk_engine::exact;
use mnk_engine::internals::Budget;
use mnk_engine::internals::{small, BitSet, Geometry, Position, Solver};
use mnk_engine::proof::{ProofConfig, ProofSolution, Prover};
use mnk_engine::Go;
use mnk_engine::Wdl;
use mnk_engine::{Algorithm, Board};
use mnk_engine::{Rules, Side, Verdict};
use proptest::prelude::*;

/// The win/draw/loss of a solver's verdict.
pub(crate) fn value_of(v: Verdict) -> Wdl {
    match v {
        Verdict::Win(_) => Wdl::Win,
        Verdict::Loss(_) => Wdl::Loss,
        _ => Wdl::Draw,
    }
}

/// The proof of `pos` with a table of `hash_mib`, and its certificate.
pub(crate) fn prove<B: BitSet>(pos: &Position<B>, hash_mib: usize) -> (ProofSolution, Vec<u8>)
where
    Board: From<Position<B>>,
{
    let mut prover = Prover::new(ProofConfig {
        hash_mib,
        ..ProofConfig::default()
    });
    let board = Board::from(pos.clone());
    let solution = exact::prove(&board, &mut prover, &Go::default()).unwrap();
    let mut bytes = Vec::new();
    exact::write_certificate(&board, &mut prover, &solution, &mut bytes).unwrap();
    (solution, bytes)
}

/// The records of a certificate, and its header bytes.
fn records(bytes: &[u8]) -> (Vec<u8>, Vec<Record>) {
    let (mut reader, header) = Reader::new(bytes).unwrap();
    let mut head = Vec::new();
    write_header(&mut head, &header).unwrap();
    let mut out = Vec::new();
    while let Some(r) = reader.next_record().unwrap() {
        out.push(r);
    }
    (head, out)
}

fn reassemble(head: &[u8], records: &[Record]) -> Vec<u8> {
    let layout = Reader::new(head).unwrap().1.layout();
    let mut bytes = head.to_vec();
    for r in records {
        write_record(&mut bytes, layout, r).unwrap();
    }
    bytes
}

/// The minimax value of the record's position for the attacker, after `cell` is played by the
/// side to move.
fn attacker_wins_after(rules: Rules, r: &Record, cell: usize) -> bool {
    let geo = Geometry::<u64>::new(rules);
    let mut pos = Position::from_stones(geo, r.x, r.o, Some(r.to_move())).unwrap();
    pos.play(cell).unwrap();
    if let Some(w) = pos.winner() {
        return w == r.attacker;
    }
    if pos.is_over() {
        return false;
    }
    let board = Board::from(pos);
    let v = crate::solved(&board, Algorithm::Minimax).verdict;
    // The value is for the side to move after `cell`.
    matches!(
        (v, board.to_move() == r.attacker),
        (Verdict::Win(_), true) | (Verdict::Loss(_), false)
    )
}

fn check(board: &Board) -> Result<(), TestCaseError> {
    let reference = crate::solved(board, Algorithm::Minimax);
    let solver = crate::solved(board, Algorithm::Solver);
    let pos = small(board).unwrap();
    // The proof's whole report: its distance search measures the distance of what it decided.
    let proved = crate::solved(board, Algorithm::Proof);
    prop_assert_eq!(proved.verdict, reference.verdict, "{}", board.to_text());
    prop_assert_eq!(
        &proved.best_moves,
        &reference.best_moves,
        "{}",
        board.to_text()
    );
    // A wrong decision handed to the solver costs a plain solve, never a wrong answer.
    for decided in [Some(true), Some(false)] {
        let mut solver = Solver::<u64>::new(crate::small_table());
        let answer = solver
            .solve_decided(pos, &Budget::unlimited(), decided)
            .unwrap();
        prop_assert_eq!(
            answer.verdict,
            reference.verdict,
            "{:?} on {}",
            decided,
            board.to_text()
        );
        prop_assert_eq!(
            &answer.best_moves,
            &reference.best_moves,
            "{:?} on {}",
            decided,
            board.to_text()
        );
    }
    // A tiny table is overwritten constantly; neither the value nor the certificate may suffer.
    for hash_mib in [4, 1] {
        let (solution, bytes) = prove(pos, hash_mib);
        prop_assert_eq!(
            solution.value,
            value_of(reference.verdict),
            "{}",
            board.to_text()
        );
        prop_assert_eq!(solution.value, value_of(solver.verdict));
        if solution.value == Wdl::Draw {
            prop_assert_eq!(&solution.best_moves, &reference.best_moves);
        }
        let verified = verify(bytes.as_slice(), 1_000_000);
        prop_assert!(verified.is_ok(), "{}: {:?}", board.to_text(), verified);
        if hash_mib == 1 {
            check_tampering(board.rules(), &bytes)?;
        }
    }
    Ok(())
}

/// A move changed for one that loses, or a pairing with two pairs sharing a cell, is refused
/// (tried on the first records of each kind: minimax judges each changed move).
fn check_tampering(rules: Rules, bytes: &[u8]) -> Result<(), TestCaseError> {
    let (head, recs) = records(bytes);
    let mut tried = [0usize; 3];
    let full = if rules.cells() == 64 {
        !0u64
    } else {
        (1u64 << rules.cells()) - 1
    };
    for (i, r) in recs.iter().enumerate() {
        let empty = full & !(r.x | r.o);
        let kind = match &r.body {
            Body::AttackerWins(_) => 0,
            Body::DefenderHolds(_) => 1,
            _ => 2,
        };
        if tried[kind] >= 3 {
            continue;
        }
        tried[kind] += 1;
        let bad = match &r.body {
            Body::AttackerWins(_) => (0..rules.cells())
                .filter(|&c| empty >> c & 1 == 1)
                .find(|&c| !attacker_wins_after(rules, r, c))
                .map(|c| Body::AttackerWins(c as u16)),
            Body::DefenderHolds(_) => (0..rules.cells())
                .filter(|&c| empty >> c & 1 == 1)
                .find(|&c| attacker_wins_after(rules, r, c))
                .map(|c| Body::DefenderHolds(c as u16)),
            Body::AttackerFails(Refutation::Pairing(pairs)) if pairs.len() >= 2 => {
                let mut broken = pairs.clone();
                broken[0].1 = broken[1].0;
                Some(Body::AttackerFails(Refutation::Pairing(broken)))
            }
            _ => None,
        };
        if let Some(body) = bad {
            let mut tampered = recs.clone();
            tampered[i].body = body;
            let result = verify(reassemble(&head, &tampered).as_slice(), 1_000_000);
            prop_assert!(
                matches!(result, Err(CertificateError::Invalid(_))),
                "a tampered record {:?} was accepted",
                tampered[i]
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]
    #[test]
    fn proofs_equal_minimax_on_boards_up_to_4x4(w in 1usize..=4, h in 1usize..=4, k in 1usize..=4, choices in proptest::collection::vec(0usize..1000, 16)) {
        prop_assume!(k <= w.max(h));
        if let Some(b) = random_position(w, h, k, &choices, 9) { check(&b)?; }
    }

    #[test]
    fn proofs_equal_minimax_on_4x4(k in 3usize..=4, choices in proptest::collection::vec(0usize..1000, 16)) {
        if let Some(b) = random_position(4, 4, k, &choices, 10) { check(&b)?; }
    }

    #[test]
    fn proofs_equal_minimax_on_5x4(k in 3usize..=4, choices in proptest::collection::vec(0usize..1000, 20)) {
        if let Some(b) = random_position(5, 4, k, &choices, 10) { check(&b)?; }
    }
}

#[test]
fn empty_boards_agree_with_the_solver_and_certify() {
    for (w, h, k) in [
        (3, 3, 3),
        (4, 3, 3),
        (4, 4, 3),
        (4, 4, 4),
        (5, 4, 4),
        (5, 5, 5),
    ] {
        let board = Board::new(Rules::new(w, h, Some(k)).unwrap());
        let solver = crate::solved(&board, Algorithm::Solver);
        let (solution, bytes) = prove(small(&board).unwrap(), 16);
        assert_eq!(solution.value, value_of(solver.verdict), "{w}x{h}/{k}");
        let v = verify(bytes.as_slice(), 10_000_000).unwrap();
        assert_eq!(v.header.to_move, Side::X);
    }
}

#[test]
fn malformed_certificates_are_refused() {
    let board = Board::new(Rules::new(5, 5, Some(5)).unwrap());
    let (_, bytes) = prove(small(&board).unwrap(), 1);
    let cut = &bytes[..bytes.len() - 3];
    assert!(matches!(
        verify(cut, 100),
        Err(CertificateError::Malformed(_))
    ));
    let mut wrong = bytes.clone();
    wrong[0] = b'X';
    assert!(matches!(
        verify(wrong.as_slice(), 100),
        Err(CertificateError::Malformed(_))
    ));
    assert!(matches!(
        verify(&b""[..], 100),
        Err(CertificateError::Malformed(_))
    ));
    // A header alone proves nothing.
    assert!(matches!(
        verify(&bytes[..30], 100),
        Err(CertificateError::Invalid(_))
    ));
}

/// The checker keeps each position once and no more records than it is allowed: a repeated
/// record, a record not in its canonical orientation and one record over the limit are refused.
#[test]
fn repeated_turned_and_surplus_records_are_refused() {
    let board = Board::new(Rules::new(4, 4, Some(4)).unwrap());
    let (_, bytes) = prove(small(&board).unwrap(), 1);
    let (head, recs) = records(&bytes);
    assert!(recs.len() >= 3, "{} records", recs.len());
    assert_eq!(
        verify(bytes.as_slice(), recs.len()).unwrap().records,
        recs.len()
    );
    assert!(matches!(
        verify(bytes.as_slice(), recs.len() - 1),
        Err(CertificateError::TooLarge(n)) if n == recs.len() - 1
    ));

    let mut repeated = recs.clone();
    repeated.push(recs[1].clone());
    let result = verify(reassemble(&head, &repeated).as_slice(), 1_000);
    assert!(
        matches!(&result, Err(CertificateError::Malformed(m)) if m.contains("repeats")),
        "{result:?}"
    );

    // A record's stones mirrored left to right: the same position, not in its canonical frame.
    let mirror = |set: u64| {
        (0..16)
            .filter(|c| set >> c & 1 == 1)
            .fold(0u64, |m, c| m | 1 << (c / 4 * 4 + 3 - c % 4))
    };
    let (i, turned) = recs
        .iter()
        .enumerate()
        .find(|(_, r)| (mirror(r.x), mirror(r.o)) != (r.x, r.o))
        .expect("a record of a position that is not left-right symmetric");
    let mut turned_recs = recs.clone();
    turned_recs[i] = Record {
        x: mirror(turned.x),
        o: mirror(turned.o),
        ..turned.clone()
    };
    let result = verify(reassemble(&head, &turned_recs).as_slice(), 1_000);
    assert!(
        matches!(&result, Err(CertificateError::Malformed(m)) if m.contains("canonical")),
        "{result:?}"
    );
}

/// A "loss" handed to the solver for a won position (3x4/3, o to move, wins in 5): the
/// ranking of the losses must keep real windows, so the plain solve that follows finds the
/// winning moves only (a draw, c1, once came out best too).
#[test]
fn a_wrong_loss_hint_still_gives_exactly_the_best_moves() {
    let board = Board::from_text(Rules::new(3, 4, Some(3)).unwrap(), ".x./.o./.../x..").unwrap();
    let pos = small(&board).unwrap();
    let mut solver = Solver::<u64>::new(crate::small_table());
    let answer = solver
        .solve_decided(pos, &Budget::unlimited(), Some(false))
        .unwrap();
    assert_eq!(answer.verdict, Verdict::Win(5));
    assert_eq!(answer.best_moves, vec![0, 3, 6, 8]);
}
