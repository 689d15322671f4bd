//! The tables against a brute-force expectimax on the generic board, their
//! lookup under symmetry, their moves' legality and their bytes.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::Board;

fn region(name: &'static str, free: u16, anchor: usize, targets: u16) -> Region {
    Region::new(name, free, anchor, targets).unwrap_or_else(|e| panic!("{e}"))
}

fn build(region: Region, goal: u8) -> Table {
    Table::build(Subproblem { region, goal }, |_, _| {}).unwrap_or_else(|e| panic!("{e}"))
}

/// The tiny regions the tables are checked on.
fn tiny_regions() -> Vec<Region> {
    vec![
        region("row", 0xF000, 8, 1 << 12),
        region(
            "corner",
            (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15),
            9,
            1 << 10,
        ),
        region("column", 0x8888, 2, (1 << 3) | (1 << 7)),
    ]
}

/// Real fixed tiles for a region and goal: 2^g on the anchor's colour of a
/// checkerboard, 2^(g+1) on the other, so neighbours differ.
fn fixed_tiles(region: &Region, goal: u8) -> Vec<u8> {
    let parity = |c: usize| (c / 4 + c % 4) % 2;
    (0..16)
        .map(|c| {
            if bit(region.free(), c) {
                0
            } else if parity(c) == parity(region.anchor()) {
                goal
            } else {
                goal + 1
            }
        })
        .collect()
}

/// Plain expectimax on the generic board: the success probability of the
/// player to move, trying every move and keeping those that leave the
/// fixed cells as they are.
struct Reference<'a> {
    region: &'a Region,
    goal: u8,
    memo: HashMap<Vec<u8>, f64>,
}

impl Reference<'_> {
    fn value(&mut self, cells: &[u8]) -> f64 {
        if let Some(&v) = self.memo.get(cells) {
            return v;
        }
        let board = Board::from_exponents(4, cells.to_vec()).unwrap_or_else(|e| panic!("{e}"));
        let mut best = 0.0f64;
        for d in Dir::ALL {
            let (after, out) = board.slid(d);
            let a = after.exponents().to_vec();
            let fixed_same = (0..16).all(|c| bit(self.region.free(), c) || a[c] == cells[c]);
            if !out.changed || !fixed_same {
                continue;
            }
            best = best.max(self.after_move(&a));
        }
        self.memo.insert(cells.to_vec(), best);
        best
    }

    fn after_move(&mut self, a: &[u8]) -> f64 {
        let free: Vec<usize> = (0..16).filter(|&c| bit(self.region.free(), c)).collect();
        if free
            .iter()
            .any(|&c| a[c] == self.goal && bit(self.region.targets(), c))
        {
            return 1.0;
        }
        if free.iter().any(|&c| a[c] >= self.goal) {
            return 0.0;
        }
        let empty: Vec<usize> = free.iter().copied().filter(|&c| a[c] == 0).collect();
        let mut total = 0.0;
        for &c in &empty {
            for (e, p) in [(1u8, 0.9), (2, 0.1)] {
                let mut next = a.to_vec();
                next[c] = e;
                total += p * self.value(&next);
            }
        }
        total / empty.len() as f64
    }
}

/// Every state of `table` on the real board with `fixed` tiles.
fn states(table: &Table, fixed: &[u8]) -> Vec<(Bitboard, Vec<u8>)> {
    let m = &table.model;
    (0..table.states())
        .map(|i| {
            let model = m.board(table.sub.goal, i);
            let mut cells = fixed.to_vec();
            for &c in &m.free_cells {
                cells[c] = model.cell(c);
            }
            let real = Board::from_exponents(4, cells.clone())
                .unwrap_or_else(|e| panic!("{e}"))
                .to_bitboard()
                .unwrap_or_else(|| panic!("4 x 4"));
            (real, cells)
        })
        .collect()
}

#[test]
fn every_stored_probability_is_the_brute_force_expectimax() {
    for region in tiny_regions() {
        for goal in 3..=5 {
            let table = build(region, goal);
            let fixed = fixed_tiles(&region, goal);
            let mut reference = Reference {
                region: &region,
                goal,
                memo: HashMap::new(),
            };
            for (real, cells) in states(&table, &fixed) {
                let want = reference.value(&cells);
                let got = table
                    .probability(real)
                    .unwrap_or_else(|| panic!("state in the table"));
                assert!(
                    (f64::from(got) - want).abs() < 1e-5,
                    "{} goal {goal}: {cells:?}: table {got}, brute force {want}",
                    region.name()
                );
                // The stored move achieves the stored probability.
                if let Some((d, p)) = table.probe(real) {
                    assert_eq!(p, got);
                    let (after, out) = real.to_board().slid(d);
                    assert!(out.changed);
                    assert!((reference.after_move(after.exponents()) - want).abs() < 1e-5);
                } else {
                    assert_eq!(got, 0.0);
                }
            }
        }
    }
}

