//! The expander: the legal box moves out of one node, after the deadlock,
//! corral and macro filters, in the order the search tries them.
//!
//! Given a node's boxes and worker square, [`Expander::expand`] lists its
//! children as [`Child`] moves. A forward expander pushes; a backward one
//! pulls (the worker on one side of a box steps back and draws the box
//! after it). Forward children pass these filters, in this order:
//!
//! * PI-corral pruning ([`super::corral`]): when the node has a PI-corral,
//!   only its barrier boxes move; a PI-corral without pushes, or one whose
//!   barrier alone is a corral deadlock ([`super::corral_deadlock`]), makes
//!   the node a deadlock and it has no children;
//! * the walled matching ([`super::walled`], box paths only): when the boxes
//!   frozen on goals, taken as walls, leave the other boxes no matching to
//!   the open goals, the node is a deadlock and has no children;
//! * goal-room macros ([`super::macros`]): boxes packed in an active room
//!   stay; a push into an active room becomes one macro move to the room's
//!   next goal, and those are tried first; when one packs a box the other
//!   pushes are not tried (the "goal cut");
//! * dead squares: the box must not land where it can never reach a goal
//!   with the worker on the side it came from;
//! * tunnel macros: a push into a straight goal-free tunnel goes on to its
//!   last square;
//! * freeze: the moved box must not freeze off a goal ([`super::freeze`]);
//! * sealed goals: when it freezes on a goal, the boxes frozen on goals
//!   must leave every other goal in reach of a box and every other box in
//!   reach of a goal ([`super::sealed`]).
//!
//! Backward children only pass the dead-square test (with distances that
//! lead back to the start squares). The box moved into the node last is
//! tried last, so that a last-in-first-out frontier keeps moving it.
//!
//! Each child carries its worker square normalised for the store (the
//! smallest square of its region, or the exact square in move-optimal
//! search) and, when asked for, the number of separate floor areas it has
//! ([`super::areas`]). What remains for the search is the part that needs
//! the store and the frontier: the transposition table and the bound.

use super::areas::{Areas, ChildAreas};
use super::box_paths::BoxPaths;
use super::compact::{bits, opposite, Board, NONE};
use super::corral::{Corral, Pruning};
use super::corral_deadlock::CorralDeadlock;
use super::distance::Distances;
use super::freeze::{Freeze, Frozen};
use super::macros::{GoalRooms, Pusher, RoomState};
use super::reach::Reach;
use super::sealed::Sealed;
use super::walled::Walled;

/// What an expander generates, fixed for a whole search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Moves<'a> {
    /// Pull boxes instead of pushing them (a backward search: no freeze
    /// test, no corrals, no macros, no area counts).
    pub(crate) backward: bool,
    /// Keep the worker's exact square and cost a push its walk plus one
    /// (move-optimal search: no corrals, no macros, no area counts).
    pub(crate) exact_worker: bool,
    /// PI-corral pruning and corral deadlocks.
    pub(crate) corrals: bool,
    /// Goal-room macros (an empty set of rooms counts as none).
    pub(crate) rooms: Option<&'a GoalRooms>,
    /// Tunnel macros.
    pub(crate) tunnels: bool,
    /// Count each child's separate floor areas ([`Child::regions`]).
    pub(crate) areas: bool,
    /// Box-path macros ([`super::box_paths`]): a child is one box pushed
    /// to any square it can reach, not one push (forward pushes only; no
    /// goal-room or tunnel macros then).
    pub(crate) box_paths: bool,
    /// Sealed-goal deadlocks ([`super::sealed`]; forward pushes only).
    pub(crate) sealed: bool,
    /// Walled matching before a node is expanded ([`super::walled`]; with
    /// box paths only).
    pub(crate) walled: bool,
}

/// One child of the expanded node: a box moved from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Child {
    /// The moving box's index in [`Expander::boxes`].
    pub(crate) k: usize,
    /// Where the box was.
    pub(crate) from: u16,
    /// Where it goes.
    pub(crate) to: u16,
    /// The child's worker square, normalised for the store.
    pub(crate) worker: u16,
    /// What the move costs: pushes, or moves in move-optimal search.
    pub(crate) cost: u32,
    /// Separate floor areas of the child (0 when not counted).
    pub(crate) regions: u32,
}

