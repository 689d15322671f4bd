//! The search over pushes.
//!
//! A node is a box configuration and a worker square; a child is one push
//! that the worker can walk to. Which worker square a node keeps depends
//! on the mode: for the push-counting modes it is the smallest square of
//! the worker's region (so states that differ only by a walk are one node),
//! for move-optimal search it is the worker's exact square after the push,
//! and a child's cost counts the walk to the push as well.
//!
//! Before a child is stored it must pass the deadlock tests: the box must
//! not land where it can never reach a goal (with the worker on the side it
//! pushed from), must not freeze off a goal, and the boxes must still have
//! a perfect matching to goals; children of a node with a PI-corral are
//! limited to that corral's pushes ([`super::corral`]).
//!
//! * Greedy (the default): the open list is ordered by the bound alone, and
//!   a solution is taken as soon as it is generated. Forward searches may
//!   use goal-room and tunnel macros ([`super::macros`]); a backward search
//!   pulls boxes from the solved state instead (its distances lead back to
//!   the start squares) and has no freeze test. Either one stops when it
//!   stores a state the other direction has stored ([`End::Meet`]).
//!   The forward search also keeps a second open list, ordered by how many
//!   separate areas the boxes cut the floor into plus how many boxes are
//!   off goals, then by the bound, and takes turns between the two (the
//!   "alternation" of planners, with FESS's connectivity feature): the
//!   bound alone dives into states that wall the worker off. The backward
//!   search's second list is ordered by the boxes off their start squares
//!   alone, then by the bound (adding its area count measured worse).
//! * A* (optimal modes): ordered by cost plus bound, solution taken when it
//!   is expanded; a node reached again more cheaply is reopened, because
//!   the bound is admissible but not always consistent (see
//!   [`super::distance`]), which keeps the first solution expanded optimal.

use std::time::Instant;

use super::areas::Areas;
use super::bound::Bound;
use super::compact::{bits, opposite, Board, NONE};
use super::corral::{Corral, Pruning};
use super::corral_deadlock::CorralDeadlock;
use super::distance::Distances;
use super::freeze::Freeze;
use super::macros::{GoalRooms, Pusher, RoomState};
use super::open::{Open, Tiered};
use super::reach::Reach;
use super::store::{Node, Store, NIL};
use super::zobrist::Zobrist;
use super::Limit;

/// What the search optimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Any solution, fast: best-first on the bound.
    Greedy,
    /// Fewest pushes: A* over pushes.
    Pushes,
    /// Fewest moves: A* over (boxes, exact worker square), walks counted.
    Moves,
}

/// The limits of one search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Stop at this instant.
    pub(crate) deadline: Option<Instant>,
    /// Stop after expanding this many nodes.
    pub(crate) nodes: Option<u64>,
    /// Bytes the search's tables may hold.
    pub(crate) memory: usize,
}

/// Which techniques a search uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings<'a> {
    /// PI-corral pruning (ignored in move-optimal mode).
    pub(crate) corrals: bool,
    /// Goal-room macros (greedy mode only).
    pub(crate) rooms: Option<&'a GoalRooms>,
    /// Tunnel macros (greedy mode only).
    pub(crate) tunnels: bool,
    /// Search backwards: pull boxes from the solved state towards the
    /// start (greedy mode only; the distances are then
    /// [`Distances::from_sources_until`]).
    pub(crate) backward: bool,
    /// A second open list ordered by how many separate areas the floor
    /// falls into (forward only) plus how many boxes are off target, then
    /// by the bound; the search takes turns between the two lists (greedy
    /// mode only).
    pub(crate) areas: bool,
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// This node is solved.
    Solved(u32),
    /// Every reachable state was searched: no solution.
    Exhausted,
    /// A limit stopped the search.
    Limit(Limit),
    /// A node of this search (first) is a node of the other search
    /// (second): the two paths make a solution.
    Meet(u32, u32),
}

/// Check the clock after this many expansions.
const CLOCK_EVERY: u64 = 1024;

