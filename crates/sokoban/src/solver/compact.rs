//! The solver's own numbering of the squares a box or the worker can stand
//! on.
//!
//! A [`Level`] numbers every square of its padded map; most are walls or
//! outside. The solver renumbers the floor inside the walls as `0..len`
//! (row-major, so index order follows the map) and keeps, for each square,
//! its four neighbours in [`Dir::index`] order ([`NONE`] for a wall). Box
//! sets become bitsets of `words` `u64`s over these indices, and every
//! table of the solver is a flat array over them.

use boardkit_grid::Dir;

use crate::level::{Cell, Level};

/// "No square": a wall in a neighbour table, or "unset".
pub(crate) const NONE: u16 = u16::MAX;

/// The floor inside the walls, renumbered `0..len`.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    /// Level cell of each square.
    cell: Vec<Cell>,
    /// Square of each level cell, or [`NONE`].
    index: Vec<u16>,
    /// Neighbours of each square, by direction index.
    nbr: Vec<[u16; 4]>,
    /// Goal flag of each square.
    goal: Vec<bool>,
    /// The goal squares, increasing.
    goals: Vec<u16>,
    /// `u64` words in a bitset over the squares.
    words: usize,
}

impl Board {
    /// Renumbers the floor of `level`. Returns `None` when the level has
    /// more floor squares than a `u16` can number (never for a valid
    /// [`Level`], which has at most 65,535 squares in all).
    pub(crate) fn new(level: &Level) -> Option<Board> {
        let mut cell = Vec::new();
        let mut index = vec![NONE; level.len()];
        for c in 0..level.len() {
            let c = Cell::try_from(c).ok()?;
            if level.is_floor(c) {
                let i = u16::try_from(cell.len()).ok().filter(|&i| i != NONE)?;
                *index.get_mut(usize::from(c))? = i;
                cell.push(c);
            }
        }
        let nbr = cell
            .iter()
            .map(|&c| {
                Dir::ALL.map(|d| {
                    level
                        .neighbour(c, d)
                        .and_then(|n| index.get(usize::from(n)).copied())
                        .unwrap_or(NONE)
                })
            })
            .collect();
        let goal: Vec<bool> = cell.iter().map(|&c| level.is_goal(c)).collect();
        let goals = (0..cell.len())
            .filter(|&i| goal.get(i) == Some(&true))
            .filter_map(|i| u16::try_from(i).ok())
            .collect();
        let words = cell.len().div_ceil(64).max(1);
        Some(Board {
            cell,
            index,
            nbr,
            goal,
            goals,
            words,
        })
    }

    /// Number of squares.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.cell.len()
    }

    /// Words of a box bitset.
    #[inline]
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// The neighbour of square `s` in direction index `d`, or [`NONE`].
    #[inline]
    pub(crate) fn nbr(&self, s: u16, d: usize) -> u16 {
        self.nbr
            .get(usize::from(s))
            .and_then(|n| n.get(d))
            .copied()
            .unwrap_or(NONE)
    }

    /// The four neighbours of square `s` by direction index ([`NONE`] for a
    /// wall; all [`NONE`] for a square off the board).
    #[inline]
    pub(crate) fn nbrs(&self, s: u16) -> [u16; 4] {
        self.nbr.get(usize::from(s)).copied().unwrap_or([NONE; 4])
    }

    /// True for a goal square.
    #[inline]
    pub(crate) fn is_goal(&self, s: u16) -> bool {
        self.goal.get(usize::from(s)).copied().unwrap_or(false)
    }

    /// The goal squares.
    pub(crate) fn goals(&self) -> &[u16] {
        &self.goals
    }

    /// The level cell of square `s`.
    #[cfg(test)]
    pub(crate) fn cell(&self, s: u16) -> Cell {
        self.cell.get(usize::from(s)).copied().unwrap_or(Cell::MAX)
    }

    /// The square of a level cell, or [`NONE`] for a wall or outside.
    pub(crate) fn square(&self, c: Cell) -> u16 {
        self.index.get(usize::from(c)).copied().unwrap_or(NONE)
    }
}

/// Direction index of the opposite direction (`Up`/`Down`, `Left`/`Right`
/// are neighbours in [`Dir::ALL`]).
#[inline]
pub(crate) const fn opposite(d: usize) -> usize {
    d ^ 1
}

/// The direction with this index.
#[inline]
pub(crate) fn dir(d: usize) -> Dir {
    Dir::ALL.get(d).copied().unwrap_or(Dir::Up)
}

/// Bitset helpers over `u64` words.
pub(crate) mod bits {
    /// True when bit `i` is set.
    #[inline]
    pub(crate) fn get(words: &[u64], i: u16) -> bool {
        let i = usize::from(i);
        words.get(i >> 6).is_some_and(|w| (w >> (i & 63)) & 1 != 0)
    }

    /// Sets bit `i`.
    #[inline]
    pub(crate) fn set(words: &mut [u64], i: u16) {
        let i = usize::from(i);
        if let Some(w) = words.get_mut(i >> 6) {
            *w |= 1 << (i & 63);
        }
    }

    /// Clears bit `i`.
    #[inline]
    pub(crate) fn clear(words: &mut [u64], i: u16) {
        let i = usize::from(i);
        if let Some(w) = words.get_mut(i >> 6) {
            *w &= !(1 << (i & 63));
        }
    }

    /// The set bits, increasing.
    pub(crate) fn iter(words: &[u64]) -> impl Iterator<Item = u16> + '_ {
        words.iter().enumerate().flat_map(|(wi, &word)| {
            let mut w = word;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let bit = w.trailing_zeros() as usize;
                w &= w - 1;
                u16::try_from(wi * 64 + bit).ok()
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renumbers_floor_with_neighbours() {
        let level = crate::xsb::parse_level("#####\n#@$.#\n# # #\n#####\n").unwrap();
        let b = Board::new(&level).unwrap();
        // Floor: (1,1) (1,2) (1,3) (2,1) (2,3).
        assert_eq!(b.len(), 5);
        assert_eq!(b.words(), 1);
        assert_eq!(b.goals(), &[2]);
        let right = Dir::Right.index();
        let down = Dir::Down.index();
        assert_eq!(b.nbr(0, right), 1);
        assert_eq!(b.nbr(0, down), 3);
        assert_eq!(b.nbr(1, down), NONE);
        assert_eq!(b.nbr(2, Dir::Up.index()), NONE);
        assert_eq!(b.square(b.cell(4)), 4);
        assert_eq!(opposite(right), Dir::Left.index());
        let mut w = [0u64; 2];
        bits::set(&mut w, 70);
        bits::set(&mut w, 3);
        assert!(bits::get(&w, 70));
        assert_eq!(bits::iter(&w).collect::<Vec<_>>(), vec![3, 70]);
        bits::clear(&mut w, 70);
        assert_eq!(bits::iter(&w).collect::<Vec<_>>(), vec![3]);
    }
}
