//! Counts the coverings of a full H x W rectangle exactly, and draws one.
//!
//! `cargo run --release -p boardkit-cover --example count -- 8x8 domino`
//! (the size, then a piece set: `l3` by default, or `domino`, `i3`, unions
//! such as `l3+i3`).

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use boardkit_cover::{count_rectangle, find_covering_rectangle, Limits, PieceSet};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().and_then(|s| {
        let (h, w) = s.split_once('x')?;
        Some((h.parse::<usize>().ok()?, w.parse::<usize>().ok()?))
    });
    let Some((height, width)) = size.filter(|&(h, w)| h > 0 && w > 0) else {
        eprintln!("usage: count HxW [PIECES]   (e.g. count 8x8 domino)");
        return ExitCode::from(2);
    };
    let name = args.get(1).map_or("l3", String::as_str);
    let Some(pieces) = PieceSet::named(name) else {
        eprintln!("error: no piece set named `{name}` (try l3, domino, i3, l3+i3)");
        return ExitCode::FAILURE;
    };
    // The rectangle functions never build a board that cannot fit the limits.
    let limits = Limits::default();
    let mut out = String::new();
    match count_rectangle(height, width, &pieces, &limits) {
        Ok(counted) => {
            let _ = writeln!(
                out,
                "{height} x {width} by {name}: {} coverings",
                counted.count
            );
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    match find_covering_rectangle(height, width, &pieces, &limits) {
        Ok(Some(covering)) => {
            for row in covering.rows() {
                let _ = writeln!(out, "{row}");
            }
        }
        Ok(None) => out.push_str("no covering\n"),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    // A reader that has gone (`| head`) is not an error worth reporting.
    let _ = std::io::stdout().write_all(out.as_bytes());
    ExitCode::SUCCESS
}
