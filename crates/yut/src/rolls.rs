//! The roll input: each non-blank line is one game's rolls, whitespace
//! separated, each from 1 to 5. The judge's input (Baekjoon 17825) is one
//! line of 10 rolls; any number of rolls per line and any number of lines
//! are accepted.
//!
//! ```
//! use boardkit_yut::rolls::parse_rolls;
//!
//! let games = parse_rolls("1 2 3\n\n5 5\n").unwrap();
//! assert_eq!(games.len(), 2);
//! assert_eq!((games[1].line, games[1].rolls.as_slice()), (3, &[5u8, 5][..]));
//! let err = parse_rolls("1 2\n3 7\n").unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 3: roll 7 is outside 1..5");
//! ```

use boardkit_grid::value::ValueError;
use boardkit_grid::{ParseError, Tokens};

use crate::rules::ROLLS;

/// One line of rolls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The input line (from 1).
    pub line: usize,
    /// The rolls, each 1..=5.
    pub rolls: Vec<u8>,
}

/// The message of a roll that is not 1..=5: `roll 6 is outside 1..5`.
fn outside(value: i128) -> ValueError {
    ValueError::new(format!("roll {value} is outside 1..5"))
}

/// Rolls given as numbers (by a front end rather than in text), checked.
///
/// ```
/// use boardkit_yut::rolls::check;
/// assert_eq!(check(&[5, 1, 3]), Ok(vec![5, 1, 3]));
/// assert_eq!(check(&[5, -1]).unwrap_err().to_string(), "roll -1 is outside 1..5");
/// ```
///
/// # Errors
/// The first roll outside 1..=5, as the input format reports it.
pub fn check(rolls: &[i128]) -> Result<Vec<u8>, ValueError> {
    rolls
        .iter()
        .map(|&r| {
            u8::try_from(r)
                .ok()
                .filter(|r| ROLLS.contains(r))
                .ok_or_else(|| outside(r))
        })
        .collect()
}

/// Reads every line of rolls; an input with no rolls at all is an error.
pub fn parse_rolls(text: &str) -> Result<Vec<Game>, ParseError> {
    let mut tokens = Tokens::new(text);
    let mut games = Vec::new();
    while let Some(line) = tokens.line_tokens() {
        let mut rolls = Vec::with_capacity(line.len());
        let at = line.first().map_or(tokens.line(), |t| t.line);
        for tok in &line {
            let value: i64 = tok.parse("a roll from 1 to 5")?;
            match u8::try_from(value) {
                Ok(r) if ROLLS.contains(&r) => rolls.push(r),
                _ => return Err(tok.error(outside(value.into()).to_string())),
            }
        }
        games.push(Game { line: at, rolls });
    }
    if games.is_empty() {
        return Err(ParseError::at_line(
            tokens.line(),
            "no rolls: expected a line of rolls from 1 to 5",
        ));
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_rolls(text).unwrap_err().to_string()
    }

    #[test]
    fn reads_judge_input_and_more() {
        let g = parse_rolls("2 3 1 5 4 2 3 5 1 4\n").unwrap();
        assert_eq!(
            g,
            vec![Game {
                line: 1,
                rolls: vec![2, 3, 1, 5, 4, 2, 3, 5, 1, 4]
            }]
        );
        let g = parse_rolls("\u{feff}5\r\n\r\n  1 1\t1\r\n").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(
            g[1],
            Game {
                line: 3,
                rolls: vec![1, 1, 1]
            }
        );
        let long = "3 ".repeat(5000);
        assert_eq!(parse_rolls(&long).unwrap()[0].rolls.len(), 5000);
    }

    #[test]
    fn bad_input_says_where() {
        assert_eq!(
            err(""),
            "line 1: no rolls: expected a line of rolls from 1 to 5"
        );
        assert_eq!(
            err("\n  \n"),
            "line 2: no rolls: expected a line of rolls from 1 to 5"
        );
        assert_eq!(
            err("1 2 x"),
            "line 1, column 5: expected a roll from 1 to 5, found `x`"
        );
        assert_eq!(
            err("1 2.5"),
            "line 1, column 3: expected a roll from 1 to 5, found `2.5`"
        );
        assert_eq!(err("1\n0"), "line 2, column 1: roll 0 is outside 1..5");
        assert_eq!(err("-3"), "line 1, column 1: roll -3 is outside 1..5");
        assert_eq!(err("6"), "line 1, column 1: roll 6 is outside 1..5");
        assert_eq!(
            err("99999999999999999999"),
            "line 1, column 1: expected a roll from 1 to 5, found `99999999999999999999`: a number too large (20 digits)"
        );
    }
}
