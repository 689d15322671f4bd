//! The FESS frontier (Shoham and Schaeffer, "The FESS Algorithm: A Feature
//! Based Approach to Single-Agent Search", 2020): positions projected onto
//! a small feature space, the search cycling over its cells.
//!
//! Each stored position has a feature vector ([`Features`]): its packing
//! ([`super::packing`], boxes placed in plan) and its connectivity (the
//! separate areas of floor its boxes leave, [`super::areas`]). Positions
//! with the same vector share a *cell*. The frontier takes the cells in
//! turn, round robin over every cell that has open positions, and from each
//! takes the open position of least accumulated *weight*, of those the one
//! filed last (depth first among equals). A move an advisor proposes (one
//! that packs a box in plan, or joins areas of floor) weighs 0 and any
//! other move 1, so the positions a chain of progress leads to stay light
//! however deep they are, while every cell, however unpromising its
//! features, keeps getting its turn: the search steers by progress without
//! following one feature to a dead end.
//!
//! Which moves are free is the advisors' choice ([`super::advisors`]): they
//! see each position's features and its hotspot count
//! ([`super::hotspots`], kept beside the features and not a cell key), and
//! need all of a position's children, so the children wait in the frontier
//! until all have been pushed ([`Frontier::expanded`]), and are filed then. For the opener it
//! also keeps the goals the plan fills next in the position being expanded
//! and how far each child's moved box stands from them ([`super::walks`]).
//! Each child is tested for a perfect matching of its boxes to the goals
//! ([`Feasible`]): none is a deadlock. The matching bound itself only
//! breaks the advisors' last ties, so it is computed only for the children
//! that tie on every feature, from the parent's matching prepared once for
//! them.
//! Within a weight the last filed goes first rather than the least bound:
//! with FESS alone on XSokoban (20,000 nodes per level) that solved 45
//! levels against 40.
//!
//! With [`Frontier::check_advice`], each child an advisor chooses is first
//! tested as its expansion would test it (corral deadlocks, a box frozen
//! off a goal, the walled matching), and a dead end is passed over for the
//! advisor's next choice, so that free moves do not lead the search into
//! cells of dead positions. The tests cost about a quarter more time per
//! node (BENCHMARKS.md, session 22), and the portfolio runs this search as
//! a side search beside the plain one ([`super::driver`]): with it,
//! XSokoban 13 took 84,173 nodes in all instead of 253,555, 41 143,024
//! instead of 227,986 and 85 84,394 instead of 129,016.
//!
//! The cells are kept in two *views* ([`View`]) that order their positions
//! by two weight rules, and every third position expanded comes from the
//! second view (a position popped by one view is skipped by the other).
//! The first view weighs moves as above. In it, the moves the hotspots
//! advisor and the opener propose, which seldom change the features, keep
//! a cell's supply of positions of weight 0 going, and a move no advisor
//! proposes may never get its turn in its cell: on XSokoban 70 the first
//! push of a solution, filed as the root's first child, was still open
//! after 3,000 expansions, while FESS alone solves the level from the
//! position after it in 10,440 nodes. The second view weighs a move no
//! advisor proposes 2, an advised move that leaves the position in its
//! cell 1, and an advised move that changes the features 0. Each view
//! alone solves levels the other does not (FESS alone, 60,000 nodes per
//! level: the second view alone gains 19, 24, 31, 62 and 70 and loses 21,
//! 23, 27, 30, 38, 47, 52 and 85); together, at one turn in three for the
//! second, XSokoban 55 → 57 solved at 20,000 nodes per level and 59 → 64
//! at 60,000.

use rustc_hash::FxHashMap;

use super::advisors::{advise, Candidate};
use super::bound::{Bound, Feasible};
use super::compact::{bits, NONE};
use super::distance::Distances;
use super::features::Features;
use super::frontier::{Frontier, Keyed, Popped};
use super::hotspots::Hotspots;
use super::open::Open;
use super::packing::Packing;
use super::problem::Problem;
use super::store::Store;
use super::walks::Walks;

