//! The vector environments (`boardkit.vector`): N 2048 games or N Sokoban
//! levels stepped together in one call into the caller's arrays.

use boardkit_grid::value::IntParam;
use boardkit_grid::Dir;
use boardkit_sokoban::{MoveOutcome, State};
use numpy::{PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::g2048::write_exponents;
use crate::shared::{int_arg, value_error, Int};
use crate::sokoban::{boxes_on_goal, tile_code, write_tiles, PyLevel};

/// Environments in one vector: each takes memory up front, so there is a
/// cap.
const ENVS: IntParam = IntParam::new("a number of environments", 1, 1 << 20);
/// Threads that step one vector.
const THREADS: IntParam = IntParam::new("a number of threads", 1, 256);
/// Steps of a Sokoban episode.
const STEPS: IntParam = IntParam::new("a number of steps", 1, u32::MAX as i128);

/// SplitMix64: the seed of an environment's next episode from its first
/// seed and the number of episodes before it.
fn next_seed(first: u64, episode: u64) -> u64 {
    let mut z = first.wrapping_add(episode.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The actions of a vector step: one per environment, each 0 to 3.
fn checked_actions<'a>(actions: &'a PyReadonlyArray1<'_, i64>, n: usize) -> PyResult<&'a [i64]> {
    let actions = actions.as_slice().map_err(value_error)?;
    if actions.len() != n {
        return Err(value_error(format!(
            "{} actions for {n} environments",
            actions.len()
        )));
    }
    if let Some(bad) = actions.iter().find(|a| !(0..4).contains(*a)) {
        return Err(value_error(format!("action {bad} is outside 0..4")));
    }
    Ok(actions)
}

/// Runs `work` on `chunks` (each a piece of every environment's data) on
/// up to `threads` threads, one piece each; on the calling thread alone
/// when there is one piece.
fn on_threads<C: Send>(chunks: Vec<C>, work: impl Fn(C) + Sync) {
    if chunks.len() <= 1 {
        chunks.into_iter().for_each(&work);
        return;
    }
    std::thread::scope(|s| {
        for chunk in chunks {
            let work = &work;
            s.spawn(move || work(chunk));
        }
    });
}

/// How many environments each of `threads` threads takes out of `n`.
fn chunk_len(n: usize, threads: usize) -> usize {
    n.div_ceil(threads.clamp(1, n.max(1))).max(1)
}

/// One 2048 environment of a vector: its game and its episodes.
struct Env2048 {
    game: boardkit_2048::game::Game,
    first: u64,
    episode: u64,
    done: bool,
}

impl Env2048 {
    /// Starts the game of this environment's current episode.
    fn start(&mut self) {
        let seed = if self.episode == 0 {
            self.first
        } else {
            next_seed(self.first, self.episode)
        };
        self.game = boardkit_2048::game::Game::classic(seed);
        self.done = false;
    }

    /// One step (or the reset after an ended episode); returns the reward
    /// and whether the game ended, and writes the observation and mask.
    fn step(&mut self, action: i64, obs: &mut [u8], mask: &mut [i8]) -> (f32, bool) {
        let (mut reward, mut over) = (0.0, false);
        if self.done {
            self.episode += 1;
            self.start();
        } else {
            let dir = Dir::ALL
                .get(action as usize & 3)
                .copied()
                .unwrap_or(Dir::Up);
            if self.game.legal_moves().contains(dir) {
                let before = self.game.score();
                self.game.play(dir);
                reward = (self.game.score() - before) as f32;
            }
            over = self.game.is_over();
            self.done = over;
        }
        self.write(obs, mask);
        (reward, over)
    }

    /// Writes the exponents (16 cells) and the legal-move mask (4).
    fn write(&self, obs: &mut [u8], mask: &mut [i8]) {
        write_exponents(&self.game, obs);
        let legal = self.game.legal_moves();
        for (m, d) in mask.iter_mut().zip(Dir::ALL) {
            *m = i8::from(legal.contains(d));
        }
    }
}

/// N 4 x 4 games stepped together into the caller's arrays, for the vector
/// environment: observations `(N, 4, 4)` uint8 exponents, rewards `(N,)`
/// float32, terminations `(N,)` bool, action masks `(N, 4)` int8; on
/// `threads` threads (each a share of the environments; the results are
/// the same on any number).
///
/// Game i of `reset(seed)` is the game of seed `seed + i`. After a game
/// ends, the next `step` resets it (its action is not played; reward 0) to
/// the game of seed `next_seed(seed + i, episodes so far)`.
#[pyclass(module = "boardkit._native", name = "Vec2048")]
struct PyVec2048 {
    envs: Vec<Env2048>,
    threads: usize,
}

#[pymethods]
impl PyVec2048 {
    /// `n` games, not yet started, stepped on `threads` threads.
    #[new]
    #[pyo3(signature = (n, threads=Int(1)), text_signature = "(n, threads=1)")]
    fn new(n: Int, threads: Int) -> PyResult<PyVec2048> {
        let n: usize = int_arg("n", n, ENVS)?;
        let threads: usize = int_arg("threads", threads, THREADS)?;
        let envs = (0..n)
            .map(|_| Env2048 {
                game: boardkit_2048::game::Game::classic(0),
                first: 0,
                episode: 0,
                done: false,
            })
            .collect();
        Ok(PyVec2048 { envs, threads })
    }

    /// Starts game i from seed `seed + i` and writes the observations and
    /// masks.
    fn reset(
        &mut self,
        seed: u64,
        obs: &Bound<'_, PyArray3<u8>>,
        mask: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let mut obs = obs.readwrite();
        let mut mask = mask.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let mask = mask.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * 16 || mask.len() != n * 4 {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        for (i, ((env, o), m)) in self
            .envs
            .iter_mut()
            .zip(obs.chunks_mut(16))
            .zip(mask.chunks_mut(4))
            .enumerate()
        {
            env.first = seed.wrapping_add(i as u64);
            env.episode = 0;
            env.start();
            env.write(o, m);
        }
        Ok(())
    }

    /// Plays `actions` (0 up, 1 down, 2 left, 3 right) in every game and
    /// writes the results; releases the GIL meanwhile.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        obs: &Bound<'_, PyArray3<u8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        mask: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let actions = checked_actions(&actions, n)?;
        let mut obs = obs.readwrite();
        let mut rewards = rewards.readwrite();
        let mut terminated = terminated.readwrite();
        let mut mask = mask.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let rewards = rewards.as_slice_mut().map_err(value_error)?;
        let terminated = terminated.as_slice_mut().map_err(value_error)?;
        let mask = mask.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * 16 || mask.len() != n * 4 || rewards.len() != n || terminated.len() != n
        {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let c = chunk_len(n, self.threads);
        let chunks: Vec<_> = self
            .envs
            .chunks_mut(c)
            .zip(actions.chunks(c))
            .zip(obs.chunks_mut(c * 16))
            .zip(mask.chunks_mut(c * 4))
            .zip(rewards.chunks_mut(c))
            .zip(terminated.chunks_mut(c))
            .collect();
        py.detach(|| {
            on_threads(
                chunks,
                |(((((envs, acts), obs), mask), rewards), terminated)| {
                    for (i, (env, &a)) in envs.iter_mut().zip(acts).enumerate() {
                        let (Some(o), Some(m)) = (
                            obs.get_mut(i * 16..i * 16 + 16),
                            mask.get_mut(i * 4..i * 4 + 4),
                        ) else {
                            continue;
                        };
                        let (r, t) = env.step(a, o, m);
                        if let (Some(rr), Some(tt)) = (rewards.get_mut(i), terminated.get_mut(i)) {
                            *rr = r;
                            *tt = t;
                        }
                    }
                },
            );
        });
        Ok(())
    }
}

/// One Sokoban environment of a vector: its level, position, step count
/// and episodes.
struct EnvSokoban {
    level: usize,
    state: State,
    steps: u32,
    first: u64,
    episode: u64,
    done: bool,
}

/// What the Sokoban environments of a vector share: the levels and the
/// observation's shape.
struct SokobanSet {
    levels: Vec<boardkit_sokoban::Level>,
    rows: usize,
    cols: usize,
    max_steps: u32,
}

/// One environment's results of a step.
struct SokobanStep {
    reward: f32,
    terminated: bool,
    truncated: bool,
}

impl SokobanSet {
    /// Starts `env` on its level for its current episode, writing its whole
    /// observation `obs` (rows x cols).
    fn start(&self, env: &mut EnvSokoban, obs: &mut [u8]) {
        let which = (next_seed(env.first, env.episode) % self.levels.len() as u64) as usize;
        env.level = which;
        env.steps = 0;
        env.done = false;
        obs.fill(1);
        let Some(level) = self.levels.get(which) else {
            return;
        };
        env.state = level.start().clone();
        write_tiles(level, &env.state, obs, self.cols);
    }

    /// Rewrites `env`'s observation at `cell`.
    fn write_cell(&self, env: &EnvSokoban, cell: boardkit_sokoban::Cell, obs: &mut [u8]) {
        let Some(level) = self.levels.get(env.level) else {
            return;
        };
        let p = level.pos(cell);
        if let Some(o) = obs.get_mut(p.row * self.cols + p.col) {
            *o = tile_code(level.tile(&env.state, cell));
        }
    }

    /// One step of `env` (or the reset after an ended episode).
    fn step(&self, env: &mut EnvSokoban, action: i64, obs: &mut [u8]) -> SokobanStep {
        let mut out = SokobanStep {
            reward: 0.0,
            terminated: false,
            truncated: false,
        };
        if env.done {
            env.episode += 1;
            self.start(env, obs);
            return out;
        }
        let Some(level) = self.levels.get(env.level) else {
            return out;
        };
        let before = boxes_on_goal(&env.state);
        let from = env.state.worker();
        let dir = Dir::ALL
            .get(action as usize & 3)
            .copied()
            .unwrap_or(Dir::Up);
        let outcome = level.try_move(&mut env.state, dir);
        let to = env.state.worker();
        let solved = env.state.is_solved();
        env.steps += 1;
        out.terminated = solved;
        out.truncated = !solved && env.steps >= self.max_steps;
        out.reward = -0.1 + boxes_on_goal(&env.state) as f32 - before as f32;
        if solved {
            out.reward += 10.0;
        }
        env.done = out.terminated || out.truncated;
        if outcome != MoveOutcome::Blocked {
            self.write_cell(env, from, obs);
            self.write_cell(env, to, obs);
            if outcome == MoveOutcome::Pushed {
                if let Some(pushed) = level.step(to, dir) {
                    self.write_cell(env, pushed, obs);
                }
            }
        }
        out
    }
}

/// N Sokoban environments stepped together into the caller's arrays, for
/// the vector environment: observations `(N, rows, cols)` uint8 tile codes
/// (levels padded with wall to the largest), rewards `(N,)` float32 (the
/// Boxoban scheme), terminations and truncations `(N,)` bool, boxes on
/// goals and level numbers `(N,)` int64; on `threads` threads (the results
/// are the same on any number).
///
/// Environment i of `reset(seed)` plays level `next_seed(seed + i, 0) %
/// levels`; after an episode ends, the next `step` resets it (its action
/// is not played; reward 0) to level `next_seed(seed + i, episodes so far)
/// % levels`.
#[pyclass(module = "boardkit._native", name = "VecSokoban")]
struct PyVecSokoban {
    set: SokobanSet,
    envs: Vec<EnvSokoban>,
    threads: usize,
}

#[pymethods]
impl PyVecSokoban {
    /// `n` environments over `levels`, each episode at most `max_steps`
    /// steps, stepped on `threads` threads.
    #[new]
    #[pyo3(signature = (levels, n, max_steps, threads=Int(1)), text_signature = "(levels, n, max_steps, threads=1)")]
    fn new(
        levels: Vec<PyRef<'_, PyLevel>>,
        n: Int,
        max_steps: Int,
        threads: Int,
    ) -> PyResult<PyVecSokoban> {
        let n: usize = int_arg("n", n, ENVS)?;
        let max_steps: u32 = int_arg("max_steps", max_steps, STEPS)?;
        let threads: usize = int_arg("threads", threads, THREADS)?;
        if levels.is_empty() {
            return Err(value_error("a vector needs at least one level"));
        }
        let levels: Vec<boardkit_sokoban::Level> = levels.iter().map(|l| l.level.clone()).collect();
        let rows = levels
            .iter()
            .map(boardkit_sokoban::Level::rows)
            .max()
            .unwrap_or(1);
        let cols = levels
            .iter()
            .map(boardkit_sokoban::Level::cols)
            .max()
            .unwrap_or(1);
        let envs = levels
            .first()
            .map(|l| {
                (0..n)
                    .map(|_| EnvSokoban {
                        level: 0,
                        state: l.start().clone(),
                        steps: 0,
                        first: 0,
                        episode: 0,
                        done: false,
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(PyVecSokoban {
            set: SokobanSet {
                levels,
                rows,
                cols,
                max_steps,
            },
            envs,
            threads,
        })
    }

    /// The observation's shape per environment: (rows, cols).
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.set.rows, self.set.cols)
    }

    /// Starts every environment (see the class) and writes the
    /// observations, boxes on goals and level numbers.
    fn reset(
        &mut self,
        seed: u64,
        obs: &Bound<'_, PyArray3<u8>>,
        on_goal: &Bound<'_, PyArray1<i64>>,
        level: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let cells = self.set.rows * self.set.cols;
        let mut obs = obs.readwrite();
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let mut on_goal = on_goal.readwrite();
        let on_goal = on_goal.as_slice_mut().map_err(value_error)?;
        let mut level = level.readwrite();
        let level = level.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * cells || on_goal.len() != n || level.len() != n {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let set = &self.set;
        for (i, (((env, o), g), l)) in self
            .envs
            .iter_mut()
            .zip(obs.chunks_mut(cells))
            .zip(on_goal.iter_mut())
            .zip(level.iter_mut())
            .enumerate()
        {
            env.first = seed.wrapping_add(i as u64);
            env.episode = 0;
            set.start(env, o);
            *g = boxes_on_goal(&env.state) as i64;
            *l = env.level as i64;
        }
        Ok(())
    }

    /// Plays `actions` (0 up, 1 down, 2 left, 3 right) in every environment
    /// and writes the results; releases the GIL meanwhile.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        obs: &Bound<'_, PyArray3<u8>>,
        rewards: &Bound<'_, PyArray1<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        truncated: &Bound<'_, PyArray1<bool>>,
        on_goal: &Bound<'_, PyArray1<i64>>,
        level: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let cells = self.set.rows * self.set.cols;
        let actions = checked_actions(&actions, n)?;
        let (mut obs, mut rewards, mut terminated) =
            (obs.readwrite(), rewards.readwrite(), terminated.readwrite());
        let (mut truncated, mut on_goal, mut level) = (
            truncated.readwrite(),
            on_goal.readwrite(),
            level.readwrite(),
        );
        let obs = obs.as_slice_mut().map_err(value_error)?;
        let rewards = rewards.as_slice_mut().map_err(value_error)?;
        let terminated = terminated.as_slice_mut().map_err(value_error)?;
        let truncated = truncated.as_slice_mut().map_err(value_error)?;
        let on_goal = on_goal.as_slice_mut().map_err(value_error)?;
        let level = level.as_slice_mut().map_err(value_error)?;
        if obs.len() != n * cells
            || [
                rewards.len(),
                terminated.len(),
                truncated.len(),
                on_goal.len(),
                level.len(),
            ] != [n; 5]
        {
            return Err(value_error("arrays of the wrong shape for this vector"));
        }
        let c = chunk_len(n, self.threads);
        let chunks: Vec<_> = self
            .envs
            .chunks_mut(c)
            .zip(actions.chunks(c))
            .zip(obs.chunks_mut(c * cells))
            .zip(rewards.chunks_mut(c))
            .zip(terminated.chunks_mut(c))
            .zip(truncated.chunks_mut(c))
            .zip(on_goal.chunks_mut(c))
            .zip(level.chunks_mut(c))
            .collect();
        let set = &self.set;
        py.detach(|| {
            on_threads(
                chunks,
                |(((((((envs, acts), obs), rw), te), tr), og), lv)| {
                    for (i, (env, &a)) in envs.iter_mut().zip(acts).enumerate() {
                        let Some(o) = obs.get_mut(i * cells..(i + 1) * cells) else {
                            continue;
                        };
                        let s = set.step(env, a, o);
                        let outs = (
                            rw.get_mut(i),
                            te.get_mut(i),
                            tr.get_mut(i),
                            og.get_mut(i),
                            lv.get_mut(i),
                        );
                        if let (Some(r), Some(t), Some(u), Some(g), Some(l)) = outs {
                            *r = s.reward;
                            *t = s.terminated;
                            *u = s.truncated;
                            *g = boxes_on_goal(&env.state) as i64;
                            *l = env.level as i64;
                        }
                    }
                },
            );
        });
        Ok(())
    }
}

/// Adds the vector environments' classes to the module `m`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVec2048>()?;
    m.add_class::<PyVecSokoban>()?;
    Ok(())
}
