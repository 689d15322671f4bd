//! The driver: which searches run on a [`Problem`], in which order, under
//! the limits (time, memory, nodes), and what they found: the chain of
//! states from the start to a solved state (one search's path, or the
//! forward path joined to the backward one where the two searches meet),
//! or why they stopped.
//!
//! Each schedule is a function, generic over the frontier so that the hot
//! loop inside [`Search::step`] is compiled for it:
//!
//! * [`single`]: one search from the start until it ends (the optimal
//!   modes, with an A* frontier).
//! * [`portfolio`]: the default mode. A forward search (with macros first;
//!   they can miss solutions, so a forward search with macros that runs out
//!   of states is replaced by one without), a FESS search ([`super::fess`],
//!   started after the forward search's first turn) and a backward search
//!   from the solved state that pulls boxes towards their start squares
//!   take turns of [`SLICE`], [`fess_turn`] and [`backward_slice`]
//!   expansions (the last two by the level's boxes and the backward
//!   search's nodes so far: on levels of many boxes FESS gets the larger
//!   share [`late`]); a child that a forward search stores
//!   and the backward one has already (or the other way round) is a
//!   solution. From the [`late`] phase on (at once without the backward
//!   search) *side searches* join: a FESS search whose advisors pass over
//!   the moves they propose into dead ends ([`Frontier::check_advice`]),
//!   and, from the four parking plans that the backward plan search of
//!   [`super::parking`] looks for (each start square taking one box, or any
//!   number; steered by the boxes on goals, or by the distance to the start
//!   squares), a FESS search steered by each different plan found. Each
//!   side search takes a turn of a [`SIDE_SHARE`]th of FESS's after each of
//!   FESS's turns, for its first [`SIDE_NODES`] nodes. The memory is split
//!   1/5 forward, 2/5 FESS (1/4, 1/20 for the checked-advice search and
//!   1/10 for the parking plans' searches), 2/5 backward (3/5 and 2/5
//!   without FESS), and the node limit counts the nodes of all its
//!   searches, the replaced ones included.
//!
//! A new strategy is a new schedule here (and its frontier); the existing
//! schedules do not change.

use super::compact::bits;
use super::distance::Distances;
use super::expander::Moves;
use super::fess::Fess;
use super::frontier::Frontier;
use super::limit::{Clock, Limit};
use super::macros::GoalRooms;
use super::packing::Packing;
use super::parking::{Bases, Parking, Steer};
use super::problem::Problem;
use super::search::{End, Limits, Search};
use super::store::{Store, NIL};

/// A state: the boxes (a bitset over the board's squares) and the worker's
/// square (the smallest of its region, or its exact square when moves are
/// counted).
pub(crate) type State = (Vec<u64>, u16);

/// Why the searches stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A solution: the states from the start to a solved state, each one
    /// box move from the one before.
    Solved(Vec<State>),
    /// Every reachable state was searched (by a search whose pruning is
    /// exact): no solution.
    Exhausted,
    /// A limit stopped the searches.
    Limit(Limit),
}

/// What a schedule reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    /// Why it stopped.
    pub(crate) stop: Stop,
    /// Nodes expanded by all its searches.
    pub(crate) nodes: u64,
}

/// Which parts of the portfolio run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Portfolio {
    /// Goal-room macros in the first forward search.
    pub(crate) goal_rooms: bool,
    /// Tunnel macros in the first forward search.
    pub(crate) tunnels: bool,
    /// The backward search.
    pub(crate) backward: bool,
    /// Floor areas counted for the frontiers' second lists.
    pub(crate) areas: bool,
    /// The FESS search ([`super::fess`]), with box-path moves.
    pub(crate) fess: bool,
    /// The FESS searches steered by parking plans ([`super::parking`]);
    /// only with `fess`.
    pub(crate) parking: bool,
    /// The FESS search whose advisors pass over proposals found dead
    /// ([`Frontier::check_advice`]); only with `fess`.
    pub(crate) checked: bool,
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

