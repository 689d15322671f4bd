//! `boardkit 2048 …`: the 2048 commands, one module each (the two judge
//! problems share one), and their tour stops.

mod ai;
mod judge;
mod network_file;
mod play;
pub(crate) mod tables;
mod train;

use clap::Subcommand;

use crate::error::CliError;
use crate::report::StopFn;

/// The 2048 commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Largest tile reachable within K moves, no new tiles (Baekjoon 12100).
    ///
    /// Input: N (1..=20), then N lines of N tile values (0 = empty).
    ///
    /// Example: printf '3\n4 4 8\n2 0 2\n0 0 0\n' | boardkit 2048 max-tile --show
    #[command(name = "max-tile", verbatim_doc_comment)]
    MaxTile(judge::MaxTileArgs),
    /// Which of DOWN LEFT RIGHT UP change each board (beecrowd 1559).
    ///
    /// Input: T, then T boards of 4 x 4 values (0 or 2..2048); whitespace is free.
    ///
    /// Example: printf '1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n' | boardkit 2048 moves
    #[command(verbatim_doc_comment)]
    Moves(judge::MovesArgs),
    /// The expectimax AI plays seeded 4 x 4 games: max tile, score, speed.
    ///
    /// Input: none; game i plays from seed S + i with the real rules.
    ///
    /// Example: boardkit 2048 ai --games 4 --seed 1 --until 2048 --no-timing
    #[command(verbatim_doc_comment)]
    Ai(ai::AiArgs),
    /// The AI's move and the expected value of each legal move on a board.
    ///
    /// Input: N, then N lines of N tile values (the 12100 format); the AI plays 4 x 4.
    ///
    /// Example: printf '4\n2 2 0 0\n4 0 0 0\n0 0 0 0\n0 0 0 0\n' | boardkit 2048 hint
    #[command(verbatim_doc_comment)]
    Hint(ai::HintArgs),
    /// Play 2048 in the terminal: moves, undo, AI hints, high score.
    ///
    /// Keys: arrows, WASD or hjkl move; u undoes; ? asks the AI; n new game; q quits.
    ///
    /// Example: boardkit 2048 play --size 5 --seed 7
    #[command(verbatim_doc_comment)]
    Play(play::PlayArgs),
    /// Learn an n-tuple network for the AI by self-play (TD learning).
    ///
    /// Saves the network (256 MiB) for `ai --ntuple` and `hint --ntuple`; seeded and
    /// deterministic; --from continues an earlier run.
    ///
    /// Example: boardkit 2048 train --games 1000 --out net.bin
    #[command(verbatim_doc_comment)]
    Train(train::TrainArgs),
    /// The AI's late-game lookup tables: build them ahead of their first use.
    ///
    /// ai and hint read them from the cache directory (or --tables DIR) and build
    /// them there when missing or damaged.
    ///
    /// Example: boardkit 2048 tables build
    #[command(subcommand, verbatim_doc_comment)]
    Tables(tables::TablesCommand),
}

/// Runs a 2048 command and returns what it prints.
pub fn run(cmd: Command) -> Result<String, CliError> {
    match cmd {
        Command::MaxTile(args) => judge::run_max_tile(&args),
        Command::Moves(args) => judge::run_moves(&args),
        Command::Ai(args) => ai::run_ai(&args),
        Command::Hint(args) => ai::run_hint(&args),
        Command::Play(args) => play::run_play(&args),
        Command::Train(args) => train::run_train(&args),
        Command::Tables(cmd) => tables::run(&cmd),
    }
}

/// The 2048 stops of `boardkit tour`, in order, each with its `--only` name.
pub fn tour_stops() -> Vec<(&'static str, StopFn)> {
    vec![
        ("2048 max-tile", judge::tour::max_tile),
        ("2048 moves", judge::tour::legal_moves),
        ("2048 ai", ai::tour::ai_game),
    ]
}
