//! 2048: games kept on the server and played a move at a time, and the AI's
//! hint on any 4 × 4 board.
//!
//! A game is [`boardkit_2048::game::Game`]: the same seed and moves give the
//! same board as `boardkit 2048 play --seed`. Games live in memory only, in
//! [`Games`], which keeps at most [`crate::Config::max_games`] of them and
//! drops the oldest (by creation) when a new one would pass the cap.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, PoisonError};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use boardkit_2048::ai::{self, NoAdvice, Settings};
use boardkit_2048::game::Game;
use boardkit_2048::params::GAME_SIZE;
use boardkit_2048::Board;
use boardkit_grid::value::SEED;
use boardkit_grid::Dir;
use serde::{Deserialize, Serialize};

use crate::error::{int_arg, ApiError, Body, Int};
use crate::{blocking, Shared};

/// The games in play, by id, at most `cap` of them.
#[derive(Debug)]
pub struct Games {
    inner: Mutex<Store>,
}

/// The games and their ids in the order they were made.
#[derive(Debug, Default)]
struct Store {
    cap: usize,
    next: u64,
    games: HashMap<u64, Game>,
    order: VecDeque<u64>,
}

impl Games {
    /// An empty store keeping at most `cap` games (at least one).
    #[must_use]
    pub fn new(cap: usize) -> Games {
        Games {
            inner: Mutex::new(Store {
                cap: cap.max(1),
                ..Store::default()
            }),
        }
    }

    /// Keeps `game`, dropping the oldest games past the cap; its id.
    pub fn insert(&self, game: Game) -> u64 {
        let mut store = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        while store.games.len() >= store.cap {
            match store.order.pop_front() {
                Some(old) => {
                    store.games.remove(&old);
                }
                None => break,
            }
        }
        store.next += 1;
        let id = store.next;
        store.games.insert(id, game);
        store.order.push_back(id);
        id
    }

    /// Runs `f` on game `id`, if it is kept.
    pub fn with<T>(&self, id: u64, f: impl FnOnce(&mut Game) -> T) -> Option<T> {
        let mut store = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        store.games.get_mut(&id).map(f)
    }

    /// How many games are kept.
    #[must_use]
    pub fn len(&self) -> usize {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .games
            .len()
    }

    /// True when no game is kept.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A game's state as the API shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The game's id in the store.
    pub id: String,
    /// The seed its tiles are drawn from.
    pub seed: u64,
    /// The board's side N.
    pub size: usize,
    /// The tiles' values, N rows of N (0 for empty).
    pub board: Vec<Vec<u128>>,
    /// The score so far.
    pub score: u64,
    /// Moves that changed the board.
    pub moves: u64,
    /// True when no move changes the board.
    pub over: bool,
    /// The moves that change the board: `up`, `down`, `left`, `right`.
    pub legal: Vec<String>,
}

/// The state of game `id`.
fn state_of(id: u64, game: &Game) -> GameState {
    let n = game.size();
    let values = game.board().values();
    GameState {
        id: id.to_string(),
        seed: game.seed(),
        size: n,
        board: values.chunks(n.max(1)).map(<[u128]>::to_vec).collect(),
        score: game.score(),
        moves: game.moves(),
        over: game.is_over(),
        legal: game.legal_moves().iter().map(dir_name).collect(),
    }
}

/// A direction as the API writes it: `up`, `down`, `left`, `right`.
fn dir_name(d: Dir) -> String {
    d.name().to_ascii_lowercase()
}

/// A direction from its name or letter, in any case (`left`, `L`).
fn dir_of(name: &str) -> Result<Dir, ApiError> {
    Dir::ALL
        .into_iter()
        .find(|d| {
            d.name().eq_ignore_ascii_case(name) || d.letter().to_string().eq_ignore_ascii_case(name)
        })
        .ok_or_else(|| {
            ApiError::bad(format!(
                "{name:?} is not a move: expected up, down, left or right"
            ))
        })
}

/// The body of `POST /2048/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The seed (0 to 2^64 − 1); a random one when absent.
    pub seed: Option<Int>,
    /// The board's side (2 to 8); 4 when absent.
    pub size: Option<Int>,
}

