//! Parking plans: packing plans found by a search backwards from the
//! solved position, in which boxes may stop on the way.
//!
//! The search starts with a box on every goal and pulls boxes. A box pulled
//! onto a square where a box starts (a *base*; with [`Bases::Once`] each is
//! used once) leaves the board there; the search ends when every box has left. Reversed, its
//! moves are the plan: each step brings a box from its base, or from where
//! an earlier step parked it, to a square, and a step that parks a box is
//! undone by the later step that moves it on (its *until*).
//!
//! A position's value is the number of steps in the longest prefix of the
//! plan that holds, where step `i` holds in the prefix of `k` steps when its
//! square has a box or its box has moved on within the prefix (its until
//! is below `k`). It is the plan's length in the solved position and grows
//! by at least one with each step played. The square the plan fills next
//! ([`Parking::next`]) is that of the first step that does not hold.
//!
//! Unlike the room orders of [`super::packing`], which take boxes out of
//! each goal room one at a time to the floor areas boxes start in, these
//! plans let boxes park, and with [`Bases::Once`] tie goals to start
//! squares. With [`Bases::Shared`] any start square takes any number of
//! boxes: an easier search, whose plan says in which order goals fill and
//! where boxes park but not from where. The room orders and the two plans
//! steer FESS to different levels (XSokoban 35, 44 and 74 with the first
//! plan, 18 with the second), so the portfolio runs a FESS search with
//! each plan that differs ([`super::driver`]).
//!
//! The search is greedy: fewest boxes left, then fewest on goals (or, with
//! [`Steer::Distance`], the least sum of the boxes' pulls to the nearest
//! free base on the empty board), then fewest pulls. Steered by distance it
//! finds plans for levels the other order does not (XSokoban 39, and with
//! shared bases 50, 69 and 72), and different plans elsewhere. A box's moves are every square it can be pulled to with
//! the others fixed, each square and worker side once. A position whose
//! boxes cannot each be pulled to a free base of their own on the empty
//! board (a bipartite matching) is dropped. Boards larger than
//! [`MAX_SQUARES`] get no plan.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use rustc_hash::FxHashSet;

use super::compact::{bits, Board, NONE};
use super::distance::{Distances, INF};
use super::limit::{Clock, Limit};
use super::macros::MAX_SQUARES;

/// How the backward search's boxes leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bases {
    /// Each start square takes one box.
    Once,
    /// Any start square takes any number of boxes.
    Shared,
}

/// What the backward search's greedy order takes second, after the boxes
/// left on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Steer {
    /// Fewest boxes on goals.
    Goals,
    /// The least sum over the boxes of the pulls (on the empty board) to
    /// the nearest free base.
    Distance,
}

/// A plan step's source when its box comes from its base.
const BASE: u16 = NONE;

/// A step whose box no later step moves on.
const NEVER: usize = usize::MAX;

/// One step of a plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Step {
    /// Where the box comes from: where an earlier step parked it, or
    /// [`BASE`].
    from: u16,
    /// Where the box goes.
    to: u16,
    /// The later step that moves the box on from `to`, or [`NEVER`].
    until: usize,
}

/// A parking plan: steps in the order they are played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parking {
    steps: Vec<Step>,
}

impl Parking {
    /// The plan the backward search finds for `board` within `expansions`
    /// expanded positions and `memory` bytes, `start` marking the squares
    /// boxes start on (their pull distances in `back`, from
    /// [`Distances::from_sources_until`]), `(bases, steer)` saying how many
    /// boxes each takes and what the greedy order takes second; `None`
    /// when it finds none (or the board is too large). The limit `clock`
    /// reports when it passes its deadline or interrupt first.
    pub(crate) fn find(
        board: &Board,
        start: &[bool],
        back: &Distances,
        (bases, steer): (Bases, Steer),
        expansions: usize,
        memory: usize,
        clock: &Clock,
    ) -> Result<Option<Parking>, Limit> {
        let n = board.len();
        if n > MAX_SQUARES || n.saturating_mul(n).saturating_mul(4) > memory / 2 {
            return Ok(None);
        }
        let mut search = Search::new(board, start, back, bases, steer);
        let moves = search.run(expansions, memory / 2, clock)?;
        Ok(moves.map(|m| Parking::from_moves(&m)))
    }

