//! Benchmarks of the yut optimiser: the judge's 10 rolls, a 1,000-roll game,
//! and 10,000 judge lines through one solver.
//!
//! Run: `cargo bench -p boardkit-yut --bench yut`.

// `criterion_group!` defines an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use boardkit_yut::search::{Limits, Solver};
use boardkit_yut::Board;
use criterion::{criterion_group, criterion_main, Criterion};

/// A fixed pseudo-random roll sequence (xorshift), the same on every run.
fn rolls(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed.max(1);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 5) as u8 + 1
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let board = Board::standard();
    let limits = Limits::default();
    let (Some(mut solver), Some(mut eight)) = (Solver::new(&board, 4), Solver::new(&board, 8))
    else {
        return;
    };
    let judge = [5, 1, 2, 3, 4, 5, 5, 3, 2, 4];
    c.bench_function("best_score 10 rolls 4 pieces", |b| {
        b.iter(|| solver.best_score(black_box(&judge), &limits))
    });
    c.bench_function("best_line 10 rolls 4 pieces", |b| {
        b.iter(|| solver.best_line(black_box(&judge), &limits))
    });
    let long = rolls(1000, 7);
    c.bench_function("best_score 1000 rolls 4 pieces", |b| {
        b.iter(|| solver.best_score(black_box(&long), &limits))
    });
    c.bench_function("best_line 1000 rolls 4 pieces", |b| {
        b.iter(|| solver.best_line(black_box(&long), &limits))
    });
    let lines: Vec<Vec<u8>> = (0..10_000).map(|i| rolls(10, i + 1)).collect();
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.bench_function("best_score 10000 judge lines", |b| {
        b.iter(|| {
            lines
                .iter()
                .map(|r| solver.best_score(r, &limits).unwrap_or(0))
                .sum::<u32>()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("eight pieces");
    group.sample_size(10);
    group.bench_function("best_score 10 rolls 8 pieces", |b| {
        b.iter(|| eight.best_score(black_box(&judge), &limits))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
