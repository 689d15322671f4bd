//! From box moves to key presses.
//!
//! The search records states, not keys: between a node and its child one
//! box went from one square to another (one push, or several in a macro).
//! To write the solution in LURD this module finds, for each such step,
//! the worker's walk and pushes: a shortest path over (box square, worker
//! square) pairs with the other boxes fixed, fewest pushes first and then
//! fewest moves, that starts where the worker really stands and ends with
//! the box on its new square and the worker where the child state allows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::rules::Step;

use super::compact::{dir, opposite, Board, NONE};

/// Cost of a push in the lexicographic (pushes, moves) order.
const PUSH: u64 = 1 << 32;

/// Work arrays of the path search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Paths {
    /// Cost and how reached, of each (box, worker) pair seen: a map, so
    /// that memory follows the pairs visited, not the square of the board.
    seen: FxHashMap<usize, (u64, u8)>,
    heap: BinaryHeap<Reverse<(u64, usize)>>,
}

/// How one state of the path search was reached: the direction index, and
/// whether it pushed (bit 2); 255 for the start.
const START: u8 = 255;

impl Paths {
    /// The steps that take the box on `from` to `to` with the worker
    /// starting on `worker` and ending on a square where `accept` holds,
    /// the other boxes standing where `occupied` says (`from` not marked).
    /// Fewest pushes, then fewest moves. `None` when impossible.
    pub(crate) fn box_move(
        &mut self,
        board: &Board,
        occupied: &[bool],
        from: u16,
        to: u16,
        worker: u16,
        accept: impl Fn(u16) -> bool,
    ) -> Option<(Vec<Step>, u16)> {
        let n = board.len();
        let id = |b: u16, w: u16| usize::from(b) * n + usize::from(w);
        self.seen.clear();
        self.heap.clear();
        let free = |s: u16| s != NONE && !occupied.get(usize::from(s)).copied().unwrap_or(true);
        self.seen.insert(id(from, worker), (0, START));
        self.heap.push(Reverse((0, id(from, worker))));
        let mut end = None;
        while let Some(Reverse((c, state))) = self.heap.pop() {
            if self.seen.get(&state).map(|s| s.0) != Some(c) {
                continue;
            }
            let b = u16::try_from(state / n).ok()?;
            let w = u16::try_from(state % n).ok()?;
            if b == to && accept(w) {
                end = Some(state);
                break;
            }
            for d in 0..4 {
                let w2 = board.nbr(w, d);
                if !free(w2) {
                    continue;
                }
                let (b2, step_cost, pushed) = if w2 == b {
                    let b2 = board.nbr(b, d);
                    if !free(b2) {
                        continue;
                    }
                    (b2, PUSH + 1, 4)
                } else {
                    (b, 1, 0)
                };
                let next = id(b2, w2);
                let nc = c + step_cost;
                if self.seen.get(&next).is_none_or(|s| nc < s.0) {
                    self.seen
                        .insert(next, (nc, u8::try_from(d).unwrap_or(0) | pushed));
                    self.heap.push(Reverse((nc, next)));
                }
            }
        }
        let end = end?;
        let mut steps = Vec::new();
        let mut state = end;
        loop {
            let how = self.seen.get(&state)?.1;
            if how == START {
                break;
            }
            let d = usize::from(how & 3);
            let pushed = how & 4 != 0;
            steps.push(Step {
                dir: dir(d),
                pushed,
            });
            let b = u16::try_from(state / n).ok()?;
            let w = u16::try_from(state % n).ok()?;
            let back = opposite(d);
            let pw = board.nbr(w, back);
            let pb = if pushed { board.nbr(b, back) } else { b };
            state = id(pb, pw);
        }
        steps.reverse();
        Some((steps, u16::try_from(end % n).ok()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_round_and_pushes() {
        let level = crate::xsb::parse_level("#######\n#     #\n#.$@  #\n#######\n").unwrap();
        let board = Board::new(&level).unwrap();
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let occ = vec![false; board.len()];
        let mut p = Paths::default();
        let (steps, end) = p
            .box_move(&board, &occ, sq(2, 2), sq(2, 1), sq(2, 3), |_| true)
            .unwrap();
        assert_eq!(crate::lurd::write(&steps), "L");
        assert_eq!(end, sq(2, 2));
        // Pushing it right needs a walk round the box first.
        let (steps, _) = p
            .box_move(&board, &occ, sq(2, 2), sq(2, 4), sq(2, 3), |_| true)
            .unwrap();
        assert_eq!(crate::lurd::write(&steps), "ulldRR");
        assert!(p
            .box_move(&board, &occ, sq(2, 2), sq(1, 2), sq(2, 3), |_| true)
            .is_none());
    }
}
