//! The Sokoban solver: [`solve`] a [`Level`] under a [`Config`] (time,
//! memory and node limits, what to optimise) and get an [`Outcome`]:
//! a verified solution, a proof that there is none, the limit that
//! stopped the search, or — only through a bug — a [`Failure`].
//!
//! The search runs over pushes, not steps: a node is a box configuration
//! plus the worker's region, hashed with Zobrist keys and stored compactly.
//! Deadlocks are cut by dead squares, freeze tests, the matching bound,
//! PI-corral pruning and corral deadlocks; the matching of boxes to goals by
//! push distance guides the default best-first search and is the
//! admissible bound of the optimal modes (A*, with reopening). The default
//! mode also uses goal-room and tunnel macros and a backward search from
//! the solved state that takes turns with the forward one; see
//! ARCHITECTURE.md for the whole design and why each part is sound.
//!
//! Every solution is replayed through the rules ([`crate::lurd::verify`])
//! before it is returned; a solution that failed the replay would be
//! reported as [`Outcome::Failed`], never returned.
//!
//! ```
//! use boardkit_sokoban::solver::{solve, Config, Optimize, Outcome};
//!
//! let level = boardkit_sokoban::xsb::parse_level("#######\n#@ $ .#\n#######\n").unwrap();
//! let config = Config::default().with_optimize(Optimize::Pushes);
//! match solve(&level, &config) {
//!     Outcome::Solved { solution, .. } => {
//!         assert_eq!(solution.lurd(), "rRR");
//!         assert_eq!((solution.moves, solution.pushes), (3, 2));
//!     }
//!     other => panic!("{other:?}"),
//! }
//! ```

mod areas;
mod bound;
mod compact;
mod corral;
mod corral_deadlock;
mod distance;
mod expander;
mod freeze;
mod frontier;
mod limit;
mod macros;
mod matching;
mod open;
mod path;
mod reach;
mod search;
mod store;
mod zobrist;

use std::fmt;
use std::time::{Duration, Instant};

use crate::level::Level;
use crate::lurd::{self, Status};
use crate::rules::Step;

use self::compact::{bits, Board};
use self::distance::Distances;
use self::expander::Moves;
use self::frontier::{AStar, Alternating, BestFirst, Frontier};
use self::macros::GoalRooms;
use self::path::Paths;
use self::reach::Reach;
use self::search::{End, Limits, Search};
use self::store::{Store, NIL};
use self::zobrist::Zobrist;

pub use self::limit::Limit;

/// What the solver optimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Optimize {
    /// Any solution, found fast (best-first search on the bound).
    #[default]
    Any,
    /// The fewest pushes (A* over pushes); among those, the moves are
    /// whatever the push order gives, each walk and push sequence between
    /// two pushes being as short as possible.
    Pushes,
    /// The fewest moves (A* over box configurations with the worker's
    /// exact square, a push costing its walk plus one). Its state space is
    /// much larger than the push search's: practical for small levels, and
    /// bounded by the same limits.
    Moves,
}

/// Limits and goals of a solve.
///
/// Start from [`Config::default`] and change what you need with the
/// `with_` methods (the struct may gain fields, so it cannot be written as
/// a literal outside this crate; its fields can still be read and set):
///
/// ```
/// use std::time::Duration;
/// use boardkit_sokoban::solver::{Config, Optimize, Techniques};
///
/// let config = Config::default()
///     .with_optimize(Optimize::Pushes)
///     .with_time_limit(Some(Duration::from_secs(2)))
///     .with_memory_limit(256 << 20)
///     .with_node_limit(Some(100_000))
///     .with_techniques(Techniques::default().with_corrals(false));
/// assert_eq!(config.optimize, Optimize::Pushes);
/// assert_eq!(config.time_limit, Some(Duration::from_secs(2)));
/// assert_eq!((config.memory_limit, config.node_limit), (256 << 20, Some(100_000)));
/// assert!(!config.techniques.corrals && config.techniques.backward);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Config {
    /// Wall-clock time allowed (checked every 1,024 expanded nodes).
    pub time_limit: Option<Duration>,
    /// Bytes the solver's tables (node store, transposition table, open
    /// list) may hold.
    pub memory_limit: usize,
    /// Nodes the search may expand.
    pub node_limit: Option<u64>,
    /// What to optimise.
    pub optimize: Optimize,
    /// Which search techniques to use (all by default; switching them off
    /// is for measuring what each one buys).
    pub techniques: Techniques,
}

