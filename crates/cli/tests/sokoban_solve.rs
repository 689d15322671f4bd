//! `boardkit sokoban solve` as a user runs it: output per level and the
//! summary, JSON lines, proofs of no solution, limits, bad arguments.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;

fn stdout(args: &[&str], input: Option<&str>) -> String {
    let mut cmd = boardkit();
    cmd.args(args);
    if let Some(i) = input {
        cmd.write_stdin(i);
    }
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn built_in_levels_with_summary() {
    let out = stdout(
        &["sokoban", "solve", "--levels", "1-2", "--optimal", "pushes"],
        None,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("level 1 \"First push\": solved (fewest pushes) in "));
    assert!(
        lines[0].ends_with(": 3 moves, 2 pushes (2 nodes)"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "rRR");
    assert!(lines[2].starts_with("level 2 \"Corner\": solved (fewest pushes) in "));
    assert!(lines[4].starts_with("solved 2 of 2 (no solution 0, unsolved 0); total "));
}

#[test]
fn json_lines_and_no_solution() {
    let levels = "; ok\n#######\n#@ $ .#\n#######\n\n; stuck\n#####\n#$  #\n#  .#\n# @ #\n#####\n";
    let out = stdout(&["sokoban", "solve", "-", "--json"], Some(levels));
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["title"], "ok");
    assert_eq!(rows[0]["status"], "solved");
    assert_eq!(rows[0]["solution"], "rRR");
    assert_eq!(rows[0]["moves"], 3);
    assert_eq!(rows[0]["pushes"], 2);
    assert_eq!(rows[1]["status"], "no solution");
    assert_eq!(rows[1]["solution"], serde_json::Value::Null);
    let text = stdout(&["sokoban", "solve", "-", "--level", "2"], Some(levels));
    assert!(
        text.starts_with("level 2 \"stuck\": no solution (proved in "),
        "{text}"
    );
    assert!(text.contains("solved 0 of 1 (no solution 1, unsolved 0)"));
}

const BIG: &str = "; big
############
#..  #     ###
#..  # $  $  #
#..  #$####  #
#..    @ ##  #
#..  # #  $ ##
###### ##$ $ #
### $  $ $ $ #
###    #     #
##############
";

#[test]
fn limits_are_reported() {
    let out = stdout(
        &[
            "sokoban",
            "solve",
            "-",
            "--optimal",
            "moves",
            "--memory-limit",
            "1",
        ],
        Some(BIG),
    );
    assert!(
        out.starts_with("level 1 \"big\": unsolved: memory limit reached after "),
        "{out}"
    );
    assert!(out.contains("solved 0 of 1 (no solution 0, unsolved 1)"));
    let out = stdout(
        &[
            "sokoban",
            "solve",
            "-",
            "--optimal",
            "pushes",
            "--time-limit",
            "0.001",
            "--json",
        ],
        Some(BIG),
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["status"], "unsolved");
    assert_eq!(v["limit"], "time");
    let out = stdout(
        &[
            "sokoban",
            "solve",
            "-",
            "--optimal",
            "pushes",
            "--node-limit",
            "10",
        ],
        Some(BIG),
    );
    assert!(
        out.starts_with("level 1 \"big\": unsolved: node limit reached after "),
        "{out}"
    );
    assert!(out.contains("(11 nodes)"), "{out}");
}

#[test]
fn jobs_give_the_same_results() {
    let one = stdout(&["sokoban", "solve", "--json", "--optimal", "pushes"], None);
    let two = stdout(
        &[
            "sokoban",
            "solve",
            "--json",
            "--optimal",
            "pushes",
            "--jobs",
            "2",
        ],
        None,
    );
    let strip = |s: &str| -> Vec<(String, String)> {
        s.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                (v["title"].to_string(), v["pushes"].to_string())
            })
            .collect()
    };
    assert_eq!(strip(&one), strip(&two));
    assert_eq!(one.lines().count(), 12);
}

#[test]
fn bad_arguments() {
    for (args, msg) in [
        (
            vec!["--levels", "1-99"],
            "error: --levels 1-99: the file has 12 levels\n",
        ),
        (
            vec!["--level", "13"],
            "error: --level 13: the file has 12 levels\n",
        ),
    ] {
        let mut full = vec!["sokoban", "solve"];
        full.extend(args);
        boardkit()
            .args(&full)
            .assert()
            .code(1)
            .stdout("")
            .stderr(msg);
    }
    boardkit()
        .args(["sokoban", "solve", "--level", "1", "--levels", "1-2"])
        .assert()
        .code(2);
    // Limits, level numbers and ranges are usage errors, parsed as in every
    // command.
    for (args, msg) in [
        (
            ["--levels", "3-1"],
            "error: invalid value '3-1' for '--levels <A-B>': expected A-B with 1 <= A <= B, e.g. 1-20",
        ),
        (
            ["--time-limit", "0"],
            "error: invalid value '0' for '--time-limit <SECONDS>': expected a positive number of seconds",
        ),
        (
            ["--memory-limit", "lots"],
            "error: invalid value 'lots' for '--memory-limit <SIZE>': ",
        ),
        (
            ["--level", "0"],
            "error: invalid value '0' for '--level <N>': expected a level number from 1 to 4294967295",
        ),
    ] {
        let out = boardkit()
            .args(["sokoban", "solve"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with(msg), "{args:?}: {stderr}");
    }
}

#[test]
fn memory_limit_takes_units() {
    let out = stdout(
        &[
            "sokoban",
            "solve",
            "--level",
            "12",
            "--memory-limit",
            "256M",
        ],
        None,
    );
    assert!(out.contains("level 12 \"Quartet\": solved in "), "{out}");
    let out = stdout(
        &["sokoban", "solve", "--level", "12", "--memory-limit", "1K"],
        None,
    );
    assert!(out.contains("unsolved: memory limit reached"), "{out}");
}

#[test]
fn tour_stop_solves() {
    let out = stdout(&["tour", "--only", "sokoban solve"], None);
    assert!(out.contains("== Sokoban: solve three built-in levels"));
    assert!(out.contains("level 12 \"Quartet\": solved in "));
    assert!(out.contains("every solution replayed through the rules"));
}
