//! The separate areas of free floor, labelled once per expanded node and
//! updated for each child without a fill when the push cannot split one.
//!
//! A child differs from its parent by one box: its square `from` becomes
//! free and its square `to` becomes occupied. Only the parent's area that
//! held `to` and the areas touching `from` can change; what is left of them
//! in the child is one area for each group of *seeds* (`from`, the free
//! neighbours of `to`, and the worker) that are connected, because every
//! piece touches a seed. Seeds are first grouped by local facts (a
//! neighbour of `from` is joined to it; two neighbours of `to` are joined
//! through the free corner square between them). When that leaves one
//! group nothing split: the child's count and the worker's normalised
//! square (the smallest square of its area) follow from the parent's
//! per-area smallest squares. Otherwise the groups race: fills from every
//! group take one square each in turn, groups whose fills meet join, and a
//! group whose fill runs out is a finished area; the race stops when one
//! group is left, so a split costs about the smaller side. The worker's
//! square, when its area is the one left unfinished, is the smallest of the
//! parent's smallest squares not in a finished area (a whole fill when the
//! few kept per area do not decide). Tests compare both answers with
//! whole-floor fills on many random boards and moves.

use super::compact::{Board, NONE};
use super::reach::Reach;

/// At most this many seeds: `from`, the four neighbours of `to`, the
/// worker.
const SEEDS: usize = 6;

/// The smallest squares kept per area.
pub(crate) const LEAST: usize = 4;

/// The areas of one parent and the work space to derive a child's.
#[derive(Clone, Debug)]
pub(crate) struct Areas {
    /// Generation stamp per square: its label is valid when equal to
    /// `current`.
    stamp: Vec<u32>,
    current: u32,
    /// The area of each free square of the parent.
    label: Vec<u16>,
    /// The smallest squares of each area, increasing ([`NONE`] after the
    /// last when the area has fewer).
    least: Vec<[u16; LEAST]>,
    /// Marks of the fills in a child, by generation, and the group that
    /// reached each marked square first.
    seen: Vec<u32>,
    owner: Vec<u8>,
    seen_gen: u32,
    /// A fill stack per group.
    stacks: [Vec<u16>; SEEDS],
    /// A whole fill, for the worker's square when the smallest squares
    /// kept per area do not decide it.
    whole: Reach,
}

/// A child's areas: how many, and the worker's normalised square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ChildAreas {
    /// Separate areas of free floor (0 when not asked for).
    pub(crate) count: u32,
    /// The smallest square of the worker's area.
    pub(crate) worker: u16,
}

/// The groups of seeds in a race: a union-find over group numbers (each a
/// seed index), whether each group still runs, and its smallest square.
struct Race {
    root: [u8; SEEDS],
    running: [bool; SEEDS],
    finished: [bool; SEEDS],
    min: [u16; SEEDS],
}

impl Race {
    fn find(&self, mut g: u8) -> u8 {
        while let Some(&r) = self.root.get(usize::from(g)) {
            if r == g {
                break;
            }
            g = r;
        }
        g
    }
}

impl Areas {
    /// Work space for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Areas {
        Areas {
            stamp: vec![0; len],
            current: 0,
            label: vec![0; len],
            least: Vec::new(),
            seen: vec![0; len],
            owner: vec![0; len],
            seen_gen: 0,
            stacks: Default::default(),
            whole: Reach::new(len),
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
        self.least.clear();
        let mut stack = std::mem::take(&mut self.stacks[0]);
        stack.clear();
        for s in 0..board.len() {
            let Ok(s) = u16::try_from(s) else { break };
            if occupied.get(usize::from(s)).copied().unwrap_or(true) || self.labelled(s) {
                continue;
            }
            let area = u16::try_from(self.least.len()).unwrap_or(NONE);
            let mut least = [NONE; LEAST];
            self.set_label(s, area);
            stack.push(s);
            while let Some(x) = stack.pop() {
                insert(&mut least, x);
                for n in board.nbrs(x) {
                    if n != NONE
                        && !occupied.get(usize::from(n)).copied().unwrap_or(true)
                        && !self.labelled(n)
                    {
                        self.set_label(n, area);
                        stack.push(n);
                    }
                }
            }
            self.least.push(least);
        }
        self.stacks[0] = stack;
    }

    /// Areas of the last labelling.
    pub(crate) fn count(&self) -> u32 {
        u32::try_from(self.least.len()).unwrap_or(u32::MAX)
    }

