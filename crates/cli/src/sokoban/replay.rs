//! `boardkit sokoban replay`: key presses replayed on boards in the judge
//! format (Baekjoon 4577), and its tour stop.

use std::path::PathBuf;

use boardkit_sokoban::judge;
use clap::Args;
use serde::Serialize;

use crate::error::CliError;
use crate::input;

/// Arguments of `sokoban replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    /// Print one JSON object per game instead of the judge's output.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct ReplayJson {
    game: usize,
    complete: bool,
    keys_used: usize,
    board: Vec<String>,
}

/// Runs `sokoban replay`.
pub fn run(args: &ReplayArgs) -> Result<String, CliError> {
    let text = input::read(args.file.as_deref())?;
    let cases = judge::parse(&text)?;
    if !args.json {
        return Ok(judge::answer(&cases));
    }
    let mut out = String::new();
    for (k, case) in cases.iter().enumerate() {
        let mut state = case.level.start().clone();
        let mut used = 0;
        for &key in &case.keys {
            if state.is_solved() {
                break;
            }
            case.level.try_move(&mut state, key);
            used += 1;
        }
        let json = ReplayJson {
            game: k + 1,
            complete: state.is_solved(),
            keys_used: used,
            board: judge::board(&case.level, &state)
                .lines()
                .map(str::to_string)
                .collect(),
        };
        out.push_str(&serde_json::to_string(&json)?);
        out.push('\n');
    }
    Ok(out)
}

/// The Sokoban stops of `boardkit tour`.
pub mod tour {
    use boardkit_sokoban::judge;

    use crate::error::CliError;
    use crate::report::{timed, Stop};

    /// Two games in the judge format: a level of my own and the keys
    /// pressed, and a second where the keys go on after the level is solved.
    pub const JUDGE_GAMES: &str = "7 8
########
#w.b..##
#.b.+.+#
#..#...#
#.b..+.#
#......#
########
RRRDDLURDDRULLLDDRRUUR
5 7
#######
#w.b.+#
#.....#
#...#.#
#######
RRRUULLDD
0 0
";

    /// Replays the built-in judge games.
    pub fn replay() -> Result<Stop, CliError> {
        let cases = judge::parse(JUDGE_GAMES)?;
        let (answer, elapsed) = timed(|| judge::answer(&cases));
        Ok(Stop {
            title: "Sokoban: replay key presses on two boards (Baekjoon 4577 format)",
            input: JUDGE_GAMES.to_string(),
            answer,
            elapsed,
        })
    }
}
