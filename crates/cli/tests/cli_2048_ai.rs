//! Command-line tests of `2048 ai`, `2048 hint`, `2048 play` and the AI's
//! tour stop.

// Helpers here are test code too.
#![allow(clippy::unwrap_used)]

use assert_cmd::Command;
use predicates::prelude::*;

fn boardkit() -> Command {
    Command::cargo_bin("boardkit").unwrap()
}

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = boardkit().args(args).write_stdin(stdin).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn ai_games_replay_identically_from_a_seed() {
    let args = [
        "2048",
        "ai",
        "--games",
        "3",
        "--seed",
        "11",
        "--until",
        "512",
        "--no-timing",
    ];
    let a = stdout_of(&args, "");
    let b = stdout_of(&args, "");
    assert_eq!(a, b);
    let with_jobs = stdout_of(&[&args[..], &["--jobs", "2"]].concat(), "");
    assert_eq!(a, with_jobs);
    assert!(
        a.starts_with("      seed max tile     score   moves\n"),
        "{a}"
    );
    for seed in ["11", "12", "13"] {
        let row = a
            .lines()
            .find(|l| l.split_whitespace().next() == Some(seed))
            .unwrap();
        let cols: Vec<&str> = row.split_whitespace().collect();
        // Either stopped at 512 or lost before it.
        assert!(
            row.contains("(stopped at --until)") == (cols[1] == "512"),
            "{row}"
        );
    }
    assert!(a.contains(
        "3 games from seed 11, depth 2..=6 (distinct tiles - 5), probability cut-off 0.005"
    ));
    assert!(a.contains("reached  2048:   0.0% (0/3)"));
    assert!(!a.contains("moves/s"));
}

#[test]
fn ai_json_has_games_and_summary() {
    let out = stdout_of(
        &[
            "2048", "ai", "-n", "2", "--seed", "3", "--until", "128", "--depth", "2", "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["seed"], 3);
    assert_eq!(games[1]["seed"], 4);
    assert!(games[0]["seconds"].is_number());
    let s = &v["summary"];
    assert_eq!(s["games"], 2);
    assert_eq!(s["reached"][0]["tile"], 2048);
    let moves: u64 = games.iter().map(|g| g["moves"].as_u64().unwrap()).sum();
    assert_eq!(s["total_moves"], moves);
    assert!(s["moves_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn ai_rejects_bad_settings() {
    boardkit()
        .args(["2048", "ai", "--depth", "2", "--time-per-move", "5"])
        .assert()
        .code(2)
        .stdout("");
    boardkit()
        .args(["2048", "hint", "--min-depth", "2", "--time-per-move", "5"])
        .assert()
        .code(2)
        .stdout("");
    boardkit()
        .args(["2048", "ai", "--prob-cutoff", "1.5"])
        .assert()
        .code(1)
        .stderr("error: --prob-cutoff 1.5 is outside 0 (no cut-off) to 1\n");
    boardkit()
        .args(["2048", "ai", "--until", "100"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: --until 100 is not a tile (a power of two from 2)\n");
    boardkit()
        .args(["2048", "ai", "--depth", "2", "--min-depth", "3"])
        .assert()
        .code(1)
        .stderr("error: --min-depth 3 is deeper than --depth 2\n");
    boardkit()
        .args(["2048", "ai", "--weights", "speed=3"])
        .assert()
        .code(1)
        .stderr(predicate::str::starts_with(
            "error: --weights: unknown weight `speed`",
        ));
}

#[test]
fn depth_offset_sets_the_adaptive_depth() {
    let out = stdout_of(
        &[
            "2048",
            "ai",
            "--until",
            "64",
            "--depth-offset",
            "3",
            "--depth",
            "4",
            "--no-timing",
        ],
        "",
    );
    assert!(out.contains("depth 2..=4 (distinct tiles - 3), probability cut-off 0.005"));
    boardkit()
        .args(["2048", "ai", "--depth-offset", "17"])
        .assert()
        .code(2)
        .stdout("");
}

const OPEN: &str = "4\n2 2 0 0\n4 0 0 0\n0 0 0 0\n0 0 0 0\n";

#[test]
fn hint_prints_the_move_and_each_legal_value() {
    let out = stdout_of(&["2048", "hint", "--depth", "2"], OPEN);
    let lines: Vec<&str> = out.lines().collect();
    let best = lines[0].strip_prefix("best move: ").unwrap();
    assert!(lines[1].starts_with("expected value of each legal move (depth 2,"));
    // UP is illegal here; the other three are listed, best first.
    let listed: Vec<&str> = lines[2..]
        .iter()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(listed.len(), 3);
    assert_eq!(listed[0], best);
    assert!(!listed.contains(&"UP"));
    let values: Vec<f64> = lines[2..]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]));
    let timed = stdout_of(&["2048", "hint", "--time-per-move", "20"], OPEN);
    assert!(timed.starts_with("best move: "), "{timed}");
    let json = stdout_of(&["2048", "hint", "--depth", "2", "--json"], OPEN);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["best"], best);
    assert_eq!(v["ai"], true);
    assert_eq!(v["values"].as_array().unwrap().len(), 3);
}

#[test]
fn hint_explains_other_sizes_and_lost_games() {
    let out = stdout_of(&["2048", "hint"], "3\n2 0 0\n0 0 0\n0 0 2\n");
    assert_eq!(
        out,
        "no AI hint: the AI plays 4 x 4 boards only; this board is 3 x 3\nlegal moves: UP DOWN LEFT RIGHT\n"
    );
    let out = stdout_of(&["2048", "hint"], "4\n2 4 2 4\n4 2 4 2\n2 4 2 4\n4 2 4 2\n");
    assert_eq!(out, "no legal move: the game is over\n");
    boardkit()
        .args(["2048", "hint"])
        .write_stdin("4\n2 2 0\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: line 2: expected 4 numbers, found 3\n");
}

#[test]
fn play_needs_a_terminal() {
    boardkit()
        .args(["2048", "play", "--no-save"])
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: 2048 play needs a terminal (standard input and output)\n");
    boardkit()
        .args(["2048", "play", "--size", "9"])
        .assert()
        .code(2);
}

#[test]
fn tour_plays_an_ai_game_to_2048() {
    boardkit()
        .args(["tour", "--only", "2048 ai"])
        .assert()
        .success()
        .stdout(predicate::str::contains("reached 2048 in "));
}