/// What the frontier keeps per stored position.
#[derive(Clone, Copy, Debug, Default)]
struct Info {
    /// The accumulated weight by each view's rule ([`View`]).
    weights: [u32; 2],
    features: Features,
    hotspots: u16,
    /// Expanded already (popped by either view).
    expanded: bool,
}

/// One view of the cells: each cell's open positions by one of the two
/// weight rules ([`weights`]), the last filed first among equals, and the
/// cell its last position came from.
#[derive(Clone, Debug, Default)]
struct View {
    cells: Vec<Open>,
    cursor: usize,
}

impl View {
    /// Files `node` with `weight` in cell `c`; the bytes this added.
    fn file(&mut self, c: usize, weight: u32, node: u32) -> usize {
        if self.cells.len() <= c {
            self.cells.resize_with(c + 1, Open::default);
        }
        self.cells.get_mut(c).map_or(0, |cell| {
            let before = cell.bytes();
            cell.push(weight, node);
            cell.bytes() - before
        })
    }

    /// The next position to expand, round robin over the cells, skipping
    /// those `info` marks expanded.
    fn pop(&mut self, info: &[Info]) -> Option<u32> {
        let n = self.cells.len();
        for step in 1..=n {
            let c = (self.cursor + step) % n;
            let Some(cell) = self.cells.get_mut(c) else {
                continue;
            };
            while let Some((_, i)) = cell.pop() {
                let expanded = usize::try_from(i)
                    .ok()
                    .and_then(|i| info.get(i))
                    .is_some_and(|x| x.expanded);
                if !expanded {
                    self.cursor = c;
                    return Some(i);
                }
            }
        }
        None
    }
}

/// The second view ([`View`]) takes every this-many-th expansion.
const SECOND_VIEW_EVERY: u64 = 3;

/// A child's weights in the two views ([`View`]), from its parent's: the
/// move an advisor proposes (`free`) or not, and whether it leaves the
/// position in its parent's cell (`same_cell`).
fn weights(parent: [u32; 2], free: bool, same_cell: bool) -> [u32; 2] {
    let [first, second] = parent;
    let add = match (free, same_cell) {
        (false, _) => 2,
        (true, true) => 1,
        (true, false) => 0,
    };
    [first + u32::from(!free), second + add]
}

/// The feature-space frontier.
#[derive(Clone, Debug)]
pub(crate) struct Fess {
    bound: Bound,
    feasible: Feasible,
    /// Whether `bound` holds the matching of the position being expanded.
    bound_ready: bool,
    packing: Packing,
    hotspots: Hotspots,
    /// The goal squares.
    goal: Vec<bool>,
    /// Scratch: the squares of the boxes of the position being keyed, and
    /// those of its boxes off goals as a bitset.
    occupied: Vec<bool>,
    loose: Vec<u64>,
    /// The same two for the position being expanded, its boxes, and its
    /// hotspot count, not capped.
    parent_occupied: Vec<bool>,
    parent_loose: Vec<u64>,
    parent_boxes: Vec<u16>,
    parent_total: u32,
    parent_worker: u16,
    /// Bytes of the cells' open lists.
    cells_bytes: usize,
    /// Weight and features of each stored position, by node number.
    info: Vec<Info>,
    /// The cell of each feature vector seen.
    cell_of: FxHashMap<Features, usize>,
    /// The two views of the cells ([`View`]).
    views: [View; 2],
    /// Pops so far, for the views' turns.
    pops: u64,
    /// The position being expanded.
    parent: Info,
    /// Its children so far, waiting for the advisors: node numbers, what
    /// the advisors see of each, and each one's move and worker square.
    children: Vec<u32>,
    candidates: Vec<Candidate>,
    moves: Vec<((u16, u16), u16)>,
    /// Scratch: a child's boxes, in the parent's order.
    child_boxes: Vec<u16>,
    /// Scratch: which children an advisor proposes.
    free: Vec<bool>,
    /// Whether a proposed child is tested for a dead end first, and
    /// passed over for the advisor's next choice when it is one.
    checked: bool,
    /// Scratch: each child's verdict of that test, once made.
    verdicts: Vec<Option<bool>>,
    /// Walking distances from the goals, for the opener (empty when it is
    /// off).
    walks: Walks,
    /// The goals the plan fills next in the position being expanded.
    next: Vec<u16>,
}

