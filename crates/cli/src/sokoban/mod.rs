//! `boardkit sokoban …`: the Sokoban commands, one module each, and their
//! tour stops.

use clap::Subcommand;

use crate::error::CliError;
use crate::report::StopFn;

mod levels;
mod play;
mod replay;
mod solve;
mod verify;

/// The Sokoban commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replay key presses on boards and show the result (Baekjoon 4577).
    ///
    /// Input: games of `R C`, R rows of C characters (. # + b B w W), a line of
    /// keys (U D L R); the line `0 0` ends the input. Keys after a game is
    /// complete are ignored.
    ///
    /// Example: printf '4 5\n#####\n#wb+#\n#...#\n#####\nRR\n0 0\n' | boardkit sokoban replay
    #[command(verbatim_doc_comment)]
    Replay(replay::ReplayArgs),
    /// Check LURD solutions: legal, solving, with move and push counts.
    ///
    /// Input: an XSB level file (# wall, @ worker, + worker on goal, $ box, * box
    /// on goal, . goal, space - _ floor; levels separated by blank or comment
    /// lines), and a solution in LURD (l u r d moves, L U R D pushes) or a file
    /// of solutions, one line per level. A push written in lower case (or a move
    /// in upper case) is a warning on stderr, not an error. Exit status 1 when a
    /// solution is illegal or does not solve its level (the report is then on
    /// stderr), except with --json.
    ///
    /// Example: printf '#######\n#@ $ .#\n#######\n' | boardkit sokoban verify - --solution rRR
    #[command(verbatim_doc_comment)]
    Verify(verify::VerifyArgs),
    /// Play in the terminal: the built-in levels, or the levels of a file.
    ///
    /// Input: an XSB level file (a collection of any number of levels), or
    /// nothing for boardkit's twelve built-in levels.
    /// Keys: arrows, WASD or hjkl move; u, z or Backspace undo; y or Ctrl-R
    /// redo; r restarts; n and p go to the next and previous level; q or Esc
    /// quits.
    ///
    /// Example: boardkit sokoban play --level 3
    #[command(verbatim_doc_comment)]
    Play(play::PlayArgs),
    /// Solve levels: a push search with deadlock pruning and a matching
    /// bound; every solution is replayed through the rules before it is
    /// printed.
    ///
    /// Input: an XSB level file (a collection of any number of levels), or
    /// nothing for boardkit's built-in levels. Prints per level the result
    /// (solved with moves, pushes, time and the LURD solution; no solution;
    /// or unsolved and the limit reached), then solved X of Y with total and
    /// median time.
    ///
    /// Example: boardkit sokoban solve --levels 1-3
    #[command(verbatim_doc_comment)]
    Solve(solve::SolveArgs),
}

/// The Sokoban stops of `boardkit tour`, in order, each with its `--only`
/// name.
pub fn tour_stops() -> Vec<(&'static str, StopFn)> {
    vec![
        ("sokoban replay", replay::tour::replay),
        ("sokoban solve", solve::tour::solve),
    ]
}

/// Runs a Sokoban command and returns what it prints.
pub fn run(cmd: Command) -> Result<String, CliError> {
    match cmd {
        Command::Replay(args) => replay::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Play(args) => play::run_play(&args),
        Command::Solve(args) => solve::run(&args),
    }
}
