//! The static part of a level: walls, goals and the outside, stored once as
//! a flat array of squares, plus the starting [`State`] and the level's
//! title and notes.
//!
//! Squares are numbered row-major from 0 ([`Cell`]); a step in a direction
//! adds [`Level::offset`]. Validation guarantees that the worker is shut in
//! by walls, so every square the worker or a box can reach has all four
//! neighbours inside the array, and the rules never need bounds checks to be
//! correct (they still use checked access, treating the unknown as wall).

use std::collections::VecDeque;
use std::fmt;

use boardkit_grid::{Dir, Pos};

pub use crate::cell::{Cell, MAX_CELLS};
use crate::state::State;
use crate::tile::Tile;

const WALL: u8 = 1;
const GOAL: u8 = 2;
const OUTSIDE: u8 = 4;

/// Why a grid of tiles is not a playable level.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LevelError {
    /// There are no squares at all.
    Empty,
    /// More than [`MAX_CELLS`] squares.
    TooLarge {
        /// Rows of the padded grid.
        rows: usize,
        /// Columns of the padded grid.
        cols: usize,
    },
    /// No worker.
    NoWorker,
    /// A second worker.
    SeveralWorkers {
        /// The first worker.
        first: Pos,
        /// Another worker.
        second: Pos,
    },
    /// The number of boxes differs from the number of goals.
    BoxGoalMismatch {
        /// How many boxes.
        boxes: usize,
        /// How many goals.
        goals: usize,
    },
    /// The worker can walk off the map: the walls around it have a gap.
    OpenBorder {
        /// The worker.
        worker: Pos,
        /// The square on the edge of the map where the worker gets out.
        exit: Pos,
    },
    /// A box or a goal outside the walls, where the worker never comes.
    OutsideWalls {
        /// What stands there.
        tile: Tile,
        /// Where.
        at: Pos,
    },
    /// Every box already stands on a goal (or there are no boxes).
    AlreadySolved,
}

impl LevelError {
    /// The square the error is about, when there is one.
    #[must_use]
    pub fn pos(&self) -> Option<Pos> {
        match self {
            LevelError::SeveralWorkers { second, .. } => Some(*second),
            LevelError::OpenBorder { exit, .. } => Some(*exit),
            LevelError::OutsideWalls { at, .. } => Some(*at),
            _ => None,
        }
    }
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelError::Empty => f.write_str("the level has no squares"),
            LevelError::TooLarge { rows, cols } => write!(
                f,
                "the level is too large: {rows} x {cols} squares, at most {MAX_CELLS} in all"
            ),
            LevelError::NoWorker => f.write_str("no worker"),
            LevelError::SeveralWorkers { first, second } => write!(
                f,
                "several workers: one at row {}, column {} and another at row {}, column {}",
                first.row + 1,
                first.col + 1,
                second.row + 1,
                second.col + 1
            ),
            LevelError::BoxGoalMismatch { boxes, goals } => write!(
                f,
                "{boxes} box{} but {goals} goal{}: they must be equal",
                if *boxes == 1 { "" } else { "es" },
                if *goals == 1 { "" } else { "s" }
            ),
            LevelError::OpenBorder { worker, exit } => write!(
                f,
                "the worker (row {}, column {}) can walk off the map at row {}, column {}: \
                 the walls around it have a gap",
                worker.row + 1,
                worker.col + 1,
                exit.row + 1,
                exit.col + 1
            ),
            LevelError::OutsideWalls { tile, at } => write!(
                f,
                "a {} outside the walls at row {}, column {}",
                tile.name(),
                at.row + 1,
                at.col + 1
            ),
            LevelError::AlreadySolved => {
                f.write_str("no box off a goal: the level is solved before it starts")
            }
        }
    }
}

impl std::error::Error for LevelError {}

/// A level's title and the text lines around its map in the file it was
/// read from.
///
/// `before` holds the text lines above the map (comments, titles, a file
/// header), `after` the lines directly below it that belong to the level;
/// both are kept as written so that a collection writes back as it was
/// read. A format decides which lines these are and where the title comes
/// from (for XSB see [`crate::xsb`], which also reads fields such as
/// `Author:` with [`xsb::field`](crate::xsb::field)); `title` can also be
/// set directly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The level's title, if any.
    pub title: Option<String>,
    /// Text lines above the map, trailing spaces removed.
    pub before: Vec<String>,
    /// Text lines directly below the map that belong to the level.
    pub after: Vec<String>,
}

/// The static part of a level and its starting state.
///
/// ```
/// use boardkit_grid::Dir;
/// use boardkit_sokoban::{Level, MoveOutcome, Tile};
///
/// let level = boardkit_sokoban::xsb::parse_level("#####\n#@$.#\n#####\n").unwrap();
/// assert_eq!((level.rows(), level.cols()), (3, 5));
/// let mut state = level.start().clone();
/// assert_eq!(level.try_move(&mut state, Dir::Left), MoveOutcome::Blocked);
/// assert_eq!(level.try_move(&mut state, Dir::Right), MoveOutcome::Pushed);
/// assert!(state.is_solved());
/// assert_eq!(level.tile(&state, level.cell(1, 3).unwrap()), Tile::BoxOnGoal);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    rows: usize,
    cols: usize,
    flags: Vec<u8>,
    goals: Vec<Cell>,
    offsets: [isize; 4],
    start: State,
    meta: Meta,
}

