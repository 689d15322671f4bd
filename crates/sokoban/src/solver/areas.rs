//! The separate areas of free floor, labelled once per expanded node and
//! updated for each child without a fill when the push cannot split one.
//!
//! A child differs from its parent by one box: its square `from` becomes
//! free and its square `to` becomes occupied. Only the parent's area that
//! held `to` and the areas touching `from` can change; what is left of them
//! in the child is one area for each group of *seeds* (`from` and the free
//! neighbours of `to`) that are connected, because every piece touches a
//! seed. Seeds are grouped by local facts (a neighbour of `from` is joined
//! to it; two neighbours of `to` are joined through the free corner square
//! between them). When that leaves one group nothing split: the child's
//! count and the worker's normalised square (the smallest square of its
//! area) follow from the parent's per-area minima. Otherwise fills in the
//! child, bounded by the changed areas, decide. Tests compare both answers
//! with whole-floor fills on many random boards and pushes.

use super::compact::{Board, NONE};

/// At most this many seeds: `from` and the four neighbours of `to`.
const SEEDS: usize = 5;

/// The areas of one parent and the work space to derive a child's.
#[derive(Clone, Debug)]
pub(crate) struct Areas {
    /// Generation stamp per square: its label is valid when equal to
    /// `current`.
    stamp: Vec<u32>,
    current: u32,
    /// The area of each free square of the parent.
    label: Vec<u16>,
    /// The smallest and second smallest square of each area ([`NONE`] when
    /// there is none).
    min: Vec<(u16, u16)>,
    /// Marks of the fills in a child, by generation.
    seen: Vec<u32>,
    seen_gen: u32,
    stack: Vec<u16>,
}

/// A child's areas: how many, and the worker's normalised square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChildAreas {
    /// Separate areas of free floor.
    pub(crate) count: u32,
    /// The smallest square of the worker's area.
    pub(crate) worker: u16,
}