/// The FESS search's turn, in nodes, for a level of `boxes` boxes:
/// `8 * boxes²`, at least 512 and at most 4,096. FESS's nodes cost far more
/// than the others' (each makes every box's every destination), and what
/// its box-path moves and advisors gain on the backward search grows with
/// the boxes, while the backward search does best on small levels.
/// Measured at 10 s per level (one level at a time, session 11's build,
/// with one turn for every level): XSokoban 57 solved at 512 nodes, 59 at
/// 1,024, 62 at 2,048 and 61 at 4,096, while Microban's level 153 (10
/// boxes, the backward search's) went from about 8 s to beyond 10 s at
/// 2,048 and took 1.3 s longer at 1,280. By boxes: XSokoban 61 (as at
/// 2,048 but level 45), level 153 about 0.5 s longer than at 512.
fn fess_slice(boxes: usize) -> u64 {
    let boxes = u64::try_from(boxes).unwrap_or(u64::MAX);
    boxes
        .saturating_mul(boxes)
        .saturating_mul(8)
        .clamp(512, 4096)
}

/// Expansions the backward search for a parking plan may make. Within
/// 3,000, with each start square taking one box, it finds a plan for 84 of
/// XSokoban's 90 levels (all but 39 and 77 within 60); 39 needs 12,417 and
/// 50, 66, 69, 72 and 88 get none within 20,000.
const PLAN_EXPANSIONS: usize = 3_000;

/// Nodes a side search expands before it stops. The levels the parking
/// plans' searches solve that the first FESS search does not they solve
/// early (in the portfolio at 10 s: XSokoban 35 in 398 nodes, 44 in 535,
/// 18 in 2,069, 90 in 3,115 and 74 in 9,186), while their turns slow the
/// levels the others solve late: on XSokoban 13, which the first FESS
/// search solves, two plans' searches took 2.0 of 10.7 s at 25,000 nodes
/// each (where their memory ran out at 17,514 and 19,089), 1.0 s less at
/// 12,000. The checked-advice search solves 13, 41 and 85 within it.
const SIDE_NODES: u64 = 12_000;

/// A side search's turn is the first FESS search's divided by this.
/// Measured with one parking plan at 10 s per level, one level at a time:
/// 77 XSokoban levels solved with a quarter turn from the late phase on,
/// as with a whole turn in place of every other turn of the first from
/// the first FESS turn on; Microban's level 153, which the first FESS
/// search solves in its late phase, took 1.4 s without the second search,
/// 1.8 s with a quarter turn, 1.9 s with a half and 1.9-2.3 s with every
/// other turn. With two plans sharing one quarter turn, XSokoban 74 took
/// 9.0 s against 4.9 s with a quarter turn each.
const SIDE_SHARE: u64 = 4;

/// Levels of this many boxes or more have a late phase (see [`late`]).
const LATE_FROM: usize = 9;

/// The backward search's nodes at its full turn, on levels with a late
/// phase.
const BACKWARD_EARLY: u64 = 1 << 18;

/// Levels of this many boxes or more enter the late phase sooner, after
/// [`BACKWARD_EARLY_MANY`] backward nodes.
const BACKWARD_MANY_FROM: usize = 13;

/// The backward search's nodes at its full turn on levels of at least
/// [`BACKWARD_MANY_FROM`] boxes.
const BACKWARD_EARLY_MANY: u64 = 1 << 16;

/// The backward search's turn in the late phase: a 32nd of
/// [`BACKWARD_SLICE`].
const BACKWARD_LATE: u64 = BACKWARD_SLICE / 32;

/// FESS's turn in the late phase is this many times [`fess_slice`].
const FESS_LATE_FACTOR: u64 = 8;

