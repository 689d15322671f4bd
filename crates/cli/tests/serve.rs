//! `boardkit serve`: the real binary on a real socket. It prints its URL
//! once bound, answers the API over HTTP, warns about an address that is
//! not loopback, opens the browser with `--open` (a failure only warns),
//! builds the 2048 lookup tables in the background while it already
//! answers, and its 2048 games are those of `boardkit 2048 play`.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// The server started with `--bind bind` (and no lookup tables), and the
/// address it printed.
fn start(bind: &str) -> (Child, String) {
    start_with(bind, &["--no-tables"], None)
}

/// The server started with `--bind bind` and `more` arguments, its home in
/// the tests' private one, `$BROWSER` set to `browser` when given, and the
/// address it printed.
fn start_with(bind: &str, more: &[&str], browser: Option<&Path>) -> (Child, String) {
    start_in(&common::home(), bind, more, browser)
}

/// [`start_with`] with the home folder `home`.
fn start_in(home: &Path, bind: &str, more: &[&str], browser: Option<&Path>) -> (Child, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_boardkit"));
    command
        .args(["serve", "--bind", bind])
        .args(more)
        .envs(common::dirs_in(home));
    match browser {
        Some(b) => command.env("BROWSER", b),
        None => command.env_remove("BROWSER"),
    };
    common::serving(command.stderr(Stdio::piped()))
}

/// Stops the server and returns what it wrote on stderr.
fn stop(mut child: Child) -> String {
    child.kill().unwrap();
    child.wait().unwrap();
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    stderr
}

/// The body of the answer to a POST of `body` to `path`, with its status
/// line checked.
fn post(addr: &str, path: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    assert!(
        head.starts_with("HTTP/1.1 200 OK") || head.starts_with("HTTP/1.1 201 Created"),
        "{answer}"
    );
    body.to_string()
}

#[test]
fn serves_the_api_on_loopback_without_a_warning() {
    let (child, addr) = start("127.0.0.1:0");
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    let body = r#"{"rolls": [5, 4, 3, 2, 1]}"#;
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "POST /api/v1/yut/best HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let stderr = stop(child);
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(answer.ends_with("\r\n\r\n{\"score\":116}"), "{answer}");
    assert_eq!(stderr, "");
}

#[test]
fn any_other_address_is_warned_about() {
    let (child, addr) = start("0.0.0.0:0");
    assert!(addr.starts_with("0.0.0.0:"), "{addr}");
    let stderr = stop(child);
    assert_eq!(
        stderr,
        "warning: serving on 0.0.0.0:0, which is not a loopback address: other machines on the network can reach the API\n"
    );
}

