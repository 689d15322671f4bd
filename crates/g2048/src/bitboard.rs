//! The 4 × 4 board in a `u64`, moved through row lookup tables.
//!
//! Cell (row, col) is the nibble at bit `4 * (4 * row + col)`; each nibble is
//! an exponent 0..=15. A left move looks up each 16-bit row in a table of all
//! 65,536 precomputed results; right uses a second table; up and down
//! transpose the board, use the same tables on its rows (the old columns) and
//! transpose back. A merge of two 2^15 tiles would need a 2^16 tile, which does
//! not fit: the tables then keep 2^15 and flag the move as overflowing, so the
//! caller can fall back to the generic [`Board`](crate::Board).

use std::sync::LazyLock;

use boardkit_grid::Dir;

use crate::slide::slide_line;

/// A 4 × 4 board packed as 16 nibbles of exponents.
///
/// ```
/// use boardkit_2048::Bitboard;
/// use boardkit_grid::Dir;
///
/// // Top row 2 2 4 4, everything else empty.
/// let b = Bitboard::from_rows([[1, 1, 2, 2], [0; 4], [0; 4], [0; 4]]);
/// let m = b.slide_scored(Dir::Left);
/// assert_eq!(m.board.rows()[0], [2, 3, 0, 0]);
/// assert_eq!(m.score, 4 + 8);
/// assert!(!m.overflow);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Bitboard(pub u64);

/// The result of a move with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slid {
    /// The board after the move.
    pub board: Bitboard,
    /// The sum of the values of the merged tiles.
    pub score: u32,
    /// True when two 2^15 tiles merged: the bitboard cannot hold the result
    /// and `board` is not exact.
    pub overflow: bool,
}

const ROW_MASK: u64 = 0xFFFF;
const OVERFLOW_FLAG: u32 = 1 << 31;

/// Precomputed results for every 16-bit row.
struct Tables {
    left: Vec<u16>,
    right: Vec<u16>,
    /// Score of the left move of a row, with [`OVERFLOW_FLAG`] when it merges
    /// two 15s.
    left_score: Vec<u32>,
    right_score: Vec<u32>,
}

fn unpack_row(row: u16) -> [u8; 4] {
    let mut cells = [0u8; 4];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = ((row >> (4 * i)) & 0xF) as u8;
    }
    cells
}

fn pack_row(cells: [u8; 4]) -> u16 {
    cells
        .iter()
        .enumerate()
        .fold(0u16, |acc, (i, &c)| acc | (u16::from(c.min(15)) << (4 * i)))
}

fn reverse_row(row: u16) -> u16 {
    (row >> 12) | ((row >> 4) & 0x00F0) | ((row << 4) & 0x0F00) | (row << 12)
}

impl Tables {
    // The tables have 65,536 entries: any u16 row indexes them.
    #[allow(clippy::indexing_slicing)]
    fn build() -> Tables {
        let size = 1 << 16;
        let mut t = Tables {
            left: vec![0; size],
            right: vec![0; size],
            left_score: vec![0; size],
            right_score: vec![0; size],
        };
        for row in 0..=u16::MAX {
            let mut cells = unpack_row(row);
            let out = slide_line(&mut cells);
            let overflow = cells.iter().any(|&c| c > 15);
            let score = u32::try_from(out.score).unwrap_or(u32::MAX) & !OVERFLOW_FLAG;
            let flagged = if overflow {
                score | OVERFLOW_FLAG
            } else {
                score
            };
            let result = pack_row(cells);
            let i = usize::from(row);
            let r = usize::from(reverse_row(row));
            t.left[i] = result;
            t.left_score[i] = flagged;
            t.right[r] = reverse_row(result);
            t.right_score[r] = flagged;
        }
        t
    }
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// Builds the lookup tables now rather than on the first move (useful before
/// timing something).
pub fn init_tables() {
    LazyLock::force(&TABLES);
}

impl Bitboard {
    /// The empty board.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// A board from exponents, row by row (values above 15 are cut to 15).
    #[must_use]
    pub fn from_rows(rows: [[u8; 4]; 4]) -> Bitboard {
        let mut bits = 0u64;
        for (r, row) in rows.iter().enumerate() {
            bits |= u64::from(pack_row(*row)) << (16 * r);
        }
        Bitboard(bits)
    }

    /// The exponents, row by row.
    #[must_use]
    pub fn rows(self) -> [[u8; 4]; 4] {
        let mut rows = [[0u8; 4]; 4];
        for (r, row) in rows.iter_mut().enumerate() {
            *row = unpack_row(((self.0 >> (16 * r)) & ROW_MASK) as u16);
        }
        rows
    }