#[test]
fn the_standard_regions_match_brute_force_at_goal_3() {
    for region in Region::NAMED {
        let table = build(region, 3);
        let fixed = fixed_tiles(&region, 3);
        let mut reference = Reference {
            region: &region,
            goal: 3,
            memo: HashMap::new(),
        };
        let mut winnable = 0;
        for (real, cells) in states(&table, &fixed) {
            let got = table.probability(real).unwrap_or(-1.0);
            let want = reference.value(&cells);
            assert!(
                (f64::from(got) - want).abs() < 1e-5,
                "{}: {cells:?}: table {got}, brute force {want}",
                region.name()
            );
            winnable += usize::from(want > 0.0);
        }
        assert!(winnable > 0, "{}", region.name());
    }
}

#[test]
fn the_standard_regions_are_valid_and_the_set_names_its_files() {
    for r in Region::NAMED {
        assert_eq!(
            Region::new(r.name(), r.free(), r.anchor(), r.targets()),
            Ok(r)
        );
    }
    assert_eq!(Region::BLOCK_3X3.free().count_ones(), 7);
    assert_eq!(Region::BLOCK_3X3_CORNER.free().count_ones(), 8);
    assert_eq!(Region::named("3x3c"), Some(Region::BLOCK_3X3_CORNER));
    assert_eq!(Region::named("4x4"), None);
    assert_eq!(
        Subproblem::standard(),
        Subproblem::for_regions(&[Region::TWO_ROWS])
    );
    let names: Vec<String> = Subproblem::for_regions(&Region::NAMED)
        .iter()
        .map(Subproblem::file_name)
        .collect();
    assert_eq!(names.len(), 12);
    assert!(names.contains(&"3x3-64.table".to_string()));
    assert!(names.contains(&"3x3c-256.table".to_string()));
}

/// A random board matching `table`: fixed tiles of 2^g or more with
/// neighbours distinct (the anchor 2^g, no other fixed tile 2^g), free
/// tiles below 2^g.
fn matching_board(table: &Table, rng: &mut ChaCha8Rng) -> Bitboard {
    let g = table.sub.goal;
    loop {
        let mut b = Bitboard::EMPTY;
        for c in 0..16 {
            let e = if bit(table.sub.region.free(), c) {
                rng.gen_range(0..g)
            } else if c == table.sub.region.anchor() {
                g
            } else {
                rng.gen_range(g + 1..=15)
            };
            b = b.with_cell(c, e);
        }
        if table.probe(b).is_some() {
            return b;
        }
    }
}

#[test]
fn lookup_finds_a_board_in_each_of_its_eight_images() {
    for region in Region::NAMED {
        lookup_under_symmetry(&build(region, 4));
    }
}

