//! Speed of the 2048 rules: bitboard moves per second, and the max-tile
//! search on dense random boards, beside a judge contestant's brute force
//! (`brute`) on boards of small tiles.

// criterion_group! generates an undocumented `benches` function.
#![allow(missing_docs, clippy::unwrap_used)]

use boardkit_2048::max_tile::max_tile;
use boardkit_2048::{bitboard, Bitboard, Board};
use boardkit_grid::Dir;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod brute;

fn random_bitboards(count: usize) -> Vec<Bitboard> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    (0..count)
        .map(|_| {
            let mut b = Bitboard::EMPTY;
            for i in 0..16 {
                if rng.gen_bool(0.7) {
                    b = b.with_cell(i, rng.gen_range(1..=11));
                }
            }
            b
        })
        .collect()
}

fn dense_board(n: usize, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells = (0..n * n).map(|_| rng.gen_range(1..=10)).collect();
    Board::from_exponents(n, cells).unwrap()
}

/// The board `random_boards max-tile N SEED 16` writes: every cell a tile
/// from 2 to 16.
fn small_tiles_board(n: usize, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let values: Vec<u32> = (0..n * n).map(|_| 1 << rng.gen_range(1..=4u32)).collect();
    Board::from_values(n, &values).unwrap()
}

fn bitboard_moves(c: &mut Criterion) {
    bitboard::init_tables();
    let boards = random_bitboards(4096);
    let mut group = c.benchmark_group("bitboard");
    group.throughput(Throughput::Elements(4 * boards.len() as u64));
    group.bench_function("4 directions x 4096 boards", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &board in &boards {
                for dir in Dir::ALL {
                    acc ^= black_box(board).slide(dir).0;
                }
            }
            acc
        })
    });
    group.finish();
}

fn generic_moves(c: &mut Criterion) {
    let board = dense_board(20, 7);
    let mut out = Board::empty(20).unwrap();
    c.bench_function("generic 20x20 move", |b| {
        b.iter(|| {
            for dir in Dir::ALL {
                black_box(board.slide_into(dir, &mut out));
            }
        })
    });
}

fn max_tile_dense(c: &mut Criterion) {
    let mut group = c.benchmark_group("max-tile 20x20 dense");
    group.sample_size(10);
    let board = dense_board(20, 12100);
    for k in [5u32, 10] {
        group.bench_function(format!("K={k}"), |b| {
            b.iter(|| max_tile(black_box(&board), k))
        });
    }
    group.finish();
}

fn max_tile_against_brute_force(c: &mut Criterion) {
    let mut group = c.benchmark_group("max-tile 20x20 tiles 2..16");
    group.sample_size(10);
    let board = small_tiles_board(20, 1);
    let rows: Vec<Vec<u32>> = board
        .value_rows()
        .iter()
        .map(|row| row.iter().map(|&v| u32::try_from(v).unwrap()).collect())
        .collect();
    for k in [5u32, 9, 10] {
        assert_eq!(
            1u32 << max_tile(&board, k),
            brute::max_tile(&rows, k),
            "K={k}"
        );
        group.bench_function(format!("boardkit K={k}"), |b| {
            b.iter(|| max_tile(black_box(&board), k))
        });
        group.bench_function(format!("brute force K={k}"), |b| {
            b.iter(|| brute::max_tile(black_box(&rows), k))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    bitboard_moves,
    generic_moves,
    max_tile_dense,
    max_tile_against_brute_force
);
criterion_main!(benches);
