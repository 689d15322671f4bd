//! Published tiling counts (OEIS) and hand-worked cases.

// Test helpers outside #[test] functions unwrap too.
#![allow(clippy::unwrap_used)]

use boardkit_cover::{
    backtrack, count, count_big_integers_only, count_detailed, BigUint, Board, Limits, PieceSet,
};

fn rect(pieces: &str, h: usize, w: usize) -> BigUint {
    let set = PieceSet::named(pieces).unwrap();
    count(&Board::rectangle(h, w), &set, &Limits::default()).unwrap()
}

fn big(s: &str) -> BigUint {
    s.parse().unwrap()
}

#[test]
fn a233807_squares() {
    assert_eq!(rect("l3", 3, 3), big("0"));
    assert_eq!(rect("l3", 6, 6), big("162"));
    assert_eq!(rect("l3", 9, 9), big("1193600"));
    assert_eq!(rect("l3", 12, 12), big("2033502499954"));
    assert_eq!(rect("l3", 15, 15), big("458324092996867592192"));
}

/// A351322: T(n, k) tilings of a 3k x n rectangle by L-trominoes; its columns
/// k = 1..4 are the 3 x n, 6 x n, 9 x n and 12 x n counts.
#[test]
fn a351322_table() {
    let table: [(usize, [&str; 4]); 11] = [
        (1, ["0", "0", "0", "0"]),
        (2, ["2", "4", "8", "16"]),
        (3, ["0", "8", "0", "64"]),
        (4, ["4", "18", "88", "468"]),
        (5, ["0", "72", "384", "8544"]),
        (6, ["8", "162", "4312", "118586"]),
        (7, ["0", "520", "22656", "1795360"]),
        (8, ["16", "1514", "204184", "29986082"]),
        (9, ["0", "4312", "1193600", "467966840"]),
        (10, ["32", "13242", "9567192", "7758809670"]),
        (11, ["0", "39088", "63112256", "124693887784"]),
    ];
    for (n, row) in table {
        for (k, want) in row.iter().enumerate() {
            let h = 3 * (k + 1);
            assert_eq!(rect("l3", h, n), big(want), "{h} x {n}");
            assert_eq!(rect("l3", n, h), big(want), "{n} x {h}");
        }
    }
}

/// Rectangles 2..=4 rows high against the backtracker (and 2 x 3m = 2^m).
#[test]
fn narrow_rectangles_match_the_backtracker() {
    for name in ["l3", "domino", "i3", "l3+i3"] {
        let set = PieceSet::named(name).unwrap();
        for h in 1..=4 {
            for w in 1..=(if h < 4 { 12 } else { 9 }) {
                let b = Board::rectangle(h, w);
                let want = backtrack::count(&b, &set);
                assert_eq!(
                    count(&b, &set, &Limits::default()).unwrap(),
                    want.into(),
                    "{name} {h} x {w}"
                );
            }
        }
    }
    for m in 1..=20 {
        assert_eq!(rect("l3", 2, 3 * m), BigUint::from(2u8).pow(m as u32));
    }
}

/// Other published tables: dominoes (the 8 x 8 chessboard), A219987
/// (dominoes and L-trominoes), A364457 (dominoes and all trominoes).
#[test]
fn other_piece_sets() {
    assert_eq!(rect("domino", 8, 8), big("12988816"));
    assert_eq!(rect("domino", 6, 6), big("6728"));
    assert_eq!(rect("domino+l3", 3, 3), big("8"));
    assert_eq!(rect("domino+l3", 4, 4), big("380"));
    assert_eq!(rect("domino+l3", 5, 5), big("21272"));
    assert_eq!(rect("domino+l3", 7, 7), big("3238675344"));
    assert_eq!(rect("domino+l3+i3", 3, 3), big("30"));
    assert_eq!(rect("domino+l3+i3", 4, 4), big("1352"));
    assert_eq!(rect("domino+l3+i3", 6, 6), big("128441094"));
    assert_eq!(rect("domino+l3+i3", 7, 7), big("267855152858"));
}

