//! Dice yut-nori (`boardkit.yut`): the best score for known rolls and a
//! line that reaches it.

use boardkit_yut::search::{Limits as YutLimits, Solver};
use pyo3::prelude::*;

use crate::shared::{interruptible, value_error};

/// Checks yut rolls (1 to 5) and makes the solver for `pieces` pieces.
fn yut_solver(rolls: &[u8], pieces: usize) -> PyResult<Solver> {
    if let Some(r) = rolls.iter().find(|r| !(1..=5).contains(*r)) {
        return Err(value_error(format!("roll {r} is outside 1..5")));
    }
    Solver::new(&boardkit_yut::Board::standard(), pieces)
        .ok_or_else(|| value_error(format!("pieces {pieces} is outside 1..=8")))
}

/// The best score for known rolls on the standard board.
#[pyfunction]
#[pyo3(signature = (rolls, pieces=4))]
fn yut_best_score(py: Python<'_>, rolls: Vec<u8>, pieces: usize) -> PyResult<u32> {
    let mut solver = yut_solver(&rolls, pieces)?;
    interruptible(py, |interrupt| {
        solver.best_score(&rolls, &YutLimits::default().with_interrupt(interrupt))
    })?
    .map_err(value_error)
}

/// One turn of a yut line: roll, piece, from, to, points, score after it.
type YutTurn = (u8, Option<usize>, Option<String>, Option<String>, u32, u32);

/// A best line: the score and, per turn, (roll, piece, from, to, points,
/// score); piece and cells are `None` on a turn with every piece home.
#[pyfunction]
#[pyo3(signature = (rolls, pieces=4))]
fn yut_best_line(py: Python<'_>, rolls: Vec<u8>, pieces: usize) -> PyResult<(u32, Vec<YutTurn>)> {
    let mut solver = yut_solver(&rolls, pieces)?;
    let line = interruptible(py, |interrupt| {
        solver.best_line(&rolls, &YutLimits::default().with_interrupt(interrupt))
    })?
    .map_err(value_error)?;
    let board = boardkit_yut::Board::standard();
    let name = |cell: usize| board.cell(cell).name.clone();
    let turns = line
        .turns
        .iter()
        .map(|t| match &t.step {
            Some(s) => (
                t.roll,
                Some(s.piece),
                Some(name(s.from)),
                Some(name(s.to)),
                s.points,
                t.score,
            ),
            None => (t.roll, None, None, None, 0, t.score),
        })
        .collect();
    Ok((line.score, turns))
}

/// Adds the yut functions to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(yut_best_score, m)?)?;
    m.add_function(wrap_pyfunction!(yut_best_line, m)?)?;
    Ok(())
}
