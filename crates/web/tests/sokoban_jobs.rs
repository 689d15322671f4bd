//! The Sokoban solves' pool and its streamed answers: the built-in levels,
//! the server-sent events of `POST /api/v1/sokoban/solve/stream` (their
//! order and values against the solver's), 503 with `Retry-After` when the
//! pool is full, a waiting solve's `queued` event, and, over a real socket,
//! a closed connection interrupting its solve so that the next one gets
//! the solver at once.

// Test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use boardkit_sokoban::{builtin, solver, xsb};
use boardkit_web::{app, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// A level the solver solves in three moves.
const CORRIDOR: &str = "#######\n#@ $ .#\n#######\n";

/// An open room of eight boxes: the fewest-moves search on it runs for
/// many seconds (the default search solves it at once).
const SLOW: &str = "\
##############
#@           #
#  $ $ $ $   #
#            #
#  $ $ $ $   #
#            #
#            #
#   . . . .  #
#            #
#   . . . .  #
##############
";

/// A slow solve's body: the fewest moves on [`SLOW`] for up to a minute.
fn slow_solve() -> Value {
    json!({"xsb": SLOW, "optimal": "moves", "time_limit": 60})
}

/// Caps for the tests of the pool: `jobs` solves at once, `queue` waiting,
/// a minute's solve.
fn pool(jobs: usize, queue: usize) -> Config {
    Config {
        solve_jobs: jobs,
        solve_queue: queue,
        solve_time: Duration::from_secs(60),
        ..Config::default()
    }
}

/// The answer to `body` POSTed to `uri` as JSON, its body not yet read.
async fn call(app: &Router, uri: &str, body: &Value) -> Response {
    let req = Request::builder()
        .method(Method::POST)
        .uri(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    app.clone().oneshot(req).await.unwrap()
}

/// The status and JSON body of an answer.
async fn json_of(answer: Response) -> (StatusCode, Value) {
    let status = answer.status();
    let bytes = answer.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

/// The events of a whole event stream: each one's name and JSON data.
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = None;
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = Some(n.to_string());
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str(d).unwrap());
                }
            }
            Some((name?, data?))
        })
        .collect()
}

/// The events a streamed solve of `body` sends, to its end.
async fn stream(app: &Router, body: &Value) -> Vec<(String, Value)> {
    let answer = call(app, "/api/v1/sokoban/solve/stream", body).await;
    assert_eq!(answer.status(), StatusCode::OK);
    assert_eq!(
        answer.headers()[header::CONTENT_TYPE],
        "text/event-stream",
        "{body}"
    );
    let bytes = answer.into_body().collect().await.unwrap().to_bytes();
    events(std::str::from_utf8(&bytes).unwrap())
}

/// The events but `progress`, whose values are checked: increasing times
/// within the limit.
fn without_progress(events: Vec<(String, Value)>, limit: f64) -> Vec<(String, Value)> {
    let mut last = 0.0;
    events
        .into_iter()
        .filter(|(name, data)| {
            if name != "progress" {
                return true;
            }
            let elapsed = data["elapsed"].as_f64().unwrap();
            assert!(elapsed >= last && elapsed <= limit + 1.0, "{data}");
            last = elapsed;
            false
        })
        .collect()
}

#[tokio::test]
async fn the_builtin_levels_are_listed_with_their_text() {
    let app = app(Config::default());
    let req = Request::builder()
        .uri("/api/v1/sokoban/levels")
        .body(Body::empty())
        .unwrap();
    let (status, answer) = json_of(app.oneshot(req).await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    let listed = answer["levels"].as_array().unwrap();
    assert_eq!(listed.len(), 12);
    assert_eq!(
        listed[0],
        json!({"number": 1, "title": "First push", "rows": 3, "cols": 7, "boxes": 1,
               "xsb": "Title: First push\n\n#######\n#@ $ .#\n#######\n"})
    );
    for (level, shown) in builtin::levels().iter().zip(listed) {
        let text = shown["xsb"].as_str().unwrap();
        let parsed = xsb::parse_level(text).unwrap();
        assert_eq!(
            xsb::map_rows(&parsed, parsed.start()),
            xsb::map_rows(level, level.start()),
            "{text}"
        );
        assert_eq!(parsed.title(), level.title());
        assert_eq!(shown["title"], json!(level.title()));
        assert_eq!(shown["boxes"], json!(level.box_count()));
        assert_eq!(
            (shown["rows"].clone(), shown["cols"].clone()),
            (json!(level.rows()), json!(level.cols()))
        );
    }
}

#[tokio::test]
async fn a_streamed_solve_sends_its_start_and_its_solution() {
    let app = app(Config::default());
    let got = without_progress(stream(&app, &json!({"xsb": CORRIDOR})).await, 10.0);
    let level = xsb::parse_level(CORRIDOR).unwrap();
    let outcome = solver::solve(&level, &solver::Config::default());
    let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["started", "solved"], "{got:?}");
    assert_eq!(
        got[0].1,
        json!({"level": 1, "title": null, "time_limit": 10.0})
    );
    let mut solved = got[1].1.clone();
    let seconds = solved.as_object_mut().unwrap().remove("seconds").unwrap();
    assert!((0.0..1.0).contains(&seconds.as_f64().unwrap()), "{seconds}");
    assert_eq!(
        solved,
        json!({"level": 1, "title": null, "status": "solved", "limit": null,
               "solution": "rRR", "moves": 3, "pushes": 2, "nodes": outcome.nodes()})
    );
    // The same answer as the solve at once.
    let (status, at_once) =
        json_of(call(&app, "/api/v1/sokoban/solve", &json!({"xsb": CORRIDOR})).await).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(solved, at_once);
}

