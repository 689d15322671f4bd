//! boardkit's engines behind a local HTTP server: a JSON API under
//! `/api/v1` for 2048, Sokoban, board cover and dice yut-nori, and the web
//! pages that play them over it ([`pages`]).
//!
//! [`app`] builds the [`axum::Router`] (no socket: tests drive it in
//! process), [`serve`] binds an address and runs it on tokio. Every request
//! is decoded and checked by the game crates' own checks, so a bad value
//! gets the same words as on the command line or in Python, as a JSON body
//! `{"error": "..."}` with a 4xx status ([`error`]). No request reaches the
//! file system: levels and boards come in the body.
//!
//! The server caps each request's work whatever the client asks
//! ([`Config`]): the body size, the search time of a 2048 hint, a Sokoban
//! solve's time and memory, a count's time and memory, the yut search's time and positions, and the number of
//! 2048 games kept (the oldest is dropped when a new one would pass the
//! cap). The computations run on tokio's blocking threads, off the threads
//! that serve requests, at most [`Config::workers`] at once; Sokoban solves
//! run on a pool of their own ([`jobs`]), which refuses a solve with 503
//! when it is full.
//!
//! ```
//! use boardkit_web::{app, Config};
//!
//! let router: axum::Router = app(Config::default());
//! # drop(router);
//! ```

pub mod cover;
pub mod error;
pub mod g2048;
pub mod jobs;
pub mod pages;
pub mod sokoban;
pub mod yut;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use boardkit_2048::tables::Tables;
use boardkit_grid::Interrupt;
use tokio::sync::Semaphore;

use crate::error::ApiError;
use crate::g2048::Games;

/// The address [`serve`] binds unless told otherwise: loopback, port 8048.
pub const DEFAULT_ADDR: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST), 8048);

/// The caps the server puts on every request, whatever the client asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The largest request body, in bytes; a larger one gets 413.
    pub body_limit: usize,
    /// The most 2048 games kept at once; a new game past it drops the
    /// oldest.
    pub max_games: usize,
    /// How long a 2048 hint may search.
    pub hint_time: Duration,
    /// How long a cover count may run.
    pub cover_time: Duration,
    /// The memory a cover count may take, in bytes.
    pub cover_memory: u64,
    /// How long a yut search may run.
    pub yut_time: Duration,
    /// The most positions a yut search may hold at once.
    pub yut_states: usize,
    /// How long a Sokoban solve may run (a request may ask for less).
    pub solve_time: Duration,
    /// The bytes a Sokoban solve's tables may hold.
    pub solve_memory: usize,
    /// The most computations (hints, parses, counts, searches) run at once;
    /// more wait their turn.
    pub workers: usize,
    /// The most Sokoban solves run at once, apart from
    /// [`Config::workers`] ([`jobs::Jobs`]).
    pub solve_jobs: usize,
    /// The most Sokoban solves waiting for one of [`Config::solve_jobs`];
    /// a solve past them is refused with 503.
    pub solve_queue: usize,
}

impl Default for Config {
    /// A 1 MiB body, 10,000 games, a 2 s hint, a cover count of 10 s and
    /// 512 MiB, a yut search of 10 s and 4 million positions, a Sokoban
    /// solve of 10 s and 256 MiB, as many computations at once as the
    /// machine has cores, and as many solves at once as half the cores
    /// (at least one) with 8 more waiting.
    fn default() -> Config {
        Config {
            body_limit: 1 << 20,
            max_games: 10_000,
            hint_time: Duration::from_secs(2),
            cover_time: Duration::from_secs(10),
            cover_memory: 512 << 20,
            yut_time: Duration::from_secs(10),
            yut_states: 4_000_000,
            solve_time: Duration::from_secs(10),
            solve_memory: 256 << 20,
            workers: cores(),
            solve_jobs: cores().div_ceil(2),
            solve_queue: 8,
        }
    }
}

/// The machine's cores (2 when it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, std::num::NonZero::get)
}

/// What every handler shares: the caps, the 2048 games and the permits to
/// compute.
#[derive(Debug)]
pub struct AppState {
    /// The caps.
    pub config: Config,
    /// The 2048 games in play.
    pub games: Games,
    /// One permit per computation that may run at once
    /// ([`Config::workers`]).
    pub workers: Arc<Semaphore>,
    /// The pool Sokoban solves run on ([`Config::solve_jobs`],
    /// [`Config::solve_queue`]).
    pub solves: jobs::Jobs,
    /// The 2048 lookup tables the AI's moves and hints use.
    pub tables: TablesSlot,
}

/// The 2048 lookup tables a server plays with, replaceable while it runs:
/// a front end starts serving at once with none and hands the tables over
/// when it has read or built them ([`TablesSlot::set`]). Clones share the
/// slot.
#[derive(Clone, Debug, Default)]
pub struct TablesSlot(Arc<std::sync::RwLock<Arc<Tables>>>);

impl TablesSlot {
    /// A slot holding `tables`.
    #[must_use]
    pub fn new(tables: Arc<Tables>) -> TablesSlot {
        TablesSlot(Arc::new(std::sync::RwLock::new(tables)))
    }

