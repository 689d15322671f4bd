//! Board covers (`boardkit.cover`): exact counts of the coverings of a
//! board by polyominoes, and one covering drawn in letters.

use std::time::Duration;

use boardkit_cover::{count_rectangle, find_covering_rectangle, PieceSet};
use pyo3::prelude::*;

use crate::shared::{interruptible, value_error};

/// The piece set a name or a piece file's text gives.
fn pieces_of(name: &str) -> PyResult<PieceSet> {
    match PieceSet::named(name) {
        Some(set) => Ok(set),
        None if name.contains('#') => PieceSet::parse(name, "pieces").map_err(value_error),
        None => Err(value_error(format!(
            "no piece set is named {name:?}: try l3, domino, i3, a union such as l3+i3, or a piece file's text"
        ))),
    }
}

/// The cover limits from Python's arguments.
fn cover_limits(memory_limit: u64, time_limit: Option<f64>) -> boardkit_cover::Limits {
    boardkit_cover::Limits {
        memory: memory_limit,
        time: time_limit.and_then(|s| Duration::try_from_secs_f64(s).ok()),
        ..boardkit_cover::Limits::default()
    }
}

/// The board a list of rows (`#` black, `.` white) describes.
fn cover_board(rows: &[String]) -> PyResult<boardkit_cover::Board> {
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    boardkit_cover::Board::from_rows(&refs).ok_or_else(|| {
        value_error("a board is rows of equal length, of `#` (black) and `.` (white) only")
    })
}

/// The number of coverings, in decimal (it can be far larger than 2^64).
#[pyfunction]
#[pyo3(signature = (rows=None, rect=None, pieces="l3", memory_limit=4 << 30, time_limit=None))]
fn cover_count(
    py: Python<'_>,
    rows: Option<Vec<String>>,
    rect: Option<(usize, usize)>,
    pieces: &str,
    memory_limit: u64,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let set = pieces_of(pieces)?;
    let limits = cover_limits(memory_limit, time_limit);
    let counted = match (rows, rect) {
        (Some(rows), None) => {
            let board = cover_board(&rows)?;
            interruptible(py, |interrupt| {
                boardkit_cover::count_detailed(&board, &set, &limits.with_interrupt(interrupt))
            })?
        }
        (None, Some((h, w))) => interruptible(py, |interrupt| {
            count_rectangle(h, w, &set, &limits.with_interrupt(interrupt))
        })?,
        _ => {
            return Err(value_error(
                "give the board's rows or rect=(height, width), not both",
            ))
        }
    };
    Ok(counted.map_err(value_error)?.count.to_string())
}

/// One covering drawn in letters, or `None` when there is none.
#[pyfunction]
#[pyo3(signature = (rows=None, rect=None, pieces="l3", memory_limit=4 << 30, time_limit=None))]
fn cover_find(
    py: Python<'_>,
    rows: Option<Vec<String>>,
    rect: Option<(usize, usize)>,
    pieces: &str,
    memory_limit: u64,
    time_limit: Option<f64>,
) -> PyResult<Option<Vec<String>>> {
    let set = pieces_of(pieces)?;
    let limits = cover_limits(memory_limit, time_limit);
    let found = match (rows, rect) {
        (Some(rows), None) => {
            let board = cover_board(&rows)?;
            interruptible(py, |interrupt| {
                boardkit_cover::find_covering(&board, &set, &limits.with_interrupt(interrupt))
            })?
            .map(|c| c.map(|c| c.rows_on(&board)))
        }
        (None, Some((h, w))) => interruptible(py, |interrupt| {
            find_covering_rectangle(h, w, &set, &limits.with_interrupt(interrupt))
        })?
        .map(|c| c.map(|c| c.rows())),
        _ => {
            return Err(value_error(
                "give the board's rows or rect=(height, width), not both",
            ))
        }
    };
    found.map_err(value_error)
}

/// Adds the cover functions to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(cover_count, m)?)?;
    m.add_function(wrap_pyfunction!(cover_find, m)?)?;
    Ok(())
}
