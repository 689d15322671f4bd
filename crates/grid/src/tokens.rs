//! A whitespace tokenizer that remembers where each token stands.
//!
//! The judge formats are whitespace-separated numbers; reading them through
//! [`Tokens`] gives every error its line and column for free.

use std::str::FromStr;

use crate::ParseError;

/// Removes a leading UTF-8 byte-order mark, the one invisible difference
/// editors add that every judge tolerates. Line endings need no cleaning:
/// [`Tokens`] treats `\r` as whitespace and [`str::lines`] drops it.
#[must_use]
pub fn clean_input(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// One whitespace-separated word of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word itself.
    pub text: &'a str,
    /// Its line, from 1.
    pub line: usize,
    /// Its first character's column, from 1.
    pub column: usize,
}

impl Token<'_> {
    /// An error located at this token.
    #[must_use]
    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::at_line(self.line, message).with_column(self.column)
    }

    /// Parses the token as a number of type `T`, naming `what` was expected
    /// in the error.
    ///
    /// A run of digits that does not fit `T` is called too large, so that a
    /// huge number is not mistaken for garbage.
    ///
    /// ```
    /// use boardkit_grid::Tokens;
    ///
    /// let mut t = Tokens::new("123456789012345678901234");
    /// let err = t.number::<u64>("a count").unwrap_err();
    /// assert_eq!(err.to_string(), "line 1, column 1: expected a count, found `12345678901234567890…`: a number too large (24 digits)");
    /// ```
    pub fn parse<T: FromStr>(&self, what: &str) -> Result<T, ParseError> {
        self.text.parse().map_err(|_| {
            let digits = self.text.strip_prefix('+').unwrap_or(self.text);
            let too_large = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                format!(": a number too large ({} digits)", digits.len())
            } else {
                String::new()
            };
            self.error(format!(
                "expected {what}, found `{}`{too_large}",
                shorten(self.text)
            ))
        })
    }
}

/// Cuts long garbage down to something that fits in an error line.
fn shorten(text: &str) -> String {
    const MAX: usize = 20;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// Reads whitespace-separated tokens, line by line, keeping positions.
///
/// ```
/// use boardkit_grid::Tokens;
///
/// let mut t = Tokens::new("2\n 10 x\n");
/// assert_eq!(t.number::<u32>("a count").unwrap(), 2);
/// let line = t.line_tokens().unwrap();
/// assert_eq!(line.len(), 2);
/// assert_eq!(line[1].column, 5);
/// let err = line[1].parse::<u32>("a number").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 5: expected a number, found `x`");
/// assert!(t.end().is_ok());
/// ```
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    /// A byte offset on the current line whose column is known, so columns
    /// are counted incrementally (long lines stay linear).
    mark: usize,
    mark_column: usize,
}

impl<'a> Tokens<'a> {
    /// Starts reading `text` (a leading byte-order mark is skipped).
    #[must_use]
    pub fn new(text: &'a str) -> Tokens<'a> {
        let text = clean_input(text);
        Tokens {
            text,
            pos: 0,
            line: 1,
            mark: 0,
            mark_column: 1,
        }
    }

    /// The line the reader stands on, where the end of input is reported:
    /// past the final newline that is the input's last line, not the empty
    /// one after it (`"\n\n"` ends on line 2).
    #[must_use]
    pub fn line(&self) -> usize {
        if self.pos >= self.text.len() && self.text.ends_with('\n') {
            self.line.saturating_sub(1).max(1)
        } else {
            self.line
        }
    }

    /// Skips whitespace other than newlines; stops at a newline or a token.
    fn skip_blanks(&mut self) {
        let bytes = self.text.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            if b == b'\n' || !b.is_ascii_whitespace() {
                break;
            }
            self.pos += 1;
        }
    }

    fn skip_newline(&mut self) -> bool {
        if self.text.as_bytes().get(self.pos) == Some(&b'\n') {
            self.pos += 1;
            self.line += 1;
            self.mark = self.pos;
            self.mark_column = 1;
            true
        } else {
            false
        }
    }

    /// Reads a token starting at the current position (no whitespace there).
    fn take_word(&mut self) -> Option<Token<'a>> {
        let rest = self.text.get(self.pos..)?;
        let len = rest
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        let skipped = self
            .text
            .get(self.mark..self.pos)
            .map_or(0, |s| s.chars().count());
        let column = self.mark_column + skipped;
        self.mark = self.pos;
        self.mark_column = column;
        let token = Token {
            text: rest.get(..len)?,
            line: self.line,
            column,
        };
        self.pos += len;
        Some(token)
    }

    /// The next token anywhere ahead, crossing lines.
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        loop {
            self.skip_blanks();
            if !self.skip_newline() {
                return self.take_word();
            }
        }
    }

    /// The next token parsed as `T`; `what` names it in errors, which include
    /// the end of input.
    pub fn number<T: FromStr>(&mut self, what: &str) -> Result<T, ParseError> {
        match self.next_token() {
            Some(tok) => tok.parse(what),
            None => Err(self.end_error(what)),
        }
    }

    /// The error for input that ends where `what` was expected.
    #[must_use]
    pub fn end_error(&self, what: &str) -> ParseError {
        ParseError::at_line(self.line(), format!("expected {what}, found end of input"))
    }

    /// All tokens of the next line that has any, or `None` at the end of
    /// input. Blank lines are skipped.
    pub fn line_tokens(&mut self) -> Option<Vec<Token<'a>>> {
        let first = self.next_token()?;
        let mut tokens = vec![first];
        loop {
            self.skip_blanks();
            match self.take_word() {
                Some(tok) => tokens.push(tok),
                None => break,
            }
        }
        Some(tokens)
    }

    /// Succeeds when only whitespace is left; otherwise names the first extra
    /// token.
    pub fn end(&mut self) -> Result<(), ParseError> {
        match self.next_token() {
            None => Ok(()),
            Some(tok) => Err(tok.error(format!(
                "unexpected extra data `{}` after the last case",
                shorten(tok.text)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_lines_and_columns_across_crlf_and_bom() {
        let mut t = Tokens::new("\u{feff}3\r\n\r\n  4 5\r\n");
        let a = t.next_token().unwrap();
        assert_eq!((a.text, a.line, a.column), ("3", 1, 1));
        let line = t.line_tokens().unwrap();
        let got: Vec<_> = line.iter().map(|t| (t.text, t.line, t.column)).collect();
        assert_eq!(got, vec![("4", 3, 3), ("5", 3, 5)]);
        assert!(t.next_token().is_none());
        assert!(t.line_tokens().is_none());
    }

    #[test]
    fn errors_say_where() {
        let mut t = Tokens::new("1\n-2");
        assert_eq!(t.number::<u8>("a count").unwrap(), 1);
        assert_eq!(
            t.number::<u8>("a tile").unwrap_err().to_string(),
            "line 2, column 1: expected a tile, found `-2`"
        );
        assert_eq!(
            t.number::<u8>("a tile").unwrap_err().to_string(),
            "line 2: expected a tile, found end of input"
        );
        let mut t = Tokens::new("1 junk");
        t.next_token();
        assert_eq!(
            t.end().unwrap_err().to_string(),
            "line 1, column 3: unexpected extra data `junk` after the last case"
        );
    }

    #[test]
    fn long_garbage_is_shortened() {
        let long = "x".repeat(100);
        let err = Tokens::new(&long).number::<u8>("n").unwrap_err();
        assert_eq!(
            err.message,
            format!("expected n, found `{}…`", "x".repeat(20))
        );
    }
}
