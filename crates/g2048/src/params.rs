//! The parameters a front end passes to this crate, with their one set of
//! checks, limits and messages: the command line's options and the Python
//! package's arguments both check here (see [`boardkit_grid::value`]).
//!
//! ```
//! use boardkit_2048::params::{MOVES, UNTIL};
//!
//! assert_eq!(MOVES.check_as::<u32>(9), Ok(9));
//! assert_eq!(
//!     MOVES.check(65).unwrap_err().to_string(),
//!     "expected a number of moves from 0 to 64"
//! );
//! assert_eq!(UNTIL.parse("2048"), Ok(11));
//! assert_eq!(
//!     UNTIL.parse("3").unwrap_err().to_string(),
//!     "expected a tile: a power of two from 2 to 131072"
//! );
//! ```

use boardkit_grid::value::{IntParam, ValueError};

use crate::ai::Downgrade;
use crate::board::{Board, MAX_EXPONENT, MAX_SIZE};
use crate::game::{MAX_GAME_SIZE, MIN_GAME_SIZE};
use crate::max_tile::{can_overflow, MAX_MOVES};

/// The move budget K of the largest-tile search.
pub const MOVES: IntParam = IntParam::new("a number of moves", 0, MAX_MOVES as i128);

/// Whether `moves` moves on `board` stay within the tiles a [`Board`] holds
/// (2^[`MAX_EXPONENT`]): a budget past that is refused only when merges
/// could actually build such a tile.
///
/// ```
/// use boardkit_2048::{params::check_budget, Board};
///
/// let b = Board::from_values(2, &[2u32, 2, 0, 0]).unwrap();
/// assert!(check_budget(&b, 64).is_ok());
/// ```
///
/// # Errors
/// `could build a tile above 2^127: at most N moves for this board`.
pub fn check_budget(board: &Board, moves: u32) -> Result<(), ValueError> {
    let room = u32::from(MAX_EXPONENT - board.max_exponent());
    if moves > room && can_overflow(board) {
        return Err(ValueError::new(format!(
            "could build a tile above 2^{MAX_EXPONENT}: at most {room} moves for this board"
        )));
    }
    Ok(())
}

/// The side N of a board read in the judge formats.
pub const SIZE: IntParam = IntParam::new("a board size", 1, MAX_SIZE as i128);

/// The side N of a real game's board.
pub const GAME_SIZE: IntParam =
    IntParam::new("a board size", MIN_GAME_SIZE as i128, MAX_GAME_SIZE as i128);

/// The AI's deepest (or shallowest) search, in random tiles looked ahead.
pub const DEPTH: IntParam = IntParam::new("a search depth", 1, 12);

/// The adaptive depth's offset K: a position with k distinct tiles is
/// searched k − K deep.
pub const DEPTH_OFFSET: IntParam = IntParam::new("a depth offset", 0, 16);

/// Milliseconds of search per move, when the depth is set by time.
pub const TIME_PER_MOVE_MS: IntParam = IntParam::new("a number of milliseconds", 1, 600_000);

/// A tile parameter: a power of two whose exponent lies in a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileParam {
    /// The smallest exponent taken.
    pub min: u8,
    /// The largest exponent taken.
    pub max: u8,
}

impl TileParam {
    /// The one message of this parameter: `expected a tile: a power of two
    /// from 2 to 131072`.
    #[must_use]
    pub fn error(&self) -> ValueError {
        ValueError::new(format!(
            "expected a tile: a power of two from {} to {}",
            1u128 << self.min,
            1u128 << self.max
        ))
    }

    /// The exponent of the tile `value`.
    ///
    /// # Errors
    /// [`TileParam::error`] when `value` is not a power of two in the range.
    pub fn check(&self, value: i128) -> Result<u8, ValueError> {
        u128::try_from(value)
            .ok()
            .filter(|v| v.is_power_of_two())
            .and_then(|v| u8::try_from(v.trailing_zeros()).ok())
            .filter(|e| (self.min..=self.max).contains(e))
            .ok_or_else(|| self.error())
    }

    /// The exponent of the tile written in `text`.
    ///
    /// # Errors
    /// [`TileParam::error`] for anything but a tile in the range.
    pub fn parse(&self, text: &str) -> Result<u8, ValueError> {
        text.trim()
            .parse::<i128>()
            .map_err(|_| self.error())
            .and_then(|v| self.check(v))
    }
}

/// The tile an AI game stops at: any a 4 × 4 game can make.
pub const UNTIL: TileParam = TileParam { min: 1, max: 17 };

/// The tile from which a network judges boards one stage lower.
pub const DOWNGRADE_FROM: TileParam = TileParam { min: 2, max: 15 };

