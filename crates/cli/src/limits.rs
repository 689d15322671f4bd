//! The value parsers of the `--time-limit` and `--memory-limit` options that
//! commands share.

use std::time::Duration;

/// A positive number of seconds, for clap: `0.5`, `10`.
pub fn seconds(s: &str) -> Result<Duration, String> {
    s.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .and_then(|v| Duration::try_from_secs_f64(v).ok())
        .ok_or_else(|| format!("`{s}` is not a positive number of seconds"))
}

/// A size in bytes with an optional binary unit, for clap: `512M`, `2G`.
pub fn bytes(s: &str) -> Result<u64, String> {
    boardkit_cover::limits::parse_bytes(s)
}
