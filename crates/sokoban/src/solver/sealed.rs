//! Sealed goals: deadlocks that boxes frozen on goals make.
//!
//! A box frozen on a goal ([`super::freeze`]) never moves again, so for the
//! rest of the game it is a wall. With those walls an empty goal may be out
//! of every other box's reach (its entrances now walled, as when a goal
//! room is packed from the wrong end), or a box may be out of reach of
//! every empty goal. Either is a deadlock. Reach is relaxed, so that it
//! can only be larger than the truth: a box may be pushed from `y` to `x`
//! whenever `x` and the worker's square behind `y` are neither walls nor
//! frozen boxes, whatever the other boxes and wherever the worker.
//!
//! The check costs two fills (one forward from the boxes that are not
//! frozen, one backward from the empty goals), so the expander runs it
//! only when a push has just frozen a box on a goal: only then can its
//! answer have changed since the parent.

use super::compact::{opposite, Board, NONE};

/// Work arrays of the check.
#[derive(Clone, Debug)]
pub(crate) struct Sealed {
    /// The frozen boxes, as walls.
    wall: Vec<bool>,
    /// The squares the last fill reached: those holding its stamp.
    reach: Vec<u32>,
    stamp: u32,
    /// The fill's starting squares.
    sources: Vec<u16>,
    stack: Vec<u16>,
}

impl Sealed {
    /// Work arrays for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Sealed {
        Sealed {
            wall: vec![false; len],
            reach: vec![0; len],
            stamp: 0,
            sources: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// True when, with the boxes `frozen` (all on goals) as walls, an
    /// empty goal is out of reach of every box, or a box of `boxes` that
    /// is not frozen is out of reach of every empty goal.
    pub(crate) fn deadlocked(&mut self, board: &Board, boxes: &[u16], frozen: &[u16]) -> bool {
        for &f in frozen {
            set(&mut self.wall, f, true);
        }
        // Each open goal in reach of a box: one fill forward from the boxes.
        let mut sources = std::mem::take(&mut self.sources);
        sources.clear();
        sources.extend(boxes.iter().copied().filter(|&b| !self.is_wall(b)));
        self.fill(board, &sources, true);
        let mut sealed = board
            .goals()
            .iter()
            .any(|&g| !self.is_wall(g) && !self.reached(g));
        // Each box in reach of an open goal: one fill backward from them.
        if !sealed {
            sources.clear();
            let wall = &self.wall;
            sources.extend(board.goals().iter().copied().filter(|&g| !get(wall, g)));
            self.fill(board, &sources, false);
            sealed = boxes.iter().any(|&b| !self.is_wall(b) && !self.reached(b));
        }
        self.sources = sources;
        for &f in frozen {
            set(&mut self.wall, f, false);
        }
        sealed
    }

    /// Marks the squares a box on one of `sources` can be pushed to
    /// (`forward`), or from which a box can be pushed to one of them
    /// (relaxed: only walls and frozen boxes stop a box or the worker).
    fn fill(&mut self, board: &Board, sources: &[u16], forward: bool) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.reach.fill(0);
            self.stamp = 1;
        }
        self.stack.clear();
        for &s in sources {
            if !self.reached(s) {
                self.reach_to(s);
                self.stack.push(s);
            }
        }
        while let Some(x) = self.stack.pop() {
            for d in 0..4 {
                // Forward, the worker on `w` pushes the box from `x` to
                // `y`; backward, from `y` to `x`.
                let y = board.nbr(x, d);
                if y == NONE || self.is_wall(y) || self.reached(y) {
                    continue;
                }
                let w = if forward {
                    board.nbr(x, opposite(d))
                } else {
                    board.nbr(y, d)
                };
                if w == NONE || self.is_wall(w) {
                    continue;
                }
                self.reach_to(y);
                self.stack.push(y);
            }
        }
    }

    /// Whether the last fill reached `s`.
    #[inline]
    fn reached(&self, s: u16) -> bool {
        self.reach.get(usize::from(s)) == Some(&self.stamp)
    }

    #[inline]
    fn reach_to(&mut self, s: u16) {
        if let Some(r) = self.reach.get_mut(usize::from(s)) {
            *r = self.stamp;
        }
    }

    #[inline]
    fn is_wall(&self, s: u16) -> bool {
        get(&self.wall, s)
    }
}

