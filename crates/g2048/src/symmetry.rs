//! The eight symmetries of the 4 × 4 board (the dihedral group of the
//! square) acting on bitboards and on directions.
//!
//! A [`Symmetry`] is a left-right mirror, then a top-bottom flip, then a
//! transpose, each optional; the eight combinations are the eight
//! rotations and reflections. The rules commute with every one of them:
//! `s.apply(b.slide(d)) == s.apply(b).slide(s.dir(d))` (tested on random
//! boards), so a move found on a board's image is played on the board
//! itself as [`Symmetry::undo_dir`] of it.

use boardkit_grid::Dir;

use crate::Bitboard;

/// One of the eight symmetries of the square board.
///
/// ```
/// use boardkit_2048::symmetry::Symmetry;
/// use boardkit_2048::Bitboard;
/// use boardkit_grid::Dir;
///
/// let b = Bitboard::from_rows([[1, 2, 0, 0], [0; 4], [0; 4], [0; 4]]);
/// for s in Symmetry::ALL {
///     let image = s.apply(b);
///     assert_eq!(s.undo(image), b);
///     assert_eq!(s.apply(b.slide(Dir::Down)), image.slide(s.dir(Dir::Down)));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// Mirror left to right first.
    pub mirror: bool,
    /// Then flip top to bottom.
    pub flip: bool,
    /// Then transpose (rows become columns).
    pub transpose: bool,
}

impl Symmetry {
    /// The identity: the board as it is.
    pub const IDENTITY: Symmetry = Symmetry::new(false, false, false);

    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::new(false, false, false),
        Symmetry::new(true, false, false),
        Symmetry::new(false, true, false),
        Symmetry::new(true, true, false),
        Symmetry::new(false, false, true),
        Symmetry::new(true, false, true),
        Symmetry::new(false, true, true),
        Symmetry::new(true, true, true),
    ];

    const fn new(mirror: bool, flip: bool, transpose: bool) -> Symmetry {
        Symmetry {
            mirror,
            flip,
            transpose,
        }
    }

    /// The image of `board`.
    #[must_use]
    #[inline]
    pub fn apply(self, board: Bitboard) -> Bitboard {
        let mut b = board;
        if self.mirror {
            b = b.mirror();
        }
        if self.flip {
            b = b.flip();
        }
        if self.transpose {
            b = b.transpose();
        }
        b
    }

    /// The board whose image is `image`.
    #[must_use]
    #[inline]
    pub fn undo(self, image: Bitboard) -> Bitboard {
        let mut b = image;
        if self.transpose {
            b = b.transpose();
        }
        if self.flip {
            b = b.flip();
        }
        if self.mirror {
            b = b.mirror();
        }
        b
    }

    /// The image of a direction: a move `d` on a board is the move
    /// `dir(d)` on its image.
    #[must_use]
    pub fn dir(self, d: Dir) -> Dir {
        let mut d = d;
        if self.mirror {
            d = mirror_dir(d);
        }
        if self.flip {
            d = flip_dir(d);
        }
        if self.transpose {
            d = transpose_dir(d);
        }
        d
    }

    /// The direction whose image is `d`: a move `d` found on the image is
    /// the move `undo_dir(d)` on the board.
    #[must_use]
    pub fn undo_dir(self, d: Dir) -> Dir {
        let mut d = d;
        if self.transpose {
            d = transpose_dir(d);
        }
        if self.flip {
            d = flip_dir(d);
        }
        if self.mirror {
            d = mirror_dir(d);
        }
        d
    }

    /// The image of cell `index` (4 × row + col).
    #[must_use]
    pub fn cell(self, index: usize) -> usize {
        let (mut r, mut c) = ((index / 4) & 3, index % 4);
        if self.mirror {
            c = 3 - c;
        }
        if self.flip {
            r = 3 - r;
        }
        if self.transpose {
            std::mem::swap(&mut r, &mut c);
        }
        4 * r + c
    }
}

fn mirror_dir(d: Dir) -> Dir {
    match d {
        Dir::Left => Dir::Right,
        Dir::Right => Dir::Left,
        other => other,
    }
}

fn flip_dir(d: Dir) -> Dir {
    match d {
        Dir::Up => Dir::Down,
        Dir::Down => Dir::Up,
        other => other,
    }
}

fn transpose_dir(d: Dir) -> Dir {
    match d {
        Dir::Up => Dir::Left,
        Dir::Left => Dir::Up,
        Dir::Down => Dir::Right,
        Dir::Right => Dir::Down,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn random_board(rng: &mut ChaCha8Rng) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for i in 0..16 {
            if rng.gen_bool(0.7) {
                b = b.with_cell(i, rng.gen_range(1..=6));
            }
        }
        b
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_invertible() {
        let b = Bitboard((0..16u64).fold(0, |acc, i| acc | (i << (4 * i))));
        let mut images: Vec<u64> = Symmetry::ALL.iter().map(|s| s.apply(b).0).collect();
        images.sort_unstable();
        images.dedup();
        assert_eq!(images.len(), 8);
        for s in Symmetry::ALL {
            assert_eq!(s.undo(s.apply(b)), b);
            for d in Dir::ALL {
                assert_eq!(s.undo_dir(s.dir(d)), d);
            }
        }
    }

    #[test]
    fn cells_move_as_the_board_does() {
        for s in Symmetry::ALL {
            for i in 0..16 {
                let b = Bitboard::EMPTY.with_cell(i, 1);
                assert_eq!(s.apply(b), Bitboard::EMPTY.with_cell(s.cell(i), 1));
            }
        }
    }

    #[test]
    fn moves_commute_with_every_symmetry() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..2000 {
            let b = random_board(&mut rng);
            for s in Symmetry::ALL {
                for d in Dir::ALL {
                    assert_eq!(s.apply(b.slide(d)), s.apply(b).slide(s.dir(d)));
                    assert_eq!(s.undo(s.apply(b).slide(d)), b.slide(s.undo_dir(d)));
                }
            }
        }
    }
}
