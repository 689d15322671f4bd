//! Hotspots: boxes in the way of other boxes, for FESS's hotspots advisor
//! ([`super::advisors`]).
//!
//! A square `s` *blocks* a square `t` when a box on `t`, alone on the board,
//! can be pushed to fewer goals once `s` is a wall (goals other than `s`
//! itself). The test is relaxed: a push needs only the square behind the
//! box to be floor, as though the worker could always get there. So a box
//! on `s` stands in the way of a box on `t` in the sense that matters for
//! corridors and doorways, while in open rooms it blocks nothing.
//!
//! A position's hotspot count is the number of ordered pairs of boxes off
//! goals, the first blocking the second. The table holds, for each square,
//! the bitset of the squares it blocks and of those that block it, so the
//! count is one bitwise-and-popcount per box, and the count after one box
//! moves is the count before it plus two per end of the move
//! ([`Hotspots::moved`]).

use super::compact::{bits, Board, NONE};
use super::limit::{Clock, Limit};

/// Largest `squares² × goals` for which the table is computed (a few tens
/// of milliseconds); larger boards have no hotspots.
const MAX_WORK: usize = 1 << 26;

/// The squares each square blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Hotspots {
    /// Words per bitset.
    words: usize,
    /// `blocks[s * words..(s + 1) * words]`: the squares `s` blocks.
    /// Empty when the board is too large.
    blocks: Vec<u64>,
    /// The same layout: the squares that block `s`.
    blocked_by: Vec<u64>,
}

impl Hotspots {
    /// Bytes the table of `board` takes (an upper bound).
    pub(crate) fn bytes_for(board: &Board) -> usize {
        board.len() * board.words() * 16
    }

    /// The table of `board`, or the limit `clock` reports first.
    pub(crate) fn new(board: &Board, clock: &Clock) -> Result<Hotspots, Limit> {
        let n = board.len();
        let goals = board.goals();
        let words = board.words();
        if n.saturating_mul(n).saturating_mul(goals.len()) > MAX_WORK {
            return Ok(Hotspots::default());
        }
        let mut free = vec![vec![false; n]; goals.len()];
        let mut stack = Vec::new();
        for (g, reach) in goals.iter().zip(free.iter_mut()) {
            reaching(board, *g, NONE, reach, &mut stack);
        }
        let mut blocks = vec![0u64; n * words];
        let mut walled = vec![false; n];
        for s in 0..n {
            if let Some(limit) = clock.passed() {
                return Err(limit);
            }
            let Ok(s16) = u16::try_from(s) else { break };
            let row = blocks
                .get_mut(s * words..(s + 1) * words)
                .unwrap_or(&mut []);
            for (&g, reach) in goals.iter().zip(&free) {
                if g == s16 {
                    continue;
                }
                reaching(board, g, s16, &mut walled, &mut stack);
                for (t, (&before, &after)) in reach.iter().zip(&walled).enumerate() {
                    if before && !after && t != s {
                        if let Ok(t) = u16::try_from(t) {
                            bits::set(row, t);
                        }
                    }
                }
            }
        }
        let mut blocked_by = vec![0u64; n * words];
        for s in 0..n {
            let Ok(s16) = u16::try_from(s) else { break };
            let row = blocks.get(s * words..(s + 1) * words).unwrap_or(&[]);
            for t in bits::iter(row) {
                let start = usize::from(t) * words;
                if let Some(col) = blocked_by.get_mut(start..start + words) {
                    bits::set(col, s16);
                }
            }
        }
        Ok(Hotspots {
            words,
            blocks,
            blocked_by,
        })
    }

    /// Whether `s` blocks `t`.
    #[cfg(test)]
    fn blocks(&self, s: u16, t: u16) -> bool {
        let start = usize::from(s) * self.words;
        self.blocks
            .get(start..start + self.words)
            .is_some_and(|row| bits::get(row, t))
    }

    /// The hotspot count of the position whose boxes off goals are the
    /// bitset `loose`.
    pub(crate) fn count(&self, loose: &[u64]) -> u16 {
        u16::try_from(self.total(loose)).unwrap_or(u16::MAX)
    }

