//! Push distances: for every square a box may stand on, every side the
//! worker may stand on, and every goal, the fewest pushes that bring a box
//! from there to that goal when no other box is on the board. Dead squares
//! follow: a box on a square with no finite distance to any goal can never
//! be solved.
//!
//! The worker's side matters in corridors: a box pushed into a dead end
//! from one side may be fine from the other. With a single box `b` on the
//! board the floor splits into at most four regions around it; the worker
//! stays in its region until it pushes `b` again. So a state is (box
//! square, region), and the table stores one distance per (square, side),
//! equal for sides in the same region. [`Distances::side_of`] tells which
//! region of `b`'s board holds a given worker square; with it the distance
//! of every box in a search state is exact for "this box alone", which
//! makes the matching bound ([`super::bound`]) admissible and strong.
//!
//! Computed by one backward breadth-first search per goal ("pulls"):
//! from (goal, any side), a state (c, side k) was reached by a push from
//! (c − k, side k…) with the worker standing two squares behind.

use std::collections::VecDeque;

use super::compact::{Board, NONE};
use super::limit::{Clock, Limit};

/// "Unreachable".
pub(crate) const INF: u16 = u16::MAX;

/// The side label of a worker square that touches no side of the box.
const NO_SIDE: u8 = 4;

/// Largest board for which the per-box region labels (`len²` bytes) are
/// kept; above it every box uses its best side.
const MAX_LABELLED: usize = 4096;

/// Push distances, dead squares and region labels of one board.
#[derive(Clone, Debug)]
pub(crate) struct Distances {
    n: usize,
    goals: usize,
    /// `dist[(b * 4 + k) * goals + g]`.
    dist: Vec<u16>,
    /// `label[b * n + p]`: the side of `b` whose region (board without
    /// `b`) holds `p`, or [`NO_SIDE`]. Empty when the board is too large.
    label: Vec<u8>,
    /// Side of `b` with the smallest distance to each goal, used when there
    /// are no labels: `best[b * goals + g]`.
    best: Vec<u16>,
    /// Squares from which no goal can be reached by a box.
    dead: Vec<bool>,
}

impl Distances {
    /// Bytes the table of `board` takes (an upper bound).
    pub(crate) fn bytes_for(board: &Board) -> usize {
        let n = board.len();
        let goals = board.goals().len();
        let labels = if n <= MAX_LABELLED { n * n } else { 0 };
        n.saturating_mul(goals).saturating_mul(10) + labels + n * 16
    }

    /// Push distances of `board` to its goals.
    #[cfg(test)]
    pub(crate) fn new(board: &Board) -> Distances {
        Distances::build(board, board.goals(), false, &[], &Clock::default())
            .unwrap_or_else(|_| unreachable!())
    }

    /// Push distances of `board` to its goals, or the limit of `clock`
    /// reached first (on a large board the per-box regions take time).
    pub(crate) fn to_goals(board: &Board, clock: &Clock) -> Result<Distances, Limit> {
        Distances::build(board, board.goals(), false, &[], clock)
    }

    /// Push distances of `board` to its goals off `walls`, with the squares
    /// `walls` marks as walls (boxes that never move again), or the limit
    /// of `clock` reached first. The columns are the open goals in
    /// increasing order.
    pub(crate) fn walled(board: &Board, walls: &[bool], clock: &Clock) -> Result<Distances, Limit> {
        let open: Vec<u16> = board
            .goals()
            .iter()
            .copied()
            .filter(|&g| !walls.get(usize::from(g)).copied().unwrap_or(false))
            .collect();
        Distances::build(board, &open, false, walls, clock)
    }

    /// [`Distances::from_sources_until`] without a deadline.
    #[cfg(test)]
    pub(crate) fn from_sources(board: &Board, sources: &[u16]) -> Distances {
        Distances::build(board, sources, true, &[], &Clock::default())
            .unwrap_or_else(|_| unreachable!())
    }

    /// Distances for a search that *pulls* boxes back to `sources` (the
    /// start squares of the boxes): for a box on `y` with the worker on
    /// side `k`, the fewest pushes that bring a box from each source to
    /// `y` with the worker ending on side `k` — which is the fewest pulls
    /// back. Dead squares are then squares no source can reach. The limit
    /// of `clock` if it is reached first.
    pub(crate) fn from_sources_until(
        board: &Board,
        sources: &[u16],
        clock: &Clock,
    ) -> Result<Distances, Limit> {
        Distances::build(board, sources, true, &[], clock)
    }

