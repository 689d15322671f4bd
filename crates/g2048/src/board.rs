//! The N × N board of any size.

use std::fmt;

use boardkit_grid::{counted, Dir};

use crate::slide::{exp_value, slide_line, MoveOutcome};
use crate::Bitboard;

/// The largest board side supported.
pub const MAX_SIZE: usize = 256;

/// The largest exponent a board is built with: 2^127 is the largest tile whose
/// value fits in a `u128`.
pub const MAX_EXPONENT: u8 = 127;

/// The value of the tile with exponent `exp` (0 for an empty cell).
///
/// ```
/// assert_eq!(boardkit_2048::tile_value(0), 0);
/// assert_eq!(boardkit_2048::tile_value(11), 2048);
/// ```
#[must_use]
pub fn tile_value(exp: u8) -> u128 {
    if exp == 0 {
        0
    } else {
        exp_value(exp)
    }
}

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The side is 0 or larger than [`MAX_SIZE`].
    Size(usize),
    /// The number of cells is not N².
    CellCount {
        /// N² cells were expected.
        expected: usize,
        /// This many were given.
        found: usize,
    },
    /// A value that is neither 0 nor a power of two from 2 to 2^127.
    Value(u128),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size(n) => write!(f, "board size {n} is outside 1..={MAX_SIZE}"),
            BoardError::CellCount { expected, found } => {
                write!(f, "expected {}, found {found}", counted(*expected, "cell"))
            }
            BoardError::Value(v) => {
                write!(
                    f,
                    "{v} is not 0 or a power of two from 2 to 2^{MAX_EXPONENT}"
                )
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// The exponent of a tile (a power of two from 2 to 2^[`MAX_EXPONENT`]):
/// `tile_exponent(2048) == Some(11)`; `None` for 0, 1 and non-tiles. Every
/// tile given on a command line goes through here or [`value_exponent`].
///
/// ```
/// use boardkit_2048::tile_exponent;
///
/// assert_eq!(tile_exponent(2048), Some(11));
/// assert_eq!((tile_exponent(0), tile_exponent(1), tile_exponent(3000)), (None, None, None));
/// ```
#[must_use]
pub fn tile_exponent(tile: u128) -> Option<u8> {
    value_exponent(tile).filter(|&e| e > 0)
}

/// The exponent of a tile value: `Some(0)` for 0, `Some(k)` for 2^k with
/// 1 ≤ k ≤ [`MAX_EXPONENT`], `None` otherwise.
#[must_use]
pub fn value_exponent(value: u128) -> Option<u8> {
    match value {
        0 => Some(0),
        1 => None,
        v if v.is_power_of_two() => u8::try_from(v.trailing_zeros()).ok(),
        _ => None,
    }
}

/// A set of move directions (the legal moves of a position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Moves(u8);

impl Moves {
    /// No moves.
    pub const NONE: Moves = Moves(0);

    /// Adds `dir`.
    pub fn insert(&mut self, dir: Dir) {
        self.0 |= 1 << dir.index();
    }

    /// True when `dir` is in the set.
    #[must_use]
    pub fn contains(self, dir: Dir) -> bool {
        self.0 & (1 << dir.index()) != 0
    }

    /// True when the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of moves.
    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The moves in the order up, down, left, right.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |&d| self.contains(d))
    }

    /// The moves in alphabetical order of their names (DOWN, LEFT, RIGHT, UP),
    /// as beecrowd 1559 prints them.
    pub fn alphabetical(self) -> impl Iterator<Item = Dir> {
        [Dir::Down, Dir::Left, Dir::Right, Dir::Up]
            .into_iter()
            .filter(move |&d| self.contains(d))
    }
}

/// An N × N 2048 board; each cell holds an exponent (0 = empty, k = 2^k).
///
/// ```
/// use boardkit_2048::Board;
/// use boardkit_grid::Dir;
///
/// // Three equal tiles: the pair nearest the wall merges.
/// let b = Board::from_values(3, &[2u32, 2, 2, 4, 4, 8, 0, 16, 16]).unwrap();
/// let (after, out) = b.slid(Dir::Left);
/// assert_eq!(after.values(), vec![4, 2, 0, 8, 8, 0, 32, 0, 0]);
/// assert_eq!(out.score, 4 + 8 + 32);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    cells: Vec<u8>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}x{}: {:?})", self.n, self.n, self.cells)
    }
}

impl Board {
    /// An empty N × N board.
    pub fn empty(n: usize) -> Result<Board, BoardError> {
        if n == 0 || n > MAX_SIZE {
            return Err(BoardError::Size(n));
        }
        Ok(Board {
            n,
            cells: vec![0; n * n],
        })
    }

