//! XSB collections (run-length rows, titles, comments): arbitrary bytes
//! through the parser; a parsed collection written as XSB and parsed again
//! must be equal, and writing it again must give the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use boardkit_sokoban::xsb;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(levels) = xsb::parse_collection(text) else {
        return;
    };
    let written = xsb::write_collection(&levels);
    let again = match xsb::parse_collection(&written) {
        Ok(again) => again,
        Err(e) => panic!("written collection does not parse: {e}\n{written}"),
    };
    assert_eq!(again, levels);
    assert_eq!(xsb::write_collection(&again), written);
});
