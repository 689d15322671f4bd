//! The largest tile reachable within K moves (Baekjoon 12100 and beyond).
//!
//! An exact depth-first search over the moves that change the board (a move
//! that changes nothing only wastes a turn, so it never helps). Three things
//! keep it small without losing exactness:
//!
//! * **The next move, read without moving.** A line's equal tiles (gaps
//!   ignored) form runs, and a run of L tiles makes L / 2 merges whichever
//!   way the line moves. One pass over the tiles that can still matter
//!   counts them and the merges a horizontal and a vertical move make: that
//!   is the exact best of one more move, so the last move of a line is never
//!   made.
//! * **Bound.** After that move a tile grows by at most one doubling a move,
//!   a move makes at most c / 2 tiles of 2^(e+1) from c tiles of 2^e, and
//!   the tiles that can still take part in a tile must add up to it. A board
//!   from which no move (counted exactly) then leads past the best tile
//!   found so far is not searched further.
//! * **Deduplication.** A transposition table remembers each board with the
//!   most moves it was searched with; a board met again with no more moves
//!   left is not expanded twice. The table stops growing at a memory budget,
//!   which only costs speed, never exactness.
//!
//! 4 × 4 boards whose tiles stay below 2^16 for the whole search run on the
//! [`Bitboard`]; everything else on a flat copy of the [`Board`]'s
//! exponents, one per depth, whose moves slide each line without branching
//! on whether tiles merge.
//!
//! [`max_tile_within`] and [`best_line_within`] take [`Limits`]: a deadline
//! and an [`Interrupt`], both checked every 256 boards searched, that stop
//! the search with [`OutOfTime`] (its `interrupted` says which), and the
//! table's memory budget.
//!
//! ```
//! use boardkit_2048::{max_tile::{best_line, max_tile}, Board};
//!
//! let b = Board::from_values(3, &[4u32, 4, 8, 2, 0, 2, 0, 0, 0]).unwrap();
//! assert_eq!(max_tile(&b, 5), 4); // 2^4 = 16
//! let (exp, line) = best_line(&b, 5);
//! assert_eq!(exp, 4);
//! assert_eq!(line.len(), 2); // left, left: 8 8 0, then 16 0 0 on the top row
//! ```

use std::fmt;
use std::hash::Hash;
use std::time::{Duration, Instant};

use boardkit_grid::{Dir, Interrupt};
use rustc_hash::FxHashMap;

use crate::{Bitboard, Board, MAX_EXPONENT, MAX_SIZE};

/// The largest number of moves the search accepts: tiles must stay within
/// 2^[`MAX_EXPONENT`] however the moves merge.
pub const MAX_MOVES: u32 = 64;

/// What a search may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// When to give up, if ever.
    pub deadline: Option<Instant>,
    /// Give up once this is triggered (read with the deadline).
    pub interrupt: Option<Interrupt>,
    /// Bytes the transposition table may take; past them it stops growing,
    /// which costs speed, never exactness.
    pub table_bytes: usize,
}

impl Limits {
    /// The default table budget: 256 MiB.
    pub const DEFAULT_TABLE_BYTES: usize = 256 << 20;

    /// A deadline `time` from now (none without `time`) and `table_bytes`
    /// for the table.
    #[must_use]
    pub fn with_time(time: Option<Duration>, table_bytes: usize) -> Limits {
        Limits {
            deadline: time.and_then(|t| Instant::now().checked_add(t)),
            interrupt: None,
            table_bytes,
        }
    }

    /// The same limits, and also giving up once `interrupt` is triggered.
    #[must_use]
    pub fn with_interrupt(self, interrupt: Interrupt) -> Limits {
        Limits {
            interrupt: Some(interrupt),
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            deadline: None,
            interrupt: None,
            table_bytes: Limits::DEFAULT_TABLE_BYTES,
        }
    }
}

/// The search stopped before it finished: its deadline passed, or its
/// interrupt was triggered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime {
    /// Boards searched until then.
    pub boards: u64,
    /// Whether the [`Limits::interrupt`] stopped it (rather than the
    /// deadline).
    pub interrupted: bool,
}

impl fmt::Display for OutOfTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.interrupted {
            write!(f, "interrupted ({} boards searched)", self.boards)
        } else {
            write!(
                f,
                "not solved within the time limit ({} boards searched)",
                self.boards
            )
        }
    }
}

impl std::error::Error for OutOfTime {}

