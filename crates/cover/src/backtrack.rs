//! The reference counter: plain backtracking.
//!
//! Find the first white cell not yet covered in row-major order; every
//! covering puts some piece's anchor (its first cell in row-major order)
//! there, so try each shape anchored on it and recurse. Each covering is
//! reached exactly once. Exponential, and obviously right: the tests check
//! the frontier DP against it.

use crate::{Board, PieceSet};

/// Counts the coverings of `board` by `pieces`, one covering at a time.
///
/// The count is a `u64`: the search visits every covering, so no run that
/// finishes can exceed it.
///
/// ```
/// use boardkit_cover::{backtrack, Board, PieceSet};
///
/// // 2 x 3 inside a frame: two coverings.
/// let b = Board::from_rows(&["#####", "#...#", "#...#", "#####"]).unwrap();
/// assert_eq!(backtrack::count(&b, &PieceSet::named("l3").unwrap()), 2);
/// ```
#[must_use]
pub fn count(board: &Board, pieces: &PieceSet) -> u64 {
    let (h, w) = (board.height(), board.width());
    let shapes: Vec<Vec<(isize, isize)>> = pieces.shapes().iter().map(|s| s.anchored()).collect();
    let mut covered: Vec<bool> = board.cells().iter().map(|&white| !white).collect();
    search(&mut covered, h, w, &shapes, 0)
}

/// Marks `cells` (indices into `covered`, all in range) covered or not.
fn set(covered: &mut [bool], cells: &[usize], value: bool) {
    for &i in cells {
        if let Some(c) = covered.get_mut(i) {
            *c = value;
        }
    }
}

fn search(
    covered: &mut [bool],
    h: usize,
    w: usize,
    shapes: &[Vec<(isize, isize)>],
    from: usize,
) -> u64 {
    let Some(first) = (from..h * w).find(|&i| covered.get(i) == Some(&false)) else {
        return 1;
    };
    let (r, c) = (first / w, first % w);
    let mut total = 0;
    for shape in shapes {
        let cells: Option<Vec<usize>> = shape
            .iter()
            .map(|&(dr, dc)| {
                let rr = r.checked_add_signed(dr).filter(|&x| x < h)?;
                let cc = c.checked_add_signed(dc).filter(|&x| x < w)?;
                let i = rr * w + cc;
                (covered.get(i) == Some(&false)).then_some(i)
            })
            .collect();
        if let Some(cells) = cells {
            set(covered, &cells, true);
            total += search(covered, h, w, shapes, first + 1);
            set(covered, &cells, false);
        }
    }
    total
}
