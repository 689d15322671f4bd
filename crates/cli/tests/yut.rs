//! `boardkit yut`: games of my own against the brute-force reference, more
//! hand-checked games, shown lines replayed with the plain rules, JSON, board files, and
//! one test per kind of bad input.

// Test helpers outside #[test] functions fail loudly on purpose.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;
use std::path::PathBuf;

use boardkit_yut::brute::brute_force;
use boardkit_yut::{rules, Board};

/// Runs `yut best` with `args` on `input`; returns stdout, asserting success
/// and a quiet stderr.
fn best(args: &[&str], input: &str) -> String {
    let out = boardkit()
        .args(["yut", "best"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `yut best` expecting a bad-input failure; returns stderr.
fn best_fails(args: &[&str], input: &str) -> String {
    let out = boardkit()
        .args(["yut", "best"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    String::from_utf8(out.stderr).unwrap()
}

/// A file in the test's scratch directory.
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Four ten-roll games of my own (the spec's samples are checked from
/// `../shared/specs` by `specs.rs`).
const GAMES: [&str; 4] = [
    "2 3 1 5 4 2 3 5 1 4",
    "4 4 4 4 4 4 4 4 4 4",
    "3 1 4 1 5 2 2 3 5 1",
    "5 4 3 2 1 5 4 3 2 1",
];

/// The reference's answer for a game: every move sequence tried.
fn reference(game: &str) -> String {
    let rolls: Vec<u8> = game.split(' ').map(|r| r.parse().unwrap()).collect();
    format!("{}\n", brute_force(&Board::standard(), &rolls, 4))
}

#[test]
fn games_match_the_brute_force() {
    for game in GAMES {
        assert_eq!(best(&[], &format!("{game}\n")), reference(game), "{game}");
    }
    // Without the final newline, with CRLF, with a file argument.
    assert_eq!(best(&[], GAMES[0]), reference(GAMES[0]));
    assert_eq!(best(&[], &format!("{}\r\n", GAMES[3])), reference(GAMES[3]));
    let file = scratch("game3.txt", &format!("{}\n", GAMES[2]));
    let out = boardkit()
        .args(["yut", "best"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), reference(GAMES[2]));
}

#[test]
fn several_lines_answer_one_line_each() {
    let input = format!("{}\n\n{}\n{}\n{}\n", GAMES[0], GAMES[1], GAMES[2], GAMES[3]);
    let want: String = GAMES.iter().map(|g| reference(g)).collect();
    assert_eq!(best(&[], &input), want);
}

#[test]
fn hand_checked_games() {
    // One roll: the best first move is 2 x roll.
    assert_eq!(best(&[], "1\n2\n3\n4\n5\n"), "2\n4\n6\n8\n10\n");
    // Fives only: a piece goes 10, b30, end: 40 points; four pieces 160,
    // reached within 11 rolls; the other 989 rolls score nothing.
    assert_eq!(best(&[], &"5 ".repeat(1000)), "160\n");
    // One piece, thirteen ones: 2 4 6 8 10, then the shortcut 13 16 19 25
    // 30 35 40, then the end.
    assert_eq!(best(&["--pieces", "1"], &"1 ".repeat(13)), "208\n");
    // Two pieces, 5 5: the second piece would land on the first, so the
    // first moves on from blue 10 to the 30 after 25.
    assert_eq!(best(&["-p", "2"], "5 5\n"), "40\n");
    // Eight pieces, ten ones: a new piece only ever scores 2, so walking one
    // piece is best, as with four: 2 4 6 8 10 13 16 19 25 30 = 133.
    assert_eq!(best(&["-p", "8"], &"1 ".repeat(10)), "133\n");
}

#[test]
fn shown_lines_replay_to_the_printed_score() {
    let board = Board::standard();
    let long = "3 5 2 4 1 5 3 2 5 4 1 1 2 3 5 5 5 5 4 3 2 1 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5";
    let cases = [
        (1usize, long),
        (2, long),
        (4, long),
        (4, GAMES[0]),
        (6, GAMES[2]),
        (8, "1 1 2 2 3 3 4 4 5 5 1 2"),
    ];
    for (pieces, input) in cases {
        let out = best(&["--show", "--pieces", &pieces.to_string()], input);
        let mut lines = out.lines();
        let score: u32 = lines.next().unwrap().parse().unwrap();
        assert_eq!(
            format!("{score}\n"),
            best(&["-p", &pieces.to_string()], input)
        );
        let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
        assert_eq!(
            header,
            ["turn", "roll", "piece", "from", "to", "points", "score"]
        );
        let rolls: Vec<u8> = input
            .split_whitespace()
            .map(|r| r.parse().unwrap())
            .collect();
        let mut positions = vec![board.start(); pieces];
        let mut running = 0;
        let mut entered = 0;
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), rolls.len());
        for (i, row) in rows.iter().enumerate() {
            let f: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(f.len(), 7, "{row}");
            assert_eq!(f[0], (i + 1).to_string());
            assert_eq!(f[1], rolls[i].to_string());
            if f[2] == "-" {
                assert!(rules::finished(&board, &positions));
                assert_eq!((f[3], f[4], f[5]), ("-", "-", "0"));
            } else {
                let piece: usize = f[2].parse().unwrap();
                // Pieces are numbered in the order they leave the start.
                assert!(piece <= entered + 1);
                entered = entered.max(piece);
                assert_eq!(board.cell(positions[piece - 1]).name, f[3]);
                let points = rules::play(&board, &mut positions, piece - 1, rolls[i]).unwrap();
                assert_eq!(board.cell(positions[piece - 1]).name, f[4]);
                assert_eq!(points.to_string(), f[5]);
                running += points;
            }
            assert_eq!(f[6], running.to_string());
        }
        assert_eq!(running, score);
    }
}

#[test]
fn show_output_is_exact() {
    assert_eq!(
        best(&["--show", "-p", "2"], "5 5 3\n1\n"),
        "\
46
turn  roll  piece  from   to     points  score
   1     5      1  start  10         10     10
   2     5      1  10     b30        30     40
   3     3      2  start  6           6     46

2
turn  roll  piece  from   to     points  score
   1     1      1  start  2           2      2
"
    );
}

#[test]
fn json_has_the_line() {
    let out = best(&["--json", "-p", "1"], "5 5 5 5\n\n2\n");
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["score"], 40);
    assert_eq!(rows[0]["case"], 1);
    assert_eq!(rows[0]["line"], 1);
    assert_eq!(rows[0]["pieces"], 1);
    assert_eq!(rows[0]["rolls"], serde_json::json!([5, 5, 5, 5]));
    let turns = rows[0]["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 4);
    assert_eq!(turns[1]["from"], "10");
    assert_eq!(turns[1]["to"], "b30");
    assert_eq!(turns[2]["to"], "end");
    assert_eq!(turns[3]["piece"], serde_json::Value::Null);
    assert_eq!(turns[3]["score"], 40);
    assert_eq!(rows[1]["case"], 2);
    assert_eq!(rows[1]["line"], 3);
    assert_eq!(rows[1]["score"], 4);
}

#[test]
fn bad_rolls_are_reported_with_their_line() {
    assert_eq!(
        best_fails(&[], "1 2 3\n1 2 6\n"),
        "error: line 2, column 5: roll 6 is outside 1..5\n"
    );
    assert_eq!(
        best_fails(&[], "1 0\n"),
        "error: line 1, column 3: roll 0 is outside 1..5\n"
    );
    assert_eq!(
        best_fails(&[], "1 2 three\n"),
        "error: line 1, column 5: expected a roll from 1 to 5, found `three`\n"
    );
    assert_eq!(
        best_fails(&[], ""),
        "error: line 1: no rolls: expected a line of rolls from 1 to 5\n"
    );
    assert_eq!(
        best_fails(&[], "\n\n"),
        "error: line 2: no rolls: expected a line of rolls from 1 to 5\n"
    );
}

#[test]
fn limits_end_with_a_clear_message() {
    assert_eq!(
        best_fails(&["-p", "8", "--max-states", "50"], "1 2 3 4 5 1 2 3 4 5\n"),
        "error: line 1: not solved within limit: more than 50 positions to keep; raise --max-states\n"
    );
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["--pieces", "9"][..],
        &["--pieces", "0"],
        &["--bogus"],
        &["--time-limit", "soon"],
        &["--time-limit=-1"],
    ] {
        let out = boardkit()
            .args(["yut", "best"])
            .args(args)
            .write_stdin("1\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// A small board where the blue arrow matters: start -> a (1) -> b (2) ->
/// end, and from a the blue arrow to c (10) -> end.
const SMALL: &str = r#"start = "s"
end = "e"

[[cells]]
name = "s"
red = "a"

[[cells]]
name = "a"
number = 1
red = "b"
blue = "c"

[[cells]]
name = "b"
number = 2
red = "e"

[[cells]]
name = "c"
number = 10
red = "e"

[[cells]]
name = "e"
"#;

#[test]
fn custom_boards_from_toml_and_json() {
    let toml = scratch("small.toml", SMALL);
    let toml = toml.to_str().unwrap();
    // 1 1: a (1), then from blue a to c (10).
    // 1 2: a (1), then blue to c and red to the end: 1.
    // Two pieces, 1 1 1: a, c (a is taken), a again: 12.
    assert_eq!(best(&["--board", toml, "-p", "1"], "1 1\n1 2\n"), "11\n1\n");
    assert_eq!(best(&["--board", toml, "-p", "2"], "1 1 1\n"), "12\n");
    let json = boardkit()
        .args(["yut", "board", "--json", "--board", toml])
        .output()
        .unwrap();
    assert!(json.status.success());
    let json = scratch("small.json", &String::from_utf8(json.stdout).unwrap());
    assert_eq!(
        best(&["--board", json.to_str().unwrap(), "-p", "2"], "1 1 1\n"),
        "12\n"
    );
}

#[test]
fn the_printed_standard_board_gives_the_same_answers() {
    let out = boardkit().args(["yut", "board"]).output().unwrap();
    assert!(out.status.success());
    let file = scratch("standard.toml", &String::from_utf8(out.stdout).unwrap());
    let games: String = GAMES.iter().map(|g| format!("{g}\n")).collect();
    let want: String = GAMES.iter().map(|g| reference(g)).collect();
    assert_eq!(best(&["--board", file.to_str().unwrap()], &games), want);
}

#[test]
fn bad_board_files_are_reported_with_their_line() {
    let cycle = scratch(
        "cycle.toml",
        &SMALL.replace(
            "name = \"c\"\nnumber = 10\nred = \"e\"",
            "name = \"c\"\nnumber = 10\nred = \"a\"",
        ),
    );
    let err = best_fails(&["--board", cycle.to_str().unwrap()], "1\n");
    assert_eq!(
        err,
        format!(
            "error: board {}, line 8, column 1: the arrows form a cycle: a -> c -> a\n",
            cycle.display()
        )
    );
    let blue_on_start = scratch(
        "blue-start.toml",
        &SMALL.replace("red = \"a\"", "red = \"a\"\nblue = \"b\""),
    );
    let err = best_fails(&["--board", blue_on_start.to_str().unwrap()], "1\n");
    assert!(
        err.ends_with(
            "line 4, column 1: the start cell `s` cannot have a blue successor: pieces leave the start by its red arrow\n"
        ),
        "{err}"
    );
    let dead_end = scratch(
        "dead-end.toml",
        &SMALL.replace("number = 2\nred = \"e\"", "number = 2"),
    );
    let err = best_fails(&["--board", dead_end.to_str().unwrap()], "1\n");
    assert!(
        err.ends_with(
            "line 14, column 1: cell `b` has no red successor: only the end cell `e` may\n"
        ),
        "{err}"
    );
    let syntax = scratch("syntax.json", "{\"start\": \"s\",\n \"end\": }\n");
    let err = best_fails(&["--board", syntax.to_str().unwrap()], "1\n");
    assert!(err.contains(", line 2, column "), "{err}");
    assert!(err.contains("not a valid board file"), "{err}");
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-board.toml");
    let err = best_fails(&["--board", missing.to_str().unwrap()], "1\n");
    assert!(err.starts_with("error: cannot read "), "{err}");
}

#[test]
fn tour_shows_the_yut_stop() {
    let out = boardkit().args(["tour", "--only", "yut"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with("== yut: best line for 10 known rolls"),
        "{text}"
    );
    assert!(text.contains("    230\n"), "{text}");
}

#[test]
fn large_batches_keep_input_order() {
    // 200 games of 1 to 30 rolls from a fixed generator: the batch (solved
    // on all cores) answers each line as the library does alone.
    let mut x: u64 = 99;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let games: Vec<Vec<u8>> = (0..200)
        .map(|_| {
            let n = (next() % 30 + 1) as usize;
            (0..n).map(|_| (next() % 5) as u8 + 1).collect()
        })
        .collect();
    let input: String = games
        .iter()
        .map(|g| {
            let words: Vec<String> = g.iter().map(u8::to_string).collect();
            words.join(" ") + "\n"
        })
        .collect();
    let mut solver = boardkit_yut::search::Solver::new(&Board::standard(), 3).unwrap();
    let want: String = games
        .iter()
        .map(|g| {
            let score = solver
                .best_score(g, &boardkit_yut::search::Limits::default())
                .unwrap();
            format!("{score}\n")
        })
        .collect();
    assert_eq!(best(&["-p", "3"], &input), want);
    // When several games hit a limit, the first in input order is named.
    let mut lines: Vec<String> = vec!["1 2".to_string(); 100];
    lines[69] = "1 2 3 4 5 1 2 3 4 5".to_string();
    lines[89] = "1 2 3 4 5 1 2 3 4 5".to_string();
    let input = lines.join("\n");
    assert_eq!(
        best_fails(&["-p", "8", "--max-states", "20"], &input),
        "error: line 70: not solved within limit: more than 20 positions to keep; raise --max-states\n"
    );
}
