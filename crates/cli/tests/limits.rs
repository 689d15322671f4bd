//! Every limit option with a tiny value: the command stops cleanly with its
//! documented message and exit status, and prints nothing partial.
//!
//! The inputs are chosen so that the work takes far longer (or far more
//! memory) than the limit allows; nothing here measures speed.

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

/// The binary on `args`.
fn boardkit(args: &[&str]) -> Output {
    common::boardkit().args(args).output().unwrap()
}

fn dense20() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/g2048/dense20.txt")
        .to_str()
        .unwrap()
        .to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Asserts a failure with status 1, nothing on stdout, and a first stderr
/// line starting with `start`.
fn assert_stopped(out: &Output, start: &str) {
    assert_eq!(out.status.code(), Some(1), "{}", stderr(out));
    assert!(out.stdout.is_empty(), "stdout: {}", stdout(out));
    let err = stderr(out);
    assert!(err.starts_with(start), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "stderr: {err}");
}

#[test]
fn max_tile_time_limit() {
    let out = boardkit(&[
        "2048",
        "max-tile",
        "--moves",
        "30",
        "--time-limit",
        "0.001",
        &dense20(),
    ]);
    assert_stopped(
        &out,
        "error: not solved within the time limit of 0.001 s (--moves 30, ",
    );
    assert!(stderr(&out).ends_with("boards searched); raise --time-limit\n"));
    let out = boardkit(&[
        "2048",
        "max-tile",
        "--moves",
        "30",
        "--show",
        "--time-limit",
        "0.001",
        &dense20(),
    ]);
    assert_stopped(&out, "error: not solved within the time limit of 0.001 s");
}

#[test]
fn max_tile_memory_limit_only_slows_the_search() {
    let args = ["2048", "max-tile", "--moves", "6", "--show"];
    let full = boardkit(&[&args[..], &[&dense20()]].concat());
    let tiny = boardkit(&[&args[..], &["--memory-limit", "1K", &dense20()]].concat());
    assert!(full.status.success() && tiny.status.success());
    assert_eq!(stdout(&tiny), stdout(&full));
    assert!(tiny.stderr.is_empty());
}