impl Fess {
    /// The features and hotspot count of a position with `boxes` and
    /// `areas` separate areas.
    fn features(&mut self, boxes: &[u16], areas: u32) -> (Features, u16) {
        self.loose.fill(0);
        mark(&mut self.occupied, boxes, true);
        for &b in boxes {
            if !self.goal.get(usize::from(b)).copied().unwrap_or(true) {
                bits::set(&mut self.loose, b);
            }
        }
        let packing = self.packing.value(&self.occupied);
        mark(&mut self.occupied, boxes, false);
        let features = Features {
            packing,
            areas: u16::try_from(areas).unwrap_or(u16::MAX),
        };
        (features, self.hotspots.count(&self.loose))
    }

    /// The features and hotspot count of the child of the position being
    /// expanded whose box on `from` moved to `to`, with `areas` separate
    /// areas.
    fn child_features(&mut self, (from, to): (u16, u16), areas: u32) -> (Features, u16) {
        set(&mut self.parent_occupied, from, false);
        set(&mut self.parent_occupied, to, true);
        let packing = self.packing.value(&self.parent_occupied);
        set(&mut self.parent_occupied, to, false);
        set(&mut self.parent_occupied, from, true);
        let to_loose = !self.goal.get(usize::from(to)).copied().unwrap_or(true);
        let total = self.hotspots.moved(
            self.parent_total,
            &mut self.parent_loose,
            from,
            to,
            to_loose,
        );
        let features = Features {
            packing,
            areas: u16::try_from(areas).unwrap_or(u16::MAX),
        };
        (features, u16::try_from(total).unwrap_or(u16::MAX))
    }

    /// The opener's view of a move from `from` to `to` ([`Candidate::away`]).
    fn away(&self, (from, to): (u16, u16)) -> Option<(u16, u16)> {
        let g = self
            .next
            .iter()
            .copied()
            .min_by_key(|&g| self.walks.get(g, from))?;
        let (before, after) = (self.walks.get(g, from), self.walks.get(g, to));
        (after >= before && before != u16::MAX).then_some((before, after))
    }

    /// Files the waiting children of the last position expanded, each
    /// with its parent's weights plus what [`weights`] adds for its move
    /// (whether an advisor proposes it, and whether it changes the
    /// features).
    fn flush(&mut self, dist: &Distances, dead: &mut dyn FnMut(u32) -> bool) {
        self.free.clear();
        self.free.resize(self.children.len(), false);
        self.verdicts.clear();
        self.verdicts.resize(self.children.len(), None);
        let (bound, ready) = (&mut self.bound, &mut self.bound_ready);
        let (parent, worker) = (&self.parent_boxes, self.parent_worker);
        let (moves, boxes) = (&self.moves, &mut self.child_boxes);
        let (checked, children) = (self.checked, &self.children);
        advise(
            self.parent.features,
            self.parent.hotspots,
            &self.candidates,
            &mut self.free,
            &mut self.verdicts,
            |i| checked && children.get(i).is_some_and(|&node| dead(node)),
            |i| {
                let Some(&((from, to), w)) = moves.get(i) else {
                    return u16::MAX;
                };
                if !parent.contains(&from) {
                    return u16::MAX;
                }
                if !*ready {
                    bound.prepare(dist, parent, worker);
                    *ready = true;
                }
                boxes.clear();
                boxes.extend(parent.iter().map(|&b| if b == from { to } else { b }));
                bound.child(dist, boxes, w).unwrap_or(u16::MAX)
            },
        );
        for k in 0..self.children.len() {
            let (Some(&node), Some(&c), Some(&free)) = (
                self.children.get(k),
                self.candidates.get(k),
                self.free.get(k),
            ) else {
                break;
            };
            let info = Info {
                weights: weights(
                    self.parent.weights,
                    free,
                    c.features == self.parent.features,
                ),
                features: c.features,
                hotspots: c.hotspots,
                expanded: false,
            };
            self.file(node, info);
        }
        self.children.clear();
        self.candidates.clear();
        self.moves.clear();
    }

