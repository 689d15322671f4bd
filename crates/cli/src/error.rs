//! The one error type commands return: a message and an exit status.
//!
//! The rule of exit statuses: bad input data (a file, standard input, a
//! file an option names) exits 1, and so does a limit reached; a bad
//! argument value, or arguments that do not go together, is a usage error
//! and exits 2, as clap's own usage errors do.

use boardkit_grid::ParseError;

/// Exit status of bad input data.
pub const INPUT: u8 = 1;
/// Exit status of a usage error.
pub const USAGE: u8 = 2;

/// A failed command: printed as `error: <message>` on stderr.
#[derive(Debug)]
pub struct CliError {
    /// What went wrong and where.
    pub message: String,
    /// The process exit status ([`INPUT`] or [`USAGE`]).
    pub code: u8,
}

impl CliError {
    /// A bad-input error (exit status 1).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: INPUT,
        }
    }

    /// A usage error: an argument value the command cannot take, or
    /// arguments that do not go together (exit status 2).
    pub fn usage(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: USAGE,
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
