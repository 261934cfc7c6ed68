//! Openings: the first few stones of each game pair. Every opening is played twice with the
//! colours swapped, so whatever advantage it gives one colour is shared by both players.

use crate::error::MatchError;
use mnk_engine::{Board, Rule, Rules};

/// The compact openings as (column, row) offsets from the centre, x first, alternating: quiet
/// starts (no stone makes a threat yet), but close together, so x's extra stone counts: on
/// 15x15 x won most decided games with them. `--openings compact`.
const COMPACT: &[&[(i32, i32)]] = &[
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 0), (1, 1), (-1, 1)],
    &[(0, 0), (1, 0), (0, 2)],
    &[(0, 0), (1, 1), (2, 0)],
    &[(0, 0), (0, 1), (2, 1)],
    &[(0, 0), (1, 1), (0, 2)],
    &[(0, 0), (1, 0), (-1, 2)],
    &[(0, 0), (2, 2), (1, 0)],
    &[(0, 0), (1, 0), (2, 1)],
    &[(0, 0), (2, 0), (1, 1)],
];

/// The balanced openings of 15x15 five or more in a row: three-stone starts that `hard`'s
/// search values closest to even, made by `cargo bench -p mnk-bench --bench openings` (the
/// file's first line says how), and checked by self-play (docs/match.md gives the figures).
const BALANCED_15X15: &str = include_str!("balanced-15x15.txt");

/// The same for exactly five in a row (`--exact`), made and checked the same way with
/// `--exact`.
const BALANCED_15X15_EXACT: &str = include_str!("balanced-15x15-exact.txt");

/// The same for Renju (`--rule renju`), made with `--rule renju --target 200`: with the
/// search's late-move reductions the starts nearest +45 gave x 28.6 % in self-play, those
/// nearest +200 54.7 % (docs/match.md).
const BALANCED_15X15_RENJU: &str = include_str!("balanced-15x15-renju.txt");

/// Which openings a match plays, named on the command line (`--openings balanced`,
/// `--openings compact`) or read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The balanced set where the board has one (15x15, five in a row, under each rule),
    /// else the compact set.
    Balanced,
    /// The compact set.
    Compact,
    /// Openings from a file (see [`parse`]).
    File(std::path::PathBuf),
}

impl Choice {
    /// `balanced` and `compact` name the built-in sets; anything else is a file's path (a
    /// file called `compact` is `./compact`).
    pub fn parse(text: &str) -> Result<Choice, String> {
        Ok(match text {
            "balanced" => Choice::Balanced,
            "compact" => Choice::Compact,
            path => Choice::File(path.into()),
        })
    }

    /// The openings for `rules`.
    pub fn openings(&self, rules: Rules) -> Result<Vec<Vec<usize>>, MatchError> {
        match self {
            Choice::Balanced => match balanced(rules) {
                Some(text) => parse(rules, text),
                None => Ok(compact(rules)),
            },
            Choice::Compact => Ok(compact(rules)),
            Choice::File(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|source| MatchError::OpeningsFile {
                        path: path.clone(),
                        source,
                    })?;
                parse(rules, &text)
            }
        }
    }
}

/// The balanced set made for these rules, if there is one: 15x15, five in a row.
fn balanced(rules: Rules) -> Option<&'static str> {
    match (rules.width(), rules.height(), rules.k(), rules.rule()) {
        (15, 15, 5, Rule::Freestyle) => Some(BALANCED_15X15),
        (15, 15, 5, Rule::Exact) => Some(BALANCED_15X15_EXACT),
        (15, 15, 5, Rule::Renju) => Some(BALANCED_15X15_RENJU),
        _ => None,
    }
}

/// The compact openings that fit the board (on boards under 7x7 just the empty start).
pub fn compact(rules: Rules) -> Vec<Vec<usize>> {
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    if w < 7 || h < 7 {
        return vec![Vec::new()];
    }
    let (cx, cy) = ((w - 1) / 2, (h - 1) / 2);
    COMPACT
        .iter()
        .map(|o| {
            o.iter()
                .map(|&(dx, dy)| rules.cell((cx + dx) as usize, (cy + dy) as usize))
                .collect()
        })
        .collect()
}

/// Openings from text: one per line, moves in board notation (`h8 i9 j8`) or cell numbers,
/// separated by spaces or commas; blank lines and `#` comments are skipped.
pub fn parse(rules: Rules, text: &str) -> Result<Vec<Vec<usize>>, MatchError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut board = Board::new(rules);
        let mut moves = Vec::new();
        for word in line.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let line = i + 1;
            let word = word.to_string();
            let cell = match board.parse_cell(&word) {
                Ok(cell) => cell,
                Err(e) => return Err(MatchError::BadOpeningMove(line, word, e.into())),
            };
            if let Err(e) = board.play(cell) {
                return Err(MatchError::IllegalOpeningMove(line, word, e.into()));
            }
            if board.is_over() {
                return Err(MatchError::OpeningGameOver(line, word));
            }
            moves.push(cell);
        }
        out.push(moves);
    }
    if out.is_empty() {
        return Err(MatchError::NoOpenings);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_openings_are_legal_and_distinct() {
        let rules = Rules::new(15, 15, Some(5)).unwrap();
        let compact_set = Choice::Compact.openings(rules).unwrap();
        assert_eq!(compact_set.len(), COMPACT.len());
        let balanced = Choice::Balanced.openings(rules).unwrap();
        assert!(balanced.len() >= 40, "{}", balanced.len());
        let exact = rules.with_exact_k(true);
        let balanced_exact = Choice::Balanced.openings(exact).unwrap();
        assert!(balanced_exact.len() >= 40, "{}", balanced_exact.len());
        assert_ne!(balanced_exact, balanced);
        let balanced_renju = Choice::Balanced
            .openings(rules.with_rule(Rule::Renju))
            .unwrap();
        assert!(balanced_renju.len() >= 40, "{}", balanced_renju.len());
        assert_ne!(balanced_renju, balanced);
        for set in [&compact_set, &balanced, &balanced_exact, &balanced_renju] {
            let mut seen = std::collections::HashSet::new();
            for o in set {
                let mut b = Board::new(rules);
                for &c in o {
                    b.play(c).unwrap();
                }
                assert!(!b.is_over());
                assert!(seen.insert(b.to_text()), "twice: {}", b.to_text());
            }
        }
        // Other boards get the compact set.
        let small = Rules::new(4, 4, Some(4)).unwrap();
        assert_eq!(
            Choice::Balanced.openings(small).unwrap(),
            vec![Vec::<usize>::new()]
        );
        assert_eq!(
            Choice::parse("./compact").unwrap(),
            Choice::File("./compact".into())
        );
    }

    #[test]
    fn openings_parse_and_refuse_bad_moves() {
        let rules = Rules::new(15, 15, Some(5)).unwrap();
        let o = parse(rules, "# two\nh8 i9\n\nh8,i8,h9\n").unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[1].len(), 3);
        assert!(parse(rules, "h8 h8").is_err());
        assert!(parse(rules, "z99").is_err());
        assert!(parse(rules, "# nothing").is_err());
    }
}
