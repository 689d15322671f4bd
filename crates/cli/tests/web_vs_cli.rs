//! The web API against the command line: for the same inputs, `boardkit
//! serve`'s answers over a real socket equal the binary's other commands'.
//! 2048 games (the CLI has no non-interactive replay: each board is checked
//! against the library's replay and its legal moves against `2048 moves`,
//! and a game played by the API's AI, through its hints or its own route,
//! equals `2048 ai`'s), 2048 hints, the built-in Sokoban levels, Sokoban
//! verdicts and solutions, cover counts and drawings, yut scores and best
//! lines, on inputs drawn from seeded generators.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Stdio};

use boardkit_2048::game::Game;
use boardkit_grid::Dir;
use boardkit_sokoban::lurd::{self, Status};
use common::boardkit;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// `boardkit serve` on a free loopback port, its AI without lookup tables
/// (none is built in the background, and every hint is a search, as
/// `--no-tables` makes the CLI's); killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let (child, addr) = common::serving(
            std::process::Command::new(env!("CARGO_BIN_EXE_boardkit"))
                .args(["serve", "--bind", "127.0.0.1:0", "--no-tables"])
                .envs(common::private_dirs())
                .stderr(Stdio::null()),
        );
        Server { child, addr }
    }

    /// Sends `body` to `path` (GET when `None`) on a connection of its
    /// own; the status and the JSON answer.
    fn send(&self, path: &str, body: Option<&Value>) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        let (method, body) = match body {
            Some(b) => ("POST", b.to_string()),
            None => ("GET", String::new()),
        };
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer
            .split_once("\r\n\r\n")
            .unwrap_or_else(|| panic!("{path}: no header end: {answer:?}"));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{path}: no status: {head:?}"));
        let value = serde_json::from_str(body)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {body:?}"));
        (status, value)
    }

    /// A POST that must succeed with `status`; its JSON answer.
    fn post(&self, path: &str, body: &Value, status: u16) -> Value {
        let (got, answer) = self.send(path, Some(body));
        assert_eq!(got, status, "{path} {body}: {answer}");
        answer
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs the binary with `args` on `stdin`; its standard output, which must
/// come with exit status 0.
fn cli(args: &[&str], stdin: &str) -> String {
    let out = boardkit().args(args).write_stdin(stdin).output().unwrap();
    assert!(
        out.status.success(),
        "boardkit {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The JSON lines of `text`.
fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}")))
        .collect()
}

/// A file in this test's own folder holding `text`.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("web_vs_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// A board's rows of tile values as JSON gives them.
fn rows_of(board: &Value) -> Vec<Vec<u128>> {
    serde_json::from_value(board.clone()).unwrap()
}

/// The 12100 text of a board: N, then its rows.
fn board_text(rows: &[Vec<u128>]) -> String {
    let mut text = format!("{}\n", rows.len());
    for row in rows {
        let cells: Vec<String> = row.iter().map(u128::to_string).collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    text
}

/// The API's legal moves as `2048 moves` writes them: upper case in the
/// order DOWN LEFT RIGHT UP, or NONE.
fn moves_line(legal: &Value) -> String {
    let mut names: Vec<String> = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_ascii_uppercase())
        .collect();
    names.sort();
    if names.is_empty() {
        "NONE".to_string()
    } else {
        names.join(" ")
    }
}

#[test]
fn game_boards_are_the_librarys_and_their_moves_are_2048_moves() {
    let server = Server::start();
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut boards = Vec::new();
    for g in 0..8 {
        // Every other game is 4 x 4, the others of any size.
        let (seed, size) = (rng.gen::<u64>(), rng.gen_range(2..=8usize));
        let size = if g % 2 == 0 { 4 } else { size };
        let shown = server.post(
            "/api/v1/2048/games",
            &json!({"seed": seed, "size": size}),
            201,
        );
        let id = shown["id"].as_str().unwrap().to_string();
        let mut game = Game::new(size, seed).unwrap();
        for _ in 0..60 {
            let dir = Dir::ALL[rng.gen_range(0..4)];
            let moved = server.post(
                &format!("/api/v1/2048/games/{id}/moves"),
                &json!({"direction": dir.name()}),
                200,
            );
            let turn = game.play(dir);
            let values = game.board().values();
            let want: Vec<Vec<u128>> = values.chunks(size).map(<[u128]>::to_vec).collect();
            assert_eq!(rows_of(&moved["board"]), want, "game {seed}/{size}");
            assert_eq!(moved["changed"], json!(turn.changed));
            assert_eq!(moved["score"], json!(game.score()));
            assert_eq!(moved["moves"], json!(game.moves()));
            if size == 4 {
                boards.push((want, moves_line(&moved["legal"])));
            }
        }
    }
    // One `2048 moves` run over every 4 x 4 board the games passed through.
    let mut input = format!("{}\n", boards.len());
    for (rows, _) in &boards {
        input.push_str(board_text(rows).split_once('\n').unwrap().1);
    }
    let out = cli(&["2048", "moves"], &input);
    let want: Vec<&str> = boards.iter().map(|(_, line)| line.as_str()).collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want);
    assert!(want.len() >= 4 * 60);
}

