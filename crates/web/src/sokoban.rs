//! Sokoban: XSB text checked into levels, keys played on a level, LURD
//! solutions verified against them, and the solver under the server's
//! caps. Levels come in the
//! request body only.

use axum::extract::State;
use axum::Json;
use boardkit_grid::value::{self, IntParam};
use boardkit_sokoban::lurd::{self, Blocked, Status};
use boardkit_sokoban::solver::{self, Optimize, Outcome};
use boardkit_sokoban::{xsb, Game, Level, MoveOutcome};
use serde::{Deserialize, Serialize};

use crate::error::{int_arg, invalid, ApiError, Body, Int};
use crate::{blocking, Shared};

/// A level's number in a collection, from 1 (the command line's `--level`).
pub const LEVEL: IntParam = IntParam::new("a level number", 1, u32::MAX as i128);

/// The body of `POST /sokoban/validate`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validate {
    /// One level or a collection, in XSB.
    pub xsb: String,
}

/// What a level is, in brief.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelInfo {
    /// Its number in the collection, from 1.
    pub number: usize,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// Rows of its map.
    pub rows: usize,
    /// Columns of its map.
    pub cols: usize,
    /// Its boxes.
    pub boxes: usize,
}

/// The levels of a valid collection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Levels {
    /// Each level, in order.
    pub levels: Vec<LevelInfo>,
}

/// The levels of `text`, or 400 with the parser's message (level, line and
/// column).
fn parse(text: &str) -> Result<Vec<Level>, ApiError> {
    let levels = xsb::parse_collection(text).map_err(ApiError::bad)?;
    if levels.is_empty() {
        return Err(ApiError::bad("the text holds no level"));
    }
    Ok(levels)
}

/// Level `wanted` of `levels` (from 1), or the only one; with its number.
fn choose(levels: &[Level], wanted: Option<usize>) -> Result<(usize, &Level), ApiError> {
    let number = match wanted {
        Some(n) => n,
        None if levels.len() == 1 => 1,
        None => {
            return Err(ApiError::bad(format!(
                "the text has {} levels: choose one with 'level'",
                levels.len()
            )))
        }
    };
    let level = number
        .checked_sub(1)
        .and_then(|i| levels.get(i))
        .ok_or_else(|| {
            ApiError::bad(format!(
                "level {number}: the text has {} level{}",
                levels.len(),
                if levels.len() == 1 { "" } else { "s" }
            ))
        })?;
    Ok((number, level))
}

/// `POST /api/v1/sokoban/validate`: the levels of an XSB text.
pub async fn validate(
    State(state): State<Shared>,
    Body(body): Body<Validate>,
) -> Result<Json<Levels>, ApiError> {
    let levels = blocking(&state, move |_| parse(&body.xsb)).await?;
    Ok(Json(Levels {
        levels: levels
            .iter()
            .enumerate()
            .map(|(i, level)| LevelInfo {
                number: i + 1,
                title: level.title().map(str::to_string),
                rows: level.rows(),
                cols: level.cols(),
                boxes: level.box_count(),
            })
            .collect(),
    }))
}

/// The body of `POST /sokoban/verify`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verify {
    /// One level or a collection, in XSB.
    pub xsb: String,
    /// Which level of a collection (from 1); needed when it has several.
    pub level: Option<Int>,
    /// The solution in LURD notation.
    pub solution: String,
}

/// How a solution played out (the fields of `boardkit sokoban verify
/// --json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The level's number, from 1.
    pub level: usize,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// `solved`, `unsolved` or `illegal`.
    pub status: String,
    /// Moves made.
    pub moves: usize,
    /// Pushes among them.
    pub pushes: usize,
    /// Boxes off goals at the end (`unsolved`).
    pub boxes_off_goal: usize,
    /// The move that could not be made (`illegal`), from 1.
    pub illegal_move: Option<usize>,
    /// What blocked it: `wall` or `box`.
    pub blocked_by: Option<String>,
    /// The move after which the level was first solved, when the solution
    /// went on after it.
    pub solved_after: Option<usize>,
}

/// `POST /api/v1/sokoban/verify`: plays a solution on a level.
pub async fn verify(
    State(state): State<Shared>,
    Body(body): Body<Verify>,
) -> Result<Json<Verdict>, ApiError> {
    let wanted: Option<usize> = body.level.map(|n| int_arg("level", n, LEVEL)).transpose()?;
    let steps = lurd::parse(&body.solution).map_err(|e| ApiError::bad(format!("solution, {e}")))?;
    blocking(&state, move |_| {
        let levels = parse(&body.xsb)?;
        let (number, level) = choose(&levels, wanted)?;
        let v = lurd::verify(level, &steps);
        let (status, boxes_off_goal, illegal_move, blocked_by) = match v.status {
            Status::Solved => ("solved", 0, None, None),
            Status::Unsolved { boxes_off_goal } => ("unsolved", boxes_off_goal, None, None),
            Status::Illegal { at, blocked, .. } => (
                "illegal",
                0,
                Some(at),
                Some(match blocked {
                    Blocked::Wall => "wall",
                    _ => "box",
                }),
            ),
            _ => ("unsolved", 0, None, None),
        };
        Ok(Json(Verdict {
            level: number,
            title: level.title().map(str::to_string),
            status: status.to_string(),
            moves: v.moves,
            pushes: v.pushes,
            boxes_off_goal,
            illegal_move,
            blocked_by: blocked_by.map(str::to_string),
            solved_after: v.solved_early,
        }))
    })
    .await
}

