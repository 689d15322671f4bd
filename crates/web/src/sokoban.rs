//! Sokoban: XSB text checked into levels, keys played on a level, LURD
//! solutions verified against them, the solver under the server's caps on
//! the solves' pool ([`crate::jobs`]), answered at once or streamed as
//! server-sent events, and the built-in levels. Other levels come in the
//! request body only.

use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, KeepAliveStream, Sse};
use axum::Json;
use boardkit_grid::value::{self, IntParam};
use boardkit_grid::Interrupt;
use boardkit_sokoban::lurd::{self, Blocked, Status};
use boardkit_sokoban::solver::{self, Optimize, Outcome};
use boardkit_sokoban::{builtin, xsb, Game, Level, MoveOutcome};
use futures_core::Stream;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use crate::error::{int_arg, invalid, ApiError, Body, Int};
use crate::jobs::{Cancel, Place};
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

/// A solve checked and ready to run: the level chosen and the solver's
/// limits.
struct SolveJob {
    /// The level's number in the text, from 1.
    number: usize,
    /// The level.
    level: Level,
    /// The solver's limits (no interrupt yet).
    config: solver::Config,
}

/// Checks a solve's request, parses its level on a worker and sets the
/// solver's limits: the time asked for and the server's
/// [`crate::Config::solve_time`] and [`crate::Config::solve_memory`],
/// whichever is less.
async fn prepare(state: &Shared, body: SolveRequest) -> Result<SolveJob, ApiError> {
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
    let (number, level) = blocking(state, move |_| {
        let levels = parse(&body.xsb)?;
        let (number, level) = choose(&levels, wanted)?;
        Ok((number, level.clone()))
    })
    .await?;
    let config = solver::Config::default()
        .with_time_limit(Some(time))
        .with_memory_limit(state.config.solve_memory)
        .with_optimize(optimize);
    Ok(SolveJob {
        number,
        level,
        config,
    })
}

/// What the solver's `outcome` on level `number` is, as the API answers it.
fn report(number: usize, level: &Level, outcome: &Outcome) -> Result<Solved, ApiError> {
    let (status, limit) = match outcome {
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
    Ok(Solved {
        level: number,
        title: level.title().map(str::to_string),
        status: status.to_string(),
        limit: limit.map(str::to_string),
        solution: solution.map(solver::Solution::lurd),
        moves: solution.map(|s| s.moves),
        pushes: solution.map(|s| s.pushes),
        nodes: outcome.nodes(),
    })
}

/// `POST /api/v1/sokoban/solve`: the solver on one level, within the time
/// asked for and the server's [`crate::Config::solve_time`] and
/// [`crate::Config::solve_memory`], whichever is less, on the solves' pool
/// ([`crate::jobs`]: 503 when it is full).
pub async fn solve(
    State(state): State<Shared>,
    Body(body): Body<SolveRequest>,
) -> Result<Json<Solved>, ApiError> {
    let SolveJob {
        number,
        level,
        config,
    } = prepare(&state, body).await?;
    let place = state.solves.admit()?;
    let cancel = Cancel::new();
    let config = config.with_interrupt(cancel.interrupt());
    let answer = state
        .solves
        .run(place, move || {
            report(number, &level, &solver::solve(&level, &config))
        })
        .await?;
    drop(cancel);
    Ok(Json(answer?))
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

/// A built-in level as `GET /sokoban/levels` lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuiltinLevel {
    /// Its number among the built-in levels, from 1.
    pub number: usize,
    /// Its title.
    pub title: Option<String>,
    /// Rows of its map.
    pub rows: usize,
    /// Columns of its map.
    pub cols: usize,
    /// Its boxes.
    pub boxes: usize,
    /// The level in XSB (its title line, a blank line and its map), as
    /// `POST /sokoban/validate` and the others take it.
    pub xsb: String,
}

/// The built-in levels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuiltinLevels {
    /// Each level, easiest first.
    pub levels: Vec<BuiltinLevel>,
}

/// `level`'s title line, a blank line and its map, in XSB.
fn level_text(level: &Level) -> String {
    let mut text = level
        .title()
        .map(|t| format!("Title: {t}\n\n"))
        .unwrap_or_default();
    for row in xsb::map_rows(level, level.start()) {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// `GET /api/v1/sokoban/levels`: boardkit's built-in levels
/// ([`boardkit_sokoban::builtin`]), each with its XSB text.
pub async fn builtin_levels() -> Json<BuiltinLevels> {
    static LEVELS: std::sync::LazyLock<BuiltinLevels> =
        std::sync::LazyLock::new(|| BuiltinLevels {
            levels: builtin::levels()
                .iter()
                .enumerate()
                .map(|(i, level)| BuiltinLevel {
                    number: i + 1,
                    title: level.title().map(str::to_string),
                    rows: level.rows(),
                    cols: level.cols(),
                    boxes: level.box_count(),
                    xsb: level_text(level),
                })
                .collect(),
        });
    Json(LEVELS.clone())
}

/// How often a streamed solve reports its progress.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// `POST /api/v1/sokoban/solve/stream`: the solve of `POST /sokoban/solve`
/// (same body, same checks and errors before it starts, same pool) as
/// server-sent events:
///
/// * `queued` `{}` when the solve waits for a free solver;
/// * `started` `{"level", "title", "time_limit"}` when it starts (seconds);
/// * `progress` `{"elapsed"}` every [`PROGRESS_EVERY`] while it runs (the
///   solver reports its nodes only at the end);
/// * then one of `solved` (the answer of `/sokoban/solve`, with `seconds`),
///   `unsolved` (the same, `status` `no_solution` or `unsolved`, with the
///   solver's `reason`: `no solution exists`, `time limit reached`, …) or
///   `error` `{"error"}`.
///
/// Closing the connection interrupts the solve, which frees its place.
pub async fn solve_stream(
    State(state): State<Shared>,
    Body(body): Body<SolveRequest>,
) -> Result<Sse<KeepAliveStream<Events>>, ApiError> {
    let job = prepare(&state, body).await?;
    let place = state.solves.admit()?;
    let cancel = Cancel::new();
    let interrupt = cancel.interrupt();
    let (tx, rx) = mpsc::channel(8);
    tokio::spawn(stream_solve(state, place, job, interrupt, tx));
    Ok(Sse::new(Events {
        rx,
        _cancel: cancel,
    })
    .keep_alive(KeepAlive::default()))
}

/// The events of a streamed solve. Dropping it (the connection closed)
/// interrupts the solve.
#[derive(Debug)]
pub struct Events {
    /// The events the solve's task sends.
    rx: mpsc::Receiver<Event>,
    /// Interrupts the solve when the events are dropped.
    _cancel: Cancel,
}

impl Stream for Events {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx).map(|e| e.map(Ok))
    }
}