/// `2048 hint` at the API's setting (fast: depth 2..=6 by distinct tiles
/// − 5, cut-off 0.005, no tables) on `rows`, as JSON.
fn cli_hint(rows: &[Vec<u128>]) -> Value {
    let out = cli(
        &[
            "2048",
            "hint",
            "--depth",
            "6",
            "--min-depth",
            "2",
            "--depth-offset",
            "5",
            "--prob-cutoff",
            "0.005",
            "--no-tables",
            "--json",
        ],
        &board_text(rows),
    );
    serde_json::from_str(&out).unwrap()
}

#[test]
fn hints_are_2048_hints() {
    let server = Server::start();
    let mut rng = ChaCha8Rng::seed_from_u64(4141);
    for case in 0..12u32 {
        // A board of 7 to 10 distinct tiles from 2 to 4096, the other
        // cells empty: the search goes 2 to 5 deep (distinct tiles − 5).
        let distinct = 7 + case as usize % 4;
        let mut exponents: Vec<u32> = (1..=12).collect();
        exponents.shuffle(&mut rng);
        let mut cells = vec![0u128; 16];
        for (cell, e) in cells.iter_mut().zip(&exponents[..distinct]) {
            *cell = 1 << e;
        }
        cells.shuffle(&mut rng);
        let rows: Vec<Vec<u128>> = cells.chunks(4).map(<[u128]>::to_vec).collect();
        let api = server.post("/api/v1/2048/hint", &json!({"board": rows}), 200);
        let cli = cli_hint(&rows);
        let best = cli["best"].as_str().map(str::to_ascii_lowercase);
        assert_eq!(api["best"].as_str().map(str::to_string), best, "{rows:?}");
        assert_eq!(api["depth"], cli["depth"], "{rows:?}");
        let api_values: Vec<(String, f32)> = api["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                let d = v["direction"].as_str().unwrap().to_ascii_uppercase();
                (d, v["value"].as_f64().unwrap() as f32)
            })
            .collect();
        let cli_values: Vec<(String, f32)> = cli["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v[0].as_str().unwrap().to_string(),
                    v[1].as_f64().unwrap() as f32,
                )
            })
            .collect();
        assert_eq!(api_values, cli_values, "{rows:?}");
    }
}

/// Plays game `id` to its end or its first 256 tile, each move the API's
/// AI's: through `POST /2048/games/{id}/ai` when `own_route`, else as
/// `POST /2048/hint` advises on the board, played through `.../moves`. The
/// game's last state.
fn play_by_the_ai(server: &Server, id: &str, mut state: Value, own_route: bool) -> Value {
    while !state["over"].as_bool().unwrap()
        && !rows_of(&state["board"]).iter().flatten().any(|&t| t >= 256)
    {
        let path = format!("/api/v1/2048/games/{id}");
        let changed = if own_route {
            let played = server.post(&format!("{path}/ai"), &json!({}), 200);
            state = played["game"].clone();
            played["changed"].clone()
        } else {
            let hint = server.post("/api/v1/2048/hint", &json!({"board": state["board"]}), 200);
            let dir = hint["best"].as_str().unwrap();
            state = server.post(&format!("{path}/moves"), &json!({"direction": dir}), 200);
            state["changed"].clone()
        };
        assert_eq!(changed, json!(true), "{state}");
    }
    state
}

#[test]
fn games_played_by_the_apis_ai_are_2048_ais_games() {
    let server = Server::start();
    for seed in [3u64, 17] {
        let out = cli(
            &[
                "2048",
                "ai",
                "--seed",
                &seed.to_string(),
                "--until",
                "256",
                "--no-tables",
                "--no-timing",
                "--json",
            ],
            "",
        );
        let played: Value = serde_json::from_str(&out).unwrap();
        let want = &played["games"][0];
        assert_eq!(want["ending"], json!("reached"));
        for own_route in [false, true] {
            let shown = server.post("/api/v1/2048/games", &json!({"seed": seed}), 201);
            let id = shown["id"].as_str().unwrap().to_string();
            let state = play_by_the_ai(&server, &id, shown, own_route);
            let how = if own_route { "ai" } else { "hint" };
            assert_eq!(state["board"], want["board"], "seed {seed} by {how}");
            assert_eq!(state["score"], want["score"], "seed {seed} by {how}");
            assert_eq!(state["moves"], want["moves"], "seed {seed} by {how}");
        }
    }
}

