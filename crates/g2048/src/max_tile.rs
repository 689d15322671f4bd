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
//! ```
//! use g2048::{max_tile::{best_line, max_tile}, Board};
//!
//! let b = Board::from_values(3, &[2u32, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
//! assert_eq!(max_tile(&b, 5), 4); // 2^4 = 16, the judge's sample
//! let (exp, line) = best_line(&b, 5);
//! assert_eq!(exp, 4);
//! assert_eq!(line.len(), 1); // left: 16 8 0 on the bottom row
//! ```

use std::hash::Hash;

use grid::Dir;
use rustc_hash::FxHashMap;

use crate::{Bitboard, Board, MAX_EXPONENT};

/// The largest number of moves the search accepts: tiles must stay within
/// 2^[`MAX_EXPONENT`] however the moves merge.
pub const MAX_MOVES: u32 = 64;

/// Default memory for the transposition table, in bytes.
const TABLE_BUDGET: usize = 256 << 20;

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
            histogram[usize::from(e)] += 1;
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
struct Search<P: Position> {
    stack: Vec<P>,
    path: Vec<Dir>,
    best: u8,
    best_path: Vec<Dir>,
    target: Option<u8>,
    found: bool,
    table: FxHashMap<P, u32>,
    table_bytes: usize,
}

impl<P: Position> Search<P> {
    fn new(start: &P, moves: u32, target: Option<u8>) -> Search<P> {
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
        }
    }

    /// True when the board at `level` was already searched with at least
    /// `remaining` moves; records it otherwise.
    fn seen(&mut self, level: usize, remaining: u32) -> bool {
        let board = &self.stack[level];
        if let Some(r) = self.table.get_mut(board) {
            if *r >= remaining {
                return true;
            }
            *r = remaining;
            return false;
        }
        let cost = board.entry_bytes();
        if self.table_bytes + cost <= TABLE_BUDGET {
            self.table_bytes += cost;
            self.table.insert(board.clone(), remaining);
        }
        false
    }

    fn run(&mut self, level: usize, remaining: u32) {
        for dir in Dir::ALL {
            if self.found {
                return;
            }
            let (parents, children) = self.stack.split_at_mut(level + 1);
            let child = &mut children[0];
            if !parents[level].slide_to(dir, child) {
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

fn search<P: Position>(start: &P, moves: u32, target: Option<u8>) -> (u8, Vec<Dir>, bool) {
    let mut s = Search::new(start, moves, target);
    if moves > 0 && !s.found && start.bound(moves) > s.best {
        s.run(0, moves);
    }
    (s.best, s.best_path, s.found)
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

fn clamp_moves(board: &Board, moves: u32) -> u32 {
    let room = u32::from(MAX_EXPONENT.saturating_sub(board.max_exponent()));
    moves.min(MAX_MOVES).min(room.max(1))
}

/// The largest exponent on the board after at most `moves` moves (0 for an
/// empty board). `moves` is capped at [`MAX_MOVES`] and at what keeps tiles
/// within 2^127.
#[must_use]
pub fn max_tile(board: &Board, moves: u32) -> u8 {
    let moves = clamp_moves(board, moves);
    dispatch(
        board,
        moves,
        |b| search(b, moves, None).0,
        |b| search(b, moves, None).0,
    )
}

/// The largest exponent within `moves` moves and a shortest move sequence
/// that reaches it (empty when the starting board already holds it).
#[must_use]
pub fn best_line(board: &Board, moves: u32) -> (u8, Vec<Dir>) {
    let moves = clamp_moves(board, moves);
    dispatch(board, moves, |b| shortest(b, moves), |b| shortest(b, moves))
}

fn shortest<P: Position>(start: &P, moves: u32) -> (u8, Vec<Dir>) {
    let (best, mut line, _) = search(start, moves, None);
    if best <= start.max_exp() {
        return (best, Vec::new());
    }
    // The full search found some line; look for a shorter one depth by depth.
    for k in 1..line.len() as u32 {
        let (_, path, found) = search(start, k, Some(best));
        if found {
            line = path;
            break;
        }
    }
    (best, line)
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
    fn spec_sample_and_edges() {
        let b = Board::from_values(3, &[2u32, 2, 2, 4, 4, 4, 8, 8, 8]).unwrap();
        assert_eq!(max_tile(&b, 5), 4);
        assert_eq!(max_tile(&b, 0), 3);
        assert_eq!(max_tile(&b, 1), 4);
        let empty = Board::empty(5).unwrap();
        assert_eq!(max_tile(&empty, 5), 0);
        assert_eq!(best_line(&empty, 5), (0, vec![]));
        let one = Board::from_values(1, &[1024u32]).unwrap();
        assert_eq!(best_line(&one, 12), (10, vec![]));
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
