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
//! A proved deadlock is also a *pattern*: the argument above holds for any
//! position with boxes on the barrier's squares (other boxes only take
//! moves away) and the worker in the region it had with the barrier alone
//! on the board. The patterns are kept ([`CorralDeadlock::matches`]), so
//! that the expander rejects such a position when it is made, not when it
//! is expanded.
//!
//! The small search makes no push that leaves its box dead, by the push
//! distances with the worker on the side it pushed from
//! ([`Distances::live`]): a real solution never makes one either, since
//! from there even that box alone on the board reaches no goal. Without
//! this a box pushed out of the corral into a dead corner would count as
//! escaping.

use rustc_hash::{FxHashMap, FxHashSet};

use super::compact::{bits, Board, NONE};
use super::distance::Distances;
use super::reach::Reach;

/// States the small search may visit. The searches that run out of it
/// took two thirds of the small searches' states at 400 (XSokoban 44,
/// FESS alone); at 200, FESS alone solves the same XSokoban levels at
/// 20,000 and 60,000 nodes per level (two of them with 6 and 23 more
/// nodes) in 9 % fewer instructions on 44, Microban takes 6 % more nodes
/// in the same time.
const BUDGET: usize = 200;

/// Barriers larger than this are not examined.
const MAX_BOXES: usize = 8;

/// Entries kept in the cache before it is cleared.
const MAX_CACHE: usize = 100_000;

/// Patterns kept; later deadlocks are not kept as patterns.
const MAX_PATTERNS: usize = 1 << 14;

/// Patterns listed under one square; patterns beyond it are not kept.
const MAX_PER_SQUARE: usize = 256;

/// The squares of at most [`MAX_BOXES`] boxes, increasing, then [`NONE`]:
/// fixed-size, so that the small search's states need no allocation.
type Boxes = [u16; MAX_BOXES];

/// A state of the small search: its boxes and the worker's normalised
/// square.
type State = (Boxes, u16);

/// The boxes of `squares` (at most [`MAX_BOXES`] of them), increasing.
fn boxes_of(squares: &[u16]) -> Option<Boxes> {
    let mut boxes = [NONE; MAX_BOXES];
    boxes.get_mut(..squares.len())?.copy_from_slice(squares);
    boxes.sort_unstable();
    Some(boxes)
}

/// The squares of `boxes` ([`NONE`] excluded).
fn squares(boxes: &Boxes) -> impl Iterator<Item = u16> + '_ {
    boxes.iter().copied().take_while(|&b| b != NONE)
}