    /// Files `node` with `info` in its cell.
    fn file(&mut self, node: u32, info: Info) {
        let Ok(i) = usize::try_from(node) else {
            return;
        };
        if self.info.len() <= i {
            self.info.resize(i + 1, Info::default());
        }
        if let Some(slot) = self.info.get_mut(i) {
            *slot = info;
        }
        let next = self.cell_of.len();
        let c = *self.cell_of.entry(info.features).or_insert(next);
        for (view, &weight) in self.views.iter_mut().zip(&info.weights) {
            self.cells_bytes += view.file(c, weight, node);
        }
    }
}

/// Sets the squares of `boxes` in `occupied` to `on`.
fn mark(occupied: &mut [bool], boxes: &[u16], on: bool) {
    for &b in boxes {
        set(occupied, b, on);
    }
}

/// Sets square `s` of `occupied` to `on`.
fn set(occupied: &mut [bool], s: u16, on: bool) {
    if let Some(o) = occupied.get_mut(usize::from(s)) {
        *o = on;
    }
}

impl Frontier for Fess {
    const GOAL_ON_GENERATION: bool = true;

    fn replan(&mut self, packing: &Packing) {
        self.packing = packing.clone();
    }

    fn new(problem: &Problem) -> Fess {
        Fess {
            bound: Bound::default(),
            feasible: Feasible::default(),
            bound_ready: false,
            packing: problem.packing.clone().unwrap_or_default(),
            hotspots: problem.hotspots.clone().unwrap_or_default(),
            goal: (0..problem.board.len())
                .map(|s| u16::try_from(s).is_ok_and(|s| problem.board.is_goal(s)))
                .collect(),
            occupied: vec![false; problem.board.len()],
            loose: vec![0; problem.board.words()],
            parent_occupied: vec![false; problem.board.len()],
            parent_loose: vec![0; problem.board.words()],
            parent_boxes: Vec::new(),
            parent_total: 0,
            parent_worker: 0,
            cells_bytes: 0,
            info: Vec::new(),
            cell_of: FxHashMap::default(),
            views: [View::default(), View::default()],
            pops: 0,
            parent: Info::default(),
            children: Vec::new(),
            candidates: Vec::new(),
            moves: Vec::new(),
            child_boxes: Vec::new(),
            free: Vec::new(),
            checked: false,
            verdicts: Vec::new(),
            walks: if problem.opener {
                Walks::new(&problem.board)
            } else {
                Walks::default()
            },
            next: Vec::new(),
        }
    }