    /// A board from N² exponents in row-major order.
    pub fn from_exponents(n: usize, cells: Vec<u8>) -> Result<Board, BoardError> {
        if n == 0 || n > MAX_SIZE {
            return Err(BoardError::Size(n));
        }
        if cells.len() != n * n {
            return Err(BoardError::CellCount {
                expected: n * n,
                found: cells.len(),
            });
        }
        if let Some(&bad) = cells.iter().find(|&&e| e > MAX_EXPONENT) {
            return Err(BoardError::Value(exp_value(bad)));
        }
        Ok(Board { n, cells })
    }

    /// A board from N² tile values (0 or powers of two) in row-major order.
    pub fn from_values<V: Copy + Into<u128>>(n: usize, values: &[V]) -> Result<Board, BoardError> {
        let cells = values
            .iter()
            .map(|&v| {
                let v = v.into();
                value_exponent(v).ok_or(BoardError::Value(v))
            })
            .collect::<Result<Vec<u8>, BoardError>>()?;
        Board::from_exponents(n, cells)
    }

    /// The side N.
    #[must_use]
    pub fn size(&self) -> usize {
        self.n
    }

    /// The exponents in row-major order.
    #[must_use]
    pub fn exponents(&self) -> &[u8] {
        &self.cells
    }

    /// The tile values in row-major order (0 for empty cells).
    #[must_use]
    pub fn values(&self) -> Vec<u128> {
        self.cells.iter().map(|&e| tile_value(e)).collect()
    }

    /// The exponent at `row`, `col`, or `None` outside the board.
    #[must_use]
    pub fn get(&self, row: usize, col: usize) -> Option<u8> {
        if row < self.n && col < self.n {
            self.cells.get(row * self.n + col).copied()
        } else {
            None
        }
    }

    /// Sets the exponent at `row`, `col`; does nothing outside the board.
    pub fn set(&mut self, row: usize, col: usize, exp: u8) {
        if row < self.n && col < self.n {
            if let Some(cell) = self.cells.get_mut(row * self.n + col) {
                *cell = exp;
            }
        }
    }

    /// The largest exponent on the board (0 when it is empty).
    #[must_use]
    pub fn max_exponent(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// The number of tiles.
    #[must_use]
    pub fn tile_count(&self) -> usize {
        self.cells.iter().filter(|&&e| e != 0).count()
    }

    /// The rows, top to bottom, as exponent slices.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.cells.chunks(self.n)
    }

    /// The rows, top to bottom, as tile values (0 for empty).
    ///
    /// ```
    /// use boardkit_2048::Board;
    ///
    /// let b = Board::from_values(2, &[2u32, 0, 0, 1024]).unwrap();
    /// assert_eq!(b.value_rows(), vec![vec![2, 0], vec![0, 1024]]);
    /// ```
    #[must_use]
    pub fn value_rows(&self) -> Vec<Vec<u128>> {
        self.rows()
            .map(|row| row.iter().map(|&e| tile_value(e)).collect())
            .collect()
    }

    /// The index of the k-th cell of line `line` counted from the wall the
    /// tiles move towards in `dir`.
    fn line_cell(&self, dir: Dir, line: usize, k: usize) -> usize {
        let n = self.n;
        match dir {
            Dir::Left => line * n + k,
            Dir::Right => line * n + (n - 1 - k),
            Dir::Up => k * n + line,
            Dir::Down => (n - 1 - k) * n + line,
        }
    }

    /// Slides every tile in `dir`, in place.
    pub fn slide(&mut self, dir: Dir) -> MoveOutcome {
        let n = self.n;
        let mut out = MoveOutcome::default();
        if dir == Dir::Left {
            for row in self.cells.chunks_mut(n) {
                let o = slide_line(row);
                out.changed |= o.changed;
                out.score = out.score.saturating_add(o.score);
            }
            return out;
        }
        let mut buf = [0u8; MAX_SIZE];
        // `line_cell` of a line and a place below n is below n² = the cells.
        for line in 0..n {
            for (k, slot) in buf.iter_mut().take(n).enumerate() {
                *slot = self
                    .cells
                    .get(self.line_cell(dir, line, k))
                    .copied()
                    .unwrap_or(0);
            }
            let o = slide_line(buf.get_mut(..n).unwrap_or_default());
            if o.changed {
                for (k, &v) in buf.iter().take(n).enumerate() {
                    let i = self.line_cell(dir, line, k);
                    if let Some(cell) = self.cells.get_mut(i) {
                        *cell = v;
                    }
                }
                out.changed = true;
                out.score = out.score.saturating_add(o.score);
            }
        }
        out
    }

