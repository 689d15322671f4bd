//! The lower bound: a minimum-cost perfect matching of boxes to goals, the
//! cost of a pair being the push distance of [`super::distance`] for that
//! box with the worker where it is. Every box needs at least its own
//! distance to whatever goal it ends on, and boxes end on distinct goals,
//! so the matching never overestimates the pushes left: an admissible
//! bound for A*. When no perfect matching of finite cost exists the state
//! is a deadlock (some set of boxes has too few goals it can reach).

use super::distance::{Distances, INF};
use super::matching::{Hungarian, Perfect, IMPOSSIBLE};

/// Work arrays of the bound.
///
/// A node's children differ from it by one box (and sometimes by the
/// worker's side of a few boxes), so the bound of a child is found from
/// its parent's matching: [`Bound::prepare`] solves the parent once, and
/// [`Bound::child`] re-matches only the rows that changed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bound {
    hungarian: Hungarian,
    matrix: Vec<i64>,
    /// The parent's solution, matrix and row keys (box square, side).
    parent: Hungarian,
    parent_matrix: Vec<i64>,
    parent_keys: Vec<(u16, usize)>,
    parent_ok: bool,
    /// The parent's worker square (see [`kept`]).
    parent_worker: u16,
    changed: Vec<usize>,
    /// The parent's rows that a child overwrote, to put back.
    saved: Vec<i64>,
}

impl Bound {
    /// Solves the matching of a node about to be expanded, to derive its
    /// children's bounds from. Nodes expanded one after the other are
    /// often alike, so when few rows differ from the last prepared node its
    /// solution is re-matched in those rows instead of solving afresh.
    pub(crate) fn prepare(&mut self, dist: &Distances, boxes: &[u16], worker: u16) {
        let n = boxes.len();
        self.parent_worker = worker;
        self.changed.clear();
        let mut similar = self.parent_ok && self.parent_keys.len() == n;
        if similar {
            for (i, &b) in boxes.iter().enumerate() {
                let key = (b, dist.side_of(b, worker));
                if self.parent_keys.get(i) != Some(&key) {
                    self.changed.push(i);
                    if let Some(k) = self.parent_keys.get_mut(i) {
                        *k = key;
                    }
                }
            }
            similar = self.changed.len() * 3 <= n;
        }
        if similar {
            for &i in &self.changed {
                let row = dist.row_for(boxes.get(i).copied().unwrap_or(0), worker);
                for (slot, &d) in self.parent_matrix[i * n..(i + 1) * n].iter_mut().zip(row) {
                    *slot = if d == INF { IMPOSSIBLE } else { i64::from(d) };
                }
            }
            let m = &self.parent_matrix;
            self.parent_ok = self.parent.reassign(n, &self.changed, m).is_some();
            return;
        }
        self.parent_ok = self.value(dist, boxes, worker).is_some();
        self.hungarian.save(&mut self.parent);
        self.parent_matrix.clone_from(&self.matrix);
        self.parent_keys.clear();
        self.parent_keys
            .extend(boxes.iter().map(|&b| (b, dist.side_of(b, worker))));
    }

    /// The bound of a child of the prepared node: `boxes` in the same
    /// order as the parent's (one replaced), worker on `worker`; `None`
    /// for a deadlock.
    pub(crate) fn child(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        let n = boxes.len();
        if !self.parent_ok || self.parent_keys.len() != n {
            return self.value(dist, boxes, worker);
        }
        // The changed rows are written into the parent's matrix and put
        // back afterwards, which saves copying the whole matrix per child.
        self.changed.clear();
        self.saved.clear();
        let mut dead = false;
        let same_worker = worker == self.parent_worker;
        for (i, &b) in boxes.iter().enumerate() {
            if kept(dist, self.parent_keys.get(i), same_worker, b, worker) {
                continue;
            }
            let row = dist.row_for(b, worker);
            let Some(slots) = self.parent_matrix.get_mut(i * n..(i + 1) * n) else {
                dead = true;
                break;
            };
            if row.len() != n || row.iter().all(|&d| d == INF) {
                dead = true;
                break;
            }
            self.saved.extend_from_slice(slots);
            for (slot, &d) in slots.iter_mut().zip(row) {
                *slot = if d == INF { IMPOSSIBLE } else { i64::from(d) };
            }
            self.changed.push(i);
        }
        let total = if dead {
            None
        } else {
            self.parent.save(&mut self.hungarian);
            let m = &self.parent_matrix;
            self.hungarian.reassign(n, &self.changed, m)
        };
        for (k, &i) in self.changed.iter().enumerate() {
            if let (Some(slots), Some(old)) = (
                self.parent_matrix.get_mut(i * n..(i + 1) * n),
                self.saved.get(k * n..(k + 1) * n),
            ) {
                slots.copy_from_slice(old);
            }
        }
        u16::try_from(total?).ok().filter(|&v| v != u16::MAX)
    }

