//! Board cover: the exact number of coverings of a board by a piece set,
//! and one covering drawn, under the server's time and memory caps.

use axum::extract::State;
use axum::Json;
use boardkit_cover::board::Rect;
use boardkit_cover::{
    count_detailed, count_rectangle, find_covering, Board, Covering, Limits, PieceSet,
};
use serde::{Deserialize, Serialize};

use crate::error::{invalid, ApiError, Body};
use crate::{blocking, Shared};

/// The body of `POST /cover/count`: the board by `rows` or by `rect`, one
/// of the two.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountRequest {
    /// The board's rows, `#` black and `.` white.
    pub rows: Option<Vec<String>>,
    /// A full rectangle, `HxW` (`12x12`).
    pub rect: Option<String>,
    /// `l3` (the default), `domino`, `i3`, a union such as `l3+i3`, or a
    /// piece file's text.
    pub pieces: Option<String>,
}

/// The number of coverings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Count {
    /// The exact count, in decimal (it can be far larger than 2^64).
    pub count: String,
}

/// What a request covers.
enum Target {
    /// A board drawn in rows.
    Rows(Board),
    /// A full rectangle.
    Rect(Rect),
}

/// The one board a request names.
fn target(rows: Option<Vec<String>>, rect: Option<String>) -> Result<Target, ApiError> {
    match (rows, rect) {
        (Some(rows), None) => {
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            Board::from_rows(&refs).map(Target::Rows).ok_or_else(|| {
                ApiError::bad(
                    "a board is rows of equal length, of `#` (black) and `.` (white) only",
                )
            })
        }
        (None, Some(rect)) => rect
            .parse::<Rect>()
            .map(Target::Rect)
            .map_err(|e| invalid("rect", &rect, &e)),
        (None, None) => Err(ApiError::bad("give the board's 'rows' or 'rect' (\"HxW\")")),
        (Some(_), Some(_)) => Err(ApiError::bad(
            "give the board's 'rows' or 'rect' (\"HxW\"), not both",
        )),
    }
}

/// The server's caps on a count or a search: [`crate::Config::cover_time`]
/// and [`crate::Config::cover_memory`].
fn limits(state: &Shared) -> Limits {
    Limits {
        memory: state.config.cover_memory,
        time: Some(state.config.cover_time),
        interrupt: None,
    }
}

/// `POST /api/v1/cover/count`: the exact number of coverings, within
/// [`crate::Config::cover_time`] and [`crate::Config::cover_memory`]; a count
/// that passes either, or a board too wide for the pieces, gets 422 with the
/// library's message.
pub async fn count(
    State(state): State<Shared>,
    Body(body): Body<CountRequest>,
) -> Result<Json<Count>, ApiError> {
    let target = target(body.rows, body.rect)?;
    let pieces =
        PieceSet::from_spec(body.pieces.as_deref().unwrap_or("l3")).map_err(ApiError::bad)?;
    let limits = limits(&state);
    blocking(&state, move |interrupt| {
        let limits = limits.with_interrupt(interrupt);
        let counted = match target {
            Target::Rows(board) => count_detailed(&board, &pieces, &limits),
            Target::Rect(r) => count_rectangle(r.height, r.width, &pieces, &limits),
        };
        counted
            .map(|c| Count {
                count: c.count.to_string(),
            })
            .map_err(ApiError::limit)
    })
    .await
    .map(Json)
}

/// The most cells a board drawn by `POST /cover/one` may have (64 x 64).
pub const MAX_DRAWN_CELLS: usize = 4096;

/// One covering, or `null` when the board has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct One {
    /// The board's rows.
    pub height: usize,
    /// The board's columns.
    pub width: usize,
    /// The covering found, or `None` when there is none.
    pub covering: Option<Drawing>,
}

/// A covering as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drawing {
    /// Each piece's cells as `[row, column]`, pieces in row-major order of
    /// their first cells.
    pub pieces: Vec<Vec<[usize; 2]>>,
    /// Each piece's colour (0, 1, …), different for pieces that share an
    /// edge.
    pub colours: Vec<usize>,
    /// The board's rows with each piece as its colour's letter (`A` for 0)
    /// and `#` for black cells, as `boardkit cover show` draws them.
    pub rows: Vec<String>,
}

impl Drawing {
    /// `covering` of `board`.
    fn of(covering: &Covering, board: &Board) -> Drawing {
        Drawing {
            pieces: covering
                .pieces()
                .iter()
                .map(|piece| piece.iter().map(|p| [p.row, p.col]).collect())
                .collect(),
            colours: covering.colours(),
            rows: covering.rows_on(board),
        }
    }
}

/// `POST /api/v1/cover/one`: one covering of a board (`rows` or `rect`, at
/// most [`MAX_DRAWN_CELLS`] cells) by a piece set, found within
/// [`crate::Config::cover_time`] and [`crate::Config::cover_memory`]; a
/// larger board, or a search that passes either cap, gets 422.
pub async fn one(
    State(state): State<Shared>,
    Body(body): Body<CountRequest>,
) -> Result<Json<One>, ApiError> {
    let board = match target(body.rows, body.rect)? {
        Target::Rows(board) => board,
        Target::Rect(r) => {
            if r.height.saturating_mul(r.width) > MAX_DRAWN_CELLS {
                return Err(too_large(r.height, r.width));
            }
            Board::rectangle(r.height, r.width)
        }
    };
    let (height, width) = (board.height(), board.width());
    if height * width > MAX_DRAWN_CELLS {
        return Err(too_large(height, width));
    }
    let pieces =
        PieceSet::from_spec(body.pieces.as_deref().unwrap_or("l3")).map_err(ApiError::bad)?;
    let limits = limits(&state);
    blocking(&state, move |interrupt| {
        let limits = limits.with_interrupt(interrupt);
        let found = find_covering(&board, &pieces, &limits).map_err(ApiError::limit)?;
        Ok(One {
            height,
            width,
            covering: found.map(|c| Drawing::of(&c, &board)),
        })
    })
    .await
    .map(Json)
}

/// The 422 of a board too large to draw.
fn too_large(height: usize, width: usize) -> ApiError {
    ApiError::limit(format!(
        "the server draws boards of at most {MAX_DRAWN_CELLS} cells; this one is {height} x {width}"
    ))
}
