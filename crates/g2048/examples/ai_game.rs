//! Plays one seeded 2048 game with the AI and prints the final board.
//!
//! `cargo run --release -p boardkit-2048 --example ai_game -- [SEED] [TILE]`:
//! plays from SEED (default 1) until the game is over, or until it makes
//! TILE (e.g. 2048) when given, with the AI's fast setting.

use std::io::Write;
use std::process::ExitCode;

use boardkit_2048::ai::{play, Settings, Stop};
use boardkit_2048::{tile_exponent, tile_value};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed = match args.first().map(|s| s.parse::<u64>()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(_)) => return usage(),
    };
    let stop = match args
        .get(1)
        .map(|s| s.parse::<u128>().ok().and_then(tile_exponent))
    {
        None => Stop::never(),
        Some(Some(exponent)) => Stop::at_tile(exponent),
        Some(None) => return usage(),
    };
    let mut moves = 0;
    let played = play(seed, &Settings::fast(), stop, |_| moves += 1);
    let game = &played.game;
    let text = format!(
        "{}seed {seed}: {:?} after {moves} moves, largest tile {}, score {}\n",
        game.board(),
        played.ending,
        tile_value(game.max_exponent()),
        game.score()
    );
    // A reader that has gone (`| head`) is not an error worth reporting.
    let _ = std::io::stdout().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: ai_game [SEED] [TILE]   (TILE a power of two from 2, e.g. 2048)");
    ExitCode::from(2)
}
