//! Splitting a board into its white regions.
//!
//! A piece is connected, so it lies inside one edge-connected region of
//! white cells, and the coverings of a board are the products of the
//! coverings of its regions. Each region is counted on its own bounding box,
//! which keeps the frontier as narrow as the region rather than the board.

use boardkit_grid::Pos;

use crate::Board;

/// One edge-connected region of white cells, cut out of its board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    /// Board row of the bounding box's top edge.
    pub top: usize,
    /// Board column of the bounding box's left edge.
    pub left: usize,
    /// The bounding box, white exactly on the region's cells.
    pub board: Board,
}

/// The white regions of `board`, ordered by their first cell in row-major
/// order.
pub(crate) fn regions(board: &Board) -> Vec<Region> {
    let (h, w) = (board.height(), board.width());
    let mut label: Vec<usize> = vec![usize::MAX; h * w];
    let mut out = Vec::new();
    for start in 0..h * w {
        if label.get(start) != Some(&usize::MAX)
            || !board.cells().get(start).copied().unwrap_or(false)
        {
            continue;
        }
        let id = out.len();
        let mut cells = vec![start];
        let mut todo = vec![start];
        if let Some(l) = label.get_mut(start) {
            *l = id;
        }
        while let Some(i) = todo.pop() {
            let (r, c) = (i / w, i % w);
            let mut visit = |rr: usize, cc: usize| {
                let j = rr * w + cc;
                if board.is_white(Pos::new(rr, cc)) && label.get(j) == Some(&usize::MAX) {
                    if let Some(l) = label.get_mut(j) {
                        *l = id;
                    }
                    cells.push(j);
                    todo.push(j);
                }
            };
            if r > 0 {
                visit(r - 1, c);
            }
            if r + 1 < h {
                visit(r + 1, c);
            }
            if c > 0 {
                visit(r, c - 1);
            }
            if c + 1 < w {
                visit(r, c + 1);
            }
        }
        let top = cells.iter().map(|&i| i / w).min().unwrap_or(0);
        let bottom = cells.iter().map(|&i| i / w).max().unwrap_or(0);
        let left = cells.iter().map(|&i| i % w).min().unwrap_or(0);
        let right = cells.iter().map(|&i| i % w).max().unwrap_or(0);
        let (rh, rw) = (bottom - top + 1, right - left + 1);
        let mut white = vec![false; rh * rw];
        for &i in &cells {
            if let Some(cell) = white.get_mut((i / w - top) * rw + (i % w - left)) {
                *cell = true;
            }
        }
        if let Some(board) = Board::from_cells(rh, rw, white) {
            out.push(Region { top, left, board });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_are_cut_to_their_boxes() {
        let b = Board::from_rows(&["..#.", "#.#.", "##..", "...."]).unwrap();
        let r = regions(&b);
        assert_eq!(r.len(), 2);
        assert_eq!((r[0].top, r[0].left), (0, 0));
        assert_eq!(r[0].board.to_string(), "..\n#.\n");
        assert_eq!((r[1].top, r[1].left), (0, 0));
        assert_eq!(r[1].board.to_string(), "###.\n###.\n##..\n....\n");
    }
}