/// Boards searched between two looks at the clock and the interrupt (a
/// dense 20 x 20 board takes a few microseconds for its four moves and
/// their outlooks, a bitboard well under one).
const CLOCK_EVERY: u64 = 256;

/// Exponents an [`Outlook`] keeps: from its floor (the goal less the moves
/// left, or 1) to the goal, at most [`MAX_MOVES`] + 1 of them.
const WINDOW: usize = MAX_MOVES as usize + 2;

/// What the next move can do to the tiles of at least `floor`, read from the
/// board without moving: how many there are of each exponent, and how many
/// pairs of each exponent a move along the rows (left or right) and one
/// along the columns (up or down) merge. A line's
/// equal tiles (gaps ignored) form runs, and a run of L tiles makes L / 2
/// merges whichever way the line moves, so left and right merge the same
/// pairs, as do up and down. Index i is exponent `floor` + i.
struct Outlook {
    floor: u8,
    count: [u32; WINDOW],
    in_rows: [u32; WINDOW],
    in_columns: [u32; WINDOW],
}

impl Outlook {
    /// The outlook of `n` × `n` exponents in row-major order. Only the
    /// tiles of at least `floor` (≥ 1) are looked at, each against the
    /// nearest tile before it in its row and in its column.
    fn of(cells: &[u8], n: usize, floor: u8) -> Outlook {
        let mut o = Outlook {
            floor,
            count: [0; WINDOW],
            in_rows: [0; WINDOW],
            in_columns: [0; WINDOW],
        };
        // Whether the last tile of at least `floor` seen in a row (in a
        // column) waits for a partner; read only when the tile before is
        // equal, so it was seen.
        let mut row_waits = false;
        let mut col_waits = [false; MAX_SIZE];
        // The tiles of at least `floor` are few: skip 16 cells at a time.
        for (k, chunk) in cells.chunks(16).enumerate() {
            if chunk.iter().copied().fold(0, u8::max) < floor {
                continue;
            }
            for (j, &v) in chunk.iter().enumerate() {
                if v < floor {
                    continue;
                }
                let at = 16 * k + j;
                let (r, c) = (at / n, at % n);
                let i = usize::from(v - floor);
                if let Some(k) = o.count.get_mut(i) {
                    *k += 1;
                }
                let before = cells
                    .get(r * n..at)
                    .and_then(|b| b.iter().rev().find(|&&x| x != 0));
                if before == Some(&v) && row_waits {
                    if let Some(k) = o.in_rows.get_mut(i) {
                        *k += 1;
                    }
                    row_waits = false;
                } else {
                    row_waits = true;
                }
                let above = (1..=r)
                    .filter_map(|up| cells.get(at - up * n).copied())
                    .find(|&x| x != 0);
                if let Some(waits) = col_waits.get_mut(c) {
                    if above == Some(v) && *waits {
                        if let Some(k) = o.in_columns.get_mut(i) {
                            *k += 1;
                        }
                        *waits = false;
                    } else {
                        *waits = true;
                    }
                }
            }
        }
        o
    }

    /// The largest exponent one move makes by a merge (`None` when no pair
    /// of at least the floor merges) and a move that makes it: up when a
    /// column merge does, in the order the search tries moves.
    fn best_merge(&self) -> Option<(u8, Dir)> {
        let top = |merges: &[u32; WINDOW]| merges.iter().rposition(|&m| m > 0);
        let made = |i: usize| {
            u8::try_from(i)
                .ok()
                .map_or(u8::MAX, |i| self.floor.saturating_add(i).saturating_add(1))
        };
        match (top(&self.in_rows), top(&self.in_columns)) {
            (None, None) => None,
            (Some(a), Some(b)) if a > b => Some((made(a), Dir::Left)),
            (Some(a), None) => Some((made(a), Dir::Left)),
            (_, Some(b)) => Some((made(b), Dir::Up)),
        }
    }

