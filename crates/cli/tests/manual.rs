//! `boardkit completions` and `boardkit man`: made from the clap
//! definitions, so they name every command the binary has.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

mod common;

use common::boardkit;

fn stdout(args: &[&str]) -> String {
    let out = boardkit().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completions_offer_every_game_and_command() {
    let bash = stdout(&["completions", "bash"]);
    assert!(bash.starts_with("_boardkit() {"), "{}", &bash[..40]);
    for word in [
        "2048",
        "sokoban",
        "cover",
        "yut",
        "tour",
        "solve",
        "max-tile",
        "--time-limit",
    ] {
        assert!(bash.contains(word), "bash completion lacks {word}");
    }
    let fish = stdout(&["completions", "fish"]);
    assert!(fish.contains("complete -c boardkit"), "{fish}");
    let zsh = stdout(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef boardkit"), "{}", &zsh[..40]);
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    boardkit()
        .args(["completions", "cmd.exe"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn man_pages_for_the_tool_and_for_one_command() {
    let page = stdout(&["man"]);
    assert!(page.contains(".TH boardkit 1"), "{page}");
    for word in ["sokoban", "cover", "yut", "tour", "completions"] {
        assert!(page.contains(word), "the page lacks {word}");
    }
    let solve = stdout(&["man", "sokoban", "solve"]);
    assert!(solve.contains(".TH boardkit-sokoban-solve 1"), "{solve}");
    assert!(solve.contains("node\\-limit"), "{solve}");
}

/// `--help` states the rule of exit statuses.
#[test]
fn help_states_the_exit_statuses() {
    let help = stdout(&["--help"]);
    assert!(
        help.contains("Exit status: 0 done; 1 bad input data")
            && help.contains("2 a usage error (an unknown option, a bad argument value"),
        "{help}"
    );
}

#[test]
fn man_for_an_unknown_command_says_which_word() {
    boardkit()
        .args(["man", "sokoban", "nope"])
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: `boardkit sokoban` has no command `nope`\n\nFor more information, try '--help'.\n");
}
