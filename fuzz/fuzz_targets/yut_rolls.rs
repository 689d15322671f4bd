//! Roll lines: arbitrary bytes through the parser; each parsed game (cut to
//! a few rolls) is optimised exactly and must equal the brute force.
#![no_main]

use libfuzzer_sys::fuzz_target;
use boardkit_yut::search::{Limits, Solver};
use boardkit_yut::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(games) = boardkit_yut::rolls::parse_rolls(text) else {
        return;
    };
    let board = Board::standard();
    for game in games.iter().take(4) {
        let rolls: Vec<u8> = game.rolls.iter().copied().take(6).collect();
        let pieces = 1 + rolls.len() % 4;
        let Some(mut solver) = Solver::new(&board, pieces) else {
            continue;
        };
        let best = solver.best_score(&rolls, &Limits::default());
        assert_eq!(best.ok(), Some(boardkit_yut::brute::brute_force(&board, &rolls, pieces)));
    }
});