impl Areas {
    /// Work space for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Areas {
        Areas {
            stamp: vec![0; len],
            current: 0,
            label: vec![0; len],
            min: Vec::new(),
            seen: vec![0; len],
            seen_gen: 0,
            stack: Vec::with_capacity(len),
        }
    }

    /// Labels the areas of the floor where `occupied` is false (the
    /// parent), replacing the last labelling.
    pub(crate) fn label(&mut self, board: &Board, occupied: &[bool]) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
        self.min.clear();
        for s in 0..board.len() {
            let Ok(s) = u16::try_from(s) else { break };
            if occupied.get(usize::from(s)).copied().unwrap_or(true) || self.labelled(s) {
                continue;
            }
            let area = u16::try_from(self.min.len()).unwrap_or(NONE);
            // Squares are visited in increasing order, so `s` is the
            // area's smallest square.
            let (first, mut second) = (s, NONE);
            self.set_label(s, area);
            self.stack.push(s);
            while let Some(x) = self.stack.pop() {
                if x < second && x != first {
                    second = x;
                }
                for n in board.nbrs(x) {
                    if n != NONE
                        && !occupied.get(usize::from(n)).copied().unwrap_or(true)
                        && !self.labelled(n)
                    {
                        self.set_label(n, area);
                        self.stack.push(n);
                    }
                }
            }
            self.min.push((first, second));
        }
    }

    /// Areas of the last labelling.
    pub(crate) fn count(&self) -> u32 {
        u32::try_from(self.min.len()).unwrap_or(u32::MAX)
    }

    /// The child of the labelled parent in which a box moved from `from`
    /// to `to`, with the worker on `worker`; `occupied` is the child's.
    /// `count` asks for the number of areas ([`ChildAreas::count`] is 0
    /// when not asked and it would take a fill).
    pub(crate) fn child(
        &mut self,
        board: &Board,
        occupied: &[bool],
        from: u16,
        to: u16,
        worker: u16,
        count: bool,
    ) -> ChildAreas {
        let free = |s: u16| s != NONE && !occupied.get(usize::from(s)).copied().unwrap_or(true);
        // The parent's areas that change.
        let mut changed = [NONE; SEEDS];
        let mut n_changed = 0;
        let mut add = |a: u16| {
            if !changed.contains(&a) {
                if let Some(c) = changed.get_mut(n_changed) {
                    *c = a;
                    n_changed += 1;
                }
            }
        };
        let to_area = self.area(to);
        add(to_area);
        let from_nbrs = board.nbrs(from);
        for n in from_nbrs {
            if free(n) {
                add(self.area(n));
            }
        }
        // Seeds and their groups.
        let mut seed = [NONE; SEEDS];
        let mut group = [0u8; SEEDS];
        seed[0] = from;
        let to_nbrs = board.nbrs(to);
        for (d, &n) in to_nbrs.iter().enumerate() {
            if free(n) && n != from {
                seed[d + 1] = n;
            }
        }
        for (i, g) in group.iter_mut().enumerate() {
            *g = u8::try_from(i).unwrap_or(0);
        }
        for (i, &x) in seed.iter().enumerate().skip(1) {
            if x != NONE && from_nbrs.contains(&x) {
                join(&mut group, 0, i);
            }
        }
        let index = |d: usize| if to_nbrs[d] == from { 0 } else { d + 1 };
        for v in 0..2 {
            for h in 2..4 {
                let (x, y) = (to_nbrs[v], to_nbrs[h]);
                if free(x) && free(y) && free(board.nbr(x, h)) {
                    join(&mut group, index(v), index(h));
                }
            }
        }
        let mut groups = 0;
        for i in 0..SEEDS {
            if seed[i] != NONE && usize::from(group[i]) == i {
                groups += 1;
            }
        }
        let parent = self.count();
        let n_changed = u32::try_from(n_changed).unwrap_or(0);
        let worker_area = if worker == from {
            NONE
        } else {
            self.area(worker)
        };
        let worker_changed = worker == from || changed.contains(&worker_area);
        if groups == 1 {
            let worker = if worker_changed {
                let mut m = from;
                for &a in changed.iter().filter(|&&a| a != NONE) {
                    let (first, second) = self
                        .min
                        .get(usize::from(a))
                        .copied()
                        .unwrap_or((NONE, NONE));
                    m = m.min(if a == to_area && first == to {
                        second
                    } else {
                        first
                    });
                }
                m
            } else {
                self.first(worker_area)
            };
            return ChildAreas {
                count: parent + 1 - n_changed,
                worker,
            };
        }
        // Some seeds may be apart: fill in the child.
        self.next_seen();
        let mut worker_min = NONE;
        let mut pieces = 0;
        if worker_changed {
            worker_min = self.fill(board, occupied, worker, &seed, &group, false);
            pieces = 1;
        }
        let mut normalised = if worker_changed {
            worker_min
        } else {
            self.first(worker_area)
        };
        if count {
            loop {
                let mut first_left = None;
                let mut distinct = 0;
                for j in 0..SEEDS {
                    if seed[j] != NONE && !self.was_seen(seed[j]) {
                        first_left = first_left.or(Some(j));
                        if usize::from(group[j]) == j {
                            distinct += 1;
                        }
                    }
                }
                let Some(i) = first_left else { break };
                pieces += 1;
                if distinct <= 1 {
                    break;
                }
                self.fill(board, occupied, seed[i], &seed, &group, true);
            }
        }
        if normalised == NONE {
            normalised = worker;
        }
        ChildAreas {
            count: if count {
                parent + pieces - n_changed
            } else {
                0
            },
            worker: normalised,
        }
    }

    /// Fills the child from `start`, marking squares seen; returns the
    /// smallest square reached. With `early`, stops as soon as every
    /// unseen seed group is reached.
    fn fill(
        &mut self,
        board: &Board,
        occupied: &[bool],
        start: u16,
        seed: &[u16; SEEDS],
        group: &[u8; SEEDS],
        early: bool,
    ) -> u16 {
        let mut missing = [false; SEEDS];
        for i in 0..SEEDS {
            if seed[i] != NONE && !self.was_seen(seed[i]) {
                missing[usize::from(group[i])] = true;
            }
        }
        let mut min = start;
        self.stack.clear();
        self.see(start);
        self.stack.push(start);
        while let Some(x) = self.stack.pop() {
            min = min.min(x);
            if early {
                for i in 0..SEEDS {
                    if seed[i] == x {
                        missing[usize::from(group[i])] = false;
                    }
                }
                if !missing.contains(&true) {
                    // Mark the other seeds of the reached groups too.
                    for &s in seed {
                        if s != NONE {
                            self.see(s);
                        }
                    }
                    self.stack.clear();
                    break;
                }
            }
            for n in board.nbrs(x) {
                if n != NONE
                    && !occupied.get(usize::from(n)).copied().unwrap_or(true)
                    && !self.was_seen(n)
                {
                    self.see(n);
                    self.stack.push(n);
                }
            }
        }
        min
    }

    fn area(&self, s: u16) -> u16 {
        self.label.get(usize::from(s)).copied().unwrap_or(NONE)
    }

    fn first(&self, area: u16) -> u16 {
        self.min.get(usize::from(area)).map_or(NONE, |m| m.0)
    }

    fn labelled(&self, s: u16) -> bool {
        self.stamp.get(usize::from(s)) == Some(&self.current)
    }

    fn set_label(&mut self, s: u16, area: u16) {
        if let (Some(st), Some(l)) = (
            self.stamp.get_mut(usize::from(s)),
            self.label.get_mut(usize::from(s)),
        ) {
            *st = self.current;
            *l = area;
        }
    }

    fn next_seen(&mut self) {
        self.seen_gen = self.seen_gen.wrapping_add(1);
        if self.seen_gen == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.seen_gen = 1;
        }
    }

    fn see(&mut self, s: u16) {
        if let Some(x) = self.seen.get_mut(usize::from(s)) {
            *x = self.seen_gen;
        }
    }

    fn was_seen(&self, s: u16) -> bool {
        self.seen.get(usize::from(s)) == Some(&self.seen_gen)
    }
}