    /// Whether a tile of exponent `goal` could exist after `remaining` ≥ 1
    /// moves. The first move is taken exactly as counted (either way); after
    /// it, a tile grows by at most one doubling a move, so only the tiles of
    /// at least `goal` + 1 - `remaining` can be part of the goal, and
    /// (counting alone) a move makes at most c / 2 tiles of e + 1 from c tiles
    /// of e. Those tiles must add up to the goal, and the counts must reach
    /// it. Tiles below the floor are left out, which is sound when the floor
    /// is at most `goal` - `remaining`.
    fn can_reach(&self, goal: u8, remaining: u32) -> bool {
        let Some(top) = goal.checked_sub(self.floor).map(usize::from) else {
            return true;
        };
        if top >= WINDOW || remaining == 0 {
            return true;
        }
        let later = usize::try_from(remaining - 1).unwrap_or(usize::MAX);
        let low = top.saturating_sub(later);
        [&self.in_rows, &self.in_columns].into_iter().any(|merges| {
            let mut c = [0u32; WINDOW];
            let mut made = 0;
            for (i, slot) in c.iter_mut().enumerate().take(top + 1) {
                let here = self.count.get(i).copied().unwrap_or(0);
                let merged = merges.get(i).copied().unwrap_or(0);
                *slot = here.saturating_sub(2 * merged) + made;
                made = merged;
            }
            // In units of the lowest tile that can take part.
            let mass = c
                .get(low..=top)
                .unwrap_or_default()
                .iter()
                .enumerate()
                .fold(0u128, |sum, (d, &k)| sum.saturating_add(u128::from(k) << d));
            if mass < 1u128 << (top - low) {
                return false;
            }
            for _ in 0..later {
                if c.get(top).is_some_and(|&k| k > 0) {
                    return true;
                }
                for i in (1..=top).rev() {
                    let below = c.get(i - 1).copied().unwrap_or(0);
                    if let Some(k) = c.get_mut(i) {
                        *k += below / 2;
                    }
                }
            }
            c.get(top).is_some_and(|&k| k > 0)
        })
    }
}

/// What the search needs from a board representation.
trait Position: Clone + Eq + Hash {
    /// Writes the board after a move in `dir` into `out`; the largest
    /// exponent of `out`, or `None` when the move changes nothing.
    fn slide_to(&self, dir: Dir, out: &mut Self) -> Option<u8>;
    /// The largest exponent.
    fn max_exp(&self) -> u8;
    /// The [`Outlook`] of the tiles of at least `floor`.
    fn outlook(&self, floor: u8) -> Outlook;
    /// Bytes one table entry of this board costs, roughly.
    fn entry_bytes(&self) -> usize;
}

/// A board of any size as the search keeps it: the side and the exponents
/// in row-major order.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Grid {
    n: usize,
    cells: Box<[u8]>,
}

impl Grid {
    fn of(board: &Board) -> Grid {
        Grid {
            n: board.size(),
            cells: board.exponents().into(),
        }
    }
}

/// Slides the exponents `line` yields (from the wall outwards, at most
/// [`MAX_SIZE`] of them) into the start of `out`, zeroing its cells after
/// the last tile up to `n`: [`slide_line`](crate::slide::slide_line) from
/// one buffer into another. Exponents are at most 128, so a merge never
/// wraps.
///
/// Only empty cells take a branch; whether a tile merges, unpredictable on
/// a dense board, does not: a tile waits in `pending` for its partner, the
/// cell at the write position always receives the merged tile or the
/// pending one, and the position only advances when a tile is final.
#[inline(always)]
fn slide_line<'a>(line: impl Iterator<Item = &'a u8>, out: &mut [u8; MAX_SIZE], n: usize) {
    let mut write = 0usize;
    let mut pending = 0u8;
    for &v in line {
        if v == 0 {
            continue;
        }
        let merge = v == pending;
        // `write` stays below the tiles read, so below MAX_SIZE.
        if let Some(cell) = out.get_mut(write % MAX_SIZE) {
            *cell = if merge { v.wrapping_add(1) } else { pending };
        }
        write += usize::from(merge || pending != 0);
        pending = if merge { 0 } else { v };
    }
    if let Some(cell) = out.get_mut(write % MAX_SIZE) {
        *cell = pending;
    }
    write += usize::from(pending != 0);
    if let Some(rest) = out.get_mut(write..n) {
        rest.fill(0);
    }
}

