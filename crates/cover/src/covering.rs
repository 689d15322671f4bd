//! One covering of a board, and drawing it with letters.
//!
//! Pieces get letters so that pieces sharing an edge differ: the pieces'
//! contact graph is planar, so greedy colouring in smallest-last order needs
//! at most 6 letters (`A` to `F`).

use std::cmp::Reverse;
use std::collections::BTreeSet;

use boardkit_grid::{Grid, Pos};

use crate::limits::{CoverError, Limits};
use crate::{frontier, Board, PieceSet, Shape};

/// A covering: the cells of each piece, pieces in row-major order of their
/// first cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Covering {
    height: usize,
    width: usize,
    pieces: Vec<Vec<Pos>>,
}

/// Finds one covering of `board` by `pieces`, or `None` when there is none.
///
/// ```
/// use boardkit_cover::{find_covering, Board, Limits, PieceSet};
///
/// let l3 = PieceSet::named("l3").unwrap();
/// let b = Board::rectangle(2, 3);
/// let c = find_covering(&b, &l3, &Limits::default()).unwrap().unwrap();
/// let rows = c.rows();
/// assert!(rows == ["AAB", "ABB"] || rows == ["ABB", "AAB"], "{rows:?}");
/// assert!(c.is_covering_of(&b, &l3));
/// assert!(find_covering(&Board::from_rows(&["..", ".."]).unwrap(), &l3, &Limits::default()).unwrap().is_none());
/// ```
pub fn find_covering(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Option<Covering>, CoverError> {
    Ok(frontier::find(board, pieces, limits)?
        .map(|found| Covering::new(board.height(), board.width(), found)))
}

/// One covering of the full `height` x `width` rectangle, or `None` when
/// there is none; refused before the board is made when it is too wide or
/// it and its scan would pass the memory limit (see
/// [`count_rectangle`](crate::count_rectangle)).
///
/// ```
/// use boardkit_cover::{find_covering_rectangle, Limits, PieceSet};
///
/// let l3 = PieceSet::named("l3").unwrap();
/// let c = find_covering_rectangle(2, 3, &l3, &Limits::default()).unwrap().unwrap();
/// assert_eq!(c.pieces().len(), 2);
/// assert!(find_covering_rectangle(100_000, 100_000, &l3, &Limits::default()).unwrap().is_none());
/// ```
pub fn find_covering_rectangle(
    height: usize,
    width: usize,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Option<Covering>, CoverError> {
    Ok(frontier::find_rectangle(height, width, pieces, limits)?
        .map(|found| Covering::new(height, width, found)))
}

/// Letters for pieces, in colour order.
const LETTERS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// Background colours (ANSI) for the letters on a terminal.
const COLOURS: [u8; 6] = [41, 42, 43, 44, 45, 46];

impl Covering {
    /// A covering of a `height` x `width` board by `pieces` found in any
    /// order.
    fn new(height: usize, width: usize, mut pieces: Vec<Vec<Pos>>) -> Covering {
        // Row-major order of each piece's first cell, for a stable listing.
        for piece in &mut pieces {
            piece.sort_unstable();
        }
        pieces.sort_unstable();
        Covering {
            height,
            width,
            pieces,
        }
    }

    /// Bytes drawing the covering takes at most, the covering included:
    /// its pieces (a vector each, 16 bytes a cell), the owner of each cell
    /// (16 bytes), the contact graph and colouring (at most 2 contacts a
    /// cell, each kept twice in vectors that grow by doubling: 64 bytes a
    /// cell; 100 bytes a piece for the rest), and the rows (1 byte a cell,
    /// 13 with colour escapes, twice as strings grow, plus a string a row).
    ///
    /// ```
    /// use boardkit_cover::{find_covering, Board, Limits, PieceSet};
    ///
    /// let l3 = PieceSet::named("l3").unwrap();
    /// let c = find_covering(&Board::rectangle(2, 3), &l3, &Limits::default()).unwrap().unwrap();
    /// // 6 cells, 2 pieces, 2 rows.
    /// assert_eq!(c.drawing_bytes(false), 6 * (16 + 16 + 64 + 2) + 2 * (24 + 100) + 2 * 24);
    /// assert_eq!(c.drawing_bytes(true), 6 * (16 + 16 + 64 + 26) + 2 * (24 + 100) + 2 * 24);
    /// ```
    #[must_use]
    pub fn drawing_bytes(&self, coloured: bool) -> u64 {
        let cells = (self.height as u64).saturating_mul(self.width as u64);
        let pieces = self.pieces.len() as u64;
        let text = if coloured { 26 } else { 2 };
        cells
            .saturating_mul(16 + 16 + 64 + text)
            .saturating_add(pieces.saturating_mul(24 + 100))
            .saturating_add((self.height as u64).saturating_mul(24))
    }

    /// The pieces, each as its cells.
    #[must_use]
    pub fn pieces(&self) -> &[Vec<Pos>] {
        &self.pieces
    }

    /// The piece index covering each cell (`None` for uncovered cells).
    fn owners(&self) -> Grid<Option<usize>> {
        let mut owner = Grid::new(self.height, self.width, None);
        for (i, piece) in self.pieces.iter().enumerate() {
            for &p in piece {
                if let Some(o) = owner.get_mut(p) {
                    *o = Some(i);
                }
            }
        }
        owner
    }

    /// A colour (0, 1, …) for each piece, different for pieces that share an
    /// edge: greedy colouring in smallest-last order.
    #[must_use]
    // Every index below is a piece number, less than n = each vector's length.
    #[allow(clippy::indexing_slicing)]
    pub fn colours(&self) -> Vec<usize> {
        let n = self.pieces.len();
        let owner = self.owners();
        let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); n];
        for pos in owner.positions() {
            let Some(&Some(a)) = owner.get(pos) else {
                continue;
            };
            for next in [
                Pos::new(pos.row + 1, pos.col),
                Pos::new(pos.row, pos.col + 1),
            ] {
                if let Some(&Some(b)) = owner.get(next) {
                    if a != b {
                        adjacent[a].push(b);
                        adjacent[b].push(a);
                    }
                }
            }
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        // Smallest-last order: repeatedly take out a piece of least degree
        // among those left; colour in the reverse order. Ties go to the
        // later piece, so the first pieces are coloured first and the
        // drawing starts with `A`: the set's first entry is the least
        // degree, and among those the greatest piece.
        let mut degree: Vec<usize> = adjacent.iter().map(Vec::len).collect();
        let mut left: BTreeSet<(usize, Reverse<usize>)> =
            (0..n).map(|v| (degree[v], Reverse(v))).collect();
        let mut removed = vec![false; n];
        let mut order = Vec::with_capacity(n);
        while let Some((_, Reverse(v))) = left.pop_first() {
            removed[v] = true;
            order.push(v);
            for &u in &adjacent[v] {
                if !removed[u] {
                    left.remove(&(degree[u], Reverse(u)));
                    left.insert((degree[u].saturating_sub(1), Reverse(u)));
                }
                degree[u] = degree[u].saturating_sub(1);
            }
        }
        let mut colour = vec![usize::MAX; n];
        for &v in order.iter().rev() {
            let used: Vec<usize> = adjacent[v].iter().map(|&u| colour[u]).collect();
            colour[v] = (0..).find(|c| !used.contains(c)).unwrap_or(0);
        }
        colour
    }

    fn draw(&self, board: &Board, paint: impl Fn(u8, usize) -> String) -> Vec<String> {
        let owner = self.owners();
        let colours = self.colours();
        (0..self.height)
            .map(|r| {
                (0..self.width)
                    .map(|c| {
                        let pos = Pos::new(r, c);
                        match owner.get(pos).copied().flatten() {
                            Some(i) => {
                                let k = colours.get(i).copied().unwrap_or(0);
                                paint(LETTERS.get(k).copied().unwrap_or(b'?'), k)
                            }
                            None if board.is_white(pos) => ".".to_string(),
                            None => "#".to_string(),
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The board's rows with each piece drawn as a letter (`#` for black
    /// cells); pieces sharing an edge get different letters.
    #[must_use]
    pub fn rows_on(&self, board: &Board) -> Vec<String> {
        self.draw(board, |letter, _| char::from(letter).to_string())
    }

    /// The rows of an all-white board of this size (see [`Covering::rows_on`]).
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        self.rows_on(&Board::rectangle(self.height, self.width))
    }

    /// Like [`Covering::rows_on`], with each letter on a background colour
    /// (ANSI escape sequences) for a terminal.
    #[must_use]
    pub fn rows_coloured(&self, board: &Board) -> Vec<String> {
        self.draw(board, |letter, k| {
            let bg = COLOURS.get(k % COLOURS.len()).copied().unwrap_or(47);
            format!("\x1b[30;{bg}m{}\x1b[0m", char::from(letter))
        })
    }

    /// True when the pieces cover exactly the white cells of `board`, each
    /// once, and every piece is a shape of `pieces`. The tests check every
    /// covering found with it.
    #[must_use]
    pub fn is_covering_of(&self, board: &Board, pieces: &PieceSet) -> bool {
        if (self.height, self.width) != (board.height(), board.width()) {
            return false;
        }
        let mut seen = Grid::new(self.height, self.width, false);
        for piece in &self.pieces {
            for &p in piece {
                match seen.get_mut(p) {
                    Some(s) if !*s && board.is_white(p) => *s = true,
                    _ => return false,
                }
            }
            let cells: Vec<(isize, isize)> = piece
                .iter()
                .map(|p| {
                    (
                        isize::try_from(p.row).unwrap_or(0),
                        isize::try_from(p.col).unwrap_or(0),
                    )
                })
                .collect();
            match Shape::new(&cells) {
                Some(s) if pieces.shapes().contains(&s) => {}
                _ => return false,
            }
        }
        board.positions_white().all(|p| seen.get(p) == Some(&true))
    }
}
