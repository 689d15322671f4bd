//! Positions packed into a `u64`, and the move table the search runs on.
//!
//! Pieces are interchangeable, so a position is the multiset of the cells
//! they stand on: the cell ids sorted ascending, one byte per piece (up to
//! [`MAX_PIECES`]), piece i in bits 8i..8i+8 and unused bytes zero. Two
//! positions are equal exactly when their packed words are.
//!
//! [`Table`] compiles a [`Board`] into per-cell destination rows for every
//! roll, so a move is two array reads; [`Table::for_each_move`] enumerates
//! the legal moves of a packed position, moving one piece per occupied cell
//! (pieces sharing the start are the same choice).
//!
//! ```
//! use yut::{state::Table, Board};
//!
//! let b = Board::standard();
//! let t = Table::new(&b, 2).unwrap();
//! let mut moves = Vec::new();
//! t.for_each_move(t.initial(), 5, |next, points, _, _| moves.push((next, points)));
//! assert_eq!(moves.len(), 1); // both pieces are on the start: one choice
//! assert_eq!(t.cells(moves[0].0), vec![0, 5]); // start and the outer 10
//! assert_eq!(moves[0].1, 10);
//! ```

use crate::rules::ROLLS;
use crate::Board;

/// The most pieces a position holds (8 bytes of a `u64`).
pub const MAX_PIECES: usize = 8;

/// The board compiled for the search, for a fixed number of pieces.
#[derive(Clone, Debug)]
pub struct Table {
    /// `dest[cell][roll]`: where a piece on `cell` stops after `roll` (rolls
    /// 1..=5; the end's row is unused).
    dest: Vec<[u8; 6]>,
    /// The points for stopping on each cell.
    points: Vec<u32>,
    start: u8,
    end: u8,
    pieces: usize,
}

/// Packs the first `n` bytes of `cells` (sorted) into a word.
#[inline]
fn pack(cells: &[u8; MAX_PIECES]) -> u64 {
    u64::from_le_bytes(*cells)
}

impl Table {
    /// Compiles `board` for `pieces` pieces (1..=[`MAX_PIECES`]); `None` for
    /// another number of pieces.
    #[must_use]
    pub fn new(board: &Board, pieces: usize) -> Option<Table> {
        if !(1..=MAX_PIECES).contains(&pieces) {
            return None;
        }
        let id = |c: usize| u8::try_from(c).ok();
        let mut dest = Vec::with_capacity(board.len());
        for cell in 0..board.len() {
            let mut row = [0u8; 6];
            for roll in ROLLS {
                let to = board.destination(cell, roll).unwrap_or(board.end());
                *row.get_mut(usize::from(roll))? = id(to)?;
            }
            dest.push(row);
        }
        Some(Table {
            dest,
            points: board.cells().iter().map(|c| c.number).collect(),
            start: id(board.start())?,
            end: id(board.end())?,
            pieces,
        })
    }

    /// The number of pieces.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The start cell.
    #[must_use]
    pub fn start(&self) -> usize {
        usize::from(self.start)
    }

    /// Every piece on the start.
    #[must_use]
    pub fn initial(&self) -> u64 {
        self.all_on(self.start)
    }

    /// Every piece on the end: the game is over.
    #[must_use]
    pub fn finished(&self) -> u64 {
        self.all_on(self.end)
    }

    fn all_on(&self, cell: u8) -> u64 {
        let mut cells = [0u8; MAX_PIECES];
        for c in cells.iter_mut().take(self.pieces) {
            *c = cell;
        }
        pack(&cells)
    }

    /// The cells of a packed position, ascending.
    #[must_use]
    pub fn cells(&self, state: u64) -> Vec<usize> {
        state
            .to_le_bytes()
            .iter()
            .take(self.pieces)
            .map(|&c| usize::from(c))
            .collect()
    }

    /// Packs a list of cells (any order) into a position.
    #[must_use]
    pub fn pack_cells(&self, positions: &[usize]) -> u64 {
        let mut cells = [0u8; MAX_PIECES];
        for (c, &p) in cells.iter_mut().zip(positions.iter().take(self.pieces)) {
            *c = u8::try_from(p).unwrap_or(u8::MAX);
        }
        if let Some(used) = cells.get_mut(..self.pieces) {
            used.sort_unstable();
        }
        pack(&cells)
    }

    /// Calls `f(next, points, from, to)` for each legal move of `state` with
    /// `roll`: one per distinct cell holding a piece that is not on the end.
    /// Nothing is called when every piece is on the end.
    #[inline]
    pub fn for_each_move(&self, state: u64, roll: u8, mut f: impl FnMut(u64, u32, u8, u8)) {
        let cells = state.to_le_bytes();
        let n = self.pieces;
        let roll = usize::from(roll);
        let mut prev = None;
        for i in 0..n {
            let from = cells[i];
            if from == self.end || prev == Some(from) {
                prev = Some(from);
                continue;
            }
            prev = Some(from);
            let Some(&to) = self
                .dest
                .get(usize::from(from))
                .and_then(|row| row.get(roll))
            else {
                continue;
            };
            if to != self.end && cells[..n].contains(&to) {
                continue;
            }
            let mut next = cells;
            next[i] = to;
            let mut j = i;
            while j + 1 < n && next[j] > next[j + 1] {
                next.swap(j, j + 1);
                j += 1;
            }
            while j > 0 && next[j - 1] > next[j] {
                next.swap(j - 1, j);
                j -= 1;
            }
            let points = self.points.get(usize::from(to)).copied().unwrap_or(0);
            f(pack(&next), points, from, to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_keep_positions_sorted_and_skip_duplicates() {
        let b = Board::standard();
        let t = Table::new(&b, 4).unwrap();
        let ten = b.find("10").unwrap();
        let state = t.pack_cells(&[b.end(), ten, b.start(), b.start()]);
        assert_eq!(t.cells(state), vec![0, 0, 5, 32]);
        let mut seen = Vec::new();
        t.for_each_move(state, 5, |next, points, from, to| {
            seen.push((t.cells(next), points, from, to));
        });
        // From the start 5 steps lands on the occupied 10: illegal. From the
        // blue 10, 5 steps: 13 16 19 25 30 (the 30 after 25, id 30).
        assert_eq!(seen, vec![(vec![0, 0, 30, 32], 30, 5, 30)]);
        assert!(Table::new(&b, 0).is_none());
        assert!(Table::new(&b, 9).is_none());
        let mut none = true;
        t.for_each_move(t.finished(), 1, |_, _, _, _| none = false);
        assert!(none);
    }
}
