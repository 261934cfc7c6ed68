//! A game between two computer levels through a [`Session`], the game flow every front end
//! uses, printing the board after each move.
//!
//! ```text
//! cargo run --release -p mnk-engine --example two_levels                 # hard vs depth:2 on 7x7, 4 in a row
//! cargo run --release -p mnk-engine --example two_levels -- perfect random 3x3 3
//! ```

use mnk_engine::session::{GameResult, Session, SessionConfig};
use mnk_engine::Go;
use mnk_engine::{Rules, Size};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match play(&args, true) {
        Ok((result, moves)) => println!("{}", describe(result, moves)),
        Err(e) => {
            eprintln!("two_levels: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Plays the game the arguments describe (X O [SIZE K]); returns the result and the move count.
fn play(args: &[String], show: bool) -> Result<(GameResult, usize), Box<dyn std::error::Error>> {
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or(default.to_string());
    let size: Size = arg(2, "7x7").parse()?;
    let mut game = Session::new(SessionConfig {
        rules: Rules::new(size.width, size.height, Some(arg(3, "4").parse()?))?,
        x: arg(0, "hard").parse()?,
        o: arg(1, "depth:2").parse()?,
        seed: 1,
        ..SessionConfig::default()
    })?;
    while !game.is_over() {
        let side = game.to_move();
        let thought = game.computer_move(&Go::default())?;
        if show {
            let name = game.board().cell_name(thought.cell);
            println!("{side} ({}) plays {name}", game.player(side));
            println!("{}\n", game.board().to_text().replace('/', "\n"));
        }
    }
    Ok((game.result(), game.board().stone_count()))
}

/// One line on how the game ended.
fn describe(result: GameResult, moves: usize) -> String {
    match result {
        GameResult::Win(side) => format!("{side} wins after {moves} moves"),
        GameResult::Draw => format!("a draw after {moves} moves"),
        GameResult::Unfinished => "unfinished".to_string(),
    }
}

#[test]
fn perfect_play_never_loses_and_the_game_ends() {
    let args = ["perfect", "random", "3x3", "3"].map(String::from);
    let (result, moves) = play(&args, false).unwrap();
    assert_ne!(result, GameResult::Win(mnk_engine::Side::O), "{moves}");
    let args = ["random", "perfect", "3x3", "3"].map(String::from);
    let (result, _) = play(&args, false).unwrap();
    assert_ne!(result, GameResult::Win(mnk_engine::Side::X));
    // The default game (hard against depth:2 on 7x7) is played to its end.
    let (result, moves) = play(&[], false).unwrap();
    assert!(result != GameResult::Unfinished && moves >= 7, "{moves}");
    assert!(play(&["grandmaster".to_string()], false).is_err());
}
