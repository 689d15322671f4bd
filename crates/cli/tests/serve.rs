//! `boardkit serve`: the real binary on a real socket. It prints its URL
//! once bound, answers the API over HTTP, and warns about an address that
//! is not loopback.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// The server started with `--bind bind`, and the address it printed.
fn start(bind: &str) -> (Child, String) {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_boardkit"))
        .args(["serve", "--bind", bind])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.as_mut().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim_end()
        .strip_prefix("boardkit: serving on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| {
            let _ = child.kill();
            panic!("unexpected first line: {line:?}")
        })
        .to_string();
    (child, addr)
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
