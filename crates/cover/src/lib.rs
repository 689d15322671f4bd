//! Board covers for boardkit: exact counts of the ways to cover the white
//! cells of a board with polyominoes.
//!
//! * [`Board`]: H × W cells, black (`#`) or white (`.`).
//! * [`Shape`] and [`PieceSet`]: fixed polyominoes; named sets (`l3`, the
//!   L-tromino of algospot BOARDCOVER; `domino`; `i3`; unions like `l3+i3`)
//!   and piece files drawn in `#`/`.` with the rotations and reflections to
//!   allow.
//! * [`count`]: the frontier (broken-profile) DP ([`frontier`]), exact at any
//!   size: counts live in `u64`, then `u128`, 256 and 512 bits, then big
//!   integers as they grow.
//! * [`backtrack::count`]: the plain backtracking counter the DP is checked
//!   against.
//! * [`find_covering`]: one covering, drawn with letters ([`Covering`]).
//! * [`mod@format`]: the BOARDCOVER judge input.
//! * [`count_rectangle`] and [`find_covering_rectangle`]: full rectangles of
//!   any size, refused by their estimates ([`estimate`]) before anything is
//!   allocated when they cannot fit the limits; `examples/count.rs` uses
//!   them.
//!
//! Parse a board, count, read the result:
//!
//! ```
//! use boardkit_cover::{count, format, Limits, PieceSet};
//!
//! let cases = format::parse("1\n4 5\n#####\n#...#\n#...#\n#####\n").unwrap();
//! let l3 = PieceSet::named("l3").unwrap();
//! let n = count(&cases[0].board, &l3, &Limits::default()).unwrap();
//! assert_eq!(n.to_string(), "2");
//! ```
//!
//! Rectangles, and the count that is not there:
//!
//! ```
//! use boardkit_cover::{count, Board, Limits, PieceSet};
//!
//! let l3 = PieceSet::named("l3").unwrap();
//! assert_eq!(count(&Board::rectangle(9, 9), &l3, &Limits::default()).unwrap(), 1193600u32.into());
//! assert_eq!(count(&Board::rectangle(2, 2), &l3, &Limits::default()).unwrap(), 0u32.into());
//! ```

// No unchecked indexing: input must never reach a panic (issue 8).
#![warn(clippy::indexing_slicing)]

pub mod backtrack;
pub mod board;
mod budget;
pub mod covering;
pub mod estimate;
pub mod format;
pub mod frontier;
pub mod limits;
pub mod piece_set;
mod region;
pub mod shape;
mod tally;

pub use crate::board::Board;
pub use crate::covering::{find_covering, find_covering_rectangle, Covering};
pub use crate::frontier::{
    count, count_big_integers_only, count_detailed, count_rectangle, Counted, TableStats,
};
pub use crate::limits::{CoverError, Limits};
pub use crate::piece_set::PieceSet;
pub use crate::shape::Shape;
pub use num_bigint::BigUint;
