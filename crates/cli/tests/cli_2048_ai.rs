//! Command-line tests of `2048 ai`, `2048 hint`, `2048 play` and the AI's
//! tour stop.

// Helpers here are test code too.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;
use predicates::prelude::*;

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
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: invalid value '1.5' for '--prob-cutoff <P>': expected a probability from 0 (no cut-off) up to 1, not 1 itself\n",
        ));
    boardkit()
        .args(["2048", "ai", "--until", "100"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "error: invalid value '100' for '--until <TILE>': expected a tile: a power of two from 2 to 131072\n",
        ));
    boardkit()
        .args(["2048", "ai", "--depth", "2", "--min-depth", "3"])
        .assert()
        .code(2)
        .stderr(format!(
            "error: --min-depth 3 is deeper than --depth 2{}",
            "\n\nFor more information, try '--help'.\n"
        ));
    boardkit()
        .args(["2048", "ai", "--weights", "speed=3"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: invalid value 'speed=3' for '--weights <LIST>': unknown weight `speed`",
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

/// A scratch file in the build's scratch folder (on the checkout's disk:
/// a network is 256 MiB, too big for a small `/tmp`), removed with the
/// files beside it (`.tc`, `.tmp`) when dropped, so a failed assertion
/// leaves nothing behind.
struct TempPath(std::path::PathBuf);

impl TempPath {
    fn new(name: &str) -> TempPath {
        let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
        TempPath(dir.join(format!("boardkit-{}-{name}", std::process::id())))
    }

    fn as_str(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempPath {
    fn drop(&mut self) {
        for suffix in ["", ".tc", ".tmp", ".tc.tmp"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", self.as_str()));
        }
    }
}

#[test]
fn train_saves_a_network_that_ai_and_hint_use() {
    let net = TempPath::new("net.bin");
    let again = TempPath::new("net-again.bin");
    let p = net.as_str();
    let train = [
        "2048", "train", "--games", "30", "--seed", "2", "--every", "10",
    ];
    let out = stdout_of(&[&train[..], &["--out", p]].concat(), "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for (line, games) in lines.iter().zip(["10", "20", "30"]) {
        assert!(
            line.starts_with(&format!("games {games:>9}  mean score")),
            "{line}"
        );
    }
    assert!(lines[3].starts_with("trained 30 games in "), "{out}");
    let bytes = std::fs::read(&net.0).unwrap();
    assert_eq!(bytes.len(), 29 + 4 * 4 * (1 << 24));
    assert!(bytes.starts_with(b"boardkit 2048 n-tuple 4x6 v1\n"));

    // Deterministic: the same seed gives the same file (checkpoints on the
    // way change nothing).
    let a = again.as_str();
    stdout_of(
        &[&train[..], &["--out", a, "--checkpoint", "7"]].concat(),
        "",
    );
    assert!(std::fs::read(&again.0).unwrap() == bytes);
    // --from continues from the saved weights, so the result differs.
    let from = [&train[..], &["--out", a, "--from", p]].concat();
    stdout_of(&from, "");
    assert!(std::fs::read(&again.0).unwrap() != bytes);

    let ai = stdout_of(
        &[
            "2048",
            "ai",
            "--ntuple",
            p,
            "--games",
            "2",
            "--seed",
            "5",
            "--until",
            "128",
            "--no-timing",
        ],
        "",
    );
    assert!(ai.contains("evaluation: n-tuple network "), "{ai}");
    assert!(
        ai.contains("2 games from seed 5, depth 2, probability cut-off 0.005"),
        "{ai}"
    );
    assert!(ai.contains("reached  2048:   0.0% (0/2)"), "{ai}");
    let hint = stdout_of(
        &["2048", "hint", "--ntuple", p],
        "4\n2 2 0 0\n4 0 0 0\n0 0 0 0\n0 0 0 0\n",
    );
    assert!(hint.starts_with("best move: "), "{hint}");
    // The learned strong setting: 2 distinct tiles - 8 is below its minimum.
    assert!(hint.contains("(depth 2, "), "{hint}");
    // UP changes nothing on this board: three legal moves.
    assert_eq!(hint.lines().count(), 2 + 3, "{hint}");

    // Tile downgrading: a 16384 among small tiles, judged from 256 down,
    // is seen as a 128 (a tile these 30 games met), so the values change;
    // a board below the threshold is judged the same either way.
    let late = "4\n16384 4 2 0\n2 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let hint_with = |board: &str, downgrade: &str| {
        stdout_of(
            &["2048", "hint", "--ntuple", p, "--downgrade-from", downgrade],
            board,
        )
    };
    assert_ne!(hint_with(late, "256"), hint_with(late, "off"));
    let early = "4\n64 4 2 0\n2 0 0 0\n0 0 0 0\n0 0 0 0\n";
    assert_eq!(hint_with(early, "256"), hint_with(early, "off"));
    assert!(
        ai.contains(", downgrading from 16384"),
        "the default downgrades from 16384: {ai}"
    );

    // A second stage from 128: trained from the first, it judges the boards
    // holding a 128 (downgraded) in `hint --late-ntuple`.
    let late_net = TempPath::new("late.bin");
    let l = late_net.as_str();
    let staged = stdout_of(
        &[
            "2048",
            "train",
            "--from",
            p,
            "--stage-from",
            "128",
            "--restart",
            "0.8",
            "--restart-tile",
            "128",
            "--games",
            "20",
            "--every",
            "20",
            "--out",
            l,
        ],
        "",
    );
    assert!(staged.contains(" restarted: 256 in "), "{staged}");
    let late_board = "4\n128 4 2 0\n2 0 0 0\n0 0 0 0\n0 0 0 0\n";
    let hint_late = |extra: &[&str]| {
        let args = [
            &["2048", "hint", "--ntuple", p, "--downgrade-from", "128"],
            extra,
        ]
        .concat();
        stdout_of(&args, late_board)
    };
    assert_ne!(hint_late(&["--late-ntuple", l]), hint_late(&[]));
    let ai_late = stdout_of(
        &[
            "2048",
            "ai",
            "--ntuple",
            p,
            "--late-ntuple",
            l,
            "--until",
            "64",
            "--no-timing",
        ],
        "",
    );
    assert!(
        ai_late.contains(&format!(", downgrading from 16384 with late stage {l}")),
        "{ai_late}"
    );
    boardkit()
        .args(["2048", "ai", "--ntuple", p, "--late-ntuple", l])
        .args(["--downgrade-from", "off"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "--late-ntuple needs --downgrade-from",
        ));
    drop(late_net);

    // Coherence sums go beside the network and come back with --from; games
    // played two at a time give the same files on every run.
    let tc = [
        "2048",
        "train",
        "--games",
        "12",
        "--coherence",
        "--jobs",
        "2",
        "--out",
        a,
    ];
    stdout_of(&tc, "");
    let (net1, sums1) = (
        std::fs::read(&again.0).unwrap(),
        std::fs::read(format!("{a}.tc")).unwrap(),
    );
    assert_eq!(sums1.len(), 35 + 8 * 4 * (1 << 24));
    stdout_of(&tc, "");
    assert!(std::fs::read(&again.0).unwrap() == net1);
    assert!(std::fs::read(format!("{a}.tc")).unwrap() == sums1);
    let next = TempPath::new("net-next.bin");
    let n = next.as_str();
    stdout_of(&[&tc[..7], &["--out", n, "--from", a]].concat(), "");
    assert!(std::fs::read(format!("{n}.tc")).unwrap() != sums1);
    drop(next);
    drop(again);

    // Restarts from boards with a 128 are counted apart from fresh games,
    // with the share of them that went on to make a 256.
    let restarts = stdout_of(
        &[
            "2048",
            "train",
            "--games",
            "40",
            "--every",
            "40",
            "--restart",
            "0.5",
            "--restart-tile",
            "128",
            "--out",
            p,
        ],
        "",
    );
    assert!(restarts.contains(" restarted: 256 in "), "{restarts}");

    // A time limit stops after the first game and still saves.
    let quick = stdout_of(
        &[
            "2048",
            "train",
            "--games",
            "1000",
            "--time-limit",
            "0.001",
            "--out",
            p,
        ],
        "",
    );
    assert!(quick.contains("trained 1 games in "), "{quick}");
}

#[test]
fn bad_networks_and_training_settings_are_refused() {
    let garbage = TempPath::new("garbage.bin");
    std::fs::write(&garbage.0, b"this is not a network, only some text\n").unwrap();
    let g = garbage.as_str();
    boardkit()
        .args(["2048", "ai", "--ntuple", g])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("wrong header"));
    boardkit()
        .args(["2048", "hint", "--ntuple", "/nonexistent/net.bin"])
        .write_stdin("4\n2 2 0 0\n4 0 0 0\n0 0 0 0\n0 0 0 0\n")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "error: cannot open /nonexistent/net.bin",
        ));
    boardkit()
        .args(["2048", "train", "--games", "1", "--from", g, "--out", g])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("wrong header"));
    boardkit()
        .args(["2048", "train", "--alpha", "0", "--out", g])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "for '--alpha <A>': expected a learning rate above 0, at most 1",
        ));
    for (flag, value, message) in [
        ("--restart", "1.5", "expected a share from 0 to 1"),
        (
            "--restart-tile",
            "1000",
            "expected a tile: a power of two from 4 to 32768",
        ),
        (
            "--stage-from",
            "3",
            "expected a tile: a power of two from 4 to 32768",
        ),
    ] {
        boardkit()
            .args(["2048", "train", flag, value, "--out", g])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "error: invalid value '{value}' for '{flag} <"
            )))
            .stderr(predicate::str::contains(message));
    }
    boardkit()
        .args(["2048", "ai", "--ntuple", g, "--weights", "empty=1"])
        .assert()
        .code(2);
    boardkit()
        .args(["2048", "ai", "--ntuple", g, "--downgrade-from", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "expected off or a tile: a power of two from 4 to 32768",
        ));
    // Downgrading is a setting of the network only.
    boardkit()
        .args(["2048", "ai", "--downgrade-from", "16384"])
        .assert()
        .code(2);
}