/// The fields a Sokoban verdict shares between the API and `sokoban
/// verify --json`.
const VERDICT: [&str; 8] = [
    "level",
    "title",
    "status",
    "moves",
    "pushes",
    "boxes_off_goal",
    "illegal_move",
    "solved_after",
];

#[test]
fn sokoban_verdicts_are_sokoban_verifys() {
    let server = Server::start();
    let xsb = boardkit_sokoban::builtin::XSB;
    let file = temp_file("builtin.xsb", xsb);
    let file = file.to_str().unwrap();
    let solved = json_lines(&cli(&["sokoban", "solve", "--json"], ""));
    let mut rng = ChaCha8Rng::seed_from_u64(417);
    let mut statuses = std::collections::BTreeSet::new();
    for (i, answer) in solved.iter().enumerate() {
        let number = i + 1;
        let solution = answer["solution"].as_str().unwrap();
        // The solution, cut short, gone on past the end, and random keys.
        let cut = &solution[..solution.len() / 2];
        let longer = format!("{solution}l");
        let random: String = (0..rng.gen_range(1..30))
            .map(|_| ['l', 'u', 'r', 'd', 'L', 'U', 'R', 'D'][rng.gen_range(0..8)])
            .collect();
        for lurd in [solution, cut, &longer, &random] {
            let api = server.post(
                "/api/v1/sokoban/verify",
                &json!({"xsb": xsb, "level": number, "solution": lurd}),
                200,
            );
            let out = cli(
                &[
                    "sokoban",
                    "verify",
                    "--json",
                    "--level",
                    &number.to_string(),
                    "--solution",
                    lurd,
                    file,
                ],
                "",
            );
            let cli: Value = serde_json::from_str(&out).unwrap();
            for field in VERDICT {
                assert_eq!(api[field], cli[field], "level {number}, {lurd:?}: {field}");
            }
            statuses.insert(api["status"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(solved.len(), 12);
    assert_eq!(
        statuses.into_iter().collect::<Vec<_>>(),
        ["illegal", "solved", "unsolved"]
    );
}

/// A level whose box starts in a corner off its goal: no solution.
const STUCK: &str = "#####\n#$ .#\n#@  #\n#####\n";

#[test]
fn sokoban_solutions_agree_with_sokoban_solve() {
    let server = Server::start();
    let xsb = boardkit_sokoban::builtin::XSB;
    let levels = boardkit_sokoban::builtin::levels();
    for optimal in [None, Some("pushes"), Some("moves")] {
        let mut args = vec!["sokoban", "solve", "--json"];
        if let Some(o) = optimal {
            args.extend(["--optimal", o]);
        }
        let cli_answers = json_lines(&cli(&args, ""));
        assert_eq!(cli_answers.len(), levels.len());
        // The API lists the levels the command solves when given no file.
        let (status, listed) = server.send("/api/v1/sokoban/levels", None);
        assert_eq!(status, 200);
        let titles: Vec<&Value> = listed["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| &l["title"])
            .collect();
        let cli_titles: Vec<&Value> = cli_answers.iter().map(|a| &a["title"]).collect();
        assert_eq!(titles, cli_titles);
        for (i, (level, cli)) in levels.iter().zip(&cli_answers).enumerate() {
            let number = i + 1;
            let mut body = json!({"xsb": xsb, "level": number});
            if let Some(o) = optimal {
                body["optimal"] = json!(o);
            }
            let api = server.post("/api/v1/sokoban/solve", &body, 200);
            assert_eq!(
                (&api["status"], &cli["status"]),
                (&json!("solved"), &json!("solved"))
            );
            assert_eq!(api["title"], cli["title"]);
            for answer in [&api, cli] {
                let steps = lurd::parse(answer["solution"].as_str().unwrap()).unwrap();
                let verdict = lurd::verify(level, &steps);
                assert_eq!(verdict.status, Status::Solved, "level {number}: {answer}");
                assert_eq!(answer["moves"], json!(verdict.moves));
                assert_eq!(answer["pushes"], json!(verdict.pushes));
            }
            match optimal {
                Some("pushes") => assert_eq!(api["pushes"], cli["pushes"], "level {number}"),
                Some("moves") => assert_eq!(api["moves"], cli["moves"], "level {number}"),
                _ => {}
            }
        }
    }
    // A level proved unsolvable: the same verdict, spelt `no_solution` by
    // the API and `no solution` by the command.
    let api = server.post("/api/v1/sokoban/solve", &json!({"xsb": STUCK}), 200);
    let file = temp_file("stuck.xsb", STUCK);
    let cli = json_lines(&cli(
        &["sokoban", "solve", "--json", file.to_str().unwrap()],
        "",
    ));
    assert_eq!(api["status"], json!("no_solution"));
    assert_eq!(cli[0]["status"], json!("no solution"));
    assert_eq!(
        (&api["solution"], &cli[0]["solution"]),
        (&Value::Null, &Value::Null)
    );
}

#[test]
fn cover_counts_and_drawings_are_cover_counts_and_shows() {
    let server = Server::start();
    let mut rng = ChaCha8Rng::seed_from_u64(4_100);
    // Random boards, each cell black one time in five, counted by one CLI run.
    let boards: Vec<Vec<String>> = (0..20)
        .map(|_| {
            let (h, w) = (rng.gen_range(1..=7), rng.gen_range(1..=7));
            (0..h)
                .map(|_| {
                    (0..w)
                        .map(|_| if rng.gen_range(0..5) == 0 { '#' } else { '.' })
                        .collect()
                })
                .collect()
        })
        .collect();
    let mut input = format!("{}\n", boards.len());
    for rows in &boards {
        input.push_str(&format!(
            "{} {}\n{}\n",
            rows.len(),
            rows[0].len(),
            rows.join("\n")
        ));
    }
    let cli_counts = json_lines(&cli(&["cover", "count", "--json"], &input));
    let cli_shown = json_lines(&cli(&["cover", "show", "--json"], &input));
    assert_eq!(cli_counts.len(), boards.len());
    assert_eq!(cli_shown.len(), boards.len());
    let mut nonzero = 0;
    for ((rows, count), shown) in boards.iter().zip(&cli_counts).zip(&cli_shown) {
        let api = server.post("/api/v1/cover/count", &json!({"rows": rows}), 200);
        assert_eq!(api["count"], count["count"], "{rows:?}");
        nonzero += usize::from(api["count"] != json!("0"));
        // The covering drawn: none exactly when the count is 0, else the
        // same pieces and letters as `cover show`.
        let one = server.post("/api/v1/cover/one", &json!({"rows": rows}), 200);
        let covering = &one["covering"];
        assert_eq!(
            covering.is_null(),
            api["count"] == json!("0"),
            "{rows:?}: {one}"
        );
        if covering.is_null() {
            assert_eq!(shown["covering"], Value::Null, "{rows:?}");
        } else {
            assert_eq!(covering["rows"], shown["covering"], "{rows:?}");
            assert_eq!(covering["pieces"], shown["placed"], "{rows:?}");
        }
    }
    assert!(nonzero >= 3, "{nonzero} boards with a covering");
    // Whole rectangles with each named piece set.
    for pieces in ["l3", "domino", "i3", "l3+i3"] {
        for rect in ["3x4", "4x6", "6x6", "2x9"] {
            let api = server.post(
                "/api/v1/cover/count",
                &json!({"rect": rect, "pieces": pieces}),
                200,
            );
            let cli = json_lines(&cli(
                &[
                    "cover", "count", "--json", "--rect", rect, "--pieces", pieces,
                ],
                "",
            ));
            assert_eq!(api["count"], cli[0]["count"], "{rect} by {pieces}");
        }
    }
}

#[test]
fn yut_scores_and_lines_are_yut_bests() {
    let server = Server::start();
    let mut rng = ChaCha8Rng::seed_from_u64(17_825);
    for pieces in 1..=4u32 {
        let games: Vec<Vec<u32>> = (0..6)
            .map(|_| (0..10).map(|_| rng.gen_range(1..=5)).collect())
            .collect();
        let input: String = games
            .iter()
            .map(|g| {
                let rolls: Vec<String> = g.iter().map(u32::to_string).collect();
                rolls.join(" ") + "\n"
            })
            .collect();
        let out = cli(&["yut", "best", "--pieces", &pieces.to_string()], &input);
        let cli_scores: Vec<u32> = out.lines().map(|l| l.parse().unwrap()).collect();
        let api_scores: Vec<u32> = games
            .iter()
            .map(|rolls| {
                let api = server.post(
                    "/api/v1/yut/best",
                    &json!({"rolls": rolls, "pieces": pieces}),
                    200,
                );
                u32::try_from(api["score"].as_u64().unwrap()).unwrap()
            })
            .collect();
        assert_eq!(api_scores, cli_scores, "{pieces} pieces: {games:?}");
        assert!(cli_scores.iter().all(|&s| s > 0));
        // A best line, turn by turn, as `yut best --json` gives it.
        let out = cli(
            &["yut", "best", "--json", "--pieces", &pieces.to_string()],
            &input,
        );
        for (rolls, cli) in games.iter().zip(json_lines(&out)) {
            let api = server.post(
                "/api/v1/yut/line",
                &json!({"rolls": rolls, "pieces": pieces}),
                200,
            );
            assert_eq!(api["score"], cli["score"], "{pieces} pieces: {rolls:?}");
            assert_eq!(api["turns"], cli["turns"], "{pieces} pieces: {rolls:?}");
            assert_eq!(api["turns"].as_array().map(Vec::len), Some(10));
        }
    }
}