    /// The table for `targets` (the columns): pushes *to* them, or with
    /// `away`, pushes *from* them; the squares `walls` marks are walls.
    // Square and side numbers index several tables at once here.
    #[allow(clippy::needless_range_loop)]
    fn build(
        board: &Board,
        targets: &[u16],
        away: bool,
        walls: &[bool],
        clock: &Clock,
    ) -> Result<Distances, Limit> {
        let n = board.len();
        let walled = |s: u16| walls.get(usize::from(s)).copied().unwrap_or(false);
        let nbr = |s: u16, d: usize| {
            let t = board.nbr(s, d);
            if t == NONE || walled(t) {
                NONE
            } else {
                t
            }
        };
        let goals = targets.len();
        // Region of each side of each box square: sides with equal region
        // ids are connected around the box.
        let mut region = vec![[NONE; 4]; n];
        let mut label = if n <= MAX_LABELLED {
            vec![NO_SIDE; n * n]
        } else {
            Vec::new()
        };
        let mut seen = vec![u32::MAX; n];
        let mut stack = Vec::new();
        for b in 0..n {
            if b % 64 == 63 {
                if let Some(limit) = clock.passed() {
                    return Err(limit);
                }
            }
            let Ok(b16) = u16::try_from(b) else { break };
            if walled(b16) {
                continue;
            }
            for k in 0..4 {
                let start = nbr(b16, k);
                if start == NONE {
                    continue;
                }
                // Already in the region of an earlier side?
                let stamp = u32::try_from(b * 4 + k).unwrap_or(u32::MAX);
                let earlier = (0..k).find(|&k2| {
                    let s2 = nbr(b16, k2);
                    s2 != NONE && seen.get(usize::from(start)) == Some(&stamp_of(b, k2))
                });
                if let Some(k2) = earlier {
                    region[b][k] = region[b][k2];
                    continue;
                }
                region[b][k] = u16::try_from(k).unwrap_or(NONE);
                seen[usize::from(start)] = stamp;
                stack.push(start);
                while let Some(s) = stack.pop() {
                    if let Some(l) = label.get_mut(b * n + usize::from(s)) {
                        *l = u8::try_from(k).unwrap_or(NO_SIDE);
                    }
                    for d in 0..4 {
                        let t = nbr(s, d);
                        if t != NONE && t != b16 && seen[usize::from(t)] != stamp {
                            seen[usize::from(t)] = stamp;
                            stack.push(t);
                        }
                    }
                }
            }
        }

        let mut dist = vec![INF; n * 4 * goals];
        let mut queue = VecDeque::new();
        for (gi, &g) in targets.iter().enumerate() {
            if let Some(limit) = clock.passed() {
                return Err(limit);
            }
            let at = |b: usize, k: usize| (b * 4 + k) * goals + gi;
            let set = |dist: &mut Vec<u16>, b: u16, k: usize, v: u16| -> bool {
                let bu = usize::from(b);
                if dist[at(bu, k)] != INF {
                    return false;
                }
                let r = region[bu][k];
                for k2 in 0..4 {
                    if region[bu][k2] == r {
                        dist[at(bu, k2)] = v;
                    }
                }
                true
            };
            queue.clear();
            for k in 0..4 {
                if nbr(g, k) != NONE && set(&mut dist, g, k, 0) {
                    queue.push_back((g, k));
                }
            }
            while let Some((c, k0)) = queue.pop_front() {
                let cu = usize::from(c);
                let v = dist[at(cu, k0)];
                let r = region[cu][k0];
                for k in 0..4 {
                    if region[cu][k] != r {
                        continue;
                    }
                    if away {
                        // Pushed on from c by the worker on side k: the
                        // box goes to t, the worker to c (side k of t).
                        let t = nbr(c, k ^ 1);
                        if t != NONE
                            && nbr(c, k) != NONE
                            && set(&mut dist, t, k, v.saturating_add(1))
                        {
                            queue.push_back((t, k));
                        }
                        continue;
                    }
                    // The box came from b (where the worker now stands),
                    // pushed by the worker standing beyond b.
                    let b = nbr(c, k);
                    if b == NONE || nbr(b, k) == NONE {
                        continue;
                    }
                    if set(&mut dist, b, k, v.saturating_add(1)) {
                        queue.push_back((b, k));
                    }
                }
            }
            // A box already on its goal needs no push, even when the goal
            // has no free side.
            for k in 0..4 {
                dist[at(usize::from(g), k)] = 0;
            }
        }

        let mut best = vec![INF; n * goals];
        for b in 0..n {
            for g in 0..goals {
                best[b * goals + g] = (0..4)
                    .map(|k| dist[(b * 4 + k) * goals + g])
                    .min()
                    .unwrap_or(INF);
            }
        }
        let dead = (0..n)
            .map(|b| best[b * goals..(b + 1) * goals].iter().all(|&d| d == INF))
            .collect();
        Ok(Distances {
            n,
            goals,
            dist,
            label,
            best,
            dead,
        })
    }

    /// The number of goals: the length of each row.
    pub(crate) fn goals(&self) -> usize {
        self.goals
    }

    /// True when a box on `s` can never reach a goal.
    #[inline]
    pub(crate) fn is_dead(&self, s: u16) -> bool {
        self.dead.get(usize::from(s)).copied().unwrap_or(true)
    }

    /// The side of box square `b` whose region holds worker square `p`
    /// (4 when none does, or when the board has no labels).
    #[inline]
    pub(crate) fn side_of(&self, b: u16, p: u16) -> usize {
        usize::from(
            self.label
                .get(usize::from(b) * self.n + usize::from(p))
                .copied()
                .unwrap_or(NO_SIDE),
        )
    }

