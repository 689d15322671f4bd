//! Frontiers: the order in which a search expands the nodes it stored.
//!
//! A [`Frontier`] takes nodes with their keys (cost so far, bound, and what
//! else its order needs), gives back the next node to expand, and reports
//! the bytes it holds. Each owns the bound it orders by: the matching of
//! [`super::bound`], kept incremental from one expanded node to the next
//! ([`Frontier::prepare`] before a node's children, [`Frontier::bound`]
//! for each new child). The search is generic over its frontier, so each
//! strategy is compiled in without dynamic dispatch:
//!
//! * [`BestFirst`]: greedy best-first on the bound alone; ties last in,
//!   first out. A node whose bound is 0 is a solution as soon as it is
//!   generated.
//! * [`AStar`]: cost plus bound, with reopening: a node reached again more
//!   cheaply re-enters with its new key, and entries whose key is no longer
//!   the node's are skipped. A node is a solution when it is expanded, which
//!   with an admissible bound makes the first one optimal.
//! * [`Alternating`]: the bound's list and a second list ordered by the
//!   separate floor areas plus the boxes off their target squares, then the
//!   bound, taken in turn; a node taken from one list is skipped when the
//!   other brings it again (a bit per node). Each list keeps its own
//!   incremental matching, since consecutive nodes of one list are alike
//!   and of the two lists are not.

use super::bound::Bound;
use super::distance::Distances;
use super::open::{Open, Tiered};
use super::problem::Problem;
use super::store::Store;

/// What a frontier gives back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Popped {
    /// Expand this node.
    Expand(u32),
    /// This node is a solution (frontiers that test on expansion).
    Solved(u32),
}

/// A new node and its keys.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Keyed<'b> {
    /// The node.
    pub(crate) node: u32,
    /// Its cost so far.
    pub(crate) g: u32,
    /// Its bound.
    pub(crate) h: u16,
    /// Its boxes.
    pub(crate) boxes: &'b [u16],
    /// Its separate floor areas (0 when not counted).
    pub(crate) regions: u32,
    /// The squares the box moved into it left and reached ([`NONE`](super::compact::NONE)
    /// twice for a root).
    pub(crate) moved: (u16, u16),
    /// Its worker's square.
    pub(crate) worker: u16,
}

/// The open nodes of one search, in the order it expands them.
pub(crate) trait Frontier {
    /// Whether a generated node with bound 0 is a solution at once (greedy
    /// orders), rather than when it is expanded (optimal ones).
    const GOAL_ON_GENERATION: bool;

    /// An empty frontier for `problem`, the boxes' targets being its goals.
    fn new(problem: &Problem) -> Self;

    /// Makes `squares` the boxes' target squares, for orders that count
    /// boxes off them (the start squares, for a backward search).
    fn set_targets(&mut self, _squares: &[u16]) {}

    /// Steers by `packing` instead of the problem's plan, for orders that
    /// steer by one.
    fn replan(&mut self, _packing: &super::packing::Packing) {}

    /// The bound of a root with `boxes` and the worker on `worker`; `None`
    /// for a deadlock.
    fn root_bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16>;

    /// Adds a root with its keys.
    fn push_root(&mut self, node: Keyed<'_>);

    /// The next node, `None` when there is none; `store` holds the nodes'
    /// costs and bounds.
    fn pop(&mut self, store: &Store) -> Option<Popped>;

    /// Prepares for the children of `node`, about to be expanded (its
    /// `boxes`, worker on `worker`).
    fn prepare(&mut self, node: u32, dist: &Distances, boxes: &[u16], worker: u16);

    /// The bound of a child of the prepared node (`boxes` in its order,
    /// one replaced); `None` for a deadlock. Always 0 for a solved child
    /// and more for any other; a frontier that does not order by the bound
    /// may give 1 for every unsolved child (FESS).
    fn bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16>;

    /// Adds a new node with its keys.
    fn push(&mut self, node: Keyed<'_>);

    /// Node `node`, already stored, was reached again at the lower cost
    /// `g` (its bound is `h`).
    fn improved(&mut self, node: u32, g: u32, h: u16);

    /// All the children of the last node expanded have been pushed (not
    /// called when one of them ended the search); `dist` are the search's
    /// distances, `dead(node)` whether a stored node is a dead end by the
    /// tests its expansion would make first.
    fn expanded(&mut self, _dist: &Distances, _dead: &mut dyn FnMut(u32) -> bool) {}

    /// Has the moves this frontier favours tested with `dead` first, for
    /// orders that favour some moves.
    fn check_advice(&mut self) {}

    /// Bytes held.
    fn bytes(&self) -> usize;
}

/// Greedy best-first on the bound.
#[derive(Clone, Debug, Default)]
pub(crate) struct BestFirst {
    open: Open,
    bound: Bound,
}

impl Frontier for BestFirst {
    const GOAL_ON_GENERATION: bool = true;

    fn new(_problem: &Problem) -> BestFirst {
        BestFirst::default()
    }

    fn root_bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.value(dist, boxes, worker)
    }

    fn push_root(&mut self, node: Keyed<'_>) {
        self.open.push(u32::from(node.h), node.node);
    }

    fn pop(&mut self, _store: &Store) -> Option<Popped> {
        self.open.pop().map(|(_, i)| Popped::Expand(i))
    }

    fn prepare(&mut self, _node: u32, dist: &Distances, boxes: &[u16], worker: u16) {
        self.bound.prepare(dist, boxes, worker);
    }

    fn bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.child(dist, boxes, worker)
    }