#[tokio::test]
async fn a_streamed_solve_says_why_it_found_none() {
    let app = app(Config::default());
    // The box stands against the wall, away from its goal.
    let stuck = "Title: Stuck\n\n######\n#@ .$#\n######\n";
    let got = without_progress(
        stream(&app, &json!({"xsb": stuck, "optimal": "pushes"})).await,
        10.0,
    );
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(
        got[0],
        (
            "started".into(),
            json!({"level": 1, "title": "Stuck", "time_limit": 10.0})
        )
    );
    let (name, data) = &got[1];
    assert_eq!(name, "unsolved");
    assert_eq!(
        (
            &data["status"],
            &data["reason"],
            &data["limit"],
            &data["solution"]
        ),
        (
            &json!("no_solution"),
            &json!("no solution exists"),
            &Value::Null,
            &Value::Null
        )
    );

    // A time limit reached, with the progress sent every quarter second.
    let started = Instant::now();
    let all = stream(
        &app,
        &json!({"xsb": SLOW, "optimal": "moves", "time_limit": 1.2}),
    )
    .await;
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let progress = all.iter().filter(|(n, _)| n == "progress").count();
    assert!(
        (3..=6).contains(&progress),
        "{progress} progress events: {all:?}"
    );
    let got = without_progress(all, 1.2);
    assert_eq!(got[0].1["time_limit"], json!(1.2));
    let (name, data) = &got[1];
    assert_eq!(name, "unsolved", "{got:?}");
    assert_eq!(
        (&data["status"], &data["reason"], &data["limit"]),
        (
            &json!("unsolved"),
            &json!("time limit reached"),
            &json!("time")
        )
    );
    assert!(data["nodes"].as_u64().unwrap() > 1000, "{data}");
    let seconds = data["seconds"].as_f64().unwrap();
    assert!((1.2..2.0).contains(&seconds), "{seconds}");
}

#[tokio::test]
async fn a_bad_streamed_solve_is_refused_before_it_starts() {
    let app = app(Config::default());
    let url = "/api/v1/sokoban/solve/stream";
    let bad = "#######\n#@ $@.#\n#######\n";
    let message = xsb::parse_collection(bad).unwrap_err().to_string();
    assert!(message.starts_with("line 2, column 5: "), "{message}");
    assert_eq!(
        json_of(call(&app, url, &json!({"xsb": bad})).await).await,
        (StatusCode::BAD_REQUEST, json!({"error": message}))
    );
    assert_eq!(
        json_of(call(&app, url, &json!({"xsb": CORRIDOR, "time_limit": 0})).await).await,
        (
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid value '0' for 'time_limit': expected a positive number of seconds"})
        )
    );
    assert_eq!(
        json_of(call(&app, url, &json!({"xsb": CORRIDOR, "optimal": "boxes"})).await).await,
        (
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid value 'boxes' for 'optimal': expected pushes or moves"})
        )
    );
    // A request's time limit only lowers the server's.
    let capped = app_with_time(Duration::from_millis(500));
    let got = stream(&capped, &json!({"xsb": CORRIDOR, "time_limit": 100})).await;
    assert_eq!(got[0].1["time_limit"], json!(0.5));
}

/// The default caps but a solve's time.
fn app_with_time(time: Duration) -> Router {
    app(Config {
        solve_time: time,
        ..Config::default()
    })
}

