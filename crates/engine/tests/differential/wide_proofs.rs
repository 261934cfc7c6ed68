//! The proof search on boards of more than 64 cells (9x9/4, 10x7/4, 12x6/4) against the exact
//! solver, in the two-word and the eleven-word forms (the same certificates): hand-made positions with a few stones and random games played until few cells are
//! left. Each certificate (`MNKCERT2`) verifies; one with a record dropped, its header edited,
//! its claim flipped, a pairing broken or its version changed is refused. And today's
//! `MNKCERT1` certificates (the fuzz target's seeds) still verify and are written back
//! byte for byte.

use crate::proofs::value_of;
use mnk_engine::certificate::format::{
    write_header, write_record, Body, Header, Reader, Record, Refutation, MAGIC, MAGIC_WIDE,
};
use mnk_engine::certificate::{verify, CertificateError};
use mnk_engine::internals::{mid, wide, Position, Wide};
use mnk_engine::proof::ProofSolution;
use mnk_engine::{Algorithm, Board, Rules, Wdl};

/// The proof of a wide position and its certificate (a 4 MiB table).
fn prove(pos: &Position<Wide>) -> (ProofSolution, Vec<u8>) {
    crate::proofs::prove(pos, 4)
}

/// Hand-made positions with a few stones: (width, height, board text, value for the side to
/// move), all with four in a row. Open boards like these are settled quickly only when the
/// attack is near (a draw there is far beyond either search): the draws come from
/// [`nearly_full`].
const POSITIONS: [(usize, usize, &str, Wdl); 8] = [
    // x makes an open three and wins.
    (
        9,
        9,
        "........./........./........./........./...xx..../........./..o.o..../........./.........",
        Wdl::Win,
    ),
    // o faces an open three.
    (
        9,
        9,
        "........./........./........./........./..xxx..../........./..o.o..../........./.........",
        Wdl::Loss,
    ),
    // x cannot block both ends of o's open three.
    (
        9,
        9,
        "........./x......../........./........./...ooo.../........./........./........./x.......x",
        Wdl::Loss,
    ),
    (
        10,
        7,
        "........../........../....x...../....xo..../........../........../o.........",
        Wdl::Win,
    ),
    // A diagonal open three, o to move.
    (
        10,
        7,
        "........../........../....x...../.....x..../......x.../o...o...../..........",
        Wdl::Loss,
    ),
    (
        12,
        6,
        "............/............/......xx..../............/............/o.o.........",
        Wdl::Win,
    ),
    (
        12,
        6,
        "............/....x......./.....x....../......x...../............/oo..........",
        Wdl::Loss,
    ),
    (
        12,
        6,
        "............/............/...o.o....../....x.x...../............/............",
        Wdl::Win,
    ),
];

/// A board with every cell but a few filled in a pattern with no four in a row of one side
/// anywhere: runs of two across (`xxoo`), alternating down, and runs of at most two
/// along both diagonals; `seed` picks the empty cells (and the stones taken off so that the
/// counts differ by at most one).
fn nearly_full(w: usize, h: usize, empty: usize, seed: &mut u64) -> Board {
    let mut next = |n: usize| {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % n as u64) as usize
    };
    let shift = next(4);
    let mut cells: Vec<Option<bool>> = (0..w * h)
        .map(|c| Some((c % w + 2 * (c / w) + shift) % 4 < 2))
        .collect();
    for _ in 0..empty {
        let c = next(w * h);
        cells[c] = None;
    }
    loop {
        let nx = cells.iter().filter(|&&c| c == Some(true)).count();
        let no = cells.iter().filter(|&&c| c == Some(false)).count();
        if nx.abs_diff(no) <= 1 {
            break;
        }
        let more = Some(nx > no);
        let stones: Vec<usize> = (0..w * h).filter(|&c| cells[c] == more).collect();
        cells[stones[next(stones.len())]] = None;
    }
    let text: Vec<String> = cells
        .chunks(w)
        .map(|row| {
            row.iter()
                .map(|c| match c {
                    Some(true) => 'x',
                    Some(false) => 'o',
                    None => '.',
                })
                .collect()
        })
        .collect();
    Board::from_text(Rules::new(w, h, Some(4)).unwrap(), &text.join("/")).unwrap()
}