    fn push(&mut self, node: Keyed<'_>) {
        self.open.push(u32::from(node.h), node.node);
    }

    fn improved(&mut self, _node: u32, _g: u32, _h: u16) {}

    fn bytes(&self) -> usize {
        self.open.bytes()
    }
}

/// A* on cost plus bound, with reopening.
#[derive(Clone, Debug, Default)]
pub(crate) struct AStar {
    open: Open,
    bound: Bound,
}

impl Frontier for AStar {
    const GOAL_ON_GENERATION: bool = false;

    fn new(_problem: &Problem) -> AStar {
        AStar::default()
    }

    fn root_bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.value(dist, boxes, worker)
    }

    fn push_root(&mut self, node: Keyed<'_>) {
        self.open.push(u32::from(node.h), node.node);
    }

    fn pop(&mut self, store: &Store) -> Option<Popped> {
        loop {
            let (key, i) = self.open.pop()?;
            let h = store.h(i);
            if store.g(i) + u32::from(h) != key {
                continue; // reopened with a lower cost since
            }
            return Some(if h == 0 {
                Popped::Solved(i)
            } else {
                Popped::Expand(i)
            });
        }
    }

    fn prepare(&mut self, _node: u32, dist: &Distances, boxes: &[u16], worker: u16) {
        self.bound.prepare(dist, boxes, worker);
    }

    fn bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.child(dist, boxes, worker)
    }

    fn push(&mut self, node: Keyed<'_>) {
        self.open.push(node.g + u32::from(node.h), node.node);
    }

    fn improved(&mut self, node: u32, g: u32, h: u16) {
        self.open.push(g + u32::from(h), node);
    }

    fn bytes(&self) -> usize {
        self.open.bytes()
    }
}

/// The bound's list and the areas' list, taken in turn.
#[derive(Clone, Debug)]
pub(crate) struct Alternating {
    open: Open,
    by_areas: Tiered,
    /// The squares boxes end on: the goals, or for a backward search the
    /// start squares.
    targets: Vec<bool>,
    /// Whether the next node comes from `by_areas`.
    turn: bool,
    /// A bit per node expanded.
    closed: Vec<u64>,
    bound: Bound,
    /// The bound of the other list's last node.
    other_bound: Bound,
    /// Whether `bound` belongs to the areas' list.
    bound_is_areas: bool,
}

impl Alternating {
    /// The first key of a node in the areas' list: the separate areas of
    /// floor its boxes leave (FESS's "connectivity"; 0 when not counted)
    /// plus its boxes off their targets (a crude "packing").
    fn tier(&self, boxes: &[u16], regions: u32) -> u32 {
        let off = boxes
            .iter()
            .filter(|&&b| !self.targets.get(usize::from(b)).copied().unwrap_or(false))
            .count();
        regions + u32::try_from(off).unwrap_or(u32::MAX)
    }
}

impl Frontier for Alternating {
    const GOAL_ON_GENERATION: bool = true;

    fn new(problem: &Problem) -> Alternating {
        let board = &problem.board;
        Alternating {
            open: Open::default(),
            by_areas: Tiered::default(),
            targets: (0..board.len())
                .map(|s| u16::try_from(s).is_ok_and(|s| board.is_goal(s)))
                .collect(),
            turn: false,
            closed: Vec::new(),
            bound: Bound::default(),
            other_bound: Bound::default(),
            bound_is_areas: false,
        }
    }

