//! `boardkit tour`: each game's headline computation on inputs built into
//! the binary, with the input, the answer and the time it took. Each game's
//! command module lists its own stops; the tour only collects and prints
//! them.

use std::fmt::Write as _;

use clap::Args as ClapArgs;

use crate::error::CliError;
use crate::report::StopFn;

/// Arguments of `tour`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Run only the stops whose title contains this text (case-insensitive).
    #[arg(long)]
    pub only: Option<String>,
}

/// Every stop, in order: each game's own list.
fn stops() -> Vec<(&'static str, StopFn)> {
    [
        crate::g2048::tour_stops(),
        crate::sokoban::tour_stops(),
        crate::cover::tour_stops(),
        crate::yut::tour_stops(),
    ]
    .concat()
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
        return Err(CliError::usage("no tour stop matches --only"));
    }
    Ok(out)
}
