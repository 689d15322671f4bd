//! 2048 (`boardkit.g2048`): legal moves, the largest tile within K moves,
//! the AI, and the seeded game.

use std::time::Instant;

use boardkit_2048::ai::{self, Settings};
use boardkit_2048::max_tile::{best_line_within, Limits as TileLimits};
use boardkit_2048::params;
use boardkit_2048::{tile_value, value_exponent, Board};
use boardkit_grid::value::SEED;
use boardkit_grid::Dir;
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::shared::{int_arg, interruptible, invalid, seconds_arg, value_error, Int};

/// Writes `game`'s exponents into `out`, row by row: from the bitboard
/// without building a board when the game is on one.
pub(crate) fn write_exponents(game: &boardkit_2048::game::Game, out: &mut [u8]) {
    match game.bitboard() {
        Some(b) => {
            for (k, cell) in out.iter_mut().enumerate().take(16) {
                *cell = b.cell(k);
            }
        }
        None => {
            for (cell, &e) in out.iter_mut().zip(game.board().exponents()) {
                *cell = e;
            }
        }
    }
}

/// A 2048 board from rows of tile values (0 empty).
fn board_of(rows: &[Vec<u128>]) -> PyResult<Board> {
    let n = rows.len();
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
        return Err(value_error(format!(
            "row {}: expected {n} numbers, found {}",
            i + 1,
            row.len()
        )));
    }
    let values: Vec<u128> = rows.iter().flatten().copied().collect();
    Board::from_values(n, &values).map_err(value_error)
}

/// The name of a direction as the judges write it.
fn dir_name(d: Dir) -> &'static str {
    d.name()
}

/// A direction from its name or letter (`"left"`, `"LEFT"`, `"l"`, `"L"`).
fn dir_of(name: &str) -> PyResult<Dir> {
    Dir::ALL
        .into_iter()
        .find(|d| {
            d.name().eq_ignore_ascii_case(name) || d.letter().to_string().eq_ignore_ascii_case(name)
        })
        .ok_or_else(|| {
            value_error(format!(
                "{name:?} is not a move: expected up, down, left or right"
            ))
        })
}

/// The moves that change the board, in alphabetical order (DOWN LEFT RIGHT
/// UP), as beecrowd 1559 lists them (but a 2048 tile does not end the game
/// here).
#[pyfunction]
fn g2048_legal_moves(board: Vec<Vec<u128>>) -> PyResult<Vec<&'static str>> {
    let board = board_of(&board)?;
    Ok(board.legal_moves().alphabetical().map(dir_name).collect())
}

/// Baekjoon 12100 generalised: the largest tile within `moves` moves when no
/// tile appears, and a shortest move sequence (U D L R letters) reaching it.
#[pyfunction]
#[pyo3(signature = (board, moves=Int(5), time_limit=None), text_signature = "(board, moves=5, time_limit=None)")]
fn g2048_max_tile(
    py: Python<'_>,
    board: Vec<Vec<u128>>,
    moves: Int,
    time_limit: Option<f64>,
) -> PyResult<(u128, String)> {
    let moves: u32 = int_arg("moves", moves, params::MOVES)?;
    let time_limit = seconds_arg("time_limit", time_limit)?;
    let board = board_of(&board)?;
    params::check_budget(&board, moves).map_err(|e| value_error(format!("moves {moves} {e}")))?;
    let deadline = time_limit.and_then(|d| Instant::now().checked_add(d));
    let limits = TileLimits {
        deadline,
        ..TileLimits::default()
    };
    let (best, line) = interruptible(py, |interrupt| {
        best_line_within(&board, moves, &limits.with_interrupt(interrupt))
    })?
    .map_err(|e| {
        value_error(format!(
            "not solved within the time limit of {} s (moves {moves}, {} boards searched); raise time_limit",
            time_limit.unwrap_or_default().as_secs_f64(),
            e.boards
        ))
    })?;
    Ok((tile_value(best), line.iter().map(|d| d.letter()).collect()))
}