    /// The board after sliding in `dir`, and what the move did.
    #[must_use]
    pub fn slid(&self, dir: Dir) -> (Board, MoveOutcome) {
        let mut next = self.clone();
        let out = next.slide(dir);
        (next, out)
    }

    /// Writes the board after sliding in `dir` into `out` (reusing its
    /// memory), and returns what the move did.
    pub fn slide_into(&self, dir: Dir, out: &mut Board) -> MoveOutcome {
        out.n = self.n;
        out.cells.clear();
        out.cells.extend_from_slice(&self.cells);
        out.slide(dir)
    }

    /// True when sliding in `dir` would change the board.
    #[must_use]
    pub fn can_slide(&self, dir: Dir) -> bool {
        let n = self.n;
        (0..n).any(|line| {
            // A line changes when a tile has an empty cell or an equal tile
            // (ignoring gaps) on its wall side.
            let mut prev = None;
            let mut gap = false;
            for k in 0..n {
                let v = self
                    .cells
                    .get(self.line_cell(dir, line, k))
                    .copied()
                    .unwrap_or(0);
                if v == 0 {
                    gap = true;
                    continue;
                }
                if gap || prev == Some(v) {
                    return true;
                }
                prev = Some(v);
            }
            false
        })
    }

    /// The moves that change the board.
    #[must_use]
    pub fn legal_moves(&self) -> Moves {
        let mut moves = Moves::NONE;
        for dir in Dir::ALL {
            if self.can_slide(dir) {
                moves.insert(dir);
            }
        }
        moves
    }

    /// The 4 × 4 bitboard of this board, when N = 4 and every exponent is at
    /// most 15.
    #[must_use]
    pub fn to_bitboard(&self) -> Option<Bitboard> {
        if self.n != 4 {
            return None;
        }
        let mut bits = 0u64;
        for (i, &e) in self.cells.iter().enumerate() {
            if e > 15 {
                return None;
            }
            bits |= u64::from(e) << (4 * i);
        }
        Some(Bitboard(bits))
    }
}

impl fmt::Display for Board {
    /// The values, one row a line, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            let mut sep = "";
            for &e in row {
                write!(f, "{sep}{}", tile_value(e))?;
                sep = " ";
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn right_and_vertical_moves_follow_the_wall() {
        let b =
            Board::from_values(4, &[8u32, 0, 8, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        let (r, _) = b.slid(Dir::Right);
        assert_eq!(&r.values()[..4], &[0, 0, 8, 16]);
        let b = Board::from_values(3, &[2u32, 0, 0, 2, 0, 0, 2, 0, 0]).unwrap();
        let (d, out) = b.slid(Dir::Down);
        assert_eq!(d.values(), vec![0, 0, 0, 2, 0, 0, 4, 0, 0]);
        assert_eq!(out.score, 4);
        let (u, _) = b.slid(Dir::Up);
        assert_eq!(u.values(), vec![4, 0, 0, 2, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn legal_moves_agree_with_sliding() {
        let b = Board::from_values(4, &[0u32, 0, 0, 8, 0, 0, 2, 16, 0, 0, 2, 32, 2, 8, 16, 32])
            .unwrap();
        let m = b.legal_moves();
        let names: Vec<&str> = m.alphabetical().map(|d| d.name()).collect();
        assert_eq!(names, vec!["DOWN", "LEFT", "UP"]);
        for d in Dir::ALL {
            assert_eq!(m.contains(d), b.slid(d).1.changed);
        }
    }

    #[test]
    fn construction_validates() {
        assert_eq!(Board::empty(0), Err(BoardError::Size(0)));
        assert_eq!(
            Board::empty(MAX_SIZE + 1),
            Err(BoardError::Size(MAX_SIZE + 1))
        );
        assert_eq!(
            Board::from_values(2, &[2u32, 3, 0, 0]),
            Err(BoardError::Value(3))
        );
        assert_eq!(
            Board::from_values(2, &[1u32, 0, 0, 0]),
            Err(BoardError::Value(1))
        );
        assert_eq!(
            Board::from_values(2, &[2u32]),
            Err(BoardError::CellCount {
                expected: 4,
                found: 1
            })
        );
        let b = Board::from_values(1, &[1u128 << 127]).unwrap();
        assert_eq!(b.max_exponent(), 127);
        assert_eq!(b.to_string(), format!("{}\n", 1u128 << 127));
    }
}