/// Whether the portfolio with FESS is in its late phase on a level of
/// `boxes` boxes after `expanded` backward expansions: on levels of at
/// least [`LATE_FROM`] boxes, from [`BACKWARD_EARLY`] backward nodes on
/// ([`BACKWARD_EARLY_MANY`] for levels of at least [`BACKWARD_MANY_FROM`]).
/// Then the backward search's turn shrinks to [`BACKWARD_LATE`] and FESS's
/// grows by [`FESS_LATE_FACTOR`].
///
/// On such levels FESS does best, and the levels the backward search
/// solves it mostly solves early: XSokoban's (87, its latest, at 221,184
/// backward nodes) all within the full turns, the one of 13 boxes or more
/// (14) within the turns that start before 2^16 backward nodes. Without a
/// late FESS turn (the backward turn shrank by 8 from 10 boxes on) the
/// backward search kept 60-70 % of the time to the end on XSokoban 21, 41
/// and 44, which FESS alone solves in 2.5, 4.1 and 8.3 s and the portfolio
/// solved in 4.5, 5.4 and 17 s. Every level that ends before its late
/// phase keeps the schedule it had.
///
/// With the late phase (one level at a time, 10 s each): XSokoban 74 → 76
/// solved in one run and 75 in another (13 for the first time at 9.6 s,
/// missed at 10.03 s in the second; 44 at 9.3-9.5 s; 21 in 3.4 s and 41 in
/// 4.8-5.2 s); Microban 2.3 → 2.0 s in three alternating runs (487,128 →
/// 394,200 nodes), Boxoban-hard 000 the same nodes and time. FESS's
/// larger turn from the start instead cost Microban 1.8 → 2.4 s: its
/// small levels, which the other searches solve within a few thousand
/// nodes, waited for FESS's turns.
///
/// From 13 boxes on (not 18) the late phase starts at 2^16 backward
/// nodes: XSokoban 76 solved in 193.9 s against 75 in 198.6 s in the run
/// before (13 in 8.2 s), and every level of 13-17 boxes solved before
/// was solved with fewer nodes (16: 391,082 → 191,658; 21: 367,126 →
/// 167,702; 85: 328,500 → 129,076), so the backward search's longer early
/// phase solved none of them.
fn late(boxes: usize, expanded: u64) -> bool {
    let early = if boxes >= BACKWARD_MANY_FROM {
        BACKWARD_EARLY_MANY
    } else {
        BACKWARD_EARLY
    };
    boxes >= LATE_FROM && expanded >= early
}

/// The backward search's turn when FESS runs beside it, on a level of
/// `boxes` boxes after `expanded` backward expansions: [`BACKWARD_SLICE`],
/// and [`BACKWARD_LATE`] in the [`late`] phase.
fn backward_slice(boxes: usize, expanded: u64) -> u64 {
    if late(boxes, expanded) {
        BACKWARD_LATE
    } else {
        BACKWARD_SLICE
    }
}

/// FESS's turn on a level of `boxes` boxes after `expanded` backward
/// expansions: [`fess_slice`], and [`FESS_LATE_FACTOR`] times it in the
/// [`late`] phase.
fn fess_turn(boxes: usize, expanded: u64) -> u64 {
    let turn = fess_slice(boxes);
    if late(boxes, expanded) {
        turn.saturating_mul(FESS_LATE_FACTOR)
    } else {
        turn
    }
}

/// One search of `problem` from its start, making `moves`, with the whole
/// memory budget, until it ends.
pub(crate) fn single<F: Frontier>(problem: &Problem, moves: Moves<'_>, limits: &Limits) -> Run {
    let mut search: Search<'_, F> = search(problem, &problem.dist, limits.memory, moves);
    let end = search.run(&problem.start_bits, problem.start_worker, limits);
    run(end, search.expanded, &search.store, None)
}