/// The work arrays of the expansion of one node after another.
pub(crate) struct Expander<'a> {
    board: &'a Board,
    dist: &'a Distances,
    moves: Moves<'a>,
    reach: Reach,
    /// The fill of a child's worker region, when areas are not counted.
    child_reach: Reach,
    /// The expanded node's areas, from which each child's area count and
    /// worker square follow, when they are counted.
    areas: Areas,
    freeze: Freeze,
    sealed: Sealed,
    walled: Walled,
    /// Scratch: a child's boxes and its frozen boxes.
    child_boxes: Vec<u16>,
    frozen_boxes: Vec<u16>,
    corral: Corral,
    corral_deadlock: Option<CorralDeadlock>,
    room_state: Vec<RoomState>,
    macros_done: Vec<(u16, u16)>,
    pusher: Pusher,
    box_paths: BoxPaths,
    occ: Vec<bool>,
    boxlist: Vec<u16>,
    allowed: Vec<bool>,
    children: Vec<Child>,
}

impl<'a> Expander<'a> {
    /// An expander of `board`'s nodes generating `moves` (the switches
    /// that do not apply to its direction or cost are turned off).
    pub(crate) fn new(board: &'a Board, dist: &'a Distances, moves: Moves<'a>) -> Expander<'a> {
        let n = board.len();
        let forward_pushes = !moves.backward && !moves.exact_worker;
        let box_paths = moves.box_paths && forward_pushes;
        let moves = Moves {
            corrals: moves.corrals && !moves.backward && !moves.exact_worker,
            rooms: moves
                .rooms
                .filter(|r| forward_pushes && !box_paths && !r.is_empty()),
            tunnels: moves.tunnels && forward_pushes && !box_paths,
            box_paths,
            areas: moves.areas && forward_pushes,
            walled: moves.walled && box_paths,
            ..moves
        };
        Expander {
            board,
            dist,
            moves,
            reach: Reach::new(n),
            child_reach: Reach::new(n),
            areas: Areas::new(n),
            freeze: Freeze::new(n),
            sealed: Sealed::new(n),
            walled: Walled::new(0),
            child_boxes: Vec::new(),
            frozen_boxes: Vec::new(),
            corral: Corral::new(n),
            corral_deadlock: moves.corrals.then(|| CorralDeadlock::new(n)),
            room_state: Vec::new(),
            macros_done: Vec::new(),
            pusher: Pusher::new(if moves.rooms.is_some() { n } else { 0 }),
            box_paths: BoxPaths::new(if moves.box_paths { n } else { 0 }),
            occ: vec![false; n],
            boxlist: Vec::new(),
            allowed: vec![false; n],
            children: Vec::new(),
        }
    }

    /// This expander with `bytes` for the walled matching's cache
    /// ([`super::walled`]; none until this is called) and as many for the
    /// sealed goals' ([`super::sealed`]; its most until this is called).
    pub(crate) fn with_cache_budget(mut self, bytes: usize) -> Expander<'a> {
        self.walled = Walled::new(bytes);
        self.sealed = Sealed::new(self.board.len()).with_budget(bytes);
        self
    }

    /// Bytes of the work tables that grow with the search (the macro
    /// pusher's, the corral deadlocks', the walled matching's and the
    /// sealed goals' caches).
    pub(crate) fn bytes(&self) -> usize {
        self.pusher.bytes()
            + self.box_paths.bytes()
            + self.walled.bytes()
            + self.sealed.bytes()
            + self
                .corral_deadlock
                .as_ref()
                .map_or(0, CorralDeadlock::bytes)
    }

    /// The boxes of the node last loaded, in the order [`Child::k`]
    /// indexes.
    pub(crate) fn boxes(&self) -> &[u16] {
        &self.boxlist
    }

    /// The children of the last [`Expander::expand`].
    pub(crate) fn children(&self) -> &[Child] {
        &self.children
    }

    /// Makes `boxes` the loaded node's boxes.
    pub(crate) fn load(&mut self, boxes: &[u64]) {
        for &b in &self.boxlist {
            set(&mut self.occ, b, false);
        }
        self.boxlist.clear();
        self.boxlist.extend(bits::iter(boxes));
        for &b in &self.boxlist {
            set(&mut self.occ, b, true);
        }
    }

    /// The separate floor areas of the loaded node, when this expander
    /// counts them (0 otherwise).
    pub(crate) fn regions(&mut self) -> u32 {
        if !self.moves.areas {
            return 0;
        }
        self.areas.label(self.board, &self.occ);
        self.areas.count()
    }

