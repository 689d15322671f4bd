//! One search over pushes (or pulls): a store of nodes, an expander
//! that makes each node's children ([`super::expander`]) and a frontier
//! that orders the open nodes ([`super::frontier`]).
//!
//! A node is a box configuration and a worker square; a child is one box
//! move that the worker can walk to. [`Search`] pops a node from its
//! frontier, asks the expander for the children that pass the deadlock,
//! corral and macro filters, and for each one looks it up in the store
//! (a known node reached more cheaply gets its new cost, which an A*
//! frontier reopens), has the frontier bound it (the matching: no perfect
//! matching is a deadlock), stores it, checks whether the search in the
//! other direction has it ([`End::Meet`]), and queues it. Greedy frontiers
//! take a forward node with bound 0 as a solution when it is generated,
//! A* when it is expanded. The limits are checked on every expansion
//! (nodes) and every 1,024 (time and interrupt, [`Clock`]); the store
//! refuses to grow past the memory budget, counting the frontier's and the
//! expander's tables.
//! Which searches run, in which order, is [`super::driver`]'s.

use super::compact::{bits, NONE};
use super::distance::Distances;
use super::expander::{Child, Expander, Moves};
use super::frontier::{Frontier, Keyed, Popped};
use super::limit::{Clock, Limit};
use super::problem::Problem;
use super::store::{Node, Store, NIL};
use super::zobrist::Zobrist;

/// The limits of one search.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    /// Stop at its deadline or interrupt.
    pub(crate) clock: Clock,
    /// Stop after expanding this many nodes.
    pub(crate) nodes: Option<u64>,
    /// Bytes the search's tables may hold.
    pub(crate) memory: usize,
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

/// Check the clock (and the interrupt) after this many expansions.
const CLOCK_EVERY: u64 = 1024;

/// One search of one level: its store, the expander that makes each
/// node's children and the frontier that orders them.
pub(crate) struct Search<'a, F> {
    dist: &'a Distances,
    zobrist: &'a Zobrist,
    pub(crate) store: Store,
    pub(crate) frontier: F,
    expander: Expander<'a>,
    /// Whether a stored node can be a solution (not in a backward search,
    /// whose nodes with every box on a start square may still have the
    /// worker elsewhere; it ends by meeting the forward search).
    solves: bool,
    child_bits: Vec<u64>,
    child_boxes: Vec<u16>,
    /// Nodes expanded.
    pub(crate) expanded: u64,
}