/// The default mode's searches of `problem` (see the module docs): `plan`
/// says which parts run, `plain` is the moves of a forward search without
/// macros or areas.
pub(crate) fn portfolio<F: Frontier>(
    problem: &Problem,
    plan: Portfolio,
    plain: Moves<'_>,
    limits: &Limits,
) -> Run {
    let board = &problem.board;
    // The squares the boxes start on.
    let mut start = vec![false; board.len()];
    for b in bits::iter(&problem.start_bits) {
        if let Some(s) = start.get_mut(usize::from(b)) {
            *s = true;
        }
    }
    let rooms = if plan.goal_rooms {
        GoalRooms::new(board, &start, &limits.clock)
    } else {
        GoalRooms::default()
    };
    let mut macros = plan.tunnels || (plan.goal_rooms && !rooms.is_empty());
    let fwd_plain = Moves {
        areas: plan.areas,
        ..plain
    };
    let with_macros = Moves {
        rooms: plan.goal_rooms.then_some(&rooms),
        tunnels: plan.tunnels,
        ..fwd_plain
    };
    let fifth = limits.memory / 5;
    let (fwd_memory, mut fess_memory, bwd_memory) = match (plan.fess, plan.backward) {
        (true, true) => (fifth, 2 * fifth, 2 * fifth),
        (true, false) => (2 * fifth, 3 * fifth, 0),
        (false, true) => (3 * fifth, 0, 2 * fifth),
        (false, false) => (limits.memory, 0, 0),
    };
    let parked_memory = if plan.fess && plan.parking {
        limits.memory / 10
    } else {
        0
    };
    let checked_memory = if plan.fess && plan.checked {
        limits.memory / 20
    } else {
        0
    };
    fess_memory -= parked_memory + checked_memory;
    let sources: Vec<u16> = bits::iter(&problem.start_bits).collect();
    let dist_back = match Distances::from_sources_until(board, &sources, &limits.clock) {
        Ok(dist) => dist,
        Err(limit) => {
            return Run {
                stop: Stop::Limit(limit),
                nodes: 0,
            }
        }
    };
    let mut goal_bits = vec![0u64; board.words()];
    for &g in board.goals() {
        bits::set(&mut goal_bits, g);
    }
    let mut retired = 0;
    let mut fwd: Search<'_, F> = search(
        problem,
        &problem.dist,
        fwd_memory,
        if macros { with_macros } else { fwd_plain },
    );
    if let Some(end) = fwd.start(&problem.start_bits, problem.start_worker) {
        return run(end, 0, &fwd.store, None);
    }
    let backward = Moves {
        backward: true,
        areas: plan.areas,
        ..plain
    };
    let mut bwd: Search<'_, F> = search(problem, &dist_back, bwd_memory, backward);
    bwd.set_targets(&sources);
    let mut bwd_alive = plan.backward;
    if bwd_alive {
        match bwd.start_backward(&goal_bits, Some(&fwd.store)) {
            Some(End::Meet(b, f)) => {
                return run(End::Meet(f, b), 0, &fwd.store, Some(&bwd.store));
            }
            Some(_) => bwd_alive = false,
            None => {}
        }
    }
    let mut fess: Search<'_, Fess> = search(problem, &problem.dist, fess_memory, fess_moves(plain));
    // Started after the forward search's first turn, so that the levels it
    // solves at once never pay for it.
    let mut fess_alive = false;
    let mut fess_pending = plan.fess;
    let mut side: Vec<Search<'_, Fess>> = Vec::new();
    let mut side_pending = plan.fess && (plan.parking || plan.checked);
    loop {
        let side_nodes = expanded_by(&side);
        let before = retired + bwd.expanded + fess.expanded + side_nodes;
        let other = bwd_alive.then_some(&bwd.store);
        match fwd.step(SLICE, other, before, limits) {
            None => {}
            Some(End::Exhausted) if macros => {
                retired += fwd.expanded;
                macros = false;
                fwd = search(problem, &problem.dist, fwd_memory, fwd_plain);
                if let Some(end) = fwd.start(&problem.start_bits, problem.start_worker) {
                    let nodes = retired + bwd.expanded + fess.expanded + side_nodes;
                    return run(end, nodes, &fwd.store, None);
                }
            }
            Some(end) => {
                let nodes = retired + fwd.expanded + bwd.expanded + fess.expanded + side_nodes;
                let other = bwd_alive.then_some(&bwd.store);
                return run(end, nodes, &fwd.store, other);
            }
        }
        if fess_pending {
            fess_pending = false;
            fess_alive = true;
            if let Some(end) = fess.start(&problem.start_bits, problem.start_worker) {
                if let End::Solved(_) | End::Exhausted = end {
                    let nodes = retired + fwd.expanded + bwd.expanded;
                    return run(end, nodes, &fess.store, None);
                }
                fess_alive = false;
            }
        }
        // The side searches join in the late phase, or at once when the
        // backward search is not running.
        if side_pending && fess_alive && (!bwd_alive || late(sources.len(), bwd.expanded)) {
            side_pending = false;
            if plan.checked {
                let mut checked: Search<'_, Fess> =
                    search(problem, &problem.dist, checked_memory, fess_moves(plain));
                checked.frontier.check_advice();
                if checked
                    .start(&problem.start_bits, problem.start_worker)
                    .is_none()
                {
                    side.push(checked);
                }
            }
            if plan.parking {
                match parked_searches(
                    problem,
                    &start,
                    &dist_back,
                    plain,
                    parked_memory,
                    &limits.clock,
                ) {
                    Ok(searches) => side.extend(searches),
                    Err(limit) => {
                        let nodes = retired + fwd.expanded + bwd.expanded + fess.expanded;
                        return run(End::Limit(limit), nodes, &fwd.store, None);
                    }
                }
            }
        }
        // Each side search takes its turn.
        let mut k = 0;
        while k < side.len() {
            let others = expanded_by(&side) - side[k].expanded;
            let p = &mut side[k];
            let before = retired + fwd.expanded + bwd.expanded + fess.expanded + others;
            let other = bwd_alive.then_some(&bwd.store);
            let turn = fess_turn(sources.len(), bwd.expanded) / SIDE_SHARE;
            match p.step(turn, other, before, limits) {
                None if p.expanded < SIDE_NODES => k += 1,
                // Done with its nodes, its states or its memory: the others
                // go on.
                None | Some(End::Limit(Limit::Memory) | End::Exhausted) => {
                    retired += p.expanded;
                    side.remove(k);
                }
                Some(end) => {
                    let nodes = before + p.expanded;
                    return run(end, nodes, &p.store, other);
                }
            }
        }
        if fess_alive {
            let side_nodes = expanded_by(&side);
            let before = retired + fwd.expanded + bwd.expanded + side_nodes;
            let other = bwd_alive.then_some(&bwd.store);
            let turn = fess_turn(sources.len(), bwd.expanded);
            match fess.step(turn, other, before, limits) {
                None => {}
                // Out of memory: the others go on.
                Some(End::Limit(Limit::Memory)) => fess_alive = false,
                Some(end) => {
                    let nodes = before + fess.expanded;
                    return run(end, nodes, &fess.store, other);
                }
            }
        }
        let side_nodes = expanded_by(&side);
        if bwd_alive {
            let before = retired + fwd.expanded + fess.expanded + side_nodes;
            let slice = if plan.fess {
                backward_slice(sources.len(), bwd.expanded)
            } else {
                BACKWARD_SLICE
            };
            match bwd.step(slice, Some(&fwd.store), before, limits) {
                None => {}
                Some(End::Meet(b, f)) => {
                    let nodes = before + bwd.expanded;
                    return run(End::Meet(f, b), nodes, &fwd.store, Some(&bwd.store));
                }
                Some(End::Limit(limit)) if limit != Limit::Memory => {
                    let nodes = before + bwd.expanded;
                    return run(End::Limit(limit), nodes, &fwd.store, None);
                }
                // Out of states or of memory: the forward searches go on.
                Some(_) => bwd_alive = false,
            }
        }
    }
}