    /// [`Hotspots::count`], not capped.
    pub(crate) fn total(&self, loose: &[u64]) -> u32 {
        bits::iter(loose)
            .map(|b| Hotspots::meet(&self.blocks, self.words, b, loose))
            .sum()
    }

    /// The hotspot count, not capped, once the box on `from` moves to the
    /// empty square `to` (off the goals when `to_loose`), in the position
    /// whose boxes off goals are `loose` and whose count is `total`.
    /// `loose` is left as it was.
    pub(crate) fn moved(
        &self,
        total: u32,
        loose: &mut [u64],
        from: u16,
        to: u16,
        to_loose: bool,
    ) -> u32 {
        let from_loose = bits::get(loose, from);
        let mut total = total;
        if from_loose {
            bits::clear(loose, from);
            total = total.saturating_sub(self.pairs(from, loose));
        }
        if to_loose {
            total += self.pairs(to, loose);
        }
        if from_loose {
            bits::set(loose, from);
        }
        total
    }

    /// The pairs a box on `s` makes with the boxes `loose` (no square
    /// blocks itself, so whether `s` is in `loose` does not matter).
    fn pairs(&self, s: u16, loose: &[u64]) -> u32 {
        Hotspots::meet(&self.blocks, self.words, s, loose)
            + Hotspots::meet(&self.blocked_by, self.words, s, loose)
    }

    /// The squares of `loose` in row `s` of `table` (empty: none).
    fn meet(table: &[u64], words: usize, s: u16, loose: &[u64]) -> u32 {
        let start = usize::from(s) * words;
        table.get(start..start + words).map_or(0, |row| {
            row.iter()
                .zip(loose)
                .map(|(r, l)| (r & l).count_ones())
                .sum()
        })
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        (self.blocks.capacity() + self.blocked_by.capacity()) * 8
    }
}

