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
//! Both reaches depend only on the frozen boxes, so they are kept per
//! frozen set: the squares from which a box reaches an open goal (one fill
//! backward from the open goals), and for each square a box has stood on,
//! the open goals it reaches (one fill forward from it, made the first
//! time a box stands there). A check is then a few lookups per box. The
//! expander runs it only when a push has just frozen a box on a goal: only
//! then can its answer have changed since the parent.

use rustc_hash::FxHashMap;

use super::compact::{bits, opposite, Board, NONE};

/// The most bytes the kept tables may take; past it (or past the budget
/// given) they are all dropped.
const MAX_CACHE_BYTES: usize = 8 << 20;

/// The reaches of one frozen set.
#[derive(Clone, Debug)]
struct Tables {
    /// Squares (a bitset) from which a box can be pushed to an open goal.
    to_goal: Vec<u64>,
    /// Squares (a bitset) whose `covers` row is filled.
    known: Vec<u64>,
    /// Per square, the open goals (a bitset over goal indices, `goal_words`
    /// words a row) a box there can be pushed to.
    covers: Vec<u64>,
}

/// Relaxed push fills with the frozen boxes as walls.
#[derive(Clone, Debug)]
struct Fill {
    /// The frozen boxes, as walls.
    wall: Vec<bool>,
    /// The squares the last fill reached: those holding its stamp.
    reach: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
}

/// The check's fills, and the tables kept per frozen set.
#[derive(Clone, Debug)]
pub(crate) struct Sealed {
    fill: Fill,
    /// The tables by frozen set (a bitset over the squares).
    cache: FxHashMap<Vec<u64>, Tables>,
    cached_bytes: usize,
    budget: usize,
    /// Scratch: the frozen set being checked, and the goals reached.
    key: Vec<u64>,
    covered: Vec<u64>,
}

impl Sealed {
    /// Work arrays for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Sealed {
        Sealed {
            fill: Fill {
                wall: vec![false; len],
                reach: vec![0; len],
                stamp: 0,
                stack: Vec::new(),
            },
            cache: FxHashMap::default(),
            cached_bytes: 0,
            budget: MAX_CACHE_BYTES,
            key: Vec::new(),
            covered: Vec::new(),
        }
    }

    /// The same check with its kept tables limited to `bytes` (at most
    /// [`MAX_CACHE_BYTES`]); with too few for one frozen set's tables, each
    /// check makes its own and drops them.
    pub(crate) fn with_budget(mut self, bytes: usize) -> Sealed {
        self.budget = bytes.min(MAX_CACHE_BYTES);
        self
    }

    /// Bytes held by the kept tables.
    pub(crate) fn bytes(&self) -> usize {
        self.cached_bytes
    }

    /// True when, with the boxes `frozen` (all on goals) as walls, an
    /// empty goal is out of reach of every box, or a box of `boxes` that
    /// is not frozen is out of reach of every empty goal.
    pub(crate) fn deadlocked(&mut self, board: &Board, boxes: &[u16], frozen: &[u16]) -> bool {
        self.key.clear();
        self.key.resize(board.words(), 0);
        for &f in frozen {
            bits::set(&mut self.key, f);
        }
        if !self.cache.contains_key(&self.key) {
            let tables = self.fill.tables(board, frozen);
            let bytes = (tables.to_goal.len() + tables.known.len() + tables.covers.len()) * 8
                + self.key.len() * 8
                + 64;
            if self.cached_bytes + bytes > self.budget {
                self.cache.clear();
                self.cached_bytes = 0;
            }
            self.cached_bytes += bytes;
            self.cache.insert(self.key.clone(), tables);
        }
        let sealed = self.judge(board, boxes, frozen);
        if self.cached_bytes > self.budget {
            self.cache.clear();
            self.cached_bytes = 0;
        }
        sealed
    }

    /// The check of [`Sealed::deadlocked`] with the kept tables of the
    /// frozen set in `key`, filling the rows it needs.
    fn judge(&mut self, board: &Board, boxes: &[u16], frozen: &[u16]) -> bool {
        let Some(tables) = self.cache.get_mut(&self.key) else {
            return false;
        };
        let frozen_set = &self.key;
        if boxes
            .iter()
            .any(|&b| !bits::get(frozen_set, b) && !bits::get(&tables.to_goal, b))
        {
            return true;
        }
        let goal_words = goal_words(board);
        self.covered.clear();
        self.covered.resize(goal_words, 0);
        for &b in boxes {
            if bits::get(frozen_set, b) {
                continue;
            }
            if !bits::get(&tables.known, b) {
                self.fill.covers(board, frozen, b, tables);
            }
            let row = usize::from(b) * goal_words;
            if let Some(r) = tables.covers.get(row..row + goal_words) {
                for (c, &w) in self.covered.iter_mut().zip(r) {
                    *c |= w;
                }
            }
        }
        // Every open goal reached: as many goals covered as are open (the
        // rows hold open goals only).
        let covered: u32 = self.covered.iter().map(|w| w.count_ones()).sum();
        let open = board
            .goals()
            .iter()
            .filter(|&&g| !bits::get(frozen_set, g))
            .count();
        usize::try_from(covered).ok() != Some(open)
    }
}

