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
//! * [`params`]: the checks of the values front ends pass in (move budgets,
//!   sizes, tiles, search depths), shared by the command line and Python.
//! * [`tables`]: exact lookup tables for the late game (small sub-problems
//!   solved once by dynamic programming, matched in any of the board's eight
//!   [`symmetry`] images), which the AI plays from before it searches.
//!
//! Parse a board, compute, read the result: the largest tile within five
//! moves (Baekjoon 12100), and a seeded game played by the AI.
//!
//! ```
//! use boardkit_2048::ai::{play, Ending, Settings, Stop};
//! use boardkit_2048::format::{parse_max_tile, Range};
//! use boardkit_2048::{max_tile::best_line, tile_value};
//! use boardkit_grid::Dir;
//!
//! let board = parse_max_tile("3\n4 4 8\n2 0 2\n0 0 0\n", Range::Judge).unwrap();
//! let (best, line) = best_line(&board, 5);
//! assert_eq!((tile_value(best), line), (16, vec![Dir::Left, Dir::Left]));
//!
//! let game = play(1, &Settings::fast(), Stop::at_tile(9), |_| {});
//! assert_eq!((game.ending, tile_value(game.game.max_exponent())), (Ending::Reached, 512));
//! ```
//!
//! `examples/ai_game.rs` plays a game from a seed given on the command line.
//!
//! The rule itself, on a board of any size:
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
pub mod corner;
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
pub mod params;
#[warn(clippy::indexing_slicing)]
pub mod slide;
#[warn(clippy::indexing_slicing)]
pub mod symmetry;
#[warn(clippy::indexing_slicing)]
pub mod tables;
#[warn(clippy::indexing_slicing)]
pub mod train;

pub use crate::bitboard::Bitboard;
pub use crate::board::{
    tile_exponent, tile_value, value_exponent, Board, BoardError, Moves, MAX_EXPONENT, MAX_SIZE,
};
pub use crate::slide::MoveOutcome;