    fn root_bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        self.bound.value(dist, boxes, worker)
    }

    fn push_root(&mut self, node: Keyed<'_>) {
        let (features, hotspots) = self.features(node.boxes, node.regions);
        self.file(
            node.node,
            Info {
                weights: [0, 0],
                features,
                hotspots,
                expanded: false,
            },
        );
    }

    fn pop(&mut self, _store: &Store) -> Option<Popped> {
        self.pops += 1;
        let first = usize::from(self.pops.is_multiple_of(SECOND_VIEW_EVERY));
        for v in [first, 1 - first] {
            let Some(view) = self.views.get_mut(v) else {
                continue;
            };
            if let Some(i) = view.pop(&self.info) {
                if let Some(x) = usize::try_from(i).ok().and_then(|i| self.info.get_mut(i)) {
                    x.expanded = true;
                }
                return Some(Popped::Expand(i));
            }
        }
        None
    }

    fn prepare(&mut self, node: u32, dist: &Distances, boxes: &[u16], worker: u16) {
        self.feasible.prepare(dist, boxes, worker);
        self.bound_ready = false;
        self.parent_worker = worker;
        mark(&mut self.parent_occupied, &self.parent_boxes, false);
        self.parent_boxes.clear();
        self.parent_boxes.extend_from_slice(boxes);
        mark(&mut self.parent_occupied, boxes, true);
        self.parent_loose.fill(0);
        for &b in boxes {
            if !self.goal.get(usize::from(b)).copied().unwrap_or(true) {
                bits::set(&mut self.parent_loose, b);
            }
        }
        self.parent_total = self.hotspots.total(&self.parent_loose);
        self.next.clear();
        if !self.walks.is_empty() {
            self.packing
                .next_goals(&self.parent_occupied, &mut self.next);
        }
        self.parent = usize::try_from(node)
            .ok()
            .and_then(|i| self.info.get(i).copied())
            .unwrap_or_default();
    }

    /// 0 for a solved child, 1 for any other with a perfect matching (the
    /// bound is computed later, for the children the advisors need it of),
    /// `None` for one without.
    fn bound(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        if !self.feasible.child(dist, boxes, worker) {
            return None;
        }
        let loose = boxes
            .iter()
            .any(|&b| !self.goal.get(usize::from(b)).copied().unwrap_or(true));
        Some(u16::from(loose))
    }

    fn push(&mut self, node: Keyed<'_>) {
        let (features, hotspots) = if node.moved.0 == NONE {
            self.features(node.boxes, node.regions)
        } else {
            self.child_features(node.moved, node.regions)
        };
        self.children.push(node.node);
        self.moves.push((node.moved, node.worker));
        let away = self.away(node.moved);
        self.candidates.push(Candidate {
            features,
            hotspots,
            away,
        });
    }

    fn improved(&mut self, _node: u32, _g: u32, _h: u16) {}

    fn expanded(&mut self, dist: &Distances, dead: &mut dyn FnMut(u32) -> bool) {
        self.flush(dist, dead);
    }

    fn check_advice(&mut self) {
        self.checked = true;
    }

    fn bytes(&self) -> usize {
        self.cells_bytes
            + self.info.capacity() * std::mem::size_of::<Info>()
            + self.cell_of.capacity() * (std::mem::size_of::<(Features, usize)>() + 8)
            + self.occupied.capacity()
            + self.parent_occupied.capacity()
            + self.parent_loose.capacity() * 8
            + self.parent_boxes.capacity() * 2
            + self.children.capacity() * 4
            + self.candidates.capacity() * std::mem::size_of::<Candidate>()
            + self.moves.capacity() * 6
            + self.child_boxes.capacity() * 2
            + self.feasible.bytes()
            + self.free.capacity()
            + self.packing.bytes()
            + self.hotspots.bytes()
            + self.goal.capacity()
            + self.loose.capacity() * 8
            + self.walks.bytes()
            + self.next.capacity() * 2
            + self.verdicts.capacity() * std::mem::size_of::<Option<bool>>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::problem::Plan;
    use crate::solver::search::Limits;

    fn limits() -> Limits {
        Limits {
            clock: crate::solver::limit::Clock::default(),
            nodes: None,
            memory: 1 << 30,
        }
    }

    fn problem() -> (crate::level::Level, Problem) {
        problem_with(Plan::ALL)
    }

    /// A corridor room of two goals and a lone goal, with FESS's tables
    /// `plan`.
    fn problem_with(plan: Plan) -> (crate::level::Level, Problem) {
        let level =
            crate::xsb::parse_level("##########\n#@ $ $ ..#\n#.$  #####\n##########\n").unwrap();
        let problem = Problem::new(&level, &limits(), plan).unwrap();
        (level, problem)
    }

    fn keyed(node: u32, h: u16, boxes: &[u16], regions: u32) -> Keyed<'_> {
        Keyed {
            node,
            g: 0,
            h,
            boxes,
            regions,
            moved: (NONE, NONE),
            worker: 0,
        }
    }

    #[test]
    fn progress_is_free_and_the_cells_take_turns() {
        let (level, problem) = problem();
        let board = &problem.board;
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let store = Store::new(board.words(), 1 << 20);
        let dist = &problem.dist;
        let mut f = Fess::new(&problem);
        let start = [sq(1, 3), sq(1, 5), sq(2, 2)];
        f.push_root(keyed(0, 3, &start, 1));
        assert_eq!(f.pop(&store), Some(Popped::Expand(0)));
        f.prepare(0, dist, &start, sq(1, 1));
        // Node 1 packs the lone goal (weight 0); nodes 2 and 3 do not
        // (weight 1), and share a cell with the root.
        f.push(keyed(1, 2, &[sq(1, 3), sq(1, 5), sq(2, 1)], 1));
        f.push(keyed(2, 3, &[sq(1, 3), sq(1, 6), sq(2, 2)], 1));
        f.push(keyed(3, 2, &[sq(1, 4), sq(1, 5), sq(2, 2)], 1));
        // The children are filed once all are in. The root's cell holds 2
        // and 3 (3 first: filed last); the other cell holds 1. The cursor
        // moves on from the root's cell.
        f.expanded(dist, &mut |_| false);
        let order: Vec<_> = std::iter::from_fn(|| f.pop(&store)).collect();
        assert_eq!(
            order,
            vec![Popped::Expand(1), Popped::Expand(3), Popped::Expand(2)]
        );
        assert_eq!(f.info[1].weights, [0, 0]);
        assert_eq!(f.info[2].weights, [1, 2]);
        assert_eq!(f.info[1].features.packing, 1);
        assert_eq!(f.views[0].cells.len(), 2);
        assert_eq!(f.views[1].cells.len(), 2);
        assert!(f.bytes() > 0);
    }

    #[test]
    fn the_opener_sees_how_far_a_move_takes_its_box_from_the_next_goals() {
        let (level, problem) = problem();
        let sq = |r, c| problem.board.square(level.cell(r, c).unwrap());
        let mut f = Fess::new(&problem);
        let start = [sq(1, 3), sq(1, 5), sq(2, 2)];
        f.prepare(0, &problem.dist, &start, sq(1, 1));
        // The next goals: the far end of the corridor room, and the lone
        // goal at (2, 1).
        let mut next = f.next.clone();
        next.sort_unstable();
        assert_eq!(next, [sq(1, 8), sq(2, 1)]);
        // Towards the corridor: nearer, so nothing for the opener.
        assert_eq!(f.away((sq(1, 5), sq(1, 6))), None);
        // The box beside the lone goal, one step further from it.
        assert_eq!(f.away((sq(2, 2), sq(2, 3))), Some((1, 2)));
        // The box at (1, 3): three steps from the lone goal, then four.
        assert_eq!(f.away((sq(1, 3), sq(1, 4))), Some((3, 4)));
        // Without the opener there is no table and no next goal.
        let (_, problem) = problem_with(Plan {
            opener: false,
            ..Plan::ALL
        });
        let mut off = Fess::new(&problem);
        off.prepare(0, &problem.dist, &start, sq(1, 1));
        assert!(off.walks.is_empty() && off.next.is_empty());
        assert_eq!(off.away((sq(2, 2), sq(2, 3))), None);
    }

    #[test]
    fn a_child_has_the_features_of_its_position() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        let limits = limits();
        let (mut children, mut packed, mut hot) = (0, 0, 0);
        for _ in 0..200 {
            let Some((text, _)) =
                crate::solver::random_position(&mut rng, 0.15, |rng, n| rng.gen_range(0..n))
            else {
                continue;
            };
            let level = crate::xsb::parse_level(&text).unwrap();
            let problem = Problem::new(&level, &limits, Plan::ALL).unwrap();
            let boxes: Vec<u16> = bits::iter(&problem.start_bits).collect();
            let mut f = Fess::new(&problem);
            f.prepare(0, &problem.dist, &boxes, problem.start_worker);
            for k in 0..boxes.len() {
                for to in 0..u16::try_from(problem.board.len()).unwrap() {
                    if boxes.contains(&to) {
                        continue;
                    }
                    let mut child = boxes.clone();
                    child[k] = to;
                    f.push(Keyed {
                        moved: (boxes[k], to),
                        ..keyed(1, 0, &child, 2)
                    });
                    let got = *f.candidates.last().unwrap();
                    let want = f.features(&child, 2);
                    assert_eq!((got.features, got.hotspots), want, "{text}{child:?}");
                    children += 1;
                    packed += usize::from(want.0.packing > 0);
                    hot += usize::from(want.1 > 0);
                }
            }
            f.children.clear();
            f.candidates.clear();
        }
        assert!(
            children > 5000 && packed > 1000 && hot > 1000,
            "{children} {packed} {hot}"
        );
    }

    #[test]
    fn one_joining_move_is_free_and_ties_go_to_the_lower_bound() {
        // Without the opener, which would propose the move away from the
        // goals.
        let (level, problem) = problem_with(Plan {
            opener: false,
            ..Plan::ALL
        });
        let board = &problem.board;
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let store = Store::new(board.words(), 1 << 20);
        let dist = &problem.dist;
        let mut f = Fess::new(&problem);
        let start = [sq(1, 3), sq(1, 5), sq(2, 2)];
        f.push_root(keyed(0, 9, &start, 3));
        assert_eq!(f.pop(&store), Some(Popped::Expand(0)));
        f.prepare(0, dist, &start, sq(1, 1));
        // No child packs a box; the first two join areas and tie on every
        // feature. The box at (1, 5) pushed left, away from the goals, or
        // right, nearer: the second has the lower bound (7 against 11), and
        // only it is proposed. The third adds an area.
        let children = [
            [sq(1, 3), sq(1, 4), sq(2, 2)],
            [sq(1, 3), sq(1, 6), sq(2, 2)],
            [sq(1, 3), sq(1, 5), sq(2, 3)],
        ];
        let moves = [
            (sq(1, 5), sq(1, 4)),
            (sq(1, 5), sq(1, 6)),
            (sq(2, 2), sq(2, 3)),
        ];
        for (i, (boxes, moved)) in children.iter().zip(moves).enumerate() {
            let regions = if i < 2 { 2 } else { 4 };
            f.push(Keyed {
                moved,
                worker: moved.0,
                ..keyed(u32::try_from(i).unwrap() + 1, 1, boxes, regions)
            });
        }
        let bounds: Vec<_> = children
            .iter()
            .zip(moves)
            .map(|(b, m)| Bound::default().value(dist, b, m.0))
            .collect();
        assert_eq!(bounds, [Some(11), Some(7), Some(9)]);
        f.expanded(dist, &mut |_| false);
        assert_eq!(f.pop(&store), Some(Popped::Expand(2)));
        let weights: Vec<[u32; 2]> = (1..4).map(|i| f.info[i].weights).collect();
        // The joining move changes the features: free in both views.
        assert_eq!(weights, [[1, 2], [0, 0], [1, 2]]);
    }

    #[test]
    fn the_second_view_weighs_a_free_move_within_a_cell_and_takes_every_third_turn() {
        assert_eq!(weights([3, 5], false, true), [4, 7]);
        assert_eq!(weights([3, 5], false, false), [4, 7]);
        assert_eq!(weights([3, 5], true, true), [3, 6]);
        assert_eq!(weights([3, 5], true, false), [3, 5]);
        let (_, problem) = problem();
        let store = Store::new(problem.board.words(), 1 << 20);
        let mut f = Fess::new(&problem);
        let info = |weights| Info {
            weights,
            ..Info::default()
        };
        // One cell. The first view's order: 2 and 0 (weight 0, the last
        // filed first), 3, 1; the second's: 1 and 0, 3, 2.
        f.file(0, info([0, 0]));
        f.file(1, info([5, 0]));
        f.file(2, info([0, 5]));
        f.file(3, info([1, 1]));
        let order: Vec<_> = std::iter::from_fn(|| f.pop(&store)).collect();
        // Turns 1 and 2 are the first view's, 3 the second's, 4 the
        // first's; then each view has only positions the other expanded.
        let expand = |v: [u32; 4]| v.map(Popped::Expand).to_vec();
        assert_eq!(order, expand([2, 0, 1, 3]));
    }
}
