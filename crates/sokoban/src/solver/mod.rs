//! The Sokoban solver: [`solve`] a [`Level`] under a [`Config`] (time,
//! memory and node limits, what to optimise) and get an [`Outcome`]:
//! a verified solution, a proof that there is none, or the limit that
//! stopped the search.
//!
//! The search runs over pushes, not steps (see [`search`](self) module
//! docs in the source): a node is a box configuration plus the worker's
//! region, hashed with Zobrist keys and stored compactly. Deadlocks are cut
//! by dead squares, freeze tests, the matching bound and PI-corral pruning;
//! the matching of boxes to goals by push distance guides the default
//! best-first search and is the admissible bound of the optimal modes.
//!
//! Every solution is replayed through the rules ([`crate::lurd::verify`])
//! before it is returned; a solution that failed the replay would be
//! reported as [`Limit::Internal`], never returned.
//!
//! ```
//! use sokoban::solver::{solve, Config, Optimize, Outcome};
//!
//! let level = sokoban::xsb::parse_level("#######\n#@ $ .#\n#######\n").unwrap();
//! let config = Config { optimize: Optimize::Pushes, ..Config::default() };
//! match solve(&level, &config) {
//!     Outcome::Solved { solution, .. } => {
//!         assert_eq!(solution.lurd(), "rRR");
//!         assert_eq!((solution.moves, solution.pushes), (3, 2));
//!     }
//!     other => panic!("{other:?}"),
//! }
//! ```

mod bound;
mod compact;
mod corral;
mod distance;
mod freeze;
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

use crate::game::Step;
use crate::level::Level;
use crate::lurd::{self, Status};

use self::compact::{bits, Board};
use self::distance::Distances;
use self::macros::GoalRooms;
use self::path::Paths;
use self::reach::Reach;
use self::search::{End, Limits, Mode, Search, Settings};
use self::store::NIL;
use self::zobrist::Zobrist;

/// What the solver optimises.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Techniques {
    /// PI-corral pruning (all modes but move-optimal).
    pub corrals: bool,
    /// Goal-room macros with packing orders (default mode only).
    pub goal_rooms: bool,
    /// Tunnel macros (default mode only).
    pub tunnels: bool,
}

impl Default for Techniques {
    fn default() -> Techniques {
        Techniques {
            corrals: true,
            goal_rooms: true,
            tunnels: true,
        }
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

/// The limit that stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
    /// The node limit.
    Nodes,
    /// The solver found a solution that its replay rejected: a bug,
    /// reported rather than printed.
    Internal,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Time => "time limit",
            Limit::Memory => "memory limit",
            Limit::Nodes => "node limit",
            Limit::Internal => "internal error: a solution failed its replay",
        })
    }
}

/// How a solve ended.
#[derive(Clone, Debug, PartialEq, Eq)]
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
}

