//! LURD solutions: the first line of the input is a solution, the rest a
//! level. A parsed solution written back parses to the same steps, and
//! verifying it never changes the number of boxes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use boardkit_sokoban::{lurd, xsb};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let Ok(steps) = lurd::parse(first) else {
        return;
    };
    let written = lurd::write(&steps);
    assert_eq!(lurd::parse(&written).ok().as_ref(), Some(&steps));
    if let Ok(level) = xsb::parse_level(rest) {
        let verdict = lurd::verify(&level, &steps);
        assert!(verdict.pushes <= verdict.moves);
    }
});
