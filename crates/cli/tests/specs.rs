//! The judge problems' own samples, kept as test vectors in `tests/judge/`
//! (`<problem>/<n>.in` and `<n>.out`, named after the specs in
//! `../shared/specs/<problem>.md`), run through the judge-mode commands
//! byte for byte: from stdin, and from a file argument with CRLF line ends.
//!
//! The vectors are the one part of `../shared/` copied into the repository,
//! so a clone tests them. When the specs are beside the checkout, one more
//! test checks that the vectors are still exactly the specs' samples; a
//! clone reports it as ignored (see the `shared-data` crate).

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};

use common::boardkit;

/// Each judge problem (its spec's name) and the command that answers it.
const PROBLEMS: [(&str, &[&str]); 5] = [
    ("2048-max-tile", &["2048", "max-tile"]),
    ("2048-legal-moves", &["2048", "moves"]),
    ("board-cover", &["cover", "count"]),
    ("sokoban-replay", &["sokoban", "replay"]),
    ("dice-yut", &["yut", "best"]),
];

/// The folder of the test vectors.
fn judge_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/judge")
}

/// The vectors of one problem, in order: `(input, output)` from `1.in` and
/// `1.out` on; the folder holds nothing else.
fn vectors(problem: &str) -> Vec<(String, String)> {
    let dir = judge_dir().join(problem);
    let read = |path: &Path| {
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let mut out = Vec::new();
    for n in 1.. {
        let input = dir.join(format!("{n}.in"));
        if !input.exists() {
            break;
        }
        out.push((read(&input), read(&dir.join(format!("{n}.out")))));
    }
    assert!(!out.is_empty(), "no vectors in {}", dir.display());
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        files,
        2 * out.len(),
        "{}: files besides the vectors",
        dir.display()
    );
    out
}

/// Runs `args` on `input` through stdin and, with CRLF line ends, through a
/// file argument; both must exit with status 0 and print exactly `output`
/// and nothing on stderr.
fn judge(args: &[&str], name: &str, input: &str, output: &str) {
    boardkit()
        .args(args)
        .write_stdin(input)
        .assert()
        .success()
        .stdout(output.to_string())
        .stderr("");
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("judge-{name}.txt"));
    std::fs::write(&path, input.replace('\n', "\r\n")).unwrap();
    boardkit()
        .args(args)
        .arg(&path)
        .assert()
        .success()
        .stdout(output.to_string())
        .stderr("");
}

/// Checks every vector of `problem`.
fn run(problem: &str) {
    let (_, args) = PROBLEMS.iter().find(|(p, _)| *p == problem).unwrap();
    for (n, (input, output)) in vectors(problem).iter().enumerate() {
        judge(args, &format!("{problem}-{}", n + 1), input, output);
    }
}

#[test]
fn max_tile_samples() {
    run("2048-max-tile");
}

#[test]
fn legal_moves_samples() {
    run("2048-legal-moves");
}

#[test]
fn board_cover_samples() {
    run("board-cover");
}

#[test]
fn sokoban_replay_samples() {
    run("sokoban-replay");
}

#[test]
fn dice_yut_samples() {
    run("dice-yut");
    // The four samples at once, one answer per line.
    let samples = vectors("dice-yut");
    let inputs: String = samples.iter().map(|(i, _)| i.as_str()).collect();
    let outputs: String = samples.iter().map(|(_, o)| o.as_str()).collect();
    judge(&["yut", "best"], "dice-yut-all", &inputs, &outputs);
}

/// Every folder of vectors is a problem the tests above run.
#[test]
fn every_vector_folder_is_run() {
    let mut folders: Vec<String> = std::fs::read_dir(judge_dir())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    folders.sort();
    let mut problems: Vec<&str> = PROBLEMS.iter().map(|(p, _)| *p).collect();
    problems.sort_unstable();
    assert_eq!(folders, problems);
}

/// The samples of a spec, in order: the fenced blocks of its `## Sample…`
/// sections taken in pairs (input, output), then the rows of a table there
/// (`` | `input` | `output` | ``); each with one final newline.
fn spec_samples(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut rows = Vec::new();
    let mut in_samples = false;
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            in_samples = heading.starts_with("Sample");
            continue;
        }
        if !in_samples {
            continue;
        }
        if line.trim_end() == "```" {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = current.as_mut() {
            block.push_str(line);
            block.push('\n');
        } else if line.starts_with("| `") {
            let cells: Vec<&str> = line.split('`').collect();
            rows.push((format!("{}\n", cells[1]), format!("{}\n", cells[3])));
        }
    }
    assert!(blocks.len() % 2 == 0, "an input block without its output");
    let mut samples: Vec<(String, String)> = blocks
        .chunks(2)
        .map(|pair| (pair[0].clone(), pair[1].clone()))
        .collect();
    samples.extend(rows);
    samples
}

/// The vectors are exactly the samples of the specs, so they cannot drift
/// from them; every spec is a problem here.
#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/specs beside the checkout (not in a clone)"
)]
fn vectors_are_the_specs_samples() {
    for (problem, _) in PROBLEMS {
        let samples = spec_samples(&shared_data::read(&format!("specs/{problem}.md")));
        assert!(!samples.is_empty(), "{problem}.md: no samples found");
        assert_eq!(vectors(problem), samples, "{problem}");
    }
    let mut specs: Vec<String> = std::fs::read_dir(shared_data::root().join("specs"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name != "README.md")
        .collect();
    specs.sort();
    let mut problems: Vec<String> = PROBLEMS.iter().map(|(p, _)| format!("{p}.md")).collect();
    problems.sort();
    assert_eq!(specs, problems);
}
