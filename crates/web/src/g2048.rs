//! 2048: games kept on the server and played a move at a time, and the AI's
//! hint on any 4 × 4 board.
//!
//! A game is [`boardkit_2048::game::Game`]: the same seed and moves give the
//! same board as `boardkit 2048 play --seed`. Games live in memory only, in
//! [`Games`], which keeps at most [`crate::Config::max_games`] of them and
//! drops the oldest (by creation) when a new one would pass the cap. Each
//! keeps the states before its last [`HISTORY`] moves, for undo; the AI can
//! play a game's next move (`POST /2048/games/{id}/ai`), one request a move.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, RandomState};
use std::sync::{Mutex, PoisonError};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use boardkit_2048::ai::{self, NoAdvice, Settings};
use boardkit_2048::game::{Game, Turn};
use boardkit_2048::params::GAME_SIZE;
use boardkit_2048::Board;
use boardkit_grid::value::SEED;
use boardkit_grid::Dir;
use serde::{Deserialize, Serialize};

use crate::error::{int_arg, ApiError, Body, Int};
use crate::{blocking, Shared};

/// How many moves a game can undo: the states before its last 16 moves
/// are kept (a game and its history take under 8 KiB, so 10,000 games
/// stay under 80 MiB).
pub const HISTORY: usize = 16;

/// A game in play and the states before its last moves, newest last, at
/// most [`HISTORY`] of them.
#[derive(Clone, Debug)]
pub struct Kept {
    /// The game as it stands.
    pub game: Game,
    history: VecDeque<Game>,
}

impl Kept {
    /// A game with no history.
    #[must_use]
    pub fn new(game: Game) -> Kept {
        Kept {
            game,
            history: VecDeque::new(),
        }
    }

    /// Plays `dir`; a move that changes the board is kept for undo, the
    /// oldest state dropped past [`HISTORY`].
    pub fn play(&mut self, dir: Dir) -> Turn {
        let before = self.game.clone();
        let turn = self.game.play(dir);
        if turn.changed {
            if self.history.len() >= HISTORY {
                self.history.pop_front();
            }
            self.history.push_back(before);
        }
        turn
    }

