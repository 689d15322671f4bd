//! Sokoban for boardkit: level formats, validation, the exact rules with
//! undo and redo, and replay.
//!
//! The design separates what never changes from what moves, so that a
//! search can copy states cheaply:
//!
//! * [`Level`]: the static layout, built once — walls, goals and the
//!   outside as flags over a flat array of squares ([`Cell`] = `row * cols +
//!   col`, a `u16`), the step [`offset`](Level::offset) of each direction,
//!   the goal list, the starting [`State`], and the title and notes
//!   ([`Meta`]). Building validates the level ([`LevelError`]).
//! * [`State`]: the worker's square and a bitset of box squares, with the
//!   number of boxes off goals kept current ([`State::is_solved`] is free).
//! * The rules ([`rules`]): [`Level::try_move`] applies a key press and
//!   says what happened ([`MoveOutcome::Moved`], [`MoveOutcome::Pushed`] or
//!   [`MoveOutcome::Blocked`]); [`Level::undo_move`] takes it back; a
//!   [`Step`] is one key press that moved the worker.
//! * [`Game`]: a state with its move history: undo, redo, restart, move
//!   and push counts, the moves in LURD notation.
//! * Formats: [`xsb`] (the standard level format, whole collections, read
//!   and written; one level is also `text.parse::<Level>()` and
//!   `level.to_string()`), [`judge`] (Baekjoon 4577, with its replay and answer),
//!   [`lurd`] (solutions in LURD notation, and checking them).
//! * [`builtin`]: twelve small levels of my own design, easiest first.
//! * [`solver`]: a push-based solver (best-first or A*), with deadlock
//!   pruning and a matching lower bound; every solution replayed.
//!
//! For searches: iterate squares `0..level.len()` and keep those with
//! [`Level::is_floor`]; step with [`Level::step`] (safe inside the walls) or
//! [`Level::neighbour`]; apply a push directly with [`State::move_box`] and
//! [`State::set_worker`] (normalising the worker to one square of its
//! region); hash box configurations from [`State::box_bits`] or
//! [`State::boxes`] (sorted). Check every solution found with
//! [`lurd::verify`].
//!
//! Solving a level: parse it, solve it, read the solution.
//!
//! ```
//! use boardkit_sokoban::{solver, Level};
//!
//! let level: Level = "; First\n#######\n#@ $ .#\n#######\n".parse()?;
//! let outcome = solver::solve(&level, &solver::Config::default());
//! let solution = outcome.solution().ok_or("not solved")?;
//! assert_eq!(solution.lurd(), "rRR");
//! assert_eq!((solution.moves, solution.pushes), (3, 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Playing it key by key:
//!
//! ```
//! use boardkit_grid::Dir;
//! use boardkit_sokoban::{Game, MoveOutcome};
//!
//! let levels = boardkit_sokoban::xsb::parse_collection("; First\n#######\n#@ $ .#\n#######\n").unwrap();
//! let level = &levels[0];
//! assert_eq!(level.title(), Some("First"));
//! let mut game = Game::new(level.clone());
//! assert_eq!(game.play(Dir::Right), MoveOutcome::Moved);
//! assert_eq!(game.play(Dir::Right), MoveOutcome::Pushed);
//! assert_eq!(game.play(Dir::Right), MoveOutcome::Pushed);
//! assert!(game.is_solved());
//! assert_eq!(game.lurd(), "rRR");
//! ```

#[warn(clippy::indexing_slicing)]
pub mod builtin;
#[warn(clippy::indexing_slicing)]
mod cell;
#[warn(clippy::indexing_slicing)]
pub mod game;
#[warn(clippy::indexing_slicing)]
pub mod judge;
#[warn(clippy::indexing_slicing)]
pub mod level;
#[warn(clippy::indexing_slicing)]
pub mod lurd;
#[warn(clippy::indexing_slicing)]
pub mod rules;
pub mod solver;
#[warn(clippy::indexing_slicing)]
pub mod state;
#[warn(clippy::indexing_slicing)]
pub mod tile;
#[warn(clippy::indexing_slicing)]
pub mod xsb;

pub use crate::cell::{Cell, MAX_CELLS};
pub use crate::game::Game;
pub use crate::level::{Level, LevelError, Meta};
pub use crate::rules::{MoveOutcome, Step};
pub use crate::state::State;
pub use crate::tile::Tile;
