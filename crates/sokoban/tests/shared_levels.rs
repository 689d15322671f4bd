//! The three level sets in `../shared/levels/` load with the right counts
//! and titles, validate, and write back exactly. Ignored when the folder is
//! absent, unless `BOARDKIT_REQUIRE_SHARED=1` requires it (see `shared-data`).

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

use boardkit_sokoban::xsb::{parse_collection, write_collection};
use boardkit_sokoban::Level;

fn shared(name: &str) -> String {
    shared_data::read(&format!("levels/{name}"))
}

fn titles(levels: &[Level]) -> Vec<&str> {
    levels.iter().map(|l| l.title().unwrap_or("")).collect()
}

/// Writing and reading back gives equal levels, and writing again the same
/// text.
fn assert_round_trip(levels: &[Level]) {
    let text = write_collection(levels);
    let again = parse_collection(&text).unwrap();
    assert_eq!(again.len(), levels.len());
    for (a, b) in levels.iter().zip(&again) {
        assert_eq!(a, b);
    }
    assert_eq!(write_collection(&again), text);
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn microban() {
    let levels = parse_collection(&shared("Microban_155.xsb")).unwrap();
    assert_eq!(levels.len(), 155);
    let t = titles(&levels);
    assert_eq!(&t[..3], &["1", "2", "3"]);
    assert_eq!(t[43], "Duh!");
    assert_eq!(t[100], "Lockdown");
    assert_eq!(t[146], "reduction of (Mas Sasquatch 7)");
    assert_eq!(t[154], "The Dungeon");
    // Every unquoted level is titled by its number.
    for (i, title) in t.iter().enumerate() {
        if title.parse::<usize>().is_ok() {
            assert_eq!(*title, (i + 1).to_string());
        }
    }
    assert_eq!(t.iter().filter(|s| s.parse::<usize>().is_ok()).count(), 144);
    // The collection header travels with level 1.
    assert!(levels[0].meta().before[0].starts_with("; Microban (155 puzzles"));
    let first = &levels[0];
    assert_eq!((first.rows(), first.cols()), (7, 6));
    assert_eq!(first.box_count(), 2);
    let last = &levels[154];
    // 30 columns: a trailing space on the last row is not part of the map.
    assert_eq!((last.rows(), last.cols()), (17, 30));
    assert_round_trip(&levels);
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn xsokoban() {
    let levels = parse_collection(&shared("XSokoban_90.xsb")).unwrap();
    assert_eq!(levels.len(), 90);
    for (i, title) in titles(&levels).iter().enumerate() {
        assert_eq!(*title, format!("screen.{:02}", i + 1));
    }
    let first = &levels[0];
    assert_eq!((first.rows(), first.cols()), (11, 19));
    assert_eq!(first.box_count(), 6);
    assert_round_trip(&levels);
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn boxoban_hard() {
    let levels = parse_collection(&shared("boxoban-hard/000.txt")).unwrap();
    assert_eq!(levels.len(), 1000);
    for (i, level) in levels.iter().enumerate() {
        assert_eq!(level.title(), Some(i.to_string().as_str()));
        assert_eq!((level.rows(), level.cols()), (10, 10));
        assert_eq!(level.box_count(), 4);
    }
    assert_round_trip(&levels);
}
