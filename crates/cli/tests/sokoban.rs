//! `boardkit sokoban replay` and `verify` as a user runs them: exact
//! output, exit status, and where warnings and errors go.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;

/// Two games of my own: a box pushed twice onto its goal (the keys after
/// that are ignored), and a worker that steps onto a goal and off again,
/// pushes a box once and then into a wall.
const GAMES_IN: &str = "4 6
######
#wb.+#
#....#
######
RRLL
5 5
#####
#+w.#
#.b.#
#...#
#####
LDUDRR
0 0
";

const GAMES_OUT: &str = "Game 1: complete
######
#..wB#
#....#
######
Game 2: incomplete
#####
#+..#
#.wb#
#...#
#####
";

#[test]
fn replay_is_byte_exact() {
    boardkit()
        .args(["sokoban", "replay"])
        .write_stdin(GAMES_IN)
        .assert()
        .success()
        .stdout(GAMES_OUT)
        .stderr("");
    // CRLF input and a missing `0 0` are fine.
    let crlf = GAMES_IN.replace("0 0\n", "").replace('\n', "\r\n");
    boardkit()
        .args(["sokoban", "replay", "-"])
        .write_stdin(crlf)
        .assert()
        .success()
        .stdout(GAMES_OUT);
}

#[test]
fn replay_json() {
    let out = boardkit()
        .args(["sokoban", "replay", "--json"])
        .write_stdin(GAMES_IN)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["complete"], true);
    assert_eq!(lines[0]["keys_used"], 2);
    assert_eq!(lines[1]["complete"], false);
    assert_eq!(lines[1]["keys_used"], 6);
    assert_eq!(lines[1]["board"][2], "#.wb#");
}

#[test]
fn replay_bad_input_is_an_error_without_output() {
    boardkit()
        .args(["sokoban", "replay"])
        .write_stdin("4 5\n#####\n#wb+#\n#...#\n#####\nRQ\n0 0\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: case 1, line 6, column 2: unknown key `Q` (expected U, D, L or R)\n");
}

const TWO: &str =
    "; one\n#######\n#@ $ .#\n#######\n\n; two\n'Second'\n######\n#@$ .#\n#  $.#\n######\n";

fn write_temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("boardkit-sokoban-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn verify_one_solution() {
    let levels = write_temp("two.xsb", TWO);
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solution", "RRldR"])
        .assert()
        .success()
        .stdout("level 2 \"Second\": solved in 5 moves, 3 pushes\n")
        .stderr("");
    // Case mismatches are warnings on stderr.
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solution", "rrLDr"])
        .assert()
        .success()
        .stdout("level 2 \"Second\": solved in 5 moves, 3 pushes\n")
        .stderr(
            "warning: level 2 \"Second\": 3 pushes written in lower case (first at move 1); \
             LURD writes pushes in upper case\n\
             warning: level 2 \"Second\": 2 moves written in upper case (first at move 3); \
             LURD writes moves that push nothing in lower case\n",
        );
}

#[test]
fn verify_failures_exit_1_with_the_report_on_stderr() {
    let levels = write_temp("two-fail.xsb", TWO);
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "1", "--solution", "rRu"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(
            "error: 1 of 1 solution fails:\nlevel 1 \"one\": illegal move 3 `u`: a wall is in the \
             way (after 2 moves, 1 push)\n",
        );
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solution", "RR"])
        .assert()
        .code(1)
        .stderr(
            "error: 1 of 1 solution fails:\nlevel 2 \"Second\": not solved: 1 box off goals after \
             2 moves, 2 pushes\n",
        );
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solution", "LL"])
        .assert()
        .code(1)
        .stderr(
            "error: 1 of 1 solution fails:\nlevel 2 \"Second\": illegal move 1 `L`: a wall is in \
             the way (after 0 moves, 0 pushes)\n",
        );
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solution", "RRR"])
        .assert()
        .code(1)
        .stderr(
            "error: 1 of 1 solution fails:\nlevel 2 \"Second\": illegal move 3 `R`: the box cannot \
             move: a wall or a box is behind it (after 2 moves, 2 pushes)\n",
        );
}

#[test]
fn verify_a_solutions_file() {
    let levels = write_temp("two-file.xsb", TWO);
    let good = write_temp("good.txt", "; solutions\nrRR\n\nRRldR\n");
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .arg("--solutions")
        .arg(&good)
        .assert()
        .success()
        .stdout(
            "level 1 \"one\": solved in 3 moves, 2 pushes\nlevel 2 \"Second\": solved in 5 moves, \
             3 pushes\n",
        );
    // With --level, the file may hold one line per level of the file.
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "2", "--solutions"])
        .arg(&good)
        .assert()
        .success()
        .stdout("level 2 \"Second\": solved in 5 moves, 3 pushes\n");
    let json = boardkit()
        .args(["sokoban", "verify", "--json"])
        .arg(&levels)
        .arg("--solutions")
        .arg(write_temp("half.txt", "rRR\nRR\n"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(json).unwrap();
    let rows: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["title"], "one");
    assert_eq!(rows[1]["status"], "unsolved");
    assert_eq!(rows[1]["boxes_off_goal"], 1);
    assert_eq!(rows[1]["pushes"], 2);
}

#[test]
fn verify_usage_errors() {
    let levels = write_temp("two-usage.xsb", TWO);
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--solution", "r"])
        .assert()
        .code(1)
        .stderr(
            "error: the file has 2 levels: choose one with --level N, or give --solutions FILE\n",
        );
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "3", "--solution", "r"])
        .assert()
        .code(1)
        .stderr("error: --level 3: the file has 2 levels\n");
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .args(["--level", "1", "--solution", "r?"])
        .assert()
        .code(1)
        .stderr(
            "error: --solution, line 1, column 2: unknown move `?` (expected l u r d L U R D)\n",
        );
    let sols = write_temp("three.txt", "r\nr\nr\n");
    boardkit()
        .args(["sokoban", "verify"])
        .arg(&levels)
        .arg("--solutions")
        .arg(&sols)
        .assert()
        .code(1)
        .stderr(format!(
            "error: {}: 3 solution lines for 2 levels\n",
            sols.display()
        ));
    boardkit()
        .args(["sokoban", "verify", "-", "--solution", "r"])
        .write_stdin("#####\n#@$.#\n#####\n\n#####\n#@$$.#\n#####\n")
        .assert()
        .code(1)
        .stderr("error: line 5: level 2: 2 boxes but 1 goal: they must be equal\n");
    boardkit().args(["sokoban", "verify", "-"]).assert().code(2);
}

#[test]
fn play_checks_its_input_and_needs_a_terminal() {
    boardkit()
        .args(["sokoban", "play", "--level", "13"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: --level 13: the file has 12 levels\n");
    boardkit()
        .args(["sokoban", "play", "-"])
        .write_stdin("#####\n#@$x#\n#####\n")
        .assert()
        .code(1)
        .stderr(
            "error: line 2, column 4: level 1: unknown character `x` in a map row (expected one \
             of # @ + $ * . - _ or space)\n",
        );
    boardkit()
        .args(["sokoban", "play", "-"])
        .write_stdin("; nothing\n")
        .assert()
        .code(1)
        .stderr("error: standard input: no level found\n");
    // Under cargo test, standard output is a pipe.
    boardkit()
        .args(["sokoban", "play"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: sokoban play needs a terminal (standard input and output)\n");
}
