//! Openings: the first few stones of each game pair. Every opening is played twice with the
//! colours swapped, so whatever advantage it gives one colour is shared by both players.

use anyhow::Context;
use mnk_engine::{Board, Rules};

/// Built-in openings as (column, row) offsets from the centre, x first, alternating. Each is
/// a quiet, compact start (no stone makes a threat yet) so neither colour is lost early.
const BUILT_IN: &[&[(i32, i32)]] = &[
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

/// The built-in openings that fit the board (on boards under 7x7 just the empty start).
pub fn built_in(rules: Rules) -> Vec<Vec<usize>> {
    let (w, h) = (rules.width() as i32, rules.height() as i32);
    if w < 7 || h < 7 {
        return vec![Vec::new()];
    }
    let (cx, cy) = ((w - 1) / 2, (h - 1) / 2);
    BUILT_IN
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
pub fn parse(rules: Rules, text: &str) -> anyhow::Result<Vec<Vec<usize>>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut board = Board::new(rules);
        let mut moves = Vec::new();
        for word in line.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let cell = board
                .parse_move(word)
                .with_context(|| format!("openings line {}: bad move '{word}'", i + 1))?;
            board
                .play(cell)
                .with_context(|| format!("openings line {}: cannot play '{word}'", i + 1))?;
            if board.is_over() {
                anyhow::bail!("openings line {}: the game is over after '{word}'", i + 1);
            }
            moves.push(cell);
        }
        out.push(moves);
    }
    if out.is_empty() {
        anyhow::bail!("the openings file has no opening (one line of moves per opening)");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_openings_are_legal_and_distinct() {
        let rules = Rules::new(15, 15, Some(5)).unwrap();
        let all = built_in(rules);
        assert_eq!(all.len(), BUILT_IN.len());
        for o in &all {
            let mut b = Board::new(rules);
            for &c in o {
                b.play(c).unwrap();
            }
            assert!(!b.is_over());
        }
        assert_eq!(
            built_in(Rules::new(4, 4, Some(4)).unwrap()),
            vec![Vec::<usize>::new()]
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
