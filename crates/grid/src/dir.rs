//! The four orthogonal directions.

use std::fmt;

/// One of the four orthogonal directions on a board.
///
/// Rows grow downwards and columns grow to the right, so [`Dir::Up`] is
/// row − 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// All four directions, in the order up, down, left, right.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The change in (row, column) for one step in this direction.
    #[must_use]
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The direction pointing the other way.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// True for left and right.
    #[must_use]
    pub const fn is_horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }

    /// The upper-case letter of LURD notation: `U`, `D`, `L` or `R`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// Parses a LURD letter in either case (`u`/`U` is up, and so on).
    ///
    /// ```
    /// use boardkit_grid::Dir;
    /// assert_eq!(Dir::from_letter('l'), Some(Dir::Left));
    /// assert_eq!(Dir::from_letter('x'), None);
    /// ```
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Dir> {
        match c {
            'U' | 'u' => Some(Dir::Up),
            'D' | 'd' => Some(Dir::Down),
            'L' | 'l' => Some(Dir::Left),
            'R' | 'r' => Some(Dir::Right),
            _ => None,
        }
    }

    /// A small index 0..4 in the order of [`Dir::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case English name: `UP`, `DOWN`, `LEFT` or `RIGHT`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Dir::Up => "UP",
            Dir::Down => "DOWN",
            Dir::Left => "LEFT",
            Dir::Right => "RIGHT",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
            assert_eq!(Dir::from_letter(d.letter().to_ascii_lowercase()), Some(d));
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
            assert_eq!(Dir::ALL[d.index()], d);
        }
        assert_eq!(Dir::Up.delta(), (-1, 0));
        assert_eq!(Dir::Right.delta(), (0, 1));
        assert!(Dir::Left.is_horizontal());
        assert!(!Dir::Down.is_horizontal());
        assert_eq!(Dir::Down.to_string(), "DOWN");
    }
}