impl Position for Grid {
    fn slide_to(&self, dir: Dir, out: &mut Grid) -> Option<u8> {
        let n = self.n;
        let (src, dst) = (&self.cells[..], &mut out.cells[..]);
        let mut column = [0u8; MAX_SIZE];
        let mut slid = [0u8; MAX_SIZE];
        match dir {
            Dir::Left | Dir::Right => {
                for (from, to) in src.chunks_exact(n).zip(dst.chunks_exact_mut(n)) {
                    if dir == Dir::Left {
                        slide_line(from.iter(), &mut slid, n);
                        for (cell, &v) in to.iter_mut().zip(&slid) {
                            *cell = v;
                        }
                    } else {
                        slide_line(from.iter().rev(), &mut slid, n);
                        for (cell, &v) in to.iter_mut().rev().zip(&slid) {
                            *cell = v;
                        }
                    }
                }
            }
            Dir::Up | Dir::Down => {
                for c in 0..n {
                    let from = src.get(c..).unwrap_or_default().iter().step_by(n);
                    for (cell, &v) in column.iter_mut().zip(from) {
                        *cell = v;
                    }
                    let line = column.get(..n).unwrap_or_default();
                    let to = dst.get_mut(c..).unwrap_or_default().iter_mut().step_by(n);
                    if dir == Dir::Up {
                        slide_line(line.iter(), &mut slid, n);
                        for (cell, &v) in to.zip(&slid) {
                            *cell = v;
                        }
                    } else {
                        slide_line(line.iter().rev(), &mut slid, n);
                        let slid = slid.get(..n).unwrap_or_default();
                        for (cell, &v) in to.zip(slid.iter().rev()) {
                            *cell = v;
                        }
                    }
                }
            }
        }
        (src != &*dst).then(|| dst.iter().copied().fold(0, u8::max))
    }

    fn max_exp(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    fn outlook(&self, floor: u8) -> Outlook {
        Outlook::of(&self.cells, self.n, floor)
    }

    fn entry_bytes(&self) -> usize {
        self.cells.len() + 64
    }
}

impl Position for Bitboard {
    fn slide_to(&self, dir: Dir, out: &mut Bitboard) -> Option<u8> {
        *out = self.slide(dir);
        (*out != *self).then(|| out.max_exponent())
    }

    fn max_exp(&self) -> u8 {
        self.max_exponent()
    }

    fn outlook(&self, floor: u8) -> Outlook {
        let cells: [u8; 16] = std::array::from_fn(|i| self.cell(i));
        Outlook::of(&cells, 4, floor)
    }

    fn entry_bytes(&self) -> usize {
        24
    }
}

/// One depth-first search: either for the best tile, or (with a target) for
/// the first line that reaches the target.
struct Search<'a, P: Position> {
    stack: Vec<P>,
    path: Vec<Dir>,
    best: u8,
    best_path: Vec<Dir>,
    target: Option<u8>,
    found: bool,
    table: FxHashMap<P, u32>,
    table_bytes: usize,
    limits: &'a Limits,
    boards: u64,
    /// The deadline passed or the interrupt came: unwind.
    stopped: bool,
    /// The interrupt came.
    interrupted: bool,
}

