//! Checked parameter values: the one set of checks, limits and messages that
//! every front end shares.
//!
//! A front end (the command line's options, the Python package's arguments,
//! a web API's fields) hands a value to a game crate's checker and reports
//! the [`ValueError`] it gets back under its own name for the parameter:
//! `invalid value '-1' for '--moves <MOVES>': expected a number of moves
//! from 0 to 64` on the command line, the same words after `moves` in
//! Python. The checkers read numbers wider than any parameter (`i128`, or
//! text), so a negative or huge value gets the parameter's own message
//! instead of an overflow.
//!
//! ```
//! use boardkit_grid::value::{parse_seconds, IntParam};
//!
//! const MOVES: IntParam = IntParam::new("a number of moves", 0, 64);
//! assert_eq!(MOVES.parse_as::<u32>("12"), Ok(12));
//! let e = MOVES.check(-1).unwrap_err();
//! assert_eq!(e.to_string(), "expected a number of moves from 0 to 64");
//! assert_eq!(MOVES.parse("99999999999999999999999999999999999999999"), Err(e));
//!
//! assert_eq!(parse_seconds("0.5").map(|d| d.as_millis()), Ok(500));
//! assert_eq!(
//!     parse_seconds("1e308").unwrap_err().to_string(),
//!     "too long: at most 18446744073709551615 seconds"
//! );
//! ```

use std::fmt;
use std::time::Duration;

/// A value that a parameter does not take, and what it takes instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueError {
    message: String,
}

impl ValueError {
    /// An error saying `message` (what the parameter takes, or what is wrong
    /// with the value), without the value or the parameter's name, which the
    /// front end adds.
    #[must_use]
    pub fn new(message: impl Into<String>) -> ValueError {
        ValueError {
            message: message.into(),
        }
    }
}

impl ValueError {
    /// The whole message for the argument `name` given as `value`, in the
    /// words clap uses for an option, which the front ends without clap
    /// (Python, the web API) give too.
    ///
    /// ```
    /// use boardkit_grid::value::ValueError;
    /// let e = ValueError::new("expected a board size from 2 to 8");
    /// assert_eq!(
    ///     e.for_argument("size", 9),
    ///     "invalid value '9' for 'size': expected a board size from 2 to 8"
    /// );
    /// ```
    #[must_use]
    pub fn for_argument(&self, name: &str, value: impl fmt::Display) -> String {
        format!("invalid value '{value}' for '{name}': {self}")
    }
}

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValueError {}

/// An integer parameter: what it counts, and its smallest and largest
/// values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntParam {
    /// What the value is, with its article: `a number of moves`.
    pub what: &'static str,
    /// The smallest value taken.
    pub min: i128,
    /// The largest value taken.
    pub max: i128,
}

impl IntParam {
    /// A parameter taking `what` from `min` to `max`, both included.
    #[must_use]
    pub const fn new(what: &'static str, min: i128, max: i128) -> IntParam {
        IntParam { what, min, max }
    }

    /// The one message of this parameter: `expected a number of moves from 0
    /// to 64`.
    #[must_use]
    pub fn error(&self) -> ValueError {
        ValueError::new(format!(
            "expected {} from {} to {}",
            self.what, self.min, self.max
        ))
    }

    /// `value` when the parameter takes it.
    ///
    /// # Errors
    /// [`IntParam::error`] when `value` is outside `min..=max`.
    pub fn check(&self, value: i128) -> Result<i128, ValueError> {
        if (self.min..=self.max).contains(&value) {
            Ok(value)
        } else {
            Err(self.error())
        }
    }

    /// `value` as the type the caller keeps it in.
    ///
    /// # Errors
    /// [`IntParam::error`] when `value` is outside `min..=max` (or, should the
    /// range be wider than `T`, outside `T`).
    pub fn check_as<T: TryFrom<i128>>(&self, value: i128) -> Result<T, ValueError> {
        T::try_from(self.check(value)?).map_err(|_| self.error())
    }

