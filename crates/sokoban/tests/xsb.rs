//! The XSB reader and writer on hand-made inputs: every feature of the
//! format, every validation error with its place, and exact round trips.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

use boardkit_grid::{Dir, Pos};
use boardkit_sokoban::xsb::{
    field, map_rows, parse_collection, parse_level, write_collection, write_level,
};
use boardkit_sokoban::{Level, LevelError, Tile};

fn err(text: &str) -> String {
    parse_collection(text).unwrap_err().to_string()
}

#[test]
fn ragged_rows_are_padded_and_dashes_are_floor() {
    let level = parse_level("  ####\n###_ #\n#@$-.#\n######\n").unwrap();
    assert_eq!((level.rows(), level.cols()), (4, 6));
    let tiles = level.tiles(level.start());
    assert_eq!(tiles[0][0], Tile::Floor);
    assert!(level.is_outside(level.cell(0, 0).unwrap()));
    assert!(level.is_floor(level.cell(1, 3).unwrap()));
    assert!(!level.is_outside(level.cell(1, 3).unwrap()));
    assert_eq!(
        map_rows(&level, level.start()),
        ["  ####", "###  #", "#@$ .#", "######"]
    );

    // A short row is padded on the right, so a gap there is open.
    let open = parse_level("#####\n#@$.\n#####\n").unwrap_err();
    assert_eq!((open.line, open.column), (Some(2), Some(5)));
    assert!(parse_level("#####\n#@$.#\n####\n").is_ok());
}

#[test]
fn run_length_encoding() {
    let plain = parse_level("#######\n#@ $ .#\n#######\n").unwrap();
    let rle = parse_level("7#\n#@-$-.#\n7#\n").unwrap();
    let one_line = parse_level("7#|#@-$-.#|7#\n").unwrap();
    let split = parse_level("7#|#@-$-.#\n7#\n").unwrap();
    for level in [&rle, &one_line, &split] {
        assert_eq!(
            map_rows(level, level.start()),
            map_rows(&plain, plain.start())
        );
    }
    let wide = parse_level("12#\n#@10-#\n#$10.#\n#11-$\n12#\n").unwrap_err();
    assert_eq!(
        wide.message,
        "level 1: 2 boxes but 10 goals: they must be equal"
    );
    let big = parse_level("12#\n#@2$7-#\n#6-2.2-#\n12#\n").unwrap();
    assert_eq!(big.cols(), 12);
    assert_eq!(big.box_count(), 2);

    assert_eq!(
        err("#####\n#@$.#\n#4\n"),
        "line 3, column 2: level 1: a run length must be followed by a map character"
    );
    assert_eq!(
        err("#####|#@$.#|5|#\n"),
        "line 1, column 13: level 1: a run length must be followed by a map character"
    );
    assert_eq!(
        err("0#####\n#@$.#\n#####\n"),
        "line 1, column 1: level 1: a run length of 0"
    );
    assert_eq!(
        err("99999#\n"),
        "line 1, column 1: level 1: run length above 10000"
    );
}

#[test]
fn titles_comments_and_fields() {
    let text = "\
; A collection header
; by someone

; 12
#####
#@$.#
#####

;screen.3
#####
#@$.#
#####

Title: Fielded
Author: Ann
#####
#@$.#
#####

'Quoted'
#####
#@$.#
#####
Author: Bob

\"Double quoted\"
#####
#@$.#
#####
Title: Below wins
Comment:
######
not a map
Comment-End:

plain words
#####
#@$.#
#####
";
    let levels = parse_collection(text).unwrap();
    let titles: Vec<_> = levels.iter().map(|l| l.title().unwrap_or("-")).collect();
    assert_eq!(
        titles,
        [
            "12",
            "screen.3",
            "Fielded",
            "Quoted",
            "Below wins",
            "plain words"
        ]
    );
    assert_eq!(levels[0].meta().before[0], "; A collection header");
    assert_eq!(field(levels[2].meta(), "author"), Some("Ann"));
    assert_eq!(field(levels[3].meta(), "Author"), Some("Bob"));
    assert_eq!(levels[4].meta().after.len(), 5);
    assert_eq!(levels[4].meta().before, ["\"Double quoted\""]);
    let round = write_collection(&levels);
    assert_eq!(parse_collection(&round).unwrap(), levels);
    assert_eq!(write_collection(&parse_collection(&round).unwrap()), round);

    // Untitled levels stay untitled; a set title is written as a field.
    let level = parse_level("#####\n#@$.#\n#####\n").unwrap();
    assert_eq!(level.title(), None);
    let named = level.with_title("Given");
    let text = write_level(&named);
    assert_eq!(text, "#####\n#@$.#\n#####\nTitle: Given\n");
    let again = parse_level(&text).unwrap();
    assert_eq!(again.title(), Some("Given"));
    assert_eq!(write_level(&again), text);
    // Text after the last map is not a level.
    assert_eq!(
        parse_collection("#####\n#@$.#\n#####\n\n; the end\n")
            .unwrap()
            .len(),
        1
    );
    assert_eq!(parse_collection("; nothing here\n").unwrap().len(), 0);
    assert_eq!(
        parse_level("; nothing\n").unwrap_err().to_string(),
        "no level found: no line of map characters"
    );
}

