//! A load test of the real server over loopback TCP: 10,000 moves at
//! concurrency 64 over many 2048 games, with 200 Sokoban solves at
//! concurrency 16 overlapping them. Every request must get its answer (a 503 is waited out as its
//! `Retry-After` says and sent again), and every answer must be the one the
//! game crates give for the same input: each game is replayed beside the
//! server through `boardkit_2048::game::Game` with the same seed and moves,
//! and each solution is played through `boardkit_sokoban::lurd::verify`.
//!
//! The test is bounded in count and in time: a deadline fails it rather
//! than let it hang. It asserts no speed (the throughput is measured by
//! `scripts/bench-web.sh`, see BENCHMARKS.md).

// The helpers below are test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use boardkit_2048::game::Game;
use boardkit_grid::Dir;
use boardkit_sokoban::lurd::{self, Status};
use boardkit_web::g2048::GameState;
use boardkit_web::sokoban::Solved;
use boardkit_web::{serve, Config};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::{self, SendRequest};
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// Move requests in all.
const MOVES: usize = 10_000;
/// Move requests in flight at once: one keep-alive connection each.
const CONCURRENCY: usize = 64;
/// Games each move connection plays, in turn.
const GAMES_PER_CONNECTION: usize = 4;
/// Solve requests in all.
const SOLVES: usize = 200;
/// Solve requests in flight at once, one keep-alive connection each: more
/// than the server's solver pool and queue hold on a small machine, so some
/// may be refused with 503 and sent again.
const SOLVE_CONNECTIONS: usize = 16;
/// How often one request may be refused with 503 before it counts as lost.
const RETRIES: usize = 50;
/// The whole test's deadline: past it the test fails.
const DEADLINE: Duration = Duration::from_secs(120);

/// A keep-alive HTTP/1.1 connection to the server.
struct Client {
    addr: SocketAddr,
    sender: SendRequest<Full<Bytes>>,
    /// The 503 answers waited out so far.
    retries: usize,
}

impl Client {
    /// Opens a connection to `addr`.
    async fn connect(addr: SocketAddr) -> Client {
        let stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        stream.set_nodelay(true).unwrap();
        let (sender, connection) = http1::handshake(TokioIo::new(stream)).await.unwrap();
        tokio::spawn(connection);
        Client {
            addr,
            sender,
            retries: 0,
        }
    }

    /// Sends `body` to `path` (GET when `None`) and returns the status and
    /// the answer's body; a 503 is retried after its `Retry-After`, at most
    /// [`RETRIES`] times.
    async fn send(
        &mut self,
        path: &str,
        body: Option<&str>,
    ) -> Result<(StatusCode, Bytes), String> {
        for _ in 0..=RETRIES {
            let request = Request::builder()
                .method(if body.is_some() {
                    Method::POST
                } else {
                    Method::GET
                })
                .uri(path)
                .header("host", self.addr.to_string())
                .header("content-type", "application/json")
                .body(Full::new(Bytes::from(body.unwrap_or("").to_owned())))
                .unwrap();
            self.sender
                .ready()
                .await
                .map_err(|e| format!("{path}: connection lost: {e}"))?;
            let answer = self
                .sender
                .send_request(request)
                .await
                .map_err(|e| format!("{path}: no answer: {e}"))?;
            let status = answer.status();
            let retry_after = answer
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse::<u64>().ok());
            let bytes = answer
                .into_body()
                .collect()
                .await
                .map_err(|e| format!("{path}: body cut off: {e}"))?
                .to_bytes();
            if status != StatusCode::SERVICE_UNAVAILABLE {
                return Ok((status, bytes));
            }
            let wait = retry_after.ok_or_else(|| format!("{path}: 503 without Retry-After"))?;
            self.retries += 1;
            tokio::time::sleep(Duration::from_secs(wait)).await;
        }
        Err(format!("{path}: still refused after {RETRIES} retries"))
    }

    /// [`Client::send`] that expects `want` and decodes the JSON answer.
    async fn json<T: serde::de::DeserializeOwned>(
        &mut self,
        path: &str,
        body: Option<&str>,
        want: StatusCode,
    ) -> Result<T, String> {
        let (status, bytes) = self.send(path, body).await?;
        if status != want {
            return Err(format!(
                "{path}: {status}: {}",
                String::from_utf8_lossy(&bytes)
            ));
        }
        serde_json::from_slice(&bytes)
            .map_err(|e| format!("{path}: {e}: {}", String::from_utf8_lossy(&bytes)))
    }
}