impl<'a, P: Position> Search<'a, P> {
    fn new(start: &P, moves: u32, target: Option<u8>, limits: &'a Limits) -> Search<'a, P> {
        let depth = moves as usize + 1;
        let best = match target {
            Some(t) => t.saturating_sub(1),
            None => start.max_exp(),
        };
        Search {
            stack: vec![start.clone(); depth],
            path: Vec::with_capacity(depth),
            best,
            best_path: Vec::new(),
            target,
            found: target.is_some_and(|t| start.max_exp() >= t),
            table: FxHashMap::default(),
            table_bytes: 0,
            limits,
            boards: 0,
            stopped: false,
            interrupted: false,
        }
    }

    /// True when the board at `level` was already searched with at least
    /// `remaining` moves; records it otherwise.
    fn seen(&mut self, level: usize, remaining: u32) -> bool {
        // The stack holds one board per level: `level` is always in it.
        let Some(board) = self.stack.get(level) else {
            return false;
        };
        if let Some(r) = self.table.get_mut(board) {
            if *r >= remaining {
                return true;
            }
            *r = remaining;
            return false;
        }
        let cost = board.entry_bytes();
        if self.table_bytes + cost <= self.limits.table_bytes {
            self.table_bytes += cost;
            self.table.insert(board.clone(), remaining);
        }
        false
    }

    /// A tile of exponent `exp` is reached by the current path, followed by
    /// `last` when given.
    fn reached(&mut self, exp: u8, last: Option<Dir>) {
        self.best = exp;
        self.best_path.clone_from(&self.path);
        self.best_path.extend(last);
        self.found = self.target.is_some();
    }

    /// The board at `level`, whose largest exponent is `max`, with
    /// `remaining` moves left: takes its largest tile, the exact best of
    /// one more move (from its [`Outlook`]), and searches it further unless
    /// the outlook or the table shows it cannot beat the best.
    fn visit(&mut self, level: usize, remaining: u32, max: u8) {
        if max > self.best {
            self.reached(max, None);
            if self.found {
                return;
            }
        }
        // The largest tile grows by at most one doubling a move.
        if remaining == 0 || u32::from(max) + remaining <= u32::from(self.best) {
            return;
        }
        // A tile below `floor` grows to at most the best in the remaining
        // moves, so the outlook leaves it out.
        let floor = u32::from(self.best) + 1 - remaining.min(u32::from(self.best));
        let floor = u8::try_from(floor).unwrap_or(u8::MAX);
        let Some(board) = self.stack.get(level) else {
            return;
        };
        let outlook = board.outlook(floor);
        if let Some((made, dir)) = outlook.best_merge() {
            if made > self.best {
                self.reached(made, Some(dir));
                if self.found {
                    return;
                }
            }
        }
        let goal = self.best.saturating_add(1);
        if remaining == 1 || !outlook.can_reach(goal, remaining) || self.seen(level, remaining) {
            return;
        }
        self.run(level, remaining);
    }

    /// Tries every move from the board at `level` (`remaining` ≥ 2 moves
    /// left).
    fn run(&mut self, level: usize, remaining: u32) {
        self.boards += 1;
        if self.boards.is_multiple_of(CLOCK_EVERY) {
            self.interrupted |= self
                .limits
                .interrupt
                .as_ref()
                .is_some_and(Interrupt::is_triggered);
            if let Some(deadline) = self.limits.deadline {
                self.stopped |= Instant::now() >= deadline;
            }
            self.stopped |= self.interrupted;
        }
        for dir in Dir::ALL {
            if self.found || self.stopped {
                return;
            }
            // Levels stop one short of the stack's end, so both exist.
            let Some((parents, children)) = self.stack.split_at_mut_checked(level + 1) else {
                return;
            };
            let (Some(parent), Some(child)) = (parents.last(), children.first_mut()) else {
                return;
            };
            let Some(max) = parent.slide_to(dir, child) else {
                continue;
            };
            self.path.push(dir);
            self.visit(level + 1, remaining - 1, max);
            self.path.pop();
        }
    }
}

fn search<P: Position>(
    start: &P,
    moves: u32,
    target: Option<u8>,
    limits: &Limits,
) -> Result<(u8, Vec<Dir>, bool), OutOfTime> {
    let mut s = Search::new(start, moves, target, limits);
    if !s.found {
        s.visit(0, moves, start.max_exp());
    }
    if s.stopped {
        return Err(OutOfTime {
            boards: s.boards,
            interrupted: s.interrupted,
        });
    }
    Ok((s.best, s.best_path, s.found))
}

/// Runs `f` on the bitboard when the whole search fits in it, otherwise on
/// the generic board.
fn dispatch<T>(
    board: &Board,
    moves: u32,
    on_bits: impl FnOnce(&Bitboard) -> T,
    on_grid: impl FnOnce(&Grid) -> T,
) -> T {
    let fits = u32::from(board.max_exponent()) + moves <= 15;
    match board.to_bitboard() {
        Some(bb) if fits => on_bits(&bb),
        _ => on_grid(&Grid::of(board)),
    }
}

/// Whether merges could make a tile above 2^[`MAX_EXPONENT`]: only when the
/// tiles add up to 2^([`MAX_EXPONENT`] + 1) or more, since a merge keeps the
/// sum and every tile is at most the sum.
///
/// ```
/// use boardkit_2048::{max_tile::can_overflow, Board};
///
/// let one = Board::from_exponents(1, vec![127]).unwrap();
/// assert!(!can_overflow(&one));
/// let two = Board::from_exponents(2, vec![127, 127, 0, 0]).unwrap();
/// assert!(can_overflow(&two));
/// ```
#[must_use]
pub fn can_overflow(board: &Board) -> bool {
    board
        .values()
        .iter()
        .try_fold(0u128, |sum, &v| sum.checked_add(v))
        .is_none()
}

/// `moves` capped at [`MAX_MOVES`] and, when merges could overflow, at the
/// moves that keep every tile within 2^[`MAX_EXPONENT`].
fn clamp_moves(board: &Board, moves: u32) -> u32 {
    let moves = moves.min(MAX_MOVES);
    if can_overflow(board) {
        let room = u32::from(MAX_EXPONENT.saturating_sub(board.max_exponent()));
        moves.min(room.max(1))
    } else {
        moves
    }
}

/// The largest exponent on the board after at most `moves` moves (0 for an
/// empty board). `moves` is capped at [`MAX_MOVES`] and, on the boards whose
/// tiles add up past 2^127 ([`can_overflow`]), at what keeps tiles within
/// 2^127.
#[must_use]
pub fn max_tile(board: &Board, moves: u32) -> u8 {
    // Without a deadline or an interrupt the search always finishes.
    max_tile_within(board, moves, &Limits::default()).unwrap_or_default()
}

/// [`max_tile`] within `limits`.
///
/// ```
/// use std::time::Instant;
/// use boardkit_2048::{max_tile::{max_tile_within, Limits}, Board};
///
/// let b = Board::from_values(3, &[2u32, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
/// assert_eq!(max_tile_within(&b, 5, &Limits::default()), Ok(4));
/// let past = Limits { deadline: Some(Instant::now()), ..Limits::default() };
/// assert_eq!(max_tile_within(&b, 5, &past), Ok(4)); // done before the first look at the clock
/// ```
///
/// # Errors
/// [`OutOfTime`] when the deadline passes or the interrupt comes first.
pub fn max_tile_within(board: &Board, moves: u32, limits: &Limits) -> Result<u8, OutOfTime> {
    let moves = clamp_moves(board, moves);
    dispatch(
        board,
        moves,
        |b| search(b, moves, None, limits).map(|r| r.0),
        |b| search(b, moves, None, limits).map(|r| r.0),
    )
}

/// The largest exponent within `moves` moves and a shortest move sequence
/// that reaches it (empty when the starting board already holds it).
#[must_use]
pub fn best_line(board: &Board, moves: u32) -> (u8, Vec<Dir>) {
    // Without a deadline or an interrupt the search always finishes.
    best_line_within(board, moves, &Limits::default()).unwrap_or_default()
}

/// [`best_line`] within `limits` (one deadline for all the searches it
/// makes).
///
/// # Errors
/// [`OutOfTime`] when the deadline passes or the interrupt comes first.
pub fn best_line_within(
    board: &Board,
    moves: u32,
    limits: &Limits,
) -> Result<(u8, Vec<Dir>), OutOfTime> {
    let moves = clamp_moves(board, moves);
    dispatch(
        board,
        moves,
        |b| shortest(b, moves, limits),
        |b| shortest(b, moves, limits),
    )
}

fn shortest<P: Position>(
    start: &P,
    moves: u32,
    limits: &Limits,
) -> Result<(u8, Vec<Dir>), OutOfTime> {
    let (best, mut line, _) = search(start, moves, None, limits)?;
    if best <= start.max_exp() {
        return Ok((best, Vec::new()));
    }
    // The full search found some line; look for a shorter one depth by depth.
    for k in 1..line.len() as u32 {
        let (_, path, found) = search(start, k, Some(best), limits)?;
        if found {
            line = path;
            break;
        }
    }
    Ok((best, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain 4^K search every move sequence.
    fn reference(board: &Board, moves: u32) -> u8 {
        let mut best = board.max_exponent();
        if moves > 0 {
            for dir in Dir::ALL {
                let (next, _) = board.slid(dir);
                best = best.max(reference(&next, moves - 1));
            }
        }
        best
    }

    fn replay(board: &Board, line: &[Dir]) -> Board {
        let mut b = board.clone();
        for &d in line {
            b.slide(d);
        }
        b
    }

    fn board_strategy(max_n: usize) -> impl Strategy<Value = Board> {
        (1..=max_n).prop_flat_map(|n| {
            proptest::collection::vec(prop_oneof![2 => Just(0u8), 3 => 1u8..=5], n * n)
                .prop_map(move |cells| Board::from_exponents(n, cells).unwrap())
        })
    }

    /// Boards of side 1 to `max_n` with every cell a tile from 2 to 16, as
    /// on the dense benchmark boards, where the bounds cut least.
    fn dense_strategy(max_n: usize) -> impl Strategy<Value = Board> {
        (1..=max_n).prop_flat_map(|n| {
            proptest::collection::vec(1u8..=4, n * n)
                .prop_map(move |cells| Board::from_exponents(n, cells).unwrap())
        })
    }

    #[test]
    fn outlook_counts_runs_either_way() {
        // 2 2 2 _ / 4 _ 4 _ / 8 4 8 4 / _ _ 8 _
        let cells = [1, 1, 1, 0, 2, 0, 2, 0, 3, 2, 3, 2, 0, 0, 3, 0];
        let o = Outlook::of(&cells, 4, 1);
        assert_eq!(o.count[..4], [3, 4, 3, 0]);
        // In rows: 2 2 2 merges one pair, 4 _ 4 the 4s across the gap.
        assert_eq!(o.in_rows[..3], [1, 1, 0]);
        // In columns: only the two 8s at the foot of the third column.
        assert_eq!(o.in_columns[..3], [0, 0, 1]);
        assert_eq!(o.best_merge(), Some((4, Dir::Up)));
        // From 4 up the 2s are left out; from 16 up nothing is there.
        let o = Outlook::of(&cells, 4, 2);
        assert_eq!(o.count[..2], [4, 3]);
        assert_eq!(o.in_rows[..2], [1, 0]);
        assert_eq!(o.in_columns[..2], [0, 1]);
        assert_eq!(Outlook::of(&cells, 4, 4).best_merge(), None);
        // Rows 2 2 / 2 / 2 2 / 2 2 merge three pairs; in columns the four 2s
        // of the first merge two, the three of the second (2 _ 2 2) one.
        let cells = [1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0];
        let o = Outlook::of(&cells, 4, 1);
        assert_eq!((o.count[0], o.in_rows[0], o.in_columns[0]), (7, 3, 3));
    }

    #[test]
    fn hand_worked_and_edges() {
        // 4 4 8 / 2 0 2 / 0 0 0: one move makes a second 8 at most, two
        // (left, left) make 16, and the tiles only add up to 20.
        let b = Board::from_values(3, &[4u32, 4, 8, 2, 0, 2, 0, 0, 0]).unwrap();
        assert_eq!(max_tile(&b, 5), 4);
        assert_eq!(max_tile(&b, 0), 3);
        assert_eq!(max_tile(&b, 1), 3);
        assert_eq!(max_tile(&b, 2), 4);
        let empty = Board::empty(5).unwrap();
        assert_eq!(max_tile(&empty, 5), 0);
        assert_eq!(best_line(&empty, 5), (0, vec![]));
        let one = Board::from_values(1, &[1024u32]).unwrap();
        assert_eq!(best_line(&one, 12), (10, vec![]));
    }

    #[test]
    fn tiles_near_the_top_need_more_moves_than_their_doublings() {
        // 2^124 2^124 2^125 2^126 on a row: each left move makes one merge
        // (2^125 2^125 2^126, then 2^126 2^126, then 2^127), so 2^127 takes
        // three moves although the largest tile doubles only once; the tiles
        // add up to 2^127, so nothing can pass it.
        let mut cells = vec![0u8; 16];
        cells[..4].copy_from_slice(&[124, 124, 125, 126]);
        let b = Board::from_exponents(4, cells).unwrap();
        assert!(!can_overflow(&b));
        assert_eq!(max_tile(&b, 1), 126);
        assert_eq!(max_tile(&b, 3), 127);
        assert_eq!(max_tile(&b, 10), reference(&b, 4));
        let (best, line) = best_line(&b, 10);
        assert_eq!((best, line.len()), (127, 3));
        assert_eq!(replay(&b, &line).max_exponent(), 127);
        let top = Board::from_exponents(1, vec![127]).unwrap();
        assert_eq!(max_tile(&top, 5), 127);
    }

    /// A dense 20 x 20 board of tiles 2 to 1024 from a fixed generator: its
    /// 12-move search visits far more than 256 boards.
    fn dense_board() -> Board {
        let mut x: u64 = 12100;
        let values: Vec<u32> = (0..400)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                2 << ((x >> 33) % 10)
            })
            .collect();
        Board::from_values(20, &values).unwrap()
    }

    #[test]
    fn a_passed_deadline_stops_at_the_first_look_at_the_clock() {
        let board = dense_board();
        let past = Limits {
            deadline: Some(Instant::now()),
            ..Limits::default()
        };
        let stopped = OutOfTime {
            boards: CLOCK_EVERY,
            interrupted: false,
        };
        assert_eq!(max_tile_within(&board, 12, &past), Err(stopped));
        assert_eq!(best_line_within(&board, 12, &past), Err(stopped));
        // A tiny table only costs speed.
        let tiny = Limits {
            table_bytes: 1024,
            ..Limits::default()
        };
        assert_eq!(max_tile_within(&board, 4, &tiny), Ok(max_tile(&board, 4)));
        assert_eq!(best_line_within(&board, 4, &tiny), Ok(best_line(&board, 4)));
    }

    #[test]
    fn an_interrupt_changes_nothing_until_triggered_then_stops_at_the_first_look() {
        let board = dense_board();
        let interrupt = Interrupt::new();
        let watched = Limits::default().with_interrupt(interrupt.clone());
        // 2^10 is the largest tile of the dense board; three moves make 2^12.
        let (best, line) = best_line(&board, 4);
        assert_eq!((best, line.len()), (12, 3));
        assert_eq!(max_tile_within(&board, 4, &watched), Ok(12));
        assert_eq!(best_line_within(&board, 4, &watched), Ok((best, line)));
        interrupt.trigger();
        let stopped = OutOfTime {
            boards: CLOCK_EVERY,
            interrupted: true,
        };
        assert_eq!(max_tile_within(&board, 12, &watched), Err(stopped));
        assert_eq!(best_line_within(&board, 12, &watched), Err(stopped));
        assert_eq!(stopped.to_string(), "interrupted (256 boards searched)");
    }

    #[test]
    fn hand_worked_four_by_four() {
        // 2 2 4 8 in one row: L gives 4 4 8, L again 8 8, L again 16: 3 moves.
        let b =
            Board::from_values(4, &[2u32, 2, 4, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert_eq!(best_line(&b, 2).0, 3);
        // The tiles sum to 16, so 16 is the most any budget can reach.
        let (e, line) = best_line(&b, 5);
        assert_eq!(e, 4);
        assert_eq!(line.len(), 3);
        assert_eq!(replay(&b, &line).max_exponent(), 4);
    }

    #[test]
    fn large_tiles_use_the_generic_board() {
        let b = Board::from_values(
            4,
            &[
                1u32 << 15,
                1 << 15,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
                0,
            ],
        )
        .unwrap();
        assert_eq!(max_tile(&b, 1), 16);
        assert_eq!(max_tile(&b, 12), 16);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn equals_exhaustive_search(board in board_strategy(6), moves in 0u32..=5) {
            prop_assert_eq!(max_tile(&board, moves), reference(&board, moves));
        }

        #[test]
        fn equals_exhaustive_search_on_dense_boards(board in dense_strategy(8), moves in 0u32..=6) {
            prop_assert_eq!(max_tile(&board, moves), reference(&board, moves));
            let (best, line) = best_line(&board, moves);
            prop_assert_eq!(replay(&board, &line).max_exponent(), best);
        }

        #[test]
        fn grid_moves_equal_the_board_rule(board in board_strategy(9), dense in dense_strategy(9)) {
            for b in [&board, &dense] {
                let grid = Grid::of(b);
                let mut out = grid.clone();
                for dir in Dir::ALL {
                    let (next, outcome) = b.slid(dir);
                    let top = grid.slide_to(dir, &mut out);
                    prop_assert_eq!(&out.cells[..], next.exponents());
                    prop_assert_eq!(top.is_some(), outcome.changed);
                    if let Some(top) = top {
                        prop_assert_eq!(top.max(b.max_exponent()), next.max_exponent());
                    }
                }
            }
        }

        #[test]
        fn outlook_never_rules_out_a_reachable_tile(
            sparse in board_strategy(6),
            dense in dense_strategy(6),
            pick_dense: bool,
            moves in 1u32..=4,
        ) {
            let board = if pick_dense { dense } else { sparse };
            let grid = Grid::of(&board);
            let one = Dir::ALL.iter().map(|&d| board.slid(d).0.max_exponent()).max().unwrap();
            let best = reference(&board, moves);
            for goal in board.max_exponent() + 1..=best {
                let floor = u32::from(goal).saturating_sub(moves).max(1) as u8;
                let o = grid.outlook(floor);
                prop_assert!(o.can_reach(goal, moves), "goal {} in {} moves", goal, moves);
                if goal <= one {
                    prop_assert!(o.best_merge().is_some_and(|(e, _)| e >= goal));
                }
            }
            let exact = grid.outlook(1).best_merge().map_or(board.max_exponent(), |(e, _)| e.max(board.max_exponent()));
            prop_assert_eq!(exact, one);
        }

        #[test]
        fn best_line_is_shortest_and_replays(board in board_strategy(5), moves in 0u32..=5) {
            let (best, line) = best_line(&board, moves);
            prop_assert_eq!(best, reference(&board, moves));
            prop_assert!(line.len() as u32 <= moves);
            prop_assert_eq!(replay(&board, &line).max_exponent(), best);
            if let Some(shorter) = (line.len() as u32).checked_sub(1) {
                prop_assert!(reference(&board, shorter) < best);
            }
        }
    }
}
