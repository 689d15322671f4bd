//! `boardkit`: exact engines and solvers for grid puzzle games.
//!
//! The binary is thin: it parses arguments (clap), reads input, calls the
//! game crates and prints. Each game's commands live in their own module.

mod cmd_2048;
mod cmd_sokoban;
mod cmd_sokoban_solve;
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
#[command(name = "boardkit", version, about, long_about = None, propagate_version = true)]
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
    /// Run each game's headline computation on built-in inputs and time it.
    Tour(tour::Args),
}

fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        Command::G2048(cmd) => cmd_2048::run(cmd),
        Command::Sokoban(cmd) => cmd_sokoban::run(cmd),
        Command::Tour(args) => tour::run(&args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
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