/// The body of `POST /sokoban/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// One level or a collection, in XSB.
    pub xsb: String,
    /// Which level of a collection (from 1); needed when it has several.
    pub level: Option<Int>,
    /// Seconds the search may take, at most the server's
    /// [`crate::Config::solve_time`] (which is also the default).
    pub time_limit: Option<f64>,
    /// `pushes` or `moves` for an optimal solution; any solution when
    /// absent.
    pub optimal: Option<String>,
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solved {
    /// The level's number, from 1.
    pub level: usize,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// `solved`, `no_solution` (proved) or `unsolved` (a limit stopped it).
    pub status: String,
    /// The limit that stopped the search: `time`, `memory` or `nodes`.
    pub limit: Option<String>,
    /// The solution in LURD notation, replayed through the rules.
    pub solution: Option<String>,
    /// Moves of the solution.
    pub moves: Option<usize>,
    /// Pushes of the solution.
    pub pushes: Option<usize>,
    /// Nodes the search expanded.
    pub nodes: u64,
}

/// `POST /api/v1/sokoban/solve`: the solver on one level, within the time
/// asked for and the server's [`crate::Config::solve_time`] and
/// [`crate::Config::solve_memory`], whichever is less.
pub async fn solve(
    State(state): State<Shared>,
    Body(body): Body<SolveRequest>,
) -> Result<Json<Solved>, ApiError> {
    let wanted: Option<usize> = body.level.map(|n| int_arg("level", n, LEVEL)).transpose()?;
    let cap = state.config.solve_time;
    let time = match body.time_limit {
        Some(t) => value::seconds(t)
            .map_err(|e| invalid("time_limit", t, &e))?
            .min(cap),
        None => cap,
    };
    let optimize = match body.optimal.as_deref() {
        None => Optimize::Any,
        Some("pushes") => Optimize::Pushes,
        Some("moves") => Optimize::Moves,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "invalid value '{other}' for 'optimal': expected pushes or moves"
            )))
        }
    };
    let memory = state.config.solve_memory;
    blocking(&state, move |interrupt| {
        let levels = parse(&body.xsb)?;
        let (number, level) = choose(&levels, wanted)?;
        let mut config = solver::Config::default();
        config.interrupt = Some(interrupt);
        config.time_limit = Some(time);
        config.memory_limit = memory;
        config.optimize = optimize;
        let outcome = solver::solve(level, &config);
        let (status, limit) = match &outcome {
            Outcome::Solved { .. } => ("solved", None),
            Outcome::NoSolution { .. } => ("no_solution", None),
            Outcome::Unsolved { limit, .. } => ("unsolved", Some(limit.name())),
            Outcome::Failed { failure, .. } => {
                return Err(ApiError {
                    status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                    message: format!("the solver failed (a bug in boardkit): {failure}"),
                })
            }
            _ => return Err(ApiError::internal()),
        };
        let solution = outcome.solution();
        Ok(Json(Solved {
            level: number,
            title: level.title().map(str::to_string),
            status: status.to_string(),
            limit: limit.map(str::to_string),
            solution: solution.map(solver::Solution::lurd),
            moves: solution.map(|s| s.moves),
            pushes: solution.map(|s| s.pushes),
            nodes: outcome.nodes(),
        }))
    })
    .await
}

/// The body of `POST /sokoban/move`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// One level or a collection, in XSB.
    pub xsb: String,
    /// Which level of a collection (from 1); needed when it has several.
    pub level: Option<Int>,
    /// The keys pressed, as LURD letters (case ignored: the rules decide
    /// what is a push; counts such as `3r` allowed).
    pub moves: String,
}

/// A level after some keys were pressed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The level's number, from 1.
    pub level: usize,
    /// Its title, if it has one.
    pub title: Option<String>,
    /// The map now, as XSB rows.
    pub map: Vec<String>,
    /// The moves made, in LURD (pushes in upper case); keys into a wall or
    /// a stuck box made none.
    pub lurd: String,
    /// Moves made.
    pub moves: usize,
    /// Pushes among them.
    pub pushes: usize,
    /// Keys that moved nothing.
    pub blocked: usize,
    /// True when every box is on a goal.
    pub solved: bool,
}

/// `POST /api/v1/sokoban/move`: plays keys on a level from its start, as
/// `boardkit sokoban play` does (a key into a wall does nothing), and shows
/// where they lead.
pub async fn play_moves(
    State(state): State<Shared>,
    Body(body): Body<MoveRequest>,
) -> Result<Json<Position>, ApiError> {
    let wanted: Option<usize> = body.level.map(|n| int_arg("level", n, LEVEL)).transpose()?;
    let keys = lurd::parse(&body.moves).map_err(|e| ApiError::bad(format!("moves, {e}")))?;
    blocking(&state, move |_| {
        let levels = parse(&body.xsb)?;
        let (number, level) = choose(&levels, wanted)?;
        let mut game = Game::new(level.clone());
        let blocked = keys
            .iter()
            .filter(|key| game.play(key.dir) == MoveOutcome::Blocked)
            .count();
        Ok(Json(Position {
            level: number,
            title: level.title().map(str::to_string),
            map: xsb::map_rows(game.level(), game.state()),
            lurd: game.lurd(),
            moves: game.moves(),
            pushes: game.pushes(),
            blocked,
            solved: game.is_solved(),
        }))
    })
    .await
}
