//! Baekjoon 4577 input: arbitrary bytes through the parser; every parsed
//! game is replayed, which must keep the number of boxes, and the answer is
//! formatted.
#![no_main]

use libfuzzer_sys::fuzz_target;
use boardkit_sokoban::judge;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cases) = judge::parse(text) else {
        return;
    };
    for case in &cases {
        let end = judge::replay(&case.level, case.keys.iter().copied());
        assert_eq!(end.box_count(), case.level.start().box_count());
        let board = judge::board(&case.level, &end);
        assert_eq!(board.lines().count(), case.level.rows());
    }
    let _ = judge::answer(&cases);
});
