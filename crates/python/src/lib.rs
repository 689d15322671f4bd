//! `boardkit._native`: boardkit's engines for Python (pyo3).
//!
//! This module is the thin layer between Python values and the game crates;
//! the Python package `boardkit` (in `python/boardkit/`) re-exports it by
//! game (`boardkit.sokoban`, `boardkit.g2048`, `boardkit.cover`,
//! `boardkit.yut`) with the docs and types a user reads. Bad input raises
//! `ValueError` with the message the command-line tool prints after
//! `error: `. Every long computation releases the GIL and runs under the
//! limits it is given, so other Python threads go on meanwhile, and stops
//! at Ctrl-C ([`interruptible`]).

use std::sync::{Condvar, Mutex, PoisonError};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

use boardkit_2048::ai::{self, Settings};
use boardkit_2048::max_tile::{best_line_within, can_overflow, Limits as TileLimits};
use boardkit_2048::{tile_exponent, tile_value, value_exponent, Board, MAX_EXPONENT};
use boardkit_cover::{count_rectangle, find_covering_rectangle, PieceSet};
use boardkit_grid::{Dir, Interrupt};
use boardkit_sokoban::lurd::{self, Status};
use boardkit_sokoban::solver::{self, Config, Limit, Optimize, Outcome};
use boardkit_sokoban::{builtin, judge, xsb, MoveOutcome, State, Tile};
use boardkit_yut::search::{Limits as YutLimits, Solver};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A `ValueError` carrying `message`, as the CLI would print it.
fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// How long the calling thread waits for a long call between two runs of
/// Python's signal handlers.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a worker thread, handing it an [`Interrupt`] to put in
/// its limits, while the calling thread waits for it with the GIL released,
/// taking the GIL back every [`SIGNAL_POLL`] to run Python's signal
/// handlers. When a handler raises (Ctrl-C's `KeyboardInterrupt`), the
/// interrupt is triggered, the worker stops at its next limit check (where
/// it reads its deadline) and is joined, and the exception is returned;
/// whatever the worker computed is dropped. A panic of the worker goes on
/// in this thread.
fn interruptible<T: Send>(py: Python<'_>, work: impl FnOnce(Interrupt) -> T + Send) -> PyResult<T> {
    let interrupt = Interrupt::new();
    let handed = interrupt.clone();
    let finished = (Mutex::new(false), Condvar::new());
    let signal = &finished;
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let value = work(handed);
            *signal.0.lock().unwrap_or_else(PoisonError::into_inner) = true;
            signal.1.notify_one();
            value
        });
        let join = |worker: ScopedJoinHandle<'_, T>| {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        loop {
            let done = py.detach(|| {
                let flag = finished.0.lock().unwrap_or_else(PoisonError::into_inner);
                let (flag, _) = finished
                    .1
                    .wait_timeout_while(flag, SIGNAL_POLL, |done| !*done)
                    .unwrap_or_else(PoisonError::into_inner);
                *flag
            });
            // A worker that panicked never says it is done, but finishes.
            if done || worker.is_finished() {
                return Ok(join(worker));
            }
            if let Err(signalled) = py.check_signals() {
                interrupt.trigger();
                join(worker);
                return Err(signalled);
            }
        }
    })
}