    /// The plan of the backward moves `moves` (box from, box to, whether it
    /// left the board there), first move first.
    fn from_moves(moves: &[Move]) -> Parking {
        let mut steps: Vec<Step> = moves
            .iter()
            .rev()
            .map(|&(a, b, gone)| Step {
                from: if gone { BASE } else { b },
                to: a,
                until: NEVER,
            })
            .collect();
        // A box moved twice in a row is one step; a box moved back to where
        // it was, none.
        let mut i = 0;
        while i < steps.len() {
            if steps[i].from == steps[i].to {
                steps.remove(i);
                i = i.saturating_sub(1);
            } else if i + 1 < steps.len() && steps[i].to == steps[i + 1].from {
                steps[i].to = steps[i + 1].to;
                steps.remove(i + 1);
            } else {
                i += 1;
            }
        }
        for i in 0..steps.len() {
            let to = steps[i].to;
            steps[i].until = (i + 1..steps.len())
                .find(|&j| steps[j].from == to)
                .unwrap_or(NEVER);
        }
        Parking { steps }
    }

    /// The number of steps.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
    }

    /// The length of the longest prefix that holds where `has` says boxes
    /// are. Scanning down from the end, each step that fails the prefix
    /// found so far shortens it to the step; a step inside the final prefix
    /// was tested against that prefix, as the prefix only shortened at
    /// steps above it.
    fn held(&self, has: impl Fn(u16) -> bool) -> usize {
        let mut packed = self.steps.len();
        for (i, s) in self.steps.iter().enumerate().rev() {
            if !has(s.to) && (s.until == NEVER || s.until >= packed) {
                packed = i;
            }
        }
        packed
    }

    /// The value of the position whose boxes are where `occupied` says.
    pub(crate) fn value(&self, occupied: &[bool]) -> u16 {
        let has = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(false);
        u16::try_from(self.held(has)).unwrap_or(u16::MAX)
    }

    /// The square the plan fills next in the position whose boxes are where
    /// `occupied` says, when it is not complete.
    pub(crate) fn next(&self, occupied: &[bool]) -> Option<u16> {
        let has = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(false);
        self.steps.get(self.held(has)).map(|s| s.to)
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.steps.capacity() * std::mem::size_of::<Step>()
    }
}

/// A stored position of the backward search.
struct Node {
    /// Its parent's index, `u32::MAX` for a root.
    parent: u32,
    /// The move from the parent.
    mv: Move,
    /// Boxes, free bases, and the smallest square of the worker's region.
    key: Box<[u64]>,
}

/// A move of the backward search: box from, box to, whether it left there.
type Move = (u16, u16, bool);

/// The backward search's tables and work arrays.
struct Search<'a> {
    board: &'a Board,
    words: usize,
    /// Per base: its square and the squares from which a box can be pulled
    /// to it on the empty board.
    bases: Vec<(u16, Vec<u64>)>,
    /// Whether a base takes any number of boxes.
    shared: bool,
    /// Whether the order's second key is the distance to the bases.
    distance: bool,
    /// The pulls from each square to each base on the empty board (one
    /// column per base, in the order of `bases`).
    back: &'a Distances,
    nodes: Vec<Node>,
    seen: FxHashSet<Box<[u64]>>,
    /// Open nodes: boxes left, the second key ([`Steer`]), pulls, index.
    open: BinaryHeap<Reverse<(u16, u16, u32, u32)>>,
    /// Stamped marks over (box, worker) pairs, and over squares.
    mark: Vec<u32>,
    stamp: u32,
    queue: VecDeque<(u16, u16, u32)>,
    fill: Vec<u16>,
    pulls: Vec<(u16, u16, u32)>,
}

