//! The solver on hand-checked levels: optimal push and move counts,
//! proofs of unsolvability, deadlocked starts, clean stops at limits, and
//! every solution replayed.

// Test helpers outside #[test] functions may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::time::Duration;

use boardkit_grid::Interrupt;
use boardkit_sokoban::builtin;
use boardkit_sokoban::lurd::{verify, Status};
use boardkit_sokoban::solver::{solve, Config, Limit, Optimize, Outcome};
use boardkit_sokoban::xsb::parse_level;
use boardkit_sokoban::Level;

fn config(optimize: Optimize) -> Config {
    Config::default().with_optimize(optimize)
}

/// Solves and checks the solution by replay; returns (moves, pushes).
fn solved(level: &Level, optimize: Optimize) -> (usize, usize) {
    match solve(level, &config(optimize)) {
        Outcome::Solved { solution, .. } => {
            let v = verify(level, &solution.steps);
            assert_eq!(v.status, Status::Solved, "{}", solution.lurd());
            assert_eq!((v.moves, v.pushes), (solution.moves, solution.pushes));
            assert!(v.lowercase_pushes.is_empty() && v.uppercase_moves.is_empty());
            (solution.moves, solution.pushes)
        }
        other => panic!("{:?}: {other:?}", level.title()),
    }
}

/// The built-in levels' fewest moves and pushes, found by exhaustive
/// breadth-first search (crates/sokoban/tests/builtin.rs lists them with a
/// move-optimal solution).
const BUILTIN_OPTIMA: [(usize, usize); 12] = [
    (3, 2),
    (13, 3),
    (13, 4),
    (15, 6),
    (15, 8),
    (24, 5),
    (21, 5),
    (23, 6),
    (26, 5),
    (27, 7),
    (48, 8),
    (44, 15),
];

#[test]
fn optimal_modes_match_exhaustive_search_on_builtin_levels() {
    for (level, &(moves, pushes)) in boardkit_sokoban::builtin::levels()
        .iter()
        .zip(&BUILTIN_OPTIMA)
    {
        assert_eq!(
            solved(level, Optimize::Pushes).1,
            pushes,
            "{:?}",
            level.title()
        );
        assert_eq!(
            solved(level, Optimize::Moves).0,
            moves,
            "{:?}",
            level.title()
        );
        let (m, p) = solved(level, Optimize::Any);
        assert!(m >= moves && p >= pushes);
    }
}

#[test]
fn hand_checked_counts() {
    // One box, two squares to the goal.
    let level = parse_level("#######\n#@ $ .#\n#######\n").unwrap();
    assert_eq!(solved(&level, Optimize::Pushes), (3, 2));
    // The worker between two boxes: push left, step right, push right.
    let level = parse_level("#######\n#.$@$.#\n#######\n").unwrap();
    assert_eq!(solved(&level, Optimize::Pushes), (3, 2));
    assert_eq!(solved(&level, Optimize::Moves), (3, 2));
    // Box at (2,2), goal at (3,3), worker at (4,2): right then down costs
    // 3 + 1 + 2 + 1 = 7 moves; down then right 5 + 1 + 2 + 1 = 9.
    let level = parse_level("######\n#    #\n# $  #\n#  . #\n# @  #\n######\n").unwrap();
    assert_eq!(solved(&level, Optimize::Pushes).1, 2);
    assert_eq!(solved(&level, Optimize::Moves), (7, 2));
}

#[test]
fn unsolvable_levels_are_proved() {
    // A box in a corner off its goal: deadlocked from the start, no node
    // expanded.
    let level = parse_level("#####\n#$  #\n#  .#\n# @ #\n#####\n").unwrap();
    for optimize in [Optimize::Any, Optimize::Pushes, Optimize::Moves] {
        match solve(&level, &config(optimize)) {
            Outcome::NoSolution { nodes, .. } => assert_eq!(nodes, 0),
            other => panic!("{other:?}"),
        }
    }
    // Two boxes in a corridor, the worker behind both: the first push puts
    // them side by side and nothing moves after. Only search shows it.
    let level = parse_level("########\n#@$.$. #\n########\n").unwrap();
    for optimize in [Optimize::Any, Optimize::Pushes, Optimize::Moves] {
        match solve(&level, &config(optimize)) {
            Outcome::NoSolution { nodes, .. } => assert!(nodes >= 1),
            other => panic!("{other:?}"),
        }
    }
}

/// A level of my own big enough that the search needs many nodes: ten boxes
/// in an open warehouse cut by two walls, their goals packed in the far
/// corner (floor written as `-`).
fn big_level() -> Level {
    parse_level(
        "################\n\
         #@-------------#\n\
         #--$------$----#\n\
         #-----$--------#\n\
         #-----------$--#\n\
         #--####-####---#\n\
         #--------------#\n\
         #--$----#--$---#\n\
         #----$--#------#\n\
         #--------------#\n\
         #..-$---#--$---#\n\
         #...----#----$-#\n\
         #.....---------#\n\
         ################\n",
    )
    .unwrap()
}