/// The proof search and the solver agree on `board`, and its certificate verifies; returns
/// the certificate.
fn check(board: &Board) -> Vec<u8> {
    let text = board.to_text();
    let solver = crate::solved(board, Algorithm::Solver);
    let proved = crate::solved(board, Algorithm::Proof);
    assert_eq!(proved.verdict, solver.verdict, "{text}");
    assert_eq!(proved.best_moves, solver.best_moves, "{text}");
    let (solution, bytes) = prove(&wide(board).unwrap());
    assert_eq!(solution.value, value_of(solver.verdict), "{text}");
    // The two-word form these boards use searches exactly as the eleven-word one.
    if let Some(pos) = mid(board) {
        assert!(
            crate::proofs::prove(pos, 4).1 == bytes,
            "{text}: other certificates"
        );
    }
    assert!(bytes.starts_with(MAGIC_WIDE), "{text}");
    let verified = verify(bytes.as_slice(), 1_000_000);
    assert!(verified.is_ok(), "{text}: {verified:?}");
    assert_eq!(verified.unwrap().header.claim, solution.value);
    bytes
}

#[test]
fn wide_boards_prove_what_the_solver_solves() {
    for (w, h, text, value) in POSITIONS {
        let board = Board::from_text(Rules::new(w, h, Some(4)).unwrap(), text).unwrap();
        let solver = crate::solved(&board, Algorithm::Solver);
        assert_eq!(value_of(solver.verdict), value, "{text}");
        check(&board);
    }
}

#[test]
fn nearly_full_wide_boards_prove_what_the_solver_solves() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut values = Vec::new();
    for (w, h) in [(9, 9), (10, 7), (12, 6)] {
        for _ in 0..4 {
            let board = nearly_full(w, h, 12, &mut seed);
            check(&board);
            values.push(prove(&wide(&board).unwrap()).0.value);
        }
    }
    assert!(values.contains(&Wdl::Draw), "{values:?}");
    assert!(values.iter().any(|&v| v != Wdl::Draw), "{values:?}");
}

/// The header and records of a wide certificate.
fn records(bytes: &[u8]) -> (Header, Vec<Record<Wide>>) {
    let (mut reader, header) = Reader::new(bytes).unwrap();
    let mut out = Vec::new();
    while let Some(r) = reader.next_record_as::<Wide>().unwrap() {
        out.push(r);
    }
    (header, out)
}

fn reassemble(header: &Header, records: &[Record<Wide>]) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_header(&mut bytes, header).unwrap();
    for r in records {
        write_record(&mut bytes, header.layout(), r).unwrap();
    }
    bytes
}

fn refused(bytes: &[u8], what: &str) {
    let result = verify(bytes, 1_000_000);
    assert!(
        matches!(
            result,
            Err(CertificateError::Invalid(_) | CertificateError::Malformed(_))
        ),
        "{what}: {result:?}"
    );
}

/// The checker's bound is one of memory: a wide record takes several times a small one's, so
/// a wide certificate is refused at as many fewer records.
#[test]
fn the_checkers_bound_on_a_wide_board_counts_its_wider_records() {
    let empty = Board::new(Rules::new(11, 6, Some(6)).unwrap());
    let (_, bytes) = prove(&wide(&empty).unwrap());
    let kept = verify(bytes.as_slice(), 1_000_000).unwrap().records;
    // Room for all of its records were they small, not for its wide ones.
    let result = verify(bytes.as_slice(), kept + 1);
    assert!(
        matches!(result, Err(CertificateError::TooLarge(n)) if n < kept / 4),
        "{result:?}"
    );
}