#[test]
fn every_validation_error_names_level_and_line() {
    let two = |second: &str| format!("; one\n#####\n#@$.#\n#####\n\n; two\n{second}");
    assert_eq!(
        err(&two("#####\n# $.#\n#####\n")),
        "line 7: level 2 \"two\": no worker"
    );
    assert_eq!(
        err(&two("######\n#@$.@#\n######\n")),
        "line 8, column 5: level 2 \"two\": a second worker (the first is at line 8, column 2)"
    );
    assert_eq!(
        err(&two("######\n#+$.@#\n######\n")),
        "line 8, column 5: level 2 \"two\": a second worker (the first is at line 8, column 2)"
    );
    assert_eq!(
        err(&two("######\n#@$$.#\n######\n")),
        "line 7: level 2 \"two\": 2 boxes but 1 goal: they must be equal"
    );
    assert_eq!(
        err(&two("######\n#@$..#\n######\n")),
        "line 7: level 2 \"two\": 1 box but 2 goals: they must be equal"
    );
    assert_eq!(
        err(&two("######\n#@$x.#\n######\n")),
        "line 8, column 4: level 2 \"two\": unknown character `x` in a map row (expected one \
         of # @ + $ * . - _ or space)"
    );
    assert_eq!(
        err(&two("######\n#@$\t.#\n######\n")),
        "line 8, column 4: level 2 \"two\": unknown character `\\t` in a map row (expected one \
         of # @ + $ * . - _ or space)"
    );
    assert_eq!(
        err(&two("######\n#@$ .\n######\n")),
        "line 8, column 6: level 2 \"two\": the worker (line 8, column 2) can walk off the map \
         here: the walls around it have a gap"
    );
    assert_eq!(
        err(&two("## ###\n#@$ .#\n######\n")),
        "line 7, column 3: level 2 \"two\": the worker (line 8, column 2) can walk off the map \
         here: the walls around it have a gap"
    );
    assert_eq!(
        err(&two("######\n#@*  #\n######\n")),
        "line 7: level 2 \"two\": no box off a goal: the level is solved before it starts"
    );
    assert_eq!(
        err(&two("######\n#@   #\n######\n")),
        "line 7: level 2 \"two\": no box off a goal: the level is solved before it starts"
    );
    assert_eq!(
        err(&two("######\n#@$..#\n######  $\n")),
        "line 9, column 9: level 2 \"two\": a box outside the walls"
    );
    assert_eq!(
        err(&two("######\n#@$$.#\n###### .\n")),
        "line 9, column 8: level 2 \"two\": a goal outside the walls"
    );
    assert_eq!(
        err(&"9999#".repeat(100_000)),
        "line 1, column 35: level 1: the level is too large: more than 65535 squares"
    );
    assert_eq!(
        err(&format!("{}\n", "#".repeat(70_000))),
        "line 1, column 65536: level 1: the level is too large: more than 65535 squares"
    );
    // Few squares as written, too many once short rows are padded.
    assert_eq!(
        err(&format!("{}\n#\n#\n", "#".repeat(65_000))),
        "line 1: level 1: the level is too large: 3 x 65000 squares, at most 65535 in all"
    );
}

#[test]
fn crlf_and_byte_order_mark() {
    let level = parse_level("\u{feff}; t\r\n#####\r\n#@$.#\r\n#####\r\n").unwrap();
    assert_eq!(level.title(), Some("t"));
    assert_eq!(level.cols(), 5);
}

/// A small generated level: a walled room with random inner walls, boxes,
/// goals and worker, written with random XSB spellings.
fn generated(seed: u64) -> (String, Level) {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    loop {
        let rows = 3 + next(6) as usize;
        let cols = 3 + next(8) as usize;
        let mut grid = vec![vec!['#'; cols]; rows];
        for row in grid.iter_mut().take(rows - 1).skip(1) {
            for cell in row.iter_mut().take(cols - 1).skip(1) {
                *cell = match next(10) {
                    0 => '#',
                    1 => '$',
                    2 => '.',
                    3 => '*',
                    _ => ' ',
                };
            }
        }
        let (wr, wc) = (
            1 + next(rows as u64 - 2) as usize,
            1 + next(cols as u64 - 2) as usize,
        );
        grid[wr][wc] = if next(2) == 0 { '@' } else { '+' };
        let text: String = grid
            .iter()
            .map(|row| {
                let s: String = row
                    .iter()
                    .map(|&c| {
                        if c == ' ' {
                            [' ', '-', '_'][next(3) as usize]
                        } else {
                            c
                        }
                    })
                    .collect();
                format!("{s}\n")
            })
            .collect();
        if let Ok(level) = parse_level(&text) {
            return (text, level);
        }
    }
}

#[test]
fn generated_levels_round_trip() {
    for seed in 0..500 {
        let (text, level) = generated(seed);
        let written = write_level(&level);
        let again = parse_level(&written).unwrap();
        assert_eq!(again, level, "seed {seed}:\n{text}");
        assert_eq!(write_level(&again), written);
        // The written map is the input with every floor spelled as a space.
        let normal: String = text.replace(['-', '_'], " ");
        assert_eq!(written, normal);
        // A move changes nothing about the level.
        let mut s = level.start().clone();
        level.try_move(&mut s, Dir::Up);
        assert_eq!(write_level(&level), written);
    }
}

