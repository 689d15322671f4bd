//! Box-path macro moves, as FESS makes them: every square one box can be
//! pushed to with the other boxes where they stand, each with the fewest
//! pushes and the worker's region at the end.
//!
//! A breadth-first search over (box square, worker side) pairs: from the
//! box on `x` with the worker on side `d`, the worker pushes it one square
//! the other way; on the new square a flood fill (with the box there) finds
//! every side the worker can now reach, each a new pair one push further.
//! Each fill is one destination: the box on its square with the worker in
//! the region the fill found. A destination reached again with the worker
//! in a region already found adds nothing. Pushes onto dead squares (for
//! the side the worker pushes from) are not made.
//!
//! The fills are not made square by square: one numbering of the floor's
//! areas per position ([`super::blocks`]), with the box lifted, tells for
//! every square which of its sides a worker beside a box there reaches,
//! what the box there splits the floor into, and the smallest square of
//! the worker's piece.

use std::collections::VecDeque;

use super::blocks::Blocks;
use super::compact::{opposite, Board, NONE};
use super::distance::Distances;

/// One destination of a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Destination {
    /// The box's square.
    pub(crate) to: u16,
    /// A square of the worker's region (where it stands after the last
    /// push).
    pub(crate) worker: u16,
    /// Pushes on the way, fewest first.
    pub(crate) pushes: u32,
    /// The smallest square of the worker's region (its normalised square),
    /// or [`NONE`] when a fill must find it.
    pub(crate) smallest: u16,
    /// The pieces the box's area of free floor (the box lifted) falls into
    /// with the box here.
    pub(crate) pieces: u32,
}

/// The work arrays of the box-path search.
#[derive(Clone, Debug)]
pub(crate) struct BoxPaths {
    /// Per square, the sides seen (4 bits) in generation `stamp`.
    sides: Vec<(u32, u8)>,
    stamp: u32,
    queue: VecDeque<(u16, usize, u32)>,
    blocks: Blocks,
    /// The destinations of the last search.
    pub(crate) found: Vec<Destination>,
}

