//! The judge problems' own samples, read from `../shared/specs` (beside the
//! checkout, as in CI) and run through the judge-mode commands byte for byte:
//! from stdin, and from a file argument with CRLF line ends. The samples are
//! not copied into the repository; without the specs these tests print a note
//! and pass, unless `BOARDKIT_REQUIRE_SHARED=1` says the specs must be there.

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use assert_cmd::Command;

/// The text of one spec, or `None` (with a note) when the specs are absent.
fn spec(name: &str) -> Option<String> {
    shared_data::read(&format!("specs/{name}"))
}

/// The lines of `text` after the heading `heading`, up to the next heading.
fn section<'a>(text: &'a str, heading: &str) -> Vec<&'a str> {
    let mut lines = text.lines().skip_while(|l| l.trim_end() != heading);
    assert!(lines.next().is_some(), "no `{heading}` section");
    lines.take_while(|l| !l.starts_with("## ")).collect()
}

/// The sample of a spec whose `## Sample` section holds the input and the
/// output as two fenced blocks, each with a final newline.
fn fenced_sample(text: &str) -> (String, String) {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in section(text, "## Sample") {
        if line.trim_end() == "```" {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = current.as_mut() {
            block.push_str(line);
            block.push('\n');
        }
    }
    assert_eq!(blocks.len(), 2, "expected an input and an output block");
    let output = blocks.pop().unwrap();
    (blocks.pop().unwrap(), output)
}

/// Runs `args` on `input` through stdin and, with CRLF line ends, through a
/// file argument; both must print exactly `output` and nothing on stderr.
fn judge(args: &[&str], input: &str, output: &str) {
    Command::cargo_bin("boardkit")
        .unwrap()
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .stdout(output.to_string())
        .stderr("");
    let path =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("spec-{}.txt", args.join("-")));
    std::fs::write(&path, input.replace('\n', "\r\n")).unwrap();
    Command::cargo_bin("boardkit")
        .unwrap()
        .args(args)
        .arg(&path)
        .assert()
        .success()
        .stdout(output.to_string())
        .stderr("");
}

/// Checks the fenced sample of spec `name` through the command `args`.
fn fenced(name: &str, args: &[&str]) {
    if let Some(text) = spec(name) {
        let (input, output) = fenced_sample(&text);
        judge(args, &input, &output);
    }
}

#[test]
fn max_tile_sample() {
    fenced("2048-max-tile.md", &["2048", "max-tile"]);
}

#[test]
fn legal_moves_sample() {
    fenced("2048-legal-moves.md", &["2048", "moves"]);
}

#[test]
fn board_cover_sample() {
    fenced("board-cover.md", &["cover", "count"]);
}

#[test]
fn sokoban_replay_sample() {
    fenced("sokoban-replay.md", &["sokoban", "replay"]);
}

#[test]
fn dice_yut_samples() {
    let Some(text) = spec("dice-yut.md") else {
        return;
    };
    // A table: | `input` | `output` |.
    let rows: Vec<(String, String)> = section(&text, "## Samples")
        .into_iter()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let parts: Vec<&str> = l.split('`').collect();
            (format!("{}\n", parts[1]), format!("{}\n", parts[3]))
        })
        .collect();
    assert_eq!(rows.len(), 4, "the spec's four samples");
    for (input, output) in &rows {
        judge(&["yut", "best"], input, output);
    }
    // All at once, one answer per line.
    let inputs: String = rows.iter().map(|(i, _)| i.as_str()).collect();
    let outputs: String = rows.iter().map(|(_, o)| o.as_str()).collect();
    judge(&["yut", "best"], &inputs, &outputs);
}
