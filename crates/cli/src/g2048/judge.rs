//! `boardkit 2048 max-tile` (Baekjoon 12100) and `boardkit 2048 moves`
//! (beecrowd 1559): the judge problems, and their tour stops.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use boardkit_2048::format::{
    judge_moves, legal_moves_line, parse_legal_moves, parse_max_tile, Range,
};
use boardkit_2048::max_tile::{best_line_within, max_tile_within, Limits};
use boardkit_2048::params;
use boardkit_2048::tile_value;
use boardkit_grid::Dir;
use clap::Args;
use serde::Serialize;

use crate::error::CliError;
use crate::input;
use crate::values;

/// Arguments of `2048 max-tile`.
#[derive(Args, Debug)]
pub struct MaxTileArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    /// The move budget K.
    #[arg(long, short = 'k', default_value_t = 5, value_parser = values::int::<u32>(params::MOVES))]
    pub moves: u32,
    /// Also print a shortest move sequence (U D L R) reaching the tile, or `-`
    /// when the board already holds it.
    #[arg(long)]
    pub show: bool,
    /// Accept boards up to 256 x 256 and tiles up to 2^127.
    #[arg(long)]
    pub lenient: bool,
    /// Print one JSON object instead of the judge's output.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many seconds (`error: not solved within the time
    /// limit`, exit status 1).
    #[arg(long, value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Option<Duration>,
    /// Memory for the table of boards already searched, e.g. 64M; past it
    /// the table stops growing (slower, never wrong).
    #[arg(long, default_value = "256M", value_name = "SIZE", value_parser = crate::values::bytes)]
    pub memory_limit: u64,
}

/// Arguments of `2048 moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    /// Board side N: each case is N x N values.
    #[arg(long, default_value_t = 4, value_parser = values::int::<u64>(params::SIZE))]
    pub size: u64,
    /// Accept tiles up to 2^127 (a 2048 tile or larger still wins the game).
    #[arg(long)]
    pub lenient: bool,
    /// Print one JSON object per case instead of the judge's output.
    #[arg(long)]
    pub json: bool,
}

fn range(lenient: bool) -> Range {
    if lenient {
        Range::Lenient
    } else {
        Range::Judge
    }
}

/// A move sequence as U D L R letters.
fn letters(line: &[Dir]) -> String {
    line.iter().map(|d| d.letter()).collect()
}

#[derive(Serialize)]
struct MaxTileJson {
    size: usize,
    board: Vec<Vec<u128>>,
    moves: u32,
    max_tile: u128,
    line: String,
}

/// Runs `2048 max-tile`.
pub fn run_max_tile(args: &MaxTileArgs) -> Result<String, CliError> {
    let text = input::read(args.file.as_deref())?;
    let board = parse_max_tile(&text, range(args.lenient))?;
    params::check_budget(&board, args.moves)
        .map_err(|e| CliError::input(format!("--moves {} {e}", args.moves)))?;
    let limits = Limits::with_time(
        args.time_limit,
        usize::try_from(args.memory_limit).unwrap_or(usize::MAX),
    );
    let searched = if args.show || args.json {
        best_line_within(&board, args.moves, &limits)
    } else {
        max_tile_within(&board, args.moves, &limits).map(|best| (best, Vec::new()))
    };
    let (best, line) = searched.map_err(|e| {
        CliError::input(format!(
            "not solved within the time limit of {} s (--moves {}, {} boards searched); raise --time-limit",
            args.time_limit.unwrap_or_default().as_secs_f64(),
            args.moves,
            e.boards
        ))
    })?;
    let mut out = String::new();
    if args.json {
        let json = MaxTileJson {
            size: board.size(),
            board: board.value_rows(),
            moves: args.moves,
            max_tile: tile_value(best),
            line: letters(&line),
        };
        out = serde_json::to_string(&json)?;
        out.push('\n');
    } else {
        let _ = writeln!(out, "{}", tile_value(best));
        if args.show {
            let shown = if line.is_empty() {
                "-".to_string()
            } else {
                letters(&line)
            };
            let _ = writeln!(out, "{shown}");
        }
    }
    Ok(out)
}

#[derive(Serialize)]
struct MovesJson {
    case: usize,
    board: Vec<Vec<u128>>,
    moves: Vec<&'static str>,
}

/// Runs `2048 moves`.
pub fn run_moves(args: &MovesArgs) -> Result<String, CliError> {
    let text = input::read(args.file.as_deref())?;
    let n = usize::try_from(args.size).unwrap_or(usize::MAX);
    let boards = parse_legal_moves(&text, n, range(args.lenient))?;
    let mut out = String::with_capacity(boards.len() * 12);
    for (i, board) in boards.iter().enumerate() {
        if args.json {
            let json = MovesJson {
                case: i + 1,
                board: board.value_rows(),
                moves: judge_moves(board)
                    .alphabetical()
                    .map(|d| d.name())
                    .collect(),
            };
            out.push_str(&serde_json::to_string(&json)?);
        } else {
            out.push_str(&legal_moves_line(board));
        }
        out.push('\n');
    }
    Ok(out)
}

/// The 2048 stops of `boardkit tour`.
pub mod tour {
    use std::fmt::Write as _;

    use boardkit_2048::format::{legal_moves_line, parse_legal_moves, parse_max_tile, Range};
    use boardkit_2048::max_tile::best_line;
    use boardkit_2048::tile_value;

    use super::letters;
    use crate::error::CliError;
    use crate::report::{timed, Stop};

    /// A dense 20 x 20 board of random tiles from 2 to 1024.
    const DENSE20: &str = include_str!("dense20.txt");

    /// A few 4 x 4 positions: an opening, a locked corner, a full board with
    /// one merge, a stuck board, and a won board.
    const FOUR_BY_FOUR: &str = "5
0 0 0 0
0 2 0 0
0 0 0 2
0 0 0 0

64 0 0 0
32 0 0 0
16 0 0 0
8 4 2 0

2 4 2 4
4 2 4 2
2 4 8 8
4 2 4 2

2 4 2 4
4 2 4 2
2 4 2 4
4 2 4 2

2048 2 0 0
0 0 0 0
0 0 0 0
0 0 0 0
";

    /// The largest tile within 10 moves on the dense 20 x 20 board.
    pub fn max_tile() -> Result<Stop, CliError> {
        let board = parse_max_tile(DENSE20, Range::Judge)?;
        let ((best, line), elapsed) = timed(|| best_line(&board, 10));
        Ok(Stop {
            title: "2048: largest tile within K = 10 moves on a dense 20 x 20 board",
            input: board.to_string(),
            answer: format!(
                "{} after {} moves: {}",
                tile_value(best),
                line.len(),
                letters(&line)
            ),
            elapsed,
        })
    }

    /// The legal moves of the built-in 4 x 4 boards.
    pub fn legal_moves() -> Result<Stop, CliError> {
        let boards = parse_legal_moves(FOUR_BY_FOUR, 4, Range::Judge)?;
        let (lines, elapsed) = timed(|| boards.iter().map(legal_moves_line).collect::<Vec<_>>());
        let mut input = String::new();
        let mut answer = String::new();
        for (i, (board, line)) in boards.iter().zip(&lines).enumerate() {
            let _ = writeln!(input, "board {}:\n{board}", i + 1);
            let _ = writeln!(answer, "board {}: {line}", i + 1);
        }
        Ok(Stop {
            title: "2048: legal moves of five 4 x 4 boards",
            input,
            answer,
            elapsed,
        })
    }
}
