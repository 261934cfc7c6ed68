//! `mnk match --record FILE`: the games in a PGN-like text, so lost games can be studied.
//! Each game is a few `[Tag "value"]` lines, then its moves on one line in board notation
//! (`h8 i9 h9 ...`, the opening included) ending with the result as in PGN (`1-0`: x won,
//! `0-1`: o won, `1/2-1/2`), then a blank line. docs/match.md describes it.

use mnk_engine::{Outcome, Rules, Side};

/// What the record says of one game.
pub struct GameEntry<'a> {
    /// Its number in the match, from 1.
    pub number: u32,
    /// The rules.
    pub rules: Rules,
    /// The players of x and o.
    pub x: &'a str,
    /// The player of o.
    pub o: &'a str,
    /// The moves, the opening's first.
    pub moves: &'a [usize],
    /// How many of them were the opening's.
    pub opening: usize,
    /// The result.
    pub outcome: Outcome,
    /// Why the game ended, in words.
    pub reason: &'a str,
    /// The losing move's description (`--analyze`), if one was found.
    pub losing_move: Option<&'a str>,
}

/// The result token of PGN.
pub fn result_token(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Side::X) => "1-0",
        Outcome::Win(Side::O) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

/// A tag's value with the characters that would end it escaped, as PGN does.
fn quoted(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game's text: its tags, its moves and result, and a blank line.
pub fn game_text(g: &GameEntry<'_>) -> String {
    let r = g.rules;
    let mut tags = vec![
        ("Game", g.number.to_string()),
        ("X", g.x.to_string()),
        ("O", g.o.to_string()),
        ("Size", format!("{}x{}", r.width(), r.height())),
        ("K", r.k().to_string()),
        ("Exact", if r.exact_k() { "yes" } else { "no" }.to_string()),
        ("Rule", r.rule().name().to_string()),
        ("Result", result_token(g.outcome).to_string()),
        ("Reason", g.reason.to_string()),
        ("Opening", g.opening.to_string()),
    ];
    if let Some(losing) = g.losing_move {
        tags.push(("LosingMove", losing.to_string()));
    }
    let mut out = String::new();
    for (name, value) in tags {
        out.push_str(&format!("[{name} \"{}\"]\n", quoted(&value)));
    }
    for &c in g.moves {
        out.push_str(&r.cell_name(c));
        out.push(' ');
    }
    out.push_str(result_token(g.outcome));
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_reads_as_tags_then_moves_and_result() {
        let rules = Rules::tic_tac_toe();
        let text = game_text(&GameEntry {
            number: 3,
            rules,
            x: "pbrain:say \"hi\"",
            o: "random",
            moves: &[4, 0, 8],
            opening: 1,
            outcome: Outcome::Draw,
            reason: "x ran out",
            losing_move: None,
        });
        assert_eq!(
            text,
            "[Game \"3\"]\n[X \"pbrain:say \\\"hi\\\"\"]\n[O \"random\"]\n[Size \"3x3\"]\n\
             [K \"3\"]\n[Exact \"no\"]\n[Rule \"freestyle\"]\n[Result \"1/2-1/2\"]\n[Reason \"x ran out\"]\n\
             [Opening \"1\"]\nb2 a3 c1 1/2-1/2\n\n"
        );
    }
}