    /// Whether a box of the loaded node is frozen off a goal.
    pub(crate) fn frozen(&mut self) -> bool {
        (0..self.boxlist.len()).any(|k| {
            let b = self.boxlist.get(k).copied().unwrap_or(NONE);
            self.freeze.deadlocked(self.board, self.dist, &self.occ, b)
        })
    }

    /// The worker square the store keeps for the loaded node with the
    /// worker on `worker`.
    pub(crate) fn normalise(&mut self, worker: u16) -> u16 {
        if self.moves.exact_worker {
            worker
        } else {
            self.reach.fill(self.board, &self.occ, worker)
        }
    }

    /// The worker squares of the roots of a backward search from the
    /// loaded node (the solved state): the normalised square of each
    /// worker region next to a box.
    pub(crate) fn regions_next_to_boxes(&mut self) -> Vec<u16> {
        let board = self.board;
        let n = board.len();
        let mut roots = Vec::new();
        let mut covered = vec![false; n];
        for s in 0..n {
            let Ok(s) = u16::try_from(s) else { break };
            if self.occ.get(usize::from(s)).copied().unwrap_or(true)
                || covered.get(usize::from(s)).copied().unwrap_or(true)
            {
                continue;
            }
            let w = self.reach.fill(board, &self.occ, s);
            let mut next_to_box = false;
            for &x in &self.reach.squares {
                if let Some(c) = covered.get_mut(usize::from(x)) {
                    *c = true;
                }
                next_to_box |= (0..4).any(|d| {
                    let y = board.nbr(x, d);
                    y != NONE && self.occ.get(usize::from(y)).copied().unwrap_or(false)
                });
            }
            if next_to_box {
                roots.push(w);
            }
        }
        roots
    }

    /// The children of the node with `boxes` and the worker on `worker`,
    /// `last` being the square of the box moved into it ([`NONE`] for a
    /// root). Empty when the node is a deadlock.
    pub(crate) fn expand(&mut self, boxes: &[u64], worker: u16, last: u16) -> &[Child] {
        self.load(boxes);
        self.children.clear();
        if self.moves.backward {
            self.pulls(worker);
        } else {
            self.pushes(worker, last);
        }
        &self.children
    }

    /// The pulls out of the loaded node.
    fn pulls(&mut self, worker: u16) {
        let board = self.board;
        self.reach.fill(board, &self.occ, worker);
        for k in 0..self.boxlist.len() {
            let x = self.boxlist.get(k).copied().unwrap_or(NONE);
            for d in 0..4 {
                // The worker on side d pulls the box towards itself and
                // steps back.
                let p = board.nbr(x, d);
                if p == NONE || !self.reach.reached(p) {
                    continue;
                }
                let q = board.nbr(p, d);
                if q == NONE || self.occ.get(usize::from(q)).copied().unwrap_or(true) {
                    continue;
                }
                if !self.dist.live(p, q) {
                    continue;
                }
                self.child(k, x, p, q, 1);
            }
        }
    }

    /// Whether the node of `boxes` with the worker on `worker` is a dead
    /// end by the tests its expansion makes before it moves a box (a
    /// PI-corral or corral deadlock; with box paths, a box frozen off a goal
    /// or the walled matching). Loads the node.
    pub(crate) fn dead_end(&mut self, boxes: &[u64], worker: u16) -> bool {
        self.load(boxes);
        self.tests(worker).is_none()
    }

    /// Fills the worker's region of the loaded node and makes the tests
    /// before any push: `None` for a dead end, else whether only the boxes
    /// of the chosen PI-corral may move (those marked in `allowed`).
    fn tests(&mut self, worker: u16) -> Option<bool> {
        let board = self.board;
        if self.moves.exact_worker {
            self.reach.bfs(board, &self.occ, worker);
        } else {
            self.reach.fill(board, &self.occ, worker);
            // Box paths count the areas themselves.
            if self.moves.areas && !self.moves.box_paths {
                self.areas.label(board, &self.occ);
            }
        }
        // Which boxes may be pushed: all, or those of a PI-corral.
        let pruning = if !self.moves.corrals {
            Pruning::None
        } else {
            self.corral
                .analyse(board, self.dist, &self.occ, &self.reach, &mut self.allowed)
        };
        if pruning == Pruning::Deadlock {
            return None;
        }
        if pruning == Pruning::Restrict {
            if let Some(cd) = self.corral_deadlock.as_mut() {
                let (barrier, area) = self.corral.chosen();
                if cd.is_deadlock(board, self.dist, barrier, area, worker) {
                    return None;
                }
            }
        }
        if self.moves.box_paths && self.moves.walled {
            self.frozen_boxes.clear();
            self.freeze.all(
                board,
                self.dist,
                &self.occ,
                &self.boxlist,
                &mut self.frozen_boxes,
            );
            if self.frozen_boxes.iter().any(|&b| !board.is_goal(b))
                || self
                    .walled
                    .deadlocked(board, &self.boxlist, &self.frozen_boxes, worker)
            {
                return None;
            }
        }
        Some(pruning == Pruning::Restrict)
    }