impl Level {
    /// Builds and validates a level from rows of tiles. Short rows are
    /// padded with floor on the right; floor connected to the edge of the
    /// map is *outside* the walls.
    ///
    /// # Errors
    /// A [`LevelError`] when the level is empty or too large, has no worker
    /// or several, has as many boxes as goals, lets the worker walk off the
    /// map, has a box or goal outside the walls, or is already solved.
    pub fn from_rows(rows: &[Vec<Tile>]) -> Result<Level, LevelError> {
        let height = rows.len();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        if height == 0 || width == 0 {
            return Err(LevelError::Empty);
        }
        if height.saturating_mul(width) > MAX_CELLS {
            return Err(LevelError::TooLarge {
                rows: height,
                cols: width,
            });
        }
        let n = height * width;
        let mut tiles = vec![Tile::Floor; n];
        for (r, row) in rows.iter().enumerate() {
            for (c, &t) in row.iter().enumerate() {
                if let Some(slot) = tiles.get_mut(r * width + c) {
                    *slot = t;
                }
            }
        }
        let pos = |i: usize| Pos::new(i / width, i % width);

        let mut worker: Option<usize> = None;
        let mut boxes = Vec::new();
        let mut goals = Vec::new();
        for (i, &t) in tiles.iter().enumerate() {
            if t.is_worker() {
                if let Some(first) = worker {
                    return Err(LevelError::SeveralWorkers {
                        first: pos(first),
                        second: pos(i),
                    });
                }
                worker = Some(i);
            }
            if t.is_box() {
                boxes.push(i);
            }
            if t.is_goal() {
                goals.push(i);
            }
        }
        let worker = worker.ok_or(LevelError::NoWorker)?;
        if boxes.len() != goals.len() {
            return Err(LevelError::BoxGoalMismatch {
                boxes: boxes.len(),
                goals: goals.len(),
            });
        }

        // Squares connected to the edge of the map without crossing a wall.
        let walkable = |i: usize| tiles.get(i).is_some_and(|&t| t != Tile::Wall);
        let on_edge = |i: usize| {
            let p = pos(i);
            p.row == 0 || p.col == 0 || p.row + 1 == height || p.col + 1 == width
        };
        let neighbours = |i: usize| {
            let p = pos(i);
            [
                (p.row > 0).then(|| i - width),
                (p.row + 1 < height).then(|| i + width),
                (p.col > 0).then(|| i - 1),
                (p.col + 1 < width).then(|| i + 1),
            ]
        };
        let mut outside = vec![false; n];
        let mut queue: VecDeque<usize> = (0..n).filter(|&i| on_edge(i) && walkable(i)).collect();
        for &i in &queue {
            if let Some(o) = outside.get_mut(i) {
                *o = true;
            }
        }
        while let Some(i) = queue.pop_front() {
            for j in neighbours(i).into_iter().flatten() {
                if walkable(j) && outside.get(j) == Some(&false) {
                    if let Some(o) = outside.get_mut(j) {
                        *o = true;
                    }
                    queue.push_back(j);
                }
            }
        }
        if outside.get(worker) == Some(&true) {
            // Find the nearest edge square the worker can reach, to point at
            // the gap.
            let mut seen = vec![false; n];
            if let Some(s) = seen.get_mut(worker) {
                *s = true;
            }
            let mut queue = VecDeque::from([worker]);
            let mut exit = worker;
            while let Some(i) = queue.pop_front() {
                if on_edge(i) {
                    exit = i;
                    break;
                }
                for j in neighbours(i).into_iter().flatten() {
                    if walkable(j) && seen.get(j) == Some(&false) {
                        if let Some(s) = seen.get_mut(j) {
                            *s = true;
                        }
                        queue.push_back(j);
                    }
                }
            }
            return Err(LevelError::OpenBorder {
                worker: pos(worker),
                exit: pos(exit),
            });
        }
        if let Some(i) = (0..n).find(|&i| {
            outside.get(i) == Some(&true) && tiles.get(i).is_some_and(|&t| t != Tile::Floor)
        }) {
            return Err(LevelError::OutsideWalls {
                tile: tiles.get(i).copied().unwrap_or(Tile::Floor),
                at: pos(i),
            });
        }
        if tiles.iter().all(|t| !matches!(t, Tile::Box)) {
            return Err(LevelError::AlreadySolved);
        }

        let flags: Vec<u8> = tiles
            .iter()
            .zip(&outside)
            .map(|(&t, &out)| {
                let mut f = 0;
                if t == Tile::Wall {
                    f |= WALL;
                }
                if t.is_goal() {
                    f |= GOAL;
                }
                if out {
                    f |= OUTSIDE;
                }
                f
            })
            .collect();
        let as_cell = |i: usize| Cell::try_from(i).unwrap_or(Cell::MAX);
        let goals: Vec<Cell> = goals.into_iter().map(as_cell).collect();
        let w = isize::try_from(width).unwrap_or(isize::MAX);
        let mut level = Level {
            rows: height,
            cols: width,
            flags,
            goals,
            offsets: [-w, w, -1, 1],
            start: State::empty(n, as_cell(worker)),
            meta: Meta::default(),
        };
        let mut start = State::empty(n, as_cell(worker));
        for b in boxes {
            let b = as_cell(b);
            start.put_box(b, level.is_goal(b));
        }
        level.start = start;
        Ok(level)
    }