fn lookup_under_symmetry(table: &Table) {
    let tables = Tables::new(vec![table.clone()]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..300 {
        let b = matching_board(table, &mut rng);
        let (d, p) = table.probe(b).unwrap_or_else(|| panic!("matches"));
        // A board may match in more than one image (the 3 x 3 block is its
        // own transpose); the lookup takes the best of them.
        let best = Symmetry::ALL
            .into_iter()
            .filter_map(|s| table.probe(s.apply(b)).map(|(_, q)| q))
            .fold(0f32, f32::max);
        assert!(best >= p);
        for s in Symmetry::ALL {
            let board = s.undo(b);
            let m = tables.lookup(board).unwrap_or_else(|| panic!("found"));
            assert_eq!(m.probability, best);
            assert_eq!(m.subproblem, table.sub);
            assert!(board.legal_moves().contains(m.dir));
            // The move is the stored move of an image with that probability,
            // mapped back.
            assert!(Symmetry::ALL
                .into_iter()
                .any(|t| table.probe(t.apply(board)) == Some((t.dir(m.dir), best))));
        }
        // Where only the board itself matches, the lookup is its stored move.
        if Symmetry::ALL
            .into_iter()
            .filter(|t| table.probe(t.apply(b)).is_some())
            .count()
            == 1
        {
            assert_eq!(
                tables.lookup(b).map(|m| (m.dir, m.probability)),
                Some((d, p))
            );
        }
    }
}

#[test]
fn a_table_move_is_legal_and_moves_the_board_as_the_model_does() {
    let tables: Vec<Table> = Region::NAMED
        .into_iter()
        .flat_map(|r| (3..=5).map(move |g| build(r, g)))
        .collect();
    let set = Tables::new(tables.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for table in &tables {
        for _ in 0..500 {
            let b = matching_board(table, &mut rng);
            let (d, _) = table.probe(b).unwrap_or_else(|| panic!("matches"));
            let after = b.slide(d);
            assert_ne!(after, b);
            let m = &table.model;
            let model_after = Bitboard((b.0 & !m.fixed_mask) | m.walls).slide(d);
            assert_eq!(
                after.0 & m.fixed_mask,
                b.0 & m.fixed_mask,
                "fixed cells kept"
            );
            assert_eq!(after.0 & !m.fixed_mask, model_after.0 & !m.fixed_mask);
        }
    }
    // On any board at all, a move found is legal.
    for _ in 0..20_000 {
        let mut b = Bitboard::EMPTY;
        for c in 0..16 {
            b = b.with_cell(c, rng.gen_range(0..=7));
        }
        if let Some(m) = set.lookup(b) {
            assert!(b.legal_moves().contains(m.dir));
        }
    }
}

#[test]
fn boards_that_break_the_conditions_do_not_match() {
    let table = build(Region::TWO_ROWS, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let b = matching_board(&table, &mut rng);
    // The anchor is not the goal tile.
    assert_eq!(table.probe(b.with_cell(4, 5)), None);
    // A fixed tile below the goal.
    assert_eq!(table.probe(b.with_cell(0, 3)), None);
    // Two neighbouring fixed tiles equal.
    assert_eq!(table.probe(b.with_cell(1, b.cell(0))), None);
    // A free tile of the goal's value.
    assert_eq!(table.probe(b.with_cell(15, 4)), None);
}

#[test]
fn bytes_round_trip_and_damage_is_detected() {
    let sub = Subproblem {
        region: Region::TWO_ROWS,
        goal: 3,
    };
    let table = build(sub.region, sub.goal);
    let bytes = table.to_bytes();
    assert_eq!(bytes.len() as u64, sub.file_bytes());
    assert_eq!(Table::from_bytes(sub, &bytes), Ok(table));
    let mut flipped = bytes.clone();
    flipped[HEADER_BYTES + 10] ^= 0x40;
    assert_eq!(Table::from_bytes(sub, &flipped), Err(TableError::Checksum));
    let short = &bytes[..bytes.len() - 1];
    assert!(matches!(
        Table::from_bytes(sub, short),
        Err(TableError::Length { .. })
    ));
    assert!(matches!(
        Table::from_bytes(sub, &bytes[..5]),
        Err(TableError::Length { .. })
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(matches!(
        Table::from_bytes(sub, &version),
        Err(TableError::Header(_))
    ));
    let other = Subproblem { goal: 4, ..sub };
    assert_eq!(
        Table::from_bytes(other, &bytes),
        Err(TableError::Subproblem)
    );
    // A value out of range under a valid checksum.
    let mut bad = bytes[..bytes.len() - 4].to_vec();
    bad[HEADER_BYTES..HEADER_BYTES + 4].copy_from_slice(&2.0f32.to_le_bytes());
    let crc = crc32fast::hash(&bad);
    bad.extend_from_slice(&crc.to_le_bytes());
    assert_eq!(Table::from_bytes(sub, &bad), Err(TableError::Value));
}

#[test]
fn bad_regions_and_goals_are_refused() {
    assert!(Region::new("no anchor", 0xFF00, 8, 1 << 8).is_err());
    assert!(Region::new("no target", 0xFF00, 4, 1 << 3).is_err());
    assert!(Region::new("empty", 0, 4, 0).is_err());
    let sub = |goal| Subproblem {
        region: Region::TWO_ROWS,
        goal,
    };
    assert!(sub(2).check().is_err());
    assert!(sub(MAX_GOAL + 1).check().is_err());
    assert!(sub(8).check().is_ok());
    assert_eq!(sub(8).states(), 8u64.pow(8));
    assert_eq!(sub(8).file_name(), "2x4-256.table");
}