/// Every legal move with its expected value, best first.
type MoveValues = Vec<(&'static str, f32)>;

/// The AI's move on a 4 x 4 board and every legal move's expected value;
/// with `tables`, the standard lookup tables as the command line has them.
#[pyfunction]
#[pyo3(signature = (board, strong=true, tables=true))]
fn g2048_ai_move(
    py: Python<'_>,
    board: Vec<Vec<u128>>,
    strong: bool,
    tables: bool,
) -> PyResult<(Option<&'static str>, MoveValues)> {
    let board = board_of(&board)?;
    let settings = if strong {
        Settings::strong()
    } else {
        Settings::fast()
    }
    .with_tables(crate::tables::tables(py, tables)?);
    let advice = interruptible(py, |interrupt| {
        ai::advise_interruptible(&board, &settings, &interrupt)
    })?
    .map_err(value_error)?;
    Ok((
        advice.best.map(dir_name),
        advice
            .values
            .iter()
            .map(|&(d, v)| (dir_name(d), v))
            .collect(),
    ))
}

/// The real game: two tiles at the start and a random tile after every
/// move that changes the board, all drawn from the seed (the same seed gives
/// the game `boardkit 2048 ai --seed` plays).
#[pyclass(module = "boardkit._native", name = "Game")]
struct PyGame {
    game: boardkit_2048::game::Game,
}

#[pymethods]
impl PyGame {
    /// A new N x N game (N from 2 to 8) from `seed`.
    #[new]
    #[pyo3(signature = (seed, size=Int(4)), text_signature = "(seed, size=4)")]
    fn new(seed: Int, size: Int) -> PyResult<PyGame> {
        let seed: u64 = int_arg("seed", seed, SEED)?;
        let size: usize = int_arg("size", size, params::GAME_SIZE)?;
        let game = boardkit_2048::game::Game::new(size, seed).map_err(value_error)?;
        Ok(PyGame { game })
    }

    /// The board as rows of tile values (0 empty).
    #[getter]
    fn board(&self) -> Vec<Vec<u128>> {
        self.game.board().value_rows()
    }

    /// The score: the sum of every tile made by a merge.
    #[getter]
    fn score(&self) -> u64 {
        self.game.score()
    }

    /// Moves played that changed the board.
    #[getter]
    fn moves(&self) -> u64 {
        self.game.moves()
    }

    /// The largest tile on the board.
    #[getter]
    fn max_tile(&self) -> u128 {
        tile_value(self.game.max_exponent())
    }

    /// The seed the game started from.
    #[getter]
    fn seed(&self) -> u64 {
        self.game.seed()
    }

    /// The board as exponents (0 empty, k a tile of 2^k), written into
    /// `out` (an `N x N` uint8 array).
    fn exponents_into(&self, out: &Bound<'_, PyArray2<u8>>) -> PyResult<()> {
        let mut view = out.readwrite();
        let slice = view.as_slice_mut().map_err(value_error)?;
        let cells = self.game.size() * self.game.size();
        if slice.len() != cells {
            return Err(value_error(format!(
                "the array holds {} cells, the board {cells}",
                slice.len()
            )));
        }
        write_exponents(&self.game, slice);
        Ok(())
    }

    /// Whether no move is left.
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The moves that change the board, alphabetical.
    fn legal_moves(&self) -> Vec<&'static str> {
        self.game
            .legal_moves()
            .alphabetical()
            .map(dir_name)
            .collect()
    }

    /// Plays a move (`"up"`, `"down"`, `"left"`, `"right"`, or a letter);
    /// returns the points it scored, or `None` when it changed nothing (no
    /// tile appears then).
    fn play(&mut self, direction: &str) -> PyResult<Option<u64>> {
        let dir = dir_of(direction)?;
        if !self.game.legal_moves().contains(dir) {
            return Ok(None);
        }
        let before = self.game.score();
        self.game.play(dir);
        Ok(Some(self.game.score() - before))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(seed {}, score {}, {} moves, max tile {})",
            self.game.seed(),
            self.game.score(),
            self.game.moves(),
            tile_value(self.game.max_exponent())
        )
    }
}

/// The AI plays the seeded 4 x 4 game (until the tile `until`, if given),
/// with the standard lookup tables when `tables`; returns the final board,
/// score, moves and largest tile.
#[pyfunction]
#[pyo3(signature = (seed, until=None, strong=false, tables=true))]
fn g2048_ai_game(
    py: Python<'_>,
    seed: Int,
    until: Option<Int>,
    strong: bool,
    tables: bool,
) -> PyResult<(Vec<Vec<u128>>, u64, u64, u128)> {
    let seed: u64 = int_arg("seed", seed, SEED)?;
    let stop = match until {
        None => ai::Stop::never(),
        Some(t) => ai::Stop::at_tile(
            params::UNTIL
                .check(t.0)
                .map_err(|e| invalid("until", t, &e))?,
        ),
    };
    let settings = if strong {
        Settings::strong()
    } else {
        Settings::fast()
    }
    .with_tables(crate::tables::tables(py, tables)?);
    let played = interruptible(py, |interrupt| {
        ai::play(seed, &settings, stop.with_interrupt(interrupt), |_| {})
    })?;
    let g = &played.game;
    Ok((
        g.board().value_rows(),
        g.score(),
        g.moves(),
        tile_value(g.max_exponent()),
    ))
}

/// The exponent of a 2048 tile value (0 for an empty cell), or `None`.
#[pyfunction]
fn g2048_exponent(value: u128) -> Option<u8> {
    value_exponent(value)
}

/// Adds the 2048 class and functions to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_function(wrap_pyfunction!(g2048_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_max_tile, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_ai_move, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_ai_game, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_exponent, m)?)?;
    Ok(())
}
