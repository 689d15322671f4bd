//! The `curl` examples of README's `boardkit serve` section, sent to the
//! router in process in order (a fresh server, as a reader would start
//! one): each answer must be the one README shows. A streamed answer
//! (`curl -N`, server-sent events) is compared event by event, its
//! `seconds` only as a number (the time a solve took varies); an answer
//! shown ending in `…` is compared by its start.

// Test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use axum::body::Body;
use axum::http::{header, Request};
use boardkit_web::router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The server address README's examples use.
const BASE: &str = "http://127.0.0.1:8048";

/// Each `$ curl …` line of the section and the lines after it, up to the
/// next command or the end of the block.
fn examples(readme: &str) -> Vec<(String, Vec<String>)> {
    let start = readme.find("## `boardkit serve`").unwrap();
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    let lines: Vec<&str> = section[..end].lines().collect();
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, line)| {
            let command = line.strip_prefix("$ curl ")?;
            let shown = lines[i + 1..]
                .iter()
                .take_while(|l| !l.starts_with("$ ") && !l.starts_with("```"))
                .map(|l| (*l).to_string())
                .collect();
            Some((command.to_string(), shown))
        })
        .collect()
}

/// The request a curl command line sends: `-d 'BODY'` makes it a POST.
fn request(command: &str) -> Request<Body> {
    let url = command.split_whitespace().last().unwrap();
    let path = url.strip_prefix(BASE).unwrap_or_else(|| panic!("{url}"));
    let body = command
        .split_once("-d '")
        .map(|(_, rest)| rest.split_once('\'').unwrap().0.to_string());
    let builder = Request::builder().uri(path);
    match body {
        Some(body) => builder
            .method("POST")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body))
            .unwrap(),
        None => builder.method("GET").body(Body::empty()).unwrap(),
    }
}

/// The events of a stream's text: each one's name and JSON data, its
/// `seconds` (when a number) set to 0.
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter(|block| !block.trim().is_empty())
        .map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "));
            let data = block.lines().find_map(|l| l.strip_prefix("data: "));
            let mut data: Value = serde_json::from_str(data.unwrap()).unwrap();
            if data["seconds"].is_number() {
                data["seconds"] = Value::from(0);
            }
            (name.unwrap().to_string(), data)
        })
        .collect()
}

#[tokio::test]
async fn the_readme_curl_examples_answer_what_it_shows() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 2, "{examples:?}");
    let app = router();
    for (command, shown) in examples {
        let answer = app.clone().oneshot(request(&command)).await.unwrap();
        let bytes = answer.into_body().collect().await.unwrap().to_bytes();
        let text = std::str::from_utf8(&bytes).unwrap();
        if command.starts_with("-sN ") {
            let expected = events(&shown.join("\n"));
            assert!(expected.len() >= 2, "curl {command}");
            assert_eq!(events(text), expected, "curl {command}");
        } else if let Some(start) = shown[0].strip_suffix('…') {
            assert!(text.starts_with(start), "curl {command}: {text}");
        } else {
            let got: Value = serde_json::from_str(text).unwrap();
            let expected: Value = serde_json::from_str(&shown[0]).unwrap();
            assert_eq!(got, expected, "curl {command}");
        }
    }
}