/// An event named `name` with `data` as its JSON (an `error` event in the
/// unlikely case that `data` cannot be written).
fn event(name: &str, data: &impl Serialize) -> Event {
    match serde_json::to_string(data) {
        Ok(text) => Event::default().event(name).data(text),
        Err(e) => Event::default()
            .event("error")
            .data(json!({"error": e.to_string()}).to_string()),
    }
}

/// The data of a streamed solve's `started` event.
#[derive(Serialize)]
struct Started<'a> {
    /// The level's number, from 1.
    level: usize,
    /// Its title, if it has one.
    title: Option<&'a str>,
    /// The seconds the solve may take.
    time_limit: Option<f64>,
}

/// The data of a streamed solve's last event, `solved` or `unsolved`: the
/// answer of `/sokoban/solve` and more.
#[derive(Serialize)]
struct Finished {
    /// The answer of `/sokoban/solve`.
    #[serde(flatten)]
    solved: Solved,
    /// The seconds the solve took.
    seconds: f64,
    /// Why there is no solution (`unsolved` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

/// Seconds, to the millisecond, for the events.
fn seconds(d: Duration) -> f64 {
    (d.as_secs_f64() * 1000.0).round() / 1000.0
}

/// Runs a streamed solve on the pool and sends its events to `tx` until
/// the solve ends or nobody listens any more.
async fn stream_solve(
    state: Shared,
    place: Place,
    job: SolveJob,
    interrupt: Interrupt,
    tx: mpsc::Sender<Event>,
) {
    let SolveJob {
        number,
        level,
        config,
    } = job;
    let time_limit = config.time_limit.map(seconds);
    let title = level.title().map(str::to_string);
    let config = config.with_interrupt(interrupt);
    if !state.solves.has_free_slot() && tx.send(event("queued", &json!({}))).await.is_err() {
        return;
    }
    let (started, mut start) = oneshot::channel();
    let work = state.solves.run(place, move || {
        let _ = started.send(Instant::now());
        let outcome = solver::solve(&level, &config);
        report(number, &level, &outcome).map(|solved| (solved, outcome))
    });
    let mut work = std::pin::pin!(work);
    let started_event = event(
        "started",
        &Started {
            level: number,
            title: title.as_deref(),
            time_limit,
        },
    );
    let mut ticks = tokio::time::interval(PROGRESS_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut since: Option<Instant> = None;
    let answer = loop {
        let next = tokio::select! {
            at = &mut start, if since.is_none() => {
                since = Some(at.unwrap_or_else(|_| Instant::now()));
                ticks.reset();
                started_event.clone()
            }
            answer = &mut work => break answer,
            () = tx.closed() => return,
            _ = ticks.tick(), if since.is_some() => {
                let elapsed = since.map_or(Duration::ZERO, |at| at.elapsed());
                event("progress", &json!({"elapsed": seconds(elapsed)}))
            }
        };
        if tx.send(next).await.is_err() {
            return;
        }
    };
    // A solve that started and ended between two looks still says it
    // started.
    if since.is_none() && start.try_recv().is_ok() && tx.send(started_event).await.is_err() {
        return;
    }
    let _ = tx.send(finished(answer)).await;
}

/// The last event of a streamed solve.
fn finished(answer: Result<Result<(Solved, Outcome), ApiError>, ApiError>) -> Event {
    match answer.and_then(|a| a) {
        Ok((solved, outcome)) => {
            let reason = match &outcome {
                Outcome::Solved { .. } => None,
                Outcome::NoSolution { .. } => Some("no solution exists".to_string()),
                Outcome::Unsolved { limit, .. } => Some(format!("{limit} reached")),
                _ => None,
            };
            let name = if reason.is_none() {
                "solved"
            } else {
                "unsolved"
            };
            let data = Finished {
                solved,
                seconds: seconds(outcome.elapsed()),
                reason,
            };
            event(name, &data)
        }
        Err(e) => event("error", &json!({"error": e.message})),
    }
}
