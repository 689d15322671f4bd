//! Walking distances from every goal to every square, boxes ignored: how
//! far a square stands from a goal, for FESS's opener
//! ([`super::advisors`]).

use super::compact::{Board, NONE};
use super::reach::Reach;

/// The most entries the table may have (32 MiB); a larger board gets an
/// empty table, and the opener then proposes nothing.
const MAX_ENTRIES: usize = 1 << 24;

/// The table: a row of distances per goal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Walks {
    /// Squares per row.
    n: usize,
    /// `dist[row * n + s]`: steps from the row's goal to `s`
    /// ([`u16::MAX`] where unreachable).
    dist: Vec<u16>,
    /// The row of each goal square ([`NONE`] off goals).
    row: Vec<u16>,
}

impl Walks {
    /// The bytes [`Walks::new`] allocates for `board`.
    pub(crate) fn bytes_for(board: &Board) -> usize {
        let n = board.len();
        let entries = n.saturating_mul(board.goals().len());
        if entries > MAX_ENTRIES {
            0
        } else {
            (entries + n) * 2
        }
    }

    /// The table of `board` (empty past [`MAX_ENTRIES`]).
    pub(crate) fn new(board: &Board) -> Walks {
        let n = board.len();
        let goals = board.goals();
        if n.saturating_mul(goals.len()) > MAX_ENTRIES {
            return Walks::default();
        }
        let mut dist = vec![u16::MAX; n * goals.len()];
        let mut row_of = vec![NONE; n];
        let no_boxes = vec![false; n];
        let mut reach = Reach::new(n);
        for (i, &g) in goals.iter().enumerate() {
            if let Some(x) = row_of.get_mut(usize::from(g)) {
                *x = u16::try_from(i).unwrap_or(NONE);
            }
            let Some(row) = dist.get_mut(i * n..(i + 1) * n) else {
                break;
            };
            reach.bfs(board, &no_boxes, g);
            for &s in &reach.squares {
                if let Some(d) = row.get_mut(usize::from(s)) {
                    *d = reach.walk(s);
                }
            }
        }
        Walks {
            n,
            dist,
            row: row_of,
        }
    }

    /// Whether the table is empty (too large a board).
    pub(crate) fn is_empty(&self) -> bool {
        self.dist.is_empty()
    }

    /// Steps from goal `g` to square `s` ([`u16::MAX`] when unreachable,
    /// unknown, or `g` is not a goal).
    pub(crate) fn get(&self, g: u16, s: u16) -> u16 {
        let Some(&row) = self.row.get(usize::from(g)) else {
            return u16::MAX;
        };
        if row == NONE {
            return u16::MAX;
        }
        self.dist
            .get(usize::from(row) * self.n + usize::from(s))
            .copied()
            .unwrap_or(u16::MAX)
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        (self.dist.capacity() + self.row.capacity()) * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_are_steps_around_the_walls() {
        // Goals at (1,1) and (3,5); a wall between the rooms' rows.
        let text = "#######\n#.@ $ #\n##### #\n#  $ .#\n#######\n";
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let walks = Walks::new(&board);
        assert_eq!(Walks::bytes_for(&board), walks.bytes());
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let (a, b) = (sq(1, 1), sq(3, 5));
        assert_eq!(walks.get(a, a), 0);
        assert_eq!(walks.get(a, sq(1, 5)), 4);
        // Down the gap at (2,5), then left along the lower row.
        assert_eq!(walks.get(a, sq(3, 1)), 4 + 2 + 4);
        assert_eq!(walks.get(b, sq(1, 1)), 2 + 4);
        assert_eq!(walks.get(sq(1, 3), a), u16::MAX);
        assert!(!walks.is_empty());
    }
}