impl BoxPaths {
    /// Work arrays for a board of `n` squares.
    pub(crate) fn new(n: usize) -> BoxPaths {
        BoxPaths {
            sides: vec![(0, 0); n],
            stamp: 0,
            queue: VecDeque::new(),
            blocks: Blocks::new(n),
            found: Vec::new(),
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.sides.capacity() * 8
            + self.queue.capacity() * 8
            + self.found.capacity() * std::mem::size_of::<Destination>()
            + self.blocks.bytes()
    }

    fn seen(&self, x: u16, d: usize) -> bool {
        self.sides
            .get(usize::from(x))
            .is_some_and(|&(s, bits)| s == self.stamp && bits & (1 << d) != 0)
    }

    fn mark(&mut self, x: u16, d: usize) {
        if let Some(slot) = self.sides.get_mut(usize::from(x)) {
            if slot.0 != self.stamp {
                *slot = (self.stamp, 0);
            }
            slot.1 |= 1 << d;
        }
    }

    /// Starts on a new position, whose boxes stand where `occupied` says:
    /// the searches until the next call lift its boxes.
    pub(crate) fn begin(&mut self, board: &Board, occupied: &[bool]) {
        self.blocks.begin(board, occupied);
    }

    /// The areas of free floor of the position with the box on `b`
    /// lifted.
    pub(crate) fn areas_lifted(&self, board: &Board, b: u16) -> u32 {
        self.blocks.count_lifted(board, b)
    }

    /// Finds the destinations of the box on `b` ([`BoxPaths::found`],
    /// not including `b` itself), the boxes standing where `occupied`
    /// says (`b` marked; it is marked again on return) and `reached`
    /// telling which squares the worker reaches now, in the position of
    /// the last [`BoxPaths::begin`].
    pub(crate) fn search(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &mut [bool],
        b: u16,
        reached: impl Fn(u16) -> bool,
    ) {
        self.found.clear();
        self.queue.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.sides.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
        for d in 0..4 {
            let p = board.nbr(b, d);
            if p != NONE && reached(p) {
                self.mark(b, d);
                self.queue.push_back((b, d, 0));
            }
        }
        set(occupied, b, false);
        // Lifted at the first push made: many boxes have none.
        let mut lifted = false;
        while let Some((x, d, pushes)) = self.queue.pop_front() {
            let t = board.nbr(x, opposite(d));
            if t == NONE || occupied.get(usize::from(t)).copied().unwrap_or(true) {
                continue;
            }
            if !dist.live(t, x) {
                continue;
            }
            // After the push the worker stands on `x`, on side `d` of `t`.
            if self.seen(t, d) {
                continue;
            }
            if !lifted {
                self.blocks.lift(board, b);
                lifted = true;
            }
            // The worker's piece of the floor around the box on `t`.
            let split = self.blocks.split(board, t);
            let piece = self.blocks.piece(&split, x);
            for side in 0..4 {
                let p = board.nbr(t, side);
                let free = p != NONE && !occupied.get(usize::from(p)).copied().unwrap_or(true);
                if free && !self.seen(t, side) && self.blocks.piece(&split, p) == piece {
                    self.mark(t, side);
                    self.queue.push_back((t, side, pushes + 1));
                }
            }
            if t != b {
                self.found.push(Destination {
                    to: t,
                    worker: x,
                    pushes: pushes + 1,
                    smallest: self.blocks.smallest(&split, piece),
                    pieces: self.blocks.pieces(&split),
                });
            }
        }
        set(occupied, b, true);
    }
}

#[inline]
fn set(occ: &mut [bool], s: u16, v: bool) {
    if let Some(o) = occ.get_mut(usize::from(s)) {
        *o = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::reach::Reach;
    use std::collections::{BTreeMap, BTreeSet};

    /// Every (box square, worker region) one box reaches by single pushes,
    /// with the fewest pushes: a plain breadth-first search over (box
    /// square, worker square) pairs, the reference for [`BoxPaths`].
    fn reference(
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        b: u16,
        worker: u16,
    ) -> BTreeMap<(u16, u16), u32> {
        let n = board.len();
        let mut occ = occupied.to_vec();
        occ[usize::from(b)] = false;
        let mut best = vec![u32::MAX; n * n];
        let mut queue = VecDeque::from([(b, worker, 0u32)]);
        best[usize::from(b) * n + usize::from(worker)] = 0;
        let mut out = BTreeMap::new();
        let mut fill = Reach::new(n);
        while let Some((x, w, pushes)) = queue.pop_front() {
            if best[usize::from(x) * n + usize::from(w)] != pushes {
                continue;
            }
            if x != b {
                occ[usize::from(x)] = true;
                let region = fill.fill(board, &occ, w);
                occ[usize::from(x)] = false;
                let e = out.entry((x, region)).or_insert(pushes);
                *e = (*e).min(pushes);
            }
            for d in 0..4 {
                let w2 = board.nbr(w, d);
                if w2 == NONE || occ[usize::from(w2)] {
                    continue;
                }
                let (x2, cost) = if w2 == x {
                    let x2 = board.nbr(x, d);
                    if x2 == NONE || occ[usize::from(x2)] || !dist.live(x2, x) {
                        continue;
                    }
                    (x2, pushes + 1)
                } else {
                    (x, pushes)
                };
                let id = usize::from(x2) * n + usize::from(w2);
                if cost < best[id] {
                    best[id] = cost;
                    if cost == pushes {
                        queue.push_front((x2, w2, cost));
                    } else {
                        queue.push_back((x2, w2, cost));
                    }
                }
            }
        }
        out
    }

    #[test]
    fn destinations_match_a_plain_search_on_random_positions() {
        use rand::{Rng, SeedableRng};
        let text = "##########\n#   #    #\n# $   $  #\n#  ##  # #\n#.   $   #\n#. #   ###\n#.   @ #\n#########\n";
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::to_goals(&board, &crate::solver::limit::Clock::default()).unwrap();
        let n = board.len();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut paths = BoxPaths::new(n);
        let mut fill = Reach::new(n);
        let mut checked = 0;
        for _ in 0..300 {
            let mut occ = vec![false; n];
            let boxes: BTreeSet<u16> = (0..3).map(|_| rng.gen_range(0..n as u16)).collect();
            for &x in &boxes {
                occ[usize::from(x)] = true;
            }
            let worker = rng.gen_range(0..n as u16);
            if occ[usize::from(worker)] {
                continue;
            }
            fill.fill(&board, &occ, worker);
            paths.begin(&board, &occ);
            for &b in &boxes {
                let want = reference(&board, &dist, &occ, b, worker);
                paths.search(&board, &dist, &mut occ, b, |s| fill.reached(s));
                assert!(occ[usize::from(b)]);
                let mut got = BTreeMap::new();
                occ[usize::from(b)] = false;
                let lifted = Reach::new(n).regions(&board, &occ);
                for d in &paths.found {
                    occ[usize::from(d.to)] = true;
                    let mut child = Reach::new(n);
                    let region = child.fill(&board, &occ, d.worker);
                    assert_eq!(lifted - 1 + d.pieces, child.regions(&board, &occ));
                    assert!(d.smallest == region || d.smallest == NONE);
                    occ[usize::from(d.to)] = false;
                    assert!(got.insert((d.to, region), d.pushes).is_none());
                }
                occ[usize::from(b)] = true;
                assert_eq!(got, want);
                checked += got.len();
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
