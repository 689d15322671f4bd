//! The `curl` examples of README's `boardkit serve` section, sent to the
//! router in process in order (a fresh server, as a reader would start
//! one): each answer must be the one README shows.

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

/// Each `$ curl …` line of the section and the line after it.
fn examples(readme: &str) -> Vec<(String, String)> {
    let start = readme.find("## `boardkit serve`").unwrap();
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    let lines: Vec<&str> = section[..end].lines().collect();
    lines
        .windows(2)
        .filter_map(|w| {
            w[0].strip_prefix("$ curl ")
                .map(|c| (c.to_string(), w[1].to_string()))
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
        let got: Value = serde_json::from_slice(&bytes).unwrap();
        let expected: Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(got, expected, "curl {command}");
    }
}
