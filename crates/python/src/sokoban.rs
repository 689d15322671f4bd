//! Sokoban (`boardkit.sokoban`): levels, the rules for environments, the
//! solver, LURD checks and the judge replay.

use boardkit_grid::Dir;
use boardkit_sokoban::lurd::{self, Status};
use boardkit_sokoban::solver::{self, Config, Optimize, Outcome};
use boardkit_sokoban::{builtin, judge, xsb, MoveOutcome, State, Tile};
use numpy::{PyArray2, PyArrayMethods};
use pyo3::prelude::*;

use crate::shared::{bytes_arg, int_arg, interruptible, seconds_arg, value_error, Int};

/// A Sokoban level: the map, its boxes, goals and worker, validated.
#[pyclass(frozen, module = "boardkit._native", name = "Level")]
pub(crate) struct PyLevel {
    pub(crate) level: boardkit_sokoban::Level,
}

#[pymethods]
impl PyLevel {
    /// One level in XSB text (`#` wall, `@` worker, `$` box, `.` goal, …).
    #[new]
    fn new(xsb: &str) -> PyResult<PyLevel> {
        let level = xsb::parse_level(xsb).map_err(value_error)?;
        Ok(PyLevel { level })
    }

    /// The level's title, if it has one.
    #[getter]
    fn title(&self) -> Option<String> {
        self.level.title().map(str::to_string)
    }

    /// Rows of the map.
    #[getter]
    fn rows(&self) -> usize {
        self.level.rows()
    }

    /// Columns of the map.
    #[getter]
    fn cols(&self) -> usize {
        self.level.cols()
    }

    /// The number of boxes (and of goals).
    #[getter]
    fn boxes(&self) -> usize {
        self.level.box_count()
    }

    /// The start position as a `rows x cols` array of tile codes (uint8):
    /// 0 floor, 1 wall, 2 goal, 3 box, 4 box on goal, 5 worker, 6 worker on
    /// goal.
    fn tiles<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<u8>>> {
        let mut codes = vec![0; self.level.rows() * self.level.cols()];
        write_tiles(
            &self.level,
            self.level.start(),
            &mut codes,
            self.level.cols(),
        );
        numpy::PyArray1::from_vec(py, codes)
            .reshape([self.level.rows(), self.level.cols()])
            .map_err(value_error)
    }

    fn __str__(&self) -> String {
        self.level.to_string()
    }

    fn __repr__(&self) -> String {
        match self.level.title() {
            Some(t) => format!(
                "Level({t:?}, {} x {}, {} boxes)",
                self.level.rows(),
                self.level.cols(),
                self.level.box_count()
            ),
            None => format!(
                "Level({} x {}, {} boxes)",
                self.level.rows(),
                self.level.cols(),
                self.level.box_count()
            ),
        }
    }
}

/// The code of a tile in [`PyLevel::tiles`].
pub(crate) fn tile_code(tile: Tile) -> u8 {
    match tile {
        Tile::Floor => 0,
        Tile::Wall => 1,
        Tile::Goal => 2,
        Tile::Box => 3,
        Tile::BoxOnGoal => 4,
        Tile::Worker => 5,
        Tile::WorkerOnGoal => 6,
    }
}

/// A level being played, for environments: the rules on a bare state, no
/// history, the tiles written into a caller's array.
#[pyclass(module = "boardkit._native", name = "SokobanGame")]
struct PySokobanGame {
    level: boardkit_sokoban::Level,
    state: State,
}

#[pymethods]
impl PySokobanGame {
    /// `level` at its start.
    #[new]
    fn new(level: &PyLevel) -> PySokobanGame {
        PySokobanGame {
            state: level.level.start().clone(),
            level: level.level.clone(),
        }
    }

    /// Back to the start.
    fn reset(&mut self) {
        self.state = self.level.start().clone();
    }

    /// One key press, action 0 up, 1 down, 2 left, 3 right: returns 0 when
    /// blocked (nothing moves), 1 for a move, 2 for a push.
    fn step(&mut self, action: u8) -> PyResult<u8> {
        let dir = Dir::ALL
            .get(usize::from(action))
            .copied()
            .ok_or_else(|| value_error(format!("action {action} is outside 0..4")))?;
        Ok(match self.level.try_move(&mut self.state, dir) {
            MoveOutcome::Blocked => 0,
            MoveOutcome::Moved => 1,
            MoveOutcome::Pushed => 2,
        })
    }