    /// The child of the labelled parent in which a box moved from `from`
    /// to `to`, with the worker on `worker` (a free square of the child);
    /// `occupied` is the child's. `count` asks for the number of areas.
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
        add(self.area(to));
        let from_nbrs = board.nbrs(from);
        for n in from_nbrs {
            if free(n) {
                add(self.area(n));
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
        // Seeds, and their groups by local facts.
        let mut seed = [NONE; SEEDS];
        seed[0] = from;
        let to_nbrs = board.nbrs(to);
        for (d, &n) in to_nbrs.iter().enumerate() {
            if free(n) && n != from {
                seed[d + 1] = n;
            }
        }
        if worker_changed && !seed.contains(&worker) {
            seed[SEEDS - 1] = worker;
        }
        let mut group = [0, 1, 2, 3, 4, 5];
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
        let groups = (0..SEEDS)
            .filter(|&i| seed[i] != NONE && usize::from(group[i]) == i)
            .count();
        if groups == 1 {
            let worker = if worker_changed {
                self.smallest(&changed, from, to, |_| true)
            } else {
                self.first(worker_area)
            };
            return ChildAreas {
                count: if count { parent + 1 - n_changed } else { 0 },
                worker,
            };
        }
        if !count && !worker_changed {
            return ChildAreas {
                count: 0,
                worker: self.first(worker_area),
            };
        }
        let race = self.race(board, occupied, &seed, &group);
        let pieces = (0..SEEDS)
            .filter(|&g| race.finished[g] || race.running[g])
            .count();
        let worker = if !worker_changed {
            self.first(worker_area)
        } else {
            let w = seed.iter().position(|&s| s == worker).unwrap_or(0);
            let r = usize::from(race.find(group[w]));
            if race.finished[r] {
                race.min[r]
            } else {
                // The unfinished area: everything changed but the
                // finished areas.
                let outside = |a: &Areas, s: u16| {
                    !a.was_seen(s) || {
                        let o = race.find(a.owner.get(usize::from(s)).copied().unwrap_or(0));
                        !race.finished[usize::from(o)]
                    }
                };
                let m = self.smallest(&changed, from, to, |s| outside(self, s));
                if m == NONE {
                    self.whole.fill(board, occupied, worker)
                } else {
                    m
                }
            }
        };
        ChildAreas {
            count: if count {
                parent + u32::try_from(pieces).unwrap_or(0) - n_changed
            } else {
                0
            },
            worker,
        }
    }

    /// The smallest of `from` and the kept squares of the `changed` areas
    /// other than `to` for which `keep` holds, or [`NONE`] when an area's
    /// kept squares all fail and it may have more.
    fn smallest(&self, changed: &[u16], from: u16, to: u16, keep: impl Fn(u16) -> bool) -> u16 {
        let mut m = if keep(from) { from } else { NONE };
        for &a in changed.iter().filter(|&&a| a != NONE) {
            let least = self
                .least
                .get(usize::from(a))
                .copied()
                .unwrap_or([NONE; LEAST]);
            match least.iter().find(|&&s| s == NONE || (s != to && keep(s))) {
                Some(&s) => m = m.min(s),
                None => return NONE,
            }
        }
        m
    }

    /// Races fills from the seed groups until at most one runs.
    fn race(
        &mut self,
        board: &Board,
        occupied: &[bool],
        seed: &[u16; SEEDS],
        group: &[u8; SEEDS],
    ) -> Race {
        self.next_seen();
        let mut race = Race {
            root: [0, 1, 2, 3, 4, 5],
            running: [false; SEEDS],
            finished: [false; SEEDS],
            min: [NONE; SEEDS],
        };
        for st in &mut self.stacks {
            st.clear();
        }
        for (&s, &g) in seed.iter().zip(group) {
            if s != NONE {
                self.see(s, g);
                if let Some(st) = self.stacks.get_mut(usize::from(g)) {
                    st.push(s);
                }
                race.running[usize::from(g)] = true;
            }
        }
        while race.running.iter().filter(|&&r| r).count() > 1 {
            for r in 0..SEEDS {
                if !race.running[r] {
                    continue;
                }
                let Some(x) = self.stacks[r].pop() else {
                    race.running[r] = false;
                    race.finished[r] = true;
                    continue;
                };
                race.min[r] = race.min[r].min(x);
                let rg = u8::try_from(r).unwrap_or(0);
                for n in board.nbrs(x) {
                    if n == NONE || occupied.get(usize::from(n)).copied().unwrap_or(true) {
                        continue;
                    }
                    if !self.was_seen(n) {
                        self.see(n, rg);
                        self.stacks[r].push(n);
                        continue;
                    }
                    let o = race.find(self.owner.get(usize::from(n)).copied().unwrap_or(rg));
                    let ou = usize::from(o);
                    if ou != r && race.running[ou] {
                        // The fills met: one group from now on.
                        race.root[ou] = rg;
                        race.running[ou] = false;
                        race.min[r] = race.min[r].min(race.min[ou]);
                        let moved = std::mem::take(&mut self.stacks[ou]);
                        self.stacks[r].extend_from_slice(&moved);
                        self.stacks[ou] = moved;
                        self.stacks[ou].clear();
                    }
                }
            }
        }
        race
    }

    fn area(&self, s: u16) -> u16 {
        self.label.get(usize::from(s)).copied().unwrap_or(NONE)
    }

    fn first(&self, area: u16) -> u16 {
        self.least.get(usize::from(area)).map_or(NONE, |m| m[0])
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

    fn see(&mut self, s: u16, group: u8) {
        if let (Some(x), Some(o)) = (
            self.seen.get_mut(usize::from(s)),
            self.owner.get_mut(usize::from(s)),
        ) {
            *x = self.seen_gen;
            *o = group;
        }
    }

    fn was_seen(&self, s: u16) -> bool {
        self.seen.get(usize::from(s)) == Some(&self.seen_gen)
    }
}

/// Puts square `x` into the increasing list of the smallest squares.
pub(crate) fn insert(least: &mut [u16; LEAST], mut x: u16) {
    for slot in least.iter_mut() {
        if x < *slot {
            std::mem::swap(slot, &mut x);
        }
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
    use crate::solver::lcg;

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
        for board in crate::solver::area_boards() {
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