    /// The exponent at cell `index` = 4 × row + col (0..16).
    #[must_use]
    pub fn cell(self, index: usize) -> u8 {
        ((self.0 >> (4 * (index & 15))) & 0xF) as u8
    }

    /// The board with cell `index` set to `exp` (cut to 4 bits).
    #[must_use]
    pub fn with_cell(self, index: usize, exp: u8) -> Bitboard {
        let shift = 4 * (index & 15);
        Bitboard((self.0 & !(0xF << shift)) | (u64::from(exp & 0xF) << shift))
    }

    /// The generic board with the same tiles.
    #[must_use]
    pub fn to_board(self) -> crate::Board {
        let cells = (0..16).map(|i| self.cell(i)).collect();
        match crate::Board::from_exponents(4, cells) {
            Ok(b) => b,
            Err(_) => unreachable!("16 exponents of at most 15 always make a 4 x 4 board"),
        }
    }

    /// The board mirrored along its main diagonal (rows become columns).
    #[must_use]
    pub fn transpose(self) -> Bitboard {
        let x = self.0;
        let a1 = x & 0xF0F0_0F0F_F0F0_0F0F;
        let a2 = x & 0x0000_F0F0_0000_F0F0;
        let a3 = x & 0x0F0F_0000_0F0F_0000;
        let a = a1 | (a2 << 12) | (a3 >> 12);
        let b1 = a & 0xFF00_FF00_00FF_00FF;
        let b2 = a & 0x00FF_00FF_0000_0000;
        let b3 = a & 0x0000_0000_FF00_FF00;
        Bitboard(b1 | (b2 >> 24) | (b3 << 24))
    }

    /// The board mirrored left to right (column c becomes column 3 − c).
    #[must_use]
    #[inline]
    pub fn mirror(self) -> Bitboard {
        let x = self.0;
        Bitboard(
            ((x & 0x000F_000F_000F_000F) << 12)
                | ((x & 0x00F0_00F0_00F0_00F0) << 4)
                | ((x & 0x0F00_0F00_0F00_0F00) >> 4)
                | ((x & 0xF000_F000_F000_F000) >> 12),
        )
    }

    /// The board flipped top to bottom (row r becomes row 3 − r).
    #[must_use]
    #[inline]
    pub fn flip(self) -> Bitboard {
        let x = self.0;
        Bitboard((x << 48) | ((x & 0xFFFF_0000) << 16) | ((x >> 16) & 0xFFFF_0000) | (x >> 48))
    }

    /// Number of empty cells.
    #[must_use]
    pub fn empty_count(self) -> u32 {
        let mut x = self.0;
        x |= (x >> 2) & 0x3333_3333_3333_3333;
        x |= x >> 1;
        x = !x & 0x1111_1111_1111_1111;
        x.count_ones()
    }

    /// The largest exponent on the board.
    #[must_use]
    pub fn max_exponent(self) -> u8 {
        (0..16).map(|i| self.cell(i)).max().unwrap_or(0)
    }

    // Hot loop: a row is 16 bits and the tables have 65,536 entries.
    #[allow(clippy::indexing_slicing)]
    fn rows_through(self, table: &[u16]) -> u64 {
        let x = self.0;
        let mut out = 0u64;
        for r in 0..4 {
            let row = ((x >> (16 * r)) & ROW_MASK) as usize;
            out |= u64::from(table[row]) << (16 * r);
        }
        out
    }

    // Hot loop: a row is 16 bits and the tables have 65,536 entries.
    #[allow(clippy::indexing_slicing)]
    fn score_through(self, table: &[u32]) -> u32 {
        let x = self.0;
        (0..4).fold(0u32, |acc, r| {
            let s = table[((x >> (16 * r)) & ROW_MASK) as usize];
            (acc | (s & OVERFLOW_FLAG)).wrapping_add(s & !OVERFLOW_FLAG)
        })
    }

    /// The board after a move in `dir` (without the score). If two 2^15
    /// tiles merge the result keeps 2^15; see [`Bitboard::slide_scored`].
    #[must_use]
    #[inline]
    pub fn slide(self, dir: Dir) -> Bitboard {
        let t = &*TABLES;
        match dir {
            Dir::Left => Bitboard(self.rows_through(&t.left)),
            Dir::Right => Bitboard(self.rows_through(&t.right)),
            Dir::Up => Bitboard(self.transpose().rows_through(&t.left)).transpose(),
            Dir::Down => Bitboard(self.transpose().rows_through(&t.right)).transpose(),
        }
    }

