//! Search speed: leaf positions evaluated per second by the expectimax AI at
//! fixed depths, over positions taken from a seeded AI game (one thread).
//!
//! `cargo bench -p boardkit-2048 --bench search`; criterion's "thrpt" line is the
//! number of evaluated positions per second.

// criterion_group! generates an undocumented `benches` function.
#![allow(missing_docs, clippy::unwrap_used)]

use boardkit_2048::expectimax::{Config, Depth, Searcher};
use boardkit_2048::game::Game;
use boardkit_2048::Bitboard;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// Every 25th position of a seeded game played at depth 1 until 4096.
fn positions() -> Vec<Bitboard> {
    let mut game = Game::new(4, 7).unwrap();
    let mut ai = Searcher::standard(Config::fixed(1));
    let mut out = Vec::new();
    while let Some(b) = game.bitboard() {
        if game.max_exponent() >= 12 {
            break;
        }
        out.push(b);
        let Some(d) = ai.decide(b).best else { break };
        game.play(d);
    }
    out.into_iter().step_by(25).collect()
}

fn bench(c: &mut Criterion) {
    let boards = positions();
    let mut group = c.benchmark_group("expectimax");
    group.sample_size(10);
    for depth in [1, 2, 3] {
        let config = Config {
            depth: Depth::Fixed(depth),
            prob_cutoff: 1e-3,
        };
        let mut probe = Searcher::standard(config);
        let evaluations: u64 = boards.iter().map(|&b| probe.decide(b).evaluations).sum();
        group.throughput(Throughput::Elements(evaluations));
        group.bench_function(
            format!("depth {depth}, {} positions", boards.len()),
            |bench| {
                let mut ai = Searcher::standard(config);
                bench.iter(|| {
                    for &b in &boards {
                        black_box(ai.decide(black_box(b)));
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
