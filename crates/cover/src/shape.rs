//! A fixed polyomino: a set of cells in one orientation.

use std::fmt;

/// A fixed (oriented) polyomino: its cells as (row, column), normalised so
/// that the smallest row and the smallest column are 0, sorted row-major.
///
/// The first cell in row-major order is the *anchor*: the counters place a
/// shape by putting its anchor on the first cell not yet covered.
///
/// ```
/// use boardkit_cover::Shape;
///
/// let l = Shape::from_drawing(&["##", "#."]).unwrap();
/// assert_eq!(l.cells(), &[(0, 0), (0, 1), (1, 0)]);
/// assert_eq!(l.rotate().to_string(), "##\n.#\n");
/// assert_eq!(l.reflect().to_string(), "##\n.#\n");
/// assert_eq!(l.anchored(), vec![(0, 0), (0, 1), (1, 0)]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    cells: Vec<(usize, usize)>,
}

impl Shape {
    /// A shape from any non-empty set of cells (duplicates are dropped); it is
    /// moved so that its smallest row and column are 0.
    #[must_use]
    pub fn new(cells: &[(isize, isize)]) -> Option<Shape> {
        let min_r = cells.iter().map(|c| c.0).min()?;
        let min_c = cells.iter().map(|c| c.1).min()?;
        let mut out: Vec<(usize, usize)> = cells
            .iter()
            .filter_map(|&(r, c)| {
                Some((
                    usize::try_from(r - min_r).ok()?,
                    usize::try_from(c - min_c).ok()?,
                ))
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        Some(Shape { cells: out })
    }

    /// A shape drawn in rows of `#` (cell) and `.` (no cell); `None` when the
    /// drawing has no `#` or another character.
    #[must_use]
    pub fn from_drawing(rows: &[&str]) -> Option<Shape> {
        let mut cells = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '#' => cells.push((isize::try_from(r).ok()?, isize::try_from(c).ok()?)),
                    '.' => {}
                    _ => return None,
                }
            }
        }
        Shape::new(&cells)
    }

    /// The cells, row-major, normalised to start at row 0 and column 0.
    #[must_use]
    pub fn cells(&self) -> &[(usize, usize)] {
        &self.cells
    }

    /// The number of cells.
    #[must_use]
    pub fn size(&self) -> usize {
        self.cells.len()
    }

    /// Rows spanned.
    #[must_use]
    pub fn height(&self) -> usize {
        self.cells.iter().map(|c| c.0 + 1).max().unwrap_or(0)
    }

    /// Columns spanned.
    #[must_use]
    pub fn width(&self) -> usize {
        self.cells.iter().map(|c| c.1 + 1).max().unwrap_or(0)
    }

    fn signed(&self) -> impl Iterator<Item = (isize, isize)> + '_ {
        self.cells.iter().map(|&(r, c)| {
            (
                isize::try_from(r).unwrap_or(isize::MAX),
                isize::try_from(c).unwrap_or(isize::MAX),
            )
        })
    }

    fn mapped(&self, f: impl Fn((isize, isize)) -> (isize, isize)) -> Shape {
        let cells: Vec<_> = self.signed().map(f).collect();
        Shape::new(&cells).unwrap_or_else(|| self.clone())
    }

    /// The shape turned a quarter clockwise.
    #[must_use]
    pub fn rotate(&self) -> Shape {
        self.mapped(|(r, c)| (c, -r))
    }

    /// The shape's mirror image (left and right swapped).
    #[must_use]
    pub fn reflect(&self) -> Shape {
        self.mapped(|(r, c)| (r, -c))
    }

    /// The shape mirrored in its main diagonal ((r, c) becomes (c, r)), as
    /// when the board is transposed.
    #[must_use]
    pub fn transpose(&self) -> Shape {
        self.mapped(|(r, c)| (c, r))
    }

    /// True when the cells are connected through shared edges.
    #[must_use]
    pub fn is_connected(&self) -> bool {
        let Some(&first) = self.cells.first() else {
            return false;
        };
        let mut seen = vec![first];
        let mut todo = vec![first];
        while let Some((r, c)) = todo.pop() {
            for next in [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ] {
                if self.cells.binary_search(&next).is_ok() && !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
        seen.len() == self.cells.len()
    }

    /// The cells relative to the anchor (the first cell in row-major order):
    /// the anchor is (0, 0), every other cell lies in a later row, or in the
    /// same row further right.
    #[must_use]
    pub fn anchored(&self) -> Vec<(isize, isize)> {
        let (ar, ac) = self.signed().next().unwrap_or((0, 0));
        self.signed().map(|(r, c)| (r - ar, c - ac)).collect()
    }
}

impl fmt::Display for Shape {
    /// The shape drawn in `#` and `.`, one line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.height() {
            for c in 0..self.width() {
                let cell = self.cells.binary_search(&(r, c)).is_ok();
                f.write_str(if cell { "#" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_cycle_and_reflections_pair() {
        let s = Shape::from_drawing(&["###", "#.."]).unwrap();
        let r4 = s.rotate().rotate().rotate().rotate();
        assert_eq!(r4, s);
        assert_eq!(s.reflect().reflect(), s);
        assert_eq!(s.transpose().transpose(), s);
        assert_eq!(s.rotate().to_string(), "##\n.#\n.#\n");
        assert_eq!(s.transpose().to_string(), "##\n#.\n#.\n");
        assert_eq!(s.size(), 4);
        assert_eq!((s.height(), s.width()), (2, 3));
    }

    #[test]
    fn anchor_is_first_cell_row_major() {
        let s = Shape::from_drawing(&[".#", "##"]).unwrap();
        assert_eq!(s.anchored(), vec![(0, 0), (1, -1), (1, 0)]);
    }

    #[test]
    fn connectivity() {
        assert!(Shape::from_drawing(&["#.", "##"]).unwrap().is_connected());
        assert!(!Shape::from_drawing(&["#.", ".#"]).unwrap().is_connected());
        assert!(Shape::from_drawing(&["..", ".."]).is_none());
        assert!(Shape::from_drawing(&["#x"]).is_none());
    }
}
