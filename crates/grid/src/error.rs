//! The parse error every boardkit text format reports.

use std::error::Error;
use std::fmt;
use std::sync::Arc;

/// `n` and `noun`, in the plural unless `n` is 1: `1 row`, `3 rows`, `0
/// rows` (every noun the messages count takes an `s`).
///
/// ```
/// use boardkit_grid::counted;
/// assert_eq!(counted(1, "number"), "1 number");
/// assert_eq!(counted(4, "number"), "4 numbers");
/// ```
#[must_use]
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// What went wrong while reading input, and where.
///
/// Displays as `case 2, line 5, column 3: expected 4 numbers, found 3`, with
/// each location part present only when known. Line and column numbers count
/// from 1.
///
/// When the text was well formed but what it describes is not (a Sokoban
/// level with two workers, a yut board with a cycle, a 2048 tile beyond the
/// allowed range), the game's own error value is kept as the
/// [`source`](Error::source), so a caller can act on it without reading the
/// message: see [`ParseError::cause`].
///
/// ```
/// use boardkit_grid::ParseError;
///
/// #[derive(Debug, PartialEq)]
/// struct TooWide(usize);
/// impl std::fmt::Display for TooWide {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{} columns is too wide", self.0)
///     }
/// }
/// impl std::error::Error for TooWide {}
///
/// let e = ParseError::from_cause(TooWide(9)).with_line(2);
/// assert_eq!(e.to_string(), "line 2: 9 columns is too wide");
/// assert_eq!(e.cause::<TooWide>(), Some(&TooWide(9)));
/// assert_eq!(ParseError::new("bad").cause::<TooWide>(), None);
/// ```
#[derive(Clone, Debug)]
pub struct ParseError {
    /// The test case (1-based) in a batch input, when the format has cases.
    pub case: Option<usize>,
    /// The line (1-based) where the problem is.
    pub line: Option<usize>,
    /// The column (1-based, in characters) where the problem is.
    pub column: Option<usize>,
    /// What is wrong, in words.
    pub message: String,
    /// The game's error value behind the message, when there is one.
    cause: Option<Arc<dyn Error + Send + Sync + 'static>>,
}

/// Two errors are equal when they say the same thing at the same place; the
/// cause is not compared (its message is part of `message`).
impl PartialEq for ParseError {
    fn eq(&self, other: &ParseError) -> bool {
        (self.case, self.line, self.column, &self.message)
            == (other.case, other.line, other.column, &other.message)
    }
}

impl Eq for ParseError {}

impl ParseError {
    /// An error with a message and no location yet.
    #[must_use]
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            case: None,
            line: None,
            column: None,
            message: message.into(),
            cause: None,
        }
    }

    /// An error whose message is `cause`'s, keeping `cause` as the value a
    /// caller can inspect ([`ParseError::cause`], [`Error::source`]).
    #[must_use]
    pub fn from_cause(cause: impl Error + Send + Sync + 'static) -> ParseError {
        ParseError::new(cause.to_string()).with_cause(cause)
    }

    /// Keeps `cause` as the game's error value behind this message.
    #[must_use]
    pub fn with_cause(mut self, cause: impl Error + Send + Sync + 'static) -> ParseError {
        self.cause = Some(Arc::new(cause));
        self
    }

    /// The game's error value behind the message, if it is a `T`.
    #[must_use]
    pub fn cause<T: Error + 'static>(&self) -> Option<&T> {
        self.cause.as_deref()?.downcast_ref::<T>()
    }

    /// The same error with its message rewritten by `f` (to add context such
    /// as `level 3: `); place and cause are kept.
    #[must_use]
    pub fn map_message(mut self, f: impl FnOnce(String) -> String) -> ParseError {
        self.message = f(self.message);
        self
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

impl Error for ParseError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        self.cause.as_deref().map(|e| e as &(dyn Error + 'static))
    }
}

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
