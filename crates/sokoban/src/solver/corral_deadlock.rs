//! Corral deadlocks: a PI-corral whose boxes cannot get anywhere even
//! with every other box taken off the board.
//!
//! Take the barrier boxes of a corral alone (all other boxes removed) and
//! search all their pushes exhaustively. Any real solution, restricted to
//! these boxes, is a legal push sequence of this smaller problem (fewer
//! boxes only leave more room), and it must either bring all of them onto
//! goals or push one of them out of the corral area (the corral's squares
//! and the barrier's) at some point. If the small search reaches neither
//! within its node budget and runs out of states, no solution exists: the
//! state is a deadlock. A search that hits its budget decides nothing.
//! Results are cached by barrier squares and worker region.
//!
//! The small search makes no push that leaves its box dead, by the push
//! distances with the worker on the side it pushed from
//! ([`Distances::live`]): a real solution never makes one either, since
//! from there even that box alone on the board reaches no goal. Without
//! this a box pushed out of the corral into a dead corner would count as
//! escaping.

use rustc_hash::{FxHashMap, FxHashSet};

use super::compact::{Board, NONE};
use super::distance::Distances;
use super::reach::Reach;

/// States the small search may visit.
const BUDGET: usize = 400;

/// Barriers larger than this are not examined.
const MAX_BOXES: usize = 8;

/// Entries kept in the cache before it is cleared.
const MAX_CACHE: usize = 100_000;

/// Work arrays and the cache of corral-deadlock checks.
#[derive(Clone, Debug)]
pub(crate) struct CorralDeadlock {
    cache: FxHashMap<(Vec<u16>, u16), bool>,
    area: Vec<bool>,
    occ: Vec<bool>,
    reach: Reach,
    child_reach: Reach,
    seen: FxHashSet<(Vec<u16>, u16)>,
    queue: Vec<(Vec<u16>, u16)>,
}

impl CorralDeadlock {
    /// Work arrays for a board of `n` squares.
    pub(crate) fn new(n: usize) -> CorralDeadlock {
        CorralDeadlock {
            cache: FxHashMap::default(),
            area: vec![false; n],
            occ: vec![false; n],
            reach: Reach::new(n),
            child_reach: Reach::new(n),
            seen: FxHashSet::default(),
            queue: Vec::new(),
        }
    }

    /// Bytes held (roughly: the cache and the sets).
    pub(crate) fn bytes(&self) -> usize {
        (self.cache.capacity() + self.seen.capacity()) * 48 + self.occ.len() * 8
    }

    /// True when the corral with barrier `barrier` and squares `squares`
    /// is proved a deadlock, the worker on `worker` (outside the corral);
    /// `dist` are the push distances to the goals.
    pub(crate) fn is_deadlock(
        &mut self,
        board: &Board,
        dist: &Distances,
        barrier: &[u16],
        squares: &[u16],
        worker: u16,
    ) -> bool {
        if barrier.len() > MAX_BOXES {
            return false;
        }
        let mut boxes = barrier.to_vec();
        boxes.sort_unstable();
        for &b in &boxes {
            set(&mut self.occ, b, true);
        }
        let start_worker = self.reach.fill(board, &self.occ, worker);
        for &b in &boxes {
            set(&mut self.occ, b, false);
        }
        let key = (boxes, start_worker);
        if let Some(&known) = self.cache.get(&key) {
            return known;
        }
        for &s in squares.iter().chain(barrier) {
            set(&mut self.area, s, true);
        }
        let dead = self.search(board, dist, &key);
        for &s in squares.iter().chain(barrier) {
            set(&mut self.area, s, false);
        }
        if self.cache.len() >= MAX_CACHE {
            self.cache.clear();
        }
        self.cache.insert(key, dead);
        dead
    }

    /// The exhaustive small search: true when it runs out of states
    /// without success.
    fn search(&mut self, board: &Board, dist: &Distances, start: &(Vec<u16>, u16)) -> bool {
        self.seen.clear();
        self.queue.clear();
        self.seen.insert(start.clone());
        self.queue.push(start.clone());
        while let Some((boxes, worker)) = self.queue.pop() {
            for &b in &boxes {
                set(&mut self.occ, b, true);
            }
            self.reach.fill(board, &self.occ, worker);
            let mut result = None;
            'pushes: for (k, &b) in boxes.iter().enumerate() {
                for d in 0..4 {
                    let p = board.nbr(b, d ^ 1);
                    let t = board.nbr(b, d);
                    if p == NONE
                        || t == NONE
                        || !self.reach.reached(p)
                        || get(&self.occ, t)
                        || !dist.live(t, b)
                    {
                        continue;
                    }
                    if !get(&self.area, t) {
                        result = Some(false); // a box leaves the corral area
                        break 'pushes;
                    }
                    let mut next = boxes.clone();
                    if let Some(x) = next.get_mut(k) {
                        *x = t;
                    }
                    if next.iter().all(|&x| board.is_goal(x)) {
                        result = Some(false);
                        break 'pushes;
                    }
                    next.sort_unstable();
                    set(&mut self.occ, b, false);
                    set(&mut self.occ, t, true);
                    let w = self.child_reach.fill(board, &self.occ, b);
                    set(&mut self.occ, t, false);
                    set(&mut self.occ, b, true);
                    let state = (next, w);
                    if !self.seen.contains(&state) {
                        if self.seen.len() >= BUDGET {
                            result = Some(false); // undecided
                            break 'pushes;
                        }
                        self.seen.insert(state.clone());
                        self.queue.push(state);
                    }
                }
            }
            for &b in &boxes {
                set(&mut self.occ, b, false);
            }
            if let Some(r) = result {
                return r;
            }
        }
        true
    }
}

#[inline]
fn set(v: &mut [bool], s: u16, x: bool) {
    if let Some(o) = v.get_mut(usize::from(s)) {
        *o = x;
    }
}

#[inline]
fn get(v: &[bool], s: u16) -> bool {
    v.get(usize::from(s)).copied().unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, area: &[(usize, usize)]) -> bool {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let sq = |(r, c): (usize, usize)| board.square(level.cell(r, c).unwrap());
        let barrier: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
        let squares: Vec<u16> = area.iter().map(|&p| sq(p)).collect();
        let worker = board.square(level.start().worker());
        let dist = Distances::new(&board);
        CorralDeadlock::new(board.len()).is_deadlock(&board, &dist, &barrier, &squares, worker)
    }

    #[test]
    fn a_dead_end_without_goal_is_a_deadlock() {
        // The box can only go deeper into the dead end: no goal there.
        assert!(check("########\n#.@$  ##\n########\n", &[(1, 4), (1, 5)]));
        // With the goal inside it is not.
        assert!(!check("########\n# @$ .##\n########\n", &[(1, 4), (1, 5)]));
        // A box that can be pushed out of the area is not a deadlock.
        assert!(!check(
            "#######\n#     #\n# @$ .#\n#     #\n#######\n",
            &[(2, 4)]
        ));
    }

    #[test]
    fn a_push_out_of_the_area_onto_a_dead_square_is_no_escape() {
        // The worker cannot reach the pocket under the box, the only side
        // to push it up from. The box can leave the area sideways, but both
        // squares beside it are dead corners, so the corral is a deadlock.
        let text = "#######\n#.@   #\n## $ ##\n### ###\n#######\n";
        assert!(check(text, &[(3, 3)]));
        // With a goal on one of them, that push is a way out.
        let text = "#######\n# @   #\n## $.##\n### ###\n#######\n";
        assert!(!check(text, &[(3, 3)]));
    }
}
