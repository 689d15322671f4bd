//! Positions and a small rectangular grid.

use std::ops::{Index, IndexMut};

use crate::Dir;

/// A cell position: row and column, both counted from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    /// Row, 0 at the top.
    pub row: usize,
    /// Column, 0 at the left.
    pub col: usize,
}

impl Pos {
    /// The position at `row`, `col`.
    #[must_use]
    pub const fn new(row: usize, col: usize) -> Pos {
        Pos { row, col }
    }
}

/// A rectangular grid of `rows` × `cols` cells stored row-major.
///
/// Indexing with a [`Pos`] outside the grid panics, like a slice; use
/// [`Grid::get`] where the position comes from input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    rows: usize,
    cols: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `value`.
    #[must_use]
    pub fn new(rows: usize, cols: usize, value: T) -> Grid<T> {
        Grid {
            rows,
            cols,
            cells: vec![value; rows * cols],
        }
    }
}

impl<T> Grid<T> {
    /// A grid from its cells in row-major order, or `None` when the number of
    /// cells is not `rows * cols`.
    #[must_use]
    pub fn from_vec(rows: usize, cols: usize, cells: Vec<T>) -> Option<Grid<T>> {
        (rows.checked_mul(cols) == Some(cells.len())).then_some(Grid { rows, cols, cells })
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// True when `pos` lies inside the grid.
    #[must_use]
    pub fn contains(&self, pos: Pos) -> bool {
        pos.row < self.rows && pos.col < self.cols
    }

    /// The cell at `pos`, or `None` outside the grid.
    #[must_use]
    pub fn get(&self, pos: Pos) -> Option<&T> {
        if self.contains(pos) {
            self.cells.get(pos.row * self.cols + pos.col)
        } else {
            None
        }
    }

    /// The cell at `pos` for writing, or `None` outside the grid.
    pub fn get_mut(&mut self, pos: Pos) -> Option<&mut T> {
        if self.contains(pos) {
            self.cells.get_mut(pos.row * self.cols + pos.col)
        } else {
            None
        }
    }

    /// The neighbour of `pos` one step in `dir`, or `None` when that leaves
    /// the grid.
    #[must_use]
    pub fn step(&self, pos: Pos, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        let row = pos.row.checked_add_signed(dr)?;
        let col = pos.col.checked_add_signed(dc)?;
        let next = Pos::new(row, col);
        self.contains(next).then_some(next)
    }

    /// All cells in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// All cells in row-major order, for writing.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The rows, top to bottom, each a slice of `cols` cells.
    pub fn iter_rows(&self) -> impl Iterator<Item = &[T]> {
        self.cells.chunks(self.cols.max(1)).take(self.rows)
    }

    /// Every position in row-major order.
    pub fn positions(&self) -> impl Iterator<Item = Pos> {
        let cols = self.cols;
        (0..self.rows).flat_map(move |r| (0..cols).map(move |c| Pos::new(r, c)))
    }

    /// A new grid with `f` applied to every cell.
    #[must_use]
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

// `Index` panics outside the grid by contract, like a slice (checked by the
// assert first); code reached by input uses `get`.
#[allow(clippy::indexing_slicing)]
impl<T> Index<Pos> for Grid<T> {
    type Output = T;

    fn index(&self, pos: Pos) -> &T {
        assert!(self.contains(pos), "position {pos:?} outside the grid");
        &self.cells[pos.row * self.cols + pos.col]
    }
}

// As for `Index`.
#[allow(clippy::indexing_slicing)]
impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, pos: Pos) -> &mut T {
        assert!(self.contains(pos), "position {pos:?} outside the grid");
        &mut self.cells[pos.row * self.cols + pos.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_stays_inside() {
        let g = Grid::new(3, 4, ' ');
        assert_eq!(g.step(Pos::new(0, 0), Dir::Up), None);
        assert_eq!(g.step(Pos::new(0, 0), Dir::Left), None);
        assert_eq!(g.step(Pos::new(0, 0), Dir::Down), Some(Pos::new(1, 0)));
        assert_eq!(g.step(Pos::new(2, 3), Dir::Down), None);
        assert_eq!(g.step(Pos::new(2, 3), Dir::Right), None);
        assert_eq!(g.step(Pos::new(2, 3), Dir::Up), Some(Pos::new(1, 3)));
    }

    #[test]
    fn rows_and_positions() {
        let g = Grid::from_vec(2, 3, vec![1, 2, 3, 4, 5, 6]).unwrap();
        let rows: Vec<&[i32]> = g.iter_rows().collect();
        assert_eq!(rows, vec![&[1, 2, 3][..], &[4, 5, 6][..]]);
        assert_eq!(g.positions().count(), 6);
        assert_eq!(g[Pos::new(1, 0)], 4);
        assert_eq!(g.get(Pos::new(2, 0)), None);
        assert_eq!(g.map(|v| v * 10).cells(), &[10, 20, 30, 40, 50, 60]);
        assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_none());
    }
}
