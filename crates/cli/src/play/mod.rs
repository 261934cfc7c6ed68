//! `mnk play`: the line-mode game. A thin shell over [`mnk_engine::session`]: it reads lines,
//! hands moves and commands to the session and prints what the session says. It works the
//! same with a terminal or with piped input, one line per move or command; bad input gets one
//! line saying why and the same prompt again; end of input ends the program cleanly.

mod view;

use crate::game_args::GameArgs;
use clap::Args;
use mnk_engine::session::{Record, Session, SessionConfig, SessionError};
use mnk_engine::Go;
use mnk_engine::PositionError;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Options of `mnk play`.
#[derive(Args, Debug, Default)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// After each computer move, print the value of every candidate and the search work.
    #[arg(long)]
    pub explain: bool,
    /// Save the game to FILE after every move (a small text format, see the README). With
    /// --load, the game is saved to FILE instead of the file it was loaded from.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Replay the game saved in FILE, then carry on if it is unfinished, saving every move
    /// back to FILE (unless --record names another file or --no-record is given). --x and --o
    /// replace the recorded players.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "k", "first"])]
    pub load: Option<PathBuf>,
    /// Save nothing, not even to the file given to --load.
    #[arg(long, conflicts_with = "record")]
    pub no_record: bool,
}

/// Runs `mnk play` on standard input and output.
pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    let seed = args.game.seed_or_random();
    let (session, loaded) = match &args.load {
        Some(path) => {
            // The error edge prints only the outermost message, so the cause goes inside it.
            let text = std::fs::read_to_string(path).map_err(|e| {
                anyhow::anyhow!("cannot read the game record {}: {e}", path.display())
            })?;
            let mut record = Record::parse(&text)
                .map_err(|e| anyhow::anyhow!("cannot load {}: {e}", path.display()))?;
            record.x = args.game.x.unwrap_or(record.x);
            record.o = args.game.o.unwrap_or(record.o);
            (Session::from_record(&record, seed, args.explain)?, true)
        }
        None => {
            let config = SessionConfig {
                explain: args.explain,
                ..args.game.session_config(seed)?
            };
            (Session::new(config)?, false)
        }
    };
    // A loaded game goes on being saved where it came from, unless told otherwise.
    let record = match (args.no_record, args.record, &args.load) {
        (true, _, _) => None,
        (false, Some(path), _) => Some(path),
        (false, None, load) => load.clone(),
    };
    let unchanged = record.is_some() && record == args.load;
    let mut game = Game {
        session,
        go: args.game.move_time.go(),
        input: std::io::stdin().lock(),
        out: std::io::stdout().lock(),
        record,
        seed,
    };
    // The file a game was just loaded from already holds it (comments and all).
    if !unchanged {
        game.save()?;
    }
    game.run(loaded)
}

/// `mnk` with no arguments: tic-tac-toe, you are x and move first, the computer is perfect.
pub fn run_default() -> anyhow::Result<()> {
    run(PlayArgs::default())
}

/// What the reader of one line decided.
enum Flow {
    /// Carry on with the game.
    Continue,
    /// Stop the program (quit or end of input).
    Stop,
}

/// A game on a line-based input and output.
struct Game<R, W> {
    session: Session,
    /// What each computer move, hint and ponder may use.
    go: Go,
    input: R,
    out: W,
    record: Option<PathBuf>,
    seed: u64,
}

impl<R: BufRead, W: Write> Game<R, W> {
    fn run(&mut self, loaded: bool) -> anyhow::Result<()> {
        write!(self.out, "{}", view::banner(&self.session))?;
        if self.session.config().explain {
            writeln!(
                self.out,
                "Seed {} (give --seed {} to replay).",
                self.seed, self.seed
            )?;
        }
        if loaded {
            let moves = self.session.moves();
            writeln!(
                self.out,
                "Loaded a game of {} moves: {}.",
                moves.len(),
                if moves.is_empty() {
                    "none".to_string()
                } else {
                    view::names(&self.session, &moves)
                }
            )?;
        }
        loop {
            write!(self.out, "{}", view::board(&self.session))?;
            if let Flow::Stop = self.play_one()? {
                return Ok(());
            }
            if let Flow::Stop = self.after_the_end()? {
                return Ok(());
            }
        }
    }

    /// Plays until the game ends (Continue) or the user stops (Stop).
    fn play_one(&mut self) -> anyhow::Result<Flow> {
        while !self.session.is_over() {
            if self.session.computer_to_move() {
                self.computer_turn()?;
                continue;
            }
            let side = self.session.to_move();
            let prompt = format!("{} to move: ", view::who(&self.session, side));
            // In a terminal the computer thinks on the human's time until the line comes in;
            // piped input is answered at once, so there is nothing to gain there.
            let ponder = std::io::IsTerminal::is_terminal(&std::io::stdin())
                .then(|| self.session.start_ponder(self.go.clone()))
                .flatten();
            let line = self.read_line(&prompt);
            if let Some(ponder) = ponder {
                ponder.stop();
                // Stopped or not, the ponder only hands back the computer's tables.
                let _ = self.session.finish_think(ponder.join());
            }
            let Some(line) = line? else {
                return self.end_of_input();
            };
            if let Flow::Stop = self.handle(&line)? {
                return Ok(Flow::Stop);
            }
        }
        writeln!(self.out, "{}", view::result(&self.session))?;
        Ok(Flow::Continue)
    }