    /// The value written in `text`: decimal digits with an optional sign,
    /// surrounding spaces allowed.
    ///
    /// # Errors
    /// [`IntParam::error`] for anything else, and for numbers outside the
    /// range, however large.
    pub fn parse(&self, text: &str) -> Result<i128, ValueError> {
        text.trim()
            .parse::<i128>()
            .map_err(|_| self.error())
            .and_then(|v| self.check(v))
    }

    /// [`IntParam::parse`], as the type the caller keeps the value in.
    ///
    /// # Errors
    /// As [`IntParam::parse`].
    pub fn parse_as<T: TryFrom<i128>>(&self, text: &str) -> Result<T, ValueError> {
        self.check_as(self.parse(text)?)
    }
}

/// A seed of the random games: any 64-bit unsigned number.
pub const SEED: IntParam = IntParam::new("a seed", 0, u64::MAX as i128);

/// A time limit of `seconds`: positive and finite, and no longer than a
/// [`Duration`] holds.
///
/// # Errors
/// `expected a positive number of seconds` for zero, negative and non-finite
/// values; `too long: at most … seconds` past [`Duration::MAX`].
pub fn seconds(seconds: f64) -> Result<Duration, ValueError> {
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(ValueError::new("expected a positive number of seconds"));
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| {
        ValueError::new(format!(
            "too long: at most {} seconds",
            Duration::MAX.as_secs()
        ))
    })
}

/// [`seconds`] of a number written in `text`: `0.5`, `10`, `1e3`.
///
/// # Errors
/// As [`seconds`], and `expected a positive number of seconds` for text that
/// is not a number.
pub fn parse_seconds(text: &str) -> Result<Duration, ValueError> {
    text.trim()
        .parse::<f64>()
        .map_err(|_| ValueError::new("expected a positive number of seconds"))
        .and_then(seconds)
}

/// The message of every malformed size.
fn size_error() -> ValueError {
    ValueError::new("expected a size: a number and an optional unit K, M, G or T (e.g. 512M, 2G)")
}

/// The message of every size out of range.
fn size_range_error() -> ValueError {
    ValueError::new("expected a size of at least 1 byte, at most 2^64 - 1")
}

/// A memory limit of `bytes`: at least one byte.
///
/// # Errors
/// `expected a size of at least 1 byte, at most 2^64 - 1` outside that range.
pub fn bytes(bytes: i128) -> Result<u64, ValueError> {
    u64::try_from(bytes)
        .ok()
        .filter(|&b| b >= 1)
        .ok_or_else(size_range_error)
}