/// The FESS searches of `problem` (`start` marking its boxes' start
/// squares, `back` their pull distances) steered by the parking plans that
/// the backward plan search finds within [`PLAN_EXPANSIONS`] (each start square
/// taking one box or any number, steered by boxes on goals or by distance;
/// each plan once) and a quarter of `memory` bytes each (which each search
/// then holds), making `plain` moves as FESS does. Each kind of plan steers
/// FESS to levels the others miss: XSokoban 35, 44 and 74 with the first,
/// 18 with the second, 90 with those steered by distance.
fn parked_searches<'a>(
    problem: &'a Problem,
    start: &[bool],
    back: &Distances,
    plain: Moves<'a>,
    memory: usize,
    clock: &Clock,
) -> Result<Vec<Search<'a, Fess>>, Limit> {
    let kinds = [
        (Bases::Once, Steer::Goals),
        (Bases::Shared, Steer::Goals),
        (Bases::Once, Steer::Distance),
        (Bases::Shared, Steer::Distance),
    ];
    let each = memory / kinds.len();
    let mut plans: Vec<Parking> = Vec::new();
    for (bases, steer) in kinds {
        let plan = Parking::find(
            &problem.board,
            start,
            back,
            (bases, steer),
            PLAN_EXPANSIONS,
            each,
            clock,
        )?;
        if let Some(plan) = plan.filter(|p| !plans.contains(p)) {
            plans.push(plan);
        }
    }
    let mut searches = Vec::new();
    for plan in plans {
        let mut parked: Search<'_, Fess> = search(problem, &problem.dist, each, fess_moves(plain));
        parked.frontier.replan(&Packing::parked(plan));
        if parked
            .start(&problem.start_bits, problem.start_worker)
            .is_none()
        {
            searches.push(parked);
        }
    }
    Ok(searches)
}

