//! Freeze deadlocks: boxes that can never move again.
//!
//! A box is blocked along an axis (left–right or up–down) when a wall is on
//! either side, when both squares on that axis are dead squares (pushing it
//! there loses anyway), or when a box on either side is itself frozen. A
//! box blocked along both axes is frozen. Frozen boxes never move, so a
//! frozen box off a goal makes the state unsolvable.
//!
//! While checking a box the boxes already under examination count as walls
//! (the usual way to cut cycles: a group of boxes that block each other is
//! frozen as a whole). A box found *not* frozen is released again, with
//! everything assumed beneath it, so that no conclusion rests on a
//! disproved assumption.

use super::compact::{Board, NONE};
use super::distance::Distances;

const UP: usize = 0;
const DOWN: usize = 1;
const LEFT: usize = 2;
const RIGHT: usize = 3;

/// What the freeze check says of one box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Frozen {
    /// It can still move.
    No,
    /// It is frozen, and so is every box of its group, all on goals.
    OnGoals,
    /// It belongs to a frozen group holding a box off a goal.
    Deadlock,
}

/// Work arrays of the freeze check.
#[derive(Clone, Debug)]
pub(crate) struct Freeze {
    wall: Vec<bool>,
    marked: Vec<u16>,
    frozen: Vec<u16>,
}

impl Freeze {
    /// Work arrays for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Freeze {
        Freeze {
            wall: vec![false; len],
            marked: Vec::new(),
            frozen: Vec::new(),
        }
    }

    /// True when the box on `s` (with boxes where `occupied` says) belongs
    /// to a frozen group holding a box off a goal.
    pub(crate) fn deadlocked(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        s: u16,
    ) -> bool {
        self.check(board, dist, occupied, s) == Frozen::Deadlock
    }

    /// Whether the box on `s` is frozen, and with what.
    pub(crate) fn check(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        s: u16,
    ) -> Frozen {
        self.marked.clear();
        self.frozen.clear();
        let result = if !self.is_frozen(board, dist, occupied, s) {
            Frozen::No
        } else if self.frozen.iter().any(|&b| !board.is_goal(b)) {
            Frozen::Deadlock
        } else {
            Frozen::OnGoals
        };
        self.release();
        result
    }

    /// Appends to `out` (empty on entry) every frozen box of `boxes`, each
    /// once.
    pub(crate) fn all(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        boxes: &[u16],
        out: &mut Vec<u16>,
    ) {
        for &b in boxes {
            if out.contains(&b) {
                continue;
            }
            self.marked.clear();
            self.frozen.clear();
            if self.is_frozen(board, dist, occupied, b) {
                for &f in &self.frozen {
                    if !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
            self.release();
        }
    }

    /// Clears the wall marks of the last check.
    fn release(&mut self) {
        for &m in &self.marked {
            if let Some(w) = self.wall.get_mut(usize::from(m)) {
                *w = false;
            }
        }
    }

    fn is_frozen(&mut self, board: &Board, dist: &Distances, occupied: &[bool], s: u16) -> bool {
        let (marked, frozen) = (self.marked.len(), self.frozen.len());
        if let Some(w) = self.wall.get_mut(usize::from(s)) {
            *w = true;
        }
        self.marked.push(s);
        let result = self.axis_blocked(board, dist, occupied, s, LEFT, RIGHT)
            && self.axis_blocked(board, dist, occupied, s, UP, DOWN);
        if result {
            self.frozen.push(s);
        } else {
            for &m in self.marked.get(marked..).unwrap_or(&[]) {
                if let Some(w) = self.wall.get_mut(usize::from(m)) {
                    *w = false;
                }
            }
            self.marked.truncate(marked);
            self.frozen.truncate(frozen);
        }
        result
    }

    fn axis_blocked(
        &mut self,
        board: &Board,
        dist: &Distances,
        occupied: &[bool],
        s: u16,
        d1: usize,
        d2: usize,
    ) -> bool {
        let a = board.nbr(s, d1);
        let b = board.nbr(s, d2);
        if a == NONE || b == NONE || self.is_wall(a) || self.is_wall(b) {
            return true;
        }
        if dist.is_dead(a) && dist.is_dead(b) {
            return true;
        }
        let has_box = |x: u16| occupied.get(usize::from(x)).copied().unwrap_or(false);
        (has_box(a) && self.is_frozen(board, dist, occupied, a))
            || (has_box(b) && self.is_frozen(board, dist, occupied, b))
    }

    #[inline]
    fn is_wall(&self, s: u16) -> bool {
        self.wall.get(usize::from(s)).copied().unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, row: usize, col: usize) -> bool {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::new(&board);
        let mut occ = vec![false; board.len()];
        for b in level.start().boxes() {
            occ[usize::from(board.square(b))] = true;
        }
        let s = board.square(level.cell(row, col).unwrap());
        Freeze::new(board.len()).deadlocked(&board, &dist, &occ, s)
    }

    #[test]
    fn two_boxes_against_a_wall() {
        // Two boxes side by side against the top wall: both frozen.
        let text = "#######\n#  $$.#\n#  .  #\n# @   #\n#######\n";
        assert!(check(text, 1, 3));
        // One of them alone can slide along the wall to the goal.
        let text = "#######\n#  $ .#\n#  .  #\n# @ $ #\n#######\n";
        assert!(!check(text, 1, 3));
        // A box alone against a wall with no goal on it: dead on both
        // sides, so frozen.
        let text = "#######\n#  $  #\n#  .. #\n# @ $ #\n#######\n";
        assert!(check(text, 1, 3));
    }

    #[test]
    fn frozen_on_goals_is_fine() {
        let text = "######\n#  **#\n#  $.#\n# @  #\n######\n";
        assert!(!check(text, 1, 3));
        // The same pair with one box off its goal is a deadlock.
        let text = "######\n#  $*#\n#  . #\n# @  #\n######\n";
        assert!(check(text, 1, 3));
    }

    #[test]
    fn square_of_four_is_frozen() {
        let text = "########\n#      #\n# $$   #\n# $$ @ #\n#  ....#\n########\n";
        assert!(check(text, 2, 2));
        // A box that is blocked only by one that can still move is free.
        let text = "########\n#      #\n# $    #\n# $  @ #\n#  ..  #\n#      #\n########\n";
        assert!(!check(text, 2, 2));
    }
}