/// Puts the groups of seeds `a` and `b` together (groups are named by
/// their smallest seed).
fn join(group: &mut [u8; SEEDS], a: usize, b: usize) {
    let (ga, gb) = (group[a], group[b]);
    let (keep, drop) = (ga.min(gb), ga.max(gb));
    for g in group.iter_mut() {
        if *g == drop {
            *g = keep;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::reach::Reach;

    fn lcg(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            seed >> 33
        }
    }

    /// An open 8 x 8 room and a room with walls inside; random occupied
    /// squares stand for boxes and further walls.
    fn boards() -> Vec<Board> {
        let open = "##########\n#@$.     #\n#        #\n#        #\n#        #\n\
                    #        #\n#        #\n#        #\n#        #\n##########\n";
        let walled = "  #######\n###  #  ##\n#  $  #  #\n# #.# #  #\n#   @    #\n\
                      # ##  ## #\n#    #   #\n##########\n";
        [open, walled]
            .iter()
            .map(|t| Board::new(&crate::xsb::parse_level(t).unwrap()).unwrap())
            .collect()
    }

    /// The child's areas by whole-floor fills.
    fn reference(board: &Board, occ: &[bool], worker: u16) -> ChildAreas {
        let mut r = Reach::new(board.len());
        let count = r.regions(board, occ);
        ChildAreas {
            count,
            worker: r.fill(board, occ, worker),
        }
    }

    #[test]
    fn child_areas_equal_whole_floor_fills() {
        let mut next = lcg(7);
        let mut checked = [0u32; 2];
        for board in boards() {
            let n = board.len();
            let square = |r: u64| u16::try_from(r % n as u64).unwrap();
            let mut areas = Areas::new(n);
            for _ in 0..20_000 {
                let density = next() % 70;
                let mut occ: Vec<bool> = (0..n).map(|_| next() % 100 < density).collect();
                let from = square(next());
                occ[usize::from(from)] = true;
                // Half the moves are pushes to a neighbour with the worker
                // behind, the others go anywhere (macros, pulls).
                let to = if next().is_multiple_of(2) {
                    board.nbr(from, usize::try_from(next() % 4).unwrap())
                } else {
                    square(next())
                };
                if to == NONE || occ[usize::from(to)] {
                    continue;
                }
                areas.label(&board, &occ);
                let mut parent = Reach::new(n);
                assert_eq!(areas.count(), parent.regions(&board, &occ));
                occ[usize::from(from)] = false;
                occ[usize::from(to)] = true;
                let worker = if next().is_multiple_of(2) {
                    from
                } else {
                    let w = square(next());
                    if occ[usize::from(w)] {
                        continue;
                    }
                    w
                };
                let want = reference(&board, &occ, worker);
                let got = areas.child(&board, &occ, from, to, worker, true);
                assert_eq!(got, want, "from {from} to {to} worker {worker} occ {occ:?}");
                let fast = areas.child(&board, &occ, from, to, worker, false);
                assert_eq!(fast.worker, want.worker);
                checked[usize::from(want.count > areas.count())] += 1;
            }
        }
        // Both kinds of move were seen: ones that split an area and ones
        // that did not.
        assert!(checked[0] > 1000 && checked[1] > 1000, "{checked:?}");
    }

    #[test]
    fn a_box_pushed_into_a_corridor_splits_it() {
        let level = crate::xsb::parse_level("#########\n#.@$    #\n#########\n").unwrap();
        let board = Board::new(&level).unwrap();
        let mut occ = vec![false; board.len()];
        occ[2] = true;
        let mut areas = Areas::new(board.len());
        areas.label(&board, &occ);
        assert_eq!(areas.count(), 2);
        occ[2] = false;
        occ[3] = true;
        let child = areas.child(&board, &occ, 2, 3, 2, true);
        assert_eq!(
            child,
            ChildAreas {
                count: 2,
                worker: 0
            }
        );
        // Pushed to the end: one area again.
        occ[3] = false;
        occ[6] = true;
        let child = areas.child(&board, &occ, 2, 6, 5, true);
        assert_eq!(
            child,
            ChildAreas {
                count: 1,
                worker: 0
            }
        );
    }
}