/// Found by the `sokoban_xsb` fuzz target: a run-length row starting with
/// `|` put a row of bare floor above the map, which was written as `-` and
/// read back as a text line, so the level did not survive writing.
#[test]
fn a_blank_row_above_the_map_is_dropped() {
    let text = "5\u{1f}6*666#\n|66#\n###+#$65#\n66#\n6";
    let levels = parse_collection(text).unwrap();
    assert_eq!(levels.len(), 1);
    assert_eq!(levels[0].rows(), 3);
    assert_round_trip(&levels);
    // Without the leading `|` it is the same map.
    let plain = parse_level("66#\n###+#$65#\n66#\n").unwrap();
    assert_eq!(
        map_rows(&plain, plain.start()),
        map_rows(&levels[0], levels[0].start())
    );
}

/// Found by the same fuzz target: bare floor at the end of the widest row
/// made the level two columns wider than the text written for it.
#[test]
fn bare_floor_at_the_end_of_a_row_is_dropped() {
    let text = "6555\n6---#A\u{0}\n31#666#--\n#+#$#\n6#\n32#----@25#6\u{feff}6";
    let levels = parse_collection(text).unwrap();
    assert_eq!(levels.len(), 1);
    assert_eq!(
        levels[0].cols(),
        parse_level("697#\n#+#$#\n6#\n").unwrap().cols()
    );
    assert_round_trip(&levels);
}

/// Found by the same fuzz target: a byte-order mark at the start of a line
/// further down vanished once that line was written first (and a line of
/// map characters behind one read as text, then as a map).
#[test]
fn a_byte_order_mark_at_the_start_of_any_line_is_dropped() {
    let text = "\n\n\n\u{feff}$\n$\n\n-\n\n-\n$\n)30\u{0}\n\n$\u{0};''\u{0}\n6#\n#+#$#\n6#\n\u{0}3#6\u{feff}66#\n47@'\n|66";
    let levels = parse_collection(text).unwrap();
    assert_eq!(
        levels[0].meta().before.first().map(String::as_str),
        Some("$")
    );
    assert_round_trip(&levels);
}

#[test]
fn a_map_line_behind_a_byte_order_mark_is_a_map_line() {
    let text = "z2::\n\u{feff}#\n32#666#\n#+#$#\n6#\nD:A6*";
    let levels = parse_collection(text).unwrap();
    assert_round_trip(&levels);
}

/// Written and read back, the levels are equal, and written again, the
/// text is the same.
fn assert_round_trip(levels: &[Level]) {
    let written = write_collection(levels);
    let again = parse_collection(&written).unwrap();
    assert_eq!(again, levels);
    assert_eq!(write_collection(&again), written);
}

/// A well-formed map that is not a level keeps its `LevelError` as the
/// parse error's cause, so a program can tell the two workers apart from a
/// syntax error without reading the message.
#[test]
fn an_invalid_level_keeps_its_level_error() {
    let err = parse_level("#####\n#@@$.#\n######\n").unwrap_err();
    assert_eq!(
        err.cause::<LevelError>(),
        Some(&LevelError::SeveralWorkers {
            first: Pos::new(1, 1),
            second: Pos::new(1, 2),
        })
    );
    assert_eq!((err.line, err.column), (Some(2), Some(3)));
    let err = parse_level("#####\n#@$ #\n#####\n").unwrap_err();
    assert_eq!(
        err.cause::<LevelError>(),
        Some(&LevelError::BoxGoalMismatch { boxes: 1, goals: 0 })
    );
}

/// `str::parse` and `to_string` are `parse_level` and `write_level`: the
/// same level, the same text, the same errors.
#[test]
fn from_str_and_display_are_the_xsb_format() {
    let mut levels = boardkit_sokoban::builtin::levels();
    levels.extend((0..50).map(|seed| generated(seed).1));
    for level in &levels {
        let text = level.to_string();
        assert_eq!(text, write_level(level));
        assert_eq!(text.parse::<Level>().unwrap(), *level);
    }
    let titled = "; 7\nTitle: Seven\n#####\n#@$.#\n#####\nAuthor: Ann\n";
    let level: Level = titled.parse().unwrap();
    assert_eq!(level, parse_level(titled).unwrap());
    assert_eq!(level.title(), Some("Seven"));
    assert_eq!(
        level.to_string(),
        "; 7\nTitle: Seven\n\n#####\n#@$.#\n#####\nAuthor: Ann\n"
    );
    assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
    for bad in [
        "",
        "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n",
        "#####\n#@$ #\n#####\n",
    ] {
        assert_eq!(
            bad.parse::<Level>().unwrap_err().to_string(),
            parse_level(bad).unwrap_err().to_string()
        );
    }
    assert_eq!(
        "".parse::<Level>().unwrap_err().to_string(),
        "no level found: no line of map characters"
    );
}