#[cfg(unix)]
#[test]
fn open_hands_the_url_to_the_browser() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("boardkit-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let opened = dir.join("opened");
    let browser = dir.join("browser");
    std::fs::write(
        &browser,
        format!("#!/bin/sh\nprintf '%s' \"$1\" > '{}'\n", opened.display()),
    )
    .unwrap();
    std::fs::set_permissions(&browser, std::fs::Permissions::from_mode(0o755)).unwrap();
    let (child, addr) = start_with("127.0.0.1:0", &["--open", "--no-tables"], Some(&browser));
    let deadline = Instant::now() + Duration::from_secs(20);
    let url = loop {
        match std::fs::read_to_string(&opened) {
            Ok(url) if !url.is_empty() => break url,
            _ if Instant::now() > deadline => {
                stop(child);
                panic!("the browser was not opened")
            }
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let stderr = stop(child);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(url, format!("http://{addr}/"));
    assert_eq!(stderr, "");
}

#[test]
fn a_browser_that_cannot_open_is_only_a_warning() {
    let missing = std::env::temp_dir().join("boardkit-no-such-browser");
    let (child, addr) = start_with("127.0.0.1:0", &["--open", "--no-tables"], Some(&missing));
    // The server still answers once the warning is out.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut answer = post(&addr, "/api/v1/yut/best", r#"{"rolls": [5]}"#);
    while Instant::now() < deadline && answer.is_empty() {
        answer = post(&addr, "/api/v1/yut/best", r#"{"rolls": [5]}"#);
    }
    std::thread::sleep(Duration::from_millis(300));
    let stderr = stop(child);
    assert_eq!(answer, r#"{"score":10}"#);
    let expected = format!("warning: cannot open http://{addr}/ in a browser: ");
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert!(stderr.contains("boardkit-no-such-browser"), "{stderr}");
}

/// The numbers of `boardkit 2048 play`'s closing line `game 1: seed S,
/// score X, best tile T, N moves, U undo(s) (not finished)`: score, best
/// tile, moves.
fn summary_numbers(line: &str) -> (u64, u64, u64) {
    let words: Vec<&str> = line.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let after = |word: &str| -> u64 {
        let i = words.iter().position(|w| *w == word).unwrap();
        words[i + 1].parse().unwrap()
    };
    let moves = words.iter().position(|w| *w == "moves" || *w == "move");
    (
        after("score"),
        after("tile"),
        words[moves.unwrap() - 1].parse().unwrap(),
    )
}

/// The page's game (the API's) and `boardkit 2048 play`'s are the same:
/// the same seed, moves and undo give the same score, best tile and moves.
#[cfg(unix)]
#[test]
fn the_apis_game_is_boardkit_2048_plays() {
    use expectrl::Session;
    let (child, addr) = start("127.0.0.1:0");
    let state = post(&addr, "/api/v1/2048/games", r#"{"seed": 42, "size": 5}"#);
    let id = state
        .split("\"id\":\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .to_string();
    // Sixty moves: the score, best tile and move count then differ from
    // seed to seed (seed 43 gives other figures).
    let arrows = [
        ("left", "\x1b[D"),
        ("up", "\x1b[A"),
        ("right", "\x1b[C"),
        ("up", "\x1b[A"),
        ("down", "\x1b[B"),
    ];
    let keys: Vec<(&str, &str)> = (0..60).map(|i| arrows[i * 7 % 5]).collect();
    for &(dir, _) in &keys {
        post(
            &addr,
            &format!("/api/v1/2048/games/{id}/moves"),
            &format!(r#"{{"direction": "{dir}"}}"#),
        );
    }
    let last = post(&addr, &format!("/api/v1/2048/games/{id}/undo"), "");
    stop(child);
    let number = |field: &str| -> u64 {
        let rest = last.split(&format!("\"{field}\":")).nth(1).unwrap();
        rest.split([',', '}']).next().unwrap().parse().unwrap()
    };
    let board: Vec<u64> = last
        .split("\"board\":")
        .nth(1)
        .unwrap()
        .split("]]")
        .next()
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let api = (
        number("score"),
        board.iter().copied().max().unwrap(),
        number("moves"),
    );

    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg("stty rows 30 cols 80 && exec \"$0\" 2048 play --seed 42 --size 5 --no-save")
        .arg(env!("CARGO_BIN_EXE_boardkit"))
        .envs(common::private_dirs());
    let mut p = Session::spawn(cmd).unwrap();
    p.set_expect_timeout(Some(Duration::from_secs(20)));
    p.expect("5 x 5, seed 42").unwrap();
    for &(_, key) in &keys {
        p.send(key).unwrap();
    }
    p.send("u").unwrap();
    p.send("q").unwrap();
    let found = p
        .expect(expectrl::Regex("game 1: seed 42, [^\r\n]*"))
        .unwrap();
    let line = String::from_utf8_lossy(found.get(0).unwrap()).to_string();
    assert!(line.contains(", 1 undo"), "{line}");
    assert_eq!(summary_numbers(&line), api, "{line} / {last}");
}

#[test]
fn the_lookup_tables_are_built_in_the_background_and_then_used() {
    let home = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve-tables-home");
    let _ = std::fs::remove_dir_all(&home);
    // The 2x4-32 table's position: its move comes with the table's name.
    let board =
        r#"{"board": [[512, 256, 128, 64], [32, 64, 256, 1024], [2, 4, 0, 0], [16, 0, 0, 2]]}"#;
    let (mut child, addr) = start_in(&home, "127.0.0.1:0", &[], None);
    // The server answers at once, before the tables exist.
    assert!(post(&addr, "/api/v1/2048/hint", board).contains("\"table\":null"));
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut lines = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !lines
        .iter()
        .any(|l: &String| l.starts_with("boardkit: lookup tables built in "))
    {
        assert!(Instant::now() < deadline, "no build in 120 s: {lines:?}");
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            panic!("the server ended: {lines:?}");
        }
        lines.push(line.trim_end().to_string());
    }
    let folder = home.join(".cache/boardkit/2048-tables");
    assert_eq!(
        lines[0],
        format!(
            "boardkit: building the 2048 AI's lookup tables (once): 4 tables, 24612258 states, saved in {}",
            folder.display()
        )
    );
    // The tables are handed over just after the line; ask until they are.
    let mut hint = String::new();
    while Instant::now() < deadline && !hint.contains("2x4-32.table") {
        hint = post(&addr, "/api/v1/2048/hint", board);
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        hint.contains(r#""table":{"name":"2x4-32.table","goal":32,"probability":"#),
        "{hint}"
    );
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 4);
    let _ = std::fs::remove_dir_all(&home);
}
