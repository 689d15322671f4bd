//! Writes seeded random 2048 inputs for the bench script.
//!
//! `random_boards max-tile N SEED [MAX]`: one dense N x N board (Baekjoon
//! 12100 format, every cell a tile from 2 to MAX, a power of two, 1024 when
//! not given).
//! `random_boards moves T SEED`: T random 4 x 4 boards (beecrowd 1559 format).

use std::io::{BufWriter, Write};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: random_boards (max-tile N SEED [MAX] | moves T SEED)";
    let (Some(kind), Some(count), Some(seed)) = (args.get(1), args.get(2), args.get(3)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let (Ok(count), Ok(seed)) = (count.parse::<usize>(), seed.parse::<u64>()) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let top = match args.get(4).map(|m| m.parse::<u32>()) {
        None => 10,
        Some(Ok(max)) if max >= 2 && max.is_power_of_two() => max.trailing_zeros(),
        Some(_) => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = BufWriter::new(std::io::stdout().lock());
    match kind.as_str() {
        "max-tile" => {
            writeln!(out, "{count}")?;
            for _ in 0..count {
                let row: Vec<String> = (0..count)
                    .map(|_| (1u32 << rng.gen_range(1..=top)).to_string())
                    .collect();
                writeln!(out, "{}", row.join(" "))?;
            }
        }
        "moves" => {
            writeln!(out, "{count}")?;
            for _ in 0..count {
                for _ in 0..4 {
                    let row: Vec<String> = (0..4)
                        .map(|_| {
                            if rng.gen_bool(0.4) {
                                "0".to_string()
                            } else {
                                (1u32 << rng.gen_range(1..=11)).to_string()
                            }
                        })
                        .collect();
                    writeln!(out, "{}", row.join(" "))?;
                }
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
    out.flush()
}