/// Marks in `reach` the squares from which a lone box can be pushed to
/// `goal` without passing or pushing from `wall` (relaxed: the worker is
/// taken to reach any floor square).
fn reaching(board: &Board, goal: u16, wall: u16, reach: &mut [bool], stack: &mut Vec<u16>) {
    reach.fill(false);
    stack.clear();
    if goal == wall {
        return;
    }
    if let Some(r) = reach.get_mut(usize::from(goal)) {
        *r = true;
        stack.push(goal);
    }
    while let Some(x) = stack.pop() {
        for d in 0..4 {
            // The box came to x from y, pushed by the worker on w.
            let y = board.nbr(x, d);
            if y == NONE || y == wall {
                continue;
            }
            let w = board.nbr(y, d);
            if w == NONE || w == wall {
                continue;
            }
            if let Some(r) = reach.get_mut(usize::from(y)) {
                if !*r {
                    *r = true;
                    stack.push(y);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn board(text: &str) -> (crate::level::Level, Board) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        (level, board)
    }

    /// The goals a lone box on `t` can be pushed to with `wall` walled.
    fn goals_from(board: &Board, t: u16, wall: u16) -> Vec<u16> {
        let mut walls = vec![false; board.len()];
        if wall != NONE {
            walls[usize::from(wall)] = true;
        }
        let seen = crate::solver::relaxed_pushes_from(board, &walls, t);
        board
            .goals()
            .iter()
            .copied()
            .filter(|&g| seen[usize::from(g)] && g != wall)
            .collect()
    }

    /// `s` blocks `t` by the definition.
    fn blocks_by_definition(board: &Board, s: u16, t: u16) -> bool {
        if s == t {
            return false;
        }
        let before: Vec<u16> = goals_from(board, t, NONE)
            .into_iter()
            .filter(|&g| g != s)
            .collect();
        before.len() > goals_from(board, t, s).len()
    }

    #[test]
    fn a_box_in_a_corridor_blocks_the_boxes_it_stands_before_or_behind() {
        // A corridor pushed rightwards to the goal: a box on a square
        // blocks the boxes to its left (it stands in their way) and the
        // box just to its right (it stands where that box's pusher must).
        let (level, board) = board("#######\n#@$  .#\n#######\n");
        let sq = |c| board.square(level.cell(1, c).unwrap());
        let hot = Hotspots::new(&board, &Clock::default()).unwrap();
        assert!(hot.blocks(sq(3), sq(2)));
        assert!(hot.blocks(sq(3), sq(4)));
        assert!(hot.blocks(sq(2), sq(3)));
        assert!(!hot.blocks(sq(2), sq(4)));
        assert!(!hot.blocks(sq(4), sq(4)));
        let mut loose = vec![0u64; board.words()];
        bits::set(&mut loose, sq(2));
        bits::set(&mut loose, sq(3));
        assert_eq!(hot.count(&loose), 2);
        // (4) blocks (2) and (3), and (3) blocks (4).
        bits::set(&mut loose, sq(4));
        assert_eq!(hot.count(&loose), 5);
    }

    #[test]
    fn the_count_after_a_move_is_the_count_of_the_new_position() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let (_, board) = board(
            "##########\n#  $   . #\n# # ## # #\n#  @     #\n## ##.# ##\n# $  #   #\n##########\n",
        );
        let hot = Hotspots::new(&board, &Clock::default()).unwrap();
        let n = u16::try_from(board.len()).unwrap();
        let mut nonzero = 0;
        for _ in 0..2000 {
            let mut loose = vec![0u64; board.words()];
            let mut boxes = vec![false; board.len()];
            for s in 0..n {
                if rng.gen_bool(0.3) {
                    boxes[usize::from(s)] = true;
                    if !board.is_goal(s) {
                        bits::set(&mut loose, s);
                    }
                }
            }
            let from = rng.gen_range(0..n);
            let to = rng.gen_range(0..n);
            if !boxes[usize::from(from)] || boxes[usize::from(to)] {
                continue;
            }
            let before = loose.clone();
            let total = hot.total(&loose);
            let to_loose = !board.is_goal(to);
            let after = hot.moved(total, &mut loose, from, to, to_loose);
            assert_eq!(loose, before);
            bits::clear(&mut loose, from);
            if to_loose {
                bits::set(&mut loose, to);
            }
            assert_eq!(after, hot.total(&loose));
            nonzero += usize::from(after != total);
        }
        assert!(nonzero > 100, "{nonzero}");
    }

    #[test]
    fn the_table_matches_its_definition_on_random_boards() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let mut blocking = 0;
        for _ in 0..60 {
            let (h, w) = (rng.gen_range(3..7), rng.gen_range(3..8));
            // Walls, floor and boxes on goals at random; the worker in the
            // corner, a box beside it and one more goal somewhere.
            let mut grid = vec![vec!['#'; w + 2]; h + 2];
            for row in grid.iter_mut().skip(1).take(h) {
                for cell in row.iter_mut().skip(1).take(w) {
                    *cell = if rng.gen_bool(0.2) {
                        '#'
                    } else if rng.gen_bool(0.15) {
                        '*'
                    } else {
                        ' '
                    };
                }
            }
            grid[1][1] = '@';
            grid[1][2] = '$';
            let (r, c) = (rng.gen_range(2..=h), rng.gen_range(1..=w));
            grid[r][c] = '.';
            let text: String = grid
                .iter()
                .map(|row| row.iter().collect::<String>() + "\n")
                .collect();
            let level = crate::xsb::parse_level(&text).unwrap();
            let Some(board) = Board::new(&level) else {
                continue;
            };
            let hot = Hotspots::new(&board, &Clock::default()).unwrap();
            let n = u16::try_from(board.len()).unwrap();
            for s in 0..n {
                for t in 0..n {
                    let want = blocks_by_definition(&board, s, t);
                    assert_eq!(hot.blocks(s, t), want, "{text} s {s} t {t}");
                    blocking += usize::from(want);
                }
            }
        }
        assert!(blocking > 100, "{blocking}");
    }
}
