//! The rules: what a key press does to a [`State`] of a [`Level`], and how
//! it is taken back.
//!
//! * [`Level::try_move`] applies a key press and says what happened
//!   ([`MoveOutcome`]); [`Level::undo_move`] takes a successful one back.
//! * [`Step`]: one key press as recorded, its direction and whether it
//!   pushed — the unit of a game's history, of LURD solutions and of the
//!   solver's answers.
//! * The operations of a [`State`] that need the level's squares:
//!   [`State::new`] (a state the level allows) and [`State::move_box`] (a
//!   push made directly, for searches).

use boardkit_grid::Dir;

use crate::cell::Cell;
use crate::level::Level;
use crate::state::State;

/// What a key press did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveOutcome {
    /// The worker stepped onto an empty square.
    Moved,
    /// The worker pushed a box one square and followed it.
    Pushed,
    /// Nothing happened: a wall, or a box with a wall or a box behind it.
    Blocked,
}

impl MoveOutcome {
    /// True unless blocked.
    #[must_use]
    pub fn changed(self) -> bool {
        self != MoveOutcome::Blocked
    }
}

/// One key press that moved the worker: its direction and whether it
/// pushed a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The direction the worker went.
    pub dir: Dir,
    /// True when it pushed a box.
    pub pushed: bool,
}

impl Step {
    /// The LURD letter: lower case for a move, upper case for a push.
    ///
    /// ```
    /// use boardkit_grid::Dir;
    /// use boardkit_sokoban::Step;
    /// assert_eq!(Step { dir: Dir::Left, pushed: true }.letter(), 'L');
    /// assert_eq!(Step { dir: Dir::Up, pushed: false }.letter(), 'u');
    /// ```
    #[must_use]
    pub fn letter(self) -> char {
        let c = self.dir.letter();
        if self.pushed {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

impl State {
    /// A state of `level` with the worker and boxes on the given squares,
    /// or `None` when a square is not floor inside the walls, a box is given
    /// twice, the worker stands on a box, or the number of boxes differs
    /// from the number of goals.
    ///
    /// ```
    /// let level = boardkit_sokoban::xsb::parse_level("######\n#@$ .#\n######\n").unwrap();
    /// let s = boardkit_sokoban::State::new(&level, 7, &[10]).unwrap();
    /// assert_eq!(s.boxes().collect::<Vec<_>>(), vec![10]);
    /// assert!(s.is_solved());
    /// assert!(boardkit_sokoban::State::new(&level, 8, &[8]).is_none());
    /// ```
    #[must_use]
    pub fn new(level: &Level, worker: Cell, boxes: &[Cell]) -> Option<State> {
        if !level.is_floor(worker) || boxes.len() != level.box_count() {
            return None;
        }
        let mut state = State::empty(level.len(), worker);
        for &b in boxes {
            if !level.is_floor(b) || b == worker || state.has_box(b) {
                return None;
            }
            state.put_box(b, level.is_goal(b));
        }
        Some(state)
    }

    /// Moves the box on `from` to the empty square `to`, keeping the count of
    /// boxes off goals. The caller guarantees that a box stands on `from` and
    /// none on `to`.
    #[inline]
    pub fn move_box(&mut self, level: &Level, from: Cell, to: Cell) {
        self.shift_box(from, to, level.is_goal(from), level.is_goal(to));
    }
}

impl Level {
    /// Applies one key press to `state`: the worker steps in `dir`, pushing
    /// a box if one is there and the square behind it is empty floor.
    ///
    /// ```
    /// use boardkit_grid::Dir;
    /// use boardkit_sokoban::MoveOutcome;
    ///
    /// let level = boardkit_sokoban::xsb::parse_level("######\n#@$$.#\n#   .#\n######\n").unwrap();
    /// let mut s = level.start().clone();
    /// assert_eq!(level.try_move(&mut s, Dir::Right), MoveOutcome::Blocked); // two boxes
    /// assert_eq!(level.try_move(&mut s, Dir::Down), MoveOutcome::Moved);
    /// assert_eq!(level.try_move(&mut s, Dir::Down), MoveOutcome::Blocked); // wall
    /// ```
    #[inline]
    pub fn try_move(&self, state: &mut State, dir: Dir) -> MoveOutcome {
        let Some(next) = self.step(state.worker(), dir) else {
            return MoveOutcome::Blocked;
        };
        if !self.is_floor(next) {
            return MoveOutcome::Blocked;
        }
        if state.has_box(next) {
            let Some(beyond) = self.step(next, dir) else {
                return MoveOutcome::Blocked;
            };
            if !self.is_floor(beyond) || state.has_box(beyond) {
                return MoveOutcome::Blocked;
            }
            state.move_box(self, next, beyond);
            state.set_worker(next);
            MoveOutcome::Pushed
        } else {
            state.set_worker(next);
            MoveOutcome::Moved
        }
    }

    /// Takes back a move in `dir` that succeeded (`pushed` when it pushed a
    /// box): the worker steps back, pulling the box if it had pushed one.
    pub fn undo_move(&self, state: &mut State, dir: Dir, pushed: bool) {
        let here = state.worker();
        let Some(back) = self.step(here, dir.opposite()) else {
            return;
        };
        if pushed {
            if let Some(box_at) = self.step(here, dir) {
                state.move_box(self, box_at, here);
            }
        }
        state.set_worker(back);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xsb::parse_level;

    #[test]
    fn push_onto_and_off_goals_keeps_count() {
        let level = parse_level("#######\n#@$.  #\n#######\n").unwrap();
        let mut s = level.start().clone();
        assert_eq!(s.boxes_off_goal(), 1);
        assert_eq!(level.try_move(&mut s, Dir::Right), MoveOutcome::Pushed);
        assert!(s.is_solved());
        assert_eq!(level.try_move(&mut s, Dir::Right), MoveOutcome::Pushed);
        assert!(!s.is_solved());
        assert_eq!(level.try_move(&mut s, Dir::Right), MoveOutcome::Pushed);
        assert_eq!(level.try_move(&mut s, Dir::Right), MoveOutcome::Blocked);
        assert_eq!(s.boxes().collect::<Vec<_>>(), vec![12]);
        level.undo_move(&mut s, Dir::Right, true);
        level.undo_move(&mut s, Dir::Right, true);
        assert!(s.is_solved());
        level.undo_move(&mut s, Dir::Right, true);
        assert_eq!(&s, level.start());
    }

    #[test]
    fn new_state_checks_squares() {
        let level = parse_level("#######\n#@ $ .#\n#######\n").unwrap();
        let start = level.start();
        let same = State::new(&level, start.worker(), &[10]).unwrap();
        assert_eq!(&same, start);
        assert_eq!(same.boxes_off_goal(), 1);
        let solved = State::new(&level, 8, &[12]).unwrap();
        assert!(solved.is_solved());
        // A wall, the worker on the box, two boxes for one goal.
        assert_eq!(State::new(&level, 0, &[10]), None);
        assert_eq!(State::new(&level, 10, &[10]), None);
        assert_eq!(State::new(&level, 8, &[10, 11]), None);
    }
}