#[test]
fn limits_stop_cleanly() {
    let level = big_level();
    let nodes = Config::default().with_node_limit(Some(50));
    match solve(&level, &nodes) {
        Outcome::Unsolved { limit, nodes, .. } => {
            assert_eq!(limit, Limit::Nodes);
            assert_eq!(nodes, 51);
        }
        other => panic!("{other:?}"),
    }
    let memory = Config::default()
        .with_memory_limit(64 << 10)
        .with_optimize(Optimize::Pushes);
    assert!(matches!(
        solve(&level, &memory),
        Outcome::Unsolved {
            limit: Limit::Memory,
            ..
        }
    ));
    // Move-optimal search on ten boxes in the open takes far longer than
    // 1 ms (seconds at least).
    let time = Config::default()
        .with_time_limit(Some(Duration::from_millis(1)))
        .with_optimize(Optimize::Moves);
    assert!(matches!(
        solve(&level, &time),
        Outcome::Unsolved {
            limit: Limit::Time,
            ..
        }
    ));
}

#[test]
fn an_interrupt_changes_nothing_until_it_is_triggered_and_then_stops_the_solve() {
    let quartet = builtin::levels().remove(11);
    let big = big_level();
    let interrupt = Interrupt::new();
    for (level, optimize) in [
        (&quartet, Optimize::Moves),
        (&quartet, Optimize::Pushes),
        (&big, Optimize::Any),
    ] {
        let plain = config(optimize).with_time_limit(None);
        let watched = plain.clone().with_interrupt(interrupt.clone());
        let (a, b) = (solve(level, &plain), solve(level, &watched));
        assert!(a.solution().is_some(), "{optimize:?}: {a:?}");
        assert_eq!((a.solution(), a.nodes()), (b.solution(), b.nodes()));
    }
    // Quartet's fewest moves, as the README shows them.
    let moves = solve(
        &quartet,
        &config(Optimize::Moves).with_interrupt(interrupt.clone()),
    );
    let solution = moves.solution().unwrap();
    assert_eq!(
        (solution.moves, solution.pushes, moves.nodes()),
        (44, 15, 2205)
    );
    interrupt.trigger();
    for optimize in [Optimize::Any, Optimize::Pushes, Optimize::Moves] {
        let watched = config(optimize).with_interrupt(interrupt.clone());
        match solve(&big, &watched) {
            Outcome::Unsolved { limit, nodes, .. } => {
                assert_eq!((limit, nodes), (Limit::Interrupted, 0));
            }
            other => panic!("{optimize:?}: {other:?}"),
        }
    }
}

/// An open room of `side` x `side` squares with a row of boxes and goals.
fn open_room(side: usize) -> Level {
    let mut rows = vec!["#".repeat(side + 2)];
    for r in 0..side {
        let mut row: Vec<char> = std::iter::repeat_n(' ', side).collect();
        if r == 2 {
            for c in 0..10 {
                row[2 + 2 * c] = '$';
            }
        }
        if r == side - 3 {
            for c in 0..10 {
                row[2 + c] = '.';
            }
        }
        if r == 0 {
            row[0] = '@';
        }
        rows.push(format!("#{}#", row.into_iter().collect::<String>()));
    }
    rows.push("#".repeat(side + 2));
    parse_level(&rows.join("\n")).unwrap()
}

#[test]
fn large_levels_respect_the_limits_before_searching() {
    let level = open_room(120);
    // Its tables alone need more than 1 MB: refused at once.
    let small = Config::default().with_memory_limit(1 << 20);
    let refused = solve(&level, &small);
    match refused {
        Outcome::Unsolved { limit, nodes, .. } => assert_eq!((limit, nodes), (Limit::Memory, 0)),
        ref other => panic!("{other:?}"),
    }
    // All of its time went into setting up, and the outcome says so.
    assert_eq!(refused.set_up(), refused.elapsed());
    // So it does when an interrupt stops the set-up.
    let interrupt = Interrupt::new();
    interrupt.trigger();
    let stopped = solve(&level, &Config::default().with_interrupt(interrupt));
    assert!(matches!(
        stopped,
        Outcome::Unsolved {
            limit: Limit::Interrupted,
            nodes: 0,
            ..
        }
    ));
    assert_eq!(stopped.set_up(), stopped.elapsed());
    // Computing its tables takes longer than a millisecond: the time limit
    // stops that too.
    let quick = Config::default().with_time_limit(Some(Duration::from_millis(1)));
    match solve(&level, &quick) {
        Outcome::Unsolved { limit, .. } => assert_eq!(limit, Limit::Time),
        other => panic!("{other:?}"),
    }
    // A smaller room is solved, and the solution replays; its set-up is
    // part of its time.
    solved(&open_room(30), Optimize::Any);
    let done = solve(&open_room(30), &Config::default());
    assert!(done.solution().is_some() && done.set_up() <= done.elapsed());
}
