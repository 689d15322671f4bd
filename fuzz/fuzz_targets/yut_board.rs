//! Board files (TOML or JSON): arbitrary bytes through the parser and
//! validation; a parsed board written back in both formats parses to the
//! same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use boardkit_yut::file::{parse_board, to_json, to_toml};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(board) = parse_board(text) else {
        return;
    };
    assert_eq!(parse_board(&to_toml(&board)).ok().as_ref(), Some(&board));
    assert_eq!(parse_board(&to_json(&board)).ok().as_ref(), Some(&board));
});
