//! Small pieces of the text the commands print: a tour stop, timing, counts
//! with their plural, medians. A leaf: it imports no other module of the
//! binary but the error type, so every command module can use it.

use std::time::{Duration, Instant};

use crate::error::CliError;

/// One stop of `boardkit tour`: a game's headline computation on a built-in
/// input.
pub struct Stop {
    /// What is computed.
    pub title: &'static str,
    /// The input, as shown to the reader.
    pub input: String,
    /// The answer, as shown to the reader.
    pub answer: String,
    /// The time the computation took (not the printing).
    pub elapsed: Duration,
}

/// A tour stop's computation.
pub type StopFn = fn() -> Result<Stop, CliError>;

/// Times `f`, returning its value and the time it took.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// `n` and the noun for it: `count(1, "game", "games")` is `1 game`,
/// `count(3, "box", "boxes")` is `3 boxes`.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The plural ending for `n` things: `""` for 1, else `many` (`"s"`,
/// `"es"`).
pub fn plural(n: impl Into<u64>, many: &str) -> &str {
    if n.into() == 1 {
        ""
    } else {
        many
    }
}

/// Bytes in MiB, rounded up: `mib(1)` is 1, `mib(3 << 20)` is 3.
pub fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// The median of `values` (the mean of the middle two for an even count; 0
/// for none).
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    match (
        sorted.get(n / 2),
        n.checked_sub(1).map(|m| sorted.get(m / 2)),
    ) {
        (Some(&hi), Some(Some(&lo))) => (lo + hi) / 2.0,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&[]), 0.0);
        assert_eq!(median(&[3.0]), 3.0);
        assert_eq!(median(&[3.0, 1.0]), 2.0);
        assert_eq!(median(&[10.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn mebibytes_round_up() {
        assert_eq!(
            (mib(0), mib(1), mib(1 << 20), mib((3 << 20) + 1)),
            (0, 1, 1, 4)
        );
    }

    #[test]
    fn counts_take_their_plural() {
        assert_eq!(count(1u64, "game", "games"), "1 game");
        assert_eq!(count(0u64, "game", "games"), "0 games");
        assert_eq!(count(2u32, "box", "boxes"), "2 boxes");
        assert_eq!(plural(1u64, "es"), "");
        assert_eq!(plural(5u64, "es"), "es");
    }
}
