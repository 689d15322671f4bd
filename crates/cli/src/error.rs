//! The one error type commands return: a message and an exit status.

use boardkit_grid::ParseError;

/// A failed command: printed as `error: <message>` on stderr.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong and where.
    pub message: String,
    /// The process exit status (1 for bad input).
    pub code: u8,
}

impl CliError {
    /// A bad-input error (exit status 1).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

impl From<ParseError> for CliError {
    fn from(e: ParseError) -> CliError {
        CliError::input(e.to_string())
    }
}

impl From<serde_json::Error> for CliError {
    fn from(e: serde_json::Error) -> CliError {
        CliError::input(format!("cannot write JSON: {e}"))
    }
}