    /// Number of rows.
    #[must_use]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (the longest row; shorter rows were padded).
    #[must_use]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of squares, `rows * cols`.
    #[must_use]
    pub fn len(&self) -> usize {
        self.flags.len()
    }

    /// Never true: a level has at least one square.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.flags.is_empty()
    }

    /// The square at `row`, `col`, or `None` outside the map.
    #[must_use]
    pub fn cell(&self, row: usize, col: usize) -> Option<Cell> {
        if row < self.rows && col < self.cols {
            Cell::try_from(row * self.cols + col).ok()
        } else {
            None
        }
    }

    /// The row and column of a square.
    #[must_use]
    pub fn pos(&self, cell: Cell) -> Pos {
        let i = usize::from(cell);
        Pos::new(i / self.cols, i % self.cols)
    }

    /// What a step in `dir` adds to a square's index.
    #[must_use]
    pub fn offset(&self, dir: Dir) -> isize {
        self.offsets.get(dir.index()).copied().unwrap_or(0)
    }

    /// The neighbour of `cell` in `dir`, or `None` off the map.
    #[must_use]
    pub fn neighbour(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        let p = self.pos(cell);
        let ok = match dir {
            Dir::Up => p.row > 0,
            Dir::Down => p.row + 1 < self.rows,
            Dir::Left => p.col > 0,
            Dir::Right => p.col + 1 < self.cols,
        };
        if ok {
            self.step(cell, dir)
        } else {
            None
        }
    }

    /// `cell + offset(dir)` without the edge check of [`Level::neighbour`]
    /// (a step off the left or right edge wraps to the next row). Safe for
    /// squares inside the walls, whose neighbours are all on the map.
    #[inline]
    #[must_use]
    pub fn step(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        let i = usize::from(cell).checked_add_signed(self.offset(dir))?;
        if i < self.flags.len() {
            Cell::try_from(i).ok()
        } else {
            None
        }
    }

    #[inline]
    fn flags(&self, cell: Cell) -> u8 {
        self.flags.get(usize::from(cell)).copied().unwrap_or(WALL)
    }

    /// True for a wall square (and for squares off the map).
    #[inline]
    #[must_use]
    pub fn is_wall(&self, cell: Cell) -> bool {
        self.flags(cell) & WALL != 0
    }

    /// True for a goal square.
    #[inline]
    #[must_use]
    pub fn is_goal(&self, cell: Cell) -> bool {
        self.flags(cell) & GOAL != 0
    }

    /// True for floor connected to the edge of the map: outside the walls,
    /// never reached by the worker or a box.
    #[inline]
    #[must_use]
    pub fn is_outside(&self, cell: Cell) -> bool {
        self.flags(cell) & OUTSIDE != 0
    }

    /// True for a square the worker or a box may stand on: inside the walls
    /// and not a wall. (Squares inside the walls that the worker cannot
    /// reach count as floor too.)
    #[inline]
    #[must_use]
    pub fn is_floor(&self, cell: Cell) -> bool {
        self.flags(cell) & (WALL | OUTSIDE) == 0
    }

    /// The goal squares, in increasing order.
    #[must_use]
    pub fn goals(&self) -> &[Cell] {
        &self.goals
    }

    /// The number of boxes (equal to the number of goals).
    #[must_use]
    pub fn box_count(&self) -> usize {
        self.goals.len()
    }

    /// The state the level starts in.
    #[must_use]
    pub fn start(&self) -> &State {
        &self.start
    }

    /// The title, if the level has one.
    #[must_use]
    pub fn title(&self) -> Option<&str> {
        self.meta.title.as_deref()
    }

    /// The title and the text around the map.
    #[must_use]
    pub fn meta(&self) -> &Meta {
        &self.meta
    }

    /// Replaces the title and text around the map.
    pub fn set_meta(&mut self, meta: Meta) {
        self.meta = meta;
    }

    /// The level with this title (builder style).
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> Level {
        self.meta.title = Some(title.into());
        self
    }

    /// What a square shows in `state`.
    #[must_use]
    pub fn tile(&self, state: &State, cell: Cell) -> Tile {
        if self.is_wall(cell) {
            Tile::Wall
        } else {
            Tile::compose(
                self.is_goal(cell),
                state.has_box(cell),
                state.worker() == cell,
            )
        }
    }

    /// The rows of `state` as tiles (outside floor is [`Tile::Floor`]).
    #[must_use]
    pub fn tiles(&self, state: &State) -> Vec<Vec<Tile>> {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .filter_map(|c| self.cell(r, c))
                    .map(|cell| self.tile(state, cell))
                    .collect()
            })
            .collect()
    }
}
