//! `boardkit tour`: each game's headline computation on inputs built into
//! the binary, with the input, the answer and the time it took.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use clap::Args as ClapArgs;

use crate::error::CliError;

/// Arguments of `tour`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Run only the stops whose title contains this text (case-insensitive).
    #[arg(long)]
    pub only: Option<String>,
}

/// One stop of the tour.
pub struct Stop {
    /// What is computed.
    pub title: &'static str,
    /// The input, as shown to the reader.
    pub input: String,
    /// The answer, as shown to the reader.
    pub answer: String,
    /// The time the computation took (not the printing).
    pub elapsed: Duration,
}

/// Times `f`, returning its value and the time it took.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

type StopFn = fn() -> Result<Stop, CliError>;

/// Every stop, in order.
fn stops() -> Vec<(&'static str, StopFn)> {
    vec![
        ("2048 max-tile", crate::cmd_2048::tour::max_tile),
        ("2048 moves", crate::cmd_2048::tour::legal_moves),
        ("2048 ai", crate::cmd_2048_ai::tour::ai_game),
        ("sokoban replay", crate::cmd_sokoban::tour::replay),
        ("sokoban solve", crate::cmd_sokoban_solve::tour::solve),
        ("cover count", crate::cmd_cover::tour::square12),
        ("cover show", crate::cmd_cover::tour::show_ring),
        ("yut best", crate::cmd_yut::tour::best_line),
    ]
}

fn indent(text: &str) -> String {
    text.lines().fold(String::new(), |mut acc, line| {
        let _ = writeln!(acc, "    {line}");
        acc
    })
}

/// Runs the tour.
pub fn run(args: &Args) -> Result<String, CliError> {
    let filter = args.only.as_deref().map(str::to_lowercase);
    let mut out = String::new();
    let mut ran = 0;
    for (name, stop) in stops() {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let stop = stop()?;
        ran += 1;
        let _ = writeln!(out, "== {}", stop.title);
        let _ = writeln!(out, "input:");
        out.push_str(&indent(&stop.input));
        let _ = writeln!(out, "answer:");
        out.push_str(&indent(&stop.answer));
        let _ = writeln!(out, "time: {:.3} ms\n", stop.elapsed.as_secs_f64() * 1e3);
    }
    if ran == 0 {
        return Err(CliError::input("no tour stop matches --only"));
    }
    Ok(out)
}
