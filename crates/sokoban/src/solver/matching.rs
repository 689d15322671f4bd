//! Perfect matchings of rows to columns: of minimum cost (the Hungarian
//! method, Kuhn–Munkres, in the O(n³) shortest-augmenting-path form with
//! row and column potentials, [`Hungarian`]), and whether one exists at
//! all over allowed pairs (augmenting paths, [`Perfect`]: the deadlock
//! tests that need no cost). Buffers are kept between calls so that the
//! search does not allocate per node.
//!
//! Why not the `pathfinding` crate's `kuhn_munkres`: it maximises over a
//! `Weights` matrix it owns and allocates its work arrays on every call,
//! while the search calls this for every generated state with costs read
//! straight from the distance table; the tests check both parts here
//! against a brute force over all permutations.

/// Cost standing for "this box can never reach this goal".
pub(crate) const IMPOSSIBLE: i64 = 1 << 24;

/// Larger than any reduced cost the method meets.
const INF: i64 = i64::MAX / 4;

/// Work arrays of the Hungarian method.
#[derive(Clone, Debug, Default)]
pub(crate) struct Hungarian {
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<usize>,
    way: Vec<usize>,
    minv: Vec<i64>,
    used: Vec<bool>,
    freed: Vec<usize>,
}

impl Hungarian {
    /// The minimum total cost of assigning rows `0..n` to distinct columns
    /// `0..n`, with `cost[row * n + col]`; `None` when every perfect
    /// assignment uses an [`IMPOSSIBLE`] pair (or `cost` is not `n` by `n`).
    pub(crate) fn solve(&mut self, n: usize, cost: &[i64]) -> Option<i64> {
        if cost.len() != n * n {
            return None;
        }
        for buf in [&mut self.u, &mut self.v, &mut self.minv] {
            buf.clear();
            buf.resize(n + 1, 0);
        }
        for buf in [&mut self.p, &mut self.way] {
            buf.clear();
            buf.resize(n + 1, 0);
        }
        self.used.clear();
        self.used.resize(n + 1, false);
        for i in 1..=n {
            self.augment(i, n, cost);
        }
        let total = -self.v[0];
        (total < IMPOSSIBLE).then_some(total)
    }