    /// Takes back the last move kept; false when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop_back() {
            Some(before) => {
                self.game = before;
                true
            }
            None => false,
        }
    }

    /// How many moves can be taken back.
    #[must_use]
    pub fn undos(&self) -> usize {
        self.history.len()
    }
}

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
    games: HashMap<u64, Kept>,
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
        store.games.insert(id, Kept::new(game));
        store.order.push_back(id);
        id
    }

    /// Runs `f` on game `id` and its history, if it is kept.
    pub fn with<T>(&self, id: u64, f: impl FnOnce(&mut Kept) -> T) -> Option<T> {
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
fn state_of(id: u64, kept: &Kept) -> GameState {
    let game = &kept.game;
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
    let shown = state_of(0, &Kept::new(game.clone()));
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
// Serialize only: serde cannot read a u128 board inside a flattened
// struct, so a client reads the state as `GameState` and `changed` beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
        .with(n, |kept| {
            let turn = kept.play(dir);
            Json(Moved {
                changed: turn.changed,
                game: state_of(n, kept),
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
    /// The lookup table whose move `best` is, when one matched.
    pub table: Option<TableUsed>,
}

/// The lookup table a move came from, as `boardkit 2048 hint --json` names
/// it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableUsed {
    /// The table's file name (`2x4-64.table`).
    pub name: String,
    /// The tile it builds.
    pub goal: u128,
    /// Its chance of building it with best play.
    pub probability: f32,
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

/// The AI's advice on `board` (the fast setting, with the server's lookup
/// tables as they are now), its search stopped at
/// [`crate::Config::hint_time`] from its start (422 past it).
async fn advise_capped(state: &Shared, board: Board) -> Result<Hint, ApiError> {
    let cap = state.config.hint_time;
    let settings = Settings::fast().with_tables(state.tables.get());
    let advice = blocking(state, move |interrupt| {
        // The cap runs from the start of the search, not of the wait for a
        // permit: a timer on the runtime stops the search when it is over.
        let timer = {
            let interrupt = interrupt.clone();
            tokio::spawn(async move {
                tokio::time::sleep(cap).await;
                interrupt.trigger();
            })
        };
        let advice = ai::advise_interruptible(&board, &settings, &interrupt);
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
    Ok(Hint {
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
        table: advice.table.map(|t| TableUsed {
            name: t.subproblem.file_name(),
            goal: boardkit_2048::tile_value(t.subproblem.goal),
            probability: t.probability,
        }),
    })
}

/// `POST /api/v1/2048/hint`: the AI's move on a board (the fast setting,
/// searching at most [`crate::Config::hint_time`]).
pub async fn hint(
    State(state): State<Shared>,
    Body(body): Body<HintRequest>,
) -> Result<Json<Hint>, ApiError> {
    let board = board_of(&body.board)?;
    advise_capped(&state, board).await.map(Json)
}

/// The answer to an undo: whether a move was taken back, how many more
/// can be, and the state.
// Serialize only: serde cannot read a u128 board inside a flattened
// struct, so a client reads the state as `GameState` and `changed` beside it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Undone {
    /// False when no move was left to take back.
    pub undone: bool,
    /// How many more moves can be taken back (at most [`HISTORY`]).
    pub undos: usize,
    /// The game after the undo.
    #[serde(flatten)]
    pub game: GameState,
}

/// `POST /api/v1/2048/games/{id}/undo`: takes back the last move (up to
/// [`HISTORY`] in a row); the tiles drawn after it are drawn again the same
/// way when the move is played again.
pub async fn undo(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Undone>, ApiError> {
    let n = game_id(&id)?;
    state
        .games
        .with(n, |kept| {
            let undone = kept.undo();
            Json(Undone {
                undone,
                undos: kept.undos(),
                game: state_of(n, kept),
            })
        })
        .ok_or_else(|| unknown(&id))
}

/// The answer to `POST /2048/games/{id}/ai`: the AI's advice, the move
/// played (its `best`) and the game after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AiMoved {
    /// What the AI chose and expected; `best` is `None` when the game is
    /// over and nothing was played.
    pub hint: Hint,
    /// False when nothing was played (the game was over).
    pub changed: bool,
    /// The game after the move.
    pub game: GameState,
}

/// `POST /api/v1/2048/games/{id}/ai`: the AI (as for the hint, within
/// [`crate::Config::hint_time`]) chooses the game's next move and plays it.
/// A game moved by another request while the AI chose gets 409 and is left
/// as that request made it.
pub async fn ai_move(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<AiMoved>, ApiError> {
    let n = game_id(&id)?;
    let (board, moves) = state
        .games
        .with(n, |kept| (kept.game.board(), kept.game.moves()))
        .ok_or_else(|| unknown(&id))?;
    let hint = advise_capped(&state, board.clone()).await?;
    let best = hint.best.as_deref().map(dir_of).transpose()?;
    state
        .games
        .with(n, |kept| {
            if kept.game.moves() != moves || kept.game.board() != board {
                return Err(ApiError {
                    status: StatusCode::CONFLICT,
                    message: format!("game {id} moved while the AI chose its move: ask again"),
                });
            }
            let changed = best.is_some_and(|dir| kept.play(dir).changed);
            Ok(Json(AiMoved {
                hint,
                changed,
                game: state_of(n, kept),
            }))
        })
        .ok_or_else(|| unknown(&id))?
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`HISTORY`]'s bound in bytes: a game is its struct and at most 64
    /// cells on the heap, and a game kept holds [`HISTORY`] more.
    #[test]
    fn a_game_and_its_history_take_under_8_kib() {
        let one = std::mem::size_of::<Game>() + 64;
        assert!(
            std::mem::size_of::<Kept>() + HISTORY * one + 64 < 8 << 10,
            "{one}"
        );
    }

    /// A move's answer reads back as the game's state (the flattened
    /// fields) with `changed` beside it.
    #[test]
    fn a_moved_answer_reads_back_as_a_game_state() {
        let state = GameState {
            id: "7".into(),
            seed: 3,
            size: 2,
            board: vec![vec![1 << 100, 2], vec![0, 4]],
            score: 12,
            moves: 5,
            over: false,
            legal: vec!["up".into()],
        };
        let moved = Moved {
            changed: true,
            game: state.clone(),
        };
        let text = serde_json::to_string(&moved).unwrap_or_default();
        let back: Result<GameState, _> = serde_json::from_str(&text);
        assert_eq!(back.ok(), Some(state));
        assert!(text.starts_with(r#"{"changed":true,"id":"7""#), "{text}");
    }
}
