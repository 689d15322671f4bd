//! The levels a Sokoban command works on, and how they are named in its
//! output.

use std::path::Path;

use boardkit_sokoban::{xsb, Level};

use crate::error::CliError;
use crate::input;
use crate::report::plural;

/// The levels of the XSB file at `path` (`-` for standard input); a file
/// without a level is an error, in the same words for every command.
pub fn read(path: &Path) -> Result<Vec<Level>, CliError> {
    let levels = xsb::parse_collection(&input::read(Some(path))?)?;
    if levels.is_empty() {
        let name = if path == Path::new("-") {
            "standard input".to_string()
        } else {
            path.display().to_string()
        };
        return Err(CliError::input(format!("{name}: no level found")));
    }
    Ok(levels)
}

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
                None => Err(beyond(&format!("--level {n}"), levels)),
            }
        }
    }
}

/// The error for `option` naming a level past the end of `levels`:
/// `--level 13: the file has 12 levels`.
pub fn beyond(option: &str, levels: &[Level]) -> CliError {
    CliError::input(format!(
        "{option}: the file has {} level{}",
        levels.len(),
        plural(levels.len() as u64, "s")
    ))
}