/// Search techniques that can be switched off one by one, to measure what
/// each buys. The rules, dead squares, freeze tests and the matching bound
/// are always on.
///
/// All are on by default; the `with_` methods switch them one by one:
///
/// ```
/// use boardkit_sokoban::solver::Techniques;
///
/// let t = Techniques::default().with_backward(false).with_areas(false);
/// assert!(t.corrals && t.goal_rooms && t.tunnels);
/// assert!(!t.backward && !t.areas);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Techniques {
    /// PI-corral pruning (all modes but move-optimal).
    pub corrals: bool,
    /// Goal-room macros with packing orders (default mode only).
    pub goal_rooms: bool,
    /// Tunnel macros (default mode only).
    pub tunnels: bool,
    /// A backward search (pulling boxes from the solved state) taking
    /// turns with the forward one (default mode only).
    pub backward: bool,
    /// A second open list in each search, ordered by the number of
    /// separate floor areas plus boxes off goals (forward) or by boxes off
    /// their start squares (backward), then the bound; each search takes
    /// turns between its two lists (default mode only).
    pub areas: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques {
            corrals: true,
            goal_rooms: true,
            tunnels: true,
            backward: true,
            areas: true,
        }
    }
}

impl Techniques {
    /// With PI-corral pruning on or off.
    #[must_use]
    pub fn with_corrals(mut self, on: bool) -> Techniques {
        self.corrals = on;
        self
    }

    /// With goal-room macros on or off.
    #[must_use]
    pub fn with_goal_rooms(mut self, on: bool) -> Techniques {
        self.goal_rooms = on;
        self
    }

    /// With tunnel macros on or off.
    #[must_use]
    pub fn with_tunnels(mut self, on: bool) -> Techniques {
        self.tunnels = on;
        self
    }

    /// With the backward search on or off.
    #[must_use]
    pub fn with_backward(mut self, on: bool) -> Techniques {
        self.backward = on;
        self
    }

    /// With the second open lists (floor areas, boxes off start squares)
    /// on or off.
    #[must_use]
    pub fn with_areas(mut self, on: bool) -> Techniques {
        self.areas = on;
        self
    }
}

impl Config {
    /// With this time limit (`None`: no limit).
    #[must_use]
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> Config {
        self.time_limit = limit;
        self
    }

    /// With this memory limit, in bytes.
    #[must_use]
    pub fn with_memory_limit(mut self, bytes: usize) -> Config {
        self.memory_limit = bytes;
        self
    }

    /// With this node limit (`None`: no limit).
    #[must_use]
    pub fn with_node_limit(mut self, limit: Option<u64>) -> Config {
        self.node_limit = limit;
        self
    }

    /// Optimising this.
    #[must_use]
    pub fn with_optimize(mut self, optimize: Optimize) -> Config {
        self.optimize = optimize;
        self
    }

    /// With these search techniques.
    #[must_use]
    pub fn with_techniques(mut self, techniques: Techniques) -> Config {
        self.techniques = techniques;
        self
    }
}

impl Default for Config {
    /// 10 seconds, 2 GiB, no node limit, any solution.
    fn default() -> Config {
        Config {
            time_limit: Some(Duration::from_secs(10)),
            memory_limit: 2 << 30,
            node_limit: None,
            optimize: Optimize::Any,
            techniques: Techniques::default(),
        }
    }
}

/// A solution, checked by replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The moves, pushes marked.
    pub steps: Vec<Step>,
    /// Number of moves.
    pub moves: usize,
    /// Number of pushes.
    pub pushes: usize,
}

impl Solution {
    /// The solution in LURD notation.
    #[must_use]
    pub fn lurd(&self) -> String {
        lurd::write(&self.steps)
    }
}

