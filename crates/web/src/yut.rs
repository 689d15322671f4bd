//! Dice yut-nori: the best score for known rolls on the standard board,
//! under the server's time and position caps.

use std::time::Instant;

use axum::extract::State;
use axum::Json;
use boardkit_yut::search::{Limits, SearchError, Solver, PIECES};
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

/// `POST /api/v1/yut/best`: the best score for the rolls, within
/// [`crate::Config::yut_time`] and [`crate::Config::yut_states`]; a search
/// that passes either gets 422 with the library's message.
pub async fn best(
    State(state): State<Shared>,
    Body(body): Body<BestRequest>,
) -> Result<Json<Best>, ApiError> {
    let pieces: usize = int_arg("pieces", body.pieces.unwrap_or(Int(4)), PIECES)?;
    let wide: Vec<i128> = body.rolls.iter().map(|r| r.0).collect();
    let rolls = boardkit_yut::rolls::check(&wide).map_err(ApiError::bad)?;
    let max_states = state.config.yut_states;
    let time = state.config.yut_time;
    blocking(&state, move |interrupt| {
        let mut solver = Solver::new(&boardkit_yut::Board::standard(), pieces)
            .ok_or_else(|| ApiError::bad(PIECES.error()))?;
        let limits = Limits {
            max_states,
            deadline: Instant::now().checked_add(time),
            interrupt: Some(interrupt),
        };
        solver
            .best_score(&rolls, &limits)
            .map(|score| Json(Best { score }))
            .map_err(|e| match e {
                SearchError::BadRoll { .. } => ApiError::bad(e),
                _ => ApiError::limit(e),
            })
    })
    .await
}
