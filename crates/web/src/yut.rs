//! Dice yut-nori: the best score for known rolls on the standard board,
//! and a line of moves that makes it, under the server's time and position
//! caps.

use std::time::Instant;

use axum::extract::State;
use axum::Json;
use boardkit_yut::search::{Limits, Line, NamedTurn, SearchError, Solver, PIECES};
use serde::{Deserialize, Serialize};

use crate::error::{int_arg, ApiError, Body, Int};
use crate::{blocking, Shared};

/// The body of `POST /yut/best`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BestRequest {
    /// The rolls, each 1 to 5, in order.
    pub rolls: Vec<Int>,
    /// The pieces each side plays (1 to 8); 4 when absent.
    pub pieces: Option<Int>,
}

/// The best score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// The most points the rolls can make.
    pub score: u32,
}

/// The checked pieces and rolls of a request.
fn checked(body: &BestRequest) -> Result<(usize, Vec<u8>), ApiError> {
    let pieces: usize = int_arg("pieces", body.pieces.unwrap_or(Int(4)), PIECES)?;
    let wide: Vec<i128> = body.rolls.iter().map(|r| r.0).collect();
    let rolls = boardkit_yut::rolls::check(&wide).map_err(ApiError::bad)?;
    Ok((pieces, rolls))
}

/// Runs `search` with a solver of `pieces` on the standard board, within
/// [`crate::Config::yut_time`] and [`crate::Config::yut_states`]; a search
/// that passes either gets 422 with the library's message.
async fn solve<T: Send + 'static>(
    state: &Shared,
    pieces: usize,
    search: impl FnOnce(&mut Solver, &Limits) -> Result<T, SearchError> + Send + 'static,
) -> Result<T, ApiError> {
    let max_states = state.config.yut_states;
    let time = state.config.yut_time;
    blocking(state, move |interrupt| {
        let mut solver = Solver::new(&boardkit_yut::Board::standard(), pieces)
            .ok_or_else(|| ApiError::bad(PIECES.error()))?;
        let limits = Limits {
            max_states,
            deadline: Instant::now().checked_add(time),
            interrupt: Some(interrupt),
        };
        search(&mut solver, &limits).map_err(|e| match e {
            SearchError::BadRoll { .. } => ApiError::bad(e),
            _ => ApiError::limit(e),
        })
    })
    .await
}

/// `POST /api/v1/yut/best`: the best score for the rolls, within
/// [`crate::Config::yut_time`] and [`crate::Config::yut_states`]; a search
/// that passes either gets 422 with the library's message.
pub async fn best(
    State(state): State<Shared>,
    Body(body): Body<BestRequest>,
) -> Result<Json<Best>, ApiError> {
    let (pieces, rolls) = checked(&body)?;
    let score = solve(&state, pieces, move |solver, limits| {
        solver.best_score(&rolls, limits)
    })
    .await?;
    Ok(Json(Best { score }))
}

/// A best line, as `boardkit yut best --json` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BestLine {
    /// The most points the rolls can make.
    pub score: u32,
    /// One entry per roll.
    pub turns: Vec<NamedTurn>,
}

/// `line` with the standard board's cell names.
fn shown(line: &Line) -> BestLine {
    BestLine {
        score: line.score,
        turns: line.named_turns(&boardkit_yut::Board::standard()),
    }
}

/// `POST /api/v1/yut/line`: the best score for the rolls and a line of
/// moves that makes it, under the same caps as `POST /yut/best`.
pub async fn line(
    State(state): State<Shared>,
    Body(body): Body<BestRequest>,
) -> Result<Json<BestLine>, ApiError> {
    let (pieces, rolls) = checked(&body)?;
    let line = solve(&state, pieces, move |solver, limits| {
        solver.best_line(&rolls, limits)
    })
    .await?;
    Ok(Json(shown(&line)))
}
