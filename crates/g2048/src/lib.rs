//! 2048 rules for boardkit.
//!
//! * [`Board`]: an N × N board of any size (1 ≤ N ≤ [`MAX_SIZE`]) whose cells
//!   hold exponents (0 = empty, k = a tile of 2^k), with the exact
//!   slide-and-merge rule of the judge problems ([`slide`]).
//! * [`Bitboard`]: the 4 × 4 board packed in a `u64`, moved through lookup
//!   tables for all 65,536 rows; the fast path whenever every exponent fits in
//!   4 bits.
//! * [`format`](mod@format): the judge input formats (Baekjoon 12100 and beecrowd 1559).
//! * [`max_tile`]: the exact search for the largest tile within K moves.
//! * [`game`]: the real game (random tiles, score, game over), seeded.
//! * [`heuristic`] and [`expectimax`]: the AI that plays it on 4 × 4;
//!   [`ai`]: the AI as a library (its evaluation, a seeded game played by
//!   it, its advice on a board).
//! * [`ntuple`] and [`train`]: a learned evaluation for the same search, an
//!   n-tuple network trained by temporal-difference self-play, and
//!   [`downgrade`](mod@downgrade), which lets it judge late-stage boards by
//!   the layouts it knows from earlier stages.
//!
//! ```
//! use boardkit_2048::Board;
//! use boardkit_grid::Dir;
//!
//! let mut b = Board::from_values(2, &[2u32, 2, 0, 4]).unwrap();
//! let m = b.slide(Dir::Left);
//! assert!(m.changed);
//! assert_eq!(m.score, 4);
//! assert_eq!(b.values(), vec![4, 0, 4, 0]);
//! ```

#[warn(clippy::indexing_slicing)]
pub mod ai;
#[warn(clippy::indexing_slicing)]
pub mod bitboard;
#[warn(clippy::indexing_slicing)]
pub mod board;
#[warn(clippy::indexing_slicing)]
pub mod downgrade;
pub mod expectimax;
#[warn(clippy::indexing_slicing)]
pub mod format;
#[warn(clippy::indexing_slicing)]
pub mod game;
pub mod heuristic;
#[warn(clippy::indexing_slicing)]
pub mod max_tile;
#[warn(clippy::indexing_slicing)]
pub mod ntuple;
#[warn(clippy::indexing_slicing)]
pub mod slide;
#[warn(clippy::indexing_slicing)]
pub mod train;

pub use crate::bitboard::Bitboard;
pub use crate::board::{
    tile_exponent, tile_value, value_exponent, Board, BoardError, Moves, MAX_EXPONENT, MAX_SIZE,
};
pub use crate::slide::MoveOutcome;