    /// The bound for `boxes` with the worker on `worker` (any square of
    /// its region), or `None` for a deadlock.
    pub(crate) fn value(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> Option<u16> {
        let n = boxes.len();
        self.matrix.clear();
        for &b in boxes {
            let row = dist.row_for(b, worker);
            if row.iter().all(|&d| d == INF) {
                return None;
            }
            self.matrix.extend(row.iter().map(
                |&d| {
                    if d == INF {
                        IMPOSSIBLE
                    } else {
                        i64::from(d)
                    }
                },
            ));
        }
        if self.matrix.len() != n * n {
            return None;
        }
        let m = &self.matrix;
        let total = self.hungarian.solve(n, m)?;
        u16::try_from(total).ok().filter(|&v| v != u16::MAX)
    }
}

/// Whether the matching exists at all: a perfect matching of boxes to
/// goals at finite push distances, the deadlock test of [`Bound`] without
/// its cost, for a search that needs the bound of few of its nodes (FESS,
/// whose advisors break their last ties by it). Incremental like [`Bound`]:
/// [`Feasible::prepare`] matches the parent, [`Feasible::child`] re-matches
/// only the rows that changed.
#[derive(Clone, Debug, Default)]
pub(crate) struct Feasible {
    perfect: Perfect,
    /// The parent's matching (each goal's box), row keys (box square,
    /// side), and whether it has one.
    base: Vec<usize>,
    keys: Vec<(u16, usize)>,
    ok: bool,
    /// The parent's worker square (see [`kept`]).
    worker: u16,
    changed: Vec<usize>,
}

impl Feasible {
    /// Matches a node about to be expanded, to test its children from.
    pub(crate) fn prepare(&mut self, dist: &Distances, boxes: &[u16], worker: u16) {
        self.worker = worker;
        self.keys.clear();
        self.keys
            .extend(boxes.iter().map(|&b| (b, dist.side_of(b, worker))));
        self.ok = self
            .perfect
            .exists(boxes.len(), |i, j| open(dist, boxes, worker, i, j));
        self.base.clear();
        self.base.extend_from_slice(self.perfect.matched());
    }

    /// Whether the matching exists for a child of the prepared node:
    /// `boxes` in the same order as the parent's (one replaced), worker on
    /// `worker`.
    pub(crate) fn child(&mut self, dist: &Distances, boxes: &[u16], worker: u16) -> bool {
        let n = boxes.len();
        if !self.ok || self.keys.len() != n {
            return self
                .perfect
                .exists(n, |i, j| open(dist, boxes, worker, i, j));
        }
        self.changed.clear();
        let same_worker = worker == self.worker;
        for (i, &b) in boxes.iter().enumerate() {
            if !kept(dist, self.keys.get(i), same_worker, b, worker) {
                self.changed.push(i);
            }
        }
        self.perfect.rematch(&self.base, &self.changed, n, |i, j| {
            open(dist, boxes, worker, i, j)
        })
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        (self.base.capacity() + self.changed.capacity()) * 8 + self.keys.capacity() * 16
    }
}

/// Whether a child's row for box `b` (worker on `worker`) has its
/// parent's key `parent` (box square, side): when the worker stands on the
/// parent's square (`same_worker`), the same square is enough, as
/// [`Distances::side_of`] depends on the two squares alone.
fn kept(
    dist: &Distances,
    parent: Option<&(u16, usize)>,
    same_worker: bool,
    b: u16,
    worker: u16,
) -> bool {
    parent.is_some_and(|&(square, side)| {
        square == b && (same_worker || side == dist.side_of(b, worker))
    })
}

/// Whether box `i` of `boxes` can reach goal `j` with the worker on
/// `worker`.
fn open(dist: &Distances, boxes: &[u16], worker: u16, i: usize, j: usize) -> bool {
    boxes
        .get(i)
        .and_then(|&b| dist.row_for(b, worker).get(j))
        .is_some_and(|&d| d != INF)
}

#[cfg(test)]
mod tests {
    use super::super::compact::Board;
    use super::*;

