//! Where seeded AI games are lost. Plays games with the fast AI and the
//! lookup tables of the regions named, and prints per game its largest
//! tile, how far the chain below that tile had got at its best (how many of
//! M/2, M/4, ... were on the board together: 0 means lost while the search
//! rebuilt the next tile from scratch, 5 or more means lost in the late
//! stage the tables are for) and the board at that point, then the shares
//! reaching 8192 to 65536. The games are those of `boardkit 2048 ai` with
//! the same tables.
//!
//! `cargo run --release -p boardkit-2048 --example stages -- SEED GAMES DIR [REGIONS [MIN]]`
//! (DIR holds the table files, as `boardkit 2048 tables build` writes them;
//! a table missing there is built and saved there; REGIONS a comma-separated list
//! of region names as `Region::named` takes them, or `none` [2x4], each with the tables
//! building 32 up to 256, or up to the tile after a colon: `2x3cap:512`; a
//! table its region cannot have, such as `2x3cap` at 32, is left out; MIN
//! the least probability of success at which a table's move is taken [0]).

mod common;

use std::sync::Arc;

use boardkit_2048::ai::{play, Settings, Stop};
use boardkit_2048::tables::Tables;
use boardkit_2048::Bitboard;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(12345);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let dir = args.get(3).cloned().unwrap_or_default();
    let tables = common::tables(&dir, args.get(4).map_or("2x4", String::as_str), 5);
    let min: f32 = args.get(5).and_then(|s| s.parse().ok()).unwrap_or(0.0);
    let tables = Arc::new(Tables::new(tables).with_min_probability(min));
    let settings = Settings::fast().with_tables(tables.clone());
    let mut reached = [0u32; 17];
    for s in seed..seed + games {
        // Per level (the largest tile's exponent): the most of the chain
        // below it present at once (how many of M/2, M/4, ... were on the
        // board together) and the board when that was first seen.
        let mut peak: Vec<(u8, u32, Bitboard, u64)> = Vec::new();
        let mut first_table: [Option<u64>; 16] = [None; 16];
        let p = play(s, &settings, Stop::never(), |g| {
            let Some(b) = g.bitboard() else { return };
            let m = g.max_exponent();
            let mut present = [false; 16];
            for c in 0..16 {
                present[usize::from(b.cell(c))] = true;
            }
            let mut k = 0u32;
            let mut e = m;
            while e > 1 && present[usize::from(e - 1)] {
                k += 1;
                e -= 1;
            }
            match peak.last_mut() {
                Some(last) if last.0 == m => {
                    if k > last.1 {
                        *last = (m, k, b, g.moves());
                    }
                }
                _ => peak.push((m, k, b, g.moves())),
            }
            if let Some(f) = first_table.get_mut(usize::from(m)) {
                if f.is_none() && tables.lookup(b).is_some() {
                    *f = Some(g.moves());
                }
            }
        });
        let m = p.game.max_exponent();
        for r in reached.iter_mut().take(usize::from(m) + 1) {
            *r += 1;
        }
        let Some(&(_, k, b, at)) = peak.last() else {
            continue;
        };
        print!(
            "seed {s} max {} moves {} table_moves {} | chain below max at its best: {k} (move {at}) first table move at this level: {:?} |",
            1u32 << m,
            p.game.moves(),
            p.table_moves,
            first_table.get(usize::from(m)).copied().flatten()
        );
        for r in 0..4 {
            for c in 0..4 {
                let e = b.cell(4 * r + c);
                print!(" {}", if e == 0 { 0 } else { 1u32 << e });
            }
            print!(" /");
        }
        println!();
    }
    for (e, n) in reached.iter().enumerate().skip(13) {
        println!("reached {}: {n} of {games}", 1u32 << e);
    }
}
