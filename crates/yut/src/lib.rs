//! Dice yut-nori for boardkit: the best score over known rolls (Baekjoon
//! 17825) on any board, with any number of rolls and 1 to 8 pieces.
//!
//! * [`board`]: the board as data (cells with a number, a red and maybe a
//!   blue successor, a start and an end), validated; the standard board.
//! * [`file`](mod@file): boards from TOML or JSON files, and back.
//! * [`rules`]: the rules on plain piece positions, the reference engine.
//! * [`rolls`]: the roll-sequence input (the judge's one line, and more).
//! * [`state`]: positions as sorted cell bytes in a `u64`; the move table.
//! * [`layer`]: merging a layer's moves into the next, sharded when large.
//! * [`search`]: the exact optimiser and its canonical best line.
//! * [`brute`]: every move sequence, the check for [`search`].
//!
//! ```
//! use boardkit_yut::{search::{Limits, Solver}, Board};
//!
//! let mut solver = Solver::new(&Board::standard(), 4).unwrap();
//! let best = solver.best_score(&[5, 4, 3, 2, 1, 5, 4, 3, 2, 1], &Limits::default());
//! assert_eq!(best, Ok(254));
//! ```

// No unchecked indexing: input must never reach a panic (issue 8).
#![warn(clippy::indexing_slicing)]

pub mod board;
pub mod brute;
pub mod file;
pub mod layer;
pub mod rolls;
pub mod rules;
pub mod search;
pub mod state;

pub use crate::board::{Board, BoardError, Cell, MAX_CELLS, MAX_NUMBER};