/// Why a solve failed when no limit stopped it: a bug in the solver,
/// reported instead of a solution that would be wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Failure {
    /// The chain of states the search found could not be turned into key
    /// presses (two consecutive states are not one box move apart, or no
    /// walk connects them).
    Path,
    /// The key presses, replayed through the rules, do not solve the level.
    Replay,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Failure::Path => "internal error: a solution could not be turned into moves",
            Failure::Replay => "internal error: a solution failed its replay",
        })
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// Solved; the solution has been replayed and solves the level.
    Solved {
        /// The solution.
        solution: Solution,
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
    },
    /// The search proved that the level has no solution.
    NoSolution {
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
    },
    /// A limit stopped the search first.
    Unsolved {
        /// Which limit.
        limit: Limit,
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
    },
    /// The search ended with a solution that did not survive its check (a
    /// bug in the solver; see [`Failure`]). Not a limit: a larger limit
    /// would not help.
    Failed {
        /// What went wrong.
        failure: Failure,
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
    },
}

impl Outcome {
    /// Nodes expanded.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            Outcome::Solved { nodes, .. }
            | Outcome::NoSolution { nodes, .. }
            | Outcome::Unsolved { nodes, .. }
            | Outcome::Failed { nodes, .. } => *nodes,
        }
    }

    /// Time taken.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        match self {
            Outcome::Solved { elapsed, .. }
            | Outcome::NoSolution { elapsed, .. }
            | Outcome::Unsolved { elapsed, .. }
            | Outcome::Failed { elapsed, .. } => *elapsed,
        }
    }

    /// The solution, when solved.
    #[must_use]
    pub fn solution(&self) -> Option<&Solution> {
        match self {
            Outcome::Solved { solution, .. } => Some(solution),
            _ => None,
        }
    }
}

/// Solves `level` within the limits of `config`.
#[must_use]
pub fn solve(level: &Level, config: &Config) -> Outcome {
    let started = Instant::now();
    let limits = Limits {
        deadline: config.time_limit.map(|t| started + t),
        nodes: config.node_limit,
        memory: config.memory_limit,
    };
    let Some(board) = Board::new(level) else {
        return Outcome::Unsolved {
            limit: Limit::Memory,
            nodes: 0,
            elapsed: started.elapsed(),
        };
    };
    // The per-level tables are allocated before the search can count them:
    // refuse a level whose tables alone would pass the memory limit.
    let tables = Distances::bytes_for(&board) * 2 + macros::bytes_for(&board);
    if tables > config.memory_limit {
        return Outcome::Unsolved {
            limit: Limit::Memory,
            nodes: 0,
            elapsed: started.elapsed(),
        };
    }
    let mut start_bits = vec![0u64; board.words()];
    for b in level.start().boxes() {
        bits::set(&mut start_bits, board.square(b));
    }
    let Some(dist) = Distances::to_goals(&board, limits.deadline) else {
        return Outcome::Unsolved {
            limit: Limit::Time,
            nodes: 0,
            elapsed: started.elapsed(),
        };
    };
    let problem = Problem {
        level,
        dist,
        zobrist: Zobrist::new(board.len()),
        start_bits,
        start_worker: board.square(level.start().worker()),
        board,
        started,
    };
    let tech = config.techniques;
    let plain = Moves {
        backward: false,
        exact_worker: config.optimize == Optimize::Moves,
        corrals: tech.corrals,
        rooms: None,
        tunnels: false,
        areas: false,
    };
    if config.optimize != Optimize::Any {
        let mut search: Search<'_, AStar> = problem.search(&problem.dist, limits.memory, plain);
        let end = search.run(&problem.start_bits, problem.start_worker, &limits);
        let nodes = search.expanded;
        return problem.finish(end, nodes, &search, None, config.optimize);
    }
    if tech.areas {
        problem.portfolio::<Alternating>(tech, &limits, plain)
    } else {
        problem.portfolio::<BestFirst>(tech, &limits, plain)
    }
}

/// Nodes the forward search expands before the backward one takes its
/// turn.
const SLICE: u64 = 512;

/// Nodes the backward search expands in its turn. With both searches
/// taking turns between two open lists, 48 times the forward slice
/// measured best at 10 s per level on XSokoban: 41 / 90 at 3 times
/// (session 1's choice, when 1:3 beat 1:1 and 1:8 on XSokoban 1-60 at
/// 2 s), 44 at 12, 46 at 24, 48 at 48, 47 at 96. Microban 153 needs about
/// 2.1-2.3 M nodes, mostly backward, and is solved within 10 s from 1:12
/// on. The backward search's nodes are cheaper (no corral or freeze
/// tests), so its larger share pays in time more than in nodes.
const BACKWARD_SLICE: u64 = 48 * SLICE;

