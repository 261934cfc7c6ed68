//! Solve a position and print its value and every best move.
//!
//! ```text
//! cargo run --release -p mnk-engine --example solve                  # empty tic-tac-toe
//! cargo run --release -p mnk-engine --example solve -- 4x4 4 "x.../.o../..../...."
//! ```
//!
//! The arguments are the board size, K and the position as board text (rows from the top,
//! separated by `/`, `x`, `o` and `.`); the side to move follows from the stone counts.

use mnk_engine::exact;
use mnk_engine::Go;
use mnk_engine::{Algorithm, Board, Rules, Size, SolverConfig};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match solve(&args) {
        Ok(report) => println!("{report}"),
        Err(e) => {
            eprintln!("solve: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// The report on the position the arguments describe.
fn solve(args: &[String]) -> Result<String, Box<dyn std::error::Error>> {
    let (rules, text) = match args {
        [] => (Rules::tic_tac_toe(), ".../.../..."),
        [size, k, text] => {
            let size: Size = size.parse()?;
            (
                Rules::new(size.width, size.height, Some(k.parse()?))?,
                text.as_str(),
            )
        }
        _ => return Err("give no arguments, or SIZE K POSITION".into()),
    };
    let board = Board::from_text(rules, text)?;
    // Auto picks the exact solver or the proof search, whichever suits the board.
    let report = exact::solve(
        &board,
        Algorithm::Auto,
        SolverConfig::default(),
        &Go::default(),
    )?;
    let best: Vec<String> = report
        .best_moves
        .iter()
        .map(|&c| board.cell_name(c))
        .collect();
    Ok(format!(
        "{} to move: {} (best: {}; {} nodes)",
        board.to_move(),
        report.verdict,
        best.join(" "),
        report.nodes
    ))
}

#[test]
fn tic_tac_toe_is_a_draw_and_a_won_position_is_won() {
    let empty = solve(&[]).unwrap();
    assert!(empty.starts_with("x to move: draw"), "{empty}");
    let args = ["3x3", "3", "xx./oo./..."].map(String::from);
    let won = solve(&args).unwrap();
    assert!(
        won.starts_with("x to move: win in 1 ply (best: c3;"),
        "{won}"
    );
    assert!(solve(&["3x3".to_string()]).is_err());
}
