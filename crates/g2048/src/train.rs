//! Temporal-difference learning of an [`NTuple`] network by self-play.
//!
//! Each training game is a real seeded [`Game`]. The player is greedy: in
//! every position it takes the legal move with the largest reward + value of
//! the afterstate. When the game is over, its afterstates are updated from
//! the last to the first (TD(0) on afterstates, Szubert & Jaśkowski 2014,
//! with backward updates as in many later players): the last one towards 0,
//! each earlier one towards the next move's reward + the (just updated)
//! value of the next afterstate. Going backwards carries a game's outcome to
//! its start in one pass.
//!
//! Training is deterministic: the same network, seed and settings give the
//! same weights, bit for bit.

use std::ops::ControlFlow;

use grid::Dir;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::Game;
use crate::ntuple::{Coherence, NTuple};
use crate::Bitboard;

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// The number of games to play.
    pub games: u64,
    /// The learning rate: each update moves a value by this share of its
    /// error.
    pub alpha: f32,
    /// Seeds the games.
    pub seed: u64,
    /// Per-weight rates by temporal coherence, `alpha` then being their
    /// meta rate ([`NTuple::update_coherent`]), instead of one fixed rate.
    pub coherence: bool,
}

/// How one training game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainedGame {
    /// The game's final score.
    pub score: u64,
    /// Moves played.
    pub moves: u64,
    /// The largest exponent reached.
    pub max_exponent: u8,
}

/// The greedy player's move in `board`: the legal move with the largest
/// reward + value, its afterstate and reward. Moves that would need a 2^16
/// tile are left out.
#[must_use]
pub fn greedy_move(net: &NTuple, board: Bitboard) -> Option<(Dir, Bitboard, u32)> {
    let mut best: Option<(Dir, Bitboard, u32)> = None;
    let mut best_value = f32::NEG_INFINITY;
    for dir in Dir::ALL {
        let m = board.slide_scored(dir);
        if m.overflow || m.board == board {
            continue;
        }
        let v = m.score as f32 + net.value(m.board);
        if v > best_value {
            best_value = v;
            best = Some((dir, m.board, m.score));
        }
    }
    best
}

/// Plays `config.games` training games, learning as it goes; `on_game` is
/// told the number of games finished, how the last one went and the
/// network as it now is (to save a checkpoint, say), and stops
/// the training early by returning [`ControlFlow::Break`]. Returns the
/// number of games played.
///
/// ```
/// use g2048::ntuple::NTuple;
/// use g2048::train::{train, TrainConfig};
///
/// let mut net = NTuple::zeroed();
/// let config = TrainConfig { games: 20, alpha: 0.1, seed: 1, coherence: false };
/// let mut scores = Vec::new();
/// let played = train(&mut net, config, |_, g, _| {
///     scores.push(g.score);
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!((played, scores.len()), (20, 20));
/// ```
pub fn train(
    net: &mut NTuple,
    config: TrainConfig,
    mut on_game: impl FnMut(u64, &TrainedGame, &NTuple) -> ControlFlow<()>,
) -> u64 {
    let mut seeds = ChaCha8Rng::seed_from_u64(config.seed);
    let mut path: Vec<(Bitboard, f32)> = Vec::with_capacity(1 << 15);
    let mut tc = config.coherence.then(Coherence::new);
    for done in 1..=config.games {
        let Ok(mut game) = Game::new(4, seeds.gen()) else {
            return done - 1;
        };
        path.clear();
        while let Some(board) = game.bitboard() {
            let Some((dir, after, reward)) = greedy_move(net, board) else {
                break;
            };
            path.push((after, reward as f32));
            game.play(dir);
        }
        let mut target = 0.0f32;
        for &(after, reward) in path.iter().rev() {
            let error = target - net.value(after);
            match tc.as_mut() {
                Some(tc) => net.update_coherent(after, error, config.alpha, tc),
                None => net.update(after, config.alpha * error),
            }
            target = reward + net.value(after);
        }
        let record = TrainedGame {
            score: game.score(),
            moves: game.moves(),
            max_exponent: game.max_exponent(),
        };
        if on_game(done, &record, net).is_break() {
            return done;
        }
    }
    config.games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::Evaluate;

    /// Plain mean score of greedy play with `net` over `games` seeded
    /// games.
    fn greedy_mean(net: &NTuple, games: u64) -> f64 {
        let mut total = 0u64;
        for seed in 0..games {
            let mut game = Game::new(4, 10_000 + seed).unwrap();
            while let Some(board) = game.bitboard() {
                let Some((dir, _, _)) = greedy_move(net, board) else {
                    break;
                };
                game.play(dir);
            }
            total += game.score();
        }
        total as f64 / games as f64
    }

    #[test]
    fn training_is_deterministic_and_learns() {
        let config = TrainConfig {
            games: 300,
            alpha: 0.1,
            seed: 7,
            coherence: false,
        };
        let mut a = NTuple::zeroed();
        let before = greedy_mean(&a, 30);
        let mut scores = Vec::new();
        train(&mut a, config, |_, g, _| {
            scores.push(g.score);
            ControlFlow::Continue(())
        });
        let mut b = NTuple::zeroed();
        let stopped = train(&mut b, config, |done, _, _| {
            if done == 100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(stopped, 100);
        train(
            &mut b,
            TrainConfig {
                games: 300,
                ..config
            },
            |_, _, _| ControlFlow::Continue(()),
        );
        let mut c = NTuple::zeroed();
        train(&mut c, config, |_, _, _| ControlFlow::Continue(()));
        assert!(a == c, "two runs with one seed differ");
        assert!(a != b, "a network trained further is the same");
        // An untrained greedy player takes the largest reward and scores
        // about 3,000; 300 games of learning double that at least.
        let after = greedy_mean(&a, 30);
        assert!(before < 4_000.0, "untrained mean {before}");
        assert!(after > 2.0 * before, "mean {before} -> {after}");
        assert_eq!(scores.len(), 300);
    }

    #[test]
    fn greedy_moves_are_legal_and_maximise_reward_plus_value() {
        let mut net = NTuple::zeroed();
        train(
            &mut net,
            TrainConfig {
                games: 30,
                alpha: 0.1,
                seed: 3,
                coherence: true,
            },
            |_, _, _| ControlFlow::Continue(()),
        );
        let mut game = Game::new(4, 99).unwrap();
        while let Some(board) = game.bitboard() {
            let Some((dir, after, reward)) = greedy_move(&net, board) else {
                assert!(board.legal_moves().is_empty());
                break;
            };
            assert!(board.legal_moves().contains(dir));
            let chosen = reward as f32 + net.value(after);
            for other in board.legal_moves().iter() {
                let m = board.slide_scored(other);
                assert!(m.score as f32 + net.value(m.board) <= chosen);
            }
            // The search's evaluation ranks afterstates the same way.
            let e = net.evaluate(after);
            if e > 1.0 {
                let ranked = e - crate::ntuple::banked_score(board) as f32;
                assert!((ranked - chosen).abs() <= 1e-3 * chosen.abs().max(100.0));
            }
            game.play(dir);
        }
    }
}