const SNAKE: &str = "4\n16384 8192 4096 2048\n128 256 512 1024\n4 2 2 2\n2 2 0 0\n";

#[test]
fn hint_takes_the_lookup_tables_move_unless_told_not_to() {
    let with = stdout_of(&["2048", "hint", "--depth", "2"], SNAKE);
    assert!(
        with.starts_with("best move: LEFT (lookup table 2x4-128.table: 78.2% to build the 128)\n"),
        "{with}"
    );
    let without = stdout_of(&["2048", "hint", "--depth", "2", "--no-tables"], SNAKE);
    assert!(without.starts_with("best move: UP\n"), "{without}");
    let json = stdout_of(&["2048", "hint", "--depth", "2", "--json"], SNAKE);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["best"], "LEFT");
    assert_eq!(v["table"]["goal"], 128);
}

#[test]
fn a_damaged_table_file_is_rebuilt_with_a_warning() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables-damaged");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let built = stdout_of(&["2048", "tables", "build", "--tables", d], "");
    assert!(built.contains("2x4-256.table"), "{built}");
    assert!(built.contains("53 MiB on disk"), "{built}");
    let small = dir.join("2x4-32.table");
    let whole = std::fs::read(&small).unwrap();
    let mut damaged = whole.clone();
    damaged[1000] ^= 0x10;
    std::fs::write(&small, &damaged).unwrap();
    let big = dir.join("2x4-64.table");
    let big_whole = std::fs::read(&big).unwrap();
    std::fs::write(&big, &big_whole[..big_whole.len() / 2]).unwrap();
    let out = boardkit()
        .args(["2048", "hint", "--depth", "2", "--tables", d])
        .write_stdin(SNAKE)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "2x4-32.table: checksum mismatch: the file is damaged; rebuilding it",
        ))
        .stderr(predicate::str::contains(
            "2x4-64.table: truncated or overlong",
        ));
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("lookup table 2x4-128.table"), "{text}");
    assert_eq!(std::fs::read(&small).unwrap(), whole);
    assert_eq!(std::fs::read(&big).unwrap(), big_whole);
    let again = stdout_of(&["2048", "tables", "build", "--tables", d], "");
    assert_eq!(again.matches("present").count(), 4, "{again}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_over_the_memory_limit_are_left_out() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("tables-limit");
    let _ = std::fs::remove_dir_all(&dir);
    boardkit()
        .args(["2048", "tables", "build", "--memory-limit", "20M"])
        .args(["--tables", dir.to_str().unwrap()])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("2x4-128.table")
                .and(predicate::str::contains("left out (over --memory-limit)")),
        )
        .stderr(predicate::str::contains(
            "lookup table 2x4-256.table left out: building it needs 48 MiB, over the memory limit of 20 MiB",
        ));
    let _ = std::fs::remove_dir_all(&dir);
}
