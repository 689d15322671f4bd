//! The best score of dice yut-nori for known rolls, with the line that gets
//! it, on the standard board.
//!
//! `cargo run -p boardkit-yut --example best_score -- 5 4 3 2 1 5 4 3 2 1`
//! (the rolls, 1 to 5; four pieces).

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use boardkit_yut::rolls::parse_rolls;
use boardkit_yut::search::{Limits, Solver};
use boardkit_yut::Board;

fn main() -> ExitCode {
    let text = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let games = match parse_rolls(&text) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let board = Board::standard();
    let Some(mut solver) = Solver::new(&board, 4) else {
        eprintln!("error: four pieces are always allowed");
        return ExitCode::FAILURE;
    };
    let mut out = String::new();
    for game in &games {
        match solver.best_line(&game.rolls, &Limits::default()) {
            Ok(line) => {
                let _ = writeln!(out, "best score {}", line.score);
                for (i, turn) in line.turns.iter().enumerate() {
                    // Writing to a String cannot fail.
                    let _ = match &turn.step {
                        Some(step) => writeln!(
                            out,
                            "turn {:>2}: roll {}, piece {} from {} to {}, score {}",
                            i + 1,
                            turn.roll,
                            step.piece,
                            board.cell(step.from).name,
                            board.cell(step.to).name,
                            turn.score
                        ),
                        None => writeln!(
                            out,
                            "turn {:>2}: roll {}, every piece is home",
                            i + 1,
                            turn.roll
                        ),
                    };
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    // A reader that has gone (`| head`) is not an error worth reporting.
    let _ = std::io::stdout().write_all(out.as_bytes());
    ExitCode::SUCCESS
}
