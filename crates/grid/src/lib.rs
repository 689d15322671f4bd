//! Shared basics for the boardkit game crates.
//!
//! Only what several games use lives here: the four [`Dir`]ections, a
//! [`Pos`]ition on a board, a small rectangular [`Grid`], and the
//! [`ParseError`] every text format reports (with the line and column where
//! it went wrong), plus a whitespace tokenizer over text input ([`Tokens`])
//! that the judge formats share, and the [`Interrupt`] flag that stops a long
//! search from another thread. [`value`] holds the checks of parameter
//! values (time and memory limits, seeds, bounded integers) that every front
//! end shares.
//!
//! ```
//! use boardkit_grid::{Dir, Grid, Pos};
//!
//! let mut g = Grid::new(2, 3, 0u8);
//! g[Pos::new(1, 2)] = 7;
//! assert_eq!(g.step(Pos::new(1, 1), Dir::Right), Some(Pos::new(1, 2)));
//! assert_eq!(g.step(Pos::new(1, 2), Dir::Right), None);
//! assert_eq!(g[Pos::new(1, 2)], 7);
//! ```

// No unchecked indexing: input must never reach a panic (issue 8).
#![warn(clippy::indexing_slicing)]

mod dir;
mod error;
mod grid;
mod interrupt;
mod tokens;
pub mod value;

pub use crate::dir::Dir;
pub use crate::error::{counted, ParseError};
pub use crate::grid::{Grid, Pos};
pub use crate::interrupt::Interrupt;
pub use crate::tokens::{clean_input, Token, Tokens};
