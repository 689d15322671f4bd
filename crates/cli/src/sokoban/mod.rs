//! `boardkit sokoban …`: the Sokoban commands.

use std::fmt::Write as _;
use std::path::PathBuf;

use boardkit_sokoban::lurd::{self, Blocked, Status, Verdict};
use boardkit_sokoban::{judge, xsb, Level};
use clap::{Args, Subcommand};
use serde::Serialize;

use self::levels::{label, select};
use crate::error::CliError;
use crate::input;
use crate::report::StopFn;

mod levels;
mod play;
mod solve;

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
    Replay(ReplayArgs),
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
    Verify(VerifyArgs),
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
    Play(PlayArgs),
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

/// Arguments of `sokoban play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// XSB level file (the built-in levels when absent; `-` for standard
    /// input).
    pub file: Option<PathBuf>,
    /// Start at level N (from 1).
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = levels::number)]
    pub level: u64,
}

/// Arguments of `sokoban replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// Input file (standard input when absent or `-`).
    pub file: Option<PathBuf>,
    /// Print one JSON object per game instead of the judge's output.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `sokoban verify`: the solutions come from `--solution` or
/// from `--solutions FILE`, one of the two.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("given").required(true).args(["solution", "solutions"])))]
pub struct VerifyArgs {
    /// The XSB level file (`-` for standard input).
    pub levels: PathBuf,
    /// Check only level N (from 1) of the file.
    #[arg(long, value_name = "N", value_parser = levels::number)]
    pub level: Option<u64>,
    /// The solution in LURD notation (for one level).
    #[arg(long, value_name = "LURD", conflicts_with = "solutions")]
    pub solution: Option<String>,
    /// A file of solutions, one line per level (blank lines and `;` comments
    /// are skipped); with --level, one solution for that level, or one per
    /// level of the file.
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<PathBuf>,
    /// Print one JSON object per level (and exit 0 whatever the verdicts).
    #[arg(long)]
    pub json: bool,
}

/// The Sokoban stops of `boardkit tour`, in order, each with its `--only`
/// name.
pub fn tour_stops() -> Vec<(&'static str, StopFn)> {
    vec![
        ("sokoban replay", tour::replay),
        ("sokoban solve", solve::tour::solve),
    ]
}

/// Runs a Sokoban command and returns what it prints.
pub fn run(cmd: Command) -> Result<String, CliError> {
    match cmd {
        Command::Replay(args) => run_replay(&args),
        Command::Verify(args) => run_verify(&args),
        Command::Play(args) => run_play(&args),
        Command::Solve(args) => solve::run(&args),
    }
}

#[derive(Serialize)]
struct ReplayJson {
    game: usize,
    complete: bool,
    keys_used: usize,
    board: Vec<String>,
}

fn run_replay(args: &ReplayArgs) -> Result<String, CliError> {
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

fn run_play(args: &PlayArgs) -> Result<String, CliError> {
    let (set, levels) = match &args.file {
        None => ("boardkit".to_string(), boardkit_sokoban::builtin::levels()),
        Some(path) => {
            let text = input::read(Some(path))?;
            let name = path.file_stem().map_or_else(
                || "levels".to_string(),
                |s| s.to_string_lossy().into_owned(),
            );
            (name, xsb::parse_collection(&text)?)
        }
    };
    if levels.is_empty() {
        return Err(CliError::input("no level found in the file"));
    }
    let (n, _) = select(&levels, Some(args.level))?
        .into_iter()
        .next()
        .ok_or_else(|| CliError::input("no level found in the file"))?;
    let app = play::App::new(set, levels, n - 1)
        .ok_or_else(|| CliError::input("no level found in the file"))?;
    play::run(app)
}

/// The non-blank, non-comment lines of a solutions file, with line numbers.
fn solution_lines(text: &str) -> Vec<(usize, &str)> {
    boardkit_grid::clean_input(text)
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with(';'))
        .collect()
}

#[derive(Serialize)]
struct VerifyJson {
    level: usize,
    title: Option<String>,
    status: &'static str,
    moves: usize,
    pushes: usize,
    boxes_off_goal: usize,
    illegal_move: Option<usize>,
    solved_after: Option<usize>,
    lowercase_pushes: usize,
    uppercase_moves: usize,
}

fn describe(verdict: &Verdict) -> String {
    let counts = |v: &Verdict| {
        format!(
            "{} move{}, {} push{}",
            v.moves,
            if v.moves == 1 { "" } else { "s" },
            v.pushes,
            if v.pushes == 1 { "" } else { "es" }
        )
    };
    match verdict.status {
        Status::Solved => format!("solved in {}", counts(verdict)),
        Status::Unsolved { boxes_off_goal } => format!(
            "not solved: {boxes_off_goal} box{} off goals after {}",
            if boxes_off_goal == 1 { "" } else { "es" },
            counts(verdict)
        ),
        Status::Illegal {
            at,
            letter,
            blocked,
        } => format!(
            "illegal move {at} `{letter}`: {} (after {})",
            match blocked {
                Blocked::Wall => "a wall is in the way",
                Blocked::Box => "the box cannot move: a wall or a box is behind it",
                _ => "something is in the way",
            },
            counts(verdict)
        ),
        _ => format!("not solved after {}", counts(verdict)),
    }
}

