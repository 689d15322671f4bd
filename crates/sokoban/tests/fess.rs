//! FESS alone (`Strategy::Fess`): the built-in levels, the first 20
//! Microban levels, and a level whose every solution takes a box off a goal
//! (a move that worsens the packing feature) — all solved, every solution
//! replayed through the rules.

// Test helpers outside #[test] functions may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::time::Duration;

use boardkit_sokoban::lurd::{verify, Status};
use boardkit_sokoban::solver::{solve, Config, Outcome, Strategy};
use boardkit_sokoban::xsb::{parse_collection, parse_level};
use boardkit_sokoban::Level;

/// Solves with FESS alone (a generous limit: the CI machine may be busy)
/// and checks the solution by replay; returns the pushes.
fn fess_pushes(level: &Level) -> usize {
    let config = Config::default()
        .with_strategy(Strategy::Fess)
        .with_time_limit(Some(Duration::from_secs(60)));
    match solve(level, &config) {
        Outcome::Solved { solution, .. } => {
            let v = verify(level, &solution.steps);
            assert_eq!(v.status, Status::Solved, "{:?}", level.title());
            assert_eq!(v.pushes, solution.pushes);
            v.pushes
        }
        other => panic!("{:?}: {other:?}", level.title()),
    }
}

#[test]
fn fess_alone_solves_the_builtin_levels() {
    for level in boardkit_sokoban::builtin::levels() {
        fess_pushes(&level);
    }
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn fess_alone_solves_the_first_microban_levels() {
    let text = shared_data::read("levels/Microban_155.xsb");
    for level in parse_collection(&text).unwrap().iter().take(20) {
        fess_pushes(level);
    }
}

/// The box on the goal in the top row can only move along that row, and
/// the other box can only reach the top row at columns 2 to 5. Either the
/// goal box goes on to the far goal, or it steps aside to let the other box
/// pass: every solution takes it off its goal, lowering the packing.
const OFF_GOAL_FIRST: &str = "#########\n#   *  .#\n#@$   ###\n#     #\n#######\n";

#[test]
fn a_solution_through_a_worsening_move_is_found() {
    let level = parse_level(OFF_GOAL_FIRST).unwrap();
    let pushes = fess_pushes(&level);
    // The goal box's three pushes and the other box's two or more.
    assert!(pushes >= 5, "{pushes}");
    // On the way every box leaves the goals for a while.
    let config = Config::default().with_strategy(Strategy::Fess);
    let solution = solve(&level, &config).solution().cloned().unwrap();
    let mut game = boardkit_sokoban::Game::new(level.clone());
    assert_eq!(game.state().boxes_off_goal(), 1);
    let mut most_off = 0;
    for step in &solution.steps {
        game.play(step.dir);
        most_off = most_off.max(game.state().boxes_off_goal());
    }
    assert!(game.state().is_solved());
    assert_eq!(most_off, 2);
}