/// A level prepared for searching.
struct Problem<'l> {
    level: &'l Level,
    board: Board,
    dist: Distances,
    zobrist: Zobrist,
    start_bits: Vec<u64>,
    start_worker: u16,
    started: Instant,
}

impl Problem<'_> {
    fn search<'a, F: Frontier>(
        &'a self,
        dist: &'a Distances,
        memory: usize,
        moves: Moves<'a>,
    ) -> Search<'a, F> {
        Search::new(&self.board, dist, &self.zobrist, memory, moves)
    }

    /// The default mode: a forward search (with macros first; they can
    /// miss solutions, so a forward search with macros that runs out of
    /// states is replaced by one without) taking turns with a backward
    /// search from the solved state; a solution when either reaches the
    /// other's states.
    fn portfolio<F: Frontier>(
        &self,
        tech: Techniques,
        limits: &Limits,
        plain: Moves<'_>,
    ) -> Outcome {
        let board = &self.board;
        let mut occupied = vec![false; board.len()];
        for b in bits::iter(&self.start_bits) {
            if let Some(o) = occupied.get_mut(usize::from(b)) {
                *o = true;
            }
        }
        let rooms = if tech.goal_rooms {
            GoalRooms::new(board, &occupied, limits.deadline)
        } else {
            GoalRooms::default()
        };
        let mut macros = tech.tunnels || (tech.goal_rooms && !rooms.is_empty());
        let fwd_plain = Moves {
            areas: tech.areas,
            ..plain
        };
        let with_macros = Moves {
            rooms: tech.goal_rooms.then_some(&rooms),
            tunnels: tech.tunnels,
            ..fwd_plain
        };
        let (fwd_memory, bwd_memory) = if tech.backward {
            (limits.memory / 5 * 3, limits.memory / 5 * 2)
        } else {
            (limits.memory, 0)
        };
        let sources: Vec<u16> = bits::iter(&self.start_bits).collect();
        let Some(dist_back) = Distances::from_sources_until(board, &sources, limits.deadline)
        else {
            return Outcome::Unsolved {
                limit: Limit::Time,
                nodes: 0,
                elapsed: self.started.elapsed(),
            };
        };
        let mut goal_bits = vec![0u64; board.words()];
        for &g in board.goals() {
            bits::set(&mut goal_bits, g);
        }
        let mut retired = 0;
        let mut fwd: Search<'_, F> = self.search(
            &self.dist,
            fwd_memory,
            if macros { with_macros } else { fwd_plain },
        );
        if let Some(end) = fwd.start(&self.start_bits, self.start_worker) {
            return self.finish(end, 0, &fwd, None, Optimize::Any);
        }
        let backward = Moves {
            backward: true,
            areas: tech.areas,
            ..plain
        };
        let mut bwd: Search<'_, F> = self.search(&dist_back, bwd_memory, backward);
        bwd.set_targets(&sources);
        let mut bwd_alive = tech.backward;
        if bwd_alive {
            match bwd.start_backward(&goal_bits, Some(&fwd.store)) {
                Some(End::Meet(b, f)) => {
                    return self.finish(End::Meet(f, b), 0, &fwd, Some(&bwd), Optimize::Any)
                }
                Some(_) => bwd_alive = false,
                None => {}
            }
        }
        loop {
            let before = retired + bwd.expanded;
            let other = bwd_alive.then_some(&bwd.store);
            match fwd.step(SLICE, other, before, limits) {
                None => {}
                Some(End::Exhausted) if macros => {
                    retired += fwd.expanded;
                    macros = false;
                    fwd = self.search(&self.dist, fwd_memory, fwd_plain);
                    if let Some(end) = fwd.start(&self.start_bits, self.start_worker) {
                        return self.finish(end, retired + bwd.expanded, &fwd, None, Optimize::Any);
                    }
                }
                Some(end) => {
                    let nodes = retired + fwd.expanded + bwd.expanded;
                    let other = bwd_alive.then_some(&bwd);
                    return self.finish(end, nodes, &fwd, other, Optimize::Any);
                }
            }
            if bwd_alive {
                let before = retired + fwd.expanded;
                match bwd.step(BACKWARD_SLICE, Some(&fwd.store), before, limits) {
                    None => {}
                    Some(End::Meet(b, f)) => {
                        let nodes = retired + fwd.expanded + bwd.expanded;
                        return self.finish(
                            End::Meet(f, b),
                            nodes,
                            &fwd,
                            Some(&bwd),
                            Optimize::Any,
                        );
                    }
                    Some(End::Limit(limit)) if limit != Limit::Memory => {
                        let nodes = retired + fwd.expanded + bwd.expanded;
                        return self.finish(End::Limit(limit), nodes, &fwd, None, Optimize::Any);
                    }
                    // Out of states or of memory: the forward search goes
                    // on alone.
                    Some(_) => bwd_alive = false,
                }
            }
        }
    }

    /// The outcome of a search that ended with `end` (`Meet(f, b)`: node
    /// `f` of `fwd` is node `b` of `bwd`).
    fn finish<F>(
        &self,
        end: End,
        nodes: u64,
        fwd: &Search<'_, F>,
        bwd: Option<&Search<'_, F>>,
        mode: Optimize,
    ) -> Outcome {
        let elapsed = self.started.elapsed();
        let states = match end {
            End::Exhausted => return Outcome::NoSolution { nodes, elapsed },
            End::Limit(limit) => {
                return Outcome::Unsolved {
                    limit,
                    nodes,
                    elapsed,
                }
            }
            End::Solved(node) => chain(&fwd.store, node, true),
            End::Meet(f, b) => {
                let mut states = chain(&fwd.store, f, true);
                if let Some(bwd) = bwd {
                    states.extend(chain(&bwd.store, b, false).into_iter().skip(1));
                }
                states
            }
        };
        let Some(steps) = self.steps(&states, mode) else {
            return Outcome::Failed {
                failure: Failure::Path,
                nodes,
                elapsed: self.started.elapsed(),
            };
        };
        let verdict = lurd::verify(self.level, &steps);
        if verdict.status == Status::Solved {
            Outcome::Solved {
                solution: Solution {
                    steps,
                    moves: verdict.moves,
                    pushes: verdict.pushes,
                },
                nodes,
                elapsed: self.started.elapsed(),
            }
        } else {
            Outcome::Failed {
                failure: Failure::Replay,
                nodes,
                elapsed: self.started.elapsed(),
            }
        }
    }

    /// The key presses through a sequence of states, each one box move
    /// from the last.
    fn steps(&self, states: &[(Vec<u64>, u16)], mode: Optimize) -> Option<Vec<Step>> {
        let board = &self.board;
        let mut paths = Paths::default();
        let mut reach = Reach::new(board.len());
        let mut occ = vec![false; board.len()];
        let mut worker = self.start_worker;
        let mut steps = Vec::new();
        for pair in states.windows(2) {
            let [(pa, _), (pc, target)] = pair else {
                return None;
            };
            let from = bits::iter(pa).find(|&s| !bits::get(pc, s))?;
            let to = bits::iter(pc).find(|&s| !bits::get(pa, s))?;
            occ.iter_mut().for_each(|o| *o = false);
            for s in bits::iter(pc) {
                *occ.get_mut(usize::from(s))? = true;
            }
            if mode != Optimize::Moves {
                reach.fill(board, &occ, *target);
            }
            *occ.get_mut(usize::from(to))? = false;
            let accept = |w: u16| {
                if mode == Optimize::Moves {
                    w == *target
                } else {
                    reach.reached(w)
                }
            };
            let (part, end) = paths.box_move(board, &occ, from, to, worker, accept)?;
            steps.extend(part);
            worker = end;
        }
        Some(steps)
    }
}

/// The states from a root of `store` to node `end` (`forward`), or from
/// `end` back to its root.
fn chain(store: &Store, end: u32, forward: bool) -> Vec<(Vec<u64>, u16)> {
    let mut nodes = vec![end];
    let mut i = end;
    while store.parent(i) != NIL {
        i = store.parent(i);
        nodes.push(i);
    }
    if forward {
        nodes.reverse();
    }
    nodes
        .into_iter()
        .map(|i| (store.boxes(i).to_vec(), store.worker(i)))
        .collect()
}

/// A seeded linear congruential generator (top bits), for the solver's
/// randomised tests.
#[cfg(test)]
fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        seed >> 33
    }
}