    /// The pushes out of the loaded node.
    fn pushes(&mut self, worker: u16, last: u16) {
        let board = self.board;
        let Some(restricted) = self.tests(worker) else {
            return;
        };
        if self.moves.box_paths {
            self.box_moves(restricted);
            return;
        }
        if let Some(rooms) = self.moves.rooms {
            self.room_state.clear();
            for r in 0..rooms.len() {
                let r = u16::try_from(r).unwrap_or(NONE);
                self.room_state.push(rooms.state(r, &self.occ));
            }
            self.macros_done.clear();
        }
        // Goal macros first; when one packs a box, the other pushes are not
        // tried (Rolling Stone's "goal cut").
        let mut packed = false;
        // The box pushed last is tried last, so that (the open list being
        // last in, first out among equals) the search keeps pushing it.
        let count = self.boxlist.len();
        let last_k = self
            .boxlist
            .iter()
            .position(|&b| b == last)
            .unwrap_or(count);
        for pass in 0..2 {
            if pass == 1 && packed {
                break;
            }
            for kk in 0..count {
                let k = match kk {
                    _ if last_k == count => kk,
                    _ if kk + 1 == count => last_k,
                    _ if kk >= last_k => kk + 1,
                    _ => kk,
                };
                let b = self.boxlist.get(k).copied().unwrap_or(NONE);
                if restricted && !self.allowed.get(usize::from(b)).copied().unwrap_or(false) {
                    continue;
                }
                if self.room_of(b).is_some_and(|s| s != RoomState::Free) {
                    continue; // packed boxes stay
                }
                for d in 0..4 {
                    let p = board.nbr(b, opposite(d));
                    if p == NONE || !self.reach.reached(p) {
                        continue;
                    }
                    let t = board.nbr(b, d);
                    if t == NONE || self.occ.get(usize::from(t)).copied().unwrap_or(true) {
                        continue;
                    }
                    if !self.dist.live(t, b) {
                        continue;
                    }
                    let next_goal = match self.room_of(t) {
                        Some(RoomState::Next(goal)) => Some(goal),
                        _ => None,
                    };
                    if (pass == 0) != next_goal.is_some() {
                        continue;
                    }
                    if let Some(goal) = next_goal {
                        let room = self.moves.rooms.map_or(NONE, |r| r.room(t));
                        if self.macros_done.contains(&(b, room)) {
                            continue;
                        }
                        self.macros_done.push((b, room));
                        let Some((pushes, end)) =
                            self.pusher.push_to(board, &self.occ, b, goal, worker)
                        else {
                            continue;
                        };
                        packed = true;
                        self.child(k, b, goal, end, pushes);
                        continue;
                    }
                    let cost = if self.moves.exact_worker {
                        u32::from(self.reach.walk(p)) + 1
                    } else {
                        1
                    };
                    let (t, w, cost) = if self.moves.tunnels {
                        self.through_tunnel(b, t, d, cost)
                    } else {
                        (t, b, cost)
                    };
                    self.child(k, b, t, w, cost);
                }
            }
        }
    }

