//! `boardkit sokoban verify`: LURD solutions checked against their levels.

use std::fmt::Write as _;
use std::path::PathBuf;

use boardkit_sokoban::lurd::{self, Blocked, Status, Verdict};
use boardkit_sokoban::Level;
use clap::Args;
use serde::Serialize;

use super::levels::{self, label, select};
use crate::error::CliError;
use crate::input;

/// Arguments of `sokoban verify`: the solutions come from `--solution` or
/// from `--solutions FILE`, one of the two.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("given").required(true).args(["solution", "solutions"])))]
pub struct VerifyArgs {
    /// The XSB level file (`-` for standard input).
    pub levels: PathBuf,
    /// Check only level N (from 1) of the file.
    #[arg(long, value_name = "N", value_parser = crate::values::int::<u64>(crate::values::LEVEL))]
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

/// Runs `sokoban verify`.
pub fn run(args: &VerifyArgs) -> Result<String, CliError> {
    let levels = levels::read(&args.levels)?;
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
