//! The frontier DP against the backtracking reference on random boards with
//! holes, for every named piece set and for random piece files.

// Test helpers outside #[test] functions unwrap too.
#![allow(clippy::unwrap_used)]

use boardkit_cover::{backtrack, count, find_covering, Board, Limits, PieceSet, Shape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random board of at most `max_white` white cells: random size, random
/// density of holes.
fn random_board(rng: &mut ChaCha8Rng, max_white: usize) -> Board {
    loop {
        let h = rng.gen_range(1..=9);
        let w = rng.gen_range(1..=9);
        let density: f64 = rng.gen_range(0.4..1.0);
        let cells: Vec<bool> = (0..h * w).map(|_| rng.gen_bool(density)).collect();
        if cells.iter().filter(|&&c| c).count() <= max_white {
            return Board::from_cells(h, w, cells).unwrap();
        }
    }
}

/// A random board that has a covering: pieces of `pieces` dropped at
/// random free places, their cells white; sometimes one cell flipped.
fn tiled_board(rng: &mut ChaCha8Rng, pieces: &PieceSet, max_white: usize) -> Board {
    let h = rng.gen_range(1..=9usize);
    let w = rng.gen_range(1..=9usize);
    let mut white = vec![false; h * w];
    let mut count = 0;
    for _ in 0..rng.gen_range(1..=40) {
        let shape = &pieces.shapes()[rng.gen_range(0..pieces.shapes().len())];
        if count + shape.size() > max_white || shape.height() > h || shape.width() > w {
            continue;
        }
        let r0 = rng.gen_range(0..=h - shape.height());
        let c0 = rng.gen_range(0..=w - shape.width());
        let cells: Vec<usize> = shape
            .cells()
            .iter()
            .map(|&(r, c)| (r0 + r) * w + c0 + c)
            .collect();
        if cells.iter().all(|&i| !white[i]) {
            for i in cells {
                white[i] = true;
            }
            count += shape.size();
        }
    }
    if rng.gen_bool(0.2) {
        let i = rng.gen_range(0..h * w);
        white[i] = !white[i];
    }
    Board::from_cells(h, w, white).unwrap()
}

/// A random connected shape of 1..=5 cells grown from one cell.
fn random_shape(rng: &mut ChaCha8Rng) -> Shape {
    let n = rng.gen_range(1..=5);
    let mut cells = vec![(0isize, 0isize)];
    while cells.len() < n {
        let (r, c) = cells[rng.gen_range(0..cells.len())];
        let next = match rng.gen_range(0..4) {
            0 => (r - 1, c),
            1 => (r + 1, c),
            2 => (r, c - 1),
            _ => (r, c + 1),
        };
        if !cells.contains(&next) {
            cells.push(next);
        }
    }
    Shape::new(&cells).unwrap()
}

/// A random piece file: 1..=3 pieces, each with random symmetry words.
fn random_piece_set(rng: &mut ChaCha8Rng) -> PieceSet {
    let mut text = String::new();
    for _ in 0..rng.gen_range(1..=3) {
        let mut shape = random_shape(rng);
        if shape.size() == 1 {
            // Monominoes cover anything in very many ways: too many for the
            // reference to enumerate one by one.
            shape = Shape::from_drawing(&["##", "#."]).unwrap();
        }
        text.push_str("piece");
        if rng.gen_bool(0.5) {
            text.push_str(" rotate");
        }
        if rng.gen_bool(0.5) {
            text.push_str(" reflect");
        }
        text.push('\n');
        text.push_str(&shape.to_string());
    }
    PieceSet::parse(&text, "random").unwrap()
}

fn check(board: &Board, pieces: &PieceSet) -> u64 {
    let expected = backtrack::count(board, pieces);
    let got = count(board, pieces, &Limits::default()).unwrap();
    assert_eq!(got, expected.into(), "pieces {}\n{board}", pieces.name());
    let found = find_covering(board, pieces, &Limits::default()).unwrap();
    assert_eq!(
        found.is_some(),
        expected > 0,
        "pieces {}\n{board}",
        pieces.name()
    );
    if let Some(c) = found {
        assert!(
            c.is_covering_of(board, pieces),
            "pieces {}\n{board}",
            pieces.name()
        );
        let colours = c.colours();
        assert!(colours.iter().all(|&k| k < 6), "{colours:?}");
        // Pieces sharing an edge have different colours (letters).
        let mut owner = vec![None; board.height() * board.width()];
        for (i, piece) in c.pieces().iter().enumerate() {
            for p in piece {
                owner[p.row * board.width() + p.col] = Some(i);
            }
        }
        for r in 0..board.height() {
            for col in 0..board.width() {
                let a = owner[r * board.width() + col];
                let right = (col + 1 < board.width()).then(|| owner[r * board.width() + col + 1]);
                let down = (r + 1 < board.height()).then(|| owner[(r + 1) * board.width() + col]);
                for b in [right, down].into_iter().flatten() {
                    if let (Some(a), Some(b)) = (a, b) {
                        assert!(a == b || colours[a] != colours[b], "{:?}", c.rows_on(board));
                    }
                }
            }
        }
    }
    expected
}

#[test]
fn dp_equals_backtracking_for_named_sets() {
    // White-cell caps that keep the reference's one-by-one enumeration quick.
    let sets = [("l3", 60), ("domino", 36), ("i3", 60), ("l3+i3", 45)];
    for (seed, &(name, max_white)) in sets.iter().enumerate() {
        let pieces = PieceSet::named(name).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed as u64 + 1);
        let mut nonzero = 0;
        for i in 0..300 {
            let board = if i % 2 == 0 {
                random_board(&mut rng, max_white)
            } else {
                tiled_board(&mut rng, &pieces, max_white)
            };
            if check(&board, &pieces) > 0 {
                nonzero += 1;
            }
        }
        // The comparison means little if almost every board has no covering.
        assert!(
            nonzero >= 100,
            "{name}: only {nonzero} boards with a covering"
        );
    }
}

#[test]
fn dp_equals_backtracking_for_random_piece_files() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut nonzero = 0;
    for _ in 0..60 {
        let pieces = random_piece_set(&mut rng);
        for i in 0..8 {
            let board = if i % 2 == 0 {
                random_board(&mut rng, 30)
            } else {
                tiled_board(&mut rng, &pieces, 30)
            };
            if check(&board, &pieces) > 0 {
                nonzero += 1;
            }
        }
    }
    assert!(nonzero >= 150, "only {nonzero} boards with a covering");
}

#[test]
fn boards_with_separate_regions_multiply() {
    // Two 2 x 3 rectangles (2 coverings each) apart: 4; a stray white cell: 0.
    let b = Board::from_rows(&["...#...", "...#..."]).unwrap();
    let l3 = PieceSet::named("l3").unwrap();
    assert_eq!(check(&b, &l3), 4);
    let b = Board::from_rows(&["...#...", "...#...", "######."]).unwrap();
    assert_eq!(check(&b, &l3), 0);
}
