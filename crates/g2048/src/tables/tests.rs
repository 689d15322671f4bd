//! The tables against a brute-force expectimax on the generic board (capped
//! regions included), their lookup under symmetry, their moves' legality
//! and their bytes.

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
    // A building region's fixed tiles are all above the goal.
    let low = if region.is_twin() { goal } else { goal + 1 };
    (0..16)
        .map(|c| {
            if bit(region.free(), c) {
                0
            } else if parity(c) == parity(region.anchor()) {
                low
            } else {
                low + 1
            }
        })
        .collect()
}

/// How far a stored probability may be from the brute force's: the
/// rounding of the 16-bit steps it depends on (half a step, 7.6e-6, per
/// spawn; these small tables have chains of a few dozen spawns at most).
const TOLERANCE: f64 = 2e-4;

/// Plain expectimax on the generic board: the success probability of the
/// player to move, trying every move and keeping those that leave the
/// fixed cells as they are; a board with a free tile above its cell's cap
/// (the goal tile off the targets included) is a failure.
struct Reference<'a> {
    region: &'a Region,
    goal: u8,
    memo: HashMap<Vec<u8>, f64>,
}

impl Reference<'_> {
    fn new(region: &Region, goal: u8) -> Reference<'_> {
        Reference {
            region,
            goal,
            memo: HashMap::new(),
        }
    }

    /// The largest exponent free cell `c` may hold, read from the drops
    /// directly.
    fn cap(&self, c: usize) -> u8 {
        self.goal - self.region.drops()[c]
    }

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

    /// Whether `a` has the goal tile on a target with a second under way
    /// beside it: walked cell by cell in (row, column) steps.
    fn second_under_way(&self, a: &[u8]) -> bool {
        let g = self.goal;
        let free = |r: i32, c: i32| {
            (0..4).contains(&r)
                && (0..4).contains(&c)
                && bit(self.region.free(), (4 * r + c) as usize)
        };
        let at = |r: i32, c: i32| a[(4 * r + c) as usize];
        let steps = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        for t in 0..16i32 {
            let (tr, tc) = (t / 4, t % 4);
            if !bit(self.region.targets(), t as usize) || at(tr, tc) != g {
                continue;
            }
            for (dr, dc) in steps {
                let (nr, nc) = (tr + dr, tc + dc);
                if !free(nr, nc) || at(nr, nc) != g - 1 {
                    continue;
                }
                for (er, ec) in steps {
                    let (mr, mc) = (nr + er, nc + ec);
                    if !free(mr, mc) || (mr, mc) == (tr, tc) {
                        continue;
                    }
                    if at(mr, mc) == g - 1 {
                        return true;
                    }
                    if at(mr, mc) != g - 2 {
                        continue;
                    }
                    for (fr, fc) in steps {
                        let (kr, kc) = (mr + fr, mc + fc);
                        if free(kr, kc)
                            && (kr, kc) != (nr, nc)
                            && (kr, kc) != (tr, tc)
                            && at(kr, kc) == g - 2
                        {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    fn after_move(&mut self, a: &[u8]) -> f64 {
        let free: Vec<usize> = (0..16).filter(|&c| bit(self.region.free(), c)).collect();
        if !self.region.needs_second()
            && free
                .iter()
                .any(|&c| a[c] == self.goal && bit(self.region.targets(), c))
        {
            return 1.0;
        }
        if free.iter().any(|&c| a[c] > self.cap(c)) {
            return 0.0;
        }
        if self.region.needs_second() && self.second_under_way(a) {
            return 1.0;
        }
        let empty: Vec<usize> = free.iter().copied().filter(|&c| a[c] == 0).collect();
        let mut total = 0.0;
        for &c in &empty {
            for (e, p) in [(1u8, 0.9), (2, 0.1)] {
                if e > self.cap(c) {
                    continue;
                }
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
            let model = m.board(i);
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

/// Checks every state of `table` against the brute force: its stored
/// probability, and that its stored move achieves it. Returns how many
/// states can be won.
fn check_against_brute_force(table: &Table) -> usize {
    let (region, goal) = (table.sub.region, table.sub.goal);
    let fixed = fixed_tiles(&region, goal);
    let mut reference = Reference::new(&region, goal);
    let mut winnable = 0;
    for (real, cells) in states(table, &fixed) {
        let want = reference.value(&cells);
        let got = table
            .probability(real)
            .unwrap_or_else(|| panic!("state in the table"));
        assert!(
            (f64::from(got) - want).abs() < TOLERANCE,
            "{} goal {goal}: {cells:?}: table {got}, brute force {want}",
            region.name()
        );
        if let Some((d, p)) = table.probe(real) {
            assert_eq!(p, got);
            let (after, out) = real.to_board().slid(d);
            assert!(out.changed);
            assert!((reference.after_move(after.exponents()) - want).abs() < TOLERANCE);
        } else if !(region.needs_second() && reference.second_under_way(&cells)) {
            assert_eq!(got, 0.0);
        }
        winnable += usize::from(want > 0.0);
    }
    winnable
}

#[test]
fn every_stored_probability_is_the_brute_force_expectimax() {
    for region in tiny_regions() {
        for goal in 3..=5 {
            check_against_brute_force(&build(region, goal));
        }
    }
}

/// The tiny regions capped by distance from their targets, and the bottom
/// row with caps that do not fall monotonically.
fn tiny_capped_regions() -> Vec<Region> {
    let mut capped: Vec<Region> = tiny_regions()
        .into_iter()
        .map(|r| r.capped_by_distance(r.name()))
        .collect();
    let mut drops = [1; 16];
    drops[13] = 3;
    drops[14] = 1;
    drops[15] = 2;
    capped.push(
        region("row", 0xF000, 8, 1 << 12)
            .with_drops("uneven row", drops)
            .unwrap_or_else(|e| panic!("{e}")),
    );
    capped
}

#[test]
fn capped_tables_equal_the_brute_force_of_the_capped_model() {
    let mut checked = 0;
    for region in tiny_capped_regions() {
        assert!(region.is_capped(), "{}", region.name());
        for goal in 3..=6 {
            let sub = Subproblem { region, goal };
            if sub.check().is_err() {
                // Only a goal whose caps would fall below 2 is refused.
                assert!(region.drops().iter().any(|&d| d >= goal));
                continue;
            }
            let table = build(region, goal);
            let uncapped = Subproblem {
                region: Region::new(
                    region.name(),
                    region.free(),
                    region.anchor(),
                    region.targets(),
                )
                .unwrap_or_else(|e| panic!("{e}")),
                goal,
            };
            assert!(table.states() < uncapped.states(), "{}", region.name());
            assert!(check_against_brute_force(&table) > 0, "{}", region.name());
            checked += 1;
        }
    }
    assert!(checked >= 12, "{checked}");
}

#[test]
fn the_capped_block_matches_brute_force_at_goal_6() {
    let table = build(Region::BLOCK_2X3_CAPPED, 6);
    assert_eq!(table.states(), 6 * 6 * 6 * 5 * 5 * 4 * 4 * 3 * 3 * 2);
    assert!(check_against_brute_force(&table) > 0);
}

#[test]
fn the_standard_regions_match_brute_force_at_goal_3() {
    for region in Region::NAMED {
        let table = build(region, 3);
        let fixed = fixed_tiles(&region, 3);
        let mut reference = Reference::new(&region, 3);
        let mut winnable = 0;
        for (real, cells) in states(&table, &fixed) {
            let got = table.probability(real).unwrap_or(-1.0);
            let want = reference.value(&cells);
            assert!(
                (f64::from(got) - want).abs() < TOLERANCE,
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
/// tiles within their caps.
fn matching_board(table: &Table, rng: &mut ChaCha8Rng) -> Bitboard {
    let g = table.sub.goal;
    let region = table.sub.region;
    loop {
        let mut b = Bitboard::EMPTY;
        for c in 0..16 {
            let e = if bit(region.free(), c) {
                rng.gen_range(0..=g - region.drops()[c])
            } else if c == region.anchor() {
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
    lookup_under_symmetry(&build(Region::BLOCK_2X3_CAPPED, 6));
    for region in tiny_capped_regions() {
        lookup_under_symmetry(&build(region, 5));
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
    let mut tables: Vec<Table> = Region::NAMED
        .into_iter()
        .flat_map(|r| (3..=5).map(move |g| build(r, g)))
        .collect();
    tables.push(build(Region::BLOCK_2X3_CAPPED, 6));
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
    // A file of the first format (4-byte probabilities) is refused by its
    // version, whatever its length.
    let mut old = bytes.clone();
    old[8..12].copy_from_slice(&1u32.to_le_bytes());
    assert!(matches!(
        Table::from_bytes(sub, &old),
        Err(TableError::Header(m)) if m == "format version 1, this program reads 2"
    ));
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

#[test]
fn the_capped_block_is_the_2x3_block_capped_by_distance() {
    let block = region("2x3cap", 0xFF88, 4, 1 << 8).capped_by_distance("2x3cap");
    assert_eq!(block, Region::BLOCK_2X3_CAPPED);
    assert_eq!(Region::named("2x3cap"), Some(Region::BLOCK_2X3_CAPPED));
    assert!(!Subproblem::standard()
        .iter()
        .any(|s| s.region == Region::BLOCK_2X3_CAPPED));
    let sub = |goal| Subproblem {
        region: Region::BLOCK_2X3_CAPPED,
        goal,
    };
    // The upper-right cell is five steps from the target: 2^(g−5).
    assert_eq!(Region::BLOCK_2X3_CAPPED.cap(7, 3), Some(2));
    assert_eq!(Region::BLOCK_2X3_CAPPED.cap(7, 8), Some(6));
    assert_eq!(Region::BLOCK_2X3_CAPPED.cap(7, 4), None);
    assert!(sub(5).check().is_err());
    assert!(sub(6).check().is_ok());
    assert_eq!(sub(7).states(), 14_817_600);
    assert_eq!(sub(8).states(), 90_316_800);
    assert_eq!(sub(9).states(), 411_505_920);
    assert_eq!(sub(8).file_name(), "2x3cap-256.table");
    // The uncapped regions are unchanged: a drop of 1 everywhere.
    for r in Region::NAMED {
        assert!(!r.is_capped());
        assert_eq!(r.drops(), [1; 16]);
    }
    assert!(region("row", 0xF000, 8, 1 << 12)
        .with_drops("zero", [0; 16])
        .is_err());
}

#[test]
fn caps_by_distance_from_the_anchor_ends_never_make_the_goal_tile() {
    // Caps falling away from the block's two outer ends (2^(g−1) beside the
    // block at either end, then 2^(g−2), then 2^(g−3)): no cell in line with
    // the target may hold the goal tile's other half, so the goal tile is
    // never made there and every state is lost.
    let mut drops = [3; 16];
    for (c, d) in [(3, 1), (8, 1), (7, 2), (9, 2)] {
        drops[c] = d;
    }
    let ends = region("2x3", 0xFF88, 4, 1 << 8)
        .with_drops("2x3ends", drops)
        .unwrap_or_else(|e| panic!("{e}"));
    let table = build(ends, 5);
    assert_eq!(table.states(), 5 * 5 * 4 * 4 * 3u64.pow(6));
    assert!(table.values.iter().all(|&v| v == 0));
}

#[test]
fn a_free_tile_above_its_cap_is_not_matched() {
    let table = build(Region::BLOCK_2X3_CAPPED, 7);
    let g = table.sub.goal;
    let region = table.sub.region;
    let tables = Tables::new(vec![table.clone()]);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut over = 0;
    for _ in 0..200 {
        let b = matching_board(&table, &mut rng);
        for c in (0..16).filter(|&c| bit(region.free(), c)) {
            let cap = g - region.drops()[c];
            for e in cap + 1..g {
                let above = b.with_cell(c, e);
                assert_eq!(table.probe(above), None, "cell {c} holding {e}");
                assert_eq!(table.probability(above), None);
                over += 1;
            }
        }
    }
    assert!(over > 0);
    // Boards with free tiles anywhere below the goal: the lookup is the best
    // image whose free tiles are all within their caps.
    let mut matched = 0;
    for _ in 0..20_000 {
        let mut b = matching_board(&table, &mut rng);
        for c in (0..16).filter(|&c| bit(region.free(), c)) {
            b = b.with_cell(c, rng.gen_range(0..g));
        }
        let within = |x: Bitboard| {
            (0..16)
                .filter(|&c| bit(region.free(), c))
                .all(|c| x.cell(c) <= g - region.drops()[c])
        };
        let best = Symmetry::ALL
            .into_iter()
            .filter_map(|s| {
                let image = s.apply(b);
                let found = table.probe(image);
                if found.is_some() {
                    assert!(within(image));
                }
                found.map(|(_, p)| p)
            })
            .reduce(f32::max);
        assert_eq!(tables.lookup(b).map(|m| m.probability), best);
        matched += usize::from(best.is_some());
    }
    assert!(matched > 0);
}

#[test]
fn capped_bytes_round_trip_and_name_their_caps() {
    let sub = Subproblem {
        region: Region::BLOCK_2X3_CAPPED,
        goal: 6,
    };
    let table = build(sub.region, sub.goal);
    let bytes = table.to_bytes();
    assert_eq!(bytes.len() as u64, sub.file_bytes());
    assert_eq!(Table::from_bytes(sub, &bytes), Ok(table));
    // The same cells and targets without caps, or with other caps: another
    // sub-problem.
    let uncapped = Subproblem {
        region: region("2x3", 0xFF88, 4, 1 << 8),
        goal: 6,
    };
    assert_eq!(
        Table::from_bytes(uncapped, &bytes),
        Err(TableError::Subproblem)
    );
    let mut drops = Region::BLOCK_2X3_CAPPED.drops();
    drops.swap(11, 13);
    let swapped = Subproblem {
        region: Region::BLOCK_2X3_CAPPED
            .with_drops("2x3cap", drops)
            .unwrap_or_else(|e| panic!("{e}")),
        goal: 6,
    };
    assert_ne!(swapped.region.drops(), sub.region.drops());
    assert_eq!(swapped.states(), sub.states());
    assert!(matches!(
        Table::from_bytes(swapped, &bytes),
        Err(TableError::Subproblem)
    ));
    assert!(matches!(
        Table::from_bytes(sub, &bytes[..HEADER_BYTES + 3]),
        Err(TableError::Length { .. })
    ));
    let mut flipped = bytes.clone();
    flipped[HEADER_BYTES + DROPS_BYTES + 10] ^= 0x40;
    assert_eq!(Table::from_bytes(sub, &flipped), Err(TableError::Checksum));
}

#[test]
fn a_capped_value_is_a_lower_bound_of_the_uncapped_one() {
    let mut tighter = 0;
    for region in tiny_capped_regions() {
        let plain = Region::new(
            region.name(),
            region.free(),
            region.anchor(),
            region.targets(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let goal = 6;
        let capped = build(region, goal);
        let uncapped = build(plain, goal);
        let fixed = fixed_tiles(&region, goal);
        for (real, cells) in states(&capped, &fixed) {
            let c = capped.probability(real).unwrap_or(-1.0);
            let u = uncapped.probability(real).unwrap_or(-1.0);
            assert!(c >= 0.0 && c <= u + 1e-6, "{cells:?}: {c} > {u}");
            tighter += usize::from(c + 1e-6 < u);
        }
    }
    assert!(tighter > 0);
}

#[test]
fn every_state_is_solved_once_and_after_its_successors() {
    let mut cases: Vec<(Region, u8)> = tiny_regions().into_iter().map(|r| (r, 4)).collect();
    cases.extend(tiny_capped_regions().into_iter().map(|r| (r, 5)));
    cases.extend(Region::NAMED.into_iter().map(|r| (r, 4)));
    cases.push((Region::BLOCK_2X3_CAPPED, 6));
    for (region, goal) in cases {
        let sub = Subproblem { region, goal };
        let model = Model::new(&sub);
        let n = usize::try_from(sub.states()).unwrap_or_else(|e| panic!("{e}"));
        let mut seen = vec![false; n];
        let mut last = u64::MAX;
        for_each_state_by_sum(&model, |i| {
            let board = model.board(i);
            // The tile sum, from the tiles' values.
            let sum: u64 = model
                .free_cells
                .iter()
                .map(|&c| match board.cell(c) {
                    0 => 0,
                    e => 1 << e,
                })
                .sum();
            assert!(sum <= last, "{}: {sum} after {last}", region.name());
            last = sum;
            let i = usize::try_from(i).unwrap_or_else(|e| panic!("{e}"));
            assert!(!seen[i], "{}: state {i} twice", region.name());
            seen[i] = true;
        });
        assert!(seen.iter().all(|&s| s), "{}", region.name());
    }
}

#[test]
fn snake_stages_fix_the_snake_s_first_cells_and_want_the_anchor_s_twin_beside_it() {
    let snake_cells = |k: usize| Region::SNAKE.iter().take(k).fold(0u16, |m, &c| m | 1 << c);
    // (k, anchor, targets, drops of the free cells in cell order)
    let expected: [(usize, usize, u16, [u8; 16]); 3] = [
        (
            5,
            7,
            (1 << 6) | (1 << 11),
            [1, 1, 1, 1, 2, 1, 1, 1, 3, 2, 1, 1, 3, 3, 2, 1],
        ),
        (
            6,
            6,
            (1 << 5) | (1 << 10),
            [1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 3, 2, 1, 2],
        ),
        (
            7,
            5,
            (1 << 4) | (1 << 9),
            [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 3],
        ),
    ];
    for (k, anchor, targets, drops) in expected {
        let r = Region::snake_stage(k).unwrap_or_else(|| panic!("stage {k}"));
        assert_eq!(r.free(), !snake_cells(k), "stage {k}");
        assert_eq!((r.anchor(), r.targets()), (anchor, targets), "stage {k}");
        assert_eq!(r.drops(), drops, "stage {k}");
        assert_eq!(Region::named(r.name()), Some(r));
    }
    for k in [0, 4, 8, 16] {
        assert_eq!(Region::snake_stage(k), None, "stage {k}");
    }
}

#[test]
fn a_snake_stage_matches_brute_force_at_goal_4() {
    for k in 5..=7 {
        let region = Region::snake_stage(k).unwrap_or_else(|| panic!("stage {k}"));
        // Goal 4 (16): caps of 8, 4 and 2 by distance.
        let table = build(region, 4);
        assert!(check_against_brute_force(&table) > 0, "stage {k}");
    }
}

#[test]
fn fits_is_exactly_where_a_table_has_an_entry() {
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    for region in [
        Region::TWO_ROWS,
        Region::BLOCK_2X3_CAPPED,
        Region::snake_stage(7).unwrap_or(Region::TWO_ROWS),
    ] {
        let table = build(region, 6);
        let sub = table.subproblem();
        let (mut fitting, mut not) = (0, 0);
        for _ in 0..20_000 {
            // Near-fitting boards: each cell within its condition but for
            // one chance in 30 of a value just outside it.
            let mut b = Bitboard::EMPTY;
            for c in 0..16 {
                let off = rng.gen_ratio(1, 30);
                let e = if bit(region.free(), c) {
                    let cap = 6 - region.drops()[c];
                    if off {
                        cap + 1
                    } else {
                        rng.gen_range(0..=cap)
                    }
                } else if c == region.anchor() {
                    if off {
                        rng.gen_range(5..=7)
                    } else {
                        6
                    }
                } else if off {
                    5
                } else {
                    rng.gen_range(6..=12)
                };
                b = b.with_cell(c, e);
            }
            let fits = sub.fits(b);
            let m = &table.model;
            let fixed_ok = b.cell(region.anchor()) == 6
                && m.fixed_cells.iter().all(|&c| b.cell(c) >= 6)
                && m.fixed_pairs.iter().all(|&(x, y)| b.cell(x) != b.cell(y));
            let caps_ok = (0..16)
                .filter(|&c| bit(region.free(), c))
                .all(|c| region.cap(6, c).is_some_and(|cap| b.cell(c) <= cap));
            assert_eq!(fits, fixed_ok && caps_ok, "{} {b:?}", region.name());
            if fits {
                fitting += 1;
                assert!(table.probability(b).is_some());
                assert_eq!(table.probe(b).is_some(), table.probability(b) > Some(0.0));
            } else {
                not += 1;
                assert_eq!(table.probe(b), None);
            }
        }
        assert!(
            fitting > 100 && not > 100,
            "{}: {fitting} / {not}",
            region.name()
        );
    }
}

#[test]
fn tables_below_their_least_probability_are_not_taken() {
    let table = build(Region::TWO_ROWS, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let b = matching_board(&table, &mut rng);
    let (_, p) = table.probe(b).unwrap_or_else(|| panic!("a matching board"));
    let tables = Tables::new(vec![table]);
    assert_eq!(tables.min_probability(), 0.0);
    assert!(tables.lookup(b).is_some());
    let strict = tables.clone().with_min_probability(p);
    assert!(strict.lookup(b).is_some());
    let stricter = tables.with_min_probability(p + 1e-3);
    assert_eq!(stricter.lookup(b), None);
}

#[test]
fn the_chances_best_move_is_the_lookup_s_move_under_every_symmetry() {
    let table = build(Region::snake_stage(6).unwrap_or(Region::TWO_ROWS), 5);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let tables = Tables::new(vec![table.clone()]);
    for _ in 0..300 {
        let b = matching_board(&table, &mut rng);
        let (d, p) = table.probe(b).unwrap_or_else(|| panic!("matching"));
        let chances = table.chances(b).unwrap_or_else(|| panic!("matching"));
        assert_eq!(chances[d.index()], Some(p), "{b:?}");
        assert!(chances.iter().flatten().all(|&q| q <= p));
        for s in Symmetry::ALL {
            let image = s.undo(b);
            let m = tables.lookup(image).unwrap_or_else(|| panic!("an image"));
            let all = tables.chances(image).unwrap_or_else(|| panic!("an image"));
            assert_eq!(all[m.dir.index()], Some(m.probability), "{s:?} {image:?}");
        }
    }
}

#[test]
fn a_building_region_matches_fixed_tiles_above_the_goal_and_has_its_own_files() {
    let twin = region("row", 0xF000, 8, 1 << 12);
    let building = twin.building("row-build");
    assert!(twin.is_twin() && !building.is_twin());
    let (t, b) = (build(twin, 4), build(building, 4));
    // The same model: the same values.
    assert_eq!(t.values, b.values);
    // Fixed tiles 2^5 and up, free tiles below 16: the building table
    // matches, the twin table (whose anchor must be 16) does not.
    let board = Bitboard::from_rows([[9, 8, 7, 6], [5, 6, 8, 10], [6, 5, 6, 5], [1, 2, 0, 3]]);
    assert!(b.subproblem().fits(board) && !t.subproblem().fits(board));
    // A fixed 16 (the goal) breaks the building region only.
    let with_goal = board.with_cell(8, 4);
    assert!(!b.subproblem().fits(with_goal) && t.subproblem().fits(with_goal));
    let bytes = b.to_bytes();
    assert_eq!(Table::from_bytes(b.subproblem(), &bytes).as_ref(), Ok(&b));
    assert_eq!(
        Table::from_bytes(t.subproblem(), &bytes),
        Err(TableError::Subproblem)
    );
    assert_eq!(
        Table::from_bytes(b.subproblem(), &t.to_bytes()),
        Err(TableError::Subproblem)
    );
}

#[test]
fn the_3_2_block_fixes_five_corner_cells_and_builds_the_sixth() {
    let r = Region::block_3_2();
    assert_eq!(Region::named("3p2"), Some(r));
    assert_eq!(r.free(), 0xFFC8);
    assert_eq!((r.targets(), r.is_twin()), (1 << 6, false));
    assert_eq!(
        Subproblem { region: r, goal: 6 }.states(),
        6u64.pow(7) * 5u64.pow(4)
    );
    assert!(check_against_brute_force(&build(r, 3)) > 0);
}

#[test]
fn a_goal_with_a_second_tile_under_way_matches_brute_force() {
    // Tiny regions first (every goal the caps allow), then the 3 + 2 block.
    let (mut checked, mut winnable) = (0, 0);
    for base in [
        region(
            "corner",
            (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15),
            9,
            1 << 10,
        ),
        region("column", 0x8888, 2, (1 << 3) | (1 << 7)),
        region("two rows", 0xFF00, 4, 1 << 8),
    ] {
        let r = base.with_second_under_way("second");
        assert!(r.needs_second() && r.drops()[r.targets().trailing_zeros() as usize] == 0);
        for goal in 3..=4 {
            if (Subproblem { region: r, goal }).states() > 400_000 {
                continue;
            }
            let table = build(r, goal);
            winnable += check_against_brute_force(&table);
            checked += 1;
        }
    }
    assert!(
        checked >= 4 && winnable > 0,
        "{checked} tables, {winnable} winnable states"
    );
    let block = Region::named("3p2s").unwrap_or_else(|| panic!("named"));
    assert!(!block.is_twin() && block.needs_second());
    assert!(check_against_brute_force(&build(block, 3)) > 0);
}

#[test]
fn a_board_with_the_second_tile_under_way_is_left_to_the_search() {
    let r = region("two rows", 0xFF00, 4, 1 << 8).with_second_under_way("second");
    let table = build(r, 4);
    // 16 on the target (cell 8), 8 and 8 beside it: done.
    let done = Bitboard::from_rows([[9, 8, 7, 6], [5, 6, 8, 10], [4, 3, 3, 0], [0, 1, 0, 0]]);
    assert!(table.subproblem().fits(done));
    assert_eq!(table.probe(done), None);
    // 16 on the target, one 8 beside it: under way, the table plays on.
    let half = done.with_cell(10, 1);
    assert!(table.probe(half).is_some());
    // Its bytes name the goal: a table without it is another sub-problem.
    let plain = build(region("two rows", 0xFF00, 4, 1 << 8), 4);
    assert_eq!(
        Table::from_bytes(table.subproblem(), &plain.to_bytes()),
        Err(TableError::Subproblem)
    );
    assert_eq!(
        Table::from_bytes(table.subproblem(), &table.to_bytes()).as_ref(),
        Ok(&table)
    );
}

/// A reader that hands out at most 7 bytes a call and fails after `fail_at`
/// bytes.
struct Trickle<'a> {
    bytes: &'a [u8],
    at: usize,
    fail_at: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at >= self.fail_at {
            return Err(std::io::Error::other("the disk went away"));
        }
        let end = (self.at + 7.min(buf.len()))
            .min(self.bytes.len())
            .min(self.fail_at);
        let part = &self.bytes[self.at..end];
        buf[..part.len()].copy_from_slice(part);
        self.at = end;
        Ok(part.len())
    }
}

#[test]
fn tables_stream_in_pieces_and_every_cut_or_excess_is_a_length_error() {
    let region = region("row", 0xF000, 8, 1 << 12).capped_by_distance("row-cap");
    let table = build(region, 4);
    let sub = table.subproblem();
    let bytes = table.to_bytes();
    let total = bytes.len() as u64;
    assert_eq!(total, sub.file_bytes());
    let mut written = Vec::new();
    table
        .write_to(&mut written)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, bytes);
    let mut trickle = Trickle {
        bytes: &bytes,
        at: 0,
        fail_at: usize::MAX,
    };
    assert_eq!(Table::read_from(sub, &mut trickle).as_ref(), Ok(&table));
    for cut in [
        0,
        1,
        HEADER_BYTES - 1,
        HEADER_BYTES,
        HEADER_BYTES + 3,
        bytes.len() / 2,
        bytes.len() - 1,
    ] {
        let expected = if cut < HEADER_BYTES {
            HEADER_BYTES as u64
        } else {
            total
        };
        assert_eq!(
            Table::from_bytes(sub, &bytes[..cut]),
            Err(TableError::Length {
                expected,
                found: cut as u64
            }),
            "cut at {cut}"
        );
    }
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0, 0, 0]);
    assert_eq!(
        Table::from_bytes(sub, &longer),
        Err(TableError::Length {
            expected: total,
            found: total + 3
        })
    );
    let mut failing = Trickle {
        bytes: &bytes,
        at: 0,
        fail_at: bytes.len() / 2,
    };
    assert_eq!(
        Table::read_from(sub, &mut failing),
        Err(TableError::Read("the disk went away".into()))
    );
    // A writer that fails passes its error on.
    let mut full = [0u8; 10];
    assert!(table.write_to(&mut &mut full[..]).is_err());
}

#[test]
fn the_2_3_block_wants_its_inner_corner_s_twin_beside_it() {
    let r = Region::block_2_3_twin();
    assert_eq!(Region::named("2x3t"), Some(r));
    assert_eq!((r.free(), r.anchor(), r.is_twin()), (0xFF88, 6, true));
    assert_eq!(r.targets(), (1 << 7) | (1 << 10));
    // Distance 0 or 1 from a target: 2^(g−1); 2: 2^(g−2); 3 and more: 2^(g−3).
    assert_eq!(r.drops(), [1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 3, 2, 1, 2]);
    assert_eq!(
        Subproblem { region: r, goal: 8 }.states(),
        8u64.pow(6) * 7u64.pow(3) * 6
    );
    assert!(check_against_brute_force(&build(r, 4)) > 0);
}
