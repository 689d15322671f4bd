//! `boardkit cover`: hand-known counts, the other modes, and one test per kind
//! of bad input (message and exit status). The spec sample is checked byte
//! for byte from `../shared/specs` by `specs.rs`.

// Test helpers outside #[test] functions unwrap too.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;

/// 3 x 3 cannot be covered (no piece reaches two corners, and four pieces
/// are twelve cells, more than nine); 2 x 3 has two coverings; the 6 x 6 inside the walls
/// has 162 (OEIS A233807).
const BOARDS: &str = "3
3 3
...
...
...
2 3
...
...
8 8
########
#......#
#......#
#......#
#......#
#......#
#......#
########
";

const COUNTS: &str = "0\n2\n162\n";

fn stdout_of(args: &[&str], stdin: &str) -> String {
    let out = boardkit().args(args).write_stdin(stdin).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a failing command: its stderr, after checking exit status 1 and an
/// empty stdout.
fn error_of(args: &[&str], stdin: &str) -> String {
    let out = boardkit().args(args).write_stdin(stdin).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn hand_known_counts() {
    assert_eq!(stdout_of(&["cover", "count"], BOARDS), COUNTS);
}

#[test]
fn boards_from_a_file_with_crlf() {
    let dir = std::env::temp_dir().join(format!("boardkit-cover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("boards.txt");
    std::fs::write(&path, BOARDS.replace('\n', "\r\n")).unwrap();
    let out = stdout_of(&["cover", "count", path.to_str().unwrap()], "");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out, COUNTS);
}

#[test]
fn rectangles_and_json() {
    assert_eq!(
        stdout_of(&["cover", "count", "--rect", "12x12", "--rect", "2X3"], ""),
        "2033502499954\n2\n"
    );
    let json = stdout_of(&["cover", "count", "--rect", "15x15", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(v["count"], "458324092996867592192");
    assert_eq!(v["white"], 225);
    assert_eq!(v["pieces"], "l3");
    assert_eq!(v["frontier_bits"], 17);
}

#[test]
fn other_piece_sets() {
    assert_eq!(
        stdout_of(
            &["cover", "count", "--rect", "8x8", "--pieces", "domino"],
            ""
        ),
        "12988816\n"
    );
    assert_eq!(
        stdout_of(
            &[
                "cover",
                "count",
                "--rect",
                "4x4",
                "--pieces",
                "domino+l3+i3"
            ],
            ""
        ),
        "1352\n"
    );
    let dir = std::env::temp_dir().join(format!("boardkit-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("squares-and-bars.txt");
    std::fs::write(&path, "// A219967\npiece\n##\n##\npiece rotate\n###\n").unwrap();
    let out = stdout_of(
        &[
            "cover",
            "count",
            "--rect",
            "8x8",
            "--pieces",
            path.to_str().unwrap(),
        ],
        "",
    );
    std::fs::write(&path, "piece\n#.\n.#\n").unwrap();
    let err = error_of(
        &[
            "cover",
            "count",
            "--rect",
            "8x8",
            "--pieces",
            path.to_str().unwrap(),
        ],
        "",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(out, "66653\n");
    assert!(err.ends_with(
        "squares-and-bars.txt: line 1: this piece is not connected: its `#` cells must join through shared edges\n"
    ), "{err}");
}

#[test]
fn show_draws_valid_coverings() {
    let out = stdout_of(&["cover", "show"], BOARDS);
    let mut blocks = out.split("case ");
    assert_eq!(blocks.next(), Some(""));
    assert_eq!(blocks.next(), Some("1: no covering\n"));
    let second = blocks.next().unwrap();
    let rows: Vec<&str> = second.lines().skip(1).collect();
    assert_eq!(rows.len(), 2);
    // Black cells stay `#`, every white cell gets a letter, no colour in a pipe.
    for (row, want) in rows.iter().zip(["...", "..."]) {
        assert_eq!(row.len(), 3);
        for (a, b) in row.chars().zip(want.chars()) {
            assert_eq!(a == '#', b == '#');
            assert!(a == '#' || a.is_ascii_uppercase());
        }
    }
    assert!(!out.contains('\x1b'));
    let third: Vec<&str> = blocks.next().unwrap().lines().collect();
    assert_eq!(third.len(), 9);
    assert_eq!(third[1], "########");
    let json = stdout_of(&["cover", "show", "--json", "--rect", "2x2"], "");
    assert_eq!(json, "{\"case\":1,\"height\":2,\"width\":2,\"pieces\":\"l3\",\"covering\":null,\"placed\":null}\n");
    let coloured = stdout_of(&["cover", "show", "--color", "always", "--rect", "2x3"], "");
    assert!(coloured.contains("\x1b[30;41mA\x1b[0m"), "{coloured:?}");
}

#[test]
fn row_of_wrong_length() {
    assert_eq!(
        error_of(&["cover", "count"], "1\n2 3\n...\n....\n"),
        "error: case 1, line 4: row 2 has 4 characters, expected W = 3\n"
    );
}

#[test]
fn character_other_than_hash_and_dot() {
    assert_eq!(
        error_of(&["cover", "count"], "2\n1 3\n...\n1 3\n.*.\n"),
        "error: case 2, line 5, column 2: unexpected character `*` in a row: expected `#` or `.`\n"
    );
}

#[test]
fn missing_case() {
    assert_eq!(
        error_of(&["cover", "count"], "2\n1 3\n...\n"),
        "error: case 2, line 3: expected the size `H W` of this case, found end of input (C = 2 cases announced)\n"
    );
}

#[test]
fn missing_rows() {
    assert_eq!(
        error_of(&["cover", "show"], "1\n3 3\n...\n"),
        "error: case 1, line 3: expected 3 rows, found 1: the input ends early\n"
    );
}

#[test]
fn zero_height_or_width() {
    assert_eq!(
        error_of(&["cover", "count"], "1\n0 3\n"),
        "error: case 1, line 2, column 1: the height H must be at least 1, found 0\n"
    );
    assert_eq!(
        error_of(&["cover", "count"], "1\n3 0\n"),
        "error: case 1, line 2, column 3: the width W must be at least 1, found 0\n"
    );
}

#[test]
fn board_too_large_for_the_memory_limit() {
    let mut input = String::from("2\n1 3\n...\n24 24\n");
    for _ in 0..24 {
        input.push_str(&".".repeat(24));
        input.push('\n');
    }
    let err = error_of(&["cover", "count", "--memory-limit", "64M"], &input);
    assert!(
        err.starts_with("error: case 2, line 4: the frontier tables need more than the memory limit of 64 MiB ("),
        "{err}"
    );
    assert!(
        err.ends_with("reached it); raise --memory-limit\n"),
        "{err}"
    );
}

#[test]
fn board_too_wide_for_the_frontier() {
    let err = error_of(&["cover", "count", "--rect", "69x69"], "");
    assert_eq!(
        err,
        "error: --rect 69x69: a white region spanning 69 x 69 cells is too wide for these pieces: its frontier needs 71 bits, at most 64\n"
    );
}

#[test]
fn time_limit() {
    let err = error_of(
        &["cover", "count", "--rect", "42x42", "--time-limit", "0.05"],
        "",
    );
    assert!(
        err.starts_with("error: --rect 42x42: not solved within the time limit of 0.05 s"),
        "{err}"
    );
}

#[test]
fn unknown_piece_set() {
    assert_eq!(
        error_of(&["cover", "count", "--pieces", "l4", "--rect", "3x3"], ""),
        "error: unknown piece set `l4`: expected l3, domino, i3, a union such as l3+i3, or a piece file (there is no file `l4`)\n"
    );
}

#[test]
fn extra_data_and_bad_counts() {
    assert_eq!(
        error_of(&["cover", "count"], "1\n1 3\n...\n1 3\n"),
        "error: line 4, column 1: unexpected extra data `1` after the last case\n"
    );
    assert_eq!(
        error_of(&["cover", "count"], "three\n"),
        "error: line 1, column 1: expected the number of test cases C, found `three`\n"
    );
}

#[test]
fn usage_errors_exit_2() {
    let out = boardkit()
        .args(["cover", "count", "--rect", "12"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = boardkit()
        .args(["cover", "count", "--memory-limit", "lots", "--rect", "3x3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_64_by_64_board_with_narrow_regions() {
    // Black everywhere but twenty 2 x 3 blocks (2 coverings each) and one
    // 24 x 6 band, each counted on its own bounding box.
    let mut rows = vec![vec![b'#'; 64]; 64];
    for k in 0..20 {
        let (r, c) = (3 * (k / 5), 4 * (k % 5));
        for row in rows.iter_mut().skip(r).take(2) {
            for cell in row.iter_mut().skip(c).take(3) {
                *cell = b'.';
            }
        }
    }
    for row in rows.iter_mut().skip(30).take(24) {
        for cell in row.iter_mut().skip(40).take(6) {
            *cell = b'.';
        }
    }
    let mut input = String::from("1\n64 64\n");
    for row in &rows {
        input.push_str(std::str::from_utf8(row).unwrap());
        input.push('\n');
    }
    // The band alone, from the same command on a rectangle, times 2^20.
    let band: u128 = stdout_of(&["cover", "count", "--rect", "24x6"], "")
        .trim()
        .parse()
        .unwrap();
    assert!(band > 0);
    let want = band << 20;
    assert_eq!(stdout_of(&["cover", "count"], &input), format!("{want}\n"));
}
