//! The BOARDCOVER judge input: `C`, then C cases, each a line `H W` and H
//! rows of W characters `#` (black) or `.` (white).
//!
//! Unlike the judge, any C, H and W are accepted, and any number of white
//! cells. Blank lines are skipped; errors name the case, line and column.

use boardkit_grid::{counted, ParseError, Token, Tokens};

use crate::Board;

/// One test case: its board and the line of its `H W` header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The board.
    pub board: Board,
    /// The line (from 1) holding `H W`, where errors about the whole board
    /// are reported.
    pub line: usize,
}

fn side(tok: &Token<'_>, what: &str) -> Result<usize, ParseError> {
    let n: usize = tok.parse(&format!("the {what}"))?;
    if n == 0 {
        return Err(tok.error(format!("the {what} must be at least 1, found 0")));
    }
    Ok(n)
}

/// Parses BOARDCOVER input.
///
/// ```
/// use boardkit_cover::format::parse;
///
/// let cases = parse("1\n2 3\n#..\n...\n").unwrap();
/// assert_eq!(cases[0].board.white_count(), 5);
/// assert_eq!(cases[0].line, 2);
/// let err = parse("2\n1 2\n..\n1 2\n.x\n").unwrap_err();
/// assert_eq!(err.to_string(), "case 2, line 5, column 2: unexpected character `x` in a row: expected `#` or `.`");
/// ```
pub fn parse(text: &str) -> Result<Vec<Case>, ParseError> {
    let mut tokens = Tokens::new(text);
    let first = tokens
        .line_tokens()
        .ok_or_else(|| tokens.end_error("the number of test cases C"))?;
    let c: u64 = match first.as_slice() {
        [tok] => tok.parse("the number of test cases C")?,
        [_, extra, ..] => {
            return Err(extra.error(format!(
                "expected only the number of test cases C on line {}, found `{}` after it",
                extra.line, extra.text
            )))
        }
        [] => return Err(tokens.end_error("the number of test cases C")),
    };
    let mut cases = Vec::new();
    for k in 1..=c {
        let case = usize::try_from(k).unwrap_or(usize::MAX);
        cases.push(parse_case(&mut tokens, c).map_err(|e| e.in_case(case))?);
    }
    tokens.end()?;
    Ok(cases)
}

fn parse_case(tokens: &mut Tokens<'_>, c: u64) -> Result<Case, ParseError> {
    let header = tokens.line_tokens().ok_or_else(|| {
        ParseError::at_line(
            tokens.line(),
            format!("expected the size `H W` of this case, found end of input (C = {c} cases announced)"),
        )
    })?;
    let (h, w, line) = match header.as_slice() {
        [ht, wt] => (side(ht, "height H")?, side(wt, "width W")?, ht.line),
        [only] => {
            return Err(ParseError::at_line(
                only.line,
                format!(
                    "expected the size `H W` (two numbers), found `{}` alone",
                    only.text
                ),
            ))
        }
        [_, _, extra, ..] => {
            return Err(extra.error(format!(
                "expected the size `H W` (two numbers), found `{}` after them",
                extra.text
            )))
        }
        [] => return Err(tokens.end_error("the size `H W`")),
    };
    if h.checked_mul(w).is_none() {
        return Err(ParseError::at_line(
            line,
            format!("a {h} x {w} board is too large"),
        ));
    }
    let mut cells = Vec::new();
    for row in 1..=h {
        let words = tokens.line_tokens().ok_or_else(|| {
            ParseError::at_line(
                tokens.line(),
                format!(
                    "expected {}, found {}: the input ends early",
                    counted(h, "row"),
                    row - 1
                ),
            )
        })?;
        let tok = match words.as_slice() {
            [tok] => tok,
            [first, ..] => {
                return Err(ParseError::at_line(
                    first.line,
                    format!(
                        "row {row} holds spaces or tabs: expected {} `#` or `.` in one word",
                        counted(w, "character")
                    ),
                ))
            }
            [] => return Err(tokens.end_error("a row")),
        };
        if let Some((i, ch)) = tok
            .text
            .chars()
            .enumerate()
            .find(|&(_, ch)| ch != '#' && ch != '.')
        {
            return Err(ParseError::at_line(
                tok.line,
                format!("unexpected character `{ch}` in a row: expected `#` or `.`"),
            )
            .with_column(tok.column + i));
        }
        if tok.text.len() != w {
            return Err(ParseError::at_line(
                tok.line,
                format!(
                    "row {row} has {}, expected W = {w}",
                    counted(tok.text.len(), "character")
                ),
            ));
        }
        cells.extend(tok.text.bytes().map(|b| b == b'.'));
    }
    let board = Board::from_cells(h, w, cells)
        .ok_or_else(|| ParseError::at_line(line, "the rows do not fill the board"))?;
    Ok(Case { board, line })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn every_bad_input_names_its_place() {
        assert_eq!(
            err(""),
            "line 1: expected the number of test cases C, found end of input"
        );
        assert_eq!(
            err("x\n"),
            "line 1, column 1: expected the number of test cases C, found `x`"
        );
        assert_eq!(
            err("-1\n"),
            "line 1, column 1: expected the number of test cases C, found `-1`"
        );
        assert_eq!(
            err("1 2\n"),
            "line 1, column 3: expected only the number of test cases C on line 1, found `2` after it"
        );
        assert_eq!(
            err("2\n1 1\n.\n"),
            "case 2, line 3: expected the size `H W` of this case, found end of input (C = 2 cases announced)"
        );
        assert_eq!(
            err("1\n0 3\n"),
            "case 1, line 2, column 1: the height H must be at least 1, found 0"
        );
        assert_eq!(
            err("1\n3 0\n"),
            "case 1, line 2, column 3: the width W must be at least 1, found 0"
        );
        assert_eq!(
            err("1\n3\n"),
            "case 1, line 2: expected the size `H W` (two numbers), found `3` alone"
        );
        assert_eq!(
            err("1\n1 1 1\n.\n"),
            "case 1, line 2, column 5: expected the size `H W` (two numbers), found `1` after them"
        );
        assert_eq!(
            err("1\n1 y\n"),
            "case 1, line 2, column 3: expected the width W, found `y`"
        );
        assert_eq!(
            err("1\n2 2\n..\n"),
            "case 1, line 3: expected 2 rows, found 1: the input ends early"
        );
        assert_eq!(
            err("1\n2 2\n..\n...\n"),
            "case 1, line 4: row 2 has 3 characters, expected W = 2"
        );
        assert_eq!(
            err("1\n1 2\n. .\n"),
            "case 1, line 3: row 1 holds spaces or tabs: expected 2 characters `#` or `.` in one word"
        );
        assert_eq!(
            err("1\n1 3\n.o.\n"),
            "case 1, line 3, column 2: unexpected character `o` in a row: expected `#` or `.`"
        );
        assert_eq!(
            err("1\n1 1\n.\n.\n"),
            "line 4, column 1: unexpected extra data `.` after the last case"
        );
        assert_eq!(
            err("1\n99999999999 99999999999\n"),
            format!("case 1, line 2: a 99999999999 x 99999999999 board is too large")
        );
    }

    #[test]
    fn blank_lines_crlf_and_zero_cases() {
        let cases = parse("2\r\n\r\n1 2\r\n.#\r\n\r\n2 1\r\n#\r\n.\r\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[1].line, 6);
        assert_eq!(cases[1].board.to_string(), "#\n.\n");
        assert!(parse("0\n").unwrap().is_empty());
    }
}
