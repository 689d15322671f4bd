//! What every test of the binary shares: the binary, run with its home,
//! cache and data directories inside this test target's own temporary
//! folder, so that no test writes into the user's real `~/.cache` (the
//! 2048 lookup tables) or `~/.local/share` (the high scores).

// Each test crate includes this module and uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The folder that stands in for the user's home in every test.
pub fn home() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("home")
}

/// The environment that points every per-user directory into [`home`].
pub fn private_dirs() -> [(&'static str, PathBuf); 4] {
    dirs_in(&home())
}

/// The environment that points every per-user directory into `home`.
pub fn dirs_in(home: &Path) -> [(&'static str, PathBuf); 4] {
    [
        ("HOME", home.to_path_buf()),
        ("XDG_CACHE_HOME", home.join(".cache")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_CONFIG_HOME", home.join(".config")),
    ]
}

/// The binary, with [`private_dirs`].
pub fn boardkit() -> assert_cmd::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_boardkit"));
    cmd.envs(private_dirs());
    assert_cmd::Command::from_std(cmd)
}

/// Starts `command` (a `boardkit serve …`, its stderr already set) with its
/// stdout piped, and reads the address from the line it prints once bound
/// (`boardkit: serving on http://ADDR/`); kills it and fails on any other
/// line.
#[allow(clippy::panic)]
pub fn serving(command: &mut std::process::Command) -> (std::process::Child, String) {
    use std::io::BufRead;

    let mut child = command
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start boardkit serve: {e}"));
    let mut line = String::new();
    if let Some(out) = child.stdout.as_mut() {
        let _ = std::io::BufReader::new(out).read_line(&mut line);
    }
    let addr = line
        .trim_end()
        .strip_prefix("boardkit: serving on http://")
        .and_then(|rest| rest.strip_suffix('/'))
        .map(str::to_string);
    match addr {
        Some(addr) => (child, addr),
        None => {
            let _ = child.kill();
            panic!("unexpected first line: {line:?}")
        }
    }
}
