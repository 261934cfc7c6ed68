//! What `mnk play` prints: the board beside its cell numbers, player names, move lists,
//! values and results. Pure formatting; the loop in `mod.rs` decides when.

use crate::common::{counted, duration_ms};
use crate::render::board_text;
use mnk_engine::ai::{Method, Player, Thought};
use mnk_engine::session::{GameResult, Session};
use mnk_engine::{Board, Rule, Side, Verdict};

/// Boards with more cells than this show coordinates only (the number key would be huge).
const MAX_KEYED_CELLS: usize = 100;

/// The board with coordinates, the winning line in capitals, and (on boards of up to 100
/// cells) the cell numbers to its right for keypad-style input.
pub fn board(session: &Session) -> String {
    let b = session.board();
    let marked = session.winning_line().unwrap_or_default();
    let drawing = board_text(b, &marked) + &forbidden_note(b);
    let rules = b.rules();
    if rules.cells() > MAX_KEYED_CELLS {
        return drawing;
    }
    let digits = rules.cells().to_string().len();
    let key: Vec<String> = (0..rules.height())
        .map(|row| {
            (0..rules.width())
                .map(|col| format!("{:>digits$}", rules.cell(col, row) + 1))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let lines: Vec<&str> = drawing.lines().collect();
    let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        // The drawing has a letter row above and below the board rows.
        let right = match i {
            0 => "cell numbers".to_string(),
            i if i <= rules.height() => key[i - 1].clone(),
            _ => String::new(),
        };
        out.push_str(format!("{line:width$}    {right}").trim_end());
        out.push('\n');
    }
    out
}

/// Under Renju with x to move, the line that names x's forbidden points (empty otherwise).
fn forbidden_note(b: &Board) -> String {
    let cells = b.forbidden_cells();
    if cells.is_empty() {
        return String::new();
    }
    let named: Vec<String> = cells
        .iter()
        .map(|&(c, foul)| format!("{} ({foul})", b.cell_name(c)))
        .collect();
    format!("Forbidden to x under Renju: {}.\n", named.join(", "))
}

/// How many humans play.
pub fn humans(session: &Session) -> usize {
    [Side::X, Side::O]
        .iter()
        .filter(|&&s| session.player(s).is_human())
        .count()
}

/// `x (you)`, `x (human)` when two humans play, or `o (computer, perfect)`.
pub fn who(session: &Session, side: Side) -> String {
    match session.player(side) {
        Player::Human if humans(session) == 1 => format!("{side} (you)"),
        Player::Human => format!("{side} (human)"),
        Player::Computer(level) => format!("{side} (computer, {level})"),
    }
}

/// The opening lines: rules, players, how to type moves.
pub fn banner(session: &Session) -> String {
    let rules = session.board().rules();
    let name = match (rules.width(), rules.height(), rules.k(), rules.rule()) {
        (3, 3, 3, Rule::Freestyle) => "Tic-tac-toe".to_string(),
        (w, h, k, Rule::Freestyle) => format!("{w}x{h} board, {k} in a row wins"),
        (w, h, k, Rule::Exact) => {
            format!("{w}x{h} board, exactly {k} in a row wins (a longer line does not)")
        }
        (w, h, k, Rule::Renju) => format!(
            "{w}x{h} board, Renju: x wins with exactly {k} in a row and may not make an \
             overline, a double four or a double three; o wins with {k} or more"
        ),
    };
    let first = session.config().first;
    format!(
        "{name}. {} against {}; {first} moves first.\n\
         Type a move as a coordinate (like b2) or a cell number, or help for the commands.\n",
        who(session, Side::X),
        who(session, Side::O),
    )
}

/// The commands, one per line.
pub fn help(session: &Session) -> String {
    let cells = session.board().rules().cells();
    format!(
        "Moves: a column letter and a row number (a1 is bottom-left) or a cell number 1..{cells}.\n\
         Commands: undo (take back your last move and the computer's reply), hint (the best \
         move and its value), board (show the board again), help, quit.\n"
    )
}

/// A value in words.
pub fn verdict(v: Verdict) -> String {
    match v {
        Verdict::Estimate(s) => format!("estimate {s:+}"),
        other => other.to_string(),
    }
}

/// The names of cells, space separated.
pub fn names(session: &Session, cells: &[usize]) -> String {
    let b = session.board();
    cells
        .iter()
        .map(|&c| b.cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a decision was reached, for the statistics line.
fn method(m: Method) -> String {
    match m {
        Method::Exact => "exact solver: proven".to_string(),
        // An opening move (the centre, or the seeded reply to the first stone) is not searched.
        Method::Search { depth: 0 } => {
            "opening move, not searched: an estimate, not proven".to_string()
        }
        Method::Search { depth } => format!(
            "search, {} deep: an estimate, not proven",
            counted(depth.into(), "ply", "plies")
        ),
        Method::Threats => "threat search: a forced result, proven".to_string(),
        Method::Random => "random choice".to_string(),
    }
}

/// The `--explain` lines after a computer move: every candidate's value and the work done.
pub fn explain(session: &Session, side: Side, thought: &Thought, ms: f64) -> String {
    let b = session.board();
    let mut out = String::new();
    if !thought.candidates.is_empty() {
        let list: Vec<String> = thought
            .candidates
            .iter()
            .map(|c| format!("{} {}", b.cell_name(c.cell), verdict(c.verdict)))
            .collect();
        out.push_str(&format!("  Values for {side}: {}\n", list.join(", ")));
    }
    if !thought.unmeasured_losses.is_empty() {
        // Proven to lose, but not how fast: the list above is not every move.
        out.push_str(&format!(
            "  Also losing for {side}, how fast not measured in time: {}\n",
            names(session, &thought.unmeasured_losses)
        ));
    }
    out.push_str(&format!(
        "  Searched {} in {} ({}).\n",
        counted(thought.nodes.into(), "node", "nodes"),
        duration_ms(ms),
        method(thought.method)
    ));
    out
}

/// The line announcing a finished game.
pub fn result(session: &Session) -> String {
    let line = session.winning_line().unwrap_or_default();
    match session.result() {
        GameResult::Win(side) => {
            let mut s = format!("{side} wins with {}.", names(session, &line));
            if humans(session) == 1 {
                s.push_str(if session.player(side).is_human() {
                    " You win!"
                } else {
                    " The computer wins."
                });
            }
            s
        }
        GameResult::Draw => "The game is a draw.".to_string(),
        GameResult::Unfinished => "The game is unfinished.".to_string(),
    }
}

/// The result in a few words: `x won`, `a draw`.
pub fn short_result(session: &Session) -> String {
    match session.result() {
        GameResult::Win(side) => format!("{side} won"),
        GameResult::Draw => "a draw".to_string(),
        GameResult::Unfinished => "unfinished".to_string(),
    }
}

/// Capitalised, with a full stop: an engine message as a sentence.
pub fn sentence(text: &str) -> String {
    let mut s = text.trim().to_string();
    if let Some(first) = s.get(0..1) {
        s.replace_range(0..1, &first.to_uppercase());
    }
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use mnk_engine::ai::Candidate;
    use mnk_engine::session::SessionConfig;

    #[test]
    fn explain_says_which_losing_moves_it_did_not_value() {
        let session = Session::new(SessionConfig::default()).unwrap();
        let mut thought = Thought {
            cell: 4,
            best: vec![4],
            verdict: Some(Verdict::Draw),
            candidates: vec![Candidate {
                cell: 4,
                verdict: Verdict::Draw,
            }],
            unmeasured_losses: Vec::new(),
            nodes: 10,
            method: Method::Exact,
        };
        let whole = explain(&session, Side::X, &thought, 1.0);
        assert!(!whole.contains("losing"), "{whole}");
        thought.unmeasured_losses = vec![0, 8];
        let part = explain(&session, Side::X, &thought, 1.0);
        assert!(
            part.contains("Also losing for x, how fast not measured in time: a3 c1"),
            "{part}"
        );
    }
}
