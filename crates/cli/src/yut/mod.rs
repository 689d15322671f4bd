//! `boardkit yut …`: the dice yut-nori commands.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use boardkit_grid::value::IntParam;
use boardkit_yut::file::{parse_board, to_json, to_toml};
use boardkit_yut::rolls::{parse_rolls, Game};
use boardkit_yut::search::{Limits, Line, NamedTurn, SearchError, Solver, PIECES};
use boardkit_yut::Board;
use clap::{Args, Subcommand};
use serde::Serialize;

use crate::error::CliError;
use crate::input;
use crate::values;

/// `--max-states`: positions held at once.
const MAX_STATES: IntParam = IntParam::new("a number of positions", 1, u64::MAX as i128);

/// The yut-nori commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Best score for known die rolls, 4 pieces by default, any board (Baekjoon 17825).
    ///
    /// Input: one line of rolls (1..5) per game; the judge gives one line of 10.
    ///
    /// Example: echo '2 3 1 5 4 2 3 5 1 4' | boardkit yut best --show
    #[command(verbatim_doc_comment)]
    Best(BestArgs),
    /// Print a board in the board-file format, to start a board of your own.
    ///
    /// Input: none; the standard board, or --board FILE (TOML or JSON) checked and reprinted.
    ///
    /// Example: boardkit yut board > my-board.toml
    #[command(verbatim_doc_comment)]
    Board(BoardArgs),
}

/// Arguments of `yut best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    /// The number of pieces.
    #[arg(long, short = 'p', default_value_t = 4, value_parser = values::int::<usize>(PIECES))]
    pub pieces: usize,
    /// A board file (TOML or JSON; see `boardkit yut board`) instead of the
    /// standard board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Also print a best line: one row per turn with the roll, the piece
    /// (numbered in the order pieces leave the start), the cells it moves
    /// from and to, the points and the running score.
    #[arg(long)]
    pub show: bool,
    /// Print one JSON object per game (with the best line) instead.
    #[arg(long)]
    pub json: bool,
    /// Give up past this many positions held (bounds memory: 16 to 32 bytes
    /// each); only long games with 7 or 8 pieces come near the default.
    #[arg(long, default_value_t = 20_000_000, value_name = "N", value_parser = values::int::<usize>(MAX_STATES))]
    pub max_states: usize,
    /// Give up after this many seconds.
    #[arg(long, default_value = "60", value_name = "SECONDS", value_parser = crate::values::seconds)]
    pub time_limit: Duration,
    /// Give up past this much memory for positions (at 32 bytes each, per
    /// game being solved), e.g. 512M: a tighter --max-states in bytes.
    #[arg(long, value_name = "SIZE", value_parser = crate::values::bytes)]
    pub memory_limit: Option<u64>,
}

/// Bytes one held position may take (a packed position and its score, in a
/// layer or a hash map).
const POSITION_BYTES: u64 = 32;

/// Arguments of `yut board`.
#[derive(Args, Debug)]
pub struct BoardArgs {
    /// A board file to check and reprint (the standard board when absent).
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Print JSON instead of TOML.
    #[arg(long)]
    pub json: bool,
}

/// Runs a yut command and returns what it prints.
pub fn run(cmd: Command) -> Result<String, CliError> {
    match cmd {
        Command::Best(args) => run_best(&args),
        Command::Board(args) => run_board(&args),
    }
}

/// The standard board, or the board in `path`.
fn load_board(path: Option<&Path>) -> Result<Board, CliError> {
    match path {
        None => Ok(Board::standard()),
        Some(path) => {
            let text = input::read(Some(path))?;
            parse_board(&text)
                .map_err(|e| CliError::input(format!("board {}, {e}", path.display())))
        }
    }
}

fn run_board(args: &BoardArgs) -> Result<String, CliError> {
    let board = load_board(args.board.as_deref())?;
    Ok(if args.json {
        to_json(&board)
    } else {
        to_toml(&board)
    })
}

/// One game's best line in JSON (`--json`); a turn with every piece
/// already on the end has a `null` piece and cells.
#[derive(Serialize)]
struct GameJson<'a> {
    case: usize,
    line: usize,
    pieces: usize,
    rolls: &'a [u8],
    score: u32,
    turns: Vec<NamedTurn>,
}

fn limits(args: &BestArgs) -> Limits {
    let by_memory = args.memory_limit.map_or(usize::MAX, |b| {
        usize::try_from(b / POSITION_BYTES).unwrap_or(usize::MAX)
    });
    Limits {
        max_states: args.max_states.min(by_memory),
        deadline: Instant::now().checked_add(args.time_limit),
        ..Limits::default()
    }
}

/// Games in one input at or above which they are solved on all cores.
const PARALLEL_FROM: usize = 64;

