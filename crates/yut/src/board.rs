//! The board as data: numbered cells joined by red (and some blue) arrows.
//!
//! A [`Board`] is a list of [`Cell`]s, each with a name, a number, a red
//! successor and an optional blue successor, plus a start and an end cell.
//! [`Board::new`] accepts only boards the rules can play on:
//!
//! * the end cell has no successors and every other cell has a red one;
//! * the arrows form no cycle, so every path from every cell reaches the end;
//! * a blue successor is only on a cell where a move can begin and choose a
//!   different way: not on the start, not on the end, and not equal to the
//!   cell's red successor;
//! * no arrow leads into the start, and every cell can be reached from it;
//! * names are unique, non-empty, without whitespace and not `-` (so move
//!   tables stay columns), numbers at most [`MAX_NUMBER`], the
//!   start and end carry no number (0), and there are at most [`MAX_CELLS`]
//!   cells.
//!
//! [`Board::standard`] is the board of the judge problem (Baekjoon 17825).
//!
//! ```
//! use boardkit_yut::Board;
//!
//! let b = Board::standard();
//! let ten = b.find("10").unwrap();
//! // A move that begins on the blue 10 takes the shortcut: 13, 16, 19.
//! assert_eq!(b.cell(b.destination(ten, 3).unwrap()).name, "b19");
//! // Passing over the blue 10 follows the red arrows.
//! let eight = b.find("8").unwrap();
//! assert_eq!(b.cell(b.destination(eight, 3).unwrap()).name, "14");
//! ```

use std::fmt;

/// The most cells a board may have: a cell id must fit in a byte, so that a
/// position of up to 8 pieces packs into a `u64`.
pub const MAX_CELLS: usize = 256;

/// The largest number a cell may carry, so that any game's score fits in a
/// `u32` (at most 8 pieces × 255 scoring moves × this number).
pub const MAX_NUMBER: u32 = 1_000_000;

/// One cell of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The cell's name, unique on the board (shown in move lists).
    pub name: String,
    /// The points for stopping here (0 for the start and the end).
    pub number: u32,
    /// The next cell along the red arrow (`None` only for the end).
    pub red: Option<usize>,
    /// The next cell along the blue arrow, taken when a move begins here.
    pub blue: Option<usize>,
}

impl Cell {
    /// A cell with a red successor only.
    #[must_use]
    pub fn new(name: impl Into<String>, number: u32, red: Option<usize>) -> Cell {
        Cell {
            name: name.into(),
            number,
            red,
            blue: None,
        }
    }

    /// The same cell with a blue successor.
    #[must_use]
    pub fn with_blue(mut self, blue: usize) -> Cell {
        self.blue = Some(blue);
        self
    }
}

/// Why a list of cells is not a playable board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The cell (index) the problem is at, when it is at one.
    pub cell: Option<usize>,
    /// What is wrong, naming the cells involved.
    pub message: String,
}

impl BoardError {
    fn at(cell: usize, message: impl Into<String>) -> BoardError {
        BoardError {
            cell: Some(cell),
            message: message.into(),
        }
    }

