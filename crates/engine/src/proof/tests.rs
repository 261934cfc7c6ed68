use super::*;
use crate::certificate::{verify, Claim};
use crate::geometry::Geometry;
use crate::rules::Rules;

fn position(w: usize, h: usize, k: usize, text: &str) -> Position<u64> {
    Position::from_text(Geometry::new(Rules::new(w, h, Some(k)).unwrap()), text).unwrap()
}

fn certified(pos: &Position<u64>) -> (ProofSolution, Vec<u8>) {
    let mut prover = Prover::new(ProofConfig {
        hash_mib: 4,
        ..ProofConfig::default()
    });
    let solution = prover.solve(pos).unwrap();
    let mut bytes = Vec::new();
    prover
        .write_certificate(pos, &solution, &mut bytes)
        .unwrap();
    (solution, bytes)
}

#[test]
fn five_by_five_five_is_a_certified_draw() {
    let pos = position(5, 5, 5, "...../...../...../...../.....");
    let (solution, bytes) = certified(&pos);
    assert_eq!(solution.value, ProofValue::Draw);
    assert_eq!(solution.best_moves.len(), 25);
    let v = verify(bytes.as_slice(), 1000).unwrap();
    assert_eq!(v.header.claim, Claim::Draw);
    assert_eq!(v.summary(), "5x5/5 is a draw");
}

#[test]
fn tic_tac_toe_is_a_certified_draw() {
    let pos = position(3, 3, 3, ".../.../...");
    let (solution, bytes) = certified(&pos);
    assert_eq!(solution.value, ProofValue::Draw);
    verify(bytes.as_slice(), 100_000).unwrap();
}

#[test]
fn four_by_three_three_is_a_certified_win() {
    let pos = position(4, 3, 3, "..../..../....");
    let (solution, bytes) = certified(&pos);
    assert_eq!(solution.value, ProofValue::Win);
    let v = verify(bytes.as_slice(), 100_000).unwrap();
    assert_eq!(v.header.claim, Claim::Win);
}
