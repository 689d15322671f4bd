//! Solver speed on fixed work: the twelve built-in levels in each mode, and
//! (when ../shared/levels is present, see `shared-data`) the first 20
//! Microban levels in the default mode. The full-set figures in
//! BENCHMARKS.md come from `boardkit sokoban solve`.

// Bench setup may unwrap.
#![allow(clippy::unwrap_used, missing_docs)]

use boardkit_sokoban::solver::{solve, Config, Optimize};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn solve_all(levels: &[boardkit_sokoban::Level], optimize: Optimize) -> usize {
    let config = Config::default().with_optimize(optimize);
    levels
        .iter()
        .filter(|l| solve(l, &config).solution().is_some())
        .count()
}

fn bench(c: &mut Criterion) {
    let builtin = boardkit_sokoban::builtin::levels();
    for (name, optimize) in [
        ("builtin default", Optimize::Any),
        ("builtin fewest pushes", Optimize::Pushes),
        ("builtin fewest moves", Optimize::Moves),
    ] {
        c.bench_function(name, |b| {
            b.iter(|| assert_eq!(solve_all(black_box(&builtin), optimize), 12));
        });
    }
    if cfg!(no_shared_data) {
        eprintln!("skipping microban 1-20: needs ../shared/levels beside the checkout");
    } else {
        let text = shared_data::read("levels/Microban_155.xsb");
        let levels = boardkit_sokoban::xsb::parse_collection(&text).unwrap();
        let first: Vec<_> = levels.into_iter().take(20).collect();
        c.bench_function("microban 1-20 default", |b| {
            b.iter(|| assert_eq!(solve_all(black_box(&first), Optimize::Any), 20));
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