    /// The tables now held (none until set).
    #[must_use]
    pub fn get(&self) -> Arc<Tables> {
        Arc::clone(
            &self
                .0
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// Replaces the tables: requests from then on use `tables`.
    pub fn set(&self, tables: Arc<Tables>) {
        *self
            .0
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = tables;
    }
}

/// The state as handlers receive it.
pub type Shared = Arc<AppState>;

/// The API's router, with `config`'s caps and no 2048 lookup tables: every
/// route under `/api/v1`, JSON errors for unknown paths, bodies over the
/// limit and panics.
pub fn app(config: Config) -> Router {
    app_with_tables(config, TablesSlot::default())
}

/// [`app`] with the 2048 lookup tables of `tables` (as they are when each
/// request comes), so the AI's moves and hints are the command line's.
pub fn app_with_tables(config: Config, tables: TablesSlot) -> Router {
    let body_limit = config.body_limit;
    let state = Arc::new(AppState {
        games: Games::new(config.max_games),
        workers: Arc::new(Semaphore::new(config.workers.max(1))),
        solves: jobs::Jobs::new(config.solve_jobs, config.solve_queue),
        tables,
        config,
    });
    let api = Router::new()
        .route("/2048/games", post(g2048::new_game))
        .route("/2048/games/{id}", get(g2048::show_game))
        .route("/2048/games/{id}/moves", post(g2048::play_move))
        .route("/2048/games/{id}/undo", post(g2048::undo))
        .route("/2048/games/{id}/ai", post(g2048::ai_move))
        .route("/2048/hint", post(g2048::hint))
        .route("/sokoban/validate", post(sokoban::validate))
        .route("/sokoban/move", post(sokoban::play_moves))
        .route("/sokoban/verify", post(sokoban::verify))
        .route("/sokoban/solve", post(sokoban::solve))
        .route("/sokoban/solve/stream", post(sokoban::solve_stream))
        .route("/sokoban/levels", get(sokoban::builtin_levels))
        .route("/cover/count", post(cover::count))
        .route("/cover/one", post(cover::one))
        .route("/yut/best", post(yut::best))
        .route("/yut/line", post(yut::line));
    Router::new()
        .merge(pages::routes())
        .nest("/api/v1", api)
        .fallback(not_found)
        .with_state(state)
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            error::panic_response,
        ))
}

/// [`app`] with the default caps.
pub fn router() -> Router {
    app(Config::default())
}

/// The answer to a path no route takes.
async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::not_found(format!("no such path: {}", uri.path()))
}

/// Binds `addr`, calls `ready` with the address bound (its port is the one
/// the system chose when `addr`'s is 0) and serves [`app`]`(config)` on it
/// until the process ends.
///
/// # Errors
/// The address cannot be bound, or accepting connections fails.
pub async fn serve(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    serve_with_tables(addr, config, TablesSlot::default(), ready).await
}

/// [`serve`] with the 2048 lookup tables of `tables` ([`app_with_tables`]).
///
/// # Errors
/// The address cannot be bound, or accepting connections fails.
pub async fn serve_with_tables(
    addr: SocketAddr,
    config: Config,
    tables: TablesSlot,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, app_with_tables(config, tables)).await
}

/// Runs `work` on a blocking thread, off the threads that serve requests,
/// once one of `state`'s permits is free; the permit is held until the work
/// ends. `work` is handed an [`Interrupt`] to put in its limits: it is
/// triggered when the answer is no longer awaited (the client went away
/// and the request's future was dropped), so an abandoned computation stops
/// at its next limit check and frees its permit. A panic in `work` becomes
/// a 500 answer instead of taking anything down.
pub(crate) async fn blocking<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(Interrupt) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = Arc::clone(&state.workers)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::internal())?;
    let abandoned = Abandoned(Interrupt::new());
    let interrupt = abandoned.0.clone();
    let answer = tokio::task::spawn_blocking(move || {
        let answer = work(interrupt);
        drop(permit);
        answer
    })
    .await;
    drop(abandoned);
    answer.map_err(|_| ApiError::internal())?
}

/// Triggers its interrupt when dropped: held by [`blocking`] while it
/// awaits the work, so dropping that future stops the work.
struct Abandoned(Interrupt);

impl Drop for Abandoned {
    fn drop(&mut self) {
        self.0.trigger();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A computation whose answer is no longer awaited is interrupted, and
    /// its permit comes back.
    #[tokio::test]
    async fn abandoned_work_is_interrupted() {
        let state = AppState {
            config: Config::default(),
            games: Games::new(1),
            workers: Arc::new(Semaphore::new(1)),
            solves: jobs::Jobs::new(1, 0),
            tables: TablesSlot::default(),
        };
        let (started, wait_start) = std::sync::mpsc::channel();
        let (stopped, wait_stop) = tokio::sync::oneshot::channel();
        let work = blocking(&state, move |interrupt| {
            let _ = started.send(());
            while !interrupt.is_triggered() {
                std::thread::yield_now();
            }
            let _ = stopped.send(());
            Ok(())
        });
        // Poll the request until its work runs, then drop it.
        let mut work = Box::pin(work);
        tokio::select! {
            _ = &mut work => unreachable!("the work ends only when interrupted"),
            () = async {
                while wait_start.try_recv().is_err() {
                    tokio::task::yield_now().await;
                }
            } => {}
        }
        drop(work);
        wait_stop.await.unwrap();
        let permit = state.workers.acquire().await.unwrap();
        drop(permit);
    }

    #[test]
    fn the_default_address_is_loopback() {
        assert!(DEFAULT_ADDR.ip().is_loopback());
        assert_eq!(DEFAULT_ADDR.port(), 8048);
    }
}