    /// The box-path moves out of the loaded node, the worker's region
    /// filled already: every destination of every box (of the PI-corral's
    /// barrier only, when `restricted`).
    fn box_moves(&mut self, restricted: bool) {
        self.box_paths.begin(self.board, &self.occ);
        for k in 0..self.boxlist.len() {
            let b = self.boxlist.get(k).copied().unwrap_or(NONE);
            if restricted && !self.allowed.get(usize::from(b)).copied().unwrap_or(false) {
                continue;
            }
            let reach = &self.reach;
            self.box_paths
                .search(self.board, self.dist, &mut self.occ, b, |s| {
                    reach.reached(s)
                });
            let lifted = if self.moves.areas {
                self.box_paths.areas_lifted(self.board, b)
            } else {
                0
            };
            for i in 0..self.box_paths.found.len() {
                let Some(d) = self.box_paths.found.get(i).copied() else {
                    break;
                };
                let known = ChildAreas {
                    count: (lifted + d.pieces).saturating_sub(1),
                    worker: d.smallest,
                };
                self.made(k, b, d.to, d.worker, d.pushes, Some(known));
            }
        }
    }

    /// Tunnel macro: a box pushed from `b` to `t` (direction `d`) onto a
    /// square with walls on both sides keeps going while the next square is
    /// such a tunnel square too, empty, not a goal and still live. Within a
    /// straight tunnel without goals every box position blocks the same
    /// way, so going deeper loses nothing but pushes; the box stops on the
    /// last tunnel square, and leaving the tunnel is an ordinary push.
    /// Returns the box's square, the worker's square and the pushes.
    fn through_tunnel(&self, b: u16, t: u16, d: usize, cost: u32) -> (u16, u16, u32) {
        let board = self.board;
        let walled = |s: u16| {
            let (a, c) = if d < 2 { (2, 3) } else { (0, 1) };
            board.nbr(s, a) == NONE && board.nbr(s, c) == NONE
        };
        let (mut from, mut to, mut pushes) = (b, t, cost);
        while walled(to) && !board.is_goal(to) {
            let next = board.nbr(to, d);
            if next == NONE
                || self.occ.get(usize::from(next)).copied().unwrap_or(true)
                || !walled(next)
                || board.is_goal(next)
                || !self.dist.live(next, to)
            {
                break;
            }
            from = to;
            to = next;
            pushes += 1;
        }
        (to, from, pushes)
    }

    /// The state of the goal room holding square `s`, if any.
    fn room_of(&self, s: u16) -> Option<RoomState> {
        let r = self.moves.rooms?.room(s);
        self.room_state.get(usize::from(r)).copied()
    }

    /// Adds the child in which box `k` moved from `from` to `to` and the
    /// worker stands on `worker`, unless the box froze off a goal.
    fn child(&mut self, k: usize, from: u16, to: u16, worker: u16, cost: u32) {
        self.made(k, from, to, worker, cost, None);
    }

    /// [`Expander::child`], with what the move's maker knows of the
    /// child's areas: their count when areas are counted, and the worker's
    /// normalised square unless it is [`NONE`].
    fn made(
        &mut self,
        k: usize,
        from: u16,
        to: u16,
        worker: u16,
        cost: u32,
        known: Option<ChildAreas>,
    ) {
        set(&mut self.occ, from, false);
        set(&mut self.occ, to, true);
        let frozen = !self.moves.backward && self.dead_after(k, to);
        let learned = !frozen
            && self
                .corral_deadlock
                .as_ref()
                .is_some_and(|cd| cd.matches(&self.occ, to, worker));
        if !frozen && !learned {
            // Without an area count, a fill finds the worker's square
            // faster than the labels (measured).
            let (worker, regions) = if self.moves.exact_worker {
                (worker, 0)
            } else if let Some(known) = known {
                let w = match known.worker {
                    NONE => self.child_reach.fill(self.board, &self.occ, worker),
                    w => w,
                };
                (w, if self.moves.areas { known.count } else { 0 })
            } else if self.moves.areas {
                let c = self
                    .areas
                    .child(self.board, &self.occ, from, to, worker, true);
                (c.worker, c.count)
            } else {
                (self.child_reach.fill(self.board, &self.occ, worker), 0)
            };
            self.children.push(Child {
                k,
                from,
                to,
                worker,
                cost,
                regions,
            });
        }
        set(&mut self.occ, to, false);
        set(&mut self.occ, from, true);
    }

