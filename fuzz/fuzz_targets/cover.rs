//! BOARDCOVER input: arbitrary bytes through the parser; each parsed board
//! small enough for the backtracking reference is counted by the frontier DP
//! under a small memory budget and must give the reference's count, and a
//! covering must be found exactly when the count is not zero (and be valid).
#![no_main]

use boardkit_cover::{backtrack, count_detailed, find_covering, Limits, PieceSet};
use libfuzzer_sys::fuzz_target;

/// Boards with more cells are only parsed: the reference is exponential.
const MAX_CELLS: usize = 64;
/// White cells the reference may have to cover.
const MAX_WHITE: usize = 30;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cases) = boardkit_cover::format::parse(text) else {
        return;
    };
    let limits = Limits {
        memory: 1 << 20,
        ..Limits::default()
    };
    let sets = ["l3", "domino", "l3+i3"].map(|name| PieceSet::named(name));
    for case in cases.iter().take(4) {
        let board = &case.board;
        if board.height() * board.width() > MAX_CELLS || board.white_count() > MAX_WHITE {
            continue;
        }
        for pieces in sets.iter().flatten() {
            let expected = backtrack::count(board, pieces);
            let counted = match count_detailed(board, pieces, &limits) {
                Ok(counted) => counted,
                Err(e) => panic!("{} on\n{board}: {e}", pieces.name()),
            };
            assert_eq!(counted.count, expected.into(), "{} on\n{board}", pieces.name());
            match find_covering(board, pieces, &limits) {
                Ok(Some(covering)) => {
                    assert!(expected > 0);
                    assert!(covering.is_covering_of(board, pieces));
                }
                Ok(None) => assert_eq!(expected, 0),
                Err(e) => panic!("find_covering, {} on\n{board}: {e}", pieces.name()),
            }
        }
    }
});
