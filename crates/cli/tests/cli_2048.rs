//! Command-line tests of `boardkit 2048 max-tile` and `boardkit 2048 moves`:
//! hand-worked boards, single moves, and every kind of bad input (message and
//! exit status). The spec samples are checked byte for byte from
//! `../shared/specs` by `specs.rs`.

#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;

/// Runs a command on `input` and returns (status, stdout, stderr).
fn run(args: &[&str], input: impl Into<Vec<u8>>) -> (i32, String, String) {
    let out = boardkit().args(args).write_stdin(input).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn ok(args: &[&str], input: &str) -> String {
    let (code, out, err) = run(args, input);
    assert_eq!(code, 0, "stderr: {err}");
    out
}

/// Asserts a bad-input failure: exit 1, nothing on stdout, this message.
fn fails(args: &[&str], input: impl Into<Vec<u8>>, message: &str) {
    let (code, out, err) = run(args, input);
    assert_eq!(code, 1, "stdout: {out} stderr: {err}");
    assert_eq!(out, "");
    assert_eq!(err, format!("error: {message}\n"));
}

/// Two merges in a row make 16 (left, left); nothing makes 32.
const MAX_TILE_BOARD: &str = "3\n4 4 8\n2 0 2\n0 0 0\n";

/// A lone 2 in the bottom-right corner (left, up), a top row that merges
/// sideways (down, left, right), and a checkerboard with no move.
const MOVES_BOARDS: &str = "3
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 2
2 2 8 16
0 0 0 0
0 0 0 0
0 0 0 0
2 4 2 4
4 2 4 2
2 4 2 4
4 2 4 2
";

const MOVES_ANSWER: &str = "LEFT UP\nDOWN LEFT RIGHT\nNONE\n";

#[test]
fn max_tile_of_a_hand_worked_board() {
    assert_eq!(ok(&["2048", "max-tile"], MAX_TILE_BOARD), "16\n");
}

#[test]
fn max_tile_reads_a_file_argument() {
    let dir = std::env::temp_dir().join(format!("boardkit-2048-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.txt");
    std::fs::write(&path, MAX_TILE_BOARD).unwrap();
    assert_eq!(
        ok(&["2048", "max-tile", path.to_str().unwrap()], ""),
        "16\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn max_tile_budgets_and_show() {
    assert_eq!(ok(&["2048", "max-tile", "-k", "0"], MAX_TILE_BOARD), "8\n");
    // One move makes another 8 at most: the 8 is there already.
    assert_eq!(
        ok(
            &["2048", "max-tile", "--moves", "1", "--show"],
            MAX_TILE_BOARD
        ),
        "8\n-\n"
    );
    assert_eq!(
        ok(&["2048", "max-tile", "--show"], MAX_TILE_BOARD),
        "16\nLL\n"
    );
    // 2 2 4 8: three left moves make 16, and nothing can make 32.
    let row = "4\n2 2 4 8\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    assert_eq!(ok(&["2048", "max-tile", "--show"], row), "16\nLLL\n");
    // Two moves only make 8 8, and the board holds an 8 already.
    assert_eq!(
        ok(&["2048", "max-tile", "--show", "-k", "2"], row),
        "8\n-\n"
    );
    // Already there: `-` for the empty sequence.
    assert_eq!(
        ok(&["2048", "max-tile", "--show"], "1\n1024\n"),
        "1024\n-\n"
    );
}

#[test]
fn max_tile_json() {
    let out = ok(&["2048", "max-tile", "--json"], MAX_TILE_BOARD);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["max_tile"], 16);
    assert_eq!(v["moves"], 5);
    assert_eq!(v["line"], "LL");
    assert_eq!(
        v["board"],
        serde_json::json!([[4, 4, 8], [2, 0, 2], [0, 0, 0]])
    );
}

#[test]
fn worked_single_moves() {
    // Hand-worked single moves as a one-move search on a one-row board
    // padded to a square: the largest tile after the move shows the merge.
    let cases = [
        ("0 4 0 4", "8\n"),     // left: 8 0 0 0
        ("4 4 8 8", "16\n"),    // left: 8 16 0 0
        ("8 8 16 0", "16\n"),   // left: 16 16 0 0, the new 16 stays apart
        ("16 0 16 16", "32\n"), // right: 0 0 16 32
        ("4 2 4 2", "4\n"),     // no sideways move changes it
    ];
    for (row, expected) in cases {
        let input = format!("4\n{row}\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
        assert_eq!(
            ok(&["2048", "max-tile", "-k", "1"], &input),
            expected,
            "{row}"
        );
    }
    // The exact results, through the legal-moves command on 4 x 4 boards.
    let still = "1\n4 2 4 2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    assert_eq!(ok(&["2048", "moves"], still), "DOWN\n");
}

#[test]
fn empty_board_answers_zero() {
    assert_eq!(ok(&["2048", "max-tile"], "2\n0 0\n0 0\n"), "0\n");
}

#[test]
fn moves_of_hand_worked_boards() {
    assert_eq!(ok(&["2048", "moves"], MOVES_BOARDS), MOVES_ANSWER);
}

#[test]
fn moves_whitespace_is_free_and_crlf_bom_are_accepted() {
    let squashed = MOVES_BOARDS
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(ok(&["2048", "moves"], &squashed), MOVES_ANSWER);
    let crlf = format!("\u{feff}{}", MOVES_BOARDS.replace('\n', "\r\n"));
    assert_eq!(ok(&["2048", "moves"], &crlf), MOVES_ANSWER);
}

#[test]
fn moves_win_rule_and_other_sizes() {
    let won = "1\n2048 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    assert_eq!(ok(&["2048", "moves"], won), "NONE\n");
    let three = "2\n0 0 0\n0 2 0\n0 0 0\n2 4 2\n4 2 4\n2 4 2\n";
    assert_eq!(
        ok(&["2048", "moves", "--size", "3"], three),
        "DOWN LEFT RIGHT UP\nNONE\n"
    );
    let big = "1\n4096 0\n0 0\n";
    assert_eq!(
        ok(&["2048", "moves", "--size", "2", "--lenient"], big),
        "NONE\n"
    );
}

#[test]
fn moves_json() {
    let out = ok(&["2048", "moves", "--json"], MOVES_BOARDS);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["moves"], serde_json::json!(["LEFT", "UP"]));
    assert_eq!(lines[2]["moves"], serde_json::json!([]));
    assert_eq!(lines[1]["case"], 2);
    assert_eq!(lines[1]["board"][0], serde_json::json!([2, 2, 8, 16]));
}

#[test]
fn bad_input_wrong_count_of_numbers() {
    fails(
        &["2048", "max-tile"],
        "3\n2 2 2\n4 4\n8 8 8\n",
        "line 3: expected 3 numbers, found 2",
    );
    fails(
        &["2048", "max-tile"],
        "2\n2 2 2\n4 4\n",
        "line 2: expected 2 numbers, found 3",
    );
}

#[test]
fn bad_input_not_a_number() {
    fails(
        &["2048", "max-tile"],
        "2\n2 x\n4 4\n",
        "line 2, column 3: expected a tile value, found `x`",
    );
    fails(
        &["2048", "max-tile"],
        "two\n",
        "line 1, column 1: expected the board size N, found `two`",
    );
}

#[test]
fn bad_input_negative_numbers() {
    fails(
        &["2048", "max-tile"],
        "2\n2 -4\n4 4\n",
        "line 2, column 3: negative number -4",
    );
    fails(
        &["2048", "max-tile"],
        "-2\n",
        "line 1, column 1: negative board size -2",
    );
    fails(
        &["2048", "moves"],
        "-1\n",
        "line 1, column 1: negative number of test cases -1",
    );
}

#[test]
fn bad_input_not_a_power_of_two() {
    fails(
        &["2048", "max-tile"],
        "2\n2 6\n4 4\n",
        "line 2, column 3: 6 is not a tile: expected 0 or a power of two from 2 to 1024 (--lenient accepts larger tiles)",
    );
    fails(
        &["2048", "max-tile"],
        "1\n1\n",
        "line 2, column 1: 1 is not a tile: expected 0 or a power of two from 2 to 1024 (--lenient accepts larger tiles)",
    );
}

#[test]
fn bad_input_out_of_judge_range_unless_lenient() {
    let input = "2\n2048 2\n4 4\n";
    fails(
        &["2048", "max-tile"],
        input,
        "line 2, column 1: 2048 is not a tile: expected 0 or a power of two from 2 to 1024 (--lenient accepts larger tiles)",
    );
    assert_eq!(ok(&["2048", "max-tile", "--lenient"], input), "2048\n");
    fails(
        &["2048", "moves"],
        "1\n4096 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        "case 1, line 2, column 1: 4096 is not a tile: expected 0 or a power of two from 2 to 2048 (--lenient accepts larger tiles)",
    );
    let huge = format!("1\n{}\n", 1u128 << 127);
    assert_eq!(
        ok(&["2048", "max-tile", "--lenient", "-k", "0"], &huge),
        format!("{}\n", 1u128 << 127)
    );
    // One tile cannot merge: any budget is exact.
    assert_eq!(
        ok(&["2048", "max-tile", "--lenient"], &huge),
        format!("{}\n", 1u128 << 127)
    );
    // Two 2^127 tiles add up past what a tile can hold: refused.
    let two = format!("2\n{0} {0}\n0 0\n", 1u128 << 127);
    fails(
        &["2048", "max-tile", "--lenient"],
        two.as_str(),
        "--moves 5 could build a tile above 2^127: at most 0 moves for this board",
    );
}

#[test]
fn bad_input_size_out_of_range() {
    fails(
        &["2048", "max-tile"],
        "21\n",
        "line 1, column 1: board size 21 is outside 1..=20 (--lenient accepts up to 256)",
    );
    fails(
        &["2048", "max-tile"],
        "0\n",
        "line 1, column 1: board size 0 is outside 1..=20 (--lenient accepts up to 256)",
    );
    fails(
        &["2048", "max-tile", "--lenient"],
        "257\n",
        "line 1, column 1: board size 257 is outside 1..=256",
    );
}

#[test]
fn bad_input_missing_line() {
    fails(
        &["2048", "max-tile"],
        "3\n2 2 2\n4 4 4\n",
        "line 3: expected 3 rows, found 2: the input ends early",
    );
    fails(
        &["2048", "moves"],
        "2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n0 0 0 0\n",
        "case 2, line 6: expected 16 numbers for this board, found 4: the input ends early",
    );
}

#[test]
fn bad_input_extra_data() {
    fails(
        &["2048", "max-tile"],
        "1\n2\n2\n",
        "line 3, column 1: unexpected extra data `2` after the last case",
    );
    fails(
        &["2048", "moves"],
        "1\n0 0 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n7\n",
        "line 6, column 1: unexpected extra data `7` after the last case",
    );
}

#[test]
fn bad_input_empty_and_binary() {
    fails(
        &["2048", "max-tile"],
        "",
        "line 1: expected the board size N, found end of input",
    );
    fails(
        &["2048", "moves"],
        "  \n",
        "line 1: expected the number of test cases T, found end of input",
    );
    fails(
        &["2048", "moves"],
        vec![b'1', b'\n', 0xff, 0xfe],
        "line 2: the input is not text (invalid UTF-8 at byte 2)",
    );
}

#[test]
fn bad_input_missing_file() {
    let (code, out, err) = run(&["2048", "max-tile", "/nonexistent/board.txt"], "");
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.starts_with("error: cannot read /nonexistent/board.txt: "),
        "{err}"
    );
}

#[test]
fn usage_errors_exit_2() {
    let (code, out, _) = run(&["2048", "max-tile", "--moves", "65"], MAX_TILE_BOARD);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    let (code, _, _) = run(&["2048", "moves", "--size", "0"], "");
    assert_eq!(code, 2);
    let (code, _, _) = run(&["2048", "bogus"], "");
    assert_eq!(code, 2);
}

#[test]
fn tour_runs_the_2048_stops() {
    let out = ok(&["tour", "--only", "2048"], "");
    assert!(out.contains("== 2048: largest tile within K = 10 moves on a dense 20 x 20 board"));
    assert!(out.contains("answer:\n    8192 after "), "{out}");
    assert!(out.contains("board 2: RIGHT UP"));
    assert!(out.contains("board 5: NONE"));
}
