//! The solver on the shared level sets (a fast subset for CI): the first
//! 20 Microban levels and the first 20 Boxoban-hard levels in the default
//! mode, the first 10 Microban levels push-optimally. Every solution is
//! replayed. Ignored when ../shared/levels is absent, unless
//! `BOARDKIT_REQUIRE_SHARED=1` requires it (see `shared-data`).

// Test helpers outside #[test] functions may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::time::Duration;

use boardkit_sokoban::lurd::{verify, Status};
use boardkit_sokoban::solver::{solve, Config, Optimize, Outcome};
use boardkit_sokoban::xsb::parse_collection;
use boardkit_sokoban::Level;

fn shared(name: &str) -> Vec<Level> {
    parse_collection(&shared_data::read(&format!("levels/{name}"))).unwrap()
}

/// Solves with a generous limit (the CI machine may be busy) and checks
/// the solution by replay; returns the pushes.
fn pushes(level: &Level, optimize: Optimize) -> usize {
    let config = Config::default()
        .with_optimize(optimize)
        .with_time_limit(Some(Duration::from_secs(60)));
    match solve(level, &config) {
        Outcome::Solved { solution, .. } => {
            let v = verify(level, &solution.steps);
            assert_eq!(v.status, Status::Solved, "{:?}", level.title());
            v.pushes
        }
        other => panic!("{:?}: {other:?}", level.title()),
    }
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn first_microban_levels() {
    let levels = shared("Microban_155.xsb");
    for level in levels.iter().take(20) {
        pushes(level, Optimize::Any);
    }
    for level in levels.iter().take(10) {
        let optimal = pushes(level, Optimize::Pushes);
        assert!(optimal <= pushes(level, Optimize::Any));
    }
}

#[test]
#[cfg_attr(
    no_shared_data,
    ignore = "needs ../shared/levels beside the checkout (not in a clone)"
)]
fn first_boxoban_levels() {
    let levels = shared("boxoban-hard/000.txt");
    for level in levels.iter().take(20) {
        pushes(level, Optimize::Any);
    }
}
