//! The engine's replay of random keys on random levels equals a separate,
//! straightforward simulation on a grid of characters written here; undo
//! and redo retrace the same states.

// Test helpers outside #[test] functions may unwrap too.
#![allow(clippy::unwrap_used)]

use boardkit_grid::Dir;
use boardkit_sokoban::{judge, Game, MoveOutcome};
use proptest::prelude::*;

/// A random level in the judge's characters: a walled rectangle with random
/// inner walls, 1 to 4 boxes and as many goals, and the worker.
fn level() -> impl Strategy<Value = Vec<Vec<char>>> {
    (4usize..=9, 4usize..=9, 1usize..=4)
        .prop_flat_map(|(rows, cols, boxes)| {
            let inner = (rows - 2) * (cols - 2);
            let order: Vec<usize> = (0..inner).collect();
            (
                Just((rows, cols, boxes.min((inner - 1) / 2))),
                proptest::collection::vec(0u8..6, inner),
                Just(order.clone()).prop_shuffle(),
                Just(order).prop_shuffle(),
            )
        })
        .prop_filter_map(
            "every box starts on a goal",
            |((rows, cols, boxes), walls, places, goal_places)| {
                let inner_cols = cols - 2;
                let at = |i: usize| (1 + i / inner_cols, 1 + i % inner_cols);
                let mut g = vec![vec!['#'; cols]; rows];
                for (i, &w) in walls.iter().enumerate() {
                    let (r, c) = at(i);
                    g[r][c] = if w == 0 { '#' } else { '.' };
                }
                let (wr, wc) = at(places[0]);
                g[wr][wc] = 'w';
                for &p in &places[1..=boxes] {
                    let (r, c) = at(p);
                    g[r][c] = 'b';
                }
                let goals: Vec<usize> = goal_places
                    .iter()
                    .copied()
                    .filter(|&p| p != places[0])
                    .take(boxes)
                    .collect();
                for p in goals {
                    let (r, c) = at(p);
                    g[r][c] = match g[r][c] {
                        'b' => 'B',
                        _ => '+',
                    };
                }
                g.iter().flatten().any(|&c| c == 'b').then_some(g)
            },
        )
}

fn keys() -> impl Strategy<Value = Vec<Dir>> {
    proptest::collection::vec(0usize..4, 0..400)
        .prop_map(|v| v.into_iter().map(|i| Dir::ALL[i]).collect())
}

/// What the straightforward simulation says one key did.
#[derive(Debug, PartialEq)]
enum Did {
    Moved,
    Pushed,
    Blocked,
}

/// One key on a grid of judge characters, by the rules as written.
fn reference_step(g: &mut [Vec<char>], dir: Dir) -> Did {
    let (mut wr, mut wc) = (0, 0);
    for (r, row) in g.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch == 'w' || ch == 'W' {
                (wr, wc) = (r, c);
            }
        }
    }
    let (dr, dc) = dir.delta();
    let (tr, tc) = ((wr as isize + dr) as usize, (wc as isize + dc) as usize);
    let leave = |ch: char| if ch == 'W' { '+' } else { '.' };
    let enter = |ch: char| if ch == '+' || ch == 'B' { 'W' } else { 'w' };
    match g[tr][tc] {
        '.' | '+' => {
            g[tr][tc] = enter(g[tr][tc]);
            g[wr][wc] = leave(g[wr][wc]);
            Did::Moved
        }
        'b' | 'B' => {
            let (br, bc) = ((tr as isize + dr) as usize, (tc as isize + dc) as usize);
            match g[br][bc] {
                '.' | '+' => {
                    g[br][bc] = if g[br][bc] == '+' { 'B' } else { 'b' };
                    g[tr][tc] = enter(g[tr][tc]);
                    g[wr][wc] = leave(g[wr][wc]);
                    Did::Pushed
                }
                _ => Did::Blocked,
            }
        }
        _ => Did::Blocked,
    }
}

fn complete(g: &[Vec<char>]) -> bool {
    !g.iter().flatten().any(|&c| c == 'b')
}

fn show(g: &[Vec<char>]) -> String {
    g.iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn replay_matches_the_reference(start in level(), keys in keys()) {
        // The judge input, read by the engine's parser.
        let key_text: String = keys.iter().map(|d| d.letter()).collect();
        let input = format!("{} {}\n{}{key_text}\n0 0\n", start.len(), start[0].len(), show(&start));
        let cases = judge::parse(&input).unwrap();
        prop_assert_eq!(cases.len(), 1);

        let mut g = start.clone();
        for &k in &keys {
            if complete(&g) {
                break;
            }
            reference_step(&mut g, k);
        }
        let verdict = if complete(&g) { "complete" } else { "incomplete" };
        let expected = format!("Game 1: {verdict}\n{}", show(&g));
        prop_assert_eq!(judge::answer(&cases), expected);

        // Every key, without stopping at completion, through Game: the same
        // outcome as the reference, and undo/redo retrace the states.
        let level = &cases[0].level;
        let mut game = Game::new(level.clone());
        let mut g = start.clone();
        let mut boards = vec![show(&g)];
        for &k in &keys {
            let did = reference_step(&mut g, k);
            let outcome = game.play(k);
            let same = matches!(
                (outcome, &did),
                (MoveOutcome::Moved, Did::Moved) | (MoveOutcome::Pushed, Did::Pushed) | (MoveOutcome::Blocked, Did::Blocked)
            );
            prop_assert!(same, "{:?} vs {:?}", outcome, did);
            prop_assert_eq!(game.is_solved(), complete(&g));
            if outcome.changed() {
                boards.push(show(&g));
            }
            prop_assert_eq!(judge::board(level, game.state()), show(&g));
        }
        prop_assert_eq!(game.moves(), boards.len() - 1);
        for expected in boards.iter().rev().skip(1) {
            prop_assert!(game.undo());
            prop_assert_eq!(&judge::board(level, game.state()), expected);
        }
        prop_assert!(!game.undo());
        prop_assert_eq!(game.state(), level.start());
        for expected in boards.iter().skip(1) {
            prop_assert!(game.redo());
            prop_assert_eq!(&judge::board(level, game.state()), expected);
        }
        prop_assert!(!game.redo());
        let lurd = boardkit_sokoban::lurd::parse(&game.lurd()).unwrap();
        let v = boardkit_sokoban::lurd::verify(level, &lurd);
        prop_assert!(v.lowercase_pushes.is_empty() && v.uppercase_moves.is_empty());
        prop_assert_eq!((v.moves, v.pushes), (game.moves(), game.pushes()));
    }
}
