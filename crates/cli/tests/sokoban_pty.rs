//! `boardkit sokoban play` as a whole program under a pseudo-terminal: it
//! draws the first built-in level, takes arrow keys, shows the solved
//! screen, quits on `q` and prints its summary. Every wait has a timeout,
//! and the child is killed if the test fails, so CI cannot hang here.
#![cfg(unix)]
// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

mod common;

use std::process::Command;
use std::time::Duration;

use expectrl::{Eof, Session};

fn play(args: &str) -> Session {
    // stty sets the terminal size on the child's side before the program
    // starts, so the first frame is drawn at 80 x 24.
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!(
            "stty rows 24 cols 80 && exec \"$0\" sokoban play {args}"
        ))
        .arg(env!("CARGO_BIN_EXE_boardkit"))
        .envs(common::private_dirs());
    let mut session = Session::spawn(cmd).unwrap();
    session.set_expect_timeout(Some(Duration::from_secs(20)));
    session
}

#[test]
fn play_solves_the_first_level_and_quits() {
    let mut p = play("");
    p.expect("boardkit 1/12: First push").unwrap();
    // ratatui skips unchanged cells with cursor moves, so only words that
    // are drawn in one piece can be waited for.
    p.expect("Moves").unwrap();
    // Right arrow three times: a step and two pushes solve level 1.
    p.send("\x1b[C\x1b[C\x1b[C").unwrap();
    p.expect("Solved!").unwrap();
    p.send("n").unwrap();
    p.expect("boardkit 2/12: Corner").unwrap();
    p.send("q").unwrap();
    p.expect("Solved 1 of 12 levels.").unwrap();
    p.expect(Eof).unwrap();
    let status = p.get_process_mut().wait().unwrap();
    assert_eq!(
        status,
        expectrl::WaitStatus::Exited(p.get_process().pid(), 0)
    );
}

#[test]
fn play_a_file_from_a_given_level_and_quit_with_escape() {
    let dir = std::env::temp_dir().join(format!("boardkit-pty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pair.xsb");
    std::fs::write(
        &path,
        "; a\n#####\n#@$.#\n#####\n\n; Second one\n######\n#@$ .#\n######\n",
    )
    .unwrap();
    let mut p = play(&format!("'{}' --level 2", path.display()));
    p.expect("pair 2/2: Second one").unwrap();
    p.send("ll").unwrap();
    p.expect("Solved!").unwrap();
    // Esc alone (no sequence after it) quits.
    p.send("\x1b").unwrap();
    p.expect("Solved 1 of 2 levels.").unwrap();
    p.expect(Eof).unwrap();
}
