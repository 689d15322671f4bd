//! `boardkit`: exact engines and solvers for grid puzzle games.
//!
//! The binary is thin: it parses arguments (clap), reads input, calls the
//! game crates and prints. Each game's commands live in their own module.

mod cmd_2048;
mod cmd_2048_ai;
mod cmd_2048_play;
mod cmd_cover;
mod cmd_sokoban;
mod cmd_sokoban_solve;
mod cmd_yut;
mod error;
mod input;
mod tour;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Exact engines and solvers for grid puzzle games: 2048, Sokoban, board
/// covers and dice yut-nori.
#[derive(Parser, Debug)]
#[command(name = "boardkit", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// 2048: slide-and-merge on N x N boards.
    #[command(name = "2048", subcommand)]
    G2048(cmd_2048::Command),
    /// Sokoban: push boxes onto goals.
    #[command(subcommand)]
    Sokoban(cmd_sokoban::Command),
    /// Board cover: count and draw coverings by L-trominoes or other pieces.
    #[command(subcommand)]
    Cover(cmd_cover::Command),
    /// Dice yut-nori: the best score over known rolls, on any board.
    #[command(subcommand)]
    Yut(cmd_yut::Command),
    /// Run each game's headline computation on built-in inputs and time it.
    Tour(tour::Args),
}

fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        Command::G2048(cmd) => cmd_2048::run(cmd),
        Command::Sokoban(cmd) => cmd_sokoban::run(cmd),
        Command::Cover(cmd) => cmd_cover::run(cmd),
        Command::Yut(cmd) => cmd_yut::run(cmd),
        Command::Tour(args) => tour::run(&args),
    }
}

/// Exit status for a bug in boardkit itself (a panic).
const INTERNAL_ERROR: u8 = 3;

/// Turns any panic that escapes the checks into a short report and exit
/// status 3, instead of Rust's default backtrace message.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        eprintln!(
            "error: internal error{place}: {what}\n\
             This is a bug in boardkit; please report it with the command and input that caused it."
        );
    }));
}

fn main() -> ExitCode {
    install_panic_hook();
    let cli = Cli::parse();
    let result = match std::panic::catch_unwind(|| run(cli)) {
        Ok(result) => result,
        Err(_) => return ExitCode::from(INTERNAL_ERROR),
    };
    match result {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            match stdout
                .write_all(out.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write output: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Err(e) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(e.code)
        }
    }
}
