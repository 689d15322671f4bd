//! Replay speed: 1,000,000 random key presses on a 15 x 15 level (target:
//! under 50 ms).

// Bench setup may unwrap.
#![allow(clippy::unwrap_used, missing_docs)]

use boardkit_grid::Dir;
use boardkit_sokoban::judge;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A 15 x 15 warehouse of my own design, in the judge's characters.
const LEVEL: &str = "15 15
###############
#.....#.......#
#.b...#..b..+.#
#...#.....#...#
#.+.#..b..#.b.#
#...#.....#...#
###.###.###.###
#.....+.w.....#
###.###.###.###
#...#.....#...#
#.b.#..+..#.+.#
#...#..b..#...#
#.+.......#...#
#.....#.......#
###############

0 0
";

fn bench(c: &mut Criterion) {
    let level = judge::parse(LEVEL).unwrap().remove(0).level;
    let mut rng = ChaCha8Rng::seed_from_u64(4577);
    let keys: Vec<Dir> = (0..1_000_000)
        .map(|_| Dir::ALL[rng.gen_range(0..4)])
        .collect();
    // The random walk must not finish the level early, or the bench would
    // measure fewer keys.
    let mut state = level.start().clone();
    for &k in &keys {
        level.try_move(&mut state, k);
        assert!(!state.is_solved(), "the random keys solve the bench level");
    }
    c.bench_function("replay 1M random keys, 15x15 (judge::replay)", |b| {
        b.iter(|| judge::replay(black_box(&level), black_box(&keys).iter().copied()));
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
