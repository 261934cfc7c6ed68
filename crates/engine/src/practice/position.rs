//! The position exercise: the exact value of a small board for the side to move, and every
//! move that keeps it, marked against the exact solver's analysis of every move.

use super::answer::{Answer, PositionValue};
use super::mark::{Item, Marking, Mistake};
use super::Exercise;
use crate::board::Board;
use crate::exact;
use crate::go::Go;
use crate::score::Verdict;
use crate::solver::SolverConfig;

/// Most cells a position exercise's board may have: 4x4, where an exact analysis of any
/// position takes a fraction of a second.
pub const MAX_POSITION_CELLS: usize = 16;

/// The exact analysis of a position.
#[derive(Clone, Debug)]
pub(super) struct Solved {
    /// The side to move, `x` or `o`.
    pub side: char,
    /// The position's value for the side to move.
    pub value: PositionValue,
    /// Every legal move with its name and its exact value for the side that plays it.
    pub moves: Vec<(usize, String, Verdict)>,
}

fn value_of(v: Verdict) -> PositionValue {
    match v {
        Verdict::Win(_) => PositionValue::Win,
        Verdict::Loss(_) => PositionValue::Loss,
        Verdict::Draw | Verdict::Estimate(_) => PositionValue::Draw,
    }
}

impl Solved {
    /// The moves that keep the position's value.
    fn best(&self) -> impl Iterator<Item = &(usize, String, Verdict)> {
        self.moves.iter().filter(|m| value_of(m.2) == self.value)
    }
}

/// Analyses every move exactly; `None` for a finished game or a board over
/// [`MAX_POSITION_CELLS`].
pub(super) fn solve(board: &Board) -> Option<Solved> {
    if board.is_over() || board.rules().cells() > MAX_POSITION_CELLS {
        return None;
    }
    let config = SolverConfig {
        hash_mib: 4,
        threads: 1,
        ..SolverConfig::default()
    };
    let (moves, _) = exact::solve_moves(board, config, &Go::default()).ok()?;
    let moves: Vec<(usize, String, Verdict)> = moves
        .into_iter()
        .map(|m| (m.cell, board.cell_name(m.cell), m.verdict))
        .collect();
    let value = moves
        .iter()
        .map(|m| value_of(m.2))
        .max_by_key(|v| match v {
            PositionValue::Win => 2,
            PositionValue::Draw => 1,
            PositionValue::Loss => 0,
        })?;
    Some(Solved {
        side: board.to_move().letter(),
        value,
        moves,
    })
}

/// The engine's answer.
pub(super) fn solution(solved: &Solved) -> Answer {
    Answer::Position {
        value: Some(solved.value),
        moves: solved.best().map(|m| m.0).collect(),
    }
}

/// Marks an answer: a point for the value, and one for each legal move rightly named best or
/// rightly left out.
pub(super) fn mark(_exercise: &Exercise, answer: &Answer, solved: &Solved) -> Marking {
    let (value, named): (Option<PositionValue>, &[usize]) = match answer {
        Answer::Position { value, moves } => (*value, moves),
        _ => (None, &[]),
    };
    let mut marking = Marking::empty();
    let witness = solved.best().next().map(|m| {
        let plies = match m.2 {
            Verdict::Win(p) | Verdict::Loss(p) => Some(p),
            _ => None,
        };
        (m.1.clone(), plies)
    });
    marking.add(
        Item {
            part: "value".to_string(),
            given: value.map(|v| v.word().to_string()).unwrap_or_default(),
            expected: solved.value.word().to_string(),
            right: value == Some(solved.value),
        },
        || Mistake::PositionValue {
            side: solved.side,
            expected: solved.value,
            given: value,
            witness: witness.clone().unwrap_or_default(),
        },
    );
    let instead = witness.clone().map(|w| w.0).unwrap_or_default();
    for (cell, name, verdict) in &solved.moves {
        let best = value_of(*verdict) == solved.value;
        let chosen = named.contains(cell);
        let word = |b: bool| if b { "best" } else { "" }.to_string();
        marking.add(
            Item {
                part: name.clone(),
                given: word(chosen),
                expected: word(best),
                right: best == chosen,
            },
            || {
                if chosen {
                    Mistake::NotBest {
                        mv: name.clone(),
                        value: value_of(*verdict),
                        best: solved.value,
                        instead: instead.clone(),
                    }
                } else {
                    Mistake::MissedBest {
                        mv: name.clone(),
                        value: solved.value,
                    }
                }
            },
        );
    }
    marking
}

/// Every move's exact value, one line each.
pub(super) fn walkthrough(solved: &Solved) -> String {
    let mut out = format!(
        "With best play the position is a {} for {}. Each move, for {}:\n",
        solved.value.word(),
        solved.side,
        solved.side
    );
    for (_, name, verdict) in &solved.moves {
        let value = value_of(*verdict);
        let how = match verdict {
            Verdict::Win(p) | Verdict::Loss(p) => {
                format!(" (the game ends {} from now)", plies_text(*p))
            }
            _ => String::new(),
        };
        let keep = if value == solved.value { "  best" } else { "" };
        out.push_str(&format!("  {name:>3}  {}{how}{keep}\n", value.word()));
    }
    out
}

/// `1 ply`, `3 plies`.
pub(super) fn plies_text(p: u32) -> String {
    if p == 1 {
        "1 ply".to_string()
    } else {
        format!("{p} plies")
    }
}