/// The nodes expanded by the side searches.
fn expanded_by(side: &[Search<'_, Fess>]) -> u64 {
    side.iter().map(|p| p.expanded).sum()
}

/// FESS alone on `problem`: one forward search over the feature space with
/// box-path moves, with the whole memory budget.
pub(crate) fn fess(problem: &Problem, plain: Moves<'_>, limits: &Limits) -> Run {
    single::<Fess>(problem, fess_moves(plain), limits)
}

/// The moves of a FESS search: box paths, floor areas counted.
fn fess_moves(plain: Moves<'_>) -> Moves<'_> {
    Moves {
        areas: true,
        box_paths: true,
        ..plain
    }
}

/// A search of `problem` with distances `dist`, tables within `memory`
/// bytes, making `moves`.
fn search<'a, F: Frontier>(
    problem: &'a Problem,
    dist: &'a Distances,
    memory: usize,
    moves: Moves<'a>,
) -> Search<'a, F> {
    Search::new(problem, dist, memory, moves)
}

/// The report of searches that ended with `end` after expanding `nodes`
/// in all: `fwd` is the store of the forward search (`Solved`, and the
/// first node of `Meet(f, b)`), `bwd` that of the backward one (the second
/// node of `Meet`).
fn run(end: End, nodes: u64, fwd: &Store, bwd: Option<&Store>) -> Run {
    let stop = match end {
        End::Exhausted => Stop::Exhausted,
        End::Limit(limit) => Stop::Limit(limit),
        End::Solved(node) => Stop::Solved(chain(fwd, node, true)),
        End::Meet(f, b) => {
            let mut states = chain(fwd, f, true);
            if let Some(bwd) = bwd {
                states.extend(chain(bwd, b, false).into_iter().skip(1));
            }
            Stop::Solved(states)
        }
    };
    Run { stop, nodes }
}