/// One search of one level.
pub(crate) struct Search<'a> {
    board: &'a Board,
    dist: &'a Distances,
    zobrist: &'a Zobrist,
    mode: Mode,
    pub(crate) store: Store,
    open: Open,
    /// The second open list ([`Settings::areas`]).
    by_areas: Option<Tiered>,
    /// The squares boxes end on: the goals, or for a backward search the
    /// start squares ([`Search::set_targets`]).
    targets: Vec<bool>,
    /// Whether the next node comes from `by_areas`.
    turn: bool,
    /// A bit per node expanded, when two open lists hold the nodes.
    closed: Vec<u64>,
    reach: Reach,
    /// The fill of a child's worker region, when areas are not counted.
    child_reach: Reach,
    /// The expanded node's areas, from which each child's area count and
    /// worker square follow, when they are counted.
    areas: Areas,
    freeze: Freeze,
    bound: Bound,
    /// The bound of the other open list's last node: each list's nodes
    /// follow one another closely, so each keeps its own incremental
    /// matching ([`Bound::prepare`]).
    other_bound: Bound,
    /// Whether `bound` belongs to the areas' list.
    bound_is_areas: bool,
    corral: Corral,
    corral_deadlock: Option<CorralDeadlock>,
    rooms: Option<&'a GoalRooms>,
    corrals: bool,
    tunnels: bool,
    backward: bool,
    room_state: Vec<RoomState>,
    macros_done: Vec<(u16, u16)>,
    pusher: Pusher,
    parent_bits: Vec<u64>,
    occ: Vec<bool>,
    boxlist: Vec<u16>,
    child_boxes: Vec<u16>,
    child_bits: Vec<u64>,
    allowed: Vec<bool>,
    /// Nodes expanded.
    pub(crate) expanded: u64,
}