/// A219967: straight trominoes and 2 x 2 squares, from a piece file.
#[test]
fn a219967_from_a_piece_file() {
    let set = PieceSet::parse("piece\n##\n##\npiece rotate\n###\n", "file").unwrap();
    let c = |h, w| count(&Board::rectangle(h, w), &set, &Limits::default()).unwrap();
    assert_eq!(c(4, 4), big("3"));
    assert_eq!(c(7, 7), big("2744"));
    assert_eq!(c(8, 8), big("66653"));
    assert_eq!(c(9, 2), big("5"));
}

#[test]
fn rows_exactly_20_wide() {
    // 3 x 20: T(20, 1) = 2^10 of A351322.
    assert_eq!(rect("l3", 3, 20), big("1024"));
    assert_eq!(rect("l3", 20, 3), big("1024"));
    let b = Board::from_rows(&[
        "#..................#",
        "....................",
        "#................###",
    ])
    .unwrap();
    let set = PieceSet::named("l3").unwrap();
    let want = backtrack::count(&b, &set);
    assert!(want > 0);
    assert_eq!(count(&b, &set, &Limits::default()).unwrap(), want.into());
}

#[test]
fn counts_past_u64_and_u128_stay_exact() {
    // 3 x 2m = 2^m: crosses every rung of the width ladder (64, 128, 192,
    // …, 512, 640, 768, 1024 bits) and goes on in big integers.
    for m in [
        63u32, 64, 65, 127, 128, 129, 191, 192, 300, 511, 512, 700, 1023, 1024, 1500,
    ] {
        let w = 2 * m as usize;
        assert_eq!(rect("l3", 3, w), BigUint::from(2u8).pow(m), "3 x {w}");
    }
}

#[test]
fn big_integers_throughout_agree_with_the_ladder() {
    let set = PieceSet::named("l3").unwrap();
    for (h, w) in [(12, 12), (3, 300), (9, 40), (2, 3)] {
        let b = Board::rectangle(h, w);
        let big = count_big_integers_only(&b, &set, &Limits::default()).unwrap();
        assert_eq!(
            big.count,
            count(&b, &set, &Limits::default()).unwrap(),
            "{h} x {w}"
        );
    }
}

#[test]
fn white_counts_not_divisible_by_3_give_zero() {
    let set = PieceSet::named("l3").unwrap();
    for rows in [
        &["."][..],
        &[".."],
        &["..", ".."],
        &["....", "...."],
        &["#.#", "...", "#.#"],
    ] {
        let b = Board::from_rows(rows).unwrap();
        assert_ne!(b.white_count() % 3, 0);
        assert_eq!(count(&b, &set, &Limits::default()).unwrap(), big("0"));
    }
}

#[test]
fn the_empty_board_counts_one() {
    let set = PieceSet::named("l3").unwrap();
    let all_black = Board::from_rows(&["###", "###"]).unwrap();
    assert_eq!(
        count(&all_black, &set, &Limits::default()).unwrap(),
        big("1")
    );
    assert_eq!(
        count(&Board::rectangle(0, 0), &set, &Limits::default()).unwrap(),
        big("1")
    );
    assert_eq!(backtrack::count(&all_black, &set), 1);
}

#[test]
fn memory_limit_is_enforced() {
    let set = PieceSet::named("l3").unwrap();
    let limits = Limits {
        memory: 1 << 20,
        ..Limits::default()
    };
    let err = count(&Board::rectangle(18, 18), &set, &limits).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the frontier tables need more than the memory limit of 1 MiB"),
        "{err}"
    );
    let ok = count_detailed(&Board::rectangle(12, 12), &set, &limits).unwrap();
    assert!(ok.stats.peak_bytes <= 1 << 20);
}

#[test]
fn too_wide_regions_are_refused() {
    let set = PieceSet::named("l3").unwrap();
    let err = count(&Board::rectangle(69, 69), &set, &Limits::default()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a white region spanning 69 x 69 cells is too wide for these pieces: its frontier needs 71 bits, at most 64"
    );
    // A wide board whose white cells form narrow regions is fine.
    let mut rows = vec!["#".repeat(70); 70];
    rows[3] = format!("{}{}", ".".repeat(6), "#".repeat(64));
    rows[4] = rows[3].clone();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    assert_eq!(
        count(&Board::from_rows(&refs).unwrap(), &set, &Limits::default()).unwrap(),
        big("4")
    );
}