impl<'a> Search<'a> {
    /// The search's tables for `board`, the bases being the squares
    /// `start` marks, whose pull distances `back` holds (one column per
    /// base, in the order of their squares).
    fn new(
        board: &'a Board,
        start: &[bool],
        back: &'a Distances,
        bases: Bases,
        steer: Steer,
    ) -> Search<'a> {
        let n = board.len();
        let mut search = Search {
            board,
            words: board.words(),
            bases: Vec::new(),
            shared: bases == Bases::Shared,
            distance: steer == Steer::Distance,
            back,
            nodes: Vec::new(),
            seen: FxHashSet::default(),
            open: BinaryHeap::new(),
            mark: vec![0; n * n],
            stamp: 0,
            queue: VecDeque::new(),
            fill: Vec::new(),
            pulls: Vec::new(),
        };
        let squares = || (0..n).filter_map(|s| u16::try_from(s).ok());
        let starts = squares().filter(|&s| start.get(usize::from(s)).copied().unwrap_or(false));
        for (i, s) in starts.enumerate() {
            let mut from = vec![0u64; search.words];
            for b in squares().filter(|&b| search.pulls_to(b, i) != INF) {
                bits::set(&mut from, b);
            }
            search.bases.push((s, from));
        }
        search
    }

    /// The pulls from square `b` to base `i` on the empty board ([`INF`]
    /// when none).
    fn pulls_to(&self, b: u16, i: usize) -> u16 {
        self.back.row(b, 4).get(i).copied().unwrap_or(INF)
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// The smallest square of the region the worker on `w` walks past
    /// `boxes`.
    fn region(&mut self, boxes: &[u64], w: u16) -> u16 {
        let board = self.board;
        let stamp = self.next_stamp();
        self.fill.clear();
        self.fill.push(w);
        self.mark[usize::from(w)] = stamp;
        let mut least = w;
        let mut k = 0;
        while let Some(&s) = self.fill.get(k) {
            k += 1;
            least = least.min(s);
            for t in board.nbrs(s) {
                if t != NONE && !bits::get(boxes, t) && self.mark[usize::from(t)] != stamp {
                    self.mark[usize::from(t)] = stamp;
                    self.fill.push(t);
                }
            }
        }
        least
    }

    /// True when each of `boxes` can be pulled to a base of its own among
    /// `free` on the empty board (to any base, when bases are shared).
    fn matched(&self, boxes: &[u64], free: &[u64]) -> bool {
        let list: Vec<u16> = bits::iter(boxes).collect();
        let open: Vec<&Vec<u64>> = self
            .bases
            .iter()
            .filter(|(s, _)| bits::get(free, *s))
            .map(|(_, from)| from)
            .collect();
        if self.shared {
            return list
                .iter()
                .all(|&b| open.iter().any(|from| bits::get(from, b)));
        }
        let mut owner = vec![usize::MAX; open.len()];
        for b in 0..list.len() {
            let mut seen = vec![false; open.len()];
            if !augment(b, &list, &open, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }

    /// Stores the position of `boxes` and `free` bases with the worker on
    /// `w`, reached from `parent` by `mv` after `pulls` pulls in all, unless
    /// it was seen or its boxes cannot be matched to bases.
    fn add(&mut self, mut key: Vec<u64>, w: u16, parent: u32, mv: Move, pulls: u32) {
        let words = self.words;
        let worker = self.region(&key[..words], w);
        key.push(u64::from(worker));
        let key = key.into_boxed_slice();
        if self.seen.contains(&key) {
            return;
        }
        let matched = self.matched(&key[..words], &key[words..2 * words]);
        self.seen.insert(key.clone());
        if !matched {
            return;
        }
        let left = bits::iter(&key[..words]).count();
        let second = if self.distance {
            let free = &key[words..2 * words];
            bits::iter(&key[..words])
                .map(|b| {
                    self.bases
                        .iter()
                        .enumerate()
                        .filter(|(_, (s, _))| bits::get(free, *s))
                        .map(|(i, _)| u32::from(self.pulls_to(b, i)))
                        .min()
                        .unwrap_or(0)
                })
                .sum::<u32>()
        } else {
            let on_goals = bits::iter(&key[..words]).filter(|&b| self.board.is_goal(b));
            u32::try_from(on_goals.count()).unwrap_or(u32::MAX)
        };
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            return;
        };
        self.nodes.push(Node { parent, mv, key });
        self.open.push(Reverse((
            u16::try_from(left).unwrap_or(u16::MAX),
            u16::try_from(second).unwrap_or(u16::MAX),
            pulls,
            id,
        )));
    }

    /// Bytes held by the stored and the seen positions and the open list
    /// (the keys' allocations, and a word of overhead per set entry).
    fn bytes(&self) -> usize {
        let key = (2 * self.words + 1) * 8;
        self.nodes.len() * (std::mem::size_of::<Node>() + key)
            + self.seen.len() * (key + 16)
            + self.open.len() * 16
    }

    /// The backward moves to an empty board, first move first, found
    /// within `expansions` expanded positions and `memory` bytes.
    fn run(
        &mut self,
        expansions: usize,
        memory: usize,
        clock: &Clock,
    ) -> Result<Option<Vec<Move>>, Limit> {
        let board = self.board;
        let words = self.words;
        let mut root = vec![0u64; 2 * words];
        for &g in board.goals() {
            bits::set(&mut root[..words], g);
        }
        for (s, _) in &self.bases {
            bits::set(&mut root[words..], *s);
        }
        // A root for each region of the floor off the goals.
        for s in (0..board.len()).filter_map(|s| u16::try_from(s).ok()) {
            if !board.is_goal(s) {
                self.add(root.clone(), s, u32::MAX, (NONE, NONE, false), 0);
            }
        }
        let mut expanded = 0;
        while let Some(Reverse((left, _, pulls, id))) = self.open.pop() {
            if left == 0 {
                return Ok(Some(self.path(id)));
            }
            if expanded >= expansions || self.bytes() > memory {
                return Ok(None);
            }
            expanded += 1;
            let Some(node) = self.nodes.get(id as usize) else {
                break;
            };
            let key = node.key.clone();
            let (boxes, free) = (&key[..words], &key[words..2 * words]);
            let worker = u16::try_from(key[2 * words]).unwrap_or(NONE);
            for b in bits::iter(boxes) {
                // One box's pulls take up to a pass over every (box,
                // worker) pair: the clock is read before each.
                if let Some(limit) = clock.passed() {
                    return Err(limit);
                }
                // A box on a free base leaves where it stands.
                if bits::get(free, b) {
                    let mut child = key[..2 * words].to_vec();
                    bits::clear(&mut child[..words], b);
                    if !self.shared {
                        bits::clear(&mut child[words..], b);
                    }
                    self.add(child, worker, id, (b, b, true), pulls);
                }
                self.pulls_of(boxes, worker, b);
                for k in 0..self.pulls.len() {
                    let (x, w, p) = self.pulls[k];
                    let mut child = key[..2 * words].to_vec();
                    bits::clear(&mut child[..words], b);
                    let gone = bits::get(free, x);
                    if gone && !self.shared {
                        bits::clear(&mut child[words..], x);
                    } else if !gone {
                        bits::set(&mut child[..words], x);
                    }
                    self.add(child, w, id, (b, x, gone), pulls + p);
                }
            }
        }
        Ok(None)
    }

    /// Fills `pulls` with every (square, worker square, pulls) the box on
    /// `b` reaches by pulls, the others fixed and the worker starting on
    /// `worker`: each square and worker square once, right after the pull.
    fn pulls_of(&mut self, boxes: &[u64], worker: u16, b: u16) {
        let board = self.board;
        let n = board.len();
        let stamp = self.next_stamp();
        let id = |x: u16, w: u16| usize::from(x) * n + usize::from(w);
        let free = |s: u16, x: u16| s != NONE && s != x && (s == b || !bits::get(boxes, s));
        self.pulls.clear();
        self.queue.clear();
        self.mark[id(b, worker)] = stamp;
        self.queue.push_back((b, worker, 0));
        while let Some((x, w, p)) = self.queue.pop_front() {
            for d in 0..4 {
                let w2 = board.nbr(w, d);
                if !free(w2, x) {
                    continue;
                }
                if self.mark[id(x, w2)] != stamp {
                    self.mark[id(x, w2)] = stamp;
                    self.queue.push_front((x, w2, p));
                }
                // A pull: the box is behind the worker.
                if board.nbr(w, d ^ 1) == x && self.mark[id(w, w2)] != stamp {
                    self.mark[id(w, w2)] = stamp;
                    self.pulls.push((w, w2, p + 1));
                    self.queue.push_back((w, w2, p + 1));
                }
            }
        }
    }

    /// The moves from a root to node `id`, first move first.
    fn path(&self, mut id: u32) -> Vec<Move> {
        let mut moves = Vec::new();
        while let Some(node) = self.nodes.get(id as usize) {
            if node.parent == u32::MAX {
                break;
            }
            moves.push(node.mv);
            id = node.parent;
        }
        moves.reverse();
        moves
    }
}

/// Kuhn's augmenting path from box `b` of `list` over the bases `open`
/// (each the squares that reach it), `owner` holding each base's box.
fn augment(
    b: usize,
    list: &[u16],
    open: &[&Vec<u64>],
    owner: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for j in 0..open.len() {
        if seen[j] || !bits::get(open[j], list[b]) {
            continue;
        }
        seen[j] = true;
        if owner[j] == usize::MAX || augment(owner[j], list, open, owner, seen) {
            owner[j] = b;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The squares of `board` where `level`'s boxes start.
    fn start_squares(level: &crate::level::Level, board: &Board) -> Vec<bool> {
        let mut start = vec![false; board.len()];
        for b in level.start().boxes() {
            start[usize::from(board.square(b))] = true;
        }
        start
    }

    /// The pull distances to the start squares `start` marks.
    fn back(board: &Board, start: &[bool]) -> Distances {
        let sources: Vec<u16> = (0..board.len())
            .filter(|&s| start[s])
            .map(|s| u16::try_from(s).unwrap())
            .collect();
        Distances::from_sources(board, &sources)
    }

    /// The plan with one box per start square, steered by boxes on goals.
    fn once(board: &Board, start: &[bool], clock: &Clock) -> Result<Option<Parking>, Limit> {
        Parking::find(
            board,
            start,
            &back(board, start),
            (Bases::Once, Steer::Goals),
            3_000,
            1 << 28,
            clock,
        )
    }

    /// The plan of `text` and its board and start squares.
    fn plan(text: &str) -> (Board, Vec<bool>, Option<Parking>) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let start = start_squares(&level, &board);
        let parking = once(&board, &start, &Clock::default()).unwrap();
        (board, start, parking)
    }

    /// The value by its definition: the largest `k` such that each of the
    /// first `k` steps has a box on its square or is moved on by a step
    /// before `k`.
    fn reference(parking: &Parking, occupied: &[bool]) -> usize {
        let steps = &parking.steps;
        (0..=steps.len())
            .rev()
            .find(|&k| {
                steps[..k]
                    .iter()
                    .all(|s| occupied[usize::from(s.to)] || (s.until != NEVER && s.until < k))
            })
            .unwrap_or(0)
    }

    #[test]
    fn a_box_moved_on_at_once_is_one_step_and_a_parked_box_waits_for_its_until() {
        // Backward: the box on goal 1 is pulled to 5 and then to base 9;
        // one step, from the base to goal 1.
        let p = Parking::from_moves(&[(1, 5, false), (5, 9, true)]);
        assert_eq!(
            p.steps,
            [Step {
                from: BASE,
                to: 1,
                until: NEVER
            }]
        );
        // Backward: the box on goal 1 parks on 5, the box on goal 2 leaves
        // by base 8, the parked box leaves by base 9. Forward: a box to 5,
        // a box to goal 2, the box on 5 on to goal 1.
        let p = Parking::from_moves(&[(1, 5, false), (2, 8, true), (5, 9, true)]);
        let to: Vec<u16> = p.steps.iter().map(|s| s.to).collect();
        assert_eq!(to, [5, 2, 1]);
        assert_eq!(p.steps[0].until, 2);
        let mut occ = vec![false; 10];
        assert_eq!(p.value(&occ), 0);
        assert_eq!(p.next(&occ), Some(5));
        // The goal filled out of turn counts for nothing.
        occ[2] = true;
        assert_eq!(p.value(&occ), 0);
        occ[5] = true;
        assert_eq!(p.value(&occ), 2);
        assert_eq!(p.next(&occ), Some(1));
        // The parked box moves on: every step holds.
        occ[5] = false;
        occ[1] = true;
        assert_eq!(p.value(&occ), 3);
        assert_eq!(p.next(&occ), None);
    }

    #[test]
    fn the_value_is_the_longest_prefix_that_holds_on_random_plans() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        for _ in 0..2_000 {
            let n = rng.gen_range(1..12u16);
            let moves: Vec<Move> = (0..rng.gen_range(0..10))
                .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n), rng.gen_bool(0.5)))
                .collect();
            let p = Parking::from_moves(&moves);
            for s in &p.steps {
                assert!(s.from != s.to);
            }
            for _ in 0..10 {
                let occ: Vec<bool> = (0..n).map(|_| rng.gen_bool(0.5)).collect();
                assert_eq!(
                    usize::from(p.value(&occ)),
                    reference(&p, &occ),
                    "{moves:?} {occ:?}"
                );
            }
        }
    }

    #[test]
    fn each_step_played_raises_the_value_to_at_least_its_number() {
        let kinds = [Bases::Once, Bases::Shared]
            .into_iter()
            .flat_map(|b| [(b, Steer::Goals), (b, Steer::Distance)]);
        for (level, (bases, steer)) in crate::builtin::levels()
            .into_iter()
            .flat_map(|l| kinds.clone().map(move |k| (l.clone(), k)))
        {
            let board = Board::new(&level).unwrap();
            let start = start_squares(&level, &board);
            let plan = Parking::find(
                &board,
                &start,
                &back(&board, &start),
                (bases, steer),
                3_000,
                1 << 28,
                &Clock::default(),
            )
            .unwrap()
            .unwrap();
            let mut occ = vec![false; board.len()];
            for (i, s) in plan.steps.iter().enumerate() {
                if s.from != BASE {
                    occ[usize::from(s.from)] = false;
                }
                occ[usize::from(s.to)] = true;
                assert!(usize::from(plan.value(&occ)) > i);
            }
            // Played out, the plan fills every goal and nothing else.
            let goals: Vec<bool> = (0..board.len())
                .map(|s| board.is_goal(u16::try_from(s).unwrap()))
                .collect();
            assert_eq!(occ, goals);
            assert_eq!(usize::from(plan.value(&goals)), plan.len());
        }
    }

    #[test]
    fn a_dead_end_corridor_is_filled_from_the_back() {
        // Two goals at the end of a corridor, the boxes coming from the
        // right: backwards, the near goal's box is pulled out first, so the
        // plan fills the far goal (column 1) first. (The plan relaxes the
        // rules: a box gone by its base blocks nothing, so it orders these
        // goals although no box here can pass the other.)
        let (board, _, parking) = plan("#######\n#..$$@#\n#######\n");
        let p = parking.unwrap();
        let to: Vec<u16> = p.steps.iter().map(|s| s.to).collect();
        assert_eq!(to, [board.goals()[0], board.goals()[1]]);
        assert!(p.steps.iter().all(|s| s.from == BASE));
    }

    #[test]
    fn a_triggered_interrupt_stops_the_plan_search_at_its_first_look() {
        let level = crate::builtin::levels().remove(11);
        let board = Board::new(&level).unwrap();
        let start = start_squares(&level, &board);
        let interrupt = boardkit_grid::Interrupt::new();
        let clock = Clock {
            deadline: None,
            interrupt: Some(interrupt.clone()),
        };
        assert!(once(&board, &start, &clock).unwrap().is_some());
        interrupt.trigger();
        for bases in [Bases::Once, Bases::Shared] {
            assert_eq!(
                Parking::find(
                    &board,
                    &start,
                    &back(&board, &start),
                    (bases, Steer::Distance),
                    3_000,
                    1 << 28,
                    &clock
                ),
                Err(Limit::Interrupted)
            );
        }
    }

    #[test]
    fn a_board_without_a_way_for_a_box_to_its_goal_has_no_plan() {
        // The box cannot leave its corner, so no box reaches the goal.
        let (_, _, parking) = plan("######\n#$ @.#\n######\n");
        assert_eq!(parking, None);
    }
}
