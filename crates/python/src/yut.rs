//! Dice yut-nori (`boardkit.yut`): the best score for known rolls and a
//! line that reaches it.

use boardkit_yut::search::{Limits as YutLimits, Solver, PIECES};
use pyo3::prelude::*;

use crate::shared::{int_arg, interruptible, value_error, Int};

/// Checks the rolls (1 to 5) and makes the solver for `pieces` pieces, with
/// the command line's checks and words.
fn yut_solver(rolls: &[Int], pieces: Int) -> PyResult<(Vec<u8>, Solver)> {
    let pieces: usize = int_arg("pieces", pieces, PIECES)?;
    let wide: Vec<i128> = rolls.iter().map(|r| r.0).collect();
    let rolls = boardkit_yut::rolls::check(&wide).map_err(value_error)?;
    let solver = Solver::new(&boardkit_yut::Board::standard(), pieces)
        .ok_or_else(|| value_error(PIECES.error()))?;
    Ok((rolls, solver))
}

/// The best score for known rolls on the standard board.
#[pyfunction]
#[pyo3(signature = (rolls, pieces=Int(4)), text_signature = "(rolls, pieces=4)")]
fn yut_best_score(py: Python<'_>, rolls: Vec<Int>, pieces: Int) -> PyResult<u32> {
    let (rolls, mut solver) = yut_solver(&rolls, pieces)?;
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
#[pyo3(signature = (rolls, pieces=Int(4)), text_signature = "(rolls, pieces=4)")]
fn yut_best_line(py: Python<'_>, rolls: Vec<Int>, pieces: Int) -> PyResult<(u32, Vec<YutTurn>)> {
    let (rolls, mut solver) = yut_solver(&rolls, pieces)?;
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
