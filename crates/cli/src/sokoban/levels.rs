//! The levels a Sokoban command works on, and how they are named in its
//! output.

use boardkit_sokoban::Level;

use crate::error::CliError;
use crate::report::plural;

/// `level 3 "Title"`, or `level 3` without a title.
pub fn label(number: usize, level: &Level) -> String {
    match level.title() {
        Some(t) => format!("level {number} \"{t}\""),
        None => format!("level {number}"),
    }
}

/// The levels a command works on: all, or the one `--level` names, each
/// with its number from 1.
pub fn select(levels: &[Level], wanted: Option<u64>) -> Result<Vec<(usize, &Level)>, CliError> {
    match wanted {
        None => Ok(levels.iter().enumerate().map(|(i, l)| (i + 1, l)).collect()),
        Some(n) => {
            let i = usize::try_from(n).unwrap_or(usize::MAX);
            match levels.get(i.wrapping_sub(1)) {
                Some(level) => Ok(vec![(i, level)]),
                None => Err(CliError::input(format!(
                    "--level {n}: the file has {} level{}",
                    levels.len(),
                    plural(levels.len() as u64, "s")
                ))),
            }
        }
    }
}
