//! boardkit: fast, exact engines and solvers for grid puzzle games.
//!
//! This crate gathers the game crates under one name, each behind a feature
//! of the same name (all on by default):
//!
//! | module | feature | crate | what it holds |
//! |---|---|---|---|
//! | [`grid`] | always | `boardkit-grid` | directions, positions, grids, located parse errors |
//! | [`g2048`] | `g2048` | `boardkit-2048` | 2048 on any N x N board, the bitboard, exact searches, the game and its AI |
//! | [`sokoban`] | `sokoban` | `boardkit-sokoban` | levels and their formats, the rules with undo, the solver |
//! | [`cover`] | `cover` | `boardkit-cover` | exact counts of the coverings of a board by polyominoes |
//! | [`yut`] | `yut` | `boardkit-yut` | dice yut-nori boards as data and the exact optimiser |
//!
//! A program that needs one game can depend on its crate alone; this crate
//! adds nothing but the names. Turn off the default features to pick games:
//! `boardkit = { version = "0.1", default-features = false, features = ["sokoban"] }`.
//!
//! ```
//! # #[cfg(all(feature = "sokoban", feature = "g2048"))] {
//! use boardkit::grid::Dir;
//! use boardkit::sokoban::{solver, Level};
//!
//! let level: Level = "#######\n#@ $ .#\n#######\n".parse().unwrap();
//! let outcome = solver::solve(&level, &solver::Config::default());
//! assert_eq!(outcome.solution().map(|s| s.lurd()), Some("rRR".to_string()));
//!
//! let board = boardkit::g2048::Board::from_values(2, &[2u32, 2, 0, 0]).unwrap();
//! let legal: Vec<Dir> = board.legal_moves().alphabetical().collect();
//! assert_eq!(legal, [Dir::Down, Dir::Left, Dir::Right]);
//! # }
//! ```

#[doc(inline)]
pub use boardkit_grid as grid;

#[cfg(feature = "g2048")]
#[doc(inline)]
pub use boardkit_2048 as g2048;

#[cfg(feature = "sokoban")]
#[doc(inline)]
pub use boardkit_sokoban as sokoban;

#[cfg(feature = "cover")]
#[doc(inline)]
pub use boardkit_cover as cover;

#[cfg(feature = "yut")]
#[doc(inline)]
pub use boardkit_yut as yut;

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(all(
    doctest,
    feature = "g2048",
    feature = "sokoban",
    feature = "cover",
    feature = "yut"
))]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;
