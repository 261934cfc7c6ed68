//! The `mnk` command: parses arguments and hands each subcommand to its front end.

mod bench;
mod book;
mod common;
mod count;
mod game_args;
mod jobs;
mod live;
mod r#match;
mod play;
mod practice;
mod prove;
mod render;
mod serve;
mod solve;
mod table;
mod teach;
mod tui;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Play, solve and study m,n,k-games: tic-tac-toe, four-in-a-row on 4x4, Gomoku.
#[derive(Parser)]
#[command(name = "mnk", version, about, long_about = None, after_help = NO_COMMAND)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

/// What `mnk` does without a command, for `mnk --help`.
const NO_COMMAND: &str = "\
With no command, mnk starts a game of tic-tac-toe: you are x and move first, the computer
plays o perfectly. In a terminal it is the full-screen game (mnk tui), otherwise the game
line by line (mnk play). 'mnk COMMAND --help' shows the options of a command.";

#[derive(Subcommand)]
enum Command {
    /// The exact value of a position for the side to move, and every best move.
    Solve(solve::SolveArgs),
    /// The exact value of every legal move.
    Analyze(solve::AnalyzeArgs),
    /// Full game-tree statistics: nodes, games, wins, draws, positions.
    Count(count::CountArgs),
    /// Solve every small board from empty: the m,n,k results table of the literature.
    Table(table::TableArgs),
    /// A fixed suite of exact solves: nodes, time, nodes/s and a node-count signature.
    Bench(bench::BenchArgs),
    /// Play a game in the terminal, line by line (human or computer on either side).
    #[command(after_help = game_args::levels_help())]
    Play(play::PlayArgs),
    /// A match between two computer players or Gomocup brains, with a result table.
    Match(r#match::MatchArgs),
    /// The full-screen terminal game: mouse and keyboard, hints, analysis, settings.
    Tui(tui::TuiArgs),
    /// Minimax and alpha-beta on an explicit tree or a real game tree, step by step.
    Tree(teach::TreeArgs),
    /// The work each algorithm does on the same position, side by side.
    Compare(teach::CompareArgs),
    /// Exercises on minimax and alpha-beta that you answer and mnk marks.
    Practice(practice::PracticeArgs),
    /// Serve the game as a local web page with a JSON API (Ctrl-C stops it).
    Serve(serve::ServeArgs),
    /// Check a proof certificate written by `mnk solve --certificate` or `mnk merge`.
    Verify(verify::VerifyArgs),
    /// Where a proof split into jobs stands, and its one certificate once it is settled.
    Merge(jobs::MergeArgs),
    /// Build the opening book of exact values that `perfect` and the analysis start from.
    Book(book::BookArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return common::report_usage_error(&err),
    };
    let (result, json) = match cli.command {
        Some(Command::Solve(args)) => {
            let json = args.common.json;
            (solve::run_solve(args), json)
        }
        Some(Command::Analyze(args)) => {
            let json = args.common.json;
            (solve::run_analyze(args), json)
        }
        Some(Command::Count(args)) => {
            let json = args.common.json;
            (count::run(args), json)
        }
        Some(Command::Table(args)) => {
            let json = args.json;
            (table::run(args), json)
        }
        Some(Command::Bench(args)) => {
            let json = args.json;
            (bench::run(args), json)
        }
        Some(Command::Play(args)) => (play::run(args), false),
        Some(Command::Match(args)) => {
            let json = args.json;
            (r#match::run(args), json)
        }
        Some(Command::Tui(args)) => (tui::run(args), false),
        Some(Command::Tree(args)) => {
            let json = args.json;
            (teach::run_tree(args), json)
        }
        Some(Command::Compare(args)) => {
            let json = args.common.json;
            (teach::run_compare(args), json)
        }
        Some(Command::Practice(args)) => {
            let json = args.json;
            (practice::run(args), json)
        }
        Some(Command::Serve(args)) => (serve::run(args), false),
        Some(Command::Verify(args)) => {
            let json = args.json;
            (verify::run(args), json)
        }
        Some(Command::Merge(args)) => {
            let json = args.json;
            (jobs::run_merge(args), json)
        }
        Some(Command::Book(args)) => (book::run(args), false),
        None => (tui::run_default(), false),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => common::report_error(&err, json),
    }
}