    fn set_targets(&mut self, squares: &[u16]) {
        self.targets.iter_mut().for_each(|t| *t = false);
        for &s in squares {
            if let Some(t) = self.targets.get_mut(usize::from(s)) {
                *t = true;
            }
        }
    }

    fn root_bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.value(dist, boxes, worker)
    }

    fn push_root(&mut self, node: Keyed<'_>) {
        self.open.push(u32::from(node.h), node.node);
    }

    fn pop(&mut self, _store: &Store) -> Option<Popped> {
        loop {
            self.turn = !self.turn;
            let from_areas = if self.turn { self.by_areas.pop() } else { None };
            let areas = from_areas.is_some();
            let i = match from_areas {
                Some(i) => i,
                None => match self.open.pop() {
                    Some((_, i)) => i,
                    None => self.by_areas.pop()?,
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
                return Some(Popped::Expand(i));
            }
        }
    }

    fn prepare(&mut self, _node: u32, dist: &Distances, boxes: &[u16], worker: u16) {
        self.bound.prepare(dist, boxes, worker);
    }

    fn bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.child(dist, boxes, worker)
    }

    fn push(&mut self, node: Keyed<'_>) {
        self.open.push(u32::from(node.h), node.node);
        let tier = self.tier(node.boxes, node.regions);
        self.by_areas.push(tier, u32::from(node.h), node.node);
    }

    fn improved(&mut self, _node: u32, _g: u32, _h: u16) {}

    fn bytes(&self) -> usize {
        self.open.bytes() + self.by_areas.bytes() + self.closed.capacity() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::compact::NONE;
    use crate::solver::store::Node;

    fn problem() -> Problem {
        let level = crate::xsb::parse_level("#######\n#@ $ .#\n#######\n").unwrap();
        let limits = crate::solver::search::Limits {
            clock: crate::solver::limit::Clock::default(),
            nodes: None,
            memory: 1 << 30,
        };
        Problem::new(&level, &limits, crate::solver::problem::Plan::NONE).unwrap()
    }

    fn keyed(node: u32, g: u32, h: u16) -> Keyed<'static> {
        Keyed {
            node,
            g,
            h,
            boxes: &[],
            regions: 0,
            moved: (NONE, NONE),
            worker: 0,
        }
    }

    #[test]
    fn a_star_skips_stale_entries_and_stops_on_a_solved_node() {
        let problem = problem();
        let board = &problem.board;
        let mut store = Store::new(board.words(), 1 << 20);
        let bits = vec![0u64; board.words()];
        let mut ids = Vec::new();
        for (w, (g, h)) in [(0u16, (0u32, 2u16)), (1, (3, 1)), (2, (4, 0))] {
            let node = Node {
                hash: u64::from(w),
                worker: w,
                parent: 0,
                g,
                h,
            };
            ids.push(store.insert(node, &bits, 0).unwrap());
        }
        let mut f = AStar::new(&problem);
        for (&i, (g, h)) in ids.iter().zip([(0, 2), (3, 1), (4, 0)]) {
            f.push(keyed(i, g, h));
        }
        // Node 1 is reached again at cost 1: its old entry (key 4) is
        // stale, its new one (key 2) ties with node 0 and, added last,
        // comes first.
        store.improve(ids[1], ids[0], 1);
        f.improved(ids[1], 1, 1);
        assert_eq!(f.pop(&store), Some(Popped::Expand(ids[1])));
        assert_eq!(f.pop(&store), Some(Popped::Expand(ids[0])));
        assert_eq!(f.pop(&store), Some(Popped::Solved(ids[2])));
        assert_eq!(f.pop(&store), None);
    }

    #[test]
    fn alternating_takes_turns_and_skips_nodes_taken_already() {
        let problem = problem();
        let store = Store::new(problem.board.words(), 1 << 20);
        let mut f = Alternating::new(&problem);
        // Bound order: 1, 2, 3; areas order (tier from regions): 3, 2, 1.
        for (i, h, regions) in [(1, 1, 9), (2, 2, 5), (3, 3, 1)] {
            f.push(Keyed {
                node: i,
                g: 0,
                h,
                boxes: &[],
                regions,
                moved: (NONE, NONE),
                worker: 0,
            });
        }
        let order: Vec<_> = std::iter::from_fn(|| f.pop(&store)).collect();
        let expand = |i| Popped::Expand(i);
        assert_eq!(order, vec![expand(3), expand(1), expand(2)]);
        assert!(f.bytes() > 0);
    }
}