impl<'a> Search<'a> {
    /// A search of `board` in `mode` whose tables may hold `memory` bytes,
    /// with the techniques `settings` asks for (macros in greedy mode only).
    pub(crate) fn new(
        board: &'a Board,
        dist: &'a Distances,
        zobrist: &'a Zobrist,
        mode: Mode,
        memory: usize,
        settings: Settings<'a>,
    ) -> Search<'a> {
        let n = board.len();
        let rooms = settings
            .rooms
            .filter(|r| mode == Mode::Greedy && !settings.backward && !r.is_empty());
        Search {
            board,
            dist,
            zobrist,
            mode,
            store: Store::new(board.words(), memory),
            open: Open::default(),
            by_areas: (settings.areas && mode == Mode::Greedy).then(Tiered::default),
            targets: (0..n)
                .map(|s| u16::try_from(s).is_ok_and(|s| board.is_goal(s)))
                .collect(),
            turn: false,
            closed: Vec::new(),
            reach: Reach::new(n),
            child_reach: Reach::new(n),
            areas: Areas::new(n),
            freeze: Freeze::new(n),
            bound: Bound::default(),
            other_bound: Bound::default(),
            bound_is_areas: false,
            corral: Corral::new(n),
            corral_deadlock: (settings.corrals && mode != Mode::Moves && !settings.backward)
                .then(|| CorralDeadlock::new(n)),
            rooms,
            corrals: settings.corrals && mode != Mode::Moves && !settings.backward,
            tunnels: settings.tunnels && mode == Mode::Greedy && !settings.backward,
            backward: settings.backward && mode == Mode::Greedy,
            room_state: Vec::new(),
            macros_done: Vec::new(),
            pusher: Pusher::new(if rooms.is_some() { n } else { 0 }),
            parent_bits: Vec::new(),
            occ: vec![false; n],
            boxlist: Vec::new(),
            child_boxes: Vec::new(),
            child_bits: vec![0; board.words()],
            allowed: vec![false; n],
            expanded: 0,
        }
    }

    fn load(&mut self, boxes: &[u64]) {
        for &b in &self.boxlist {
            if let Some(o) = self.occ.get_mut(usize::from(b)) {
                *o = false;
            }
        }
        self.boxlist.clear();
        self.boxlist.extend(bits::iter(boxes));
        for &b in &self.boxlist {
            if let Some(o) = self.occ.get_mut(usize::from(b)) {
                *o = true;
            }
        }
    }

    /// Searches from the start (`boxes`, worker on `worker`) to the end.
    pub(crate) fn run(&mut self, boxes: &[u64], worker: u16, limits: &Limits) -> End {
        if let Some(end) = self.start(boxes, worker) {
            return end;
        }
        self.step(u64::MAX, None, 0, limits)
            .unwrap_or(End::Exhausted)
    }

    /// Makes `squares` the squares the boxes should end on (for the areas
    /// list's count of boxes off them): the start squares, for a backward
    /// search.
    pub(crate) fn set_targets(&mut self, squares: &[u16]) {
        self.targets.iter_mut().for_each(|t| *t = false);
        for &s in squares {
            if let Some(t) = self.targets.get_mut(usize::from(s)) {
                *t = true;
            }
        }
    }

    /// Stores the start node; `Some(end)` when that already decides.
    pub(crate) fn start(&mut self, boxes: &[u64], worker: u16) -> Option<End> {
        self.load(boxes);
        // A start with a frozen box off a goal, or without a matching, has
        // no solution.
        for k in 0..self.boxlist.len() {
            let b = self.boxlist.get(k).copied().unwrap_or(NONE);
            if self.freeze.deadlocked(self.board, self.dist, &self.occ, b) {
                return Some(End::Exhausted);
            }
        }
        let w = match self.mode {
            Mode::Moves => worker,
            _ => self.reach.fill(self.board, &self.occ, worker),
        };
        let Some(h) = self.bound.value(self.dist, &self.boxlist, w) else {
            return Some(End::Exhausted);
        };
        let hash = bits::iter(boxes).fold(self.zobrist.worker_key(w), |acc, b| {
            acc ^ self.zobrist.box_key(b)
        });
        let Ok(root) = self.store.insert(Node::root(hash, w, h), boxes, 0) else {
            return Some(End::Limit(Limit::Memory));
        };
        if h == 0 {
            return Some(End::Solved(root));
        }
        self.open.push(u32::from(h), root);
        None
    }

    /// Stores the roots of a backward search: the solved state `goals`
    /// with the worker in each region next to a box; `Some(end)` when a
    /// root is a node of `other` already, or none can be stored.
    pub(crate) fn start_backward(&mut self, goals: &[u64], other: Option<&Store>) -> Option<End> {
        self.load(goals);
        let n = self.board.len();
        let mut roots = Vec::new();
        let mut covered = vec![false; n];
        for s in 0..n {
            let Ok(s) = u16::try_from(s) else { break };
            if self.occ.get(usize::from(s)).copied().unwrap_or(true) || covered[usize::from(s)] {
                continue;
            }
            let w = self.reach.fill(self.board, &self.occ, s);
            let mut next_to_box = false;
            for &x in &self.reach.squares {
                covered[usize::from(x)] = true;
                next_to_box |= (0..4).any(|d| {
                    let y = self.board.nbr(x, d);
                    y != NONE && self.occ.get(usize::from(y)).copied().unwrap_or(false)
                });
            }
            if next_to_box {
                roots.push(w);
            }
        }
        let box_hash = bits::iter(goals).fold(0, |acc, b| acc ^ self.zobrist.box_key(b));
        for w in roots {
            let Some(h) = self.bound.value(self.dist, &self.boxlist, w) else {
                continue;
            };
            let hash = box_hash ^ self.zobrist.worker_key(w);
            let Ok(root) = self.store.insert(Node::root(hash, w, h), goals, 0) else {
                return Some(End::Limit(Limit::Memory));
            };
            if let Some(j) = other.and_then(|o| o.find(hash, goals, w)) {
                return Some(End::Meet(root, j));
            }
            self.open.push(u32::from(h), root);
        }
        if self.store.len() == 0 {
            return Some(End::Exhausted);
        }
        None
    }

    /// Expands up to `budget` nodes; `Some(end)` when the search ended.
    /// `other` is the store of the search in the other direction, for
    /// meeting; `before` counts nodes expanded elsewhere against the node
    /// limit.
    pub(crate) fn step(
        &mut self,
        budget: u64,
        other: Option<&Store>,
        before: u64,
        limits: &Limits,
    ) -> Option<End> {
        let mut done = 0;
        while done < budget {
            let popped = if self.by_areas.is_some() {
                self.pop_alternating()
            } else {
                self.open.pop()
            };
            let Some((key, i)) = popped else {
                return Some(End::Exhausted);
            };
            let (g, h) = (self.store.g(i), self.store.h(i));
            if self.mode != Mode::Greedy {
                if g + u32::from(h) != key {
                    continue; // reopened with a lower cost since
                }
                if h == 0 {
                    return Some(End::Solved(i));
                }
            }
            self.expanded += 1;
            done += 1;
            if limits.nodes.is_some_and(|n| before + self.expanded > n) {
                return Some(End::Limit(Limit::Nodes));
            }
            if self.expanded.is_multiple_of(CLOCK_EVERY)
                && limits.deadline.is_some_and(|d| Instant::now() >= d)
            {
                return Some(End::Limit(Limit::Time));
            }
            let result = if self.backward {
                self.expand_backward(i, other)
            } else {
                self.expand(i, other)
            };
            match result {
                Ok(Some(end)) => return Some(end),
                Ok(None) => {}
                Err(limit) => return Some(End::Limit(limit)),
            }
        }
        None
    }

    /// Takes turns between the bound's open list and the areas' one,
    /// skipping nodes already expanded through the other.
    fn pop_alternating(&mut self) -> Option<(u32, u32)> {
        loop {
            self.turn = !self.turn;
            let from_areas = match self.by_areas.as_mut() {
                Some(t) if self.turn => t.pop(),
                _ => None,
            };
            let areas = from_areas.is_some();
            let (key, i) = match from_areas {
                Some(i) => (0, i),
                None => match self.open.pop() {
                    Some(x) => x,
                    None => (0, self.by_areas.as_mut()?.pop()?),
                },
            };
            if areas != self.bound_is_areas {
                std::mem::swap(&mut self.bound, &mut self.other_bound);
                self.bound_is_areas = areas;
            }
            let word = usize::try_from(i / 64).unwrap_or(usize::MAX);
            if self.closed.len() <= word {
                self.closed.resize(word + 1, 0);
            }
            let bit = 1u64 << (i % 64);
            let w = self.closed.get_mut(word)?;
            if *w & bit == 0 {
                *w |= bit;
                return Some((key, i));
            }
        }
    }

    /// The first key of a child in the areas' open list: the separate
    /// areas of floor its boxes leave (FESS's "connectivity", `regions`;
    /// 0 in a backward search, where counting them measured worse) plus
    /// its boxes off their targets (a crude "packing"). Uses
    /// `child_boxes`.
    fn areas_tier(&self, regions: u32) -> u32 {
        let off = self
            .child_boxes
            .iter()
            .filter(|&&b| !self.targets.get(usize::from(b)).copied().unwrap_or(false))
            .count();
        regions + u32::try_from(off).unwrap_or(u32::MAX)
    }

    /// Generates the children of node `i` of a backward search: every pull
    /// the worker can make.
    fn expand_backward(&mut self, i: u32, other: Option<&Store>) -> Result<Option<End>, Limit> {
        let board = self.board;
        self.load_node(i);
        let worker = self.store.worker(i);
        self.bound.prepare(self.dist, &self.boxlist, worker);
        let g = self.store.g(i);
        let box_hash = self.store.hash(i) ^ self.zobrist.worker_key(worker);
        self.reach.fill(board, &self.occ, worker);
        for k in 0..self.boxlist.len() {
            let x = self.boxlist.get(k).copied().unwrap_or(NONE);
            for d in 0..4 {
                // The worker on side d pulls the box towards itself and
                // steps back.
                let p = board.nbr(x, d);
                if p == NONE || !self.reach.reached(p) {
                    continue;
                }
                let q = board.nbr(p, d);
                if q == NONE || self.occ.get(usize::from(q)).copied().unwrap_or(true) {
                    continue;
                }
                if !self.dist.live(p, q) {
                    continue;
                }
                let found = self.child(
                    Move {
                        parent: i,
                        k,
                        from: x,
                        to: p,
                        worker: q,
                        g: g + 1,
                    },
                    box_hash,
                    other,
                )?;
                if found.is_some() {
                    return Ok(found);
                }
            }
        }
        Ok(None)
    }

    /// The square of the box that the move into node `i` pushed, or
    /// [`NONE`] for a root.
    fn last_moved(&self, i: u32) -> u16 {
        let p = self.store.parent(i);
        if p == NIL {
            return NONE;
        }
        let (now, before) = (self.store.boxes(i), self.store.boxes(p));
        bits::iter(now)
            .find(|&s| !bits::get(before, s))
            .unwrap_or(NONE)
    }

    /// Loads node `i`'s boxes into the work arrays.
    fn load_node(&mut self, i: u32) {
        let mut parent_bits = std::mem::take(&mut self.parent_bits);
        parent_bits.clear();
        parent_bits.extend_from_slice(self.store.boxes(i));
        self.load(&parent_bits);
        self.parent_bits = parent_bits;
    }

    /// Generates the children of node `i`; `Ok(Some(end))` when greedy
    /// search generated a solved node or met the other search.
    fn expand(&mut self, i: u32, other: Option<&Store>) -> Result<Option<End>, Limit> {
        let board = self.board;
        self.load_node(i);
        let worker = self.store.worker(i);
        self.bound.prepare(self.dist, &self.boxlist, worker);
        let g = self.store.g(i);
        let box_hash = self.store.hash(i) ^ self.zobrist.worker_key(worker);
        match self.mode {
            Mode::Moves => self.reach.bfs(board, &self.occ, worker),
            _ => {
                self.reach.fill(board, &self.occ, worker);
                if self.by_areas.is_some() {
                    self.areas.label(board, &self.occ);
                }
            }
        }
        // Which boxes may be pushed: all, or those of a PI-corral.
        let pruning = if !self.corrals {
            Pruning::None
        } else {
            self.corral
                .analyse(board, self.dist, &self.occ, &self.reach, &mut self.allowed)
        };
        if pruning == Pruning::Deadlock {
            return Ok(None);
        }
        if pruning == Pruning::Restrict {
            if let Some(cd) = self.corral_deadlock.as_mut() {
                let (barrier, area) = self.corral.chosen();
                if cd.is_deadlock(board, barrier, area, worker) {
                    return Ok(None);
                }
            }
        }
        let restricted = pruning == Pruning::Restrict;
        if let Some(rooms) = self.rooms {
            self.room_state.clear();
            for r in 0..rooms.len() {
                let r = u16::try_from(r).unwrap_or(NONE);
                self.room_state.push(rooms.state(r, &self.occ));
            }
            self.macros_done.clear();
        }
        // Goal macros first; when one packs a box, the other pushes are not
        // tried (Rolling Stone's "goal cut").
        let mut packed = false;
        // The box pushed last is tried last, so that (the open list being
        // last in, first out among equals) the search keeps pushing it.
        let count = self.boxlist.len();
        let last = self.last_moved(i);
        let last_k = self
            .boxlist
            .iter()
            .position(|&b| b == last)
            .unwrap_or(count);
        for pass in 0..2 {
            if pass == 1 && packed {
                break;
            }
            for kk in 0..count {
                let k = match kk {
                    _ if last_k == count => kk,
                    _ if kk + 1 == count => last_k,
                    _ if kk >= last_k => kk + 1,
                    _ => kk,
                };
                let b = self.boxlist.get(k).copied().unwrap_or(NONE);
                if restricted && !self.allowed.get(usize::from(b)).copied().unwrap_or(false) {
                    continue;
                }
                if self.room_of(b).is_some_and(|s| s != RoomState::Free) {
                    continue; // packed boxes stay
                }
                for d in 0..4 {
                    let p = board.nbr(b, opposite(d));
                    if p == NONE || !self.reach.reached(p) {
                        continue;
                    }
                    let t = board.nbr(b, d);
                    if t == NONE || self.occ.get(usize::from(t)).copied().unwrap_or(true) {
                        continue;
                    }
                    if !self.dist.live(t, b) {
                        continue;
                    }
                    let is_macro = matches!(self.room_of(t), Some(RoomState::Next(_)));
                    if (pass == 0) != is_macro {
                        continue;
                    }
                    if let Some(RoomState::Next(goal)) = self.room_of(t) {
                        let room = self.rooms.map_or(NONE, |r| r.room(t));
                        if self.macros_done.contains(&(b, room)) {
                            continue;
                        }
                        self.macros_done.push((b, room));
                        let Some((pushes, end)) =
                            self.pusher.push_to(board, &self.occ, b, goal, worker)
                        else {
                            continue;
                        };
                        packed = true;
                        let found = self.child(
                            Move {
                                parent: i,
                                k,
                                from: b,
                                to: goal,
                                worker: end,
                                g: g + pushes,
                            },
                            box_hash,
                            other,
                        )?;
                        if found.is_some() {
                            return Ok(found);
                        }
                        continue;
                    }
                    let cost = match self.mode {
                        Mode::Moves => u32::from(self.reach.walk(p)) + 1,
                        _ => 1,
                    };
                    let (t, w, cost) = if self.tunnels {
                        self.through_tunnel(b, t, d, cost)
                    } else {
                        (t, b, cost)
                    };
                    let found = self.child(
                        Move {
                            parent: i,
                            k,
                            from: b,
                            to: t,
                            worker: w,
                            g: g + cost,
                        },
                        box_hash,
                        other,
                    )?;
                    if found.is_some() {
                        return Ok(found);
                    }
                }
            }
        }
        Ok(None)
    }

    /// Tunnel macro: a box pushed from `b` to `t` (direction `d`) onto a
    /// square with walls on both sides keeps going while the next square is
    /// such a tunnel square too, empty, not a goal and still live. Within a
    /// straight tunnel without goals every box position blocks the same
    /// way, so going deeper loses nothing but pushes; the box stops on the
    /// last tunnel square, and leaving the tunnel is an ordinary push.
    /// Returns the box's square, the worker's square and the pushes.
    fn through_tunnel(&self, b: u16, t: u16, d: usize, cost: u32) -> (u16, u16, u32) {
        let board = self.board;
        let walled = |s: u16| {
            let (a, c) = if d < 2 { (2, 3) } else { (0, 1) };
            board.nbr(s, a) == NONE && board.nbr(s, c) == NONE
        };
        let (mut from, mut to, mut pushes) = (b, t, cost);
        while walled(to) && !board.is_goal(to) {
            let next = board.nbr(to, d);
            if next == NONE
                || self.occ.get(usize::from(next)).copied().unwrap_or(true)
                || !walled(next)
                || board.is_goal(next)
                || !self.dist.live(next, to)
            {
                break;
            }
            from = to;
            to = next;
            pushes += 1;
        }
        (to, from, pushes)
    }

    /// The state of the goal room holding square `s`, if any.
    fn room_of(&self, s: u16) -> Option<RoomState> {
        let r = self.rooms?.room(s);
        self.room_state.get(usize::from(r)).copied()
    }

    /// Makes the child that move `m` leads to: checks it for deadlocks,
    /// finds it in the store or stores it, and queues it; `Ok(Some(end))`
    /// when it solves the level or meets the other search.
    fn child(
        &mut self,
        m: Move,
        box_hash: u64,
        other: Option<&Store>,
    ) -> Result<Option<End>, Limit> {
        set(&mut self.occ, m.from, false);
        set(&mut self.occ, m.to, true);
        let result = self.child_inner(m, box_hash, other);
        set(&mut self.occ, m.to, false);
        set(&mut self.occ, m.from, true);
        result
    }

    fn child_inner(
        &mut self,
        m: Move,
        box_hash: u64,
        other: Option<&Store>,
    ) -> Result<Option<End>, Limit> {
        let Move {
            parent: i,
            k,
            from: b,
            to: t,
            worker: w,
            g,
        } = m;
        if !self.backward && self.freeze.deadlocked(self.board, self.dist, &self.occ, t) {
            return Ok(None);
        }
        // Without an area count, a fill finds the worker's square faster
        // than the labels (measured).
        let (w, regions) = match self.mode {
            Mode::Moves => (w, 0),
            _ if self.by_areas.is_some() && !self.backward => {
                let c = self.areas.child(self.board, &self.occ, b, t, w, true);
                (c.worker, c.count)
            }
            _ => (self.child_reach.fill(self.board, &self.occ, w), 0),
        };
        self.child_bits.clear();
        self.child_bits.extend_from_slice(self.store.boxes(i));
        bits::clear(&mut self.child_bits, b);
        bits::set(&mut self.child_bits, t);
        let hash = box_hash
            ^ self.zobrist.box_key(b)
            ^ self.zobrist.box_key(t)
            ^ self.zobrist.worker_key(w);
        if let Some(j) = self.store.find(hash, &self.child_bits, w) {
            if g < self.store.g(j) {
                self.store.improve(j, i, g);
                if self.mode != Mode::Greedy {
                    self.open.push(g + u32::from(self.store.h(j)), j);
                }
            }
            return Ok(None);
        }
        self.child_boxes.clear();
        self.child_boxes.extend_from_slice(&self.boxlist);
        if let Some(x) = self.child_boxes.get_mut(k) {
            *x = t;
        }
        let Some(h) = self.bound.child(self.dist, &self.child_boxes, w) else {
            return Ok(None);
        };
        let j = self
            .store
            .insert(
                Node {
                    hash,
                    worker: w,
                    parent: i,
                    g,
                    h,
                },
                &self.child_bits,
                self.open.bytes()
                    + self.by_areas.as_ref().map_or(0, Tiered::bytes)
                    + self.closed.capacity() * 8
                    + self.pusher.bytes()
                    + self
                        .corral_deadlock
                        .as_ref()
                        .map_or(0, CorralDeadlock::bytes),
            )
            .map_err(|_| Limit::Memory)?;
        if let Some(o) = other.and_then(|o| o.find(hash, &self.child_bits, w)) {
            return Ok(Some(End::Meet(j, o)));
        }
        match self.mode {
            Mode::Greedy => {
                if h == 0 && !self.backward {
                    return Ok(Some(End::Solved(j)));
                }
                self.open.push(u32::from(h), j);
                if self.by_areas.is_some() {
                    let tier = self.areas_tier(regions);
                    if let Some(t) = self.by_areas.as_mut() {
                        t.push(tier, u32::from(h), j);
                    }
                }
            }
            _ => self.open.push(g + u32::from(h), j),
        }
        Ok(None)
    }
}

/// One box move out of a node being expanded.
#[derive(Clone, Copy, Debug)]
struct Move {
    /// The node.
    parent: u32,
    /// The moving box's index in the node's box list.
    k: usize,
    /// Where the box was.
    from: u16,
    /// Where it goes.
    to: u16,
    /// Where the worker ends.
    worker: u16,
    /// The child's cost so far.
    g: u32,
}

#[inline]
fn set(occ: &mut [bool], s: u16, v: bool) {
    if let Some(o) = occ.get_mut(usize::from(s)) {
        *o = v;
    }
}
