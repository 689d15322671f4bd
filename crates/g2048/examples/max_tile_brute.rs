//! The brute-force reference for `boardkit 2048 max-tile`, as a whole
//! program: what a judge contestant submits for Baekjoon 12100 with the
//! move budget as a parameter (all 4^K move sequences, no pruning, no table;
//! the solver is `benches/brute/mod.rs`, which the criterion bench runs too).
//!
//! `max_tile_brute K [FILE]`: reads the board in the 12100 format (N, then
//! N rows of N values) from FILE or standard input and prints the largest
//! tile within K moves. `scripts/bench-2048.sh` times it beside boardkit.

use std::io::Read;
use std::process::ExitCode;

#[path = "../benches/brute/mod.rs"]
mod brute;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(k) = args.first().and_then(|k| k.parse::<u32>().ok()) else {
        eprintln!("usage: max_tile_brute K [FILE]");
        return ExitCode::from(2);
    };
    let text = match args.get(1) {
        Some(path) => std::fs::read_to_string(path),
        None => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map(|_| text)
        }
    };
    let text = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let numbers: Option<Vec<u32>> = text.split_whitespace().map(|t| t.parse().ok()).collect();
    let board = numbers.and_then(|numbers| {
        let (&n, cells) = numbers.split_first()?;
        let n = n as usize;
        (n > 0 && cells.len() == n * n).then(|| cells.chunks(n).map(<[u32]>::to_vec).collect())
    });
    let Some(board) = board else {
        eprintln!("error: expected N and then N rows of N numbers");
        return ExitCode::FAILURE;
    };
    let board: Vec<Vec<u32>> = board;
    println!("{}", brute::max_tile(&board, k));
    ExitCode::SUCCESS
}
