//! Splitting a board into its white regions.
//!
//! A piece is connected, so it lies inside one edge-connected region of
//! white cells, and the coverings of a board are the products of the
//! coverings of its regions. Each region is counted on its own bounding box,
//! which keeps the frontier as narrow as the region rather than the board.

use std::borrow::Cow;

use crate::budget::{Budget, Clock};
use crate::limits::CoverError;
use crate::Board;

/// One edge-connected region of white cells, cut out of its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region<'a> {
    /// Board row of the bounding box's top edge.
    pub top: usize,
    /// Board column of the bounding box's left edge.
    pub left: usize,
    /// The bounding box, white exactly on the region's cells (the board
    /// itself when it is all white).
    pub board: Cow<'a, Board>,
}

/// A cell not reached yet.
const UNSEEN: u8 = 0;
/// A cell of the region being cut.
const CURRENT: u8 = 1;
/// A cell of a region already cut.
const DONE: u8 = 2;

/// The white regions of `board`, ordered by their first cell in row-major
/// order.
///
/// Memory, taken from `budget` before it is allocated: a byte per cell for
/// the labels, the stack of the flood fill (8 bytes per cell of the largest
/// region at most; given back at the end) and each region's bounding box
/// (a byte per cell; kept). An all-white board is its own region, with no
/// copy.
pub(crate) fn regions<'a>(
    board: &'a Board,
    budget: &mut Budget,
    clock: &Clock,
) -> Result<Vec<Region<'a>>, CoverError> {
    let (h, w) = (board.height(), board.width());
    let n = h * w;
    let whites = board.white_count();
    if whites == n {
        return Ok(if n == 0 {
            Vec::new()
        } else {
            vec![Region {
                top: 0,
                left: 0,
                board: Cow::Borrowed(board),
            }]
        });
    }
    let cells = board.cells();
    budget.take(n as u64)?;
    let mut label = vec![UNSEEN; n];
    let mut todo: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    let mut stack_bytes = 0u64;
    let result = (|| {
        for start in 0..n {
            if start % w.max(1) == 0 {
                clock.check(0, n)?;
            }
            if label.get(start) != Some(&UNSEEN) || !cells.get(start).copied().unwrap_or(false) {
                continue;
            }
            let (mut top, mut bottom, mut left, mut right) =
                (start / w, start / w, start % w, start % w);
            if let Some(l) = label.get_mut(start) {
                *l = CURRENT;
            }
            todo.push_within(start, whites, budget, &mut stack_bytes)?;
            while let Some(i) = todo.pop() {
                let (r, c) = (i / w, i % w);
                top = top.min(r);
                bottom = bottom.max(r);
                left = left.min(c);
                right = right.max(c);
                let neighbours = [
                    (r > 0).then(|| i - w),
                    (r + 1 < h).then(|| i + w),
                    (c > 0).then(|| i - 1),
                    (c + 1 < w).then(|| i + 1),
                ];
                for j in neighbours.into_iter().flatten() {
                    if cells.get(j) == Some(&true) && label.get(j) == Some(&UNSEEN) {
                        if let Some(l) = label.get_mut(j) {
                            *l = CURRENT;
                        }
                        todo.push_within(j, whites, budget, &mut stack_bytes)?;
                    }
                }
            }
            // The box holds this region's cells (CURRENT) and maybe cells of
            // others (DONE or UNSEEN): only the former become white.
            let (rh, rw) = (bottom - top + 1, right - left + 1);
            budget.take((rh * rw) as u64)?;
            let mut white = vec![false; rh * rw];
            for rr in 0..rh {
                for cc in 0..rw {
                    let i = (top + rr) * w + left + cc;
                    match label.get_mut(i) {
                        Some(l) if *l == CURRENT => {
                            *l = DONE;
                            if let Some(cell) = white.get_mut(rr * rw + cc) {
                                *cell = true;
                            }
                        }
                        _ => {}
                    }
                }
            }
            if let Some(board) = Board::from_cells(rh, rw, white) {
                out.push(Region {
                    top,
                    left,
                    board: Cow::Owned(board),
                });
            }
        }
        Ok(())
    })();
    budget.release(n as u64 + stack_bytes);
    result.map(|()| out)
}

/// Pushing onto the flood fill's stack with its growth taken from the
/// budget.
trait PushWithin {
    /// Pushes `x`; when the stack is full, first grows it (doubling, but
    /// never past `most` entries) and takes the new bytes from `budget`.
    fn push_within(
        &mut self,
        x: usize,
        most: usize,
        budget: &mut Budget,
        taken: &mut u64,
    ) -> Result<(), CoverError>;
}

impl PushWithin for Vec<usize> {
    fn push_within(
        &mut self,
        x: usize,
        most: usize,
        budget: &mut Budget,
        taken: &mut u64,
    ) -> Result<(), CoverError> {
        if self.len() == self.capacity() {
            let more = self
                .capacity()
                .max(64)
                .min(most.saturating_sub(self.capacity()))
                .max(1);
            let bytes = (more * std::mem::size_of::<usize>()) as u64;
            budget.take(bytes)?;
            *taken += bytes;
            self.reserve_exact(more);
        }
        self.push(x);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_cut_to_their_boxes() {
        let b = Board::from_rows(&["..#.", "#.#.", "##..", "...."]).unwrap();
        let limits = crate::Limits::default();
        let mut budget = Budget::new(&limits, 4, 4);
        let r = regions(&b, &mut budget, &Clock::start(&limits)).unwrap();
        // The two boxes stay: 2 x 2 and 4 x 4 bytes.
        assert_eq!(budget.used, 4 + 16);
        assert_eq!(r.len(), 2);
        assert_eq!((r[0].top, r[0].left), (0, 0));
        assert_eq!(r[0].board.to_string(), "..\n#.\n");
        assert_eq!((r[1].top, r[1].left), (0, 0));
        assert_eq!(r[1].board.to_string(), "###.\n###.\n##..\n....\n");
        // An all-white board is its own region, nothing taken.
        let full = Board::rectangle(3, 5);
        let mut budget = Budget::new(&limits, 3, 5);
        let r = regions(&full, &mut budget, &Clock::start(&limits)).unwrap();
        assert!(matches!(&r[0].board, Cow::Borrowed(b) if *b == &full));
        assert_eq!(budget.used, 0);
        // 16 labels are more than 15 bytes.
        let mut budget = Budget::new(
            &crate::Limits {
                memory: 15,
                ..crate::Limits::default()
            },
            4,
            4,
        );
        assert!(matches!(
            regions(&b, &mut budget, &Clock::start(&limits)),
            Err(CoverError::Prepare {
                bytes: 16,
                limit: 15,
                ..
            })
        ));
    }
}