/// Work arrays and the cache of corral-deadlock checks.
#[derive(Clone, Debug)]
pub(crate) struct CorralDeadlock {
    cache: FxHashMap<State, bool>,
    area: Vec<bool>,
    occ: Vec<bool>,
    reach: Reach,
    child_reach: Reach,
    seen: FxHashSet<State>,
    queue: Vec<State>,
    /// The kept patterns: a proved deadlock of boxes on `patterns[i]` with
    /// the worker in the region `regions[i * words..(i + 1) * words]` (a
    /// bitset over the squares). Both flat, so that matching reads no
    /// pointer.
    patterns: Vec<Boxes>,
    regions: Vec<u64>,
    /// Per square, the patterns with a box there.
    by_square: Vec<Vec<u32>>,
    /// Bytes of `by_square`, kept as its lists grow so that
    /// [`CorralDeadlock::bytes`] does not walk them.
    by_square_bytes: usize,
    /// `u64` words of a bitset over the squares.
    words: usize,
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
            patterns: Vec::new(),
            regions: Vec::new(),
            by_square: vec![Vec::new(); n],
            by_square_bytes: n * 24,
            words: n.div_ceil(64).max(1),
        }
    }

    /// Bytes held (roughly: the cache, the sets and the patterns).
    pub(crate) fn bytes(&self) -> usize {
        (self.cache.capacity() + self.seen.capacity()) * (std::mem::size_of::<State>() + 8)
            + self.queue.capacity() * std::mem::size_of::<State>()
            + self.occ.len() * 8
            + self.patterns.capacity() * std::mem::size_of::<Boxes>()
            + self.regions.capacity() * 8
            + self.by_square_bytes
    }

    /// Whether a kept pattern with a box on `to` proves dead the position
    /// whose boxes are where `occupied` says and whose worker stands on
    /// `worker`. The expander asks with `to` the square a box has just
    /// moved to: a pattern that the position before the move held already
    /// is not tried (such a position is still found dead when expanded).
    pub(crate) fn matches(&self, occupied: &[bool], to: u16, worker: u16) -> bool {
        let Some(ids) = self.by_square.get(usize::from(to)) else {
            return false;
        };
        ids.iter().any(|&id| {
            let id = id as usize;
            self.patterns.get(id).is_some_and(|p| {
                squares(p).all(|b| occupied.get(usize::from(b)).copied().unwrap_or(false))
                    && self
                        .regions
                        .get(id * self.words..(id + 1) * self.words)
                        .is_some_and(|region| bits::get(region, worker))
            })
        })
    }

    /// Keeps the deadlock of boxes on `boxes` with the worker anywhere in
    /// the region the last fill of `reach` found.
    fn keep(&mut self, boxes: &Boxes) {
        let full = |s: u16| {
            self.by_square
                .get(usize::from(s))
                .is_none_or(|l| l.len() >= MAX_PER_SQUARE)
        };
        if self.patterns.len() >= MAX_PATTERNS || squares(boxes).any(full) {
            return;
        }
        let Ok(id) = u32::try_from(self.patterns.len()) else {
            return;
        };
        let start = self.regions.len();
        self.regions.resize(start + self.words, 0);
        if let Some(region) = self.regions.get_mut(start..) {
            for &s in &self.reach.squares {
                bits::set(region, s);
            }
        }
        for b in squares(boxes) {
            if let Some(l) = self.by_square.get_mut(usize::from(b)) {
                let before = l.capacity();
                l.push(id);
                self.by_square_bytes += (l.capacity() - before) * 4;
            }
        }
        self.patterns.push(*boxes);
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
        let Some(boxes) = boxes_of(barrier) else {
            return false;
        };
        for &b in barrier {
            set(&mut self.occ, b, true);
        }
        let start_worker = self.reach.fill(board, &self.occ, worker);
        for &b in barrier {
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
        if dead {
            // The start's region, which the search's fills replaced.
            for &b in barrier {
                set(&mut self.occ, b, true);
            }
            self.reach.fill(board, &self.occ, worker);
            for &b in barrier {
                set(&mut self.occ, b, false);
            }
            self.keep(&key.0);
        }
        if self.cache.len() >= MAX_CACHE {
            self.cache.clear();
        }
        self.cache.insert(key, dead);
        dead
    }

    /// The exhaustive small search: true when it runs out of states
    /// without success.
    fn search(&mut self, board: &Board, dist: &Distances, start: &State) -> bool {
        if squares(&start.0).all(|b| board.is_goal(b)) {
            return false;
        }
        self.seen.clear();
        self.queue.clear();
        self.seen.insert(*start);
        self.queue.push(*start);
        while let Some((boxes, worker)) = self.queue.pop() {
            for b in squares(&boxes) {
                set(&mut self.occ, b, true);
            }
            self.reach.fill(board, &self.occ, worker);
            let mut result = None;
            'pushes: for (k, b) in squares(&boxes).enumerate() {
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
                    let mut next = boxes;
                    if let Some(x) = next.get_mut(k) {
                        *x = t;
                    }
                    if squares(&next).all(|x| board.is_goal(x)) {
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
                        self.seen.insert(state);
                        self.queue.push(state);
                    }
                }
            }
            for b in squares(&boxes) {
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

    #[test]
    fn a_proved_corral_is_kept_as_a_pattern() {
        let level = crate::xsb::parse_level("########\n#.@$  ##\n########\n").unwrap();
        let board = Board::new(&level).unwrap();
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let dist = Distances::new(&board);
        let mut cd = CorralDeadlock::new(board.len());
        let area = [sq(1, 4), sq(1, 5)];
        assert!(cd.is_deadlock(&board, &dist, &[sq(1, 3)], &area, sq(1, 2)));
        assert_eq!(cd.patterns.len(), 1);
        assert_eq!(cd.by_square_bytes, index_bytes(&cd));
        let mut occ = vec![false; board.len()];
        occ[usize::from(sq(1, 3))] = true;
        // The worker anywhere on its side of the box.
        assert!(cd.matches(&occ, sq(1, 3), sq(1, 2)));
        assert!(cd.matches(&occ, sq(1, 3), sq(1, 1)));
        // Inside the corral, or with no box on the pattern's square, or a
        // box moved elsewhere: no match.
        assert!(!cd.matches(&occ, sq(1, 3), sq(1, 4)));
        assert!(!cd.matches(&occ, sq(1, 4), sq(1, 2)));
        occ[usize::from(sq(1, 3))] = false;
        assert!(!cd.matches(&occ, sq(1, 3), sq(1, 2)));
    }

    /// The bytes of the per-square index, counted list by list.
    fn index_bytes(cd: &CorralDeadlock) -> usize {
        cd.by_square.iter().map(|l| l.capacity() * 4 + 24).sum()
    }

    /// Whether the level with boxes on `boxes` and the worker on `worker`
    /// can be solved, by breadth-first search over every (boxes, worker
    /// region) state; `None` past `cap` states.
    fn solvable(board: &Board, boxes: &[u16], worker: u16, cap: usize) -> Option<bool> {
        let mut fill = Reach::new(board.len());
        let mut occ = vec![false; board.len()];
        let mut key = |boxes: &[u16], worker: u16, occ: &mut Vec<bool>| {
            boxes.iter().for_each(|&b| occ[usize::from(b)] = true);
            let w = fill.fill(board, occ, worker);
            boxes.iter().for_each(|&b| occ[usize::from(b)] = false);
            let mut sorted = boxes.to_vec();
            sorted.sort_unstable();
            (sorted, w)
        };
        let start = key(boxes, worker, &mut occ);
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut todo = std::collections::VecDeque::from([start]);
        let mut walk = Reach::new(board.len());
        while let Some((boxes, w)) = todo.pop_front() {
            if boxes.iter().all(|&b| board.is_goal(b)) {
                return Some(true);
            }
            boxes.iter().for_each(|&b| occ[usize::from(b)] = true);
            walk.fill(board, &occ, w);
            boxes.iter().for_each(|&b| occ[usize::from(b)] = false);
            for (k, &b) in boxes.iter().enumerate() {
                for d in 0..4 {
                    let (p, t) = (board.nbr(b, d ^ 1), board.nbr(b, d));
                    if p == NONE || t == NONE || !walk.reached(p) || boxes.contains(&t) {
                        continue;
                    }
                    let mut next = boxes.clone();
                    next[k] = t;
                    let state = key(&next, b, &mut occ);
                    if seen.insert(state.clone()) {
                        if seen.len() > cap {
                            return None;
                        }
                        todo.push_back(state);
                    }
                }
            }
        }
        Some(false)
    }

    #[test]
    fn a_kept_pattern_matches_only_dead_positions_on_random_levels() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(61);
        let (mut matched, mut missed) = (0, 0);
        for _ in 0..600 {
            let Some((text, _)) =
                crate::solver::random_position(&mut rng, 0.2, |rng, n| rng.gen_range(0..n))
            else {
                continue;
            };
            let level = crate::xsb::parse_level(&text).unwrap();
            let board = Board::new(&level).unwrap();
            let dist = Distances::new(&board);
            let n = board.len();
            let boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
            let worker = board.square(level.start().worker());
            // A random part of the boxes as the barrier, the squares the
            // worker cannot reach with the barrier alone as its corral.
            let barrier: Vec<u16> = boxes
                .iter()
                .copied()
                .filter(|_| rng.gen_bool(0.6))
                .collect();
            if barrier.is_empty() {
                continue;
            }
            let mut occ = vec![false; n];
            barrier.iter().for_each(|&b| occ[usize::from(b)] = true);
            let mut fill = Reach::new(n);
            fill.fill(&board, &occ, worker);
            let region: Vec<u16> = fill.squares.clone();
            let area: Vec<u16> = (0..n as u16)
                .filter(|&s| !fill.reached(s) && !occ[usize::from(s)])
                .collect();
            let mut cd = CorralDeadlock::new(n);
            if !cd.is_deadlock(&board, &dist, &barrier, &area, worker) {
                continue;
            }
            assert_eq!(cd.by_square_bytes, index_bytes(&cd));
            // Positions with the barrier, the other boxes anywhere else and
            // the worker anywhere in its region.
            for _ in 0..4 {
                let mut others: Vec<u16> = (0..n as u16).filter(|s| !barrier.contains(s)).collect();
                let mut all = barrier.clone();
                for _ in barrier.len()..boxes.len() {
                    all.push(others.swap_remove(rng.gen_range(0..others.len())));
                }
                let free: Vec<u16> = region
                    .iter()
                    .copied()
                    .filter(|s| !all.contains(s))
                    .collect();
                if free.is_empty() {
                    continue;
                }
                let w = free[rng.gen_range(0..free.len())];
                let mut occ = vec![false; n];
                all.iter().for_each(|&b| occ[usize::from(b)] = true);
                assert!(cd.matches(&occ, barrier[0], w), "{text}{all:?} {w}");
                match solvable(&board, &all, w, 100_000) {
                    Some(solved) => assert!(!solved, "{text}{all:?} {w}"),
                    None => missed += 1,
                }
                matched += 1;
            }
        }
        assert!(matched > 100 && missed < matched / 10, "{matched} {missed}");
    }
}