/// `u64` words of a bitset over the goals of `board`.
fn goal_words(board: &Board) -> usize {
    board.goals().len().div_ceil(64).max(1)
}

impl Fill {
    /// New tables for the frozen set `frozen`, their `covers` rows not yet
    /// filled.
    fn tables(&mut self, board: &Board, frozen: &[u16]) -> Tables {
        let n = board.len();
        let words = board.words();
        self.walls(frozen, true);
        let wall = &self.wall;
        let open: Vec<u16> = board
            .goals()
            .iter()
            .copied()
            .filter(|&g| !get(wall, g))
            .collect();
        self.fill(board, &open, false);
        let mut to_goal = vec![0; words];
        for s in (0..n).filter_map(|s| u16::try_from(s).ok()) {
            if self.reached(s) {
                bits::set(&mut to_goal, s);
            }
        }
        self.walls(frozen, false);
        Tables {
            to_goal,
            known: vec![0; words],
            covers: vec![0; n * goal_words(board)],
        }
    }

    /// Fills the `covers` row of square `b` in `tables`, those of the
    /// frozen set `frozen`.
    fn covers(&mut self, board: &Board, frozen: &[u16], b: u16, tables: &mut Tables) {
        self.walls(frozen, true);
        self.fill(board, &[b], true);
        let goal_words = goal_words(board);
        let row = usize::from(b) * goal_words;
        if let Some(r) = tables.covers.get_mut(row..row + goal_words) {
            for (i, &g) in board.goals().iter().enumerate() {
                if self.reached(g) && !self.is_wall(g) {
                    if let Some(w) = r.get_mut(i / 64) {
                        *w |= 1 << (i % 64);
                    }
                }
            }
        }
        bits::set(&mut tables.known, b);
        self.walls(frozen, false);
    }

    /// Sets the squares of `frozen` as walls (`on`) or clears them.
    fn walls(&mut self, frozen: &[u16], on: bool) {
        for &f in frozen {
            set(&mut self.wall, f, on);
        }
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
            // One check kept across several frozen sets, each asked twice
            // (the second time from its kept tables), and with a box moved
            // (rows filled for the first time beside kept ones).
            let mut kept = Sealed::new(board.len());
            for _ in 0..3 {
                let frozen: Vec<u16> = boxes
                    .iter()
                    .copied()
                    .filter(|&b| board.is_goal(b) && rng.gen_bool(0.7))
                    .collect();
                let mut moved = boxes.clone();
                let free: Vec<u16> = (0..board.len() as u16)
                    .filter(|s| !boxes.contains(s))
                    .collect();
                if let Some(m) = moved.iter_mut().find(|b| !frozen.contains(b)) {
                    if !free.is_empty() {
                        *m = free[rng.gen_range(0..free.len())];
                    }
                }
                let want = by_definition(&board, &boxes, &frozen);
                let fresh = Sealed::new(board.len()).deadlocked(&board, &boxes, &frozen);
                assert_eq!(fresh, want, "{text}{frozen:?}");
                for _ in 0..2 {
                    assert_eq!(
                        kept.deadlocked(&board, &boxes, &frozen),
                        want,
                        "{text}{frozen:?}"
                    );
                }
                assert_eq!(
                    kept.deadlocked(&board, &moved, &frozen),
                    by_definition(&board, &moved, &frozen),
                    "{text}{frozen:?} {moved:?}"
                );
                if want {
                    sealed += 1;
                } else {
                    open += 1;
                }
            }
        }
        assert!(sealed > 90 && open > 90, "{sealed} {open}");
    }
}