#[inline]
fn get(v: &[bool], s: u16) -> bool {
    v.get(usize::from(s)).copied().unwrap_or(false)
}

#[inline]
fn set(v: &mut [bool], s: u16, b: bool) {
    if let Some(x) = v.get_mut(usize::from(s)) {
        *x = b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::distance::Distances;
    use crate::solver::freeze::Freeze;
    use rand::{Rng, SeedableRng};

    /// The frozen boxes of the level's start and what the check says.
    fn check(text: &str) -> (usize, bool) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::new(&board);
        let boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
        let mut occ = vec![false; board.len()];
        for &b in &boxes {
            occ[usize::from(b)] = true;
        }
        let mut frozen = Vec::new();
        Freeze::new(board.len()).all(&board, &dist, &occ, &boxes, &mut frozen);
        let sealed = Sealed::new(board.len()).deadlocked(&board, &boxes, &frozen);
        (frozen.len(), sealed)
    }

    #[test]
    fn a_goal_behind_a_frozen_block_is_sealed() {
        // A square of four boxes frozen on goals against the top wall: the
        // goal to its left can only be filled from below, from a square no
        // box can be pushed onto.
        assert_eq!(
            check("########\n#.**   #\n# ** $ #\n#     @#\n########\n"),
            (4, true)
        );
        // The empty goal to the block's right can be filled from below.
        assert_eq!(
            check("########\n# **.  #\n# ** $ #\n#     @#\n########\n"),
            (4, false)
        );
    }

    /// The check by its definition, from the boxes' side.
    fn by_definition(board: &Board, boxes: &[u16], frozen: &[u16]) -> bool {
        let mut wall = vec![false; board.len()];
        for &f in frozen {
            wall[usize::from(f)] = true;
        }
        let open: Vec<u16> = board
            .goals()
            .iter()
            .copied()
            .filter(|&g| !wall[usize::from(g)])
            .collect();
        let loose: Vec<u16> = boxes
            .iter()
            .copied()
            .filter(|&b| !wall[usize::from(b)])
            .collect();
        let reach: Vec<Vec<bool>> = loose
            .iter()
            .map(|&b| crate::solver::relaxed_pushes_from(board, &wall, b))
            .collect();
        let goal_unreached = open
            .iter()
            .any(|&g| !reach.iter().any(|r| r[usize::from(g)]));
        let box_stuck = reach
            .iter()
            .any(|r| !open.iter().any(|&g| r[usize::from(g)]));
        goal_unreached || box_stuck
    }

    #[test]
    fn the_check_matches_its_definition_on_random_positions() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
        let (mut sealed, mut open) = (0, 0);
        for _ in 0..400 {
            // Any boxes on goals may be taken as frozen.
            let Some((text, _)) =
                crate::solver::random_position(&mut rng, 0.15, |rng, n| rng.gen_range(0..n))
            else {
                continue;
            };
            let Ok(level) = crate::xsb::parse_level(&text) else {
                continue;
            };
            let board = Board::new(&level).unwrap();
            let boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
            let frozen: Vec<u16> = boxes
                .iter()
                .copied()
                .filter(|&b| board.is_goal(b) && rng.gen_bool(0.7))
                .collect();
            let got = Sealed::new(board.len()).deadlocked(&board, &boxes, &frozen);
            assert_eq!(
                got,
                by_definition(&board, &boxes, &frozen),
                "{text}{frozen:?}"
            );
            if got {
                sealed += 1;
            } else {
                open += 1;
            }
        }
        assert!(sealed > 30 && open > 30, "{sealed} {open}");
    }
}
