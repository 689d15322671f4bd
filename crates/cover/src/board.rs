//! A board: H × W cells, each black (`#`) or white (`.`).

use std::fmt;
use std::str::FromStr;

use boardkit_grid::value::{IntParam, ValueError};
use boardkit_grid::{Grid, Pos};

/// A side of a full rectangle given as a parameter ([`Rect`]).
pub const SIDE: IntParam = IntParam::new("a side length", 1, u32::MAX as i128);

/// The size of a full, all-white rectangle given as a parameter (`--rect
/// 12x12` on the command line, `rect=(12, 12)` in Python), checked: both
/// sides from 1 to [`SIDE`]'s largest, so their product always fits.
///
/// ```
/// use boardkit_cover::board::Rect;
///
/// let r: Rect = "12x12".parse().unwrap();
/// assert_eq!((r.height, r.width), (12, 12));
/// assert_eq!(Rect::new(3, 4).map(|r| r.width), Ok(4));
/// let e = Rect::new(-1, 3).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "expected HxW: a height and a width from 1 to 4294967295, e.g. 12x12"
/// );
/// assert_eq!("99999999999999999999x3".parse::<Rect>(), Err(e));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    /// Rows.
    pub height: usize,
    /// Columns.
    pub width: usize,
}

impl Rect {
    /// The one message of a rectangle's size.
    #[must_use]
    pub fn error() -> ValueError {
        ValueError::new(format!(
            "expected HxW: a height and a width from {} to {}, e.g. 12x12",
            SIDE.min, SIDE.max
        ))
    }

    /// A `height` × `width` rectangle.
    ///
    /// # Errors
    /// [`Rect::error`] when a side is outside [`SIDE`].
    pub fn new(height: i128, width: i128) -> Result<Rect, ValueError> {
        let side = |v: i128| SIDE.check_as::<usize>(v).map_err(|_| Rect::error());
        Ok(Rect {
            height: side(height)?,
            width: side(width)?,
        })
    }

    /// The all-white board of this size.
    #[must_use]
    pub fn board(&self) -> Board {
        Board::rectangle(self.height, self.width)
    }
}

impl FromStr for Rect {
    type Err = ValueError;

    /// `HxW` (or `HXW`), spaces around each number allowed.
    fn from_str(s: &str) -> Result<Rect, ValueError> {
        let (h, w) = s.split_once(['x', 'X']).ok_or_else(Rect::error)?;
        let number = |t: &str| t.trim().parse::<i128>().map_err(|_| Rect::error());
        Rect::new(number(h)?, number(w)?)
    }
}

impl fmt::Display for Rect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

/// A board of black and white cells; pieces must cover exactly the white
/// ones.
///
/// ```
/// use boardkit_cover::Board;
///
/// let b = Board::from_rows(&["#..", "..#"]).unwrap();
/// assert_eq!((b.height(), b.width(), b.white_count()), (2, 3, 4));
/// assert_eq!(b.to_string(), "#..\n..#\n");
/// assert_eq!(b.transpose().to_string(), "#.\n..\n.#\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    white: Grid<bool>,
}

impl Board {
    /// An all-white `height` × `width` rectangle.
    #[must_use]
    pub fn rectangle(height: usize, width: usize) -> Board {
        Board {
            white: Grid::new(height, width, true),
        }
    }

    /// A board from its cells (true = white) in row-major order, or `None`
    /// when there are not `height * width` of them.
    #[must_use]
    pub fn from_cells(height: usize, width: usize, white: Vec<bool>) -> Option<Board> {
        Grid::from_vec(height, width, white).map(|white| Board { white })
    }

    /// A board from rows drawn in `#` (black) and `.` (white), or `None` when
    /// the rows differ in length or hold other characters.
    #[must_use]
    pub fn from_rows(rows: &[&str]) -> Option<Board> {
        let width = rows.first().map_or(0, |r| r.len());
        let mut cells = Vec::with_capacity(rows.len() * width);
        for row in rows {
            if row.len() != width {
                return None;
            }
            for b in row.bytes() {
                cells.push(match b {
                    b'.' => true,
                    b'#' => false,
                    _ => return None,
                });
            }
        }
        Board::from_cells(rows.len(), width, cells)
    }

    /// Number of rows H.
    #[must_use]
    pub fn height(&self) -> usize {
        self.white.rows()
    }

    /// Number of columns W.
    #[must_use]
    pub fn width(&self) -> usize {
        self.white.cols()
    }

    /// True when the cell at `pos` is on the board and white.
    #[must_use]
    pub fn is_white(&self, pos: Pos) -> bool {
        self.white.get(pos).copied().unwrap_or(false)
    }

    /// True when the cell at (`row`, `col`) is on the board and white; negative
    /// coordinates are off the board.
    #[must_use]
    pub fn is_white_at(&self, row: isize, col: isize) -> bool {
        match (usize::try_from(row), usize::try_from(col)) {
            (Ok(r), Ok(c)) => self.is_white(Pos::new(r, c)),
            _ => false,
        }
    }

    /// The number of white cells.
    #[must_use]
    pub fn white_count(&self) -> usize {
        self.white.cells().iter().filter(|&&w| w).count()
    }

    /// The white cells' positions in row-major order.
    pub fn positions_white(&self) -> impl Iterator<Item = Pos> + '_ {
        self.white
            .positions()
            .filter(move |&p| self.white.get(p).copied().unwrap_or(false))
    }

    /// The cells (true = white) in row-major order.
    #[must_use]
    pub fn cells(&self) -> &[bool] {
        self.white.cells()
    }

    /// The board mirrored in its main diagonal: W × H, cell (r, c) becomes
    /// (c, r).
    #[must_use]
    pub fn transpose(&self) -> Board {
        let (h, w) = (self.height(), self.width());
        let cells = (0..w)
            .flat_map(|c| (0..h).map(move |r| self.is_white(Pos::new(r, c))))
            .collect();
        Board {
            white: Grid::from_vec(w, h, cells).unwrap_or_else(|| Grid::new(w, h, false)),
        }
    }
}

impl fmt::Display for Board {
    /// The rows in `#` and `.`, each ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.white.iter_rows() {
            for &w in row {
                f.write_str(if w { "." } else { "#" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}
