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

/// A level number given on the command line, for clap: 1 or more.
pub fn number(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("level numbers start at 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a level number (1, 2, …)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_numbers_start_at_1() {
        assert_eq!(number("1"), Ok(1));
        assert_eq!(number("0"), Err("level numbers start at 1".to_string()));
        assert_eq!(
            number("-2"),
            Err("`-2` is not a level number (1, 2, …)".to_string())
        );
    }
}
