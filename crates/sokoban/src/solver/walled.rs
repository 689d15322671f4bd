//! Walled matching: deadlocks that boxes frozen on goals make, found with
//! the worker's reach.
//!
//! A box frozen on a goal ([`super::freeze`]) never moves again: for the
//! rest of the game it is a wall. On the board with those walls, the push
//! distances of [`super::distance`] (one box alone, the worker's side
//! kept) say which open goal each other box can still reach; when the
//! loose boxes have no perfect matching to open goals they reach, the
//! position is a deadlock. Only the matching's existence matters, so it is
//! found by augmenting paths ([`super::matching::Perfect`]), not by the
//! bound's minimum-cost method. Unlike [`super::sealed`]'s relaxed fills,
//! this sees a goal whose only approach needs the worker on a side that
//! the walls cut off (a goal filled from a room the worker can enter only
//! through the goal's own doorway). It also sees deadlocks made later by a
//! move that freezes nothing, as when the last box that could fill a goal
//! leaves for another.
//!
//! The tables depend only on the frozen boxes, so they are cached by that
//! set; the cache is emptied when it would pass its byte budget (at most
//! [`MAX_CACHE_BYTES`]).

use rustc_hash::FxHashMap;

use super::compact::{bits, Board};
use super::distance::{Distances, INF};
use super::limit::Clock;
use super::matching::Perfect;

/// The most bytes the cached tables may take.
pub(crate) const MAX_CACHE_BYTES: usize = 32 << 20;

/// Largest board whose tables are made (a table holds `len²` region
/// labels).
const MAX_SQUARES: usize = 512;

/// The cache of walled tables and the work arrays of the check.
#[derive(Clone, Debug, Default)]
pub(crate) struct Walled {
    cache: FxHashMap<Vec<u64>, Distances>,
    cached_bytes: usize,
    budget: usize,
    perfect: Perfect,
    /// Scratch: which loose box (row) reaches which open goal (column).
    reach: Vec<bool>,
    key: Vec<u64>,
    walls: Vec<bool>,
    loose: Vec<u16>,
}

impl Walled {
    /// An empty cache whose tables may take `budget` bytes (at most
    /// [`MAX_CACHE_BYTES`]).
    pub(crate) fn new(budget: usize) -> Walled {
        Walled {
            budget: budget.min(MAX_CACHE_BYTES),
            ..Walled::default()
        }
    }

