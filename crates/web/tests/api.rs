//! The API driven in process (no socket): each endpoint's answers checked
//! against the game crates, each error kind's status and message, the body
//! limit, and a seeded loop of random and broken bodies that must never get
//! a 5xx.

// The helpers below are test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use boardkit_2048::ai::{self, Settings};
use boardkit_2048::game::Game;
use boardkit_2048::Board;
use boardkit_grid::value::SEED;
use boardkit_grid::Dir;
use boardkit_web::{app, Config};
use http_body_util::BodyExt;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tower::ServiceExt;

/// Sends `body` (raw bytes, as JSON unless `content_type` says otherwise)
/// to `uri` and returns the status and the decoded JSON answer.
async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Vec<u8>>,
    content_type: Option<&str>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(ct) = content_type {
        req = req.header(header::CONTENT_TYPE, ct);
    }
    let req = req.body(body.map_or_else(Body::empty, Body::from)).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{uri}: not JSON ({e}): {:?}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, value)
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    send(
        app,
        Method::POST,
        uri,
        Some(body.to_string().into_bytes()),
        Some("application/json"),
    )
    .await
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, Method::GET, uri, None, None).await
}

/// Asserts a 4xx answer of `status` whose error is `message`.
fn refused(answer: (StatusCode, Value), status: StatusCode, message: &str) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert_eq!(answer.1, json!({ "error": message }));
}

/// A game's board as the API shows it: rows of values.
fn rows_of(game: &Game) -> Value {
    let n = game.size();
    let values = game.board().values();
    json!(values.chunks(n).map(<[u128]>::to_vec).collect::<Vec<_>>())
}

fn lower(d: Dir) -> String {
    d.name().to_ascii_lowercase()
}