/// The states from a root of `store` to node `end` (`forward`), or from
/// `end` back to its root.
fn chain(store: &Store, end: u32, forward: bool) -> Vec<State> {
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

#[cfg(test)]
mod tests {
    use boardkit_grid::Interrupt;

    use super::*;
    use crate::solver::frontier::{AStar, Alternating};
    use crate::solver::limit::Clock;
    use crate::solver::problem::Plan;

    /// No limit but `interrupt`.
    fn limits(interrupt: &Interrupt) -> Limits {
        Limits {
            clock: Clock {
                deadline: None,
                interrupt: Some(interrupt.clone()),
            },
            nodes: None,
            memory: 1 << 30,
        }
    }

    #[test]
    fn the_fess_turn_grows_with_the_square_of_the_boxes_within_its_bounds() {
        let turns: Vec<u64> = [0, 1, 8, 10, 16, 22, 23, 40].map(fess_slice).to_vec();
        assert_eq!(turns, [512, 512, 512, 800, 2048, 3872, 4096, 4096]);
    }

    #[test]
    fn late_the_backward_turn_shrinks_and_the_fess_turn_grows_on_levels_of_many_boxes() {
        assert_eq!(backward_slice(8, 1 << 30), BACKWARD_SLICE);
        assert_eq!(backward_slice(9, (1 << 18) - 1), BACKWARD_SLICE);
        assert_eq!(backward_slice(9, 1 << 18), 768);
        assert_eq!(backward_slice(25, 1 << 30), 768);
        assert_eq!(backward_slice(12, (1 << 18) - 1), BACKWARD_SLICE);
        assert_eq!(backward_slice(13, (1 << 16) - 1), BACKWARD_SLICE);
        assert_eq!(backward_slice(13, 1 << 16), 768);
        assert_eq!(fess_turn(8, 1 << 30), 512);
        assert_eq!(fess_turn(9, (1 << 18) - 1), 648);
        assert_eq!(fess_turn(9, 1 << 18), 8 * 648);
        assert_eq!(fess_turn(13, (1 << 16) - 1), 1352);
        assert_eq!(fess_turn(13, 1 << 16), 8 * 1352);
        assert_eq!(fess_turn(25, 1 << 16), 8 * 4096);
    }

    #[test]
    fn an_interrupt_stops_the_searches_at_their_first_look_at_the_clock() {
        // Quartet: 2,205 nodes for the fewest moves, so the search looks at
        // the clock (after 1,024) before it ends.
        let level = crate::builtin::levels().remove(11);
        let interrupt = Interrupt::new();
        let limits = limits(&interrupt);
        let problem = Problem::new(&level, &limits, Plan::ALL).unwrap();
        let moves = Moves {
            backward: false,
            exact_worker: true,
            corrals: true,
            rooms: None,
            tunnels: false,
            areas: false,
            box_paths: false,
            sealed: true,
            walled: true,
        };
        let plan = Portfolio {
            goal_rooms: true,
            tunnels: true,
            backward: true,
            areas: true,
            fess: true,
            parking: true,
            checked: true,
        };
        let pushes = Moves {
            exact_worker: false,
            ..moves
        };
        let run = single::<AStar>(&problem, moves, &limits);
        assert!(matches!(run.stop, Stop::Solved(_)));
        assert_eq!(run.nodes, 2205);
        let run = portfolio::<Alternating>(&problem, plan, pushes, &limits);
        assert!(matches!(run.stop, Stop::Solved(_)));
        interrupt.trigger();
        let stopped = |nodes| Run {
            stop: Stop::Limit(Limit::Interrupted),
            nodes,
        };
        assert_eq!(single::<AStar>(&problem, moves, &limits), stopped(1024));
        // The portfolio's backward distances look at the clock first.
        let run = portfolio::<Alternating>(&problem, plan, pushes, &limits);
        assert_eq!(run, stopped(0));
        assert!(matches!(
            Problem::new(&level, &limits, Plan::ALL),
            Err(Limit::Interrupted)
        ));
    }
}