/// What the API shows of `game` (kept as `id`), computed by the library.
fn expected_state(id: &str, game: &Game) -> GameState {
    let n = game.size();
    GameState {
        id: id.to_string(),
        seed: game.seed(),
        size: n,
        board: game
            .board()
            .values()
            .chunks(n)
            .map(<[u128]>::to_vec)
            .collect(),
        score: game.score(),
        moves: game.moves(),
        over: game.is_over(),
        legal: game
            .legal_moves()
            .iter()
            .map(|d| d.name().to_ascii_lowercase())
            .collect(),
    }
}

/// One move connection: makes its games, then plays its share of the
/// moves (`count` of them) in turn over them, checking every answer against
/// the library's replay of the same game; each move's time from sending
/// to the whole answer.
async fn play(addr: SocketAddr, seed: u64, count: usize) -> Result<Vec<Duration>, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut client = Client::connect(addr).await;
    let mut games = Vec::new();
    let mut times = Vec::with_capacity(count);
    for _ in 0..GAMES_PER_CONNECTION {
        let (seed, size) = (rng.gen::<u64>(), rng.gen_range(2..=8usize));
        let body = json!({"seed": seed, "size": size}).to_string();
        let shown: GameState = client
            .json("/api/v1/2048/games", Some(&body), StatusCode::CREATED)
            .await?;
        let game = Game::new(size, seed).unwrap();
        if shown != expected_state(&shown.id, &game) {
            return Err(format!("new game {seed}/{size}: {shown:?}"));
        }
        games.push((shown.id, game));
    }
    for i in 0..count {
        let (id, game) = &mut games[i % GAMES_PER_CONNECTION];
        let dir = Dir::ALL[rng.gen_range(0..4)];
        let body = json!({"direction": dir.name().to_ascii_lowercase()}).to_string();
        let path = format!("/api/v1/2048/games/{id}/moves");
        // `Moved` flattens the state, and serde's flatten cannot read the
        // board's u128 tiles: the answer is read as a JSON value first.
        let sent = Instant::now();
        let mut moved: Value = client.json(&path, Some(&body), StatusCode::OK).await?;
        times.push(sent.elapsed());
        let changed = moved.as_object_mut().and_then(|m| m.remove("changed"));
        let shown = serde_json::from_value::<GameState>(moved.clone())
            .map_err(|e| format!("{path}: {e}: {moved}"))?;
        let turn = game.play(dir);
        let want = expected_state(id, game);
        if changed != Some(Value::Bool(turn.changed)) || shown != want {
            return Err(format!(
                "{path} {dir:?}: changed {changed:?}, {shown:?}, expected {}, {want:?}",
                turn.changed
            ));
        }
    }
    for (id, game) in &games {
        let path = format!("/api/v1/2048/games/{id}");
        let shown: GameState = client.json(&path, None, StatusCode::OK).await?;
        if shown != expected_state(id, game) {
            return Err(format!("{path}: {shown:?} after the moves"));
        }
    }
    Ok(times)
}

/// One solve connection: solves each of `numbers` (built-in levels) in
/// turn; each solution is played through the rules. Each level's number
/// with its solution's moves and pushes, and the 503 answers waited out.
async fn solve_all(
    addr: SocketAddr,
    numbers: Vec<usize>,
) -> Result<(Vec<(usize, (usize, usize))>, usize), String> {
    let mut client = Client::connect(addr).await;
    let mut found = Vec::new();
    for number in numbers {
        found.push((number, solve(&mut client, number).await?));
    }
    Ok((found, client.retries))
}

