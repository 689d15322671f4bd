//! Positions packed into a `u64`, and the move table the search runs on.
//!
//! Pieces are interchangeable, so a position is the multiset of the cells
//! they stand on: the cells' ids (in the table's own topological numbering)
//! sorted ascending, one byte per piece (up to [`MAX_PIECES`]), piece i in
//! bits 8i..8i+8 and unused bytes zero. Two positions are equal exactly when
//! their packed words are.
//!
//! [`Table`] compiles a [`Board`] into per-cell destination rows for every
//! roll, so a move is two array reads, an occupancy test is a few word
//! operations, and re-sorting slides one byte; [`Table::for_each_move`]
//! enumerates the legal moves of a packed position, moving one piece per
//! occupied cell (pieces sharing the start are the same choice).
//!
//! ```
//! use boardkit_yut::{state::Table, Board};
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
///
/// Internally cells are renumbered in topological order (the start is 0,
/// the end the largest id), so a move always raises a piece's id: the
/// moved piece only slides towards the high bytes, and pieces on the end
/// fill the top bytes. Every cell this type takes or gives is a board id.
#[derive(Clone, Debug)]
pub struct Table {
    /// `dest[cell][roll]`: where a piece on `cell` stops after `roll` (rolls
    /// 1..=5; the end's row is unused).
    dest: Vec<[u8; 6]>,
    /// The points for stopping on each cell.
    points: Vec<u32>,
    /// Board id of each internal id.
    board_id: Vec<usize>,
    end: u8,
    pieces: usize,
    /// Ones in the low bit of each used byte.
    ones: u64,
}

/// Packs the bytes into a word.
#[inline]
fn pack(cells: &[u8; MAX_PIECES]) -> u64 {
    u64::from_le_bytes(*cells)
}

/// The cells in an order where every arrow points forward, starting at the
/// start (the only cell without arrows in) and ending at the end (the only
/// one without arrows out); `None` if the board had a cycle.
fn topological(board: &Board) -> Option<Vec<usize>> {
    let n = board.len();
    let mut arrows_in = vec![0usize; n];
    let successors = |c: usize| {
        let cell = board.cell(c);
        [cell.red, cell.blue].into_iter().flatten()
    };
    for c in 0..n {
        for to in successors(c) {
            *arrows_in.get_mut(to)? += 1;
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut ready = vec![board.start()];
    while let Some(c) = ready.pop() {
        order.push(c);
        for to in successors(c) {
            let left = arrows_in.get_mut(to)?;
            *left -= 1;
            if *left == 0 {
                ready.push(to);
            }
        }
    }
    (order.len() == n && order.last() == Some(&board.end())).then_some(order)
}

impl Table {
    /// Compiles `board` for `pieces` pieces (1..=[`MAX_PIECES`]); `None` for
    /// another number of pieces.
    #[must_use]
    pub fn new(board: &Board, pieces: usize) -> Option<Table> {
        if !(1..=MAX_PIECES).contains(&pieces) {
            return None;
        }
        let order = topological(board)?;
        let mut internal = vec![0u8; board.len()];
        for (i, &c) in order.iter().enumerate() {
            *internal.get_mut(c)? = u8::try_from(i).ok()?;
        }
        let mut dest = Vec::with_capacity(board.len());
        let mut points = Vec::with_capacity(board.len());
        for &cell in &order {
            let mut row = [0u8; 6];
            for roll in ROLLS {
                let to = board.destination(cell, roll).unwrap_or(board.end());
                *row.get_mut(usize::from(roll))? = *internal.get(to)?;
            }
            dest.push(row);
            points.push(board.cell(cell).number);
        }
        let ones = u64::MAX >> (8 * (MAX_PIECES - pieces)) & 0x0101_0101_0101_0101;
        Some(Table {
            dest,
            points,
            end: *internal.get(board.end())?,
            board_id: order,
            pieces,
            ones,
        })
    }

    /// The number of pieces.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The largest number on the board: no move scores more.
    #[must_use]
    pub fn max_points(&self) -> u32 {
        self.points.iter().copied().max().unwrap_or(0)
    }

    /// The board id of the start cell.
    #[must_use]
    pub fn start(&self) -> usize {
        self.board_id(0)
    }

    /// The board id of internal cell `c`.
    #[inline]
    fn board_id(&self, c: u8) -> usize {
        self.board_id.get(usize::from(c)).copied().unwrap_or(0)
    }

    /// Every piece on the start.
    #[must_use]
    pub fn initial(&self) -> u64 {
        0
    }

    /// Every piece on the end: the game is over.
    #[must_use]
    pub fn finished(&self) -> u64 {
        self.ones * u64::from(self.end)
    }

    /// The board ids of the cells of a packed position, ascending.
    #[must_use]
    pub fn cells(&self, state: u64) -> Vec<usize> {
        let mut cells: Vec<usize> = state
            .to_le_bytes()
            .iter()
            .take(self.pieces)
            .map(|&c| self.board_id(c))
            .collect();
        cells.sort_unstable();
        cells
    }

    /// Packs a list of board cell ids (any order) into a position.
    #[must_use]
    pub fn pack_cells(&self, positions: &[usize]) -> u64 {
        let mut cells = [0u8; MAX_PIECES];
        for (c, &p) in cells.iter_mut().zip(positions.iter().take(self.pieces)) {
            let internal = self.board_id.iter().position(|&b| b == p).unwrap_or(0);
            *c = u8::try_from(internal).unwrap_or(u8::MAX);
        }
        if let Some(used) = cells.get_mut(..self.pieces) {
            used.sort_unstable();
        }
        pack(&cells)
    }

    /// True when some piece of `state` stands on internal cell `c`: a
    /// zero-byte test on `state` XOR `c` in every used byte.
    #[inline]
    fn occupied(&self, state: u64, c: u8) -> bool {
        let x = state ^ (self.ones * u64::from(c));
        // A borrow only runs upwards from a true zero byte, so the lowest
        // flagged byte is exact and any flag means some used byte is zero.
        (x.wrapping_sub(self.ones) & !x & (self.ones << 7)) != 0
    }

    /// Calls `f(next, points, from, to)` for each legal move of `state` with
    /// `roll` (cells as board ids): one per distinct cell holding a piece
    /// that is not on the end. Nothing is called when every piece is on the
    /// end.
    #[inline]
    pub fn for_each_move(&self, state: u64, roll: u8, mut f: impl FnMut(u64, u32, usize, usize)) {
        self.each_move(state, roll, |next, points, from, to| {
            f(next, points, self.board_id(from), self.board_id(to));
        });
    }

    /// [`Table::for_each_move`] with internal cell ids.
    #[inline]
    // Hot loop: i, j < n = pieces <= 8, the bytes of a packed state.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn each_move(&self, state: u64, roll: u8, mut f: impl FnMut(u64, u32, u8, u8)) {
        let cells = state.to_le_bytes();
        let n = self.pieces;
        let roll = usize::from(roll);
        let mut prev = u8::MAX;
        for i in 0..n {
            let from = cells[i];
            // Pieces on the end fill the top bytes.
            if from == self.end {
                break;
            }
            if from == prev {
                continue;
            }
            prev = from;
            let Some(&to) = self
                .dest
                .get(usize::from(from))
                .and_then(|row| row.get(roll))
            else {
                continue;
            };
            if to != self.end && self.occupied(state, to) {
                continue;
            }
            // `to` is above `from`: slide the higher cells down one byte
            // until `to` fits.
            let mut next = cells;
            let mut j = i;
            while j + 1 < n && next[j + 1] < to {
                next[j] = next[j + 1];
                j += 1;
            }
            next[j] = to;
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