/// A Sokoban level: the map, its boxes, goals and worker, validated.
#[pyclass(frozen, module = "boardkit._native", name = "Level")]
struct PyLevel {
    level: boardkit_sokoban::Level,
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
fn tile_code(tile: Tile) -> u8 {
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
fn write_tiles(level: &boardkit_sokoban::Level, state: &State, out: &mut [u8], stride: usize) {
    for r in 0..level.rows() {
        for c in 0..level.cols() {
            if let (Some(cell), Some(o)) = (level.cell(r, c), out.get_mut(r * stride + c)) {
                *o = tile_code(level.tile(state, cell));
            }
        }
    }
}

/// Boxes standing on goals in `state`.
fn boxes_on_goal(state: &State) -> usize {
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
#[pyo3(signature = (level, time_limit=Some(10.0), memory_limit=2 << 30, node_limit=None, optimal=None))]
fn sokoban_solve(
    py: Python<'_>,
    level: &PyLevel,
    time_limit: Option<f64>,
    memory_limit: u64,
    node_limit: Option<u64>,
    optimal: Option<&str>,
) -> PyResult<PySolveResult> {
    let time_limit = match time_limit {
        None => None,
        Some(s) => Some(
            Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    value_error(format!(
                        "time_limit {s} is not a positive number of seconds"
                    ))
                })?,
        ),
    };
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
        Outcome::Unsolved { limit, .. } => (
            "unsolved",
            Some(match limit {
                Limit::Time => "time",
                Limit::Memory => "memory",
                Limit::Nodes => "nodes",
                _ => "other",
            }),
            None,
        ),
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

/// Writes `game`'s exponents into `out`, row by row: from the bitboard
/// without building a board when the game is on one.
fn write_exponents(game: &boardkit_2048::game::Game, out: &mut [u8]) {
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
#[pyo3(signature = (board, moves=5, time_limit=None))]
fn g2048_max_tile(
    py: Python<'_>,
    board: Vec<Vec<u128>>,
    moves: u32,
    time_limit: Option<f64>,
) -> PyResult<(u128, String)> {
    let board = board_of(&board)?;
    let room = u32::from(MAX_EXPONENT - board.max_exponent());
    if moves > room && can_overflow(&board) {
        return Err(value_error(format!(
            "moves {moves} could build a tile above 2^{MAX_EXPONENT}: at most {room} moves for this board"
        )));
    }
    let deadline = time_limit
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .and_then(|d| Instant::now().checked_add(d));
    let limits = TileLimits {
        deadline,
        ..TileLimits::default()
    };
    let (best, line) = interruptible(py, |interrupt| {
        best_line_within(&board, moves, &limits.with_interrupt(interrupt))
    })?
    .map_err(|e| {
        value_error(format!(
            "not solved within the time limit ({} boards searched)",
            e.boards
        ))
    })?;
    Ok((tile_value(best), line.iter().map(|d| d.letter()).collect()))
}

/// Every legal move with its expected value, best first.
type MoveValues = Vec<(&'static str, f32)>;

/// The AI's move on a 4 x 4 board and every legal move's expected value.
#[pyfunction]
#[pyo3(signature = (board, strong=true))]
fn g2048_ai_move(
    py: Python<'_>,
    board: Vec<Vec<u128>>,
    strong: bool,
) -> PyResult<(Option<&'static str>, MoveValues)> {
    let board = board_of(&board)?;
    let settings = if strong {
        Settings::strong()
    } else {
        Settings::fast()
    };
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
    #[pyo3(signature = (seed, size=4))]
    fn new(seed: u64, size: usize) -> PyResult<PyGame> {
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

/// SplitMix64: the seed of an environment's next episode from its first
/// seed and the number of episodes before it.
fn next_seed(first: u64, episode: u64) -> u64 {
    let mut z = first.wrapping_add(episode.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The actions of a vector step: one per environment, each 0 to 3.
fn checked_actions<'a>(actions: &'a PyReadonlyArray1<'_, i64>, n: usize) -> PyResult<&'a [i64]> {
    let actions = actions.as_slice().map_err(value_error)?;
    if actions.len() != n {
        return Err(value_error(format!(
            "{} actions for {n} environments",
            actions.len()
        )));
    }
    if let Some(bad) = actions.iter().find(|a| !(0..4).contains(*a)) {
        return Err(value_error(format!("action {bad} is outside 0..4")));
    }
    Ok(actions)
}

/// Runs `work` on `chunks` (each a piece of every environment's data) on
/// up to `threads` threads, one piece each; on the calling thread alone
/// when there is one piece.
fn on_threads<C: Send>(chunks: Vec<C>, work: impl Fn(C) + Sync) {
    if chunks.len() <= 1 {
        chunks.into_iter().for_each(&work);
        return;
    }
    std::thread::scope(|s| {
        for chunk in chunks {
            let work = &work;
            s.spawn(move || work(chunk));
        }
    });
}

/// How many environments each of `threads` threads takes out of `n`.
fn chunk_len(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.clamp(1, n.max(1))).max(1)
}

/// One 2048 environment of a vector: its game and its episodes.
struct Env2048 {
    game: boardkit_2048::game::Game,
    first: u64,
    episode: u64,
    done: bool,
}

impl Env2048 {
    /// Starts the game of this environment's current episode.
    fn start(&mut self) {
        let seed = if self.episode == 0 {
            self.first
        } else {
            next_seed(self.first, self.episode)
        };
        self.game = boardkit_2048::game::Game::classic(seed);
        self.done = false;
    }

    /// One step (or the reset after an ended episode); returns the reward
    /// and whether the game ended, and writes the observation and mask.
    fn step(&mut self, action: i64, obs: &mut [u8], mask: &mut [i8]) -> (f32, bool) {
        let (mut reward, mut over) = (0.0, false);
        if self.done {
            self.episode += 1;
            self.start();
        } else {
            let dir = Dir::ALL
                .get(action as usize & 3)
                .copied()
                .unwrap_or(Dir::Up);
            if self.game.legal_moves().contains(dir) {
                let before = self.game.score();
                self.game.play(dir);
                reward = (self.game.score() - before) as f32;
            }
            over = self.game.is_over();
            self.done = over;
        }
        self.write(obs, mask);
        (reward, over)
    }

    /// Writes the exponents (16 cells) and the legal-move mask (4).
    fn write(&self, obs: &mut [u8], mask: &mut [i8]) {
        write_exponents(&self.game, obs);
        let legal = self.game.legal_moves();
        for (m, d) in mask.iter_mut().zip(Dir::ALL) {
            *m = i8::from(legal.contains(d));
        }
    }
}

/// N 4 x 4 games stepped together into the caller's arrays, for the vector
/// environment: observations `(N, 4, 4)` uint8 exponents, rewards `(N,)`
/// float32, terminations `(N,)` bool, action masks `(N, 4)` int8; on
/// `threads` threads (each a share of the environments; the results are
/// the same on any number).
///
/// Game i of `reset(seed)` is the game of seed `seed + i`. After a game
/// ends, the next `step` resets it (its action is not played; reward 0) to
/// the game of seed `next_seed(seed + i, episodes so far)`.
#[pyclass(module = "boardkit._native", name = "Vec2048")]
struct PyVec2048 {
    envs: Vec<Env2048>,
    threads: usize,
}

#[pymethods]
impl PyVec2048 {
    /// `n` games, not yet started, stepped on `threads` threads.
    #[new]
    #[pyo3(signature = (n, threads=1))]
    fn new(n: usize, threads: usize) -> PyResult<PyVec2048> {
        if n == 0 || threads == 0 {
            return Err(value_error(
                "a vector needs at least one environment and one thread",
            ));
        }
        let envs = (0..n)
            .map(|_| Env2048 {
                game: boardkit_2048::game::Game::classic(0),
                first: 0,
                episode: 0,
                done: false,
            })
            .collect();
        Ok(PyVec2048 { envs, threads })
    }

    /// Starts game i from seed `seed + i` and writes the observations and
    /// masks.
    fn reset(
        &mut self,
        seed: u64,
        obs: &Bound<'_, PyArray3<u8>>,
        mask: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let mut obs = obs.readwrite();
        let mut mask = mask.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let mask = mask.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * 16 || mask.len() != n * 4 {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        for (i, ((env, o), m)) in self
            .envs
            .iter_mut()
            .zip(obs.chunks_mut(16))
            .zip(mask.chunks_mut(4))
            .enumerate()
        {
            env.first = seed.wrapping_add(i as u64);
            env.episode = 0;
            env.start();
            env.write(o, m);
        }
        Ok(())
    }

    /// Plays `actions` (0 up, 1 down, 2 left, 3 right) in every game and
    /// writes the results; releases the GIL meanwhile.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        obs: &Bound<'_, PyArray3<u8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        mask: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let actions = checked_actions(&actions, n)?;
        let mut obs = obs.readwrite();
        let mut rewards = rewards.readwrite();
        let mut terminated = terminated.readwrite();
        let mut mask = mask.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let rewards = rewards.as_slice_mut().map_err(value_error)?;
        let terminated = terminated.as_slice_mut().map_err(value_error)?;
        let mask = mask.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * 16 || mask.len() != n * 4 || rewards.len() != n || terminated.len() != n
        {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let c = chunk_len(n, self.threads);
        let chunks: Vec<_> = self
            .envs
            .chunks_mut(c)
            .zip(actions.chunks(c))
            .zip(obs.chunks_mut(c * 16))
            .zip(mask.chunks_mut(c * 4))
            .zip(rewards.chunks_mut(c))
            .zip(terminated.chunks_mut(c))
            .collect();
        py.detach(|| {
            on_threads(
                chunks,
                |(((((envs, acts), obs), mask), rewards), terminated)| {
                    for (i, (env, &a)) in envs.iter_mut().zip(acts).enumerate() {
                        let (Some(o), Some(m)) = (
                            obs.get_mut(i * 16..i * 16 + 16),
                            mask.get_mut(i * 4..i * 4 + 4),
                        ) else {
                            continue;
                        };
                        let (r, t) = env.step(a, o, m);
                        if let (Some(rr), Some(tt)) = (rewards.get_mut(i), terminated.get_mut(i)) {
                            *rr = r;
                            *tt = t;
                        }
                    }
                },
            );
        });
        Ok(())
    }
}

/// One Sokoban environment of a vector: its level, position, step count
/// and episodes.
struct EnvSokoban {
    level: usize,
    state: State,
    steps: u32,
    first: u64,
    episode: u64,
    done: bool,
}

/// What the Sokoban environments of a vector share: the levels and the
/// observation's shape.
struct SokobanSet {
    levels: Vec<boardkit_sokoban::Level>,
    rows: usize,
    cols: usize,
    max_steps: u32,
}

/// One environment's results of a step.
struct SokobanStep {
    reward: f32,
    terminated: bool,
    truncated: bool,
}

impl SokobanSet {
    /// Starts `env` on its level for its current episode, writing its whole
    /// observation `obs` (rows x cols).
    fn start(&self, env: &mut EnvSokoban, obs: &mut [u8]) {
        let which = (next_seed(env.first, env.episode) % self.levels.len() as u64) as usize;
        env.level = which;
        env.steps = 0;
        env.done = false;
        obs.fill(1);
        let Some(level) = self.levels.get(which) else {
            return;
        };
        env.state = level.start().clone();
        write_tiles(level, &env.state, obs, self.cols);
    }

    /// Rewrites `env`'s observation at `cell`.
    fn write_cell(&self, env: &EnvSokoban, cell: boardkit_sokoban::Cell, obs: &mut [u8]) {
        let Some(level) = self.levels.get(env.level) else {
            return;
        };
        let p = level.pos(cell);
        if let Some(o) = obs.get_mut(p.row * self.cols + p.col) {
            *o = tile_code(level.tile(&env.state, cell));
        }
    }

    /// One step of `env` (or the reset after an ended episode).
    fn step(&self, env: &mut EnvSokoban, action: i64, obs: &mut [u8]) -> SokobanStep {
        let mut out = SokobanStep {
            reward: 0.0,
            terminated: false,
            truncated: false,
        };
        if env.done {
            env.episode += 1;
            self.start(env, obs);
            return out;
        }
        let Some(level) = self.levels.get(env.level) else {
            return out;
        };
        let before = boxes_on_goal(&env.state);
        let from = env.state.worker();
        let dir = Dir::ALL
            .get(action as usize & 3)
            .copied()
            .unwrap_or(Dir::Up);
        let outcome = level.try_move(&mut env.state, dir);
        let to = env.state.worker();
        let solved = env.state.is_solved();
        env.steps += 1;
        out.terminated = solved;
        out.truncated = !solved && env.steps >= self.max_steps;
        out.reward = -0.1 + boxes_on_goal(&env.state) as f32 - before as f32;
        if solved {
            out.reward += 10.0;
        }
        env.done = out.terminated || out.truncated;
        if outcome != MoveOutcome::Blocked {
            self.write_cell(env, from, obs);
            self.write_cell(env, to, obs);
            if outcome == MoveOutcome::Pushed {
                if let Some(pushed) = level.step(to, dir) {
                    self.write_cell(env, pushed, obs);
                }
            }
        }
        out
    }
}

/// N Sokoban environments stepped together into the caller's arrays, for
/// the vector environment: observations `(N, rows, cols)` uint8 tile codes
/// (levels padded with wall to the largest), rewards `(N,)` float32 (the
/// Boxoban scheme), terminations and truncations `(N,)` bool, boxes on
/// goals and level numbers `(N,)` int64; on `threads` threads (the results
/// are the same on any number).
///
/// Environment i of `reset(seed)` plays level `next_seed(seed + i, 0) %
/// levels`; after an episode ends, the next `step` resets it (its action
/// is not played; reward 0) to level `next_seed(seed + i, episodes so far)
/// % levels`.
#[pyclass(module = "boardkit._native", name = "VecSokoban")]
struct PyVecSokoban {
    set: SokobanSet,
    envs: Vec<EnvSokoban>,
    threads: usize,
}

#[pymethods]
impl PyVecSokoban {
    /// `n` environments over `levels`, each episode at most `max_steps`
    /// steps, stepped on `threads` threads.
    #[new]
    #[pyo3(signature = (levels, n, max_steps, threads=1))]
    fn new(
        levels: Vec<PyRef<'_, PyLevel>>,
        n: usize,
        max_steps: u32,
        threads: usize,
    ) -> PyResult<PyVecSokoban> {
        if n == 0 || levels.is_empty() || max_steps == 0 || threads == 0 {
            return Err(value_error(
                "a vector needs at least one environment, one level, one step and one thread",
            ));
        }
        let levels: Vec<boardkit_sokoban::Level> = levels.iter().map(|l| l.level.clone()).collect();
        let rows = levels
            .iter()
            .map(boardkit_sokoban::Level::rows)
            .max()
            .unwrap_or(1);
        let cols = levels
            .iter()
            .map(boardkit_sokoban::Level::cols)
            .max()
            .unwrap_or(1);
        let envs = levels
            .first()
            .map(|l| {
                (0..n)
                    .map(|_| EnvSokoban {
                        level: 0,
                        state: l.start().clone(),
                        steps: 0,
                        first: 0,
                        episode: 0,
                        done: false,
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(PyVecSokoban {
            set: SokobanSet {
                levels,
                rows,
                cols,
                max_steps,
            },
            envs,
            threads,
        })
    }

    /// The observation's shape per environment: (rows, cols).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.set.rows, self.set.cols)
    }

    /// Starts every environment (see the class) and writes the
    /// observations, boxes on goals and level numbers.
    fn reset(
        &mut self,
        seed: u64,
        obs: &Bound<'_, PyArray3<u8>>,
        on_goal: &Bound<'_, PyArray1<i64>>,
        level: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let cells = self.set.rows * self.set.cols;
        let mut obs = obs.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let mut on_goal = on_goal.readwrite();
        let on_goal = on_goal.as_slice_mut().map_err(value_error)?;
        let mut level = level.readwrite();
        let level = level.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * cells || on_goal.len() != n || level.len() != n {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let set = &self.set;
        for (i, (((env, o), g), l)) in self
            .envs
            .iter_mut()
            .zip(obs.chunks_mut(cells))
            .zip(on_goal.iter_mut())
            .zip(level.iter_mut())
            .enumerate()
        {
            env.first = seed.wrapping_add(i as u64);
            env.episode = 0;
            set.start(env, o);
            *g = boxes_on_goal(&env.state) as i64;
            *l = env.level as i64;
        }
        Ok(())
    }

    /// Plays `actions` (0 up, 1 down, 2 left, 3 right) in every environment
    /// and writes the results; releases the GIL meanwhile.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        obs: &Bound<'_, PyArray3<u8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        truncated: &Bound<'_, PyArray1<bool>>,
        on_goal: &Bound<'_, PyArray1<i64>>,
        level: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let cells = self.set.rows * self.set.cols;
        let actions = checked_actions(&actions, n)?;
        let (mut obs, mut rewards, mut terminated) =
            (obs.readwrite(), rewards.readwrite(), terminated.readwrite());
        let (mut truncated, mut on_goal, mut level) = (
            truncated.readwrite(),
            on_goal.readwrite(),
            level.readwrite(),
        );
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let rewards = rewards.as_slice_mut().map_err(value_error)?;
        let terminated = terminated.as_slice_mut().map_err(value_error)?;
        let truncated = truncated.as_slice_mut().map_err(value_error)?;
        let on_goal = on_goal.as_slice_mut().map_err(value_error)?;
        let level = level.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * cells
            || [
                rewards.len(),
                terminated.len(),
                truncated.len(),
                on_goal.len(),
                level.len(),
            ] != [n; 5]
        {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let c = chunk_len(n, self.threads);
        let chunks: Vec<_> = self
            .envs
            .chunks_mut(c)
            .zip(actions.chunks(c))
            .zip(obs.chunks_mut(c * cells))
            .zip(rewards.chunks_mut(c))
            .zip(terminated.chunks_mut(c))
            .zip(truncated.chunks_mut(c))
            .zip(on_goal.chunks_mut(c))
            .zip(level.chunks_mut(c))
            .collect();
        let set = &self.set;
        py.detach(|| {
            on_threads(
                chunks,
                |(((((((envs, acts), obs), rw), te), tr), og), lv)| {
                    for (i, (env, &a)) in envs.iter_mut().zip(acts).enumerate() {
                        let Some(o) = obs.get_mut(i * cells..(i + 1) * cells) else {
                            continue;
                        };
                        let s = set.step(env, a, o);
                        let outs = (
                            rw.get_mut(i),
                            te.get_mut(i),
                            tr.get_mut(i),
                            og.get_mut(i),
                            lv.get_mut(i),
                        );
                        if let (Some(r), Some(t), Some(u), Some(g), Some(l)) = outs {
                            *r = s.reward;
                            *t = s.terminated;
                            *u = s.truncated;
                            *g = boxes_on_goal(&env.state) as i64;
                            *l = env.level as i64;
                        }
                    }
                },
            );
        });
        Ok(())
    }
}

/// The AI plays the seeded 4 x 4 game (until the tile `until`, if given);
/// returns the final board, score, moves and largest tile.
#[pyfunction]
#[pyo3(signature = (seed, until=None, strong=false))]
fn g2048_ai_game(
    py: Python<'_>,
    seed: u64,
    until: Option<u128>,
    strong: bool,
) -> PyResult<(Vec<Vec<u128>>, u64, u64, u128)> {
    let stop = match until {
        None => ai::Stop::never(),
        Some(t) => ai::Stop::at_tile(tile_exponent(t).ok_or_else(|| {
            value_error(format!("until {t} is not a tile (a power of two from 2)"))
        })?),
    };
    let settings = if strong {
        Settings::strong()
    } else {
        Settings::fast()
    };
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

/// The exponent of a 2048 tile value (0 for an empty cell), or `None`.
#[pyfunction]
fn g2048_exponent(value: u128) -> Option<u8> {
    value_exponent(value)
}

/// The module `boardkit._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyLevel>()?;
    m.add_class::<PySolveResult>()?;
    m.add_class::<PyVerdict>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PySokobanGame>()?;
    m.add_class::<PyVec2048>()?;
    m.add_class::<PyVecSokoban>()?;
    m.add_function(wrap_pyfunction!(sokoban_parse, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_builtin, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_verify, m)?)?;
    m.add_function(wrap_pyfunction!(sokoban_replay, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_legal_moves, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_max_tile, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_ai_move, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_ai_game, m)?)?;
    m.add_function(wrap_pyfunction!(g2048_exponent, m)?)?;
    m.add_function(wrap_pyfunction!(cover_count, m)?)?;
    m.add_function(wrap_pyfunction!(cover_find, m)?)?;
    m.add_function(wrap_pyfunction!(yut_best_score, m)?)?;
    m.add_function(wrap_pyfunction!(yut_best_line, m)?)?;
    Ok(())
}
