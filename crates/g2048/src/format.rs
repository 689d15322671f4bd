//! The judge input formats.
//!
//! * Baekjoon 12100: `N`, then N lines of N tile values.
//! * beecrowd 1559: `T`, then T boards of 4 × 4 values (whitespace between
//!   numbers is not significant).
//!
//! Judge mode accepts the judge's ranges only; [`Range::Lenient`] accepts any
//! board size up to [`MAX_SIZE`] and any power of two up to 2^127.

use std::fmt;

use boardkit_grid::{counted, ParseError, Token, Tokens};

use crate::board::value_exponent;
use crate::{tile_value, Board, MAX_EXPONENT, MAX_SIZE};

/// Which sizes and tile values input may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    /// Exactly the judge's limits.
    Judge,
    /// Any size up to [`MAX_SIZE`] and tiles up to 2^127.
    Lenient,
}

/// A number in the input outside what the chosen [`Range`] accepts: the
/// [`cause`](ParseError::cause) of the parse error that reports it.
///
/// ```
/// use boardkit_2048::format::{parse_max_tile, Range, RangeError};
///
/// let err = parse_max_tile("2\n2 2\n4 4096\n", Range::Judge).unwrap_err();
/// assert_eq!(err.cause(), Some(&RangeError::Tile { value: 4096, max: 1024, judge: true }));
/// assert_eq!((err.line, err.column), (Some(3), Some(3)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RangeError {
    /// A value that is not a tile (0 or a power of two) up to `max`.
    Tile {
        /// The value read.
        value: u128,
        /// The largest tile accepted.
        max: u128,
        /// Whether `max` was the judge's, narrower than [`Range::Lenient`]'s.
        judge: bool,
    },
    /// A board side outside `1..=max`.
    Size {
        /// The side read.
        size: u64,
        /// The largest side accepted.
        max: usize,
        /// Whether `max` was the judge's, narrower than [`Range::Lenient`]'s.
        judge: bool,
    },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RangeError::Tile { value, max, judge } => {
                write!(
                    f,
                    "{value} is not a tile: expected 0 or a power of two from 2 to {max}"
                )?;
                if *judge {
                    f.write_str(" (--lenient accepts larger tiles)")?;
                }
                Ok(())
            }
            RangeError::Size { size, max, judge } => {
                write!(f, "board size {size} is outside 1..={max}")?;
                if *judge {
                    write!(f, " (--lenient accepts up to {MAX_SIZE})")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for RangeError {}

/// Reads one tile value at `tok`, accepting exponents up to `max_exp`.
fn tile(tok: &Token<'_>, max_exp: u8) -> Result<u8, ParseError> {
    if tok.text.starts_with('-') && tok.text.len() > 1 {
        return Err(tok.error(format!("negative number {}", tok.text)));
    }
    let value: u128 = tok.parse("a tile value")?;
    match value_exponent(value) {
        Some(e) if e <= max_exp => Ok(e),
        _ => {
            let e = RangeError::Tile {
                value,
                max: tile_value(max_exp),
                judge: max_exp < MAX_EXPONENT,
            };
            Err(tok.error(e.to_string()).with_cause(e))
        }
    }
}

/// Reads the board side at the next token, within `1..=max`.
fn side(tokens: &mut Tokens<'_>, max: usize) -> Result<usize, ParseError> {
    let tok = tokens
        .next_token()
        .ok_or_else(|| tokens.end_error("the board size N"))?;
    if tok.text.starts_with('-') && tok.text.len() > 1 {
        return Err(tok.error(format!("negative board size {}", tok.text)));
    }
    let n: u64 = tok.parse("the board size N")?;
    match usize::try_from(n) {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => {
            let e = RangeError::Size {
                size: n,
                max,
                judge: max < MAX_SIZE,
            };
            Err(tok.error(e.to_string()).with_cause(e))
        }
    }
}

/// Parses Baekjoon 12100 input: `N` on the first line, then N lines of N
/// values.
///
/// ```
/// use boardkit_2048::format::{parse_max_tile, Range};
///
/// let b = parse_max_tile("3\n2 2 2\n4 4 4\n8 8 8\n", Range::Judge).unwrap();
/// assert_eq!(b.size(), 3);
/// let err = parse_max_tile("2\n2 2\n4\n", Range::Judge).unwrap_err();
/// assert_eq!(err.to_string(), "line 3: expected 2 numbers, found 1");
/// ```
pub fn parse_max_tile(text: &str, range: Range) -> Result<Board, ParseError> {
    let (max_n, max_exp) = match range {
        Range::Judge => (20, 10),
        Range::Lenient => (MAX_SIZE, MAX_EXPONENT),
    };
    let mut tokens = Tokens::new(text);
    let n = side(&mut tokens, max_n)?;
    let mut cells = Vec::with_capacity(n * n);
    for row in 0..n {
        let line = tokens.line_tokens().ok_or_else(|| {
            ParseError::at_line(
                tokens.line(),
                format!(
                    "expected {}, found {row}: the input ends early",
                    counted(n, "row")
                ),
            )
        })?;
        if line.len() != n {
            let at = line.first().map_or(tokens.line(), |t| t.line);
            return Err(ParseError::at_line(
                at,
                format!("expected {}, found {}", counted(n, "number"), line.len()),
            ));
        }
        for tok in &line {
            cells.push(tile(tok, max_exp)?);
        }
    }
    tokens.end()?;
    Board::from_exponents(n, cells).map_err(ParseError::from_cause)
}

/// Parses beecrowd 1559 input: `T`, then T boards of `n` × `n` values.
///
/// ```
/// use boardkit_2048::format::{parse_legal_moves, Range};
///
/// let boards = parse_legal_moves("1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n", 4, Range::Judge).unwrap();
/// assert_eq!(boards.len(), 1);
/// let err = parse_legal_moves("2\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2\n0 3", 4, Range::Judge).unwrap_err();
/// assert_eq!(err.to_string(), "case 2, line 3, column 3: 3 is not a tile: expected 0 or a power of two from 2 to 2048 (--lenient accepts larger tiles)");
/// ```
pub fn parse_legal_moves(text: &str, n: usize, range: Range) -> Result<Vec<Board>, ParseError> {
    let max_exp = match range {
        Range::Judge => 11,
        Range::Lenient => MAX_EXPONENT,
    };
    if n == 0 || n > MAX_SIZE {
        return Err(ParseError::from_cause(RangeError::Size {
            size: n as u64,
            max: MAX_SIZE,
            judge: false,
        }));
    }
    let mut tokens = Tokens::new(text);
    let tok = tokens
        .next_token()
        .ok_or_else(|| tokens.end_error("the number of test cases T"))?;
    if tok.text.starts_with('-') && tok.text.len() > 1 {
        return Err(tok.error(format!("negative number of test cases {}", tok.text)));
    }
    let t: u64 = tok.parse("the number of test cases T")?;
    // Every case needs at least 2 bytes per cell, so a larger T cannot be
    // satisfied by this input; refuse it before allocating.
    let cap = usize::try_from(t)
        .unwrap_or(usize::MAX)
        .min(text.len() / (2 * n * n) + 1);
    let mut boards = Vec::with_capacity(cap);
    for case in 1..=t {
        let mut cells = Vec::with_capacity(n * n);
        for _ in 0..n * n {
            let tok = match tokens.next_token() {
                Some(tok) => tok,
                None => {
                    return Err(ParseError::at_line(
                        tokens.line(),
                        format!(
                            "expected {} for this board, found {}: the input ends early",
                            counted(n * n, "number"),
                            cells.len()
                        ),
                    )
                    .in_case(usize::try_from(case).unwrap_or(usize::MAX)))
                }
            };
            let e = tile(&tok, max_exp)
                .map_err(|e| e.in_case(usize::try_from(case).unwrap_or(usize::MAX)))?;
            cells.push(e);
        }
        boards.push(Board::from_exponents(n, cells).map_err(ParseError::from_cause)?);
    }
    tokens.end()?;
    Ok(boards)
}

/// The legal moves of a beecrowd 1559 case as the judge prints them: the
/// moves in alphabetical order, or `NONE`. A board holding a 2048 tile (or a
/// larger one) is won, so nothing is legal.
///
/// ```
/// use boardkit_2048::{format::legal_moves_line, Board};
///
/// let b = Board::from_values(4, &[0u32, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]).unwrap();
/// assert_eq!(legal_moves_line(&b), "RIGHT UP");
/// ```
#[must_use]
pub fn legal_moves_line(board: &Board) -> String {
    let moves = judge_moves(board);
    if moves.is_empty() {
        return "NONE".to_string();
    }
    moves
        .alphabetical()
        .map(|d| d.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal moves under the judge's rule that a board with a 2048 tile has
/// none; uses the bitboard when it can.
#[must_use]
pub fn judge_moves(board: &Board) -> crate::Moves {
    if board.max_exponent() >= 11 {
        return crate::Moves::NONE;
    }
    match board.to_bitboard() {
        Some(bb) => bb.legal_moves(),
        None => board.legal_moves(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse_max_tile(text, Range::Judge).unwrap_err().to_string()
    }

    #[test]
    fn max_tile_errors_name_the_line() {
        assert_eq!(
            err(""),
            "line 1: expected the board size N, found end of input"
        );
        assert_eq!(
            err("x"),
            "line 1, column 1: expected the board size N, found `x`"
        );
        assert_eq!(err("-3"), "line 1, column 1: negative board size -3");
        assert_eq!(
            err("21"),
            "line 1, column 1: board size 21 is outside 1..=20 (--lenient accepts up to 256)"
        );
        assert_eq!(
            err("0"),
            "line 1, column 1: board size 0 is outside 1..=20 (--lenient accepts up to 256)"
        );
        // The input's last line is 2: the end of input is reported there.
        assert_eq!(
            err("2\n2 2\n"),
            "line 2: expected 2 rows, found 1: the input ends early"
        );
        assert_eq!(
            err("\n\n"),
            "line 2: expected the board size N, found end of input"
        );
        assert_eq!(
            err("2\n2 2 2\n2 2\n"),
            "line 2: expected 2 numbers, found 3"
        );
        assert_eq!(
            err("2\n2 -2\n2 2\n"),
            "line 2, column 3: negative number -2"
        );
        assert_eq!(
            err("2\n2 2048\n2 2\n"),
            "line 2, column 3: 2048 is not a tile: expected 0 or a power of two from 2 to 1024 (--lenient accepts larger tiles)"
        );
        assert_eq!(
            err("1\n2\n5\n"),
            "line 3, column 1: unexpected extra data `5` after the last case"
        );
        assert!(parse_max_tile("2\n2 2048\n2 2\n", Range::Lenient).is_ok());
        assert!(parse_max_tile("1\r\n0\r\n", Range::Judge).is_ok());
    }
}
