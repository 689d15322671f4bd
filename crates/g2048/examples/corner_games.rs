//! Seeded games with the corner evaluation ([`Corner`]), with or without
//! lookup tables: prints each game's largest tile, moves and moves from
//! tables, then the shares reaching 8192 to 32768 and the moves per second
//! (one thread).
//!
//! `cargo run --release -p boardkit-2048 --example corner_games -- SEED GAMES DIR REGIONS [MIN [DMIN DMAX CUTOFF]]`
//! (DIR holds table files, a missing one is built and saved there; REGIONS
//! a comma-separated list of region names as `Region::named` takes them,
//! each up to the tile after a colon [256], or `none`; MIN the least chance
//! at which a table's move is taken [0]; the adaptive depth's range and
//! the probability cut-off [2 6 0.005]: the fast setting's).

mod common;

use std::sync::Arc;
use std::time::Instant;

use boardkit_2048::ai::{play, Settings, Stop};
use boardkit_2048::corner::Corner;
use boardkit_2048::expectimax::{Config, Depth, DEPTH_OFFSET};
use boardkit_2048::tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).and_then(|s| s.parse::<f64>().ok());
    let seed = arg(1).map_or(1, |s| s as u64);
    let games = arg(2).map_or(10, |g| g as u64);
    let dir = args.get(3).cloned().unwrap_or_default();
    let tables = common::tables(&dir, args.get(4).map_or("none", String::as_str), 4);
    let min = arg(5).map_or(0.0, |p| p as f32);
    let config = Config {
        depth: Depth::Adaptive {
            min: arg(6).map_or(2, |d| d as u32),
            max: arg(7).map_or(6, |d| d as u32),
            offset: DEPTH_OFFSET,
        },
        prob_cutoff: arg(8).map_or(0.005, |p| p as f32),
    };
    let settings = Settings {
        evaluation: Corner::new(),
        config,
        tables: Arc::new(Tables::new(tables).with_min_probability(min)),
    };
    let mut reached = [0u32; 17];
    let (mut moves, mut table_moves, start) = (0u64, 0u64, Instant::now());
    for s in seed..seed + games {
        let p = play(s, &settings, Stop::never(), |_| {});
        let m = p.game.max_exponent();
        moves += p.game.moves();
        table_moves += p.table_moves;
        println!(
            "seed {s} max {} moves {} table_moves {}",
            1u32 << m,
            p.game.moves(),
            p.table_moves
        );
        for r in reached.iter_mut().take(usize::from(m) + 1) {
            *r += 1;
        }
    }
    for (e, n) in reached.iter().enumerate().skip(13).take(3) {
        println!("reached {}: {n} of {games}", 1u32 << e);
    }
    println!(
        "{:.0} moves per second, {:.1} % from tables",
        moves as f64 / start.elapsed().as_secs_f64(),
        100.0 * table_moves as f64 / moves.max(1) as f64
    );
}