    /// Matches row `i` (1-based) by one shortest augmenting path, updating
    /// the potentials: the step both [`Hungarian::solve`] and
    /// [`Hungarian::reassign`] repeat per row.
    fn augment(&mut self, i: usize, n: usize, cost: &[i64]) {
        self.p[0] = i;
        let mut j0 = 0;
        self.minv.iter_mut().for_each(|m| *m = INF);
        self.used.iter_mut().for_each(|u| *u = false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0];
            let ui0 = self.u[i0];
            let row = i0
                .checked_sub(1)
                .and_then(|r| cost.get(r * n..(r + 1) * n))
                .unwrap_or(&[]);
            let mut delta = INF;
            let mut j1 = 0;
            // Columns 1..=n, zipped so that the loop reads no index twice.
            let columns = row
                .iter()
                .zip(self.used.iter().skip(1))
                .zip(self.v.iter().skip(1))
                .zip(self.minv.iter_mut().skip(1))
                .zip(self.way.iter_mut().skip(1));
            for (j, ((((&c, &used), &v), minv), way)) in (1..).zip(columns) {
                if !used {
                    let cur = c - ui0 - v;
                    if cur < *minv {
                        *minv = cur;
                        *way = j0;
                    }
                    if *minv < delta {
                        delta = *minv;
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if self.used[j] {
                    self.u[self.p[j]] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0];
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }

    /// After [`Hungarian::solve`] (or another `reassign`) for a matrix,
    /// solves the matrix obtained by changing the rows `rows` only: those
    /// rows give up their columns, their potentials are lowered until
    /// feasible again, and each is matched by one shortest augmenting path
    /// — O(n²) per changed row instead of O(n³). `cost` is the new matrix
    /// (as for [`Hungarian::solve`]).
    pub(crate) fn reassign(&mut self, n: usize, rows: &[usize], cost: &[i64]) -> Option<i64> {
        if self.p.len() != n + 1 || cost.len() != n * n {
            return self.solve(n, cost);
        }
        let cost_of = |i: usize, j: usize| cost.get(i * n + j).copied().unwrap_or(IMPOSSIBLE);
        // A changed row whose cheapest reduced column is still its own
        // keeps it: with its potential lowered to that minimum every
        // reduced cost stays non-negative and its matched pair stays tight,
        // so the matching is still optimal there (the common case: a box
        // pushed towards the goal it is matched to). The others give up
        // their columns and are matched again.
        self.freed.clear();
        for &r in rows {
            let i = r + 1;
            let own = (1..=n).find(|&j| self.p[j] == i);
            let (mut best, mut arg) = (INF, 0);
            for j in 1..=n {
                let c = cost_of(r, j - 1) - self.v[j];
                if c < best || (c == best && Some(j) == own) {
                    best = c;
                    arg = j;
                }
            }
            self.u[i] = if best == INF { 0 } else { best };
            match own {
                Some(j) if j == arg => {}
                Some(j) => {
                    self.p[j] = 0;
                    self.freed.push(i);
                }
                None => self.freed.push(i),
            }
        }
        for k in 0..self.freed.len() {
            let i = self.freed[k];
            self.augment(i, n, cost);
        }
        let total: i64 = (1..=n)
            .map(|j| {
                let i = self.p[j];
                if i == 0 {
                    IMPOSSIBLE
                } else {
                    cost_of(i - 1, j - 1)
                }
            })
            .sum();
        (total < IMPOSSIBLE).then_some(total)
    }

    /// Saves the solution state into `other` (cheap: three vectors).
    pub(crate) fn save(&self, other: &mut Hungarian) {
        other.u.clone_from(&self.u);
        other.v.clone_from(&self.v);
        other.p.clone_from(&self.p);
        other.way.resize(self.way.len(), 0);
        other.minv.resize(self.minv.len(), 0);
        other.used.resize(self.used.len(), false);
    }
}

/// Work arrays of the existence test: for each column the row matched to
/// it, and a visit stamp per column.
#[derive(Clone, Debug, Default)]
pub(crate) struct Perfect {
    row_of: Vec<usize>,
    seen: Vec<u32>,
    stamp: u32,
}

/// "No row" in [`Perfect`]'s matching.
const FREE: usize = usize::MAX;

impl Perfect {
    /// True when rows `0..n` can be matched to distinct columns `0..n`
    /// using only the pairs for which `allowed(row, col)` holds (Kuhn's
    /// augmenting paths: a row that finds no augmenting path now never
    /// will, so the first such row decides).
    pub(crate) fn exists(&mut self, n: usize, allowed: impl Fn(usize, usize) -> bool) -> bool {
        self.row_of.clear();
        self.row_of.resize(n, FREE);
        self.seen.clear();
        self.seen.resize(n, 0);
        self.stamp = 0;
        for r in 0..n {
            self.stamp += 1;
            if !self.augment(r, n, &allowed) {
                return false;
            }
        }
        true
    }

    /// The row matched to each column by the last [`Perfect::exists`] or
    /// [`Perfect::rematch`] that found a perfect matching.
    pub(crate) fn matched(&self) -> &[usize] {
        &self.row_of
    }

    /// [`Perfect::exists`] for a problem that differs from one with the
    /// perfect matching `base` (each column's row) only in the rows
    /// `rows`: each of them keeps its column where that pair is still
    /// allowed, and the others are matched again by augmenting paths, the
    /// rows not in `rows` keeping theirs. Starting from any matching gives
    /// the same answer: when a perfect matching exists, its symmetric
    /// difference with the current one holds an augmenting path from every
    /// unmatched row.
    pub(crate) fn rematch(
        &mut self,
        base: &[usize],
        rows: &[usize],
        n: usize,
        allowed: impl Fn(usize, usize) -> bool,
    ) -> bool {
        if base.len() != n {
            return self.exists(n, allowed);
        }
        self.row_of.clear();
        self.row_of.extend(base.iter().enumerate().map(|(c, &r)| {
            if rows.contains(&r) && !allowed(r, c) {
                FREE
            } else {
                r
            }
        }));
        self.seen.clear();
        self.seen.resize(n, 0);
        self.stamp = 0;
        for &r in rows {
            if self.row_of.contains(&r) {
                continue;
            }
            self.stamp += 1;
            if !self.augment(r, n, &allowed) {
                return false;
            }
        }
        true
    }

    /// Finds an augmenting path from row `r`: a free allowed column first,
    /// else a column whose row can move to another.
    fn augment(&mut self, r: usize, n: usize, allowed: &impl Fn(usize, usize) -> bool) -> bool {
        for c in 0..n {
            if self.row_of[c] == FREE && allowed(r, c) {
                self.row_of[c] = r;
                return true;
            }
        }
        for c in 0..n {
            if self.seen[c] != self.stamp && allowed(r, c) {
                self.seen[c] = self.stamp;
                let other = self.row_of[c];
                if other != FREE && self.augment(other, n, allowed) {
                    self.row_of[c] = r;
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::lcg;
    use super::*;

    fn brute(costs: &[Vec<i64>]) -> Option<i64> {
        fn go(costs: &[Vec<i64>], row: usize, used: &mut Vec<bool>) -> i64 {
            if row == costs.len() {
                return 0;
            }
            let mut best = i64::MAX;
            for j in 0..costs.len() {
                if !used[j] && costs[row][j] < IMPOSSIBLE {
                    used[j] = true;
                    let rest = go(costs, row + 1, used);
                    if rest != i64::MAX {
                        best = best.min(costs[row][j] + rest);
                    }
                    used[j] = false;
                }
            }
            best
        }
        let r = go(costs, 0, &mut vec![false; costs.len()]);
        (r != i64::MAX).then_some(r)
    }

    #[test]
    fn reassigning_rows_agrees_with_solving_afresh() {
        let mut next = lcg(99);
        let mut base = Hungarian::default();
        let mut work = Hungarian::default();
        for case in 0..2000 {
            let n = 1 + case % 7;
            let mut costs: Vec<Vec<i64>> = (0..n)
                .map(|_| (0..n).map(|_| (next() % 30) as i64).collect())
                .collect();
            base.solve(n, &costs.concat());
            let changed: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(3)).collect();
            for &r in &changed {
                for c in costs[r].iter_mut() {
                    *c = if next().is_multiple_of(5) {
                        IMPOSSIBLE
                    } else {
                        (next() % 30) as i64
                    };
                }
            }
            base.save(&mut work);
            let got = work.reassign(n, &changed, &costs.concat());
            assert_eq!(
                got,
                brute(&costs),
                "case {case}: {costs:?} changed {changed:?}"
            );
        }
    }

    #[test]
    fn chains_of_small_row_changes_agree_with_brute_force() {
        // Like a search: a box moves one push, so its row changes by about
        // one everywhere, and the solution is re-matched from the last one
        // (this mostly keeps the row's column, the fast path of reassign).
        let mut next = lcg(4242);
        let mut h = Hungarian::default();
        for case in 0..1000 {
            let n = 1 + case % 7;
            let mut costs: Vec<Vec<i64>> = (0..n)
                .map(|_| (0..n).map(|_| (next() % 12) as i64).collect())
                .collect();
            h.solve(n, &costs.concat());
            for round in 0..6 {
                let changed: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(4)).collect();
                for &r in &changed {
                    for c in costs[r].iter_mut() {
                        *c = (*c + (next() % 3) as i64 - 1).max(0);
                    }
                }
                let got = h.reassign(n, &changed, &costs.concat());
                assert_eq!(
                    got,
                    brute(&costs),
                    "case {case} round {round}: {costs:?} changed {changed:?}"
                );
            }
        }
    }

    #[test]
    fn agrees_with_brute_force() {
        let mut next = lcg(12345);
        let mut h = Hungarian::default();
        for case in 0..2000 {
            let n = 1 + case % 6;
            let costs: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    (0..n)
                        .map(|_| {
                            if next().is_multiple_of(4) {
                                IMPOSSIBLE
                            } else {
                                (next() % 20) as i64
                            }
                        })
                        .collect()
                })
                .collect();
            let got = h.solve(n, &costs.concat());
            assert_eq!(got, brute(&costs), "case {case}: {costs:?}");
        }
    }

    #[test]
    fn rematching_changed_rows_agrees_with_matching_afresh() {
        let mut next = lcg(31);
        let mut both = [0; 2];
        for _ in 0..3_000 {
            let n = usize::try_from(next() % 6).unwrap() + 1;
            let mut allowed: Vec<bool> = (0..n * n).map(|_| !next().is_multiple_of(3)).collect();
            let mut base = Perfect::default();
            if !base.exists(n, |r, c| allowed[r * n + c]) {
                continue;
            }
            let kept = base.matched().to_vec();
            let rows: Vec<usize> = (0..n).filter(|_| next().is_multiple_of(3)).collect();
            for &r in &rows {
                for c in 0..n {
                    allowed[r * n + c] = !next().is_multiple_of(3);
                }
            }
            let want = Perfect::default().exists(n, |r, c| allowed[r * n + c]);
            let mut p = Perfect::default();
            assert_eq!(p.rematch(&kept, &rows, n, |r, c| allowed[r * n + c]), want);
            both[usize::from(want)] += 1;
            if want {
                let m = p.matched();
                let mut rows_seen = vec![false; n];
                for (c, &r) in m.iter().enumerate() {
                    assert!(allowed[r * n + c] && !rows_seen[r]);
                    rows_seen[r] = true;
                }
            }
        }
        assert!(both[0] > 100 && both[1] > 1_000, "{both:?}");
    }

    #[test]
    fn a_perfect_matching_exists_exactly_when_brute_force_finds_one() {
        let mut next = lcg(777);
        let mut p = Perfect::default();
        let mut found = [0, 0];
        for case in 0..3000 {
            let n = case % 8;
            // Sparse enough that both answers are common.
            let allowed: Vec<Vec<bool>> = (0..n)
                .map(|_| (0..n).map(|_| next() % 100 < 30).collect())
                .collect();
            let costs: Vec<Vec<i64>> = allowed
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&a| if a { 1 } else { IMPOSSIBLE })
                        .collect()
                })
                .collect();
            let expected = brute(&costs).is_some();
            assert_eq!(
                p.exists(n, |i, j| allowed[i][j]),
                expected,
                "case {case}: {allowed:?}"
            );
            found[usize::from(expected)] += 1;
        }
        assert!(found[0] > 500 && found[1] > 500, "{found:?}");
    }
}
