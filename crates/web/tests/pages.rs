//! The web pages and the endpoints they added, driven in process: the pages'
//! headers, 2048 games from a seed at every size the page offers, undo, and
//! the AI's move on a game, each checked against the library.

// The helpers below are test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use boardkit_2048::ai::{self, Settings};
use boardkit_2048::game::Game;
use boardkit_grid::Dir;
use boardkit_web::g2048::HISTORY;
use boardkit_web::{app, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

/// The status, headers and body of `method` on `uri` with a JSON `body`.
async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, headers, bytes.to_vec())
}

/// The status and JSON answer of a POST.
async fn post(app: &Router, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let (status, _, bytes) = send(app, Method::POST, uri, body).await;
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// A game's board as the API shows it: rows of values.
fn rows_of(game: &Game) -> Value {
    let n = game.size();
    json!(game
        .board()
        .values()
        .chunks(n)
        .map(<[u128]>::to_vec)
        .collect::<Vec<_>>())
}

fn lower(d: Dir) -> String {
    d.name().to_ascii_lowercase()
}

/// A new game on the server; its id and first state.
async fn new_game(app: &Router, seed: u64, size: usize) -> (String, Value) {
    let (status, state) = post(
        app,
        "/api/v1/2048/games",
        Some(json!({"seed": seed, "size": size})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{state}");
    (state["id"].as_str().unwrap().to_string(), state)
}

#[tokio::test]
async fn pages_are_served_with_their_type_cache_and_policy() {
    let app = app(Config::default());
    for (path, kind, marker) in [
        ("/", "text/html; charset=utf-8", "<title>boardkit</title>"),
        ("/2048", "text/html; charset=utf-8", "/assets/2048.js"),
        ("/sokoban", "text/html; charset=utf-8", "<h1>Sokoban</h1>"),
        ("/cover", "text/html; charset=utf-8", "/assets/cover.js"),
        ("/yut", "text/html; charset=utf-8", "/assets/yut.js"),
        ("/assets/style.css", "text/css; charset=utf-8", ".board2048"),
        (
            "/assets/common.js",
            "text/javascript; charset=utf-8",
            "class ApiError",
        ),
        ("/assets/icon.svg", "image/svg+xml", "<svg"),
    ] {
        let (status, headers, body) = send(&app, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(headers[header::CONTENT_TYPE], kind, "{path}");
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{path}");
        assert_eq!(
            headers[header::CONTENT_SECURITY_POLICY],
            boardkit_web::pages::CSP,
            "{path}"
        );
        assert!(
            String::from_utf8(body).unwrap().contains(marker),
            "{path}: {marker}"
        );
    }
    let (status, headers, body) = send(&app, Method::GET, "/nowhere", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(headers[header::CONTENT_TYPE], "application/json");
    assert_eq!(body, br#"{"error":"no such path: /nowhere"}"#);
}

/// The page offers sizes 3 to 8: each seeded game's first board (its two
/// tiles) is [`Game::new`]'s, which `boardkit 2048 play --seed` also
/// starts from (crates/cli/src/g2048/play.rs).
#[tokio::test]
async fn seeded_games_of_every_size_start_as_the_library_does() {
    let app = app(Config::default());
    for size in 3..=8 {
        for seed in [0, 1, 42, u64::MAX] {
            let (_, state) = new_game(&app, seed, size).await;
            let game = Game::new(size, seed).unwrap();
            assert_eq!(state["board"], rows_of(&game), "{size} {seed}");
            let tiles = state["board"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|r| r.as_array().unwrap().clone())
                .filter(|v| v != &json!(0))
                .count();
            assert_eq!(tiles, 2, "{size} {seed}");
        }
    }
}

#[tokio::test]
async fn undo_takes_back_up_to_the_history_bound() {
    let app = app(Config::default());
    let (id, _) = new_game(&app, 11, 5).await;
    let mut game = Game::new(5, 11).unwrap();
    let mut states = vec![game.clone()];
    let dirs = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];
    let mut i = 0;
    while states.len() <= HISTORY + 4 {
        let dir = dirs[i % 4];
        i += 1;
        let turn = game.play(dir);
        let (status, moved) = post(
            &app,
            &format!("/api/v1/2048/games/{id}/moves"),
            Some(json!({"direction": lower(dir)})),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{moved}");
        assert_eq!(moved["board"], rows_of(&game));
        if turn.changed {
            states.push(game.clone());
        }
    }
    let undo = format!("/api/v1/2048/games/{id}/undo");
    for back in 1..=HISTORY {
        let (status, state) = post(&app, &undo, None).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        let before = &states[states.len() - 1 - back];
        assert_eq!(state["undone"], json!(true));
        assert_eq!(state["board"], rows_of(before));
        assert_eq!(state["score"], json!(before.score()));
        assert_eq!(state["moves"], json!(before.moves()));
        assert_eq!(state["undos"], json!(HISTORY - back));
    }
    let (status, state) = post(&app, &undo, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["undone"], json!(false));
    assert_eq!(state["undos"], json!(0));
    assert_eq!(
        state["moves"],
        json!(states[states.len() - 1 - HISTORY].moves())
    );
    // The tiles after an undone move are drawn again the same way.
    let mut again = states[states.len() - 1 - HISTORY].clone();
    let dir = again.legal_moves().iter().next().unwrap();
    again.play(dir);
    let (_, moved) = post(
        &app,
        &format!("/api/v1/2048/games/{id}/moves"),
        Some(json!({"direction": lower(dir)})),
    )
    .await;
    assert_eq!(moved["board"], rows_of(&again));
    let (status, body) = post(&app, "/api/v1/2048/games/404/undo", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body,
        json!({"error": "no game 404: it never existed or was dropped as the oldest"})
    );
}

#[tokio::test]
async fn the_ai_plays_the_librarys_advice() {
    let app = app(Config::default());
    let (id, _) = new_game(&app, 9, 4).await;
    let mut game = Game::new(4, 9).unwrap();
    for _ in 0..8 {
        let advice = ai::advise(&game.board(), &Settings::fast()).unwrap();
        let best = advice.best.unwrap();
        game.play(best);
        let (status, answer) = post(&app, &format!("/api/v1/2048/games/{id}/ai"), None).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["hint"]["best"], json!(lower(best)));
        assert_eq!(answer["hint"]["depth"], json!(advice.depth));
        assert_eq!(answer["changed"], json!(true));
        assert_eq!(answer["game"]["board"], rows_of(&game));
        assert_eq!(answer["game"]["score"], json!(game.score()));
        assert_eq!(answer["game"]["moves"], json!(game.moves()));
    }
}

#[tokio::test]
async fn the_ai_refuses_what_the_library_refuses() {
    let app = app(Config::default());
    let (id, _) = new_game(&app, 1, 5).await;
    let (status, body) = post(&app, &format!("/api/v1/2048/games/{id}/ai"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"error": "the AI plays 4 x 4 boards only; this board is 5 x 5"})
    );
    let (status, body) = post(&app, "/api/v1/2048/games/x/ai", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        body,
        json!({"error": "no game x: it never existed or was dropped as the oldest"})
    );
}

#[tokio::test]
async fn the_ai_on_a_game_over_plays_nothing() {
    let app = app(Config::default());
    let (id, _) = new_game(&app, 5, 4).await;
    let mut game = Game::new(4, 5).unwrap();
    let mut i = 0;
    while !game.is_over() {
        // Left, up, left, up… fills the board quickly.
        let dir = [
            Dir::Left,
            Dir::Up,
            Dir::Right,
            Dir::Left,
            Dir::Up,
            Dir::Down,
        ][i % 6];
        i += 1;
        game.play(dir);
        post(
            &app,
            &format!("/api/v1/2048/games/{id}/moves"),
            Some(json!({"direction": lower(dir)})),
        )
        .await;
    }
    let (status, answer) = post(&app, &format!("/api/v1/2048/games/{id}/ai"), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["changed"], json!(false));
    assert_eq!(answer["hint"]["best"], Value::Null);
    assert_eq!(answer["game"]["over"], json!(true));
    assert_eq!(answer["game"]["board"], rows_of(&game));
}

#[tokio::test]
async fn one_covering_is_the_librarys() {
    use boardkit_cover::{find_covering, Board, Limits, PieceSet};
    let app = app(Config::default());
    for (body, board, set) in [
        (json!({"rect": "4x6"}), Board::rectangle(4, 6), "l3"),
        (
            json!({"rows": ["#..#", "....", "#..."], "pieces": "l3"}),
            Board::from_rows(&["#..#", "....", "#..."]).unwrap(),
            "l3",
        ),
        (
            json!({"rect": "3x4", "pieces": "domino"}),
            Board::rectangle(3, 4),
            "domino",
        ),
    ] {
        let pieces = PieceSet::named(set).unwrap();
        let found = find_covering(&board, &pieces, &Limits::default())
            .unwrap()
            .unwrap();
        let (status, answer) = post(&app, "/api/v1/cover/one", Some(body.clone())).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["height"], json!(board.height()));
        assert_eq!(answer["width"], json!(board.width()));
        let placed: Vec<Vec<[usize; 2]>> = found
            .pieces()
            .iter()
            .map(|p| p.iter().map(|q| [q.row, q.col]).collect())
            .collect();
        assert_eq!(answer["covering"]["pieces"], json!(placed), "{body}");
        assert_eq!(answer["covering"]["colours"], json!(found.colours()));
        assert_eq!(answer["covering"]["rows"], json!(found.rows_on(&board)));
        assert!(found.is_covering_of(&board, &pieces));
    }
    let (status, answer) = post(
        &app,
        "/api/v1/cover/one",
        Some(json!({"rows": ["..", ".."]})),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, json!({"height": 2, "width": 2, "covering": null}));
}

#[tokio::test]
async fn one_covering_refuses_what_count_refuses_and_large_boards() {
    let app = app(Config::default());
    let url = "/api/v1/cover/one";
    let (status, body) = post(&app, url, Some(json!({"rect": "0x3"}))).await;
    let rect_error = "0x3".parse::<boardkit_cover::board::Rect>().unwrap_err();
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"error": format!("invalid value '0x3' for 'rect': {rect_error}")})
    );
    let (status, body) = post(&app, url, Some(json!({"rows": ["#.", "."]}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"error": "a board is rows of equal length, of `#` (black) and `.` (white) only"})
    );
    let (status, body) = post(
        &app,
        url,
        Some(json!({"rect": "3x3", "pieces": "pentomino"})),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"error": "no piece set is named \"pentomino\": try l3, domino, i3, a union such as l3+i3, or a piece file's text"})
    );
    let (status, body) = post(&app, url, Some(json!({"rect": "65x64"}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"error": "the server draws boards of at most 4096 cells; this one is 65 x 64"})
    );
    let wide = vec![".".repeat(100); 41];
    let (status, body) = post(&app, url, Some(json!({"rows": wide}))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        body,
        json!({"error": "the server draws boards of at most 4096 cells; this one is 41 x 100"})
    );
    let (status, answer) = post(&app, url, Some(json!({"rect": "64x64"}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["covering"], Value::Null);
}

#[tokio::test]
async fn a_yut_line_is_the_solvers() {
    use boardkit_yut::search::{Limits, Solver};
    let app = app(Config::default());
    let url = "/api/v1/yut/line";
    let (status, answer) = post(&app, url, Some(json!({"rolls": [5, 4, 3, 2, 1]}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // `boardkit yut best --show` on these rolls prints this line.
    let turn = |turn, roll, piece, from: &str, to: &str, points, score| {
        json!({"turn": turn, "roll": roll, "piece": piece, "from": from, "to": to,
               "points": points, "score": score})
    };
    assert_eq!(
        answer,
        json!({"score": 116, "turns": [
            turn(1, 5, 1, "start", "10", 10, 10),
            turn(2, 4, 1, "10", "b25", 25, 35),
            turn(3, 3, 2, "start", "6", 6, 41),
            turn(4, 2, 1, "b25", "b35", 35, 76),
            turn(5, 1, 1, "b35", "40", 40, 116),
        ]})
    );
    let board = boardkit_yut::Board::standard();
    let rolls = [1u8, 5, 5, 2, 3, 4, 4, 1, 2, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    let line = Solver::new(&board, 2)
        .unwrap()
        .best_line(&rolls, &Limits::default())
        .unwrap();
    let (status, answer) = post(&app, url, Some(json!({"rolls": rolls, "pieces": 2}))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["score"], json!(line.score));
    let turns = answer["turns"].as_array().unwrap();
    assert_eq!(turns.len(), line.turns.len());
    let name = |id: usize| board.cell(id).name.clone();
    for (shown, t) in turns.iter().zip(&line.turns) {
        assert_eq!(shown["roll"], json!(t.roll));
        assert_eq!(shown["score"], json!(t.score));
        assert_eq!(shown["piece"], json!(t.step.map(|s| s.piece)));
        assert_eq!(shown["from"], json!(t.step.map(|s| name(s.from))));
        assert_eq!(shown["to"], json!(t.step.map(|s| name(s.to))));
        assert_eq!(shown["points"], json!(t.step.map_or(0, |s| s.points)));
    }
    // Two pieces and twenty rolls: both reach the end, and the last turns
    // have nothing to move.
    assert_eq!(turns.last().unwrap()["piece"], Value::Null);
}

#[tokio::test]
async fn a_yut_line_refuses_what_the_best_score_refuses() {
    let app = app(Config::default());
    let url = "/api/v1/yut/line";
    let (status, body) = post(&app, url, Some(json!({"rolls": [5, 6]}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let roll_error = boardkit_yut::rolls::check(&[5, 6]).unwrap_err();
    assert_eq!(body, json!({"error": roll_error.to_string()}));
    assert_eq!(body, json!({"error": "roll 6 is outside 1..5"}));
    let (status, body) = post(&app, url, Some(json!({"rolls": [5], "pieces": 0}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({"error": "invalid value '0' for 'pieces': expected a number of pieces from 1 to 8"})
    );
    let capped = boardkit_web::app(Config {
        yut_states: 1,
        ..Config::default()
    });
    let (status, body) = post(
        &capped,
        url,
        Some(json!({"rolls": [5, 4, 3, 2, 1, 5, 4, 3]})),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert!(body["error"]
        .as_str()
        .unwrap()
        .starts_with("not solved within limit: more than"));
}

/// The AI reads the board, waits for a permit and plays on the board it
/// read: a move made meanwhile wins, and the AI's request gets 409.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_moved_while_the_ai_waits_gets_409() {
    use std::time::Duration;
    let app = app(Config {
        workers: 1,
        yut_time: Duration::from_secs(1),
        ..Config::default()
    });
    let (id, state) = new_game(&app, 3, 4).await;
    // A yut search of 8 pieces and 30 rolls holds the only permit until the
    // server's 1 s cap stops it.
    let rolls: Vec<u8> = (0..30).map(|i| i * 7 % 5 + 1).collect();
    let busy = tokio::spawn({
        let app = app.clone();
        async move {
            post(
                &app,
                "/api/v1/yut/best",
                Some(json!({"rolls": rolls, "pieces": 8})),
            )
            .await
        }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let ai = tokio::spawn({
        let app = app.clone();
        let url = format!("/api/v1/2048/games/{id}/ai");
        async move { post(&app, &url, None).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let dir = state["legal"][0].clone();
    let (status, moved) = post(
        &app,
        &format!("/api/v1/2048/games/{id}/moves"),
        Some(json!({ "direction": dir })),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["changed"], json!(true));
    assert_eq!(busy.await.unwrap().0, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, body) = ai.await.unwrap();
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body,
        json!({"error": format!("game {id} moved while the AI chose its move: ask again")})
    );
    let (_, _, shown) = send(&app, Method::GET, &format!("/api/v1/2048/games/{id}"), None).await;
    let shown: Value = serde_json::from_slice(&shown).unwrap();
    assert_eq!(shown["board"], moved["board"]);
    assert_eq!(shown["moves"], json!(1));
}
