//! The bad-input corpus: every case of `tests/bad-input/cases.txt` (see the
//! format at the top of that file) runs the binary once; the test lists
//! every case whose exit status, stderr or stdout differs from the manifest.
//!
//! Inputs too large to keep in git (a board of 10^6 columns, 10^6 rolls)
//! are generated here, into `@gen/NAME`.

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const MILLION: usize = 1_000_000;

/// The generated inputs, by name.
fn generated(name: &str) -> Vec<u8> {
    let text = match name {
        // 4 x 4 announced, then a row of 10^6 numbers.
        "12100-wide.txt" => format!("4\n{}\n", "2 ".repeat(MILLION)),
        "4577-wide.txt" => format!("1 {MILLION}\n{}\nU\n0 0\n", "#".repeat(MILLION)),
        "xsb-wide.xsb" => format!("{}\n#@$.#\n", "#".repeat(MILLION)),
        // One row of 10^6 white cells: valid, and no L-tromino covers it.
        "cover-wide.txt" => format!("1\n1 {MILLION}\n{}\n", ".".repeat(MILLION)),
        "cover-wide-short.txt" => format!("1\n1 {MILLION}\n{}\n", ".".repeat(MILLION - 1)),
        // 10^6 rows of 3 white cells: narrow enough, but its scan is large.
        "cover-tall.txt" => format!("1\n{MILLION} 3\n{}", "...\n".repeat(MILLION)),
        // 99 x 99 white cells, a multiple of 3: too wide for a frontier.
        "cover-square-99.txt" => {
            format!("1\n99 99\n{}", format!("{}\n", ".".repeat(99)).repeat(99))
        }
        // 10^5 x 10^5 announced, one row given.
        "cover-announced-huge.txt" => format!("1\n100000 100000\n{}\n", ".".repeat(100_000)),
        // Every piece is home long before 10^6 rolls: the same score as 100.
        "yut-million.txt" => format!("{}\n", "5 ".repeat(MILLION)),
        "yut-hundred.txt" => format!("{}\n", "5 ".repeat(100)),
        _ => panic!("no generator for @gen/{name}"),
    };
    text.into_bytes()
}

/// The directory of the corpus: commands run there, so `@FILE` is `FILE`.
fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-input")
}

fn gen_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("bad-input-gen")
}

/// `@gen/NAME` → the generated file (written on first use), `@FILE` →
/// `FILE` (relative to the corpus directory).
fn resolve(word: &str) -> String {
    match word.strip_prefix("@gen/") {
        Some(name) => {
            let path = gen_dir().join(name);
            if !path.exists() {
                std::fs::create_dir_all(gen_dir()).unwrap();
                std::fs::write(&path, generated(name)).unwrap();
            }
            path.to_str().unwrap().to_string()
        }
        None => word.strip_prefix('@').unwrap_or(word).to_string(),
    }
}

/// Runs the binary on `args` with the user's directories in `home`.
fn run_in(args: &str, home: &[(&str, PathBuf)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardkit"))
        .envs(home.iter().cloned())
        .args(args.split_whitespace().map(resolve))
        .current_dir(corpus_dir())
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn run(args: &str) -> Output {
    run_in(args, &common::private_dirs())
}

/// A home of its own for the case on `line`, made empty.
fn fresh_home(line: usize) -> PathBuf {
    let home = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("bad-input-home")
        .join(line.to_string());
    let _ = std::fs::remove_dir_all(&home);
    home
}

/// Every file under `dir`, however deep.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|e| {
            let path = e.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

fn first_line(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

struct Case<'a> {
    line: usize,
    name: &'a str,
    args: &'a str,
    status: i32,
    expect: &'a str,
}

fn cases(text: &str) -> Vec<Case<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.splitn(4, '|').map(str::trim).collect();
            let [name, args, status, expect] = fields[..] else {
                panic!("cases.txt line {}: expected 4 fields: {l}", i + 1);
            };
            Case {
                line: i + 1,
                name,
                args,
                status: status.parse().unwrap(),
                expect,
            }
        })
        .collect()
}

/// What is wrong with one case's run, if anything.
/// A failing case runs in a home of its own, which must stay empty: a
/// command checks its arguments and its input before it does any work (such
/// as building the 2048 lookup tables into the cache).
fn check(case: &Case<'_>) -> Vec<String> {
    let home = fresh_home(case.line);
    let out = if case.status == 0 {
        run(case.args)
    } else {
        run_in(case.args, &common::dirs_in(&home))
    };
    let mut wrong = Vec::new();
    let written = files_under(&home);
    if !written.is_empty() {
        wrong.push(format!("a failing command wrote {written:?}"));
    }
    let stderr = first_line(&out.stderr);
    if out.status.code() != Some(case.status) {
        wrong.push(format!(
            "exit status {:?}, expected {} (stderr: {stderr})",
            out.status.code(),
            case.status
        ));
    }
    let expect = case.expect.replace('@', "");
    if let Some(want) = expect.strip_prefix("stderr: ") {
        if stderr != want {
            wrong.push(format!(
                "stderr's first line is\n      {stderr}\n    expected\n      {want}"
            ));
        }
        if !out.stdout.is_empty() {
            wrong.push(format!("stdout is not empty: {}", first_line(&out.stdout)));
        }
        return wrong;
    }
    if !out.stderr.is_empty() {
        wrong.push(format!("stderr is not empty: {stderr}"));
    }
    if let Some(want) = expect.strip_prefix("stdout: ") {
        let got = first_line(&out.stdout);
        if !got.starts_with(want) {
            wrong.push(format!(
                "stdout's first line is\n      {got}\n    expected it to start with\n      {want}"
            ));
        }
    } else if let Some(other) = case.expect.strip_prefix("same as: ") {
        let reference = run(other);
        if !reference.status.success() {
            wrong.push(format!(
                "the reference `{other}` failed: {}",
                first_line(&reference.stderr)
            ));
        } else if out.stdout != reference.stdout {
            wrong.push(format!(
                "stdout differs from `{other}`: {:?} instead of {:?}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&reference.stdout)
            ));
        }
    } else {
        wrong.push(format!("unknown expectation `{}`", case.expect));
    }
    wrong
}

#[test]
fn every_bad_input_case_gives_its_status_and_message() {
    let text = std::fs::read_to_string(corpus_dir().join("cases.txt")).unwrap();
    let cases = cases(&text);
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut report = String::new();
    for case in &cases {
        for problem in check(case) {
            report.push_str(&format!(
                "cases.txt line {} ({}): `boardkit {}`: {problem}\n",
                case.line, case.name, case.args
            ));
        }
    }
    assert!(report.is_empty(), "mismatches:\n{report}");
}
