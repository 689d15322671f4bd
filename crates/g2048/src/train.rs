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

use boardkit_grid::Dir;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::downgrade::downgrade;
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
    /// Games played at once, one per thread (see [`train`]).
    pub jobs: usize,
    /// The share of games (0 to 1) that start from a kept board of a
    /// late stage instead of a fresh one (see [`train`]).
    pub restart: f64,
    /// The exponent from which boards are kept for restarts (13: 8192).
    pub restart_tile: u8,
    /// Train a late-stage network (see [`train`]): with `Some(s)`, boards
    /// with a tile of 2^s or more are judged through [`downgrade`], and only
    /// afterstates at that stage are learned.
    pub stage: Option<u8>,
}

/// How one training game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TrainedGame {
    /// The game's final score.
    pub score: u64,
    /// Moves played.
    pub moves: u64,
    /// The largest exponent reached.
    pub max_exponent: u8,
    /// True when the game started from a kept board (its score and moves
    /// count from there).
    pub restarted: bool,
}

/// Where a training run stands, as told after each game.
pub struct Progress<'a> {
    /// Games finished.
    pub done: u64,
    /// How the last one went.
    pub game: TrainedGame,
    /// The network as it now is.
    pub net: &'a NTuple,
    /// The coherence sums as they now are, when training with them.
    pub coherence: Option<&'a Coherence>,
}

/// What the network judges of `after`: itself, or with a late stage from
/// 2^s, its downgraded layout once it holds such a tile.
#[inline]
fn view(after: Bitboard, stage: Option<u8>) -> Bitboard {
    match stage {
        Some(s) => downgrade(after, s),
        None => after,
    }
}

/// The greedy player's move in `board`: the legal move with the largest
/// reward + value, its afterstate and reward. Moves that would need a 2^16
/// tile are left out. With `stage` = `Some(s)`, afterstates holding a tile
/// of 2^s or more are valued by their downgraded layout.
#[must_use]
pub fn greedy_move(
    net: &NTuple,
    board: Bitboard,
    stage: Option<u8>,
) -> Option<(Dir, Bitboard, u32)> {
    let mut best: Option<(Dir, Bitboard, u32)> = None;
    let mut best_value = f32::NEG_INFINITY;
    for dir in Dir::ALL {
        let m = board.slide_scored(dir);
        if m.overflow || m.board == board {
            continue;
        }
        let v = m.score as f32 + net.value(view(m.board, stage));
        if v > best_value {
            best_value = v;
            best = Some((dir, m.board, m.score));
        }
    }
    best
}

/// The restart boards kept (the most recent ones).
const POOL: usize = 4096;

/// One greedy self-play game from `seed`, from `start` or a fresh board: its
/// afterstates with the reward of the move that made each, how it went, and
/// the boards it gives the restart pool (where it first made each tile of
/// at least 2^`keep_from`).
fn play(
    net: &NTuple,
    (start, seed): (Option<Bitboard>, u64),
    config: &TrainConfig,
) -> (Vec<(Bitboard, f32)>, TrainedGame, Vec<Bitboard>) {
    let mut path = Vec::new();
    let mut keep = Vec::new();
    let mut game = match start {
        Some(board) => Game::from_bitboard(board, seed),
        None => match Game::new(4, seed) {
            Ok(game) => game,
            Err(_) => return (path, TrainedGame::default(), keep),
        },
    };
    let mut max = game.max_exponent();
    while let Some(board) = game.bitboard() {
        let Some((dir, after, reward)) = greedy_move(net, board, config.stage) else {
            break;
        };
        path.push((after, reward as f32));
        game.play(dir);
        if game.max_exponent() > max {
            max = game.max_exponent();
            if let (true, Some(b)) = (max >= config.restart_tile, game.bitboard()) {
                keep.push(b);
            }
        }
    }
    let record = TrainedGame {
        score: game.score(),
        moves: game.moves(),
        max_exponent: game.max_exponent(),
        restarted: start.is_some(),
    };
    (path, record, keep)
}