/// Waits until `answer` of a solve at once is no longer 503: how long it took.
async fn until_served(app: &Router, body: &Value) -> (Duration, StatusCode, Value) {
    let started = Instant::now();
    loop {
        let (status, value) = json_of(call(app, "/api/v1/sokoban/solve", body).await).await;
        if status != StatusCode::SERVICE_UNAVAILABLE || started.elapsed() > Duration::from_secs(10)
        {
            return (started.elapsed(), status, value);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_answers_503_until_a_solve_ends() {
    let app = app(pool(1, 0));
    let running = call(&app, "/api/v1/sokoban/solve/stream", &slow_solve()).await;
    assert_eq!(running.status(), StatusCode::OK);
    for url in ["/api/v1/sokoban/solve", "/api/v1/sokoban/solve/stream"] {
        let answer = call(&app, url, &json!({"xsb": CORRIDOR})).await;
        assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE, "{url}");
        assert_eq!(answer.headers()[header::RETRY_AFTER], "1", "{url}");
        assert_eq!(
            json_of(answer).await.1,
            json!({"error": "every solver is busy and the queue is full: try again shortly"})
        );
    }
    // Other work does not wait for the solver.
    let (status, _) =
        json_of(call(&app, "/api/v1/sokoban/validate", &json!({"xsb": CORRIDOR})).await).await;
    assert_eq!(status, StatusCode::OK);
    // Dropping the stream (the client went away) interrupts its solve.
    drop(running);
    let (waited, status, answer) = until_served(&app, &json!({"xsb": CORRIDOR})).await;
    assert_eq!(
        (status, &answer["solution"]),
        (StatusCode::OK, &json!("rRR"))
    );
    assert!(waited < Duration::from_secs(2), "{waited:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solve_past_the_running_ones_waits_in_the_queue() {
    let app = app(pool(1, 1));
    let mut running = call(&app, "/api/v1/sokoban/solve/stream", &slow_solve())
        .await
        .into_body();
    let mut head = String::new();
    while !head.contains("event: started") {
        let frame = running.frame().await.unwrap().unwrap();
        head.push_str(std::str::from_utf8(frame.data_ref().unwrap()).unwrap());
    }
    let waiting = call(
        &app,
        "/api/v1/sokoban/solve/stream",
        &json!({"xsb": CORRIDOR}),
    )
    .await;
    assert_eq!(waiting.status(), StatusCode::OK);
    let answer = call(&app, "/api/v1/sokoban/solve", &json!({"xsb": CORRIDOR})).await;
    assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
    // The waiting stream says so before the running solve goes away (its
    // task may run after the answer's head has come).
    let mut waiting = waiting.into_body();
    let mut text = String::new();
    while !text.contains("event: queued") {
        let frame = waiting.frame().await.unwrap().unwrap();
        text.push_str(std::str::from_utf8(frame.data_ref().unwrap()).unwrap());
    }
    drop(running);
    let rest = waiting.collect().await.unwrap().to_bytes();
    text.push_str(std::str::from_utf8(&rest).unwrap());
    let got = without_progress(events(&text), 60.0);
    let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["queued", "started", "solved"], "{got:?}");
    assert_eq!(got[0].1, json!({}));
    assert_eq!(got[2].1["solution"], json!("rRR"));
}

/// Sends a request over a fresh connection to `addr`: the connection.
async fn open(addr: std::net::SocketAddr, path: &str, body: &Value) -> tokio::net::TcpStream {
    let mut socket = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    socket.write_all(request.as_bytes()).await.unwrap();
    socket
}

/// Reads from `socket` until its text holds `wanted` (or it closes): the text.
async fn read_until(socket: &mut tokio::net::TcpStream, wanted: &str) -> String {
    let mut text = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&text).contains(wanted) {
        let n = socket.read(&mut buf).await.unwrap();
        if n == 0 {
            break;
        }
        text.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&text).into_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_connection_frees_its_solver() {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let server = tokio::spawn(boardkit_web::serve(
        "127.0.0.1:0".parse().unwrap(),
        pool(1, 0),
        move |addr| {
            let _ = tx.send(addr);
        },
    ));
    let addr = rx.await.unwrap();
    let mut slow = open(addr, "/api/v1/sokoban/solve/stream", &slow_solve()).await;
    let head = read_until(&mut slow, "event: progress").await;
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(head.contains("event: started"), "{head}");
    // While it runs, another solve is refused.
    let mut refused = open(addr, "/api/v1/sokoban/solve", &json!({"xsb": CORRIDOR})).await;
    let text = read_until(&mut refused, "}").await;
    assert!(
        text.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{text}"
    );
    assert!(text.to_lowercase().contains("retry-after: 1\r\n"), "{text}");
    // The client goes away: its solve is interrupted and a new one gets the
    // solver within a few progress ticks.
    drop(slow);
    let closed = Instant::now();
    loop {
        let mut next = open(addr, "/api/v1/sokoban/solve", &json!({"xsb": CORRIDOR})).await;
        let text = read_until(&mut next, "}").await;
        if text.starts_with("HTTP/1.1 200 OK\r\n") {
            assert!(text.contains(r#""solution":"rRR""#), "{text}");
            break;
        }
        assert!(text.starts_with("HTTP/1.1 503"), "{text}");
        assert!(
            closed.elapsed() < Duration::from_secs(3),
            "still busy after {:?}",
            closed.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let freed = closed.elapsed();
    assert!(freed < Duration::from_secs(2), "{freed:?}");
    server.abort();
}