    fn whole(message: impl Into<String>) -> BoardError {
        BoardError {
            cell: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BoardError {}

/// A validated board (see the [module docs](self) for what is checked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: Vec<Cell>,
    start: usize,
    end: usize,
}

/// The shortcut cells of the standard board, in id order from 21: name,
/// number and red successor.
const STANDARD_SHORTCUTS: [(&str, u32, usize); 11] = [
    ("b13", 13, 22),
    ("b16", 16, 23),
    ("b19", 19, 29),
    ("b22", 22, 25),
    ("b24", 24, 29),
    ("b28", 28, 27),
    ("b27", 27, 28),
    ("b26", 26, 29),
    ("b25", 25, 30),
    ("b30", 30, 31),
    ("b35", 35, 20),
];

impl Board {
    /// Validates `cells` with the given start and end cells.
    ///
    /// ```
    /// use boardkit_yut::{Board, Cell};
    ///
    /// let cells = vec![
    ///     Cell::new("start", 0, Some(1)),
    ///     Cell::new("a", 5, Some(2)),
    ///     Cell::new("end", 0, None),
    /// ];
    /// assert!(Board::new(cells, 0, 2).is_ok());
    /// let cycle = vec![
    ///     Cell::new("start", 0, Some(1)),
    ///     Cell::new("a", 5, Some(2)),
    ///     Cell::new("b", 5, Some(1)),
    ///     Cell::new("end", 0, None),
    /// ];
    /// assert_eq!(
    ///     Board::new(cycle, 0, 3).unwrap_err().to_string(),
    ///     "the arrows form a cycle: a -> b -> a"
    /// );
    /// ```
    pub fn new(cells: Vec<Cell>, start: usize, end: usize) -> Result<Board, BoardError> {
        let board = Board { cells, start, end };
        board.validate()?;
        Ok(board)
    }

    /// The board of the judge problem: the outer path 2, 4, …, 40 (cells
    /// named by their numbers), blue cells 10, 20 and 30, and the shortcut
    /// cells `b13` … `b35` (named `b` and their number), all ending in the
    /// shared 40.
    ///
    /// Cell ids: `start` is 0, the outer cell with number 2k is k, the
    /// shortcut cells follow in the order 13 16 19 22 24 28 27 26 25 30 35,
    /// and `end` is 32.
    #[must_use]
    pub fn standard() -> Board {
        const END: usize = 32;
        let mut cells = Vec::with_capacity(END + 1);
        cells.push(Cell::new("start", 0, Some(1)));
        for k in 1..=20u32 {
            let id = k as usize;
            let red = if k == 20 { END } else { id + 1 };
            let mut cell = Cell::new((2 * k).to_string(), 2 * k, Some(red));
            // Blue 10, 20 and 30 lead to b13, b22 and b28.
            cell.blue = match k {
                5 => Some(21),
                10 => Some(24),
                15 => Some(26),
                _ => None,
            };
            cells.push(cell);
        }
        for (name, number, red) in STANDARD_SHORTCUTS {
            cells.push(Cell::new(name, number, Some(red)));
        }
        cells.push(Cell::new("end", 0, None));
        Board {
            cells,
            start: 0,
            end: END,
        }
    }

    /// All cells, indexed by id.
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cell with id `id`.
    ///
    /// # Panics
    /// If `id` is not a cell of this board.
    #[must_use]
    // Panics by contract on a foreign id, like a slice; ids come from this board.
    #[allow(clippy::indexing_slicing)]
    pub fn cell(&self, id: usize) -> &Cell {
        &self.cells[id]
    }

    /// The number of cells.
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a board has at least a start and an end.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The start cell's id.
    #[must_use]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The end cell's id.
    #[must_use]
    pub fn end(&self) -> usize {
        self.end
    }

    /// The id of the cell named `name`.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<usize> {
        self.cells.iter().position(|c| c.name == name)
    }

    /// Where a piece on `from` stops after `roll` steps: the first step takes
    /// the blue arrow when `from` has one, every later step the red arrow,
    /// and the end stops the move. `None` when `from` is the end (a piece
    /// there cannot move), is not a cell, or `roll` is 0.
    #[must_use]
    pub fn destination(&self, from: usize, roll: u8) -> Option<usize> {
        if from == self.end || roll == 0 {
            return None;
        }
        let first = self.cells.get(from)?;
        let mut at = first.blue.or(first.red)?;
        for _ in 1..roll {
            if at == self.end {
                break;
            }
            at = self.cells.get(at)?.red?;
        }
        Some(at)
    }

    /// The length (in arrows) of the longest path from the start to the end:
    /// a piece reaches the end in at most this many moves.
    #[must_use]
    pub fn longest_path(&self) -> usize {
        // Validation guarantees no cycle, so a memoised walk terminates.
        let mut memo: Vec<Option<usize>> = vec![None; self.cells.len()];
        let order = self.topological_order().unwrap_or_default();
        for &id in order.iter().rev() {
            let Some(cell) = self.cells.get(id) else {
                continue;
            };
            let longest = [cell.red, cell.blue]
                .into_iter()
                .flatten()
                .filter_map(|next| memo.get(next).copied().flatten())
                .max()
                .map_or(0, |l| l + 1);
            if let Some(m) = memo.get_mut(id) {
                *m = Some(longest);
            }
        }
        memo.get(self.start).copied().flatten().unwrap_or(0)
    }

    /// The cells in an order where every arrow points forward, or the cells
    /// of a cycle when there is one.
    fn topological_order(&self) -> Result<Vec<usize>, Vec<usize>> {
        #[derive(Clone, Copy, PartialEq)]
        enum Mark {
            New,
            Open,
            Done,
        }
        let n = self.cells.len();
        let mut mark = vec![Mark::New; n];
        let mut order = Vec::with_capacity(n);
        // Arrows to ids outside the board (rejected earlier) are ignored.
        let set = |mark: &mut Vec<Mark>, id: usize, m: Mark| {
            if let Some(slot) = mark.get_mut(id) {
                *slot = m;
            }
        };
        for root in 0..n {
            if mark.get(root) != Some(&Mark::New) {
                continue;
            }
            // Iterative depth-first search; `stack` holds (cell, next arrow).
            let mut stack = vec![(root, 0usize)];
            set(&mut mark, root, Mark::Open);
            while let Some(top) = stack.last_mut() {
                let (id, arrow) = *top;
                top.1 += 1;
                let succ = self.cells.get(id).map_or([None, None], |c| [c.red, c.blue]);
                let next = succ.get(arrow).copied().flatten();
                match next.map(|to| (to, mark.get(to).copied())) {
                    Some((to, Some(Mark::New))) => {
                        set(&mut mark, to, Mark::Open);
                        stack.push((to, 0));
                    }
                    Some((to, Some(Mark::Open))) => {
                        let from = stack.iter().position(|&(c, _)| c == to).unwrap_or(0);
                        return Err(stack.iter().skip(from).map(|&(c, _)| c).collect());
                    }
                    Some(_) => {}
                    None if arrow + 1 >= succ.len() => {
                        set(&mut mark, id, Mark::Done);
                        order.push(id);
                        stack.pop();
                    }
                    None => {}
                }
            }
        }
        order.reverse();
        Ok(order)
    }

    fn validate(&self) -> Result<(), BoardError> {
        let n = self.cells.len();
        if n > MAX_CELLS {
            return Err(BoardError::whole(format!(
                "the board has {n} cells, more than the {MAX_CELLS} supported"
            )));
        }
        if self.start >= n || self.end >= n {
            return Err(BoardError::whole("the start or end is not a cell"));
        }
        if self.start == self.end {
            return Err(BoardError::at(
                self.start,
                "the start and the end must be different cells",
            ));
        }
        let name = |id: usize| self.cells.get(id).map_or("?", |c| c.name.as_str());
        for (id, cell) in self.cells.iter().enumerate() {
            if cell.name.is_empty() {
                return Err(BoardError::at(id, "a cell has an empty name"));
            }
            if cell.name == "-" || cell.name.chars().any(char::is_whitespace) {
                return Err(BoardError::at(
                    id,
                    format!(
                        "cell name `{}` is not allowed: names hold no whitespace and are not `-`",
                        cell.name
                    ),
                ));
            }
            if let Some(first) = self.cells.iter().take(id).position(|c| c.name == cell.name) {
                return Err(BoardError::at(
                    id,
                    format!(
                        "two cells are named `{}` (cells {} and {})",
                        cell.name,
                        first + 1,
                        id + 1
                    ),
                ));
            }
            for to in [cell.red, cell.blue].into_iter().flatten() {
                if to >= n {
                    return Err(BoardError::at(
                        id,
                        format!(
                            "cell `{}` points to cell {to}, which does not exist",
                            cell.name
                        ),
                    ));
                }
            }
            if cell.number > MAX_NUMBER {
                return Err(BoardError::at(
                    id,
                    format!(
                        "cell `{}` has number {}, more than {MAX_NUMBER}",
                        cell.name, cell.number
                    ),
                ));
            }
        }
        for (id, cell) in self.cells.iter().enumerate() {
            let what = if id == self.start {
                "the start cell"
            } else if id == self.end {
                "the end cell"
            } else {
                "cell"
            };
            if (id == self.start || id == self.end) && cell.number != 0 {
                return Err(BoardError::at(
                    id,
                    format!("{what} `{}` must carry no number", cell.name),
                ));
            }
            if id == self.end {
                if cell.red.is_some() || cell.blue.is_some() {
                    return Err(BoardError::at(
                        id,
                        format!("{what} `{}` must have no successors", cell.name),
                    ));
                }
                continue;
            }
            let Some(red) = cell.red else {
                return Err(BoardError::at(
                    id,
                    format!(
                        "{what} `{}` has no red successor: only the end cell `{}` may",
                        cell.name,
                        name(self.end)
                    ),
                ));
            };
            if let Some(blue) = cell.blue {
                if id == self.start {
                    return Err(BoardError::at(
                        id,
                        format!(
                            "{what} `{}` cannot have a blue successor: pieces leave the start by its red arrow",
                            cell.name
                        ),
                    ));
                }
                if blue == red {
                    return Err(BoardError::at(
                        id,
                        format!(
                            "cell `{}` has the same red and blue successor `{}`",
                            cell.name,
                            name(red)
                        ),
                    ));
                }
            }
            for to in [Some(red), cell.blue].into_iter().flatten() {
                if to == self.start {
                    return Err(BoardError::at(
                        id,
                        format!(
                            "cell `{}` points back to the start `{}`",
                            cell.name,
                            name(self.start)
                        ),
                    ));
                }
            }
        }
        if let Err(cycle) = self.topological_order() {
            let first = cycle.first().copied().unwrap_or(self.start);
            let mut path: Vec<&str> = cycle.iter().map(|&c| name(c)).collect();
            path.push(name(first));
            return Err(BoardError::at(
                first,
                format!("the arrows form a cycle: {}", path.join(" -> ")),
            ));
        }
        let mut seen = vec![false; n];
        let mut stack = vec![self.start];
        while let Some(id) = stack.pop() {
            let Some(s) = seen.get_mut(id).filter(|s| !**s) else {
                continue;
            };
            *s = true;
            if let Some(cell) = self.cells.get(id) {
                stack.extend([cell.red, cell.blue].into_iter().flatten());
            }
        }
        if let Some(lost) = seen.iter().position(|&s| !s) {
            return Err(BoardError::at(
                lost,
                format!(
                    "cell `{}` cannot be reached from the start `{}`",
                    name(lost),
                    name(self.start)
                ),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(b: &Board, from: &str, rolls: &[u8]) -> Vec<String> {
        let mut at = b.find(from).unwrap();
        rolls
            .iter()
            .map(|&r| {
                at = b.destination(at, r).unwrap();
                b.cell(at).name.clone()
            })
            .collect()
    }

    #[test]
    fn standard_board_is_valid_and_matches_the_spec() {
        let b = Board::standard();
        assert_eq!(Board::new(b.cells.clone(), b.start, b.end), Ok(b.clone()));
        assert_eq!(b.len(), 33);
        // The outer path, one step at a time.
        let outer: Vec<String> = (1..=20).map(|k| (2 * k).to_string()).collect();
        let mut walk = vec!["2".to_string()];
        let mut at = b.find("2").unwrap();
        for _ in 1..20 {
            at = b.cell(at).red.unwrap();
            walk.push(b.cell(at).name.clone());
        }
        assert_eq!(walk, outer);
        assert_eq!(b.cell(b.cell(at).red.unwrap()).name, "end");
        // The three shortcuts, starting on each blue cell with one-step moves
        // after the first.
        assert_eq!(
            path(&b, "10", &[1, 1, 1, 1, 1, 1, 1, 1]),
            ["b13", "b16", "b19", "b25", "b30", "b35", "40", "end"]
        );
        assert_eq!(
            path(&b, "20", &[1, 1, 1, 1, 1, 1, 1]),
            ["b22", "b24", "b25", "b30", "b35", "40", "end"]
        );
        assert_eq!(
            path(&b, "30", &[1, 1, 1, 1, 1, 1, 1, 1]),
            ["b28", "b27", "b26", "b25", "b30", "b35", "40", "end"]
        );
        let numbers: Vec<u32> = ["b13", "b16", "b19", "b22", "b24", "b28", "b27", "b26"]
            .iter()
            .map(|n| b.cell(b.find(n).unwrap()).number)
            .collect();
        assert_eq!(numbers, [13, 16, 19, 22, 24, 28, 27, 26]);
        assert_eq!(b.longest_path(), 23); // start, 2..30 (15 cells), b28…b35, 40, end
    }

    #[test]
    fn moves_follow_the_rules() {
        let b = Board::standard();
        // From the start: 1 step is 2, 5 steps is 10.
        assert_eq!(path(&b, "start", &[5]), ["10"]);
        // Begin on blue 10 with 5: 13 16 19 25 30.
        assert_eq!(path(&b, "10", &[5]), ["b30"]);
        // Pass over blue 20 (from 16, 3 steps: 18 20 22): red.
        assert_eq!(path(&b, "16", &[3]), ["22"]);
        // Begin on blue 30 with 4: 28 27 26 25.
        assert_eq!(path(&b, "30", &[4]), ["b25"]);
        // The end stops a move whatever steps remain.
        assert_eq!(path(&b, "38", &[5]), ["end"]);
        assert_eq!(path(&b, "b35", &[2]), ["end"]);
        assert_eq!(path(&b, "b35", &[1]), ["40"]);
        assert_eq!(b.destination(b.end(), 1), None);
        assert_eq!(b.destination(b.start(), 0), None);
    }

    fn chain(cells: Vec<Cell>) -> Result<Board, BoardError> {
        let end = cells.len() - 1;
        Board::new(cells, 0, end)
    }

    #[test]
    fn validation_names_the_problem() {
        let err = |cells: Vec<Cell>| chain(cells).unwrap_err();
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, None),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.cell, Some(1));
        assert_eq!(
            e.message,
            "cell `a` has no red successor: only the end cell `e` may"
        );
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(2)).with_blue(2),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(
            e.message,
            "cell `a` has the same red and blue successor `e`"
        );
        let e = err(vec![
            Cell::new("s", 0, Some(1)).with_blue(2),
            Cell::new("a", 1, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.cell, Some(0));
        assert!(e
            .message
            .starts_with("the start cell `s` cannot have a blue successor"));
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(0)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "cell `a` points back to the start `s`");
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(2)),
            Cell::new("e", 0, Some(1)),
        ]);
        assert_eq!(e.message, "the end cell `e` must have no successors");
        let e = err(vec![
            Cell::new("s", 3, Some(1)),
            Cell::new("a", 1, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "the start cell `s` must carry no number");
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("s", 1, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "two cells are named `s` (cells 1 and 2)");
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a b", 1, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(
            e.message,
            "cell name `a b` is not allowed: names hold no whitespace and are not `-`"
        );
        assert_eq!(
            err(vec![
                Cell::new("s", 0, Some(1)),
                Cell::new("-", 1, Some(2)),
                Cell::new("e", 0, None)
            ])
            .cell,
            Some(1)
        );
        let e = err(vec![
            Cell::new("s", 0, Some(2)),
            Cell::new("lost", 1, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.cell, Some(1));
        assert_eq!(
            e.message,
            "cell `lost` cannot be reached from the start `s`"
        );
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(2)),
            Cell::new("b", 1, Some(3)).with_blue(4),
            Cell::new("c", 1, Some(1)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "the arrows form a cycle: a -> b -> c -> a");
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 2_000_000, Some(2)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "cell `a` has number 2000000, more than 1000000");
        let e = err(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(7)),
            Cell::new("e", 0, None),
        ]);
        assert_eq!(e.message, "cell `a` points to cell 7, which does not exist");
        assert!(Board::new(vec![Cell::new("s", 0, None)], 0, 0).is_err());
        let many: Vec<Cell> = (0..300)
            .map(|i| Cell::new(i.to_string(), 0, if i < 299 { Some(i + 1) } else { None }))
            .collect();
        assert!(chain(many)
            .unwrap_err()
            .message
            .contains("more than the 256 supported"));
    }

    #[test]
    fn a_blue_cycle_is_found_too() {
        let e = chain(vec![
            Cell::new("s", 0, Some(1)),
            Cell::new("a", 1, Some(3)).with_blue(2),
            Cell::new("b", 1, Some(1)),
            Cell::new("e", 0, None),
        ])
        .unwrap_err();
        assert_eq!(e.message, "the arrows form a cycle: a -> b -> a");
    }
}