    /// True when the position with `boxes` and the worker on `worker`, of
    /// which `frozen` are frozen on goals, has no matching of its other
    /// boxes to the open goals on the board where `frozen` are walls.
    pub(crate) fn deadlocked(
        &mut self,
        board: &Board,
        boxes: &[u16],
        frozen: &[u16],
        worker: u16,
    ) -> bool {
        let n = board.len();
        if frozen.is_empty() || n > MAX_SQUARES {
            return false;
        }
        self.key.clear();
        self.key.resize(board.words(), 0);
        for &f in frozen {
            bits::set(&mut self.key, f);
        }
        if !self.cache.contains_key(&self.key) {
            let bytes = Distances::bytes_for(board) + self.key.len() * 8;
            if bytes > self.budget {
                return false;
            }
            self.walls.clear();
            self.walls.resize(n, false);
            for &f in frozen {
                if let Some(w) = self.walls.get_mut(usize::from(f)) {
                    *w = true;
                }
            }
            let Ok(table) = Distances::walled(board, &self.walls, &Clock::default()) else {
                return false;
            };
            if self.cached_bytes + bytes > self.budget {
                self.cache.clear();
                self.cached_bytes = 0;
            }
            self.cached_bytes += bytes;
            self.cache.insert(self.key.clone(), table);
        }
        let Some(table) = self.cache.get(&self.key) else {
            return false;
        };
        self.loose.clear();
        self.loose
            .extend(boxes.iter().copied().filter(|&b| !bits::get(&self.key, b)));
        let n = self.loose.len();
        self.reach.clear();
        for &b in &self.loose {
            let row = table.row_for(b, worker);
            if row.len() != n {
                return true;
            }
            self.reach.extend(row.iter().map(|&d| d != INF));
        }
        let reach = &self.reach;
        !self
            .perfect
            .exists(n, |i, j| reach.get(i * n + j).copied().unwrap_or(false))
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.cached_bytes
            + self.walls.capacity()
            + self.loose.capacity() * 2
            + self.reach.capacity()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::bound::Bound;
    use crate::solver::freeze::Freeze;
    use crate::solver::sealed::Sealed;
    use rand::{Rng, SeedableRng};

    /// The boxes of `level` on `board`, and those frozen.
    fn position(level: &crate::level::Level, board: &Board) -> (Vec<u16>, Vec<u16>) {
        let dist = Distances::to_goals(board, &Clock::default()).unwrap();
        let boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
        let mut occ = vec![false; board.len()];
        for &b in &boxes {
            occ[usize::from(b)] = true;
        }
        let mut frozen = Vec::new();
        Freeze::new(board.len()).all(board, &dist, &occ, &boxes, &mut frozen);
        (boxes, frozen)
    }

    #[test]
    fn a_goal_only_a_walled_off_room_can_fill_is_a_deadlock() {
        // XSokoban 41 late in a search: the bottom row is packed and
        // frozen. The goal below the doorway at the top can only be filled
        // by a box pushed down from the room above, whose only way in is
        // that doorway, and no box is left in the room. The relaxed fills
        // of the sealed-goal test reach it; the worker cannot.
        let text = "           #####\n          ##   ##\n         ##     #\n\
                    \x20       ##      #\n       ##       #\n       #        #\n\
                    ####   #      #####\n#  ######## ##    #\n\
                    #.             @$ #\n#*# ####### ##   ##\n\
                    #*# #######. #  $##\n#*********** #    #\n\
                    ##############    #\n             ##  ##\n              ####\n";
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let (boxes, frozen) = position(&level, &board);
        assert_eq!(frozen.len(), 13);
        let worker = board.square(level.start().worker());
        assert!(!Sealed::new(board.len()).deadlocked(&board, &boxes, &frozen));
        let mut walled = Walled::new(MAX_CACHE_BYTES);
        assert!(walled.deadlocked(&board, &boxes, &frozen, worker));
        assert!(walled.bytes() > 0);
        // Without the bytes for a table, nothing is decided.
        let mut none = Walled::new(0);
        assert!(!none.deadlocked(&board, &boxes, &frozen, worker));
        assert_eq!(none.bytes(), 0);
        // With a box left in the room above, the goal can be filled.
        let alive = text
            .replacen("#        #\n####", "#   $    #\n####", 1)
            .replacen("@$ #", "@  #", 1);
        let level = crate::xsb::parse_level(&alive).unwrap();
        let board = Board::new(&level).unwrap();
        let (boxes, frozen) = position(&level, &board);
        assert_eq!(frozen.len(), 13);
        let worker = board.square(level.start().worker());
        assert!(!walled.deadlocked(&board, &boxes, &frozen, worker));
        // Nothing frozen: nothing to check.
        assert!(!walled.deadlocked(&board, &boxes, &[], worker));
    }

    #[test]
    fn the_walled_tables_are_those_of_the_board_with_the_walls_drawn_in() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let (mut dead, mut alive) = (0, 0);
        for _ in 0..300 {
            // The boxes on goals ('*') are the walls to be.
            let Some((text, cells)) =
                crate::solver::random_position(&mut rng, 0.12, |rng, n| rng.gen_range(1..n))
            else {
                continue;
            };
            let drawn = text.replace('*', "#");
            let (Ok(level), Ok(drawn)) = (
                crate::xsb::parse_level(&text),
                crate::xsb::parse_level(&drawn),
            ) else {
                continue;
            };
            let board = Board::new(&level).unwrap();
            let other = Board::new(&drawn).unwrap();
            let frozen: Vec<u16> = cells
                .iter()
                .map(|&(r, c)| board.square(level.cell(r, c).unwrap()))
                .collect();
            let mut wall = vec![false; board.len()];
            for &f in &frozen {
                wall[usize::from(f)] = true;
            }
            let table = Distances::walled(&board, &wall, &Clock::default()).unwrap();
            let reference = Distances::to_goals(&other, &Clock::default()).unwrap();
            // Every box square and worker square off the walls: the same
            // side and the same distances to the open goals, in order.
            let cell_of = |b: &Board, s: u16| {
                (0..level.rows())
                    .flat_map(|r| (0..level.cols()).map(move |c| (r, c)))
                    .find(|&(r, c)| b.square(level.cell(r, c).unwrap()) == s)
                    .unwrap()
            };
            let to_other = |s: u16| {
                let (r, c) = cell_of(&board, s);
                other.square(drawn.cell(r, c).unwrap())
            };
            for s in (0..board.len()).filter_map(|s| u16::try_from(s).ok()) {
                if wall[usize::from(s)] {
                    continue;
                }
                for p in (0..board.len()).filter_map(|p| u16::try_from(p).ok()) {
                    if wall[usize::from(p)] || p == s {
                        continue;
                    }
                    let (s2, p2) = (to_other(s), to_other(p));
                    assert_eq!(table.side_of(s, p), reference.side_of(s2, p2), "{text}");
                    assert_eq!(table.row_for(s, p), reference.row_for(s2, p2), "{text}");
                }
            }
            // And so the same answer as the matching on the drawn board.
            let boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
            let loose: Vec<u16> = drawn.start().boxes().map(|b| other.square(b)).collect();
            let worker = board.square(level.start().worker());
            let got = Walled::new(MAX_CACHE_BYTES).deadlocked(&board, &boxes, &frozen, worker);
            let want = Bound::default()
                .value(&reference, &loose, other.square(drawn.start().worker()))
                .is_none();
            assert_eq!(got, want, "{text}");
            if got {
                dead += 1;
            } else {
                alive += 1;
            }
        }
        assert!(dead > 20 && alive > 20, "{dead} {alive}");
    }
}
