//! `boardkit._native`: boardkit's engines for Python (pyo3).
//!
//! This module is the thin layer between Python values and the game crates;
//! the Python package `boardkit` (in `python/boardkit/`) re-exports it by
//! game (`boardkit.sokoban`, `boardkit.g2048`, `boardkit.cover`,
//! `boardkit.yut`) with the docs and types a user reads. Bad input raises
//! `ValueError` with the message the command-line tool prints after
//! `error: `. Every long computation releases the GIL and runs under the
//! limits it is given, so other Python threads go on meanwhile, and stops
//! at Ctrl-C ([`shared::interruptible`]).
//!
//! The Rust modules follow the Python ones: one per game ([`sokoban`],
//! [`g2048`], [`cover`], [`yut`]), [`vector`] for the vector environments
//! (on the Sokoban and 2048 modules' helpers), and [`shared`] for what they
//! all use. Each adds its classes and functions to this one native module.

mod cover;
mod g2048;
mod shared;
mod sokoban;
mod tables;
mod vector;
mod yut;

use pyo3::prelude::*;

/// The module `boardkit._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    sokoban::register(m)?;
    g2048::register(m)?;
    cover::register(m)?;
    yut::register(m)?;
    vector::register(m)
}