impl<'a, F: Frontier> Search<'a, F> {
    /// A search of `board` whose tables may hold `memory` bytes, making
    /// `moves` with distances `dist`.
    pub(crate) fn new(
        problem: &'a Problem,
        dist: &'a Distances,
        memory: usize,
        moves: Moves<'a>,
    ) -> Search<'a, F> {
        let board = &problem.board;
        let zobrist = &problem.zobrist;
        Search {
            dist,
            zobrist,
            store: Store::new(board.words(), memory),
            frontier: F::new(problem),
            expander: Expander::new(board, dist, moves).with_cache_budget(memory / 8),
            solves: !moves.backward,
            child_bits: vec![0; board.words()],
            child_boxes: Vec::new(),
            expanded: 0,
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

    /// Makes `squares` the squares the boxes should end on, for frontiers
    /// that count boxes off them: the start squares, for a backward search.
    pub(crate) fn set_targets(&mut self, squares: &[u16]) {
        self.frontier.set_targets(squares);
    }

    /// Stores the start node; `Some(end)` when that already decides.
    pub(crate) fn start(&mut self, boxes: &[u64], worker: u16) -> Option<End> {
        self.expander.load(boxes);
        // A start with a frozen box off a goal, or without a matching, has
        // no solution.
        if self.expander.frozen() {
            return Some(End::Exhausted);
        }
        let w = self.expander.normalise(worker);
        let Some(h) = self
            .frontier
            .root_bound(self.dist, self.expander.boxes(), w)
        else {
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
        let regions = self.expander.regions();
        self.frontier.push_root(Keyed {
            node: root,
            g: 0,
            h,
            boxes: self.expander.boxes(),
            regions,
            moved: (NONE, NONE),
            worker: w,
        });
        None
    }

    /// Stores the roots of a backward search: the solved state `goals`
    /// with the worker in each region next to a box; `Some(end)` when a
    /// root is a node of `other` already, or none can be stored.
    pub(crate) fn start_backward(&mut self, goals: &[u64], other: Option<&Store>) -> Option<End> {
        self.expander.load(goals);
        let roots = self.expander.regions_next_to_boxes();
        let box_hash = bits::iter(goals).fold(0, |acc, b| acc ^ self.zobrist.box_key(b));
        for w in roots {
            let Some(h) = self
                .frontier
                .root_bound(self.dist, self.expander.boxes(), w)
            else {
                continue;
            };
            let hash = box_hash ^ self.zobrist.worker_key(w);
            let Ok(root) = self.store.insert(Node::root(hash, w, h), goals, 0) else {
                return Some(End::Limit(Limit::Memory));
            };
            if let Some(j) = other.and_then(|o| o.find(hash, goals, w)) {
                return Some(End::Meet(root, j));
            }
            self.frontier.push_root(Keyed {
                node: root,
                g: 0,
                h,
                boxes: self.expander.boxes(),
                regions: 0,
                moved: (NONE, NONE),
                worker: w,
            });
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
            let i = match self.frontier.pop(&self.store) {
                None => return Some(End::Exhausted),
                Some(Popped::Solved(i)) => return Some(End::Solved(i)),
                Some(Popped::Expand(i)) => i,
            };
            self.expanded += 1;
            done += 1;
            if limits.nodes.is_some_and(|n| before + self.expanded > n) {
                return Some(End::Limit(Limit::Nodes));
            }
            if self.expanded.is_multiple_of(CLOCK_EVERY) {
                if let Some(limit) = limits.clock.passed() {
                    return Some(End::Limit(limit));
                }
            }
            match self.expand(i, other) {
                Ok(Some(end)) => return Some(end),
                Ok(None) => {}
                Err(limit) => return Some(End::Limit(limit)),
            }
        }
        None
    }

    /// The square of the box that the move into node `i` moved, or
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

    /// Expands node `i`: its children from the expander, each stored and
    /// queued unless known; `Ok(Some(end))` when one solves the level or
    /// meets the other search.
    fn expand(&mut self, i: u32, other: Option<&Store>) -> Result<Option<End>, Limit> {
        let worker = self.store.worker(i);
        let last = self.last_moved(i);
        let count = self
            .expander
            .expand(self.store.boxes(i), worker, last)
            .len();
        self.frontier
            .prepare(i, self.dist, self.expander.boxes(), worker);
        let g = self.store.g(i);
        let box_hash = self.store.hash(i) ^ self.zobrist.worker_key(worker);
        let mut touched = 0;
        for child in self.expander.children() {
            let hash = self.child_hash(box_hash, child);
            touched ^= self.store.touch(hash);
            if let Some(o) = other {
                touched ^= o.touch(hash);
            }
        }
        std::hint::black_box(touched);
        for c in 0..count {
            let Some(&child) = self.expander.children().get(c) else {
                break;
            };
            if let Some(end) = self.child(i, g, box_hash, child, other)? {
                return Ok(Some(end));
            }
        }
        let (store, expander) = (&self.store, &mut self.expander);
        self.frontier.expanded(self.dist, &mut |node| {
            expander.dead_end(store.boxes(node), store.worker(node))
        });
        Ok(None)
    }

    /// The hash of `child`, given its parent's hash without the worker.
    #[inline]
    fn child_hash(&self, box_hash: u64, child: &Child) -> u64 {
        box_hash
            ^ self.zobrist.box_key(child.from)
            ^ self.zobrist.box_key(child.to)
            ^ self.zobrist.worker_key(child.worker)
    }

    /// Stores and queues `child` of node `i` (cost `g`, hash without the
    /// worker `box_hash`) unless it is known already or the bound finds it
    /// a deadlock; `Ok(Some(end))` when it solves the level or meets the
    /// other search.
    fn child(
        &mut self,
        i: u32,
        g: u32,
        box_hash: u64,
        child: Child,
        other: Option<&Store>,
    ) -> Result<Option<End>, Limit> {
        let Child {
            k,
            from,
            to,
            worker: w,
            cost,
            regions,
        } = child;
        let g = g + cost;
        self.child_bits.clear();
        self.child_bits.extend_from_slice(self.store.boxes(i));
        bits::clear(&mut self.child_bits, from);
        bits::set(&mut self.child_bits, to);
        let hash = self.child_hash(box_hash, &child);
        if let Some(j) = self.store.find(hash, &self.child_bits, w) {
            if g < self.store.g(j) {
                self.store.improve(j, i, g);
                self.frontier.improved(j, g, self.store.h(j));
            }
            return Ok(None);
        }
        self.child_boxes.clear();
        self.child_boxes.extend_from_slice(self.expander.boxes());
        if let Some(x) = self.child_boxes.get_mut(k) {
            *x = to;
        }
        let Some(h) = self.frontier.bound(self.dist, &self.child_boxes, w) else {
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
                self.frontier.bytes() + self.expander.bytes(),
            )
            .map_err(|_| Limit::Memory)?;
        if let Some(o) = other.and_then(|o| o.find(hash, &self.child_bits, w)) {
            return Ok(Some(End::Meet(j, o)));
        }
        if F::GOAL_ON_GENERATION && self.solves && h == 0 {
            return Ok(Some(End::Solved(j)));
        }
        self.frontier.push(Keyed {
            node: j,
            g,
            h,
            boxes: &self.child_boxes,
            regions,
            moved: (from, to),
            worker: w,
        });
        Ok(None)
    }
}
