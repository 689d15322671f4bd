//! The Sokoban solver: [`solve`] a [`Level`] under a [`Config`] (time,
//! memory and node limits, an interrupt, what to optimise) and get an
//! [`Outcome`]:
//! a verified solution, a proof that there is none, the limit that
//! stopped the search, or — only through a bug — a [`Failure`].
//!
//! The search runs over pushes, not steps: a node is a box configuration
//! plus the worker's region, hashed with Zobrist keys and stored compactly.
//! Deadlocks are cut by dead squares, freeze tests, the matching bound,
//! PI-corral pruning and corral deadlocks; the matching of boxes to goals by
//! push distance guides the default best-first search and is the
//! admissible bound of the optimal modes (A*, with reopening). The default
//! mode also uses goal-room and tunnel macros, a FESS search (Shoham and
//! Schaeffer's feature space of packing and floor areas, box-path moves
//! and advisors; [`Strategy::Fess`] runs it alone) and a backward search
//! from the solved state, the three taking turns; see ARCHITECTURE.md for
//! the whole design and why each part is sound.
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

mod advisors;
mod areas;
mod blocks;
mod bound;
mod box_paths;
mod compact;
mod corral;
mod corral_deadlock;
mod distance;
mod driver;
mod expander;
mod features;
mod fess;
mod follow;
mod freeze;
mod frontier;
mod hotspots;
mod limit;
mod macros;
mod matching;
mod open;
mod packing;
mod parking;
mod path;
mod problem;
mod reach;
mod sealed;
mod search;
mod store;
mod walks;
mod walled;
mod zobrist;

use std::fmt;
use std::time::{Duration, Instant};

use boardkit_grid::value::IntParam;
use boardkit_grid::Interrupt;

use crate::level::Level;
use crate::lurd::{self, Status};
use crate::rules::Step;

use self::compact::bits;
use self::driver::{Portfolio, State, Stop};
use self::expander::Moves;
use self::frontier::{AStar, Alternating, BestFirst};
use self::limit::Clock;
use self::path::Paths;
use self::problem::{Plan, Problem};
use self::reach::Reach;
use self::search::Limits;

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

/// How a solve for any solution ([`Optimize::Any`]) searches; the optimal
/// modes always search with A*.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Strategy {
    /// A forward search (best-first on the matching bound, taking turns
    /// with an order by floor areas and boxes off goals), a FESS search and
    /// a backward search from the solved state, taking turns; see
    /// [`Techniques`].
    #[default]
    Portfolio,
    /// FESS alone: one forward search that cycles over a feature space of
    /// packing and floor connectivity, a box pushed along a whole path
    /// being one move, and moves that make progress costing nothing.
    Fess,
}