/// `POST /api/v1/2048/games`: a new game; 201 and its state.
pub async fn new_game(
    State(state): State<Shared>,
    Body(body): Body<NewGame>,
) -> Result<(StatusCode, Json<GameState>), ApiError> {
    let size: usize = int_arg("size", body.size.unwrap_or(Int(4)), GAME_SIZE)?;
    let seed: u64 = match body.seed {
        Some(seed) => int_arg("seed", seed, SEED)?,
        None => RandomState::new().hash_one(std::time::SystemTime::now()),
    };
    let game = Game::new(size, seed).map_err(ApiError::bad)?;
    let shown = state_of(0, &game);
    let id = state.games.insert(game);
    Ok((
        StatusCode::CREATED,
        Json(GameState {
            id: id.to_string(),
            ..shown
        }),
    ))
}

/// The id in a path, or 404.
fn game_id(id: &str) -> Result<u64, ApiError> {
    id.parse().map_err(|_| unknown(id))
}

/// The 404 of a game that is not kept.
fn unknown(id: impl std::fmt::Display) -> ApiError {
    ApiError::not_found(format!(
        "no game {id}: it never existed or was dropped as the oldest"
    ))
}

/// `GET /api/v1/2048/games/{id}`: a game's state.
pub async fn show_game(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<GameState>, ApiError> {
    let n = game_id(&id)?;
    state
        .games
        .with(n, |game| Json(state_of(n, game)))
        .ok_or_else(|| unknown(&id))
}

/// The body of `POST /2048/games/{id}/moves`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// `up`, `down`, `left` or `right` (or a letter, any case).
    pub direction: String,
}

/// The answer to a move: whether it changed the board, and the new state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    /// False when the move changed nothing (no tile, no count).
    pub changed: bool,
    /// The game after the move.
    #[serde(flatten)]
    pub game: GameState,
}

/// `POST /api/v1/2048/games/{id}/moves`: plays one move.
pub async fn play_move(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Body(body): Body<Move>,
) -> Result<Json<Moved>, ApiError> {
    let n = game_id(&id)?;
    let dir = dir_of(&body.direction)?;
    state
        .games
        .with(n, |game| {
            let turn = game.play(dir);
            Json(Moved {
                changed: turn.changed,
                game: state_of(n, game),
            })
        })
        .ok_or_else(|| unknown(&id))
}

/// The body of `POST /2048/hint`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    /// The board's rows of tile values (0 empty), 4 rows of 4.
    pub board: Vec<Vec<u128>>,
}

/// One legal move and what the AI expects of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveValue {
    /// The move.
    pub direction: String,
    /// Its expected value by the search (higher is better).
    pub value: f32,
}

/// The AI's advice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The move the AI plays, or `None` when no move changes the board.
    pub best: Option<String>,
    /// Every legal move with its value, best first.
    pub values: Vec<MoveValue>,
    /// The depth searched.
    pub depth: u32,
}

/// A board from rows of tile values, N rows of N.
fn board_of(rows: &[Vec<u128>]) -> Result<Board, ApiError> {
    let n = rows.len();
    if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != n) {
        return Err(ApiError::bad(format!(
            "row {}: expected {n} numbers, found {}",
            i + 1,
            row.len()
        )));
    }
    let values: Vec<u128> = rows.iter().flatten().copied().collect();
    Board::from_values(n, &values).map_err(ApiError::bad)
}

/// `POST /api/v1/2048/hint`: the AI's move on a board (the fast setting,
/// searching at most [`crate::Config::hint_time`]).
pub async fn hint(
    State(state): State<Shared>,
    Body(body): Body<HintRequest>,
) -> Result<Json<Hint>, ApiError> {
    let board = board_of(&body.board)?;
    let cap = state.config.hint_time;
    let advice = blocking(&state, move |interrupt| {
        // The cap runs from the start of the search, not of the wait for a
        // permit: a timer on the runtime stops the search when it is over.
        let timer = {
            let interrupt = interrupt.clone();
            tokio::spawn(async move {
                tokio::time::sleep(cap).await;
                interrupt.trigger();
            })
        };
        let advice = ai::advise_interruptible(&board, &Settings::fast(), &interrupt);
        timer.abort();
        advice.map_err(|e| match e {
            NoAdvice::Interrupted => ApiError::limit(format!(
                "the search passed the server's time limit of {} s",
                cap.as_secs_f64()
            )),
            other => ApiError::bad(other),
        })
    })
    .await?;
    Ok(Json(Hint {
        best: advice.best.map(dir_name),
        values: advice
            .values
            .iter()
            .map(|&(d, value)| MoveValue {
                direction: dir_name(d),
                value,
            })
            .collect(),
        depth: advice.depth,
    }))
}
