//! PI-corral pruning.
//!
//! A *corral* is an area the worker cannot reach, shut off by walls and
//! boxes. Here a corral `C` is a set of empty unreachable squares (one
//! connected area, or all of them together) and its *barrier* `B` is the
//! set of boxes next to `C`. Nothing can enter `C` until a box of `B`
//! moves: every square next to `C` is a wall, a barrier box, or in `C`.
//!
//! `C` is a *PI-corral* when every push of a barrier box that could ever
//! be the first push of a barrier box — its worker square is not a wall,
//! not in `C` and not a barrier box, and its target square is not a wall,
//! not a barrier box and not a dead square — goes into `C` (**I**) and can
//! be made right now (**P**: the worker reaches its square; the target, in
//! `C`, is empty). If moreover the corral is not finished (a barrier box is
//! off a goal, or `C` holds an empty goal), every solution must push a
//! barrier box at some point, and its first such push can be made first:
//! the pushes before it only move boxes outside `B` and never use a square
//! of `C`, and doing the barrier push earlier only frees a square for the
//! worker. So the search need only try the pushes of the barrier boxes,
//! with no loss of solutions and no loss of push-optimality (the
//! reordered solution has as many pushes). When a PI-corral has no such
//! push at all, the state is a deadlock.
//!
//! (This is the pruning of Brian Damgaard's YASS and of JSoko, restated and
//! argued here from scratch; the tests check it against a brute force.)

use super::compact::{opposite, Board, NONE};
use super::distance::Distances;
use super::reach::Reach;

/// What the corral analysis says about a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pruning {
    /// No PI-corral: try every push.
    None,
    /// Try only the pushes of boxes marked in the `allowed` array.
    Restrict,
    /// A PI-corral with no push at all: the state is unsolvable.
    Deadlock,
}

/// Work arrays of the corral analysis.
#[derive(Clone, Debug)]
pub(crate) struct Corral {
    /// Area number of each empty unreachable square (0 = none).
    area: Vec<u16>,
    /// Squares of each area, in one list, with `starts` marking areas.
    squares: Vec<u16>,
    starts: Vec<usize>,
    /// Barrier marks for the candidate being checked.
    barrier: Vec<u32>,
    barrier_stamp: u32,
    barrier_list: Vec<u16>,
    best: Vec<u16>,
    best_area: Vec<u16>,
    stack: Vec<u16>,
}

