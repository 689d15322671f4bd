//! How often candidate tables would apply: plays seeded games with the
//! default AI (the standard tables) and counts, per sub-problem named, the
//! boards it fits under some symmetry ([`Subproblem::fits`]), and the
//! boards some of them fit.
//!
//! `cargo run --release -p boardkit-2048 --example fits -- SEED GAMES REGIONS`
//! (REGIONS a comma-separated list of region names as
//! [`Region::named`] takes them, each tried with goals 32 to 1024).

use std::sync::Arc;

use boardkit_2048::ai::{play, Settings, Stop};
use boardkit_2048::symmetry::Symmetry;
use boardkit_2048::tables::{Region, Subproblem, Table, Tables};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let subs: Vec<Subproblem> = args
        .get(3)
        .map_or("s5,s6,s7,2x4", String::as_str)
        .split(',')
        .filter_map(Region::named)
        .flat_map(|region| (5..=10).map(move |goal| Subproblem { region, goal }))
        .filter(|s| s.check().is_ok())
        .collect();
    let standard: Vec<Table> = Subproblem::standard()
        .into_iter()
        .filter_map(|s| Table::build(s, |_, _| {}).ok())
        .collect();
    let settings = Settings::fast().with_tables(Arc::new(Tables::new(standard)));
    let mut fits = vec![0u64; subs.len()];
    let (mut boards, mut any) = (0u64, 0u64);
    for s in seed..seed + games {
        play(s, &settings, Stop::never(), |g| {
            let Some(b) = g.bitboard() else { return };
            boards += 1;
            let mut hit = false;
            for (sub, n) in subs.iter().zip(fits.iter_mut()) {
                if Symmetry::ALL.into_iter().any(|y| sub.fits(y.apply(b))) {
                    *n += 1;
                    hit = true;
                }
            }
            any += u64::from(hit);
        });
    }
    for (sub, n) in subs.iter().zip(&fits) {
        if *n > 0 {
            println!(
                "{:>16} {:>9} states: {n:>8} boards ({:.2} %)",
                sub.file_name(),
                sub.states(),
                100.0 * *n as f64 / boards as f64
            );
        }
    }
    println!(
        "any: {any} of {boards} boards ({:.2} %)",
        100.0 * any as f64 / boards as f64
    );
}
