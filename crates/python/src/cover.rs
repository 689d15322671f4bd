//! Board covers (`boardkit.cover`): exact counts of the coverings of a
//! board by polyominoes, and one covering drawn in letters.

use boardkit_cover::board::Rect;
use boardkit_cover::{count_rectangle, find_covering_rectangle, PieceSet};
use pyo3::prelude::*;

use crate::shared::{bytes_arg, interruptible, invalid, seconds_arg, value_error, Int};

/// The cover limits from Python's arguments, checked.
fn cover_limits(memory_limit: Int, time_limit: Option<f64>) -> PyResult<boardkit_cover::Limits> {
    Ok(boardkit_cover::Limits {
        memory: bytes_arg("memory_limit", memory_limit)?,
        time: seconds_arg("time_limit", time_limit)?,
        ..boardkit_cover::Limits::default()
    })
}

/// What a call covers: the board its rows draw, or a full rectangle.
enum Target {
    /// A board drawn in rows.
    Rows(boardkit_cover::Board),
    /// A full rectangle.
    Rect(Rect),
}

/// The one board a call names, by `rows` or by `rect=(height, width)`.
fn target(rows: Option<Vec<String>>, rect: Option<(Int, Int)>) -> PyResult<Target> {
    match (rows, rect) {
        (Some(rows), None) => Ok(Target::Rows(cover_board(&rows)?)),
        (None, Some((h, w))) => Rect::new(h.0, w.0)
            .map(Target::Rect)
            .map_err(|e| invalid("rect", format!("({h}, {w})"), &e)),
        (None, None) => Err(value_error("give the board's rows or rect=(height, width)")),
        (Some(_), Some(_)) => Err(value_error(
            "give the board's rows or rect=(height, width), not both",
        )),
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
#[pyo3(signature = (rows=None, rect=None, pieces="l3", memory_limit=Int(4 << 30), time_limit=None))]
fn cover_count(
    py: Python<'_>,
    rows: Option<Vec<String>>,
    rect: Option<(Int, Int)>,
    pieces: &str,
    memory_limit: Int,
    time_limit: Option<f64>,
) -> PyResult<String> {
    let target = target(rows, rect)?;
    let set = PieceSet::from_spec(pieces).map_err(value_error)?;
    let limits = cover_limits(memory_limit, time_limit)?;
    let counted = match target {
        Target::Rows(board) => interruptible(py, |interrupt| {
            boardkit_cover::count_detailed(&board, &set, &limits.with_interrupt(interrupt))
        })?,
        Target::Rect(r) => interruptible(py, |interrupt| {
            count_rectangle(r.height, r.width, &set, &limits.with_interrupt(interrupt))
        })?,
    };
    Ok(counted.map_err(value_error)?.count.to_string())
}

/// One covering drawn in letters, or `None` when there is none.
#[pyfunction]
#[pyo3(signature = (rows=None, rect=None, pieces="l3", memory_limit=Int(4 << 30), time_limit=None))]
fn cover_find(
    py: Python<'_>,
    rows: Option<Vec<String>>,
    rect: Option<(Int, Int)>,
    pieces: &str,
    memory_limit: Int,
    time_limit: Option<f64>,
) -> PyResult<Option<Vec<String>>> {
    let target = target(rows, rect)?;
    let set = PieceSet::from_spec(pieces).map_err(value_error)?;
    let limits = cover_limits(memory_limit, time_limit)?;
    let found = match target {
        Target::Rows(board) => interruptible(py, |interrupt| {
            boardkit_cover::find_covering(&board, &set, &limits.with_interrupt(interrupt))
        })?
        .map(|c| c.map(|c| c.rows_on(&board))),
        Target::Rect(r) => interruptible(py, |interrupt| {
            find_covering_rectangle(r.height, r.width, &set, &limits.with_interrupt(interrupt))
        })?
        .map(|c| c.map(|c| c.rows())),
    };
    found.map_err(value_error)
}

/// Adds the cover functions to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(cover_count, m)?)?;
    m.add_function(wrap_pyfunction!(cover_find, m)?)?;
    Ok(())
}
