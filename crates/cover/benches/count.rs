//! Counting benchmarks: full squares (the targets) and the count
//! widths compared. The whole-process judge benchmark is in the cli crate
//! (`cargo bench -p boardkit-cli --bench cover_process`).
//!
//! `cargo bench -p boardkit-cover --bench count` runs all; add a filter such as
//! `square/18` to run one. The 21 x 21 square takes seconds per run: it runs
//! only when `BOARDKIT_BENCH_21=1` is set.

use std::hint::black_box;
use std::time::Duration;

use boardkit_cover::{count, count_big_integers_only, count_detailed, Board, Limits, PieceSet};
use criterion::{criterion_main, Criterion};

fn l3() -> PieceSet {
    PieceSet::named("l3").unwrap_or_else(|| unreachable!())
}

fn squares(c: &mut Criterion) {
    let l3 = l3();
    let mut sides = vec![12, 15, 18];
    if std::env::var("BOARDKIT_BENCH_21").is_ok_and(|v| v == "1") {
        sides.push(21);
    }
    let mut group = c.benchmark_group("square");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in sides {
        let board = Board::rectangle(n, n);
        group.bench_function(format!("{n}"), |b| {
            b.iter(|| count(black_box(&board), &l3, &Limits::default()))
        });
    }
    group.finish();
}

/// The width ladder (u64, u128, 256, 512 bits, big integers) against big
/// integers throughout.
fn widths(c: &mut Criterion) {
    let l3 = l3();
    let mut group = c.benchmark_group("widths");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for n in [15, 18] {
        let board = Board::rectangle(n, n);
        group.bench_function(format!("ladder/{n}"), |b| {
            b.iter(|| count_detailed(black_box(&board), &l3, &Limits::default()))
        });
        group.bench_function(format!("big-only/{n}"), |b| {
            b.iter(|| count_big_integers_only(black_box(&board), &l3, &Limits::default()))
        });
    }
    group.finish();
}

// The macro-made functions carry no docs.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::squares, super::widths);
}
criterion_main!(group::benches);
