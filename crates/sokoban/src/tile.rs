//! What one square of a level holds, and the characters that spell it.

/// The content of one square as written in a level file.
///
/// A level is built from rows of tiles; the [`Level`](crate::Level) keeps the
/// static part (walls, goals) and the [`State`](crate::State) the moving part
/// (worker, boxes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// An empty floor square.
    Floor,
    /// A wall.
    Wall,
    /// An empty goal square.
    Goal,
    /// A box on floor.
    Box,
    /// A box on a goal.
    BoxOnGoal,
    /// The worker on floor.
    Worker,
    /// The worker on a goal.
    WorkerOnGoal,
}

impl Tile {
    /// The tile of an XSB character: `#` wall, `@` worker, `+` worker on
    /// goal, `$` box, `*` box on goal, `.` goal, and space, `-` or `_` floor.
    ///
    /// ```
    /// use boardkit_sokoban::Tile;
    /// assert_eq!(Tile::from_xsb('*'), Some(Tile::BoxOnGoal));
    /// assert_eq!(Tile::from_xsb('-'), Some(Tile::Floor));
    /// assert_eq!(Tile::from_xsb('b'), None);
    /// ```
    #[must_use]
    pub const fn from_xsb(c: char) -> Option<Tile> {
        Some(match c {
            ' ' | '-' | '_' => Tile::Floor,
            '#' => Tile::Wall,
            '.' => Tile::Goal,
            '$' => Tile::Box,
            '*' => Tile::BoxOnGoal,
            '@' => Tile::Worker,
            '+' => Tile::WorkerOnGoal,
            _ => return None,
        })
    }

    /// The XSB character of the tile (floor is a space).
    #[must_use]
    pub const fn xsb(self) -> char {
        match self {
            Tile::Floor => ' ',
            Tile::Wall => '#',
            Tile::Goal => '.',
            Tile::Box => '$',
            Tile::BoxOnGoal => '*',
            Tile::Worker => '@',
            Tile::WorkerOnGoal => '+',
        }
    }

    /// The tile of a character of the judge format (Baekjoon 4577): `.`
    /// floor, `#` wall, `+` goal, `b`/`B` box on floor/goal, `w`/`W` worker
    /// on floor/goal.
    ///
    /// ```
    /// use boardkit_sokoban::Tile;
    /// assert_eq!(Tile::from_judge('+'), Some(Tile::Goal));
    /// assert_eq!(Tile::from_judge('W'), Some(Tile::WorkerOnGoal));
    /// assert_eq!(Tile::from_judge('$'), None);
    /// ```
    #[must_use]
    pub const fn from_judge(c: char) -> Option<Tile> {
        Some(match c {
            '.' => Tile::Floor,
            '#' => Tile::Wall,
            '+' => Tile::Goal,
            'b' => Tile::Box,
            'B' => Tile::BoxOnGoal,
            'w' => Tile::Worker,
            'W' => Tile::WorkerOnGoal,
            _ => return None,
        })
    }

    /// The judge-format character of the tile.
    #[must_use]
    pub const fn judge(self) -> char {
        match self {
            Tile::Floor => '.',
            Tile::Wall => '#',
            Tile::Goal => '+',
            Tile::Box => 'b',
            Tile::BoxOnGoal => 'B',
            Tile::Worker => 'w',
            Tile::WorkerOnGoal => 'W',
        }
    }

    /// The tile made of its three parts.
    #[must_use]
    pub const fn compose(goal: bool, has_box: bool, worker: bool) -> Tile {
        match (goal, has_box, worker) {
            (false, true, _) => Tile::Box,
            (true, true, _) => Tile::BoxOnGoal,
            (false, false, true) => Tile::Worker,
            (true, false, true) => Tile::WorkerOnGoal,
            (true, false, false) => Tile::Goal,
            (false, false, false) => Tile::Floor,
        }
    }

    /// True for a goal square (empty or occupied).
    #[must_use]
    pub const fn is_goal(self) -> bool {
        matches!(self, Tile::Goal | Tile::BoxOnGoal | Tile::WorkerOnGoal)
    }

    /// True for a square holding a box.
    #[must_use]
    pub const fn is_box(self) -> bool {
        matches!(self, Tile::Box | Tile::BoxOnGoal)
    }

    /// True for the worker's square.
    #[must_use]
    pub const fn is_worker(self) -> bool {
        matches!(self, Tile::Worker | Tile::WorkerOnGoal)
    }

    /// A short English name, for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Tile::Floor => "floor",
            Tile::Wall => "wall",
            Tile::Goal => "goal",
            Tile::Box => "box",
            Tile::BoxOnGoal => "box on a goal",
            Tile::Worker => "worker",
            Tile::WorkerOnGoal => "worker on a goal",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Tile; 7] = [
        Tile::Floor,
        Tile::Wall,
        Tile::Goal,
        Tile::Box,
        Tile::BoxOnGoal,
        Tile::Worker,
        Tile::WorkerOnGoal,
    ];

    #[test]
    fn characters_round_trip() {
        for t in ALL {
            assert_eq!(Tile::from_xsb(t.xsb()), Some(t));
            assert_eq!(Tile::from_judge(t.judge()), Some(t));
            if t != Tile::Wall {
                assert_eq!(Tile::compose(t.is_goal(), t.is_box(), t.is_worker()), t);
            }
        }
        assert_eq!(Tile::from_xsb('_'), Some(Tile::Floor));
        assert_eq!(Tile::from_judge(' '), None);
    }
}
