//! The moving part of a level — the worker and the boxes — and the rules
//! that move them.

use boardkit_grid::Dir;

use crate::level::{Cell, Level};

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

/// Where the worker and the boxes stand.
///
/// Boxes are a bitset over the level's squares (one bit per [`Cell`]), so a
/// box lookup is one load and two states with the same boxes are equal
/// whatever order the boxes were moved in. The number of boxes off goals is
/// kept up to date, so [`State::is_solved`] is free.
///
/// A state belongs to one [`Level`]: the methods that change boxes take the
/// level to know where the goals are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    worker: Cell,
    boxes: Vec<u64>,
    count: u32,
    off_goal: u32,
}

impl State {
    /// A state with no boxes for a level of `cells` squares.
    #[must_use]
    pub(crate) fn empty(cells: usize, worker: Cell) -> State {
        State {
            worker,
            boxes: vec![0; cells.div_ceil(64)],
            count: 0,
            off_goal: 0,
        }
    }

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
            state.add_box(level, b);
        }
        Some(state)
    }

    /// The worker's square.
    #[inline]
    #[must_use]
    pub fn worker(&self) -> Cell {
        self.worker
    }

    /// Moves the worker to `cell` without any check (for searches that
    /// normalise the worker's position).
    #[inline]
    pub fn set_worker(&mut self, cell: Cell) {
        self.worker = cell;
    }

    /// True when a box stands on `cell`.
    #[inline]
    #[must_use]
    pub fn has_box(&self, cell: Cell) -> bool {
        let i = usize::from(cell);
        self.boxes
            .get(i >> 6)
            .is_some_and(|w| (w >> (i & 63)) & 1 != 0)
    }

    /// Puts a box on an empty `cell`.
    pub(crate) fn add_box(&mut self, level: &Level, cell: Cell) {
        let i = usize::from(cell);
        if let Some(w) = self.boxes.get_mut(i >> 6) {
            *w |= 1 << (i & 63);
            self.count += 1;
            if !level.is_goal(cell) {
                self.off_goal += 1;
            }
        }
    }

    /// Moves the box on `from` to the empty square `to`, keeping the count of
    /// boxes off goals. The caller guarantees that a box stands on `from` and
    /// none on `to`.
    #[inline]
    pub fn move_box(&mut self, level: &Level, from: Cell, to: Cell) {
        let (f, t) = (usize::from(from), usize::from(to));
        if let Some(w) = self.boxes.get_mut(f >> 6) {
            *w &= !(1 << (f & 63));
        }
        if let Some(w) = self.boxes.get_mut(t >> 6) {
            *w |= 1 << (t & 63);
        }
        let off = u32::from(!level.is_goal(to));
        let was_off = u32::from(!level.is_goal(from));
        self.off_goal = (self.off_goal + off).saturating_sub(was_off);
    }

    /// The squares holding boxes, in increasing order.
    pub fn boxes(&self) -> impl Iterator<Item = Cell> + '_ {
        self.boxes.iter().enumerate().flat_map(|(wi, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                Cell::try_from(wi * 64 + bit).ok()
            })
        })
    }

    /// The box bitset: bit `i % 64` of word `i / 64` is set when a box
    /// stands on square `i` (for hashing box configurations).
    #[must_use]
    pub fn box_bits(&self) -> &[u64] {
        &self.boxes
    }

    /// The number of boxes.
    #[must_use]
    pub fn box_count(&self) -> usize {
        self.count as usize
    }

    /// The number of boxes not on a goal.
    #[must_use]
    pub fn boxes_off_goal(&self) -> usize {
        self.off_goal as usize
    }

    /// True when every box stands on a goal.
    #[inline]
    #[must_use]
    pub fn is_solved(&self) -> bool {
        self.off_goal == 0
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
        let Some(next) = self.step(state.worker, dir) else {
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
            state.worker = next;
            MoveOutcome::Pushed
        } else {
            state.worker = next;
            MoveOutcome::Moved
        }
    }

    /// Takes back a move in `dir` that succeeded (`pushed` when it pushed a
    /// box): the worker steps back, pulling the box if it had pushed one.
    pub fn undo_move(&self, state: &mut State, dir: Dir, pushed: bool) {
        let here = state.worker;
        let Some(back) = self.step(here, dir.opposite()) else {
            return;
        };
        if pushed {
            if let Some(box_at) = self.step(here, dir) {
                state.move_box(self, box_at, here);
            }
        }
        state.worker = back;
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
    fn boxes_iterate_across_words() {
        let row = format!("#@{}#", "$".repeat(70));
        let goals = format!("#{} #", ".".repeat(70));
        let wall = "#".repeat(73);
        let text = format!("{wall}\n{row}\n{goals}\n{wall}\n");
        let level = parse_level(&text).unwrap();
        let s = level.start();
        let boxes: Vec<Cell> = s.boxes().collect();
        assert_eq!(boxes.len(), 70);
        assert_eq!(s.box_count(), 70);
        assert!(boxes.windows(2).all(|w| w[0] < w[1]));
        assert!(boxes.iter().all(|&b| s.has_box(b)));
        assert_eq!(s.boxes_off_goal(), 70);
    }
}