    /// The offer to play again. Continue means a game is ready to play (new or undone).
    fn after_the_end(&mut self) -> anyhow::Result<Flow> {
        loop {
            let Some(line) = self.read_line("Play again? (y/n): ")? else {
                return self.end_of_input();
            };
            match line.trim().to_ascii_lowercase().as_str() {
                "y" | "yes" => {
                    self.session.restart();
                    self.save()?;
                    writeln!(self.out, "New game.")?;
                    return Ok(Flow::Continue);
                }
                "n" | "no" | "q" | "quit" | "exit" => {
                    writeln!(self.out, "Goodbye.")?;
                    return Ok(Flow::Stop);
                }
                "undo" | "u" => {
                    if self.undo()? {
                        return Ok(Flow::Continue);
                    }
                }
                "help" | "?" => writeln!(
                    self.out,
                    "The game is over: answer y to play again, n to stop, or undo to take back \
                     your last move."
                )?,
                _ => writeln!(
                    self.out,
                    "The game is over ({}): answer y to play again or n to stop.",
                    view::short_result(&self.session)
                )?,
            }
        }
    }

    /// One line typed while a human is to move.
    fn handle(&mut self, line: &str) -> anyhow::Result<Flow> {
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {
                let cells = self.session.board().rules().cells();
                writeln!(
                    self.out,
                    "Please type a move (like b2, or a cell number 1..{cells}) or a command \
                     (help lists them)."
                )?;
            }
            "q" | "quit" | "exit" => {
                writeln!(self.out, "{}Goodbye.", self.unfinished_note())?;
                return Ok(Flow::Stop);
            }
            "help" | "?" => write!(self.out, "{}", view::help(&self.session))?,
            "board" => write!(self.out, "{}", view::board(&self.session))?,
            "undo" | "u" => {
                self.undo()?;
            }
            "hint" | "h" => self.hint()?,
            _ => match self.session.play_text(text) {
                Ok(cell) => {
                    let side = self.session.board().to_move().other();
                    let name = self.session.board().cell_name(cell);
                    writeln!(self.out, "{side} plays {name}.")?;
                    self.save()?;
                    // The computer's reply comes with its own drawing of the board.
                    if !self.session.computer_to_move() {
                        write!(self.out, "{}", view::board(&self.session))?;
                    }
                }
                Err(err) => {
                    let extra = match err {
                        SessionError::Notation(_) => " Type help for the commands.",
                        SessionError::Position(PositionError::Forbidden { .. }) => {
                            " Choose another cell."
                        }
                        SessionError::Position(_) => " Choose an empty cell.",
                        _ => "",
                    };
                    writeln!(self.out, "{}{extra}", view::sentence(&err.to_string()))?;
                }
            },
        }
        Ok(Flow::Continue)
    }

    fn computer_turn(&mut self) -> anyhow::Result<()> {
        let side = self.session.to_move();
        let start = Instant::now();
        let thought = self.session.computer_move(&self.go)?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let name = self.session.board().cell_name(thought.cell);
        writeln!(self.out, "{} plays {name}.", view::who(&self.session, side))?;
        if self.session.config().explain {
            write!(
                self.out,
                "{}",
                view::explain(&self.session, side, &thought, ms)
            )?;
        }
        self.save()?;
        write!(self.out, "{}", view::board(&self.session))?;
        Ok(())
    }

    /// Takes back the last human move and the replies; says what happened. True if undone.
    fn undo(&mut self) -> anyhow::Result<bool> {
        match self.session.undo() {
            Ok(taken) => {
                writeln!(
                    self.out,
                    "Took back {}.",
                    view::names(&self.session, &taken).replace(' ', " and ")
                )?;
                self.save()?;
                write!(self.out, "{}", view::board(&self.session))?;
                Ok(true)
            }
            Err(err) => {
                writeln!(self.out, "{}", view::sentence(&err.to_string()))?;
                Ok(false)
            }
        }
    }

    fn hint(&mut self) -> anyhow::Result<()> {
        let side = self.session.to_move();
        let thought = self.session.hint(&self.go)?;
        let b = self.session.board();
        let mut line = format!(
            "Hint: {} (cell {})",
            b.cell_name(thought.cell),
            thought.cell + 1
        );
        if let Some(v) = thought.verdict {
            line.push_str(&format!(", {} for {side}", view::verdict(v)));
        }
        let others: Vec<usize> = thought
            .best
            .iter()
            .copied()
            .filter(|&c| c != thought.cell)
            .collect();
        if !others.is_empty() {
            line.push_str(&format!(
                "; as good: {}",
                view::names(&self.session, &others)
            ));
        }
        writeln!(self.out, "{line}.")?;
        Ok(())
    }

    fn unfinished_note(&self) -> String {
        match &self.record {
            Some(path) if !self.session.is_over() => format!(
                "The unfinished game is saved in {}; continue it with --load. ",
                path.display()
            ),
            _ => String::new(),
        }
    }

    fn end_of_input(&mut self) -> anyhow::Result<Flow> {
        writeln!(self.out)?;
        writeln!(self.out, "End of input. {}Goodbye.", self.unfinished_note())?;
        Ok(Flow::Stop)
    }

    /// Prints the prompt and reads one line; `None` at end of input.
    fn read_line(&mut self, prompt: &str) -> anyhow::Result<Option<String>> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let mut line = String::new();
        // Bytes that are not UTF-8 are bad input like any other, not a reason to stop.
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        line.push_str(&String::from_utf8_lossy(&bytes));
        let line = line.trim_end_matches(['\n', '\r']).to_string();
        // Echo piped input so a transcript reads like a terminal session.
        if !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    /// Writes the record file, when one was asked for.
    fn save(&mut self) -> anyhow::Result<()> {
        if let Some(path) = &self.record {
            std::fs::write(path, self.session.to_record().to_text()).map_err(|e| {
                anyhow::anyhow!("cannot write the game record {}: {e}", path.display())
            })?;
        }
        Ok(())
    }
}