/// A size in bytes with an optional binary unit (K, M, G, T; `KB`, `KiB`
/// and `kib` alike; `bytes`), as memory limits are written.
///
/// ```
/// use boardkit_grid::value::parse_bytes;
/// assert_eq!(parse_bytes("2G"), Ok(2 << 30));
/// assert_eq!(parse_bytes("1.5 MiB"), Ok(1536 << 10));
/// assert_eq!(parse_bytes("100"), Ok(100));
/// assert!(parse_bytes("lots").is_err());
/// ```
///
/// # Errors
/// `expected a size: …` for text that is not a number and a unit; the
/// [`bytes`] message for sizes below one byte or from 2^64 bytes on.
pub fn parse_bytes(text: &str) -> Result<u64, ValueError> {
    let t = text.trim();
    if let Some(magnitude) = t.strip_prefix('-') {
        // A negative size is a size out of range, not a malformed one.
        return Err(match parse_bytes(magnitude) {
            Ok(_) => size_range_error(),
            Err(e) => e,
        });
    }
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let unit = unit.trim().to_ascii_lowercase();
    let unit = match unit.as_str() {
        "byte" | "bytes" => "",
        u => u.trim_end_matches('b').trim_end_matches('i'),
    };
    let scale: u64 = match unit {
        "" => 1,
        "k" => 1 << 10,
        "m" => 1 << 20,
        "g" => 1 << 30,
        "t" => 1 << 40,
        _ => return Err(size_error()),
    };
    let value: f64 = num.parse().map_err(|_| size_error())?;
    let bytes_f = value * scale as f64;
    if !bytes_f.is_finite() || bytes_f < 1.0 || bytes_f >= u64::MAX as f64 {
        return Err(size_range_error());
    }
    // A float in 1..2^64 converts exactly enough for a limit.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(bytes_f as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPTH: IntParam = IntParam::new("a depth", 1, 12);

    #[test]
    fn an_int_param_takes_its_range_and_nothing_else() {
        for v in 1..=12 {
            assert_eq!(DEPTH.check(v), Ok(v));
            assert_eq!(DEPTH.parse(&v.to_string()), Ok(v));
            assert_eq!(DEPTH.parse_as::<u8>(&format!(" {v} ")), Ok(v as u8));
        }
        let error = ValueError::new("expected a depth from 1 to 12");
        for bad in [
            "0",
            "13",
            "-1",
            "",
            "x",
            "1.5",
            "1e3",
            "--1",
            "340282366920938463463374607431768211456",
        ] {
            assert_eq!(DEPTH.parse(bad), Err(error.clone()), "{bad:?}");
        }
        assert_eq!(DEPTH.check(i128::MIN), Err(error.clone()));
        assert_eq!(DEPTH.check(i128::MAX), Err(error));
        assert_eq!(DEPTH.parse("+7"), Ok(7));
    }

    #[test]
    fn check_as_refuses_what_the_type_cannot_hold() {
        let wide = IntParam::new("a count", -5, 1000);
        assert_eq!(wide.check_as::<u8>(200), Ok(200u8));
        assert_eq!(
            wide.check_as::<u8>(300),
            Err(ValueError::new("expected a count from -5 to 1000"))
        );
        assert!(wide.check_as::<u8>(-1).is_err());
    }

    #[test]
    fn seeds_are_the_u64s() {
        assert_eq!(SEED.parse_as::<u64>("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(SEED.parse_as::<u64>("0"), Ok(0));
        let error = ValueError::new("expected a seed from 0 to 18446744073709551615");
        assert_eq!(SEED.parse_as::<u64>("-1"), Err(error.clone()));
        assert_eq!(SEED.parse_as::<u64>("18446744073709551616"), Err(error));
    }

    #[test]
    fn seconds_are_positive_finite_and_not_too_long() {
        assert_eq!(seconds(2.5), Ok(Duration::from_millis(2500)));
        assert_eq!(parse_seconds(" 10 "), Ok(Duration::from_secs(10)));
        let not_positive = ValueError::new("expected a positive number of seconds");
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(seconds(bad), Err(not_positive.clone()), "{bad}");
        }
        for bad in ["0", "-1", "x", "", "inf", "NaN"] {
            assert_eq!(parse_seconds(bad), Err(not_positive.clone()), "{bad:?}");
        }
        let too_long = ValueError::new("too long: at most 18446744073709551615 seconds");
        assert_eq!(seconds(1e308), Err(too_long.clone()));
        assert_eq!(parse_seconds("1e20"), Err(too_long));
        assert!(seconds(1e19).is_ok());
    }

    #[test]
    fn sizes_take_units_and_refuse_the_rest() {
        assert_eq!(parse_bytes("64kb"), Ok(65536));
        assert_eq!(parse_bytes(" 1 gib "), Ok(1 << 30));
        assert_eq!(parse_bytes("3 bytes"), Ok(3));
        assert_eq!(parse_bytes("1T"), Ok(1 << 40));
        for bad in ["", "1.2.3G", "5X", "-lots", "lots"] {
            assert_eq!(parse_bytes(bad), Err(size_error()), "{bad:?}");
        }
        let range = ValueError::new("expected a size of at least 1 byte, at most 2^64 - 1");
        for bad in ["0", "0.5", "16777216T", "-1", "-1G"] {
            assert_eq!(parse_bytes(bad), Err(range.clone()), "{bad:?}");
        }
        assert_eq!(bytes(1), Ok(1));
        assert_eq!(bytes(i128::from(u64::MAX)), Ok(u64::MAX));
        assert_eq!(bytes(0), Err(range.clone()));
        assert_eq!(bytes(-1), Err(range.clone()));
        assert_eq!(bytes(i128::from(u64::MAX) + 1), Err(range));
    }
}