impl Corral {
    /// Work arrays for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Corral {
        Corral {
            area: vec![0; len],
            squares: Vec::new(),
            starts: Vec::new(),
            barrier: vec![0; len],
            barrier_stamp: 0,
            barrier_list: Vec::new(),
            best: Vec::new(),
            best_area: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// Looks for the PI-corral with the fewest pushes; on
    /// [`Pruning::Restrict`] marks its barrier boxes in `allowed` (and only
    /// them).
    pub(crate) fn analyse(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        reach: &Reach,
        allowed: &mut [bool],
    ) -> Pruning {
        let n = board.len();
        let occ = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(true);
        self.area.iter_mut().for_each(|a| *a = 0);
        self.squares.clear();
        self.starts.clear();
        let mut areas: u16 = 0;
        for s in 0..n {
            let Ok(s) = u16::try_from(s) else { break };
            if occ(s) || reach.reached(s) || self.area[usize::from(s)] != 0 {
                continue;
            }
            areas = areas.saturating_add(1);
            self.starts.push(self.squares.len());
            self.area[usize::from(s)] = areas;
            self.stack.push(s);
            while let Some(x) = self.stack.pop() {
                self.squares.push(x);
                for d in 0..4 {
                    let y = board.nbr(x, d);
                    if y != NONE
                        && !occ(y)
                        && !reach.reached(y)
                        && self.area.get(usize::from(y)) == Some(&0)
                    {
                        self.area[usize::from(y)] = areas;
                        self.stack.push(y);
                    }
                }
            }
        }
        if areas == 0 {
            return Pruning::None;
        }
        self.starts.push(self.squares.len());

        // Candidates: each area alone (0 = all areas together).
        let mut best: Option<usize> = None;
        let candidates = if areas > 1 { areas + 1 } else { 1 };
        for c in 1..=candidates {
            let whole = c > areas;
            let (lo, hi) = if whole {
                (0, self.squares.len())
            } else {
                let k = usize::from(c - 1);
                (self.starts[k], self.starts[k + 1])
            };
            let in_c = |s: u16, area: &[u16]| {
                let a = area.get(usize::from(s)).copied().unwrap_or(0);
                a != 0 && (whole || a == c)
            };
            // The barrier.
            self.barrier_stamp = self.barrier_stamp.wrapping_add(1);
            if self.barrier_stamp == 0 {
                self.barrier.iter_mut().for_each(|b| *b = 0);
                self.barrier_stamp = 1;
            }
            let stamp = self.barrier_stamp;
            self.barrier_list.clear();
            let mut unfinished = false;
            for &x in &self.squares[lo..hi] {
                if board.is_goal(x) {
                    unfinished = true;
                }
                for d in 0..4 {
                    let y = board.nbr(x, d);
                    if y != NONE && occ(y) && self.barrier[usize::from(y)] != stamp {
                        self.barrier[usize::from(y)] = stamp;
                        self.barrier_list.push(y);
                        if !board.is_goal(y) {
                            unfinished = true;
                        }
                    }
                }
            }
            if !unfinished {
                continue;
            }
            let in_b = |s: u16, barrier: &[u32]| barrier.get(usize::from(s)) == Some(&stamp);
            let mut pushes = 0;
            let mut pi = true;
            'boxes: for &b in &self.barrier_list {
                for d in 0..4 {
                    let p = board.nbr(b, opposite(d));
                    let y = board.nbr(b, d);
                    if p == NONE
                        || y == NONE
                        || in_c(p, &self.area)
                        || in_b(p, &self.barrier)
                        || in_b(y, &self.barrier)
                        || dist.is_dead(y)
                    {
                        continue; // can never be the first barrier push
                    }
                    if in_c(y, &self.area) && reach.reached(p) {
                        pushes += 1;
                    } else {
                        pi = false;
                        break 'boxes;
                    }
                }
            }
            if !pi {
                continue;
            }
            if pushes == 0 {
                return Pruning::Deadlock;
            }
            if best.is_none_or(|b| pushes < b) {
                best = Some(pushes);
                self.best.clear();
                self.best.extend_from_slice(&self.barrier_list);
                self.best_area.clear();
                self.best_area.extend_from_slice(&self.squares[lo..hi]);
            }
        }
        if best.is_none() {
            return Pruning::None;
        }
        allowed.iter_mut().for_each(|a| *a = false);
        for &b in &self.best {
            if let Some(a) = allowed.get_mut(usize::from(b)) {
                *a = true;
            }
        }
        Pruning::Restrict
    }
}

impl Corral {
    /// The barrier boxes and the squares of the PI-corral the last
    /// [`Corral::analyse`] chose (valid after [`Pruning::Restrict`]).
    pub(crate) fn chosen(&self) -> (&[u16], &[u16]) {
        (&self.best, &self.best_area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analyse(text: &str) -> (Pruning, Vec<(usize, usize)>) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::new(&board);
        let mut occ = vec![false; board.len()];
        for b in level.start().boxes() {
            occ[usize::from(board.square(b))] = true;
        }
        let mut reach = Reach::new(board.len());
        reach.fill(&board, &occ, board.square(level.start().worker()));
        let mut allowed = vec![false; board.len()];
        let p = Corral::new(board.len()).analyse(&board, &dist, &occ, &reach, &mut allowed);
        let marked = (0..board.len())
            .filter(|&s| allowed[s])
            .map(|s| {
                let pos = level.pos(board.cell(s as u16));
                (pos.row, pos.col)
            })
            .collect();
        (p, marked)
    }

    #[test]
    fn a_closed_room_restricts_to_its_door() {
        // The room behind the box at (2,5) can only be opened by pushing
        // that box right; the other box is free but need not be tried.
        let text = "##########\n#    #   #\n#.$ @$  .#\n#    #   #\n##########\n";
        let (p, marked) = analyse(text);
        assert_eq!(p, Pruning::Restrict);
        assert_eq!(marked, vec![(2, 5)]);
        // With the goal outside and the box inside on its goal the room is
        // finished: no pruning.
        let text = "##########\n#    #   #\n#.$ @*   #\n#    #   #\n##########\n";
        assert_eq!(analyse(text).0, Pruning::None);
    }

    #[test]
    fn no_corral_no_pruning() {
        let (p, _) = analyse("#######\n#     #\n# $ . #\n#  @  #\n#######\n");
        assert_eq!(p, Pruning::None);
        // In a corridor the squares beyond the box are a corral.
        let (p, marked) = analyse("#######\n#@ $ .#\n#######\n");
        assert_eq!((p, marked), (Pruning::Restrict, vec![(1, 3)]));
    }
}
