//! The README's examples, run: every ```` ```console ```` block is a session
//! of `$ command` lines, each followed by what it prints, and this test runs
//! each command with bash (in a scratch folder, `boardkit` on the `PATH`) and
//! compares, so that the README cannot go stale.
//!
//! - What a command prints is its standard output, then its standard error
//!   (blank lines at the end are not compared).
//! - `cargo run --release --` in a command stands for `boardkit`.
//! - A line `…` in the expected text stands for any number of lines.
//! - Timings differ from run to run: figures like `0.003 s`, `1.282 ms`,
//!   `3195 moves/s` and JSON `"seconds":0.0001` (and `"setup_seconds"`) are
//!   compared as `#`.
//! - The cache directory (where `2048 ai` and `2048 hint` keep their lookup
//!   tables) is the build's scratch folder, not the user's.
//! - `$ cat FILE` of a file that does not exist yet writes FILE from the
//!   lines shown, so a block can show a file and then use it.
//! - Blocks fenced as ```` ```console timing ```` show a run with its
//!   timing figures, which depend on the machine and its load: they are run
//!   and compared too, with those figures masked as well: the `speed:` line,
//!   and a table column headed `…/s` (numbers that end where its header
//!   ends).
//! - Blocks fenced as ```` ```text ```` (a terminal screen, a run whose output
//!   depends on the machine, a long training) are shown, not run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;

/// One `$ command` and the lines it is documented to print.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
    /// From a ```` ```console timing ```` block.
    timing: bool,
}

/// The examples of every ```` ```console ```` block of `text`, in order.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    let mut timing = false;
    for (i, line) in text.lines().enumerate() {
        if in_console || in_other {
            if line.starts_with("```") {
                in_console = false;
                in_other = false;
            } else if in_console {
                if let Some(command) = line.strip_prefix("$ ") {
                    out.push(Example {
                        line: i + 1,
                        command: command.to_string(),
                        expected: Vec::new(),
                        timing,
                    });
                } else if let Some(last) = out.last_mut() {
                    last.expected.push(line.to_string());
                }
            }
        } else if let Some(info) = line.strip_prefix("```") {
            let info = info.trim();
            in_console = info == "console" || info == "console timing";
            timing = info == "console timing";
            in_other = !in_console;
        }
    }
    out
}

/// `text` with every timing figure replaced by `#`.
fn mask_timings(text: &str) -> String {
    let patterns = [
        (r"\d+(\.\d+)? (ms|s)\b", "# $2"),
        (r"\d+ moves/s", "# moves/s"),
        (r#""(setup_)?seconds":[0-9.e+-]+"#, r#""${1}seconds":#"#),
    ];
    let mut text = text.to_string();
    for (pattern, replacement) in patterns {
        let re = Regex::new(pattern).unwrap();
        text = re.replace_all(&text, replacement).into_owned();
    }
    text
}

/// `text` (a run's output) with its machine-dependent figures replaced by
/// `#`: the timings, the `speed:` line, and every number in a table column
/// headed `…/s` (right-aligned: it ends where the header ends).
fn mask_timing_block(text: &str) -> String {
    let rate = Regex::new(r"\S+/s\b").unwrap();
    let number = Regex::new(r"\d+").unwrap();
    let mut column: Option<usize> = None;
    let mut out = Vec::new();
    for line in mask_timings(text).lines() {
        if line.trim().is_empty() {
            column = None;
        }
        let masked = if line.starts_with("speed: ") {
            "speed: #".to_string()
        } else if let Some(end) = column {
            number
                .replace_all(line, |c: &regex::Captures<'_>| {
                    let m = c.get(0).unwrap();
                    if m.end() == end {
                        "#".to_string()
                    } else {
                        m.as_str().to_string()
                    }
                })
                .into_owned()
        } else {
            line.to_string()
        };
        if column.is_none() && line.starts_with(' ') {
            column = rate.find(line).map(|m| m.end());
        }
        out.push(masked);
    }
    out.join("\n")
}

/// Whether `actual` matches `expected`, where an expected line `…` matches
/// any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| a == first && matches(rest, tail)),
    }
}

/// Runs `command` in `dir` with `bin` first on the `PATH`.
fn run(command: &str, dir: &Path, bin: &Path) -> String {
    let command = command.replace("cargo run --release --", "boardkit");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(&command)
        .current_dir(dir)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .envs(common::private_dirs())
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    text
}

/// A scratch folder of this test's own.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardkit-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_readme_examples_print_what_the_readme_says() {
    let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md");
    let text = std::fs::read_to_string(&readme).unwrap();
    let examples = examples(&text);
    assert!(
        examples.len() > 30,
        "only {} examples found",
        examples.len()
    );
    let bin = Path::new(env!("CARGO_BIN_EXE_boardkit"))
        .parent()
        .unwrap()
        .to_path_buf();
    let dir = scratch();
    let mut failures = Vec::new();
    for ex in &examples {
        if let Some(file) = ex.command.strip_prefix("cat ") {
            let path = dir.join(file.trim());
            if !path.exists() {
                let mut body = ex.expected.join("\n");
                body.push('\n');
                std::fs::write(&path, body).unwrap();
            }
        }
        let mask = if ex.timing {
            mask_timing_block
        } else {
            mask_timings
        };
        let actual = mask(&run(&ex.command, &dir, &bin));
        let mut expected: Vec<String> = mask(&ex.expected.join("\n"))
            .lines()
            .map(str::to_string)
            .collect();
        while expected.last().is_some_and(|l| l.trim().is_empty()) {
            expected.pop();
        }
        let mut lines: Vec<&str> = actual.lines().collect();
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        if !matches(&expected, &lines) {
            failures.push(format!(
                "README.md line {}: $ {}\n--- documented\n{}\n--- printed\n{}",
                ex.line,
                ex.command,
                expected.join("\n"),
                actual.trim_end()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {} README examples differ:\n\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_matcher_takes_ellipses_and_masks_timings() {
    let lines = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&lines(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&lines(&["a", "…"]), &["a"]));
    assert!(!matches(&lines(&["a", "…", "d"]), &["a", "b", "c"]));
    assert!(!matches(&lines(&["a", "b"]), &["a", "b", "c"]));
    assert_eq!(
        mask_timings("solved in 0.003 s: 44 moves (2205 nodes); time: 1.282 ms"),
        "solved in # s: 44 moves (2205 nodes); time: # ms"
    );
    assert_eq!(
        mask_timings(r#"{"seconds":0.000057456,"nodes":5} 3195 moves/s"#),
        r##"{"seconds":#,"nodes":5} # moves/s"##
    );
    let table = "      seed max tile   moves/s\n         7     8192      5431  (stopped)\n        10       64       990\n\n  7 12345\nspeed: 6045 moves/s and more\n";
    assert_eq!(
        mask_timing_block(table),
        "      seed max tile   moves/s\n         7     8192      #  (stopped)\n        10       64       #\n\n  7 12345\nspeed: #"
    );
    let found = examples(
        "x\n```console\n$ echo hi\nhi\n```\n```text\n$ no\n```\n```console timing\n$ date\n```\n",
    );
    assert_eq!(found.len(), 2);
    assert!(!found[0].timing && found[1].timing);
    assert_eq!((found[0].line, found[0].command.as_str()), (3, "echo hi"));
    assert_eq!(found[0].expected, ["hi"]);
}