#[test]
fn ai_time_limit_stops_every_game_where_it_stands() {
    let out = boardkit(&[
        "2048",
        "ai",
        "--games",
        "3",
        "--time-limit",
        "0.001",
        "--no-timing",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let games: Vec<&str> = text.lines().skip(1).take(3).collect();
    assert_eq!(games.len(), 3, "{text}");
    for g in games {
        assert!(g.ends_with("(stopped at --time-limit)"), "{text}");
    }
    assert!(text.contains("\n3 games from seed 1"), "{text}");
}

#[test]
fn hint_time_limit_answers_with_the_deepest_search_finished() {
    let board = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("limits-hint.txt");
    std::fs::write(&board, "4\n2 2 0 0\n4 0 0 0\n0 0 0 0\n0 0 0 0\n").unwrap();
    let out = boardkit(&[
        "2048",
        "hint",
        "--depth",
        "12",
        "--time-limit",
        "0.000001",
        board.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("best move: "), "{text}");
    let depth: u32 = text
        .split("(depth ")
        .nth(1)
        .and_then(|t| t.split(',').next())
        .and_then(|d| d.parse().ok())
        .unwrap();
    assert!((1..=12).contains(&depth), "{text}");
}

#[test]
fn cover_time_and_memory_limits() {
    let out = boardkit(&["cover", "count", "--rect", "21x21", "--time-limit", "0.001"]);
    assert_stopped(
        &out,
        "error: --rect 21x21: not solved within the time limit of 0.001 s (stopped after ",
    );
    for cmd in ["count", "show"] {
        let out = boardkit(&["cover", cmd, "--rect", "30x30", "--memory-limit", "1M"]);
        assert_stopped(
            &out,
            "error: --rect 30x30: the frontier tables need more than the memory limit of 1 MiB (",
        );
        assert!(stderr(&out).ends_with("; raise --memory-limit\n"));
    }
}

/// Asserts an error, exit status 1 and nothing on stdout, with exactly
/// `line` on stderr.
fn assert_refused(out: &Output, line: &str) {
    assert_stopped(out, line);
    assert_eq!(stderr(out), format!("{line}\n"));
}

#[test]
fn cover_boards_past_the_hard_limit() {
    // 10^10 cells are not a multiple of 3: no covering, known before any
    // board is made.
    let out = boardkit(&["cover", "count", "--rect", "100000x100000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0\n");
    let out = boardkit(&["cover", "show", "--rect", "100000x100000"]);
    assert_eq!(stdout(&out), "case 1: no covering\n");
    assert!(out.stderr.is_empty());
    // 99999 x 100000 and 19998 x 20000 are: their frontier is refused.
    for cmd in ["count", "show"] {
        assert_refused(
            &boardkit(&["cover", cmd, "--rect", "99999x100000"]),
            "error: --rect 99999x100000: a white region spanning 99999 x 100000 cells is too wide \
             for these pieces: its frontier needs 100001 bits, at most 64",
        );
        assert_refused(
            &boardkit(&["cover", cmd, "--rect", "19998x20000"]),
            "error: --rect 19998x20000: a white region spanning 19998 x 20000 cells is too wide \
             for these pieces: its frontier needs 20000 bits, at most 64",
        );
    }
    assert_eq!(
        stdout(&boardkit(&["cover", "count", "--rect", "20000x20000"])),
        "0\n"
    );
}

/// A piece file holding one horizontal bar of three cells: its frontier is
/// 3 bits however wide the board.
fn bar() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("limits-bar.txt");
    std::fs::write(&path, "piece\n###\n").unwrap();
    path
}

#[test]
fn cover_boards_past_the_memory_limit_before_they_are_made() {
    // Narrow enough (60 cells), but 1.8 * 10^9 cells with 4 placements
    // each (8 bytes apiece).
    for cmd in ["count", "show"] {
        assert_refused(
            &boardkit(&["cover", cmd, "--rect", "60x30000000"]),
            "error: --rect 60x30000000: a 60 x 30000000 board and its scan need more than the \
             memory limit of 4 GiB (69.5 GiB before the first frontier table); raise --memory-limit",
        );
        assert_refused(
            &boardkit(&[
                "cover",
                cmd,
                "--rect",
                "60x300000",
                "--memory-limit",
                "256M",
            ]),
            "error: --rect 60x300000: a 60 x 300000 board and its scan need more than the \
             memory limit of 256 MiB (711.8 MiB before the first frontier table); raise --memory-limit",
        );
    }
    // 20001 x 20000 for bars: a 3-bit frontier, but 4 * 10^8 cells.
    let bar = bar();
    assert_refused(
        &boardkit(&[
            "cover",
            "count",
            "--rect",
            "20001x20000",
            "--pieces",
            bar.to_str().unwrap(),
        ]),
        "error: --rect 20001x20000: a 20001 x 20000 board and its scan need more than the \
         memory limit of 4 GiB (6.7 GiB before the first frontier table); raise --memory-limit",
    );
}

#[test]
fn cover_time_limit_while_preparing() {
    // The board's scan is being built when the clock runs out: no cell
    // counted yet.
    let bar = bar();
    let out = boardkit(&[
        "cover",
        "count",
        "--rect",
        "2001x2000",
        "--pieces",
        bar.to_str().unwrap(),
        "--time-limit",
        "0.000001",
    ]);
    assert_refused(
        &out,
        "error: --rect 2001x2000: not solved within the time limit of 0.000001 s \
         (stopped after 0 of 4002000 cells); raise --time-limit",
    );
}

#[test]
fn cover_drawing_past_the_memory_limit() {
    // 3 x 30000 has 2^15000 coverings (each 3 x 2 block two ways): the
    // count fits in 9 MiB, the drawing of 30000 pieces does not.
    let count = boardkit(&[
        "cover",
        "count",
        "--rect",
        "3x30000",
        "--memory-limit",
        "9M",
    ]);
    assert!(count.status.success(), "{}", stderr(&count));
    let digits = stdout(&count);
    // floor(15000 log10 2) + 1 digits; 2^15000 ends in 6 (15000 = 0 mod 4).
    assert_eq!(digits.len(), 4516 + 1);
    assert!(digits.ends_with("6\n"));
    assert_refused(
        &boardkit(&["cover", "show", "--rect", "3x30000", "--memory-limit", "9M"]),
        "error: --rect 3x30000: the covering and its drawing need more than the memory limit of \
         9 MiB (12.2 MiB for 30000 pieces); raise --memory-limit",
    );
    let show = boardkit(&[
        "cover",
        "show",
        "--rect",
        "3x30000",
        "--memory-limit",
        "20M",
    ]);
    assert!(show.status.success(), "{}", stderr(&show));
    let text = stdout(&show);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0], "case 1:");
    assert!(rows[1..]
        .iter()
        .all(|r| r.len() == 30000 && r.bytes().all(|b| b.is_ascii_uppercase())));
}

#[test]
fn yut_time_and_memory_limits() {
    let rolls = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad-input/yut-clean.txt");
    let rolls = rolls.to_str().unwrap();
    let out = boardkit(&["yut", "best", "-p", "8", "--time-limit", "0.000001", rolls]);
    assert_stopped(
        &out,
        "error: line 1: not solved within limit: out of time; raise --time-limit",
    );
    let out = boardkit(&["yut", "best", "-p", "8", "--memory-limit", "1K", rolls]);
    assert_stopped(
        &out,
        "error: line 1: not solved within limit: more than 32 positions to keep; raise --memory-limit",
    );
}

/// A 250 x 250 room: the solver's tables for it need far more than 1 MB.
fn big_level() -> PathBuf {
    let mut rows: Vec<Vec<u8>> = vec![vec![b' '; 250]; 250];
    for (r, row) in rows.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            if r == 0 || c == 0 || r == 249 || c == 249 {
                *cell = b'#';
            }
        }
    }
    rows[1][1] = b'@';
    rows[2][2] = b'$';
    rows[5][5] = b'$';
    rows[3][3] = b'.';
    rows[247][247] = b'.';
    let mut text = String::from("; big room\n");
    for row in rows {
        text.push_str(std::str::from_utf8(&row).unwrap());
        text.push('\n');
    }
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("limits-big-room.xsb");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn sokoban_solve_time_and_memory_limits() {
    // Level 12 needs 2,205 nodes for the fewest moves; the clock is read
    // at least every 1,024.
    let out = boardkit(&[
        "sokoban",
        "solve",
        "--level",
        "12",
        "--optimal",
        "moves",
        "--time-limit",
        "0.000001",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("level 12 \"Quartet\": unsolved: time limit reached after "),
        "{text}"
    );
    assert!(
        text.contains("\nsolved 0 of 1 (no solution 0, unsolved 1);"),
        "{text}"
    );
    // Refused before the search starts: 0 nodes, all the time in set-up.
    let big = big_level();
    let out = boardkit(&[
        "sokoban",
        "solve",
        big.to_str().unwrap(),
        "--memory-limit",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.starts_with("level 1 \"big room\": unsolved: memory limit reached after "),
        "{text}"
    );
    assert!(
        text.lines().next().unwrap().contains(" (0 nodes, 0.0"),
        "{text}"
    );
    assert!(
        text.lines()
            .next()
            .unwrap()
            .ends_with(" s of it setting up the level's tables)"),
        "{text}"
    );
}