#[tokio::test]
async fn a_seeded_game_is_the_library_game() {
    let app = app(Config::default());
    for (size, seed) in [(4u8, 42u64), (6, 7), (3, u64::MAX)] {
        let (status, state) = post(
            &app,
            "/api/v1/2048/games",
            json!({"seed": seed, "size": size}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{state}");
        let mut game = Game::new(usize::from(size), seed).unwrap();
        assert_eq!(state["board"], rows_of(&game));
        assert_eq!(state["seed"], json!(seed));
        let id = state["id"].as_str().unwrap().to_string();
        for dir in [
            Dir::Left,
            Dir::Up,
            Dir::Right,
            Dir::Down,
            Dir::Left,
            Dir::Left,
        ] {
            let turn = game.play(dir);
            let (status, state) = post(
                &app,
                &format!("/api/v1/2048/games/{id}/moves"),
                json!({"direction": lower(dir)}),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{state}");
            assert_eq!(state["changed"], json!(turn.changed));
            assert_eq!(state["board"], rows_of(&game));
            assert_eq!(state["score"], json!(game.score()));
            assert_eq!(state["moves"], json!(game.moves()));
            assert_eq!(state["over"], json!(game.is_over()));
            let legal: Vec<String> = game.legal_moves().iter().map(lower).collect();
            assert_eq!(state["legal"], json!(legal));
        }
        let (status, shown) = get(&app, &format!("/api/v1/2048/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(shown["board"], rows_of(&game));
        assert_eq!(shown["moves"], json!(game.moves()));
    }
}

#[tokio::test]
async fn a_game_without_a_seed_says_its_seed_and_replays() {
    let app = app(Config::default());
    let (status, state) = post(&app, "/api/v1/2048/games", json!({})).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(state["size"], json!(4));
    let seed = state["seed"].as_u64().unwrap();
    assert_eq!(state["board"], rows_of(&Game::new(4, seed).unwrap()));
    // Letters and any case name moves too.
    let id = state["id"].as_str().unwrap();
    let mut game = Game::new(4, seed).unwrap();
    game.play(Dir::Right);
    let (_, moved) = post(
        &app,
        &format!("/api/v1/2048/games/{id}/moves"),
        json!({"direction": "R"}),
    )
    .await;
    assert_eq!(moved["board"], rows_of(&game));
}

#[tokio::test]
async fn bad_game_values_get_400_in_the_command_lines_words() {
    let app = app(Config::default());
    let url = "/api/v1/2048/games";
    refused(
        post(&app, url, json!({"size": 9})).await,
        StatusCode::BAD_REQUEST,
        "invalid value '9' for 'size': expected a board size from 2 to 8",
    );
    refused(
        post(&app, url, json!({"size": 1e40})).await,
        StatusCode::BAD_REQUEST,
        "invalid value 'a number beyond 2^127' for 'size': expected a board size from 2 to 8",
    );
    let seed_error = SEED.check(-1).unwrap_err();
    refused(
        post(&app, url, json!({"seed": -1})).await,
        StatusCode::BAD_REQUEST,
        &format!("invalid value '-1' for 'seed': {seed_error}"),
    );
    let (status, body) = post(&app, url, json!({"size": 4.5})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("expected an integer"));
    let (status, _) = post(&app, url, json!({"size": 4, "colour": "red"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);

    let (_, state) = post(&app, url, json!({"seed": 1})).await;
    let id = state["id"].as_str().unwrap();
    refused(
        post(
            &app,
            &format!("/api/v1/2048/games/{id}/moves"),
            json!({"direction": "north"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "\"north\" is not a move: expected up, down, left or right",
    );
}

#[tokio::test]
async fn unknown_games_and_paths_get_404() {
    let app = app(Config::default());
    refused(
        get(&app, "/api/v1/2048/games/77").await,
        StatusCode::NOT_FOUND,
        "no game 77: it never existed or was dropped as the oldest",
    );
    refused(
        post(
            &app,
            "/api/v1/2048/games/x/moves",
            json!({"direction": "up"}),
        )
        .await,
        StatusCode::NOT_FOUND,
        "no game x: it never existed or was dropped as the oldest",
    );
    refused(
        get(&app, "/api/v2/anything").await,
        StatusCode::NOT_FOUND,
        "no such path: /api/v2/anything",
    );
}

#[tokio::test]
async fn the_store_drops_the_oldest_game_past_its_cap() {
    let app = app(Config {
        max_games: 2,
        ..Config::default()
    });
    let mut ids = Vec::new();
    for seed in 0..3 {
        let (_, state) = post(&app, "/api/v1/2048/games", json!({"seed": seed})).await;
        ids.push(state["id"].as_str().unwrap().to_string());
    }
    assert_eq!(
        get(&app, &format!("/api/v1/2048/games/{}", ids[0])).await.0,
        StatusCode::NOT_FOUND
    );
    for (seed, id) in ids.iter().enumerate().skip(1) {
        let (status, state) = get(&app, &format!("/api/v1/2048/games/{id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(state["seed"], json!(seed));
    }
}

#[tokio::test]
async fn a_hint_is_the_libraries_advice() {
    let app = app(Config::default());
    let rows = [[2u32, 4, 8, 16], [32, 0, 2, 4], [0, 0, 0, 0], [0, 0, 0, 2]];
    let values: Vec<u32> = rows.iter().flatten().copied().collect();
    let board = Board::from_values(4, &values).unwrap();
    let advice = ai::advise(&board, &Settings::fast()).unwrap();
    let (status, hint) = post(&app, "/api/v1/2048/hint", json!({"board": rows})).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(hint["best"], json!(advice.best.map(lower)));
    // The values are f32s: read back as f32, each is the library's exactly.
    let shown: Vec<(String, f32)> = hint["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let value = m["value"].as_f64().unwrap() as f32;
            (m["direction"].as_str().unwrap().to_string(), value)
        })
        .collect();
    let expected: Vec<(String, f32)> = advice.values.iter().map(|&(d, v)| (lower(d), v)).collect();
    assert_eq!(shown, expected);
    assert_eq!(hint["depth"], json!(advice.depth));

    refused(
        post(
            &app,
            "/api/v1/2048/hint",
            json!({"board": vec![vec![0; 5]; 5]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "the AI plays 4 x 4 boards only; this board is 5 x 5",
    );
    refused(
        post(
            &app,
            "/api/v1/2048/hint",
            json!({"board": [[0, 0, 0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "row 2: expected 4 numbers, found 3",
    );
    let three = Board::from_values(2, &[3u32, 0, 0, 0])
        .unwrap_err()
        .to_string();
    refused(
        post(
            &app,
            "/api/v1/2048/hint",
            json!({"board": [[3, 0], [0, 0]]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        &three,
    );
}

const TWO_LEVELS: &str = "; 1\n#####\n#@$.#\n#####\n\n; 2\n'Two'\n5#|#@$.#|5#\nAuthor: Me\n";
const CORRIDOR: &str = "#######\n#@ $ .#\n#######\n";

#[tokio::test]
async fn sokoban_levels_are_validated_by_the_parser() {
    let app = app(Config::default());
    let (status, answer) = post(&app, "/api/v1/sokoban/validate", json!({"xsb": TWO_LEVELS})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let levels = boardkit_sokoban::xsb::parse_collection(TWO_LEVELS).unwrap();
    let expected: Vec<Value> = levels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            json!({"number": i + 1, "title": l.title(), "rows": l.rows(), "cols": l.cols(), "boxes": l.box_count()})
        })
        .collect();
    assert_eq!(answer, json!({ "levels": expected }));
    assert_eq!(answer["levels"][1]["title"], json!("Two"));

    let bad = "#######\n#@ $ .#\n##x####\n";
    let message = boardkit_sokoban::xsb::parse_collection(bad)
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("line 3, column 3: "), "{message}");
    refused(
        post(&app, "/api/v1/sokoban/validate", json!({"xsb": bad})).await,
        StatusCode::BAD_REQUEST,
        &message,
    );
    let two_workers = "#######\n#@ $@.#\n#######\n";
    let message = boardkit_sokoban::xsb::parse_collection(two_workers)
        .unwrap_err()
        .to_string();
    refused(
        post(
            &app,
            "/api/v1/sokoban/validate",
            json!({"xsb": two_workers}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        &message,
    );
    refused(
        post(
            &app,
            "/api/v1/sokoban/validate",
            json!({"xsb": "; nothing\n"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "the text holds no level",
    );
}

#[tokio::test]
async fn sokoban_solutions_are_verified() {
    let app = app(Config::default());
    let url = "/api/v1/sokoban/verify";
    let (status, v) = post(&app, url, json!({"xsb": CORRIDOR, "solution": "rRR"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        v,
        json!({"level": 1, "title": null, "status": "solved", "moves": 3, "pushes": 2,
               "boxes_off_goal": 0, "illegal_move": null, "blocked_by": null, "solved_after": null})
    );
    let (_, v) = post(&app, url, json!({"xsb": CORRIDOR, "solution": "rR"})).await;
    assert_eq!(
        (v["status"].clone(), v["boxes_off_goal"].clone()),
        (json!("unsolved"), json!(1))
    );
    let (_, v) = post(&app, url, json!({"xsb": CORRIDOR, "solution": "rl l"})).await;
    assert_eq!(
        (
            v["status"].clone(),
            v["illegal_move"].clone(),
            v["blocked_by"].clone()
        ),
        (json!("illegal"), json!(3), json!("wall"))
    );
    let (_, v) = post(
        &app,
        url,
        json!({"xsb": TWO_LEVELS, "level": 2, "solution": "R"}),
    )
    .await;
    assert_eq!(
        (v["level"].clone(), v["title"].clone(), v["status"].clone()),
        (json!(2), json!("Two"), json!("solved"))
    );

    refused(
        post(&app, url, json!({"xsb": TWO_LEVELS, "solution": "R"})).await,
        StatusCode::BAD_REQUEST,
        "the text has 2 levels: choose one with 'level'",
    );
    refused(
        post(
            &app,
            url,
            json!({"xsb": TWO_LEVELS, "level": 3, "solution": "R"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "level 3: the text has 2 levels",
    );
    refused(
        post(
            &app,
            url,
            json!({"xsb": TWO_LEVELS, "level": 0, "solution": "R"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "invalid value '0' for 'level': expected a level number from 1 to 4294967295",
    );
    let lurd_error = boardkit_sokoban::lurd::parse("rxR").unwrap_err();
    refused(
        post(&app, url, json!({"xsb": CORRIDOR, "solution": "rxR"})).await,
        StatusCode::BAD_REQUEST,
        &format!("solution, {lurd_error}"),
    );
}

#[tokio::test]
async fn cover_counts_are_exact() {
    use boardkit_cover::{count, Board as CoverBoard, Limits, PieceSet};
    let app = app(Config::default());
    let url = "/api/v1/cover/count";
    let l3 = PieceSet::named("l3").unwrap();
    let library = |board: &CoverBoard, set: &PieceSet| {
        count(board, set, &Limits::default()).unwrap().to_string()
    };
    let (status, c) = post(&app, url, json!({"rect": "3x4"})).await;
    assert_eq!(status, StatusCode::OK, "{c}");
    assert_eq!(
        c,
        json!({"count": library(&CoverBoard::rectangle(3, 4), &l3)})
    );
    assert_eq!(c["count"], json!("4"));
    let (_, c) = post(&app, url, json!({"rect": "9x9"})).await;
    assert_eq!(c["count"], json!("1193600"));
    let domino = PieceSet::named("domino").unwrap();
    let (_, c) = post(&app, url, json!({"rect": "8x8", "pieces": "domino"})).await;
    assert_eq!(
        c["count"],
        json!(library(&CoverBoard::rectangle(8, 8), &domino))
    );
    assert_eq!(c["count"], json!("12988816"));
    let rows = ["#####", "#...#", "#...#", "#####"];
    let (_, c) = post(&app, url, json!({"rows": rows})).await;
    assert_eq!(
        c["count"],
        json!(library(&CoverBoard::from_rows(&rows).unwrap(), &l3))
    );
    assert_eq!(c["count"], json!("2"));
    // A count far beyond 2^64 comes back whole.
    let (_, c) = post(&app, url, json!({"rect": "12x30"})).await;
    assert_eq!(
        c["count"],
        json!(library(&CoverBoard::rectangle(12, 30), &l3))
    );

    refused(
        post(&app, url, json!({"rect": "0x4"})).await,
        StatusCode::BAD_REQUEST,
        "invalid value '0x4' for 'rect': expected HxW: a height and a width from 1 to 4294967295, e.g. 12x12",
    );
    refused(
        post(&app, url, json!({})).await,
        StatusCode::BAD_REQUEST,
        "give the board's 'rows' or 'rect' (\"HxW\")",
    );
    refused(
        post(&app, url, json!({"rows": ["..."], "rect": "3x3"})).await,
        StatusCode::BAD_REQUEST,
        "give the board's 'rows' or 'rect' (\"HxW\"), not both",
    );
    refused(
        post(&app, url, json!({"rows": ["...", ".."]})).await,
        StatusCode::BAD_REQUEST,
        "a board is rows of equal length, of `#` (black) and `.` (white) only",
    );
    refused(
        post(&app, url, json!({"rect": "3x3", "pieces": "pentomino"})).await,
        StatusCode::BAD_REQUEST,
        "no piece set is named \"pentomino\": try l3, domino, i3, a union such as l3+i3, or a piece file's text",
    );
}

#[tokio::test]
async fn a_count_past_the_servers_memory_cap_gets_422() {
    use boardkit_cover::{count_rectangle, Limits, PieceSet};
    let memory = 1 << 20;
    let app = app(Config {
        cover_memory: memory,
        ..Config::default()
    });
    let limits = Limits {
        memory,
        ..Limits::default()
    };
    let l3 = PieceSet::named("l3").unwrap();
    let message = count_rectangle(2001, 2001, &l3, &limits)
        .unwrap_err()
        .to_string();
    refused(
        post(&app, "/api/v1/cover/count", json!({"rect": "2001x2001"})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        &message,
    );
}

#[tokio::test]
async fn yut_best_scores_are_the_solvers() {
    use boardkit_yut::search::{Limits, Solver};
    let app = app(Config::default());
    let url = "/api/v1/yut/best";
    let (status, b) = post(&app, url, json!({"rolls": [5, 4, 3, 2, 1]})).await;
    assert_eq!(status, StatusCode::OK, "{b}");
    assert_eq!(b, json!({"score": 116}));
    let rolls = [1u8, 5, 5, 2, 3, 4, 4, 1, 2, 5];
    let mut solver = Solver::new(&boardkit_yut::Board::standard(), 2).unwrap();
    let score = solver.best_score(&rolls, &Limits::default()).unwrap();
    let (_, b) = post(&app, url, json!({"rolls": rolls, "pieces": 2})).await;
    assert_eq!(b, json!({ "score": score }));

    refused(
        post(&app, url, json!({"rolls": [5, 0]})).await,
        StatusCode::BAD_REQUEST,
        "roll 0 is outside 1..5",
    );
    refused(
        post(&app, url, json!({"rolls": [5], "pieces": 9})).await,
        StatusCode::BAD_REQUEST,
        "invalid value '9' for 'pieces': expected a number of pieces from 1 to 8",
    );
    let capped = boardkit_web::app(Config {
        yut_states: 1,
        ..Config::default()
    });
    let (status, b) = post(&capped, url, json!({"rolls": [5, 4, 3, 2, 1, 5, 4, 3]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{b}");
    assert!(b["error"]
        .as_str()
        .unwrap()
        .starts_with("not solved within limit: more than"));
}

#[tokio::test]
async fn bodies_over_the_limit_get_413() {
    let app = app(Config {
        body_limit: 1024,
        ..Config::default()
    });
    let big = "#".repeat(2000);
    let (status, body) = post(&app, "/api/v1/sokoban/validate", json!({"xsb": big})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body["error"].is_string(), "{body}");
    // Under the limit, the same route answers.
    let (status, _) = post(&app, "/api/v1/sokoban/validate", json!({"xsb": CORRIDOR})).await;
    assert_eq!(status, StatusCode::OK);
    // The default limit is 1 MiB.
    let app = boardkit_web::router();
    let big = "#".repeat(1 << 20);
    let (status, _) = post(&app, "/api/v1/sokoban/validate", json!({"xsb": big})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn malformed_bodies_get_json_errors() {
    let app = app(Config::default());
    let url = "/api/v1/yut/best";
    let raw = |body: &str, ct: Option<&'static str>| {
        send(&app, Method::POST, url, Some(body.as_bytes().to_vec()), ct)
    };
    let (status, body) = raw("{\"rolls\":", Some("application/json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]
        .as_str()
        .unwrap()
        .starts_with("Failed to parse the request body as JSON"));
    let (status, body) = raw("{\"rolls\": \"x\"}", Some("application/json")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(body["error"]
        .as_str()
        .unwrap()
        .contains("invalid type: string \"x\""));
    refused(
        raw("{\"rolls\": [1]}", None).await,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Expected request with `Content-Type: application/json`",
    );
}

/// A random JSON value, now and then of a shape some route takes.
fn random_value(rng: &mut ChaCha8Rng, depth: u32) -> Value {
    const KEYS: [&str; 12] = [
        "seed",
        "size",
        "direction",
        "board",
        "xsb",
        "level",
        "solution",
        "rows",
        "rect",
        "pieces",
        "rolls",
        "x",
    ];
    const STRINGS: [&str; 13] = [
        "",
        "up",
        "L",
        "3x4",
        "12x12",
        "l3",
        "domino",
        "#@$.#",
        "#######\n#@ $ .#\n#######\n",
        "rRR",
        "...",
        "\u{feff}#",
        "pushes",
    ];
    match rng.gen_range(0..if depth > 2 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => json!(rng.gen_bool(0.5)),
        2 => json!(rng.gen_range(-3i64..12)),
        3 => match rng.gen_range(0..4) {
            0 => json!(rng.gen::<i64>()),
            1 => json!(rng.gen::<u64>()),
            2 => json!(rng.gen::<f64>() * 10.0),
            _ => json!(1e300),
        },
        4 => json!(STRINGS[rng.gen_range(0..STRINGS.len())]),
        5 => Value::Array(
            (0..rng.gen_range(0..6))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => Value::Object(
            (0..rng.gen_range(0..4))
                .map(|_| {
                    (
                        KEYS[rng.gen_range(0..KEYS.len())].to_string(),
                        random_value(rng, depth + 1),
                    )
                })
                .collect(),
        ),
    }
}

#[tokio::test]
async fn no_body_gets_a_5xx() {
    let app = app(Config {
        hint_time: std::time::Duration::from_millis(300),
        cover_time: std::time::Duration::from_millis(300),
        solve_time: std::time::Duration::from_millis(300),
        yut_time: std::time::Duration::from_millis(300),
        ..Config::default()
    });
    let (_, game) = post(&app, "/api/v1/2048/games", json!({"seed": 5})).await;
    let moves = format!("/api/v1/2048/games/{}/moves", game["id"].as_str().unwrap());
    let undo = format!("/api/v1/2048/games/{}/undo", game["id"].as_str().unwrap());
    let ai = format!("/api/v1/2048/games/{}/ai", game["id"].as_str().unwrap());
    let routes = [
        "/api/v1/2048/games",
        moves.as_str(),
        undo.as_str(),
        ai.as_str(),
        "/api/v1/2048/hint",
        "/api/v1/sokoban/validate",
        "/api/v1/sokoban/verify",
        "/api/v1/sokoban/move",
        "/api/v1/sokoban/solve",
        "/api/v1/cover/count",
        "/api/v1/cover/one",
        "/api/v1/yut/best",
        "/api/v1/yut/line",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    for round in 0..150 {
        for route in routes {
            let body: Vec<u8> = match round % 3 {
                // Random bytes, often not UTF-8.
                0 => (0..rng.gen_range(0..40)).map(|_| rng.gen()).collect(),
                _ => random_value(&mut rng, 0).to_string().into_bytes(),
            };
            let shown = String::from_utf8_lossy(&body).into_owned();
            let (status, answer) = send(
                &app,
                Method::POST,
                route,
                Some(body),
                Some("application/json"),
            )
            .await;
            assert!(status.as_u16() < 500, "{route} {shown}: {status} {answer}");
            if !status.is_success() {
                assert!(answer["error"].is_string(), "{route} {shown}: {answer}");
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_past_the_workers_wait_their_turn() {
    let app = app(Config {
        workers: 1,
        ..Config::default()
    });
    let sizes = ["3x4", "6x6", "9x9", "3x4", "6x6", "9x9", "12x3", "5x6"];
    let answers = sizes.map(|rect| {
        let app = app.clone();
        tokio::spawn(
            async move { post(&app, "/api/v1/cover/count", json!({ "rect": rect })).await },
        )
    });
    let l3 = boardkit_cover::PieceSet::named("l3").unwrap();
    for (rect, answer) in sizes.iter().zip(answers) {
        let (status, c) = answer.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{rect}: {c}");
        let r: boardkit_cover::board::Rect = rect.parse().unwrap();
        let expected =
            boardkit_cover::count(&r.board(), &l3, &boardkit_cover::Limits::default()).unwrap();
        assert_eq!(c["count"], json!(expected.to_string()), "{rect}");
    }
}

#[tokio::test]
async fn sokoban_solves_are_the_solvers() {
    use boardkit_sokoban::solver;
    let app = app(Config::default());
    let url = "/api/v1/sokoban/solve";
    let level = boardkit_sokoban::xsb::parse_level(CORRIDOR).unwrap();
    let outcome = solver::solve(&level, &solver::Config::default());
    let solution = outcome.solution().unwrap();
    let (status, s) = post(&app, url, json!({"xsb": CORRIDOR})).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(
        s,
        json!({"level": 1, "title": null, "status": "solved", "limit": null,
               "solution": solution.lurd(), "moves": solution.moves, "pushes": solution.pushes,
               "nodes": outcome.nodes()})
    );
    assert_eq!(s["solution"], json!("rRR"));
    let (_, s) = post(
        &app,
        url,
        json!({"xsb": TWO_LEVELS, "level": 2, "optimal": "pushes", "time_limit": 5}),
    )
    .await;
    assert_eq!(
        (s["title"].clone(), s["solution"].clone()),
        (json!("Two"), json!("R"))
    );
    // The box stands against the wall, away from its goal: proved hopeless.
    let stuck = "######\n#@ .$#\n######\n";
    let (status, s) = post(&app, url, json!({"xsb": stuck})).await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(
        (s["status"].clone(), s["solution"].clone()),
        (json!("no_solution"), Value::Null)
    );

    refused(
        post(&app, url, json!({"xsb": CORRIDOR, "time_limit": -1})).await,
        StatusCode::BAD_REQUEST,
        "invalid value '-1' for 'time_limit': expected a positive number of seconds",
    );
    refused(
        post(&app, url, json!({"xsb": CORRIDOR, "optimal": "boxes"})).await,
        StatusCode::BAD_REQUEST,
        "invalid value 'boxes' for 'optimal': expected pushes or moves",
    );
    refused(
        post(&app, url, json!({"xsb": TWO_LEVELS})).await,
        StatusCode::BAD_REQUEST,
        "the text has 2 levels: choose one with 'level'",
    );
}

#[tokio::test]
async fn sokoban_keys_play_as_the_rules_say() {
    use boardkit_sokoban::{xsb, Game};
    let app = app(Config::default());
    let url = "/api/v1/sokoban/move";
    let mut game = Game::new(xsb::parse_level(CORRIDOR).unwrap());
    for dir in [Dir::Left, Dir::Right, Dir::Right, Dir::Right, Dir::Right] {
        game.play(dir);
    }
    let (status, p) = post(&app, url, json!({"xsb": CORRIDOR, "moves": "lrrrr"})).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    assert_eq!(
        p,
        json!({"level": 1, "title": null, "map": xsb::map_rows(game.level(), game.state()),
               "lurd": game.lurd(), "moves": game.moves(), "pushes": game.pushes(),
               "blocked": 2, "solved": true})
    );
    assert_eq!(p["map"], json!(["#######", "#   @*#", "#######"]));
    assert_eq!(p["lurd"], json!("rRR"));
    let (_, p) = post(
        &app,
        url,
        json!({"xsb": TWO_LEVELS, "level": 1, "moves": ""}),
    )
    .await;
    assert_eq!(
        (p["moves"].clone(), p["solved"].clone()),
        (json!(0), json!(false))
    );
    let parse_error = boardkit_sokoban::lurd::parse("rx").unwrap_err();
    refused(
        post(&app, url, json!({"xsb": CORRIDOR, "moves": "rx"})).await,
        StatusCode::BAD_REQUEST,
        &format!("moves, {parse_error}"),
    );
}
