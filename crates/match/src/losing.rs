//! `mnk match --analyze`: where a lost game went wrong. The loser's moves are replayed one by
//! one and after each the winner is asked for a proven forced win (the engine's VCF, else its
//! VCT, through [`mnk_engine::ai::forced_win`]); the first move after which there is one is the
//! losing move. A win too deep for those searches is not reported, so the move named may come
//! later than the real mistake, never earlier.

use mnk_engine::ai::{forced_win, ForcedWin};
use mnk_engine::{Board, Go, Rules, Side};

/// The losing move of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LosingMove {
    /// Its ply, counted from 1 over the whole game (the opening included).
    pub ply: usize,
    /// The side that played it (the loser).
    pub side: Side,
    /// The move.
    pub cell: usize,
    /// The winner's forced win after it: by fours (the whole line) or by threats (its first
    /// move and a bound on its length).
    pub win: ForcedWin,
}

/// The first move of `loser` in `moves` (a game on `rules` won by the other side) after
/// which the winner had a forced win; `None` if none was found.
pub fn losing_move(rules: Rules, moves: &[usize], loser: Side) -> Option<LosingMove> {
    let mut board = Board::new(rules);
    for (i, &cell) in moves.iter().enumerate() {
        let side = board.to_move();
        board.play(cell).ok()?;
        if side != loser || board.is_over() {
            continue;
        }
        if let Some(win) = forced_win(&board, &Go::default()) {
            return Some(LosingMove {
                ply: i + 1,
                side,
                cell,
                win,
            });
        }
    }
    None
}

impl LosingMove {
    /// One line for the report, like "o's move 12 (k5) let x force a win by fours: ..." or
    /// "... by threats from f6, within 11 plies".
    pub fn describe(&self, rules: Rules) -> String {
        let how = match &self.win {
            ForcedWin::Fours(line) => {
                let names: Vec<String> = line.iter().map(|&c| rules.cell_name(c)).collect();
                format!("by fours: {}", names.join(" "))
            }
            ForcedWin::Threats { first, plies } => format!(
                "by threats (fours and open threes) from {}, within {plies} plies",
                rules.cell_name(*first)
            ),
        };
        format!(
            "{}'s move {} ({}) let {} force a win {how}",
            self.side,
            self.ply,
            rules.cell_name(self.cell),
            self.side.other(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells of the moves in `text` ("h8 i9 ...").
    fn cells(rules: Rules, text: &str) -> Vec<usize> {
        let board = Board::new(rules);
        text.split_whitespace()
            .map(|m| board.parse_cell(m).unwrap())
            .collect()
    }

    #[test]
    fn the_losing_move_is_the_first_that_allows_a_forced_win() {
        let rules = Rules::new(15, 15, None).unwrap();
        // x builds a column h8 h9 h10 h11 h12 while o plays on the edge.
        let moves = cells(rules, "h8 a1 h9 a3 h10 a5 h11 a7 h12");
        let found = losing_move(rules, &moves, Side::O).expect("a losing move");
        assert_eq!(found.side, Side::O);
        // After a1 and a3 x has at most two in a row: no four to start from. After a5 x's
        // open three h8 h9 h10 becomes an open four at once.
        assert_eq!(rules.cell_name(found.cell), "a5");
        assert_eq!(found.ply, 6);
        // The open four, which no defence stops.
        let ForcedWin::Fours(line) = &found.win else {
            panic!("a win by fours: {:?}", found.win)
        };
        assert_eq!(line.len(), 1);
        let four = rules.cell_name(line[0]);
        assert!(four == "h11" || four == "h7", "{four}");
        assert_eq!(
            found.describe(rules),
            format!("o's move 6 (a5) let x force a win by fours: {four}")
        );
    }

    #[test]
    fn a_win_by_threats_is_found_where_fours_alone_see_none() {
        let rules = Rules::new(15, 15, None).unwrap();
        // x's twos g8 h8 and i9 i10 meet at i8, where x makes two open threes at once; o plays
        // in the corners (never a line of its own, so no counter-four) and x wins with i8 and
        // the open four after it.
        let moves = cells(rules, "g8 a1 h8 o1 i9 a15 i10 o15 i8 b14 f8 n2 e8");
        let found = losing_move(rules, &moves, Side::O).expect("a losing move");
        let ForcedWin::Threats { first, plies } = found.win else {
            panic!("a win by threats: {:?}", found.win)
        };
        assert!(found.ply <= 8, "{}", found.describe(rules));
        assert!(plies >= 5, "{plies}");
        assert!(
            found.describe(rules).contains(&format!(
                "force a win by threats (fours and open threes) from {}",
                rules.cell_name(first)
            )),
            "{}",
            found.describe(rules)
        );
    }
}