/// Level `number` of the built-in levels solved through `client`; the
/// solution is played through the rules; its moves and pushes.
async fn solve(client: &mut Client, number: usize) -> Result<(usize, usize), String> {
    let body = json!({"xsb": boardkit_sokoban::builtin::XSB, "level": number}).to_string();
    let solved: Solved = client
        .json("/api/v1/sokoban/solve", Some(&body), StatusCode::OK)
        .await?;
    let level = &boardkit_sokoban::builtin::levels()[number - 1];
    let lurd = solved
        .solution
        .as_deref()
        .ok_or_else(|| format!("level {number}: {solved:?}"))?;
    let steps = lurd::parse(lurd).map_err(|e| format!("level {number}: {e}"))?;
    let verdict = lurd::verify(level, &steps);
    let fits = solved.status == "solved"
        && solved.level == number
        && verdict.status == Status::Solved
        && verdict.solved_early.is_none()
        && solved.moves == Some(verdict.moves)
        && solved.pushes == Some(verdict.pushes);
    if !fits {
        return Err(format!("level {number}: {solved:?} plays as {verdict:?}"));
    }
    Ok((verdict.moves, verdict.pushes))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_and_solves_under_load_all_get_their_answers() {
    let (ready, bound) = tokio::sync::oneshot::channel();
    let server = tokio::spawn(serve(
        "127.0.0.1:0".parse().unwrap(),
        Config::default(),
        |addr| {
            let _ = ready.send(addr);
        },
    ));
    let addr = bound.await.unwrap();
    let levels = boardkit_sokoban::builtin::levels().len();

    let run = async {
        let started = Instant::now();
        let mut players = tokio::task::JoinSet::new();
        for c in 0..CONCURRENCY {
            // The moves split as evenly as they go: the first connections
            // take one more.
            let count = MOVES / CONCURRENCY + usize::from(c < MOVES % CONCURRENCY);
            players.spawn(play(addr, 41_000 + c as u64, count));
        }
        let mut solvers = tokio::task::JoinSet::new();
        for c in 0..SOLVE_CONNECTIONS {
            let numbers = (c..SOLVES).step_by(SOLVE_CONNECTIONS);
            solvers.spawn(solve_all(addr, numbers.map(|s| s % levels + 1).collect()));
        }
        let mut errors = Vec::new();
        let mut times = Vec::new();
        while let Some(done) = players.join_next().await {
            match done.unwrap() {
                Ok(t) => times.extend(t),
                Err(e) => errors.push(e),
            }
        }
        let mut solved = vec![Vec::new(); levels];
        let mut retries = 0;
        while let Some(done) = solvers.join_next().await {
            match done.unwrap() {
                Ok((found, refused)) => {
                    for (number, answer) in found {
                        solved[number - 1].push(answer);
                    }
                    retries += refused;
                }
                Err(e) => errors.push(e),
            }
        }
        (times, solved, retries, errors, started.elapsed())
    };
    let (mut times, solved, retries, errors, took) = tokio::time::timeout(DEADLINE, run)
        .await
        .unwrap_or_else(|_| panic!("the load test passed its deadline of {DEADLINE:?}"));
    server.abort();

    assert_eq!(errors, Vec::<String>::new());
    assert_eq!(times.len(), MOVES);
    // For the record (`--nocapture`), not asserted: the figures depend on
    // the machine and on what else runs.
    times.sort_unstable();
    println!(
        "{MOVES} moves and {SOLVES} solves ({retries} answered 503 first) in {:.2} s: \
         {:.0} moves/s, p50 {:?}, p99 {:?}",
        took.as_secs_f64(),
        MOVES as f64 / took.as_secs_f64(),
        times[MOVES / 2],
        times[MOVES * 99 / 100]
    );
    assert_eq!(solved.iter().map(Vec::len).sum::<usize>(), SOLVES);
    // The solver is deterministic: a level's solutions under load are all
    // the same one.
    for (i, found) in solved.iter().enumerate() {
        assert!(found.len() >= SOLVES / levels, "level {}: {found:?}", i + 1);
        assert!(
            found.windows(2).all(|w| w[0] == w[1]),
            "level {}: {found:?}",
            i + 1
        );
    }
    assert_eq!(solved[0][0], (3, 2));
}
