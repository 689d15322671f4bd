//! The web API's request decoding: the first byte picks one of the POST
//! routes of `boardkit-web`, the rest is sent as the body (with
//! `content-type: application/json`) to the router in process, with the
//! server's caps set small so one input stays fast. The answer must not be
//! a 5xx (a panic in a handler is one: the router turns it into a 500), and
//! every answer must be JSON, an error's with an `error` string.
//!
//! The router and a 2048 game are made once, on the first input, and kept:
//! the moves route plays on that game (a new one is made before the
//! fuzzer's own games would push it out of the store), so an input's answer
//! can depend on the inputs before it.
#![no_main]

use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use boardkit_web::{app, Config};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tower::ServiceExt;

/// The games the store keeps; the fuzzer's game creations are counted so
/// that the moves route's game is replaced before it is dropped.
const MAX_GAMES: usize = 64;

/// Every POST route; `None` is the moves of the kept game.
const ROUTES: [Option<&str>; 9] = [
    Some("/api/v1/2048/games"),
    None,
    Some("/api/v1/2048/hint"),
    Some("/api/v1/sokoban/validate"),
    Some("/api/v1/sokoban/move"),
    Some("/api/v1/sokoban/verify"),
    Some("/api/v1/sokoban/solve"),
    Some("/api/v1/cover/count"),
    Some("/api/v1/yut/best"),
];

struct Harness {
    runtime: tokio::runtime::Runtime,
    router: Router,
    /// The moves path of the kept game, and the games made since it.
    game: Mutex<(String, usize)>,
}

fn small_caps() -> Config {
    Config {
        body_limit: 2048,
        max_games: MAX_GAMES,
        hint_time: Duration::from_millis(20),
        cover_time: Duration::from_millis(20),
        cover_memory: 1 << 20,
        yut_time: Duration::from_millis(20),
        yut_states: 10_000,
        solve_time: Duration::from_millis(20),
        solve_memory: 1 << 20,
        workers: 1,
        solve_jobs: 1,
        solve_queue: 1,
    }
}

/// Sends `body` to `uri` as JSON: the status and the answer's bytes.
async fn post(router: &Router, uri: &str, body: Vec<u8>) -> (StatusCode, Vec<u8>) {
    let req = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .expect("a valid request");
    let res = router.clone().oneshot(req).await.expect("infallible");
    let status = res.status();
    let bytes = res
        .into_body()
        .collect()
        .await
        .expect("an answer body")
        .to_bytes();
    (status, bytes.to_vec())
}

/// The moves path of a new game on `router`.
async fn new_game(router: &Router) -> String {
    let (status, bytes) = post(router, "/api/v1/2048/games", br#"{"seed": 41}"#.to_vec()).await;
    assert_eq!(status, StatusCode::CREATED);
    let state: Value = serde_json::from_slice(&bytes).expect("a game's state");
    let id = state["id"].as_str().expect("a game id");
    format!("/api/v1/2048/games/{id}/moves")
}

fn harness() -> &'static Harness {
    static HARNESS: OnceLock<Harness> = OnceLock::new();
    HARNESS.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let router = app(small_caps());
        let moves = runtime.block_on(new_game(&router));
        Harness {
            runtime,
            router,
            game: Mutex::new((moves, 0)),
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let h = harness();
    let route = ROUTES[usize::from(pick) % ROUTES.len()];
    let uri = match route {
        Some(uri) => uri.to_string(),
        None => h
            .game
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .0
            .clone(),
    };
    let (status, answer) = h.runtime.block_on(post(&h.router, &uri, body.to_vec()));
    let shown = String::from_utf8_lossy(body);
    let text = String::from_utf8_lossy(&answer);
    assert!(status.as_u16() < 500, "{uri} {shown:?}: {status} {text}");
    let value: Value = serde_json::from_slice(&answer)
        .unwrap_or_else(|e| panic!("{uri} {shown:?}: {status}, not JSON ({e}): {text}"));
    if !status.is_success() {
        assert!(
            value.get("error").is_some_and(Value::is_string),
            "{uri} {shown:?}: {status}, no error string: {text}"
        );
    }
    if route == Some("/api/v1/2048/games") && status == StatusCode::CREATED {
        let mut game = h.game.lock().unwrap_or_else(PoisonError::into_inner);
        game.1 += 1;
        // The store drops the oldest game when a new one would pass the
        // cap: replace the kept game while it is still in.
        if game.1 + 1 >= MAX_GAMES {
            *game = (h.runtime.block_on(new_game(&h.router)), 0);
        }
    }
});
