//! The value parsers of options. Each hands the text to the check of the
//! game crate (or of `boardkit-grid`) that the Python package also calls, so
//! both front ends share one set of checks, limits and messages; clap
//! reports a failure as a usage error (exit status 2): `error: invalid
//! value '-1' for '--moves <MOVES>': expected a number of moves from 0 to
//! 64`.

use std::time::Duration;

use boardkit_2048::params::TileParam;
use boardkit_grid::value::{self, IntParam, ValueError};

/// A positive number of seconds: `0.5`, `10`.
pub fn seconds(s: &str) -> Result<Duration, ValueError> {
    value::parse_seconds(s)
}

/// A size in bytes with an optional binary unit: `512M`, `2G`.
pub fn bytes(s: &str) -> Result<u64, ValueError> {
    value::parse_bytes(s)
}

/// The parser of an integer option that `param` checks, giving a `T`.
pub fn int<T>(param: IntParam) -> impl Fn(&str) -> Result<T, ValueError> + Clone + Send + Sync
where
    T: TryFrom<i128> + Clone + Send + Sync + 'static,
{
    move |s: &str| param.parse_as::<T>(s)
}

/// The parser of a tile option that `param` checks, giving its exponent.
pub fn tile(param: TileParam) -> impl Fn(&str) -> Result<u8, ValueError> + Clone + Send + Sync {
    move |s: &str| param.parse(s)
}

/// Threads a command may run at once (`--jobs`).
pub const JOBS: IntParam = IntParam::new("a number of threads", 1, 256);

/// A level's number in a collection (`--level`), from 1.
pub const LEVEL: IntParam = IntParam::new("a level number", 1, u32::MAX as i128);