fn run_best(args: &BestArgs) -> Result<String, CliError> {
    let limits = limits(args);
    let board = load_board(args.board.as_deref())?;
    let text = input::read(args.file.as_deref())?;
    let games = parse_rolls(&text)?;
    let solver = Solver::new(&board, args.pieces)
        .ok_or_else(|| CliError::usage(format!("--pieces {}: {}", args.pieces, PIECES.error())))?;
    let solve = |solver: &mut Solver, (i, game): (usize, &Game)| {
        answer(args, &board, solver, &limits, i, game)
    };
    // Each worker reuses its own solver; the answers keep the input order,
    // and the first failing game in that order is the one reported.
    let answers: Vec<Result<String, CliError>> = if games.len() >= PARALLEL_FROM {
        let indexed: Vec<(usize, &Game)> = games.iter().enumerate().collect();
        crate::parallel::run_with(
            crate::parallel::all_cores(),
            "games",
            &indexed,
            || solver.clone(),
            |solver, &game| solve(solver, game),
            |_| None,
        )?
    } else {
        let mut solver = solver;
        games
            .iter()
            .enumerate()
            .map(|g| solve(&mut solver, g))
            .collect()
    };
    let mut out = String::with_capacity(games.len() * 4);
    for answer in answers {
        out.push_str(&answer?);
    }
    Ok(out)
}

/// The output for game `i` (from 0).
fn answer(
    args: &BestArgs,
    board: &Board,
    solver: &mut Solver,
    limits: &Limits,
    i: usize,
    game: &Game,
) -> Result<String, CliError> {
    let fail = |e: SearchError| {
        let raise = match e {
            SearchError::States(_) if args.memory_limit.is_some() => "; raise --memory-limit",
            SearchError::States(_) => "; raise --max-states",
            SearchError::Time => "; raise --time-limit",
            SearchError::BadRoll { .. } | SearchError::Interrupted => "",
        };
        CliError::input(format!("line {}: {e}{raise}", game.line))
    };
    let mut out = String::new();
    if args.json {
        let line = solver.best_line(&game.rolls, limits).map_err(fail)?;
        let json = game_json(board, i + 1, game.line, solver.pieces(), &game.rolls, &line);
        out = serde_json::to_string(&json)?;
        out.push('\n');
    } else if args.show {
        let line = solver.best_line(&game.rolls, limits).map_err(fail)?;
        if i > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "{}", line.score);
        out.push_str(&line_table(board, &line));
    } else {
        let score = solver.best_score(&game.rolls, limits).map_err(fail)?;
        let _ = writeln!(out, "{score}");
    }
    Ok(out)
}

fn game_json<'a>(
    board: &'a Board,
    case: usize,
    line_no: usize,
    pieces: usize,
    rolls: &'a [u8],
    line: &Line,
) -> GameJson<'a> {
    GameJson {
        case,
        line: line_no,
        pieces,
        rolls,
        score: line.score,
        turns: line.named_turns(board),
    }
}

/// A best line as an aligned table, one row per turn; a turn with every
/// piece already on the end shows `-` for the piece and cells.
pub fn line_table(board: &Board, line: &Line) -> String {
    let name_width = board
        .cells()
        .iter()
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "turn  roll  piece  {:<w$}  {:<w$}  points  score",
        "from",
        "to",
        w = name_width
    );
    for (i, t) in line.turns.iter().enumerate() {
        let (piece, from, to, points) = match t.step {
            Some(s) => (
                s.piece.to_string(),
                board.cell(s.from).name.as_str(),
                board.cell(s.to).name.as_str(),
                s.points,
            ),
            None => ("-".to_string(), "-", "-", 0),
        };
        let _ = writeln!(
            out,
            "{:>4}  {:>4}  {:>5}  {from:<w$}  {to:<w$}  {points:>6}  {:>5}",
            i + 1,
            t.roll,
            piece,
            t.score,
            w = name_width
        );
    }
    out
}

/// The yut stops of `boardkit tour`, in order, each with its `--only` name.
pub fn tour_stops() -> Vec<(&'static str, crate::report::StopFn)> {
    vec![("yut best", tour::best_line)]
}

/// The yut stop of `boardkit tour`.
mod tour {
    use boardkit_yut::rolls::parse_rolls;
    use boardkit_yut::search::{Limits, Solver};
    use boardkit_yut::Board;

    use super::line_table;
    use crate::error::CliError;
    use crate::report::{timed, Stop};

    /// Ten rolls that send pieces down two shortcuts and make them queue.
    const ROLLS: &str = "5 3 5 2 5 4 1 3 5 2";

    /// The best line for the built-in rolls on the standard board.
    pub fn best_line() -> Result<Stop, CliError> {
        let board = Board::standard();
        let games = parse_rolls(ROLLS)?;
        let rolls = games.first().map(|g| g.rolls.clone()).unwrap_or_default();
        let mut solver =
            Solver::new(&board, 4).ok_or_else(|| CliError::input("4 pieces are supported"))?;
        let (line, elapsed) = timed(|| solver.best_line(&rolls, &Limits::default()));
        let line = line.map_err(|e| CliError::input(e.to_string()))?;
        Ok(Stop {
            title: "yut: best line for 10 known rolls, 4 pieces, standard board",
            input: format!("{ROLLS}\n"),
            answer: format!("{}\n{}", line.score, line_table(&board, &line)),
            elapsed,
        })
    }
}
