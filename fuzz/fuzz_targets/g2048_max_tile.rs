//! Baekjoon 12100 input: arbitrary bytes through the parser (judge and
//! lenient ranges) and, when a board parses, a small search whose answer must
//! agree with the shortest line it reports.
#![no_main]

use boardkit_2048::format::{parse_max_tile, Range};
use boardkit_2048::max_tile::{best_line, max_tile};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for range in [Range::Judge, Range::Lenient] {
        let Ok(board) = parse_max_tile(text, range) else {
            continue;
        };
        if board.size() > 8 {
            continue;
        }
        let best = max_tile(&board, 3);
        let (again, line) = best_line(&board, 3);
        assert_eq!(best, again);
        assert!(line.len() <= 3);
        let mut b = board.clone();
        for &d in &line {
            b.slide(d);
        }
        assert_eq!(b.max_exponent(), best);
        assert!(best >= board.max_exponent());
    }
});