/// Downgrading as written: `off`, or the tile it starts at.
///
/// ```
/// use boardkit_2048::{ai::Downgrade, params::downgrade};
/// assert_eq!(downgrade("off"), Ok(Downgrade::Off));
/// assert_eq!(downgrade("16384"), Ok(Downgrade::From(14)));
/// assert!(downgrade("65536").is_err());
/// ```
///
/// # Errors
/// `expected off or a tile: a power of two from 4 to 32768`.
pub fn downgrade(text: &str) -> Result<Downgrade, ValueError> {
    if text.trim() == "off" {
        return Ok(Downgrade::Off);
    }
    DOWNGRADE_FROM
        .parse(text)
        .map(Downgrade::From)
        .map_err(|_| {
            ValueError::new(format!(
                "expected off or a tile: a power of two from {} to {}",
                1u32 << DOWNGRADE_FROM.min,
                1u32 << DOWNGRADE_FROM.max
            ))
        })
}

/// The probability below which a chance node is evaluated instead of
/// searched: from 0 (no cut-off) up to, not including, 1.
///
/// # Errors
/// `expected a probability from 0 (no cut-off) up to 1, not 1 itself`.
pub fn prob_cutoff(p: f64) -> Result<f32, ValueError> {
    if (0.0..1.0).contains(&p) {
        // A probability below 1 loses only precision as an f32.
        #[allow(clippy::cast_possible_truncation)]
        Ok(p as f32)
    } else {
        Err(prob_cutoff_error())
    }
}

/// The one message of [`prob_cutoff`].
fn prob_cutoff_error() -> ValueError {
    ValueError::new("expected a probability from 0 (no cut-off) up to 1, not 1 itself")
}

/// [`prob_cutoff`] of a number written in `text`.
///
/// # Errors
/// As [`prob_cutoff`], also for text that is not a number.
pub fn parse_prob_cutoff(text: &str) -> Result<f32, ValueError> {
    text.trim()
        .parse::<f64>()
        .map_err(|_| prob_cutoff_error())
        .and_then(prob_cutoff)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_are_powers_of_two_in_range() {
        assert_eq!(UNTIL.check(2), Ok(1));
        assert_eq!(UNTIL.check(131_072), Ok(17));
        for bad in [0, 1, 3, -2, 262_144, 6, i128::MAX, i128::MIN] {
            assert_eq!(UNTIL.check(bad), Err(UNTIL.error()), "{bad}");
        }
        assert_eq!(UNTIL.parse(" 64 "), Ok(6));
        for bad in [
            "",
            "x",
            "-1",
            "2.0",
            "1e3",
            "99999999999999999999999999999999999999999",
        ] {
            assert_eq!(UNTIL.parse(bad), Err(UNTIL.error()), "{bad:?}");
        }
        assert_eq!(
            DOWNGRADE_FROM.error().to_string(),
            "expected a tile: a power of two from 4 to 32768"
        );
    }

    #[test]
    fn downgrade_takes_off_or_a_tile_from_4_to_32768() {
        assert_eq!(downgrade("4"), Ok(Downgrade::From(2)));
        assert_eq!(downgrade("32768"), Ok(Downgrade::From(15)));
        for bad in ["2", "65536", "3000", "0", "x", "-4"] {
            assert_eq!(
                downgrade(bad).map_err(|e| e.to_string()),
                Err("expected off or a tile: a power of two from 4 to 32768".to_string()),
                "{bad}"
            );
        }
    }

    #[test]
    fn cutoffs_are_probabilities_below_1() {
        assert_eq!(prob_cutoff(0.0), Ok(0.0));
        assert_eq!(parse_prob_cutoff("0.005"), Ok(0.005));
        let e = prob_cutoff_error();
        assert_eq!(
            e.to_string(),
            "expected a probability from 0 (no cut-off) up to 1, not 1 itself"
        );
        for bad in [1.0, -0.1, f64::NAN, 2.0] {
            assert_eq!(prob_cutoff(bad), Err(e.clone()), "{bad}");
        }
        for bad in ["1", "x", "", "-0.5", "NaN"] {
            assert_eq!(parse_prob_cutoff(bad), Err(e.clone()), "{bad:?}");
        }
    }

    #[test]
    fn sizes_and_depths_have_their_ranges() {
        assert_eq!((MOVES.min, MOVES.max), (0, 64));
        assert_eq!((SIZE.min, SIZE.max), (1, 256));
        assert_eq!((GAME_SIZE.min, GAME_SIZE.max), (2, 8));
        assert_eq!(
            GAME_SIZE.check(9).unwrap_err().to_string(),
            "expected a board size from 2 to 8"
        );
        assert_eq!(DEPTH.parse_as::<u32>("12"), Ok(12));
        assert!(DEPTH.parse("0").is_err());
    }
}