    /// The board after a move in `dir`, with its score and overflow flag.
    #[must_use]
    pub fn slide_scored(self, dir: Dir) -> Slid {
        let t = &*TABLES;
        let flagged = match dir {
            Dir::Left => self.score_through(&t.left_score),
            Dir::Right => self.score_through(&t.right_score),
            Dir::Up => self.transpose().score_through(&t.left_score),
            Dir::Down => self.transpose().score_through(&t.right_score),
        };
        Slid {
            board: self.slide(dir),
            score: flagged & !OVERFLOW_FLAG,
            overflow: flagged & OVERFLOW_FLAG != 0,
        }
    }

    /// The boards after a move in each direction, in the order of
    /// [`Dir::ALL`] (up, down, left, right), sharing one transpose; the
    /// search's inner loop.
    #[must_use]
    #[inline]
    pub fn slides(self) -> [Bitboard; 4] {
        let t = &*TABLES;
        let tr = self.transpose();
        [
            Bitboard(tr.rows_through(&t.left)).transpose(),
            Bitboard(tr.rows_through(&t.right)).transpose(),
            Bitboard(self.rows_through(&t.left)),
            Bitboard(self.rows_through(&t.right)),
        ]
    }

    /// Like [`Bitboard::slides`], each board paired with its transpose
    /// (which the up and down moves compute anyway).
    #[must_use]
    #[inline]
    pub fn slides_transposed(self) -> [(Bitboard, Bitboard); 4] {
        let t = &*TABLES;
        let tr = self.transpose();
        let up = Bitboard(tr.rows_through(&t.left));
        let down = Bitboard(tr.rows_through(&t.right));
        let left = Bitboard(self.rows_through(&t.left));
        let right = Bitboard(self.rows_through(&t.right));
        [
            (up.transpose(), up),
            (down.transpose(), down),
            (left, left.transpose()),
            (right, right.transpose()),
        ]
    }

    /// The moves that change the board.
    #[must_use]
    pub fn legal_moves(self) -> crate::Moves {
        let mut moves = crate::Moves::NONE;
        for dir in Dir::ALL {
            if self.slide(dir) != self {
                moves.insert(dir);
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use proptest::prelude::*;

    #[test]
    fn transpose_swaps_rows_and_columns() {
        let b = Bitboard::from_rows([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]);
        assert_eq!(
            b.transpose().rows(),
            [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 0]]
        );
        assert_eq!(b.transpose().transpose(), b);
        assert_eq!(b.empty_count(), 1);
        assert_eq!(Bitboard::EMPTY.empty_count(), 16);
        assert_eq!(b.max_exponent(), 15);
    }

    #[test]
    fn overflow_is_flagged() {
        let b = Bitboard::from_rows([[15, 15, 0, 0], [0; 4], [0; 4], [0; 4]]);
        let m = b.slide_scored(Dir::Left);
        assert!(m.overflow);
        assert_eq!(m.score, 1 << 16);
        assert!(!b.slide_scored(Dir::Down).overflow);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn equals_generic_board(cells in proptest::collection::vec(
            prop_oneof![4 => Just(0u8), 8 => 1u8..=14, 1 => Just(15u8)], 16)) {
            let board = Board::from_exponents(4, cells).unwrap();
            let bb = board.to_bitboard().unwrap();
            prop_assert_eq!(bb.to_board(), board.clone());
            for dir in Dir::ALL {
                let (expected, out) = board.slid(dir);
                let m = bb.slide_scored(dir);
                let overflow = expected.max_exponent() > 15;
                // An overflowing merge keeps 2^15 in the bitboard and is flagged.
                let capped: Vec<u8> = expected.exponents().iter().map(|&e| e.min(15)).collect();
                let got = m.board.to_board();
                prop_assert_eq!(got.exponents(), &capped[..]);
                prop_assert_eq!(u128::from(m.score), out.score);
                prop_assert_eq!(m.overflow, overflow);
                prop_assert_eq!(bb.slide(dir), m.board);
                prop_assert_eq!(bb.legal_moves().contains(dir), out.changed);
            }
            prop_assert_eq!(bb.legal_moves(), board.legal_moves());
            prop_assert_eq!(bb.slides(), Dir::ALL.map(|d| bb.slide(d)));
            prop_assert_eq!(
                bb.slides_transposed(),
                Dir::ALL.map(|d| (bb.slide(d), bb.slide(d).transpose()))
            );
        }
    }
}