    /// Boxes standing on goals.
    #[getter]
    fn boxes_on_goal(&self) -> usize {
        boxes_on_goal(&self.state)
    }

    /// Whether every box stands on a goal.
    fn is_solved(&self) -> bool {
        self.state.is_solved()
    }

    /// Whether a box off a goal is stuck in a corner (walls on two sides at
    /// right angles): the simplest position that can never be solved.
    fn in_corner_deadlock(&self) -> bool {
        let wall = |cell, dir| {
            self.level
                .neighbour(cell, dir)
                .is_none_or(|n| self.level.is_wall(n))
        };
        self.state.boxes().any(|b| {
            !self.level.is_goal(b)
                && (wall(b, Dir::Up) || wall(b, Dir::Down))
                && (wall(b, Dir::Left) || wall(b, Dir::Right))
        })
    }

    /// The position in XSB text.
    fn __str__(&self) -> String {
        let mut text = xsb::map_rows(&self.level, &self.state).join("\n");
        text.push('\n');
        text
    }

    /// The position as tile codes (see `Level.tiles`), written into `out`
    /// (a `rows x cols` uint8 array).
    fn tiles_into(&self, out: &Bound<'_, PyArray2<u8>>) -> PyResult<()> {
        let mut view = out.readwrite();
        let slice = view.as_slice_mut().map_err(value_error)?;
        let want = self.level.rows() * self.level.cols();
        if slice.len() != want {
            return Err(value_error(format!(
                "the array holds {} cells, the level {want}",
                slice.len()
            )));
        }
        write_tiles(&self.level, &self.state, slice, self.level.cols());
        Ok(())
    }
}

/// Writes the tile codes of `state` on `level` into `out`, row by row with
/// `stride` cells a row (the level's columns, or more for a padded array).
pub(crate) fn write_tiles(
    level: &boardkit_sokoban::Level,
    state: &State,
    out: &mut [u8],
    stride: usize,
) {
    for r in 0..level.rows() {
        for c in 0..level.cols() {
            if let (Some(cell), Some(o)) = (level.cell(r, c), out.get_mut(r * stride + c)) {
                *o = tile_code(level.tile(state, cell));
            }
        }
    }
}

/// Boxes standing on goals in `state`.
pub(crate) fn boxes_on_goal(state: &State) -> usize {
    state.box_count() - state.boxes_off_goal()
}

/// Every level of an XSB collection.
#[pyfunction]
fn sokoban_parse(text: &str) -> PyResult<Vec<PyLevel>> {
    let levels = xsb::parse_collection(text).map_err(value_error)?;
    Ok(levels.into_iter().map(|level| PyLevel { level }).collect())
}

/// boardkit's twelve built-in levels, easiest first.
#[pyfunction]
fn sokoban_builtin() -> Vec<PyLevel> {
    builtin::levels()
        .into_iter()
        .map(|level| PyLevel { level })
        .collect()
}

/// How a solve ended.
#[pyclass(frozen, get_all, module = "boardkit._native", name = "SolveResult")]
struct PySolveResult {
    /// `"solved"`, `"no solution"`, `"unsolved"` (a limit stopped it) or
    /// `"failed"` (a bug: a solution failed its replay).
    status: &'static str,
    /// Which limit stopped it: `"time"`, `"memory"` or `"nodes"`.
    limit: Option<&'static str>,
    /// The solution in LURD notation, when solved.
    solution: Option<String>,
    /// Moves of the solution.
    moves: Option<usize>,
    /// Pushes of the solution.
    pushes: Option<usize>,
    /// Nodes the search expanded.
    nodes: u64,
    /// Seconds the search took.
    seconds: f64,
    /// Seconds of those spent setting up before the search (the level's
    /// tables): all of them when a limit stopped the set-up.
    setup_seconds: f64,
}

#[pymethods]
impl PySolveResult {
    fn __repr__(&self) -> String {
        match (&self.solution, self.moves, self.pushes) {
            (Some(_), Some(m), Some(p)) => format!(
                "SolveResult(solved: {m} moves, {p} pushes, {} nodes)",
                self.nodes
            ),
            _ => format!(
                "SolveResult({}{}, {} nodes)",
                self.status,
                self.limit
                    .map(|l| format!(" ({l} limit)"))
                    .unwrap_or_default(),
                self.nodes
            ),
        }
    }
}