/// Plays `config.games` training games, learning as it goes; `on_game` is
/// told the [`Progress`] after each game (to save a checkpoint, say) and
/// stops the training early by returning [`ControlFlow::Break`]. With `coherence`, the updates
/// use (and further) its per-weight rates, `alpha` being their meta rate
/// ([`NTuple::update_coherent`]). Returns the number of games played.
///
/// Restarts train the late stages more often than whole games can: when a
/// game first makes a tile of 2^`config.restart_tile` or more, the board is
/// kept (the latest 4,096 such boards), and a share `config.restart` of the
/// games start from a kept board drawn at random (once there are any)
/// instead of from two fresh tiles; they go on from there with their own
/// random tiles. This is the idea of Jaśkowski's "carousel shaping" and of
/// the restarts of Yeh et al.'s multi-stage learning, in its simplest form.
///
/// A late-stage network (`config.stage` = `Some(s)`, with restarts from
/// boards holding 2^s) is the second of a two-stage player: it is meant for
/// boards with a tile of 2^s or more, judged through their downgraded
/// layout ([`Downgrading::late`](crate::ntuple::Downgrading)). It starts
/// best as a copy of the first-stage network, which already knows those
/// layouts one stage lower. It plays every move of its games (fresh games
/// only supply restart boards), but learns only from the afterstates at its
/// stage, so what it learns is what differs up there (one more tile in the
/// chain), not the early game again.
///
/// With `config.jobs` = J > 1, games are played J at a time, one per thread,
/// all on the network as it stood before them; their updates are then made
/// one game after the other in a fixed order. The result depends on J but
/// not on the threads' timing.
///
/// ```
/// use boardkit_2048::ntuple::NTuple;
/// use boardkit_2048::train::{train, TrainConfig};
///
/// let mut net = NTuple::zeroed();
/// let config = TrainConfig {
///     games: 20, alpha: 0.1, seed: 1, jobs: 1, restart: 0.0, restart_tile: 13, stage: None,
/// };
/// let mut scores = Vec::new();
/// let played = train(&mut net, None, config, |p| {
///     scores.push(p.game.score);
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!((played, scores.len()), (20, 20));
/// ```
pub fn train(
    net: &mut NTuple,
    mut coherence: Option<&mut Coherence>,
    config: TrainConfig,
    mut on_game: impl FnMut(&Progress) -> ControlFlow<()>,
) -> u64 {
    let mut seeds = ChaCha8Rng::seed_from_u64(config.seed);
    let jobs = config.jobs.max(1) as u64;
    let mut pool: Vec<Bitboard> = Vec::new();
    let mut next_slot = 0usize;
    let mut done = 0u64;
    while done < config.games {
        let batch: Vec<(Option<Bitboard>, u64)> = (0..jobs.min(config.games - done))
            .map(|_| {
                let restart = seeds.gen_bool(config.restart.clamp(0.0, 1.0));
                let pick = seeds.gen_range(0..POOL);
                let start = pool.get(pick % pool.len().max(1)).copied();
                (start.filter(|_| restart), seeds.gen())
            })
            .collect();
        let games: Vec<_> = if batch.len() == 1 {
            batch
                .iter()
                .map(|&start| play(net, start, &config))
                .collect()
        } else {
            let frozen: &NTuple = net;
            std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .iter()
                    .map(|&start| scope.spawn(move || play(frozen, start, &config)))
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        for (path, record, keep) in games {
            for board in keep {
                if pool.len() < POOL {
                    pool.push(board);
                } else if let Some(slot) = pool.get_mut(next_slot) {
                    *slot = board;
                }
                next_slot = (next_slot + 1) % POOL;
            }
            let mut target = 0.0f32;
            for &(after, reward) in path.iter().rev() {
                if config.stage.is_some_and(|s| after.max_exponent() < s) {
                    // Before the late stage: not this network's to learn.
                    break;
                }
                let after = view(after, config.stage);
                let error = target - net.value(after);
                match coherence.as_deref_mut() {
                    Some(tc) => net.update_coherent(after, error, config.alpha, tc),
                    None => net.update(after, config.alpha * error),
                }
                target = reward + net.value(after);
            }
            done += 1;
            let progress = Progress {
                done,
                game: record,
                net,
                coherence: coherence.as_deref(),
            };
            if on_game(&progress).is_break() {
                return done;
            }
        }
    }
    done
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
                let Some((dir, _, _)) = greedy_move(net, board, None) else {
                    break;
                };
                game.play(dir);
            }
            total += game.score();
        }
        total as f64 / games as f64
    }

    /// Trains to the end; how each game went.
    fn run(net: &mut NTuple, tc: Option<&mut Coherence>, config: TrainConfig) -> Vec<TrainedGame> {
        let mut games = Vec::new();
        train(net, tc, config, |p| {
            games.push(p.game);
            ControlFlow::Continue(())
        });
        games
    }

    #[test]
    fn training_is_deterministic_and_learns() {
        let config = TrainConfig {
            games: 300,
            alpha: 0.1,
            seed: 7,
            jobs: 1,
            restart: 0.0,
            restart_tile: 13,
            stage: None,
        };
        let mut a = NTuple::zeroed();
        let before = greedy_mean(&a, 30);
        let scores = run(&mut a, None, config);
        assert_eq!(scores.len(), 300);
        let mut again = NTuple::zeroed();
        assert_eq!(run(&mut again, None, config), scores);
        assert!(a == again, "two runs with one seed differ");
        // An untrained greedy player takes the largest reward and scores
        // about 3,000; 300 games of learning double that at least.
        let after = greedy_mean(&a, 30);
        assert!(before < 4_000.0, "untrained mean {before}");
        assert!(after > 2.0 * before, "mean {before} -> {after}");

        // Stopping early, then going on from the stopped network.
        let mut b = NTuple::zeroed();
        let stopped = train(&mut b, None, config, |p| {
            if p.done == 100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(stopped, 100);
        run(&mut b, None, config);
        assert!(a != b, "a network trained further is the same");
    }

    #[test]
    fn parallel_training_depends_on_the_jobs_only() {
        let config = TrainConfig {
            games: 300,
            alpha: 0.1,
            seed: 9,
            jobs: 3,
            restart: 0.0,
            restart_tile: 13,
            stage: None,
        };
        let mut a = NTuple::zeroed();
        let scores = run(&mut a, None, config);
        let mut b = NTuple::zeroed();
        assert_eq!(run(&mut b, None, config), scores);
        assert!(a == b, "two parallel runs differ");
        // The first game plays on the untrained network either way, from the
        // same seed; what follows differs.
        let mut one = NTuple::zeroed();
        let single = run(&mut one, None, TrainConfig { jobs: 1, ..config });
        assert_eq!(single[0], scores[0]);
        assert!(one != a);
        // Learning works in batches too.
        let untrained = greedy_mean(&NTuple::zeroed(), 30);
        assert!(greedy_mean(&a, 30) > 1.8 * untrained);
    }

    #[test]
    fn coherence_training_is_deterministic_and_learns() {
        let config = TrainConfig {
            games: 400,
            alpha: 1.0,
            seed: 11,
            jobs: 1,
            restart: 0.0,
            restart_tile: 13,
            stage: None,
        };
        let mut a = NTuple::zeroed();
        let mut tc = Coherence::new();
        let scores = run(&mut a, Some(&mut tc), config);
        let mut b = NTuple::zeroed();
        let mut tc_b = Coherence::new();
        assert_eq!(run(&mut b, Some(&mut tc_b), config), scores);
        assert!(a == b);
        let mut plain = NTuple::zeroed();
        run(
            &mut plain,
            None,
            TrainConfig {
                alpha: 0.1,
                ..config
            },
        );
        // Both learn (the gain of coherence shows over many thousands of
        // games, BENCHMARKS.md).
        let untrained = greedy_mean(&NTuple::zeroed(), 30);
        assert!(greedy_mean(&a, 30) > 1.5 * untrained);
        assert!(greedy_mean(&plain, 30) > 1.5 * untrained);
    }

    #[test]
    fn restarts_start_from_kept_boards() {
        // Keep boards from 256 on, so that short training has some.
        let config = TrainConfig {
            games: 300,
            alpha: 0.1,
            seed: 13,
            jobs: 2,
            restart: 0.5,
            restart_tile: 8,
            stage: None,
        };
        let mut a = NTuple::zeroed();
        let records = run(&mut a, None, config);
        let restarted: Vec<&TrainedGame> = records.iter().filter(|g| g.restarted).collect();
        // About half of the games once boards with 256 exist.
        assert!(
            restarted.len() > 80 && restarted.len() < 160,
            "{}",
            restarted.len()
        );
        // The first games have nothing to restart from.
        assert!(!records[0].restarted && !records[1].restarted);
        assert!(restarted.iter().all(|g| g.max_exponent >= 8));
        let mut b = NTuple::zeroed();
        assert_eq!(run(&mut b, None, config), records);
        assert!(a == b);
    }

    #[test]
    fn a_late_stage_network_learns_only_its_stage() {
        let config = TrainConfig {
            games: 200,
            alpha: 0.1,
            seed: 11,
            jobs: 1,
            restart: 0.0,
            restart_tile: 13,
            stage: None,
        };
        let mut base = NTuple::zeroed();
        run(&mut base, None, config);
        // A stage no game reaches: nothing is learned.
        let mut unreached = base.clone();
        let records = run(
            &mut unreached,
            None,
            TrainConfig {
                stage: Some(13),
                ..config
            },
        );
        assert!(records.iter().all(|g| g.max_exponent < 13));
        assert!(unreached == base, "weights moved below the stage");
        // From 128 up, with restarts there: games from kept boards, learning
        // through downgraded layouts; deterministic.
        let late = TrainConfig {
            games: 100,
            restart: 0.8,
            restart_tile: 7,
            stage: Some(7),
            ..config
        };
        let mut a = base.clone();
        let records = run(&mut a, None, late);
        assert!(records.iter().filter(|g| g.restarted).count() > 50);
        assert!(a != base);
        let mut b = base.clone();
        assert_eq!(run(&mut b, None, late), records);
        assert!(a == b);
        // Its greedy moves value afterstates by their downgraded layout.
        let board = Bitboard::from_rows([[7, 7, 1, 0], [2, 1, 0, 0], [0; 4], [0; 4]]);
        let (_, after, reward) = greedy_move(&a, board, Some(7)).unwrap();
        for dir in board.legal_moves().iter() {
            let m = board.slide_scored(dir);
            let v = m.score as f32 + a.value(downgrade(m.board, 7));
            assert!(v <= reward as f32 + a.value(downgrade(after, 7)));
        }
    }

    #[test]
    fn greedy_moves_are_legal_and_maximise_reward_plus_value() {
        let mut net = NTuple::zeroed();
        let config = TrainConfig {
            games: 30,
            alpha: 1.0,
            seed: 3,
            jobs: 1,
            restart: 0.0,
            restart_tile: 13,
            stage: None,
        };
        run(&mut net, Some(&mut Coherence::new()), config);
        let mut game = Game::new(4, 99).unwrap();
        while let Some(board) = game.bitboard() {
            let Some((dir, after, reward)) = greedy_move(&net, board, None) else {
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