    #[test]
    fn matching_counts_pushes_and_finds_goal_conflicts() {
        // Two boxes, two goals in a row; each box 1 push from a goal.
        let level =
            crate::xsb::parse_level("########\n#      #\n# $.$. #\n#   @  #\n########\n").unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::new(&board);
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let mut b = Bound::default();
        let w = sq(3, 4);
        assert_eq!(b.value(&dist, &[sq(2, 2), sq(2, 4)], w), Some(2));
        // A box on a goal costs nothing.
        assert_eq!(b.value(&dist, &[sq(2, 3), sq(2, 4)], w), Some(1));
        // Two boxes in the top corners: dead.
        assert_eq!(b.value(&dist, &[sq(1, 1), sq(2, 4)], w), None);
        // Children from a prepared parent agree with solving afresh.
        b.prepare(&dist, &[sq(2, 2), sq(2, 4)], w);
        for child in [
            [sq(2, 3), sq(2, 4)],
            [sq(2, 2), sq(2, 5)],
            [sq(1, 2), sq(2, 4)],
        ] {
            let fresh = Bound::default().value(&dist, &child, w);
            assert_eq!(b.child(&dist, &child, w), fresh);
        }
    }

    #[test]
    fn children_from_a_prepared_parent_agree_with_matching_afresh() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
        let mut both = [0; 2];
        let mut same = 0;
        for _ in 0..300 {
            let Some((text, _)) =
                crate::solver::random_position(&mut rng, 0.25, |rng, n| rng.gen_range(0..n))
            else {
                continue;
            };
            let level = crate::xsb::parse_level(&text).unwrap();
            let board = Board::new(&level).unwrap();
            let dist = Distances::new(&board);
            let n = u16::try_from(board.len()).unwrap();
            let boxes: Vec<u16> = level.start().boxes().map(|c| board.square(c)).collect();
            let worker = board.square(level.start().worker());
            let mut f = Feasible::default();
            f.prepare(&dist, &boxes, worker);
            let mut b = Bound::default();
            b.prepare(&dist, &boxes, worker);
            for k in 0..boxes.len() {
                for to in (0..n).filter(|t| !boxes.contains(t)) {
                    let mut child = boxes.clone();
                    child[k] = to;
                    // Half the children keep the parent's worker square
                    // (the sides of the boxes that did not move are then
                    // the parent's).
                    let w = if rng.gen_bool(0.5) {
                        worker
                    } else {
                        rng.gen_range(0..n)
                    };
                    if child.contains(&w) {
                        continue;
                    }
                    let fresh = Bound::default().value(&dist, &child, w);
                    let want = fresh.is_some();
                    assert_eq!(f.child(&dist, &child, w), want, "{text}{child:?} {w}");
                    assert_eq!(b.child(&dist, &child, w), fresh, "{text}{child:?} {w}");
                    both[usize::from(want)] += 1;
                    same += usize::from(w == worker);
                }
            }
        }
        assert!(both[0] > 1_000 && both[1] > 500, "{both:?}");
        assert!(same > 1_000, "{same}");
    }
}
