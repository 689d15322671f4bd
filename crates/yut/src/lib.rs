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
//! Parse the rolls, compute, read the result:
//!
//! ```
//! use boardkit_yut::{rolls::parse_rolls, search::{Limits, Solver}, Board};
//!
//! let games = parse_rolls("5 4 3 2 1 5 4 3 2 1\n").unwrap();
//! let mut solver = Solver::new(&Board::standard(), 4).unwrap();
//! let line = solver.best_line(&games[0].rolls, &Limits::default()).unwrap();
//! assert_eq!((line.score, line.turns.len()), (254, 10));
//! assert_eq!(solver.best_score(&games[0].rolls, &Limits::default()), Ok(254));
//! ```
//!
//! `examples/best_score.rs` prints the best line of rolls given on the
//! command line.

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