    /// Whether the child in which box `k` has just moved to `to` (already
    /// in `occ`) is a freeze deadlock, or, when the move froze the box on
    /// a goal, has a goal sealed off ([`super::sealed`]).
    fn dead_after(&mut self, k: usize, to: u16) -> bool {
        match self.freeze.check(self.board, self.dist, &self.occ, to) {
            Frozen::No => false,
            Frozen::Deadlock => true,
            Frozen::OnGoals if !self.moves.sealed => false,
            Frozen::OnGoals => {
                self.child_boxes.clear();
                self.child_boxes.extend_from_slice(&self.boxlist);
                if let Some(b) = self.child_boxes.get_mut(k) {
                    *b = to;
                }
                self.frozen_boxes.clear();
                self.freeze.all(
                    self.board,
                    self.dist,
                    &self.occ,
                    &self.child_boxes,
                    &mut self.frozen_boxes,
                );
                self.frozen_boxes.iter().any(|&b| !self.board.is_goal(b))
                    || self
                        .sealed
                        .deadlocked(self.board, &self.child_boxes, &self.frozen_boxes)
            }
        }
    }
}

#[inline]
fn set(occ: &mut [bool], s: u16, v: bool) {
    if let Some(o) = occ.get_mut(usize::from(s)) {
        *o = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::limit::Clock;

    /// A column of three boxes shuts off a column of empty goals: a
    /// PI-corral (every push of its barrier goes into it and can be made
    /// now), with a fourth box outside it.
    const LEVEL: &str = "########\n#.   $.#\n#@ $ $.#\n#    $.#\n########\n";

    /// The moves of a single-push search (`corrals` or not), or of FESS
    /// (box paths, areas, corrals).
    fn moves(corrals: bool, fess: bool) -> Moves<'static> {
        Moves {
            backward: false,
            exact_worker: false,
            corrals: corrals || fess,
            rooms: None,
            tunnels: false,
            areas: fess,
            box_paths: fess,
            sealed: true,
            walled: true,
        }
    }

    /// `f` of an expander making `moves` on the level `text`, its board,
    /// and the start's boxes (as bits) and worker square.
    fn at_start<T>(
        text: &str,
        moves: Moves<'static>,
        f: impl FnOnce(&mut Expander<'_>, &Board, &[u64], u16) -> T,
    ) -> T {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let dist = Distances::to_goals(&board, &Clock::default()).unwrap();
        let mut expander = Expander::new(&board, &dist, moves);
        let mut bits = vec![0u64; board.words()];
        for b in level.start().boxes() {
            bits::set(&mut bits, board.square(b));
        }
        let worker = board.square(level.start().worker());
        f(&mut expander, &board, &bits, worker)
    }

    /// The pushes out of the start, as ((row, col) from, (row, col) to),
    /// sorted.
    fn pushes(corrals: bool) -> Vec<((u16, u16), (u16, u16))> {
        at_start(
            LEVEL,
            moves(corrals, false),
            |expander, board, bits, worker| {
                let at = |s: u16| {
                    let c = board.cell(s);
                    (c / 8, c % 8)
                };
                let children = expander.expand(bits, worker, NONE).to_vec();
                let mut out: Vec<_> = children
                    .iter()
                    .map(|c| {
                        assert_eq!(c.cost, 1);
                        assert_eq!(expander.boxes()[c.k], c.from);
                        (at(c.from), at(c.to))
                    })
                    .collect();
                out.sort_unstable();
                out
            },
        )
    }

    /// Whether the start of `text` is a dead end to a FESS expander, and
    /// how many children its expansion has.
    fn dead_end(text: &str) -> (bool, usize) {
        at_start(text, moves(true, true), |expander, _, bits, worker| {
            let dead = expander.dead_end(bits, worker);
            (dead, expander.expand(bits, worker, NONE).len())
        })
    }

    #[test]
    fn a_dead_end_is_what_its_expansion_finds_before_moving_a_box() {
        // Live: the PI-corral's three pushes.
        assert_eq!(dead_end(LEVEL), (false, 3));
        // A box frozen in a corner off the goals.
        assert_eq!(dead_end("#######\n#$   .#\n#  @$.#\n#######\n"), (true, 0));
    }

    #[test]
    fn a_pi_corral_leaves_only_its_barrier_pushes() {
        let into_corral = vec![((1, 5), (1, 6)), ((2, 5), (2, 6)), ((3, 5), (3, 6))];
        assert_eq!(pushes(true), into_corral);
        let mut all = into_corral;
        all.extend([
            ((2, 3), (1, 3)),
            ((2, 3), (2, 2)),
            ((2, 3), (2, 4)),
            ((2, 3), (3, 3)),
        ]);
        all.sort_unstable();
        assert_eq!(pushes(false), all);
    }
}