/// [`Config::node_limit`] as a front end passes it: at least one node.
pub const NODE_LIMIT: IntParam = IntParam::new("a number of nodes", 1, u64::MAX as i128);

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
    /// Stop with [`Limit::Interrupted`] once this is triggered (read where
    /// the time limit is: every 1,024 expanded nodes, and in the long
    /// precomputations of a large level).
    pub interrupt: Option<Interrupt>,
    /// What to optimise.
    pub optimize: Optimize,
    /// How to search when any solution will do.
    pub strategy: Strategy,
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
    /// A FESS search (a feature space of packing and floor connectivity,
    /// box-path moves) taking turns with the others (default mode only).
    pub fess: bool,
    /// FESS searches steered by parking plans (from greedy backward searches
    /// that pull boxes from the goals to start squares, each taking one box
    /// or any number, and may park them on the way), each taking a quarter of
    /// FESS's turn for its first nodes from the late phase on (default mode
    /// only, with `fess`).
    pub parking: bool,
    /// A FESS search whose advisors test each move they propose with the
    /// tests its expansion would make first (corral deadlocks, boxes
    /// frozen off goals, the walled matching) and propose their next
    /// choice in place of a dead end, taking a quarter of FESS's turn for
    /// its first nodes from the late phase on (default mode only, with
    /// `fess`).
    pub checked_advice: bool,
    /// FESS's hotspots advisor: moves that take boxes out of each other's
    /// way are free (FESS only).
    pub hotspots: bool,
    /// FESS's opener: when no move packs a box, a move that takes the box
    /// nearest the next goal away from it is free (FESS only).
    pub opener: bool,
    /// Sealed-goal deadlocks: with the boxes frozen on goals as walls,
    /// every other goal must still be in reach of a box and every other
    /// box in reach of a goal (all modes).
    pub sealed: bool,
    /// Walled matching: before FESS expands a position, the boxes frozen
    /// on goals become walls and the other boxes must still have a perfect
    /// matching to the open goals by push distances that keep the
    /// worker's side (FESS only).
    pub walled: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques {
            corrals: true,
            goal_rooms: true,
            tunnels: true,
            backward: true,
            areas: true,
            fess: true,
            parking: true,
            checked_advice: true,
            hotspots: true,
            opener: true,
            sealed: true,
            walled: true,
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

    /// With the FESS search on or off.
    #[must_use]
    pub fn with_fess(mut self, on: bool) -> Techniques {
        self.fess = on;
        self
    }

    /// With the parking plans' FESS searches on or off.
    #[must_use]
    pub fn with_parking(mut self, on: bool) -> Techniques {
        self.parking = on;
        self
    }

    /// With the FESS search whose advisors pass over dead ends on or off.
    #[must_use]
    pub fn with_checked_advice(mut self, on: bool) -> Techniques {
        self.checked_advice = on;
        self
    }

    /// With FESS's hotspots advisor on or off.
    #[must_use]
    pub fn with_hotspots(mut self, on: bool) -> Techniques {
        self.hotspots = on;
        self
    }

    /// With FESS's opener on or off.
    #[must_use]
    pub fn with_opener(mut self, on: bool) -> Techniques {
        self.opener = on;
        self
    }

    /// With sealed-goal deadlocks on or off.
    #[must_use]
    pub fn with_sealed(mut self, on: bool) -> Techniques {
        self.sealed = on;
        self
    }

    /// With FESS's walled matching on or off.
    #[must_use]
    pub fn with_walled(mut self, on: bool) -> Techniques {
        self.walled = on;
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

    /// Stopping once `interrupt` is triggered (from another thread): the
    /// solve then ends as [`Outcome::Unsolved`] with
    /// [`Limit::Interrupted`].
    ///
    /// ```
    /// use boardkit_grid::Interrupt;
    /// use boardkit_sokoban::solver::{solve, Config, Limit, Outcome};
    ///
    /// let level = boardkit_sokoban::xsb::parse_level("#######\n#@ $ .#\n#######\n").unwrap();
    /// let interrupt = Interrupt::new();
    /// let config = Config::default().with_interrupt(interrupt.clone());
    /// assert!(matches!(solve(&level, &config), Outcome::Solved { .. }));
    /// // Triggered (as another thread would), it stops the precomputed push
    /// // distances before the first node.
    /// interrupt.trigger();
    /// assert!(matches!(
    ///     solve(&level, &config),
    ///     Outcome::Unsolved { limit: Limit::Interrupted, nodes: 0, .. }
    /// ));
    /// ```
    #[must_use]
    pub fn with_interrupt(mut self, interrupt: Interrupt) -> Config {
        self.interrupt = Some(interrupt);
        self
    }

    /// Optimising this.
    #[must_use]
    pub fn with_optimize(mut self, optimize: Optimize) -> Config {
        self.optimize = optimize;
        self
    }

    /// Searching with this strategy (when any solution will do).
    #[must_use]
    pub fn with_strategy(mut self, strategy: Strategy) -> Config {
        self.strategy = strategy;
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
    /// 10 seconds, 2 GiB, no node limit, no interrupt, any solution.
    fn default() -> Config {
        Config {
            time_limit: Some(Duration::from_secs(10)),
            memory_limit: 2 << 30,
            node_limit: None,
            interrupt: None,
            optimize: Optimize::Any,
            strategy: Strategy::Portfolio,
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
        /// The part of `elapsed` spent setting up before the search: the
        /// level's distance and deadlock tables (all of it when a limit
        /// stopped the set-up).
        set_up: Duration,
    },
    /// The search proved that the level has no solution.
    NoSolution {
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
        /// The part of `elapsed` spent setting up before the search: the
        /// level's distance and deadlock tables (all of it when a limit
        /// stopped the set-up).
        set_up: Duration,
    },
    /// A limit stopped the search first.
    Unsolved {
        /// Which limit.
        limit: Limit,
        /// Nodes expanded.
        nodes: u64,
        /// Time taken.
        elapsed: Duration,
        /// The part of `elapsed` spent setting up before the search: the
        /// level's distance and deadlock tables (all of it when a limit
        /// stopped the set-up).
        set_up: Duration,
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
        /// The part of `elapsed` spent setting up before the search: the
        /// level's distance and deadlock tables (all of it when a limit
        /// stopped the set-up).
        set_up: Duration,
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

    /// The part of [`Outcome::elapsed`] spent setting up before the search
    /// (the level's tables): on a large level it can take the whole time
    /// limit, leaving 0 nodes searched.
    #[must_use]
    pub fn set_up(&self) -> Duration {
        match self {
            Outcome::Solved { set_up, .. }
            | Outcome::NoSolution { set_up, .. }
            | Outcome::Unsolved { set_up, .. }
            | Outcome::Failed { set_up, .. } => *set_up,
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
        clock: Clock {
            deadline: config.time_limit.map(|t| started + t),
            interrupt: config.interrupt.clone(),
        },
        nodes: config.node_limit,
        memory: config.memory_limit,
    };
    let fess = config.optimize == Optimize::Any
        && (config.strategy == Strategy::Fess || config.techniques.fess);
    let plan = Plan {
        packing: fess,
        hotspots: config.techniques.hotspots,
        opener: config.techniques.opener,
    };
    let problem = match Problem::new(level, &limits, plan) {
        Ok(problem) => problem,
        Err(limit) => {
            let elapsed = started.elapsed();
            return Outcome::Unsolved {
                limit,
                nodes: 0,
                elapsed,
                set_up: elapsed,
            };
        }
    };
    let set_up = started.elapsed();
    let tech = config.techniques;
    let plain = Moves {
        backward: false,
        exact_worker: config.optimize == Optimize::Moves,
        corrals: tech.corrals,
        rooms: None,
        tunnels: false,
        areas: false,
        box_paths: false,
        sealed: tech.sealed,
        walled: tech.walled,
    };
    let run = if config.optimize != Optimize::Any {
        driver::single::<AStar>(&problem, plain, &limits)
    } else if config.strategy == Strategy::Fess {
        driver::fess(&problem, plain, &limits)
    } else {
        let plan = Portfolio {
            goal_rooms: tech.goal_rooms,
            tunnels: tech.tunnels,
            backward: tech.backward,
            areas: tech.areas,
            fess: tech.fess,
            parking: tech.parking,
            checked: tech.checked_advice,
        };
        if tech.areas {
            driver::portfolio::<Alternating>(&problem, plan, plain, &limits)
        } else {
            driver::portfolio::<BestFirst>(&problem, plan, plain, &limits)
        }
    };
    let nodes = run.nodes;
    let states = match run.stop {
        Stop::Exhausted => {
            return Outcome::NoSolution {
                nodes,
                elapsed: started.elapsed(),
                set_up,
            }
        }
        Stop::Limit(limit) => {
            return Outcome::Unsolved {
                limit,
                nodes,
                elapsed: started.elapsed(),
                set_up,
            }
        }
        Stop::Solved(states) => states,
    };
    let Some(steps) = steps(&problem, &states, config.optimize) else {
        return Outcome::Failed {
            failure: Failure::Path,
            nodes,
            elapsed: started.elapsed(),
            set_up,
        };
    };
    let verdict = lurd::verify(level, &steps);
    if verdict.status == Status::Solved {
        Outcome::Solved {
            solution: Solution {
                steps,
                moves: verdict.moves,
                pushes: verdict.pushes,
            },
            nodes,
            elapsed: started.elapsed(),
            set_up,
        }
    } else {
        Outcome::Failed {
            failure: Failure::Replay,
            nodes,
            elapsed: started.elapsed(),
            set_up,
        }
    }
}

/// The key presses through a sequence of states of `problem`, each one box
/// move from the last, walking as `mode` counts.
fn steps(problem: &Problem, states: &[State], mode: Optimize) -> Option<Vec<Step>> {
    let board = &problem.board;
    let mut paths = Paths::default();
    let mut reach = Reach::new(board.len());
    let mut occ = vec![false; board.len()];
    let mut worker = problem.start_worker;
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

/// A random small level for the deadlock tests: an `h` by `w` room (3 to 6
/// by 3 to 7) with walls inside at `wall_odds`, `n` goals (2 to 5), of
/// which the first `on_goal(n)` hold boxes, the other `n - on_goal` boxes
/// on further squares, and the worker. Its text and the cells of the goals
/// with boxes; `None` when the room is too small.
#[cfg(test)]
fn random_position(
    rng: &mut rand_chacha::ChaCha8Rng,
    wall_odds: f64,
    on_goal: impl Fn(&mut rand_chacha::ChaCha8Rng, usize) -> usize,
) -> Option<(String, Vec<(usize, usize)>)> {
    use rand::Rng;
    let (h, w) = (rng.gen_range(3..7), rng.gen_range(3..8));
    let mut grid = vec![vec!['#'; w + 2]; h + 2];
    for row in grid.iter_mut().skip(1).take(h) {
        for cell in row.iter_mut().skip(1).take(w) {
            *cell = if rng.gen_bool(wall_odds) { '#' } else { ' ' };
        }
    }
    let mut cells: Vec<(usize, usize)> = (1..=h)
        .flat_map(|r| (1..=w).map(move |c| (r, c)))
        .filter(|&(r, c)| grid[r][c] == ' ')
        .collect();
    let n = rng.gen_range(2..6);
    if cells.len() < 2 * n + 1 {
        return None;
    }
    for i in 0..cells.len() {
        let j = rng.gen_range(i..cells.len());
        cells.swap(i, j);
    }
    let filled = on_goal(rng, n);
    for (i, &(r, c)) in cells.iter().enumerate().take(2 * n - filled) {
        grid[r][c] = match i {
            i if i < filled => '*',
            i if i < n => '.',
            _ => '$',
        };
    }
    let (r, c) = cells[2 * n - filled];
    grid[r][c] = '@';
    let text = grid
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect();
    cells.truncate(filled);
    Some((text, cells))
}

/// The squares a lone box on `t` can be pushed to when the squares marked
/// in `wall` are walls too, by a plain forward search over relaxed pushes
/// (the worker is taken to reach any floor): the reference of the relaxed
/// reach tables' tests.
#[cfg(test)]
fn relaxed_pushes_from(board: &compact::Board, wall: &[bool], t: u16) -> Vec<bool> {
    let walled = |s: u16| s == compact::NONE || wall[usize::from(s)];
    let mut seen = vec![false; board.len()];
    let mut todo = vec![t];
    seen[usize::from(t)] = true;
    while let Some(x) = todo.pop() {
        for d in 0..4 {
            let to = board.nbr(x, d);
            let from = board.nbr(x, compact::opposite(d));
            if walled(to) || walled(from) || seen[usize::from(to)] {
                continue;
            }
            seen[usize::from(to)] = true;
            todo.push(to);
        }
    }
    seen
}

/// An open 8 x 8 room and a room with walls inside, for the randomised
/// tests of floor areas (random occupied squares stand for boxes and
/// further walls).
#[cfg(test)]
fn area_boards() -> Vec<compact::Board> {
    let open = "##########\n#@$.     #\n#        #\n#        #\n#        #\n\
                #        #\n#        #\n#        #\n#        #\n##########\n";
    let walled = "  #######\n###  #  ##\n#  $  #  #\n# #.# #  #\n#   @    #\n\
                  # ##  ## #\n#    #   #\n##########\n";
    [open, walled]
        .iter()
        .map(|t| compact::Board::new(&crate::xsb::parse_level(t).unwrap()).unwrap())
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