/// Solves `level` within the limits; releases the GIL while it searches and
/// stops at Ctrl-C.
#[pyfunction]
#[pyo3(signature = (level, time_limit=Some(10.0), memory_limit=Int(2 << 30), node_limit=None, optimal=None))]
fn sokoban_solve(
    py: Python<'_>,
    level: &PyLevel,
    time_limit: Option<f64>,
    memory_limit: Int,
    node_limit: Option<Int>,
    optimal: Option<&str>,
) -> PyResult<PySolveResult> {
    let time_limit = seconds_arg("time_limit", time_limit)?;
    let memory_limit = bytes_arg("memory_limit", memory_limit)?;
    let node_limit: Option<u64> = node_limit
        .map(|n| int_arg("node_limit", n, solver::NODE_LIMIT))
        .transpose()?;
    let optimize = match optimal {
        None => Optimize::Any,
        Some("pushes") => Optimize::Pushes,
        Some("moves") => Optimize::Moves,
        Some(other) => {
            return Err(value_error(format!(
                "optimal {other:?} is not \"pushes\" or \"moves\""
            )))
        }
    };
    let config = Config::default()
        .with_time_limit(time_limit)
        .with_memory_limit(usize::try_from(memory_limit).unwrap_or(usize::MAX))
        .with_node_limit(node_limit)
        .with_optimize(optimize);
    let level = &level.level;
    let outcome = interruptible(py, |interrupt| {
        solver::solve(level, &config.with_interrupt(interrupt))
    })?;
    let (status, limit, solution) = match &outcome {
        Outcome::Solved { solution, .. } => ("solved", None, Some(solution)),
        Outcome::NoSolution { .. } => ("no solution", None, None),
        Outcome::Unsolved { limit, .. } => ("unsolved", Some(limit.name()), None),
        _ => ("failed", None, None),
    };
    Ok(PySolveResult {
        status,
        limit,
        solution: solution.map(solver::Solution::lurd),
        moves: solution.map(|s| s.moves),
        pushes: solution.map(|s| s.pushes),
        nodes: outcome.nodes(),
        seconds: outcome.elapsed().as_secs_f64(),
        setup_seconds: outcome.set_up().as_secs_f64(),
    })
}

/// A LURD solution checked against its level.
#[pyclass(frozen, get_all, module = "boardkit._native", name = "Verdict")]
struct PyVerdict {
    /// `"solved"`, `"unsolved"` (legal, boxes left off goals) or
    /// `"illegal"` (a move cannot be made).
    status: &'static str,
    /// Moves made (up to the illegal one).
    moves: usize,
    /// Pushes among them.
    pushes: usize,
    /// Boxes off goals at the end (0 when solved).
    boxes_off_goal: usize,
    /// The number (from 1) of the move that cannot be made.
    illegal_move: Option<usize>,
}

/// Plays `solution` (LURD, `l u r d` moves and `L U R D` pushes) on `level`.
#[pyfunction]
fn sokoban_verify(level: &PyLevel, solution: &str) -> PyResult<PyVerdict> {
    let steps = lurd::parse(solution).map_err(value_error)?;
    let v = lurd::verify(&level.level, &steps);
    let (status, boxes_off_goal, illegal_move) = match v.status {
        Status::Solved => ("solved", 0, None),
        Status::Unsolved { boxes_off_goal } => ("unsolved", boxes_off_goal, None),
        Status::Illegal { at, .. } => ("illegal", 0, Some(at)),
        _ => ("unsolved", 0, None),
    };
    Ok(PyVerdict {
        status,
        moves: v.moves,
        pushes: v.pushes,
        boxes_off_goal,
        illegal_move,
    })
}

/// Baekjoon 4577: replays the key presses of judge-format input and returns
/// the judge's answer, byte for byte.
#[pyfunction]
fn sokoban_replay(text: &str) -> PyResult<String> {
    let cases = judge::parse(text).map_err(value_error)?;
    Ok(judge::answer(&cases))
}

/// Adds the Sokoban classes and functions to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLevel>()?;
    m.add_class::<PySolveResult>()?;
    m.add_class::<PyVerdict>()?;
    m.add_class::<PySokobanGame>()?;
    m.add_function(wrap_pyfunction!(sokoban_parse, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_builtin, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_verify, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_replay, m)?)?;
    Ok(())
}