fn warnings(name: &str, v: &Verdict) -> Vec<String> {
    let mut out = Vec::new();
    let mut case_warning = |list: &[usize], one: &str, many: &str, rule: &str| {
        if let Some(first) = list.first() {
            let n = list.len();
            let what = if n == 1 { one } else { many };
            out.push(format!(
                "warning: {name}: {n} {what} (first at move {first}); LURD writes {rule}"
            ));
        }
    };
    case_warning(
        &v.lowercase_pushes,
        "push written in lower case",
        "pushes written in lower case",
        "pushes in upper case",
    );
    case_warning(
        &v.uppercase_moves,
        "move written in upper case",
        "moves written in upper case",
        "moves that push nothing in lower case",
    );
    if let Some(at) = v.solved_early {
        out.push(format!(
            "warning: {name}: solved after move {at}; the solution goes on for {} more",
            v.moves - at
        ));
    }
    out
}

fn run_verify(args: &VerifyArgs) -> Result<String, CliError> {
    let text = input::read(Some(&args.levels))?;
    let levels = xsb::parse_collection(&text)?;
    if levels.is_empty() {
        return Err(CliError::input(format!(
            "{}: no level found",
            args.levels.display()
        )));
    }
    let chosen = select(&levels, args.level)?;
    // Pair each chosen level with its solution text and where it came from:
    // `--solution`, or the solutions file and the line holding it.
    let mut jobs: Vec<(usize, &Level, String, String, Option<usize>)> = Vec::new();
    if let Some(solution) = &args.solution {
        if chosen.len() != 1 {
            return Err(CliError::input(format!(
                "the file has {} levels: choose one with --level N, or give --solutions FILE",
                levels.len()
            )));
        }
        for (n, level) in chosen {
            jobs.push((n, level, solution.clone(), "--solution".to_string(), None));
        }
    } else if let Some(path) = &args.solutions {
        let sol_text = input::read(Some(path))?;
        let lines = solution_lines(&sol_text);
        let pick: Vec<(usize, &str)> = if lines.len() == chosen.len() {
            lines
        } else if args.level.is_some() && lines.len() == levels.len() {
            chosen
                .iter()
                .filter_map(|&(n, _)| lines.get(n - 1).copied())
                .collect()
        } else {
            return Err(CliError::input(format!(
                "{}: {} solution line{} for {} level{}",
                path.display(),
                lines.len(),
                if lines.len() == 1 { "" } else { "s" },
                chosen.len(),
                if chosen.len() == 1 { "" } else { "s" }
            )));
        };
        for ((n, level), (line, sol)) in chosen.into_iter().zip(pick) {
            jobs.push((
                n,
                level,
                sol.to_string(),
                path.display().to_string(),
                Some(line),
            ));
        }
    }

    let mut out = String::new();
    let mut warn = Vec::new();
    let mut failed = 0;
    for (n, level, solution, source, file_line) in &jobs {
        let steps = lurd::parse(solution).map_err(|mut e| {
            // A line of the file is parsed alone: its line 1 is `file_line`.
            e.line = file_line.or(e.line);
            CliError::input(format!("{source}, {e}"))
        })?;
        let verdict = lurd::verify(level, &steps);
        let name = label(*n, level);
        if verdict.status != Status::Solved {
            failed += 1;
        }
        warn.extend(warnings(&name, &verdict));
        if args.json {
            let (status, illegal_move, off) = match verdict.status {
                Status::Solved => ("solved", None, 0),
                Status::Unsolved { boxes_off_goal } => ("unsolved", None, boxes_off_goal),
                Status::Illegal { at, .. } => ("illegal", Some(at), 0),
                _ => ("unsolved", None, 0),
            };
            let json = VerifyJson {
                level: *n,
                title: level.title().map(str::to_string),
                status,
                moves: verdict.moves,
                pushes: verdict.pushes,
                boxes_off_goal: off,
                illegal_move,
                solved_after: verdict.solved_early,
                lowercase_pushes: verdict.lowercase_pushes.len(),
                uppercase_moves: verdict.uppercase_moves.len(),
            };
            out.push_str(&serde_json::to_string(&json)?);
            out.push('\n');
        } else {
            let _ = writeln!(out, "{name}: {}", describe(&verdict));
        }
    }
    for w in &warn {
        eprintln!("{w}");
    }
    if failed > 0 && !args.json {
        return Err(CliError::input(format!(
            "{failed} of {} solution{} fail{}:\n{}",
            jobs.len(),
            if jobs.len() == 1 { "" } else { "s" },
            if failed == 1 { "s" } else { "" },
            out.trim_end()
        )));
    }
    Ok(out)
}

/// The Sokoban stops of `boardkit tour`.
mod tour {
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
