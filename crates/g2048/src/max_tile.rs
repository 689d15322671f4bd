//! The largest tile reachable within K moves (Baekjoon 12100 and beyond).
//!
//! An exact depth-first search over the moves that change the board (a move
//! that changes nothing only wastes a turn, so it never helps). Two things
//! keep it small without losing exactness:
//!
//! * **Bound.** After r more moves no tile can exceed the current largest
//!   times 2^r, nor the sum of the 2^r largest tiles (each tile is built from
//!   at most 2^r of today's tiles). A branch whose bound cannot beat the best
//!   tile found so far is cut.
//! * **Deduplication.** A transposition table remembers each board with the
//!   most moves it was searched with; a board met again with no more moves
//!   left is not expanded twice. The table stops growing at a memory budget,
//!   which only costs speed, never exactness.
//!
//! 4 × 4 boards whose tiles stay below 2^16 for the whole search run on the
//! [`Bitboard`]; everything else on the generic [`Board`].
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

use crate::{Bitboard, Board, MAX_EXPONENT};

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

/// Boards searched between two looks at the clock and the interrupt (a 20
/// x 20 board takes about a microsecond, a bitboard a few nanoseconds).
const CLOCK_EVERY: u64 = 256;

/// What the search needs from a board representation.
trait Position: Clone + Eq + Hash {
    /// Writes the board after a move in `dir` into `out`; true if it changed.
    fn slide_to(&self, dir: Dir, out: &mut Self) -> bool;
    /// The largest exponent.
    fn max_exp(&self) -> u8;
    /// An exponent no tile can exceed after `remaining` more moves.
    fn bound(&self, remaining: u32) -> u8;
    /// Bytes one table entry of this board costs, roughly.
    fn entry_bytes(&self) -> usize;
}

/// floor(log2) of the sum of the `take` largest tiles, from a histogram of
/// exponents.
fn mass_bound(histogram: &[u32], take: u64) -> u8 {
    let mut left = take;
    let mut sum: u128 = 0;
    for (exp, &count) in histogram.iter().enumerate().rev() {
        if left == 0 {
            break;
        }
        if exp == 0 || count == 0 {
            continue;
        }
        let used = u64::from(count).min(left);
        left -= used;
        let add = (1u128 << exp).saturating_mul(u128::from(used));
        sum = sum.saturating_add(add);
    }
    if sum == 0 {
        0
    } else {
        (127 - sum.leading_zeros()) as u8
    }
}

fn take_for(remaining: u32) -> u64 {
    1u64.checked_shl(remaining).unwrap_or(u64::MAX)
}

impl Position for Board {
    fn slide_to(&self, dir: Dir, out: &mut Board) -> bool {
        self.slide_into(dir, out).changed
    }

    fn max_exp(&self) -> u8 {
        self.max_exponent()
    }

    fn bound(&self, remaining: u32) -> u8 {
        let mut histogram = [0u32; MAX_EXPONENT as usize + 1];
        let mut max = 0u8;
        for &e in self.exponents() {
            if let Some(h) = histogram.get_mut(usize::from(e)) {
                *h += 1;
            }
            max = max.max(e);
        }
        let by_doubling = u32::from(max).saturating_add(remaining);
        let by_mass = mass_bound(&histogram, take_for(remaining));
        u8::try_from(by_doubling.min(u32::from(by_mass))).unwrap_or(u8::MAX)
    }

    fn entry_bytes(&self) -> usize {
        self.exponents().len() + 64
    }
}

impl Position for Bitboard {
    fn slide_to(&self, dir: Dir, out: &mut Bitboard) -> bool {
        *out = self.slide(dir);
        *out != *self
    }

    fn max_exp(&self) -> u8 {
        self.max_exponent()
    }

    fn bound(&self, remaining: u32) -> u8 {
        let mut histogram = [0u32; 16];
        let mut max = 0u8;
        for i in 0..16 {
            let e = self.cell(i);
            if let Some(h) = histogram.get_mut(usize::from(e)) {
                *h += 1;
            }
            max = max.max(e);
        }
        let by_doubling = u32::from(max).saturating_add(remaining);
        let by_mass = mass_bound(&histogram, take_for(remaining));
        u8::try_from(by_doubling.min(u32::from(by_mass))).unwrap_or(u8::MAX)
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
            if !parent.slide_to(dir, child) {
                continue;
            }
            self.path.push(dir);
            let m = child.max_exp();
            if m > self.best {
                self.best = m;
                self.best_path.clone_from(&self.path);
                if self.target.is_some() {
                    self.found = true;
                    return;
                }
            }
            let left = remaining - 1;
            if left > 0
                && child.bound(left) > self.best
                && !(left >= 2 && self.seen(level + 1, left))
            {
                self.run(level + 1, left);
            }
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
    if moves > 0 && !s.found && start.bound(moves) > s.best {
        s.run(0, moves);
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
    on_board: impl FnOnce(&Board) -> T,
) -> T {
    let fits = u32::from(board.max_exponent()) + moves <= 15;
    match board.to_bitboard() {
        Some(bb) if fits => on_bits(&bb),
        _ => on_board(board),
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