    /// The distances from box square `b`, worker on side `side` (as given
    /// by [`Distances::side_of`]), to each goal in order. With side 4 (no
    /// labels, or no side) the best side's distances.
    #[inline]
    pub(crate) fn row(&self, b: u16, side: usize) -> &[u16] {
        let b = usize::from(b);
        let g = self.goals;
        if side < 4 {
            self.dist.get((b * 4 + side) * g..(b * 4 + side + 1) * g)
        } else {
            self.best.get(b * g..(b + 1) * g)
        }
        .unwrap_or(&[])
    }

    /// The distances of a box on `b` with the worker somewhere in the
    /// region of square `p`.
    #[inline]
    pub(crate) fn row_for(&self, b: u16, p: u16) -> &[u16] {
        let side = self.side_of(b, p);
        if side == usize::from(NO_SIDE) && !self.label.is_empty() {
            // The worker never touches this box: it can only count if it
            // is on a goal already, which `best` (0 there) also says.
            return self.row(b, 4);
        }
        self.row(b, side)
    }

    /// True when a box on `b`, with the worker in the region of `p`, can
    /// still reach some goal.
    #[inline]
    pub(crate) fn live(&self, b: u16, p: u16) -> bool {
        self.row_for(b, p).iter().any(|&d| d != INF)
    }
}

fn stamp_of(b: usize, k: usize) -> u32 {
    u32::try_from(b * 4 + k).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::new(&crate::xsb::parse_level(text).unwrap()).unwrap()
    }

    #[test]
    fn corridor_distances_and_dead_squares() {
        // Squares 0..5 in a row, goal at 4.
        let b = board("########\n#@ $ . #\n########\n");
        let d = Distances::new(&b);
        // Corners of a corridor are dead, the goal is not.
        assert!(d.is_dead(0));
        assert!(d.is_dead(5));
        assert!(!d.is_dead(4));
        // A box on 2 with the worker on its left: two pushes.
        assert_eq!(d.row_for(2, 0), &[2]);
        // With the worker on its right it can never get there.
        assert_eq!(d.row_for(2, 3), &[INF]);
        assert!(!d.live(2, 3));
        assert!(d.live(2, 1));
        assert_eq!(d.row_for(4, 5), &[0]);
    }

    #[test]
    fn a_triggered_interrupt_stops_the_tables_at_their_first_check() {
        let b = board("########\n#@ $ . #\n########\n");
        let interrupt = boardkit_grid::Interrupt::new();
        let clock = Clock {
            deadline: None,
            interrupt: Some(interrupt.clone()),
        };
        let d = Distances::to_goals(&b, &clock).unwrap();
        assert_eq!(d.row_for(2, 0), &[2]);
        assert_eq!(d.row_for(2, 3), &[INF]);
        let back = Distances::from_sources_until(&b, &[2], &clock).unwrap();
        assert_eq!(back.row_for(4, 3), &[2]);
        interrupt.trigger();
        assert!(matches!(
            Distances::to_goals(&b, &clock),
            Err(Limit::Interrupted)
        ));
        assert!(matches!(
            Distances::from_sources_until(&b, &[2], &clock),
            Err(Limit::Interrupted)
        ));
    }

    #[test]
    fn pulls_back_to_sources() {
        // Squares 0..5 in a row; a box started on 2.
        let b = board("########\n#@ $ . #\n########\n");
        let d = Distances::from_sources(&b, &[2]);
        // A box on 4 with the worker on its left (it was pushed right
        // twice): two pulls back.
        assert_eq!(d.row_for(4, 3), &[2]);
        // With the worker on its right it cannot have come from 2.
        assert_eq!(d.row_for(4, 5), &[INF]);
        // Pushed left once it ends on 1 with the worker on its right; the
        // worker cannot be on its left then.
        assert_eq!(d.row_for(1, 2), &[1]);
        assert_eq!(d.row_for(1, 0), &[INF]);
        // The corner is dead for goals but a box from 2 can get there.
        assert_eq!(d.row_for(0, 1), &[2]);
        assert!(!d.is_dead(0));
    }

    #[test]
    fn regions_join_around_a_box_in_a_room() {
        let level =
            crate::xsb::parse_level("#######\n#     #\n# .$  #\n#   @ #\n#######\n").unwrap();
        let b = Board::new(&level).unwrap();
        let d = Distances::new(&b);
        let at = |r, c| b.square(level.cell(r, c).unwrap());
        // The worker can walk round the box: one push left.
        assert_eq!(d.row_for(at(2, 3), at(3, 4)), &[1]);
        // A box in a corner of the room is dead.
        assert!(d.is_dead(at(1, 1)));
        // Along a wall with no goal on it: dead too; in the open: live.
        assert!(d.is_dead(at(1, 2)));
        assert!(d.is_dead(at(3, 2)));
        assert!(!d.is_dead(at(2, 4)));
    }
}
