//! Solves every level of an XSB file (or the built-in levels) and prints,
//! per level, its title, how the solve ended, and the solution.
//!
//! ```text
//! cargo run -p boardkit-sokoban --example solve [FILE.xsb [SECONDS]]
//! ```
//!
//! SECONDS is the time limit per level (10 by default). Errors go to
//! standard error with exit status 1.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use boardkit_sokoban::solver::{self, Config, Outcome};
use boardkit_sokoban::{builtin, xsb, Level};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let levels: Vec<Level> = match args.next() {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            let levels = xsb::parse_collection(&text).map_err(|e| format!("{path}: {e}"))?;
            if levels.is_empty() {
                return Err(format!("{path}: no level found"));
            }
            levels
        }
        None => builtin::levels(),
    };
    let seconds = match args.next() {
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
            .ok_or_else(|| format!("{text}: expected a positive number of seconds"))?,
        None => 10.0,
    };
    if let Some(extra) = args.next() {
        return Err(format!(
            "unexpected argument {extra}: expected [FILE.xsb [SECONDS]]"
        ));
    }
    let config = Config::default().with_time_limit(Some(Duration::from_secs_f64(seconds)));
    let mut out = std::io::stdout().lock();
    for (n, level) in levels.iter().enumerate() {
        let title = level.title().unwrap_or("(no title)");
        let line = match solver::solve(level, &config) {
            Outcome::Solved { solution, .. } => format!(
                "{} {title}: solved, {} moves, {} pushes\n{}",
                n + 1,
                solution.moves,
                solution.pushes,
                solution.lurd()
            ),
            Outcome::NoSolution { .. } => format!("{} {title}: no solution", n + 1),
            Outcome::Unsolved { limit, .. } => {
                format!("{} {title}: unsolved, {limit} reached", n + 1)
            }
            Outcome::Failed { failure, .. } => format!("{} {title}: failed, {failure}", n + 1),
            other => format!("{} {title}: {other:?}", n + 1),
        };
        // A reader that has gone (`| head`) ends the run quietly.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    Ok(())
}