impl Outcome {
    /// Nodes expanded.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        match self {
            Outcome::Solved { nodes, .. }
            | Outcome::NoSolution { nodes, .. }
            | Outcome::Unsolved { nodes, .. } => *nodes,
        }
    }

    /// Time taken.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        match self {
            Outcome::Solved { elapsed, .. }
            | Outcome::NoSolution { elapsed, .. }
            | Outcome::Unsolved { elapsed, .. } => *elapsed,
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
    let unsolved = |limit, nodes| Outcome::Unsolved {
        limit,
        nodes,
        elapsed: started.elapsed(),
    };
    let Some(board) = Board::new(level) else {
        return unsolved(Limit::Memory, 0);
    };
    let dist = Distances::new(&board);
    let zobrist = Zobrist::new(board.len());
    let mut start_bits = vec![0u64; board.words()];
    for b in level.start().boxes() {
        bits::set(&mut start_bits, board.square(b));
    }
    let start_worker = board.square(level.start().worker());
    let mode = match config.optimize {
        Optimize::Any => Mode::Greedy,
        Optimize::Pushes => Mode::Pushes,
        Optimize::Moves => Mode::Moves,
    };
    let mut occupied = vec![false; board.len()];
    for b in bits::iter(&start_bits) {
        if let Some(o) = occupied.get_mut(usize::from(b)) {
            *o = true;
        }
    }
    let rooms = GoalRooms::new(&board, &occupied);
    let mut nodes = 0;
    let tech = config.techniques;
    let macros = mode == Mode::Greedy && (tech.tunnels || (tech.goal_rooms && !rooms.is_empty()));
    if macros {
        // With macros first; they can miss solutions, so a search that
        // runs out of states is repeated without them.
        let settings = Settings {
            corrals: tech.corrals,
            rooms: tech.goal_rooms.then_some(&rooms),
            tunnels: tech.tunnels,
        };
        let mut search = Search::new(&board, &dist, &zobrist, mode, limits.memory, settings);
        let end = search.run(&start_bits, start_worker, &limits);
        nodes = search.expanded;
        if end != End::Exhausted {
            return finish(
                level,
                &board,
                &search,
                end,
                nodes,
                start_worker,
                mode,
                started,
            );
        }
    }
    let settings = Settings {
        corrals: tech.corrals,
        rooms: None,
        tunnels: false,
    };
    let mut search = Search::new(&board, &dist, &zobrist, mode, limits.memory, settings);
    let end = search.run(&start_bits, start_worker, &limits);
    nodes += search.expanded;
    finish(
        level,
        &board,
        &search,
        end,
        nodes,
        start_worker,
        mode,
        started,
    )
}

/// The outcome of a search that ended with `end`.
#[allow(clippy::too_many_arguments)]
fn finish(
    level: &Level,
    board: &Board,
    search: &Search<'_>,
    end: End,
    nodes: u64,
    start_worker: u16,
    mode: Mode,
    started: Instant,
) -> Outcome {
    let unsolved = |limit, nodes| Outcome::Unsolved {
        limit,
        nodes,
        elapsed: started.elapsed(),
    };
    match end {
        End::Exhausted => Outcome::NoSolution {
            nodes,
            elapsed: started.elapsed(),
        },
        End::Limit(limit) => unsolved(limit, nodes),
        End::Solved(node) => {
            let steps = steps_to(board, search, node, start_worker, mode);
            match steps.map(|s| (lurd::verify(level, &s), s)) {
                Some((verdict, steps)) if verdict.status == Status::Solved => Outcome::Solved {
                    solution: Solution {
                        steps,
                        moves: verdict.moves,
                        pushes: verdict.pushes,
                    },
                    nodes,
                    elapsed: started.elapsed(),
                },
                _ => unsolved(Limit::Internal, nodes),
            }
        }
    }
}

/// The key presses from the start to node `end`.
fn steps_to(
    board: &Board,
    search: &Search<'_>,
    end: u32,
    start_worker: u16,
    mode: Mode,
) -> Option<Vec<Step>> {
    let store = &search.store;
    let mut chain = vec![end];
    let mut i = end;
    while store.parent(i) != NIL {
        i = store.parent(i);
        chain.push(i);
    }
    chain.reverse();
    let mut paths = Paths::default();
    let mut reach = Reach::new(board.len());
    let mut occ = vec![false; board.len()];
    let mut worker = start_worker;
    let mut steps = Vec::new();
    for pair in chain.windows(2) {
        let &[a, c] = pair else { return None };
        let (pa, pc) = (store.boxes(a), store.boxes(c));
        let from = bits::iter(pa).find(|&s| !bits::get(pc, s))?;
        let to = bits::iter(pc).find(|&s| !bits::get(pa, s))?;
        occ.iter_mut().for_each(|o| *o = false);
        for s in bits::iter(pc) {
            *occ.get_mut(usize::from(s))? = true;
        }
        let target = store.worker(c);
        if mode != Mode::Moves {
            reach.fill(board, &occ, target);
        }
        *occ.get_mut(usize::from(to))? = false;
        *occ.get_mut(usize::from(from))? = false;
        let accept = |w: u16| {
            if mode == Mode::Moves {
                w == target
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