#[test]
fn a_tampered_wide_certificate_is_refused() {
    // Positions of 10x7/4 with 28 empty cells (a loss of some 200 records among them), a win
    // with a few stones, and a draw from the empty board.
    let mut seed = 7u64;
    let mut boards: Vec<Board> = (0..3).map(|_| nearly_full(10, 7, 28, &mut seed)).collect();
    let (w, h, text, _) = POSITIONS[3];
    boards.push(Board::from_text(Rules::new(w, h, Some(4)).unwrap(), text).unwrap());
    let mut certificates: Vec<Vec<u8>> = boards.iter().map(check).collect();
    // 11x6/6 from the empty board (far beyond the solver): a draw of some 1500 records, with
    // pairings and relevance zones.
    let empty = Board::new(Rules::new(11, 6, Some(6)).unwrap());
    let (solution, bytes) = prove(&wide(&empty).unwrap());
    assert_eq!(solution.value, Wdl::Draw);
    certificates.push(bytes);
    boards.push(empty);
    for (board, bytes) in boards.iter().zip(certificates) {
        let (header, recs) = records(&bytes);
        assert_eq!(reassemble(&header, &recs), bytes, "written back as read");
        let text = board.to_text();
        // A record dropped: the first (the root's), one in the middle, the last.
        for i in [0, recs.len() / 2, recs.len() - 1] {
            let mut fewer = recs.clone();
            fewer.remove(i);
            refused(
                &reassemble(&header, &fewer),
                &format!("{text}: record {i} dropped"),
            );
        }
        // The claim flipped.
        for claim in [Wdl::Win, Wdl::Draw, Wdl::Loss] {
            if claim != header.claim {
                let flipped = Header {
                    claim,
                    ..header.clone()
                };
                refused(
                    &reassemble(&flipped, &recs),
                    &format!("{text}: claims {claim:?}"),
                );
            }
        }
        // The header edited: fewer in a row win; the root's first x stone moved to the last
        // empty cell.
        let shorter = Header {
            k: header.k - 1,
            ..header.clone()
        };
        refused(&reassemble(&shorter, &recs), &format!("{text}: k one less"));
        let cells = header.width as usize * header.height as usize;
        let has = |set: &[u64], c: usize| set[c / 64] >> (c % 64) & 1 == 1;
        let from = (0..cells).find(|&c| has(&header.x, c));
        let to = (0..cells)
            .rev()
            .find(|&c| !has(&header.x, c) && !has(&header.o, c));
        if let (Some(from), Some(to)) = (from, to) {
            let mut moved = header.clone();
            moved.x[from / 64] &= !(1 << (from % 64));
            moved.x[to / 64] |= 1 << (to % 64);
            refused(
                &reassemble(&moved, &recs),
                &format!("{text}: a root stone moved"),
            );
        }
        // A pairing with two pairs that share a cell.
        if let Some(i) = recs.iter().position(
            |r| matches!(&r.body, Body::AttackerFails(Refutation::Pairing(p)) if p.len() >= 2),
        ) {
            let mut broken = recs.clone();
            if let Body::AttackerFails(Refutation::Pairing(p)) = &mut broken[i].body {
                p[0].1 = p[1].0;
            }
            refused(
                &reassemble(&header, &broken),
                &format!("{text}: a broken pairing"),
            );
        }
        // The version changed: a wide board's records read as MNKCERT1, an unknown version.
        for magic in [MAGIC, b"MNKCERT9"] {
            let mut other = bytes.clone();
            other[..8].copy_from_slice(magic);
            let result = verify(other.as_slice(), 1_000_000);
            assert!(
                matches!(&result, Err(CertificateError::Malformed(_))),
                "{text}: {result:?}"
            );
        }
    }
}

#[test]
fn todays_certificates_still_verify_and_are_written_back_byte_for_byte() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/certificate");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        assert!(bytes.starts_with(MAGIC));
        verify(bytes.as_slice(), 1_000_000).unwrap();
        let (mut reader, header) = Reader::new(bytes.as_slice()).unwrap();
        let mut again = Vec::new();
        write_header(&mut again, &header).unwrap();
        while let Some(r) = reader.next_record().unwrap() {
            write_record(&mut again, header.layout(), &r).unwrap();
        }
        assert_eq!(again, bytes);
        seen += 1;
    }
    assert!(seen >= 4);
}
