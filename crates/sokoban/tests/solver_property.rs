//! The solver against a plain brute force on tiny random levels: it finds a
//! solution exactly when breadth-first search over every (worker, boxes)
//! state does, its push-optimal mode finds the fewest pushes and its
//! move-optimal mode the fewest moves. This checks that no deadlock test
//! or corral pruning ever cuts a solvable state.

// Test helpers outside #[test] functions may unwrap and panic too.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::collections::{HashMap, VecDeque};

use boardkit_grid::Dir;
use boardkit_sokoban::lurd::{verify, Status};
use boardkit_sokoban::solver::{solve, Config, Optimize, Outcome};
use boardkit_sokoban::{Level, MoveOutcome, State, Tile};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random level of at most 7 x 7 squares with 1 to 3 boxes, or `None`
/// when the draw is not a valid level. Half the draws place boxes, goals
/// and worker at random (mostly unsolvable); the other half start solved
/// and pull boxes about at random (always solvable, unless nothing moved).
fn random_level(seed: u64) -> Option<Level> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rows = rng.gen_range(4..=7);
    let cols = rng.gen_range(4..=7);
    let mut wall = vec![vec![true; cols]; rows];
    let mut floor = Vec::new();
    for (r, row) in wall.iter_mut().enumerate().take(rows - 1).skip(1) {
        for (c, w) in row.iter_mut().enumerate().take(cols - 1).skip(1) {
            if rng.gen_bool(0.75) {
                *w = false;
                floor.push((r, c));
            }
        }
    }
    let boxes = rng.gen_range(1..=4);
    if floor.len() < boxes + 2 {
        return None;
    }
    let pick = |rng: &mut ChaCha8Rng, pool: &mut Vec<(usize, usize)>| {
        let i = rng.gen_range(0..pool.len());
        pool.swap_remove(i)
    };
    let mut pool = floor.clone();
    let goals: Vec<_> = (0..boxes).map(|_| pick(&mut rng, &mut pool)).collect();
    let (mut worker, mut box_squares);
    if seed.is_multiple_of(2) {
        let mut free = floor.clone();
        worker = pick(&mut rng, &mut free);
        box_squares = (0..boxes)
            .map(|_| pick(&mut rng, &mut free))
            .collect::<Vec<_>>();
    } else {
        // Start solved, then walk and sometimes pull the box behind.
        box_squares = goals.clone();
        worker = pick(&mut rng, &mut pool);
        for _ in 0..rng.gen_range(5..60) {
            let (dr, dc) = [(-1isize, 0isize), (1, 0), (0, -1), (0, 1)][rng.gen_range(0..4)];
            let step = |(r, c): (usize, usize), k: isize| {
                (
                    (r as isize + dr * k) as usize,
                    (c as isize + dc * k) as usize,
                )
            };
            let to = step(worker, 1);
            if wall[to.0][to.1] || box_squares.contains(&to) {
                continue;
            }
            let behind = step(worker, -1);
            if rng.gen_bool(0.6) {
                if let Some(b) = box_squares.iter_mut().find(|b| **b == behind) {
                    *b = worker;
                }
            }
            worker = to;
        }
    }
    let mut tiles: Vec<Vec<Tile>> = wall
        .iter()
        .map(|row| {
            row.iter()
                .map(|&w| if w { Tile::Wall } else { Tile::Floor })
                .collect()
        })
        .collect();
    for &(r, c) in &goals {
        tiles[r][c] = Tile::Goal;
    }
    for &(r, c) in &box_squares {
        tiles[r][c] = Tile::compose(goals.contains(&(r, c)), true, false);
    }
    tiles[worker.0][worker.1] = Tile::compose(goals.contains(&worker), false, true);
    Level::from_rows(&tiles).ok()
}

/// Fewest (pushes, moves) by brute force: a 0-1 breadth-first search for
/// the pushes (a walk costs nothing) and a plain one for the moves.
fn brute_force(level: &Level) -> Option<(usize, usize)> {
    let start = level.start().clone();
    // Fewest moves.
    let mut seen: HashMap<State, usize> = HashMap::from([(start.clone(), 0)]);
    let mut queue = VecDeque::from([start.clone()]);
    let mut moves = None;
    while let Some(s) = queue.pop_front() {
        let d = seen[&s];
        if s.is_solved() {
            moves = Some(d);
            break;
        }
        for dir in Dir::ALL {
            let mut t = s.clone();
            if level.try_move(&mut t, dir) != MoveOutcome::Blocked && !seen.contains_key(&t) {
                seen.insert(t.clone(), d + 1);
                queue.push_back(t);
            }
        }
    }
    let moves = moves?;
    // Fewest pushes.
    let mut best: HashMap<State, usize> = HashMap::from([(start.clone(), 0)]);
    let mut deque = VecDeque::from([(start, 0)]);
    while let Some((s, d)) = deque.pop_front() {
        if best[&s] < d {
            continue;
        }
        if s.is_solved() {
            return Some((d, moves));
        }
        for dir in Dir::ALL {
            let mut t = s.clone();
            let cost = match level.try_move(&mut t, dir) {
                MoveOutcome::Blocked => continue,
                MoveOutcome::Moved => 0,
                MoveOutcome::Pushed => 1,
            };
            if best.get(&t).is_none_or(|&old| d + cost < old) {
                best.insert(t.clone(), d + cost);
                if cost == 0 {
                    deque.push_front((t, d));
                } else {
                    deque.push_back((t, d + 1));
                }
            }
        }
    }
    None
}

/// (moves, pushes) of the solver's solution after checking it by replay,
/// or `None` for a proof of no solution.
fn run(level: &Level, optimize: Optimize) -> Option<(usize, usize)> {
    let config = Config::default().with_optimize(optimize);
    match solve(level, &config) {
        Outcome::Solved { solution, .. } => {
            let v = verify(level, &solution.steps);
            assert_eq!(v.status, Status::Solved);
            assert_eq!((v.moves, v.pushes), (solution.moves, solution.pushes));
            Some((solution.moves, solution.pushes))
        }
        Outcome::NoSolution { .. } => None,
        other => panic!("limit on a tiny level: {other:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn solver_agrees_with_brute_force(seed in any::<u64>()) {
        let Some(level) = random_level(seed) else { return Ok(()) };
        let text = boardkit_sokoban::xsb::write_level(&level);
        let truth = brute_force(&level);
        let any = run(&level, Optimize::Any);
        prop_assert_eq!(any.is_some(), truth.is_some(), "default mode on\n{}", text);
        let pushes = run(&level, Optimize::Pushes);
        prop_assert_eq!(pushes.map(|s| s.1), truth.map(|t| t.0), "pushes on\n{}", text);
        let moves = run(&level, Optimize::Moves);
        prop_assert_eq!(moves.map(|s| s.0), truth.map(|t| t.1), "moves on\n{}", text);
    }
}

#[test]
fn generator_makes_solvable_and_unsolvable_levels() {
    let mut counts = [0usize; 2];
    for seed in 0..300 {
        if let Some(level) = random_level(seed) {
            counts[usize::from(brute_force(&level).is_some())] += 1;
        }
    }
    // Both kinds are well represented, so the property means something.
    assert!(counts[0] >= 50 && counts[1] >= 50, "{counts:?}");
}
