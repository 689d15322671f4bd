//! Sokoban: XSB text checked into levels, and LURD solutions verified
//! against them. Levels come in the request body only.

use axum::extract::State;
use axum::Json;
use boardkit_grid::value::IntParam;
use boardkit_sokoban::lurd::{self, Blocked, Status};
use boardkit_sokoban::{xsb, Level};
use serde::{Deserialize, Serialize};

use crate::error::{int_arg, ApiError, Body, Int};
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

/// `POST /api/v1/sokoban/validate`: the levels of an XSB text.
pub async fn validate(
    State(state): State<Shared>,
    Body(body): Body<Validate>,
) -> Result<Json<Levels>, ApiError> {
    let levels = blocking(&state, move || parse(&body.xsb)).await?;
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
    blocking(&state, move || {
        let levels = parse(&body.xsb)?;
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
        let level = levels.get(number - 1).ok_or_else(|| {
            ApiError::bad(format!(
                "level {number}: the text has {} level{}",
                levels.len(),
                if levels.len() == 1 { "" } else { "s" }
            ))
        })?;
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
