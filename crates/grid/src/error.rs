//! The parse error every boardkit text format reports.

use std::fmt;

/// What went wrong while reading input, and where.
///
/// Displays as `case 2, line 5, column 3: expected 4 numbers, found 3`, with
/// each location part present only when known. Line and column numbers count
/// from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The test case (1-based) in a batch input, when the format has cases.
    pub case: Option<usize>,
    /// The line (1-based) where the problem is.
    pub line: Option<usize>,
    /// The column (1-based, in characters) where the problem is.
    pub column: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
}

impl ParseError {
    /// An error with a message and no location yet.
    #[must_use]
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            case: None,
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error at a line.
    #[must_use]
    pub fn at_line(line: usize, message: impl Into<String>) -> ParseError {
        ParseError::new(message).with_line(line)
    }

    /// Sets the line.
    #[must_use]
    pub fn with_line(mut self, line: usize) -> ParseError {
        self.line = Some(line);
        self
    }

    /// Sets the column.
    #[must_use]
    pub fn with_column(mut self, column: usize) -> ParseError {
        self.column = Some(column);
        self
    }

    /// Sets the test case, unless one is already set.
    #[must_use]
    pub fn in_case(mut self, case: usize) -> ParseError {
        self.case.get_or_insert(case);
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if let Some(case) = self.case {
            write!(f, "case {case}")?;
            sep = ", ";
        }
        if let Some(line) = self.line {
            write!(f, "{sep}line {line}")?;
            sep = ", ";
        }
        if let Some(column) = self.column {
            write!(f, "{sep}column {column}")?;
            sep = ", ";
        }
        if !sep.is_empty() {
            f.write_str(": ")?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_the_place() {
        assert_eq!(ParseError::new("empty input").to_string(), "empty input");
        assert_eq!(
            ParseError::at_line(3, "expected 4 numbers, found 3").to_string(),
            "line 3: expected 4 numbers, found 3"
        );
        assert_eq!(
            ParseError::at_line(5, "bad")
                .with_column(2)
                .in_case(2)
                .to_string(),
            "case 2, line 5, column 2: bad"
        );
        assert_eq!(
            ParseError::new("x").in_case(1).in_case(2).to_string(),
            "case 1: x"
        );
    }
}
