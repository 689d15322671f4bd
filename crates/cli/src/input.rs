//! Reading a command's input: a FILE argument, or stdin without one (or
//! with `-`).

use std::io::Read;
use std::path::Path;

use crate::error::CliError;

/// The whole input as text.
pub fn read(file: Option<&Path>) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    match file {
        Some(path) if path != Path::new("-") => {
            bytes = std::fs::read(path)
                .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        }
        _ => {
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|e| CliError::input(format!("cannot read standard input: {e}")))?;
        }
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let text = String::from_utf8_lossy(e.as_bytes().get(..at).unwrap_or_default());
        let line = text.matches('\n').count() + 1;
        CliError::input(format!(
            "line {line}: the input is not text (invalid UTF-8 at byte {at})"
        ))
    })
}
