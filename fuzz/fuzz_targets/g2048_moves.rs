//! beecrowd 1559 input: arbitrary bytes through the parser; every parsed
//! board's legal moves must agree between the bitboard and the generic board.
#![no_main]

use boardkit_2048::format::{parse_legal_moves, Range};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for (n, range) in [(4, Range::Judge), (3, Range::Lenient)] {
        let Ok(boards) = parse_legal_moves(text, n, range) else {
            continue;
        };
        for board in &boards {
            let generic = board.legal_moves();
            if let Some(bb) = board.to_bitboard() {
                assert_eq!(bb.legal_moves(), generic);
            }
            for dir in boardkit_grid::Dir::ALL {
                assert_eq!(generic.contains(dir), board.slid(dir).1.changed);
            }
        }
    }
});
