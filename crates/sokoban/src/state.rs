//! The moving part of a level: the worker and the boxes.
//!
//! A [`State`] knows squares only by number ([`Cell`]); what a square is
//! (wall, goal) belongs to the [`Level`](crate::Level), so the operations
//! that need it — [`State::new`], [`State::move_box`] and the rules — live
//! in [`crate::rules`].

use crate::cell::Cell;

/// Where the worker and the boxes stand.
///
/// Boxes are a bitset over the level's squares (one bit per [`Cell`]), so a
/// box lookup is one load and two states with the same boxes are equal
/// whatever order the boxes were moved in. The number of boxes off goals is
/// kept up to date, so [`State::is_solved`] is free.
///
/// A state belongs to one [`Level`](crate::Level): the methods that change
/// boxes take the level to know where the goals are.
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

    /// Puts a box on an empty `cell`; `on_goal` when the square is a goal.
    pub(crate) fn put_box(&mut self, cell: Cell, on_goal: bool) {
        let i = usize::from(cell);
        if let Some(w) = self.boxes.get_mut(i >> 6) {
            *w |= 1 << (i & 63);
            self.count += 1;
            if !on_goal {
                self.off_goal += 1;
            }
        }
    }

    /// Moves the box on `from` to the empty square `to`, keeping the count
    /// of boxes off goals (`from_goal`, `to_goal`: whether each square is a
    /// goal). The caller guarantees that a box stands on `from` and none on
    /// `to`.
    #[inline]
    pub(crate) fn shift_box(&mut self, from: Cell, to: Cell, from_goal: bool, to_goal: bool) {
        let (f, t) = (usize::from(from), usize::from(to));
        if let Some(w) = self.boxes.get_mut(f >> 6) {
            *w &= !(1 << (f & 63));
        }
        if let Some(w) = self.boxes.get_mut(t >> 6) {
            *w |= 1 << (t & 63);
        }
        let off = u32::from(!to_goal);
        let was_off = u32::from(!from_goal);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_iterate_across_words() {
        let mut s = State::empty(200, 0);
        let cells: Vec<Cell> = (1..=70).map(|i| i * 2 + 1).collect();
        for (k, &c) in cells.iter().enumerate() {
            s.put_box(c, k % 10 == 0);
        }
        assert_eq!(s.box_bits().len(), 4);
        assert_eq!(s.boxes().collect::<Vec<_>>(), cells);
        assert_eq!(s.box_count(), 70);
        assert_eq!(s.boxes_off_goal(), 63);
        assert!(cells.iter().all(|&c| s.has_box(c)));
        assert!(!s.has_box(2) && !s.has_box(64) && !s.has_box(199));
        s.shift_box(3, 2, true, false);
        assert_eq!(s.boxes().take(2).collect::<Vec<_>>(), vec![2, 5]);
        assert_eq!(s.boxes_off_goal(), 64);
        assert!(!s.is_solved());
    }
}
