//! Goal-room macros: packing a room of goals in an order that works.
//!
//! Goals often sit together in a room, and pushing boxes onto the nearest
//! goals first walls the others off. A *goal room* here is a set of at
//! least two 4-connected goal squares. Its *packing order* comes from a
//! backward analysis of the solved room (as in Junghanns and Schaeffer's
//! Rolling Stone): with every goal of the room holding a box, repeatedly
//! take out a box that can be *pulled* out of the room with the others in
//! place, preferring the one that comes out in fewest pulls. Out means onto
//! the floor the boxes come from: the squares connected, round the room, to
//! a box's start square, so not a pocket the room's goals enclose (with
//! FESS alone on XSokoban, 20,000 nodes per level, that solved 52 levels
//! where any square off the room solved 50), and only those a box pushed
//! from a start square can reach (XSokoban 41): first those it reaches
//! with the room walled off and the worker walking round it
//! ([`pushed_arrivals`]), then, where no box can go there, those that
//! relaxed pushes reach. Each area of that floor
//! gives as many boxes as start in it, and boxes go out to the area with
//! the most left to give first (`Supply`): a room fed by a door behind
//! which most boxes start is not planned as if they all came by the
//! nearest way (on XSokoban, FESS alone at 20,000 and 60,000 nodes gains
//! 72, and 30 takes 3,616 nodes, not 17,909). Reversed, the take-out
//! order fills the room so that each box can still be pushed to its goal:
//! when box `i` goes in, exactly the boxes taken out before it are
//! missing.
//!
//! In the search, a room whose filled goals are exactly a prefix of its
//! order is *active*: its boxes stay put, and a push that would take a box
//! into it becomes one macro move that takes the box straight to the next
//! goal of the order (if it can get there now). The macros make the search
//! incomplete, so a search that uses them and runs out of states proves
//! nothing; [`super::driver`] then searches again without them.

use std::collections::VecDeque;

use super::compact::{opposite, Board, NONE};
use super::limit::Clock;
use super::reach::Reach;

/// Boards with more squares than this get no goal-room macros: the pull
/// and push searches keep a stamp per (box, worker) pair, `len²` words.
pub(crate) const MAX_SQUARES: usize = 2048;

/// Bytes the macro tables of `board` take (0 when it is too large for
/// them).
pub(crate) fn bytes_for(board: &Board) -> usize {
    let n = board.len();
    if n > MAX_SQUARES {
        0
    } else {
        n * n * 8
    }
}

/// Goal rooms and their packing orders.
#[derive(Clone, Debug, Default)]
pub(crate) struct GoalRooms {
    /// Room of each square, or [`NONE`].
    room: Vec<u16>,
    /// Fill order of each room's goals (rooms without an order are not
    /// kept).
    orders: Vec<Vec<u16>>,
}

/// What a room allows in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoomState {
    /// Its boxes are not a prefix of the order: no macro.
    Free,
    /// Filled up to (not including) this goal: boxes inside stay, boxes
    /// entering go to this goal.
    Next(u16),
    /// Every goal filled.
    Full,
}

impl GoalRooms {
    /// Finds the rooms of `board` and their orders; `start` marks the
    /// squares holding boxes at the start, which the orders try to fill
    /// first (so that a start with boxes already in a room can use it).
    /// Rooms whose order is not found before `clock` passes its deadline
    /// or interrupt get none.
    pub(crate) fn new(board: &Board, start: &[bool], clock: &Clock) -> GoalRooms {
        let n = board.len();
        if n > MAX_SQUARES {
            return GoalRooms::default();
        }
        let mut room = vec![NONE; n];
        let mut rooms: Vec<Vec<u16>> = Vec::new();
        for &g in board.goals() {
            if room[usize::from(g)] != NONE {
                continue;
            }
            let id = u16::try_from(rooms.len()).unwrap_or(NONE);
            let mut members = vec![g];
            room[usize::from(g)] = id;
            let mut k = 0;
            while let Some(&s) = members.get(k) {
                k += 1;
                for d in 0..4 {
                    let t = board.nbr(s, d);
                    if t != NONE && board.is_goal(t) && room[usize::from(t)] == NONE {
                        room[usize::from(t)] = id;
                        members.push(t);
                    }
                }
            }
            rooms.push(members);
        }
        let mut kept_room = vec![NONE; n];
        let mut orders = Vec::new();
        let mut puller = Puller::new(n);
        for members in rooms.iter().filter(|m| m.len() >= 2) {
            if let Some(order) = packing_order(board, &mut puller, members, start, true, clock) {
                let id = u16::try_from(orders.len()).unwrap_or(NONE);
                for &s in members {
                    kept_room[usize::from(s)] = id;
                }
                orders.push(order);
            }
        }
        GoalRooms {
            room: kept_room,
            orders,
        }
    }

    /// True when the level has no room with a packing order.
    pub(crate) fn is_empty(&self) -> bool {
        self.orders.is_empty()
    }

    /// Number of rooms.
    pub(crate) fn len(&self) -> usize {
        self.orders.len()
    }

    /// The room of square `s`, or [`NONE`].
    #[inline]
    pub(crate) fn room(&self, s: u16) -> u16 {
        self.room.get(usize::from(s)).copied().unwrap_or(NONE)
    }

    /// The state of room `r` with boxes where `occupied` says.
    pub(crate) fn state(&self, r: u16, occupied: &[bool]) -> RoomState {
        let Some(order) = self.orders.get(usize::from(r)) else {
            return RoomState::Free;
        };
        let has = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(false);
        let filled = order.iter().take_while(|&&s| has(s)).count();
        if order.iter().skip(filled).any(|&s| has(s)) {
            return RoomState::Free;
        }
        match order.get(filled) {
            Some(&next) => RoomState::Next(next),
            None => RoomState::Full,
        }
    }
}

/// The fill order of one room, or `None` when the backward analysis gets
/// stuck or `clock` passes its deadline or interrupt. With `prefer_start`,
/// the goals holding boxes at the start (`start`) are filled first where
/// they can be (taken out last).
///
/// A box is taken out, where it can be, onto a square a box pushed alone
/// from a start square reaches with the room walled off
/// ([`pushed_arrivals`]); when no box can, onto one the relaxed pushes of
/// [`arrivals`] reach; and when the analysis gets stuck with the first,
/// the whole order is made again with the second alone.
pub(crate) fn packing_order(
    board: &Board,
    puller: &mut Puller,
    members: &[u16],
    start: &[bool],
    prefer_start: bool,
    clock: &Clock,
) -> Option<Vec<u16>> {
    let n = board.len();
    let mut inside = vec![false; n];
    for &s in members {
        inside[usize::from(s)] = true;
    }
    let outside = outside(board, &inside, start);
    let relaxed = Arrivals {
        squares: arrivals(board, &outside, start),
        sides: Vec::new(),
    };
    let pushed = pushed_arrivals(board, &inside, &outside, start);
    let plan = Plan {
        members,
        start,
        prefer_start,
        outside: &outside,
    };
    take_outs(board, puller, &plan, &pushed, &relaxed, clock)
        .or_else(|| take_outs(board, puller, &plan, &relaxed, &relaxed, clock))
}

/// What one room's take-out analysis starts from.
struct Plan<'a> {
    /// The room's goals.
    members: &'a [u16],
    /// The squares with boxes at the start.
    start: &'a [bool],
    /// Whether the goals filled at the start are taken out last.
    prefer_start: bool,
    /// The floor the boxes come from ([`outside`]).
    outside: &'a [bool],
}

/// Where a box pulled out of a room may end.
struct Arrivals {
    /// The squares a box can come to.
    squares: Vec<bool>,
    /// By square and direction (`4 * square + direction`): a box comes to
    /// the square with the worker beside it that way, so a pull-out that
    /// ends there must leave the worker free to walk to that side. Empty
    /// when any side will do.
    sides: Vec<bool>,
}

/// The take-out order of `plan`'s room, reversed: each box goes out to
/// `first` (to the area with the most boxes left to give first), or to
/// `fallback` when no box can.
fn take_outs(
    board: &Board,
    puller: &mut Puller,
    plan: &Plan<'_>,
    first: &Arrivals,
    fallback: &Arrivals,
    clock: &Clock,
) -> Option<Vec<u16>> {
    let mut occupied = vec![false; board.len()];
    for &s in plan.members {
        occupied[usize::from(s)] = true;
    }
    let outside = plan.outside;
    let mut supply = Supply::new(board, outside, plan.start);
    let preferred = plan.prefer_start.then_some(plan.start);
    let mut arrive = first.squares.clone();
    let mut taken = Vec::with_capacity(plan.members.len());
    let mut left: Vec<u16> = plan.members.to_vec();
    while !left.is_empty() {
        if clock.passed().is_some() {
            return None;
        }
        // The box to take out: one not filled at the start if possible
        // (with `prefer_start`), then the one that needs fewest pulls; out
        // to the area with the most boxes left to give that any box can
        // reach, or, when none can, anywhere.
        let mut found = None;
        let room = Room {
            occupied: &occupied,
            outside,
            left: &left,
            preferred,
        };
        for a in supply.by_boxes_left() {
            supply.mask(a, &first.squares, &mut arrive);
            found = take_out(board, puller, &room, &arrive, &first.sides);
            if found.is_some() {
                break;
            }
        }
        let (i, end) = found
            .or_else(|| take_out(board, puller, &room, &first.squares, &first.sides))
            .or_else(|| take_out(board, puller, &room, &fallback.squares, &fallback.sides))?;
        supply.draw(end);
        let b = left.swap_remove(i);
        occupied[usize::from(b)] = false;
        taken.push(b);
    }
    taken.reverse();
    Some(taken)
}

/// A room part way through its take-out analysis.
struct Room<'a> {
    /// The squares with boxes: the room's goals not yet taken out.
    occupied: &'a [bool],
    /// The floor the boxes come from ([`outside`]).
    outside: &'a [bool],
    /// The goals not yet taken out.
    left: &'a [u16],
    /// The squares whose boxes go out last, when the start's are.
    preferred: Option<&'a [bool]>,
}

/// The box of `room.left` to take out next (its index) and the square it
/// ends on: one not filled at the start (`room.preferred`, when given) if
/// possible, then the one that needs fewest pulls onto a square of
/// `arrive`, the worker free to walk to one of its `sides`.
fn take_out(
    board: &Board,
    puller: &mut Puller,
    room: &Room<'_>,
    arrive: &[bool],
    sides: &[bool],
) -> Option<(usize, u16)> {
    let mut best: Option<((bool, u32), usize, u16)> = None;
    for (i, &b) in room.left.iter().enumerate() {
        let out = (arrive, sides);
        if let Some((pulls, end)) = puller.pull_out(board, room.occupied, room.outside, out, b) {
            let key = (room.preferred.is_some_and(|start| get(start, b)), pulls);
            if best.is_none_or(|(k, _, _)| key < k) {
                best = Some((key, i, end));
            }
        }
    }
    best.map(|(_, i, end)| (i, end))
}

/// The areas of floor round a room that boxes come from, and how many
/// boxes each still has to give: as many as start there. A box pulled out
/// of the room into an area stands for one that came from it, so once an
/// area has given all its boxes, the rest of the room must be filled from
/// the others. Without this, every box would be taken out by the nearest
/// way out, though most boxes may start behind another.
struct Supply {
    /// The area of each square of `outside`, or [`NONE`].
    area: Vec<u16>,
    /// Boxes each area has left to give.
    left: Vec<u32>,
}

impl Supply {
    /// The areas of `outside` (its connected parts) and the boxes that
    /// start in each (`start`).
    fn new(board: &Board, outside: &[bool], start: &[bool]) -> Supply {
        let n = board.len();
        let blocked: Vec<bool> = outside.iter().map(|&o| !o).collect();
        let mut area = vec![NONE; n];
        let mut left = Vec::new();
        let mut reach = Reach::new(n);
        for s in (0..n).filter_map(|s| u16::try_from(s).ok()) {
            if !get(outside, s) || area.get(usize::from(s)) != Some(&NONE) {
                continue;
            }
            let id = u16::try_from(left.len()).unwrap_or(NONE);
            reach.fill(board, &blocked, s);
            let mut boxes = 0;
            for &x in &reach.squares {
                if let Some(a) = area.get_mut(usize::from(x)) {
                    *a = id;
                }
                boxes += u32::from(get(start, x));
            }
            left.push(boxes);
        }
        Supply { area, left }
    }

    /// The areas with boxes left to give, the most first (the first found
    /// among equals).
    fn by_boxes_left(&self) -> Vec<u16> {
        let mut areas: Vec<u16> = (0..self.left.len())
            .filter(|&a| self.left.get(a).is_some_and(|&l| l > 0))
            .filter_map(|a| u16::try_from(a).ok())
            .collect();
        areas.sort_by_key(|&a| std::cmp::Reverse(self.left.get(usize::from(a)).copied()));
        areas
    }

    /// Puts in `arrive` the squares of `any` in area `a`.
    fn mask(&self, a: u16, any: &[bool], arrive: &mut [bool]) {
        for ((x, &any), &area) in arrive.iter_mut().zip(any).zip(&self.area) {
            *x = any && area == a;
        }
    }

    /// Counts a box taken out onto square `s` against its area.
    fn draw(&mut self, s: u16) {
        if let Some(l) = self
            .area
            .get(usize::from(s))
            .and_then(|&a| self.left.get_mut(usize::from(a)))
        {
            *l = l.saturating_sub(1);
        }
    }
}

/// The squares off the room (`inside`) that boxes come from: those
/// connected, around the room, to a square off the room with a box at the
/// start (`start`). Without such a box, every square off the room.
///
/// A pocket of floor that the room's goals enclose is not among them: a box
/// pulled into it has not left the room, since no box can come from there.
fn outside(board: &Board, inside: &[bool], start: &[bool]) -> Vec<bool> {
    let n = board.len();
    let off = |s: u16| !inside.get(usize::from(s)).copied().unwrap_or(true);
    let sources: Vec<u16> = (0..n)
        .filter_map(|s| u16::try_from(s).ok())
        .filter(|&s| off(s) && start.get(usize::from(s)).copied().unwrap_or(false))
        .collect();
    if sources.is_empty() {
        return (0..n)
            .filter_map(|s| u16::try_from(s).ok())
            .map(off)
            .collect();
    }
    // One fill round the room (its goals as obstacles) from each source
    // not reached yet.
    let mut reached = vec![false; n];
    let mut reach = Reach::new(n);
    for s in sources {
        if reached.get(usize::from(s)).copied().unwrap_or(true) {
            continue;
        }
        reach.fill(board, inside, s);
        for &x in &reach.squares {
            if let Some(r) = reached.get_mut(usize::from(x)) {
                *r = true;
            }
        }
    }
    reached
}

/// The squares of `outside` that a box can come to from a start square
/// off the room (`start`): those a box pushed alone reaches, a push from
/// `y` to `x` allowed whenever `x` and the square behind `y` are floor
/// (relaxed: other boxes and the worker's way are ignored, so this can
/// only be larger than the truth). Without such a box, all of `outside`.
///
/// A box pulled out of the room onto a square no box can come to has not
/// left it in any game: a dead end beside the room (a corridor whose far
/// end is a wall behind a corner, say) is not a way in.
fn arrivals(board: &Board, outside: &[bool], start: &[bool]) -> Vec<bool> {
    let n = board.len();
    let mut reached = vec![false; n];
    let mut stack: Vec<u16> = (0..n)
        .filter_map(|s| u16::try_from(s).ok())
        .filter(|&s| get(outside, s) && get(start, s))
        .collect();
    if stack.is_empty() {
        return outside.to_vec();
    }
    for &s in &stack {
        set(&mut reached, s);
    }
    while let Some(y) = stack.pop() {
        for d in 0..4 {
            let (x, behind) = (board.nbr(y, d), board.nbr(y, opposite(d)));
            if x != NONE && behind != NONE && !get(&reached, x) {
                set(&mut reached, x);
                stack.push(x);
            }
        }
    }
    reached.iter().zip(outside).map(|(&r, &o)| r && o).collect()
}

/// The squares of `outside` that a box pushed alone from a start square
/// off the room (`start`) reaches, with the room's squares (`inside`)
/// walls for box and worker alike, and the sides the worker stands on as
/// it arrives: the worker first stands anywhere beside the box, and then
/// walks round it to push it on. Without a box off the room, all of
/// `outside`, from any side.
///
/// A subset of [`arrivals`], which lets boxes pass through the room and
/// the worker reach any side. A box pulled out onto a square that only
/// those allow may come to it, but only through the room or with the
/// worker beyond it: a pocket behind a goal that a box enters only from
/// the goal's side, or one the worker enters only before its box.
/// A pull-out onto one of these squares must also leave the worker free
/// to walk to a side the box arrives from: a box that comes down into a
/// pocket's mouth with the worker above it is not pushed along the
/// pocket unless the worker can get round, so a goal at the pocket's far
/// end is filled while the way round is still open. Planned from these
/// squares first, FESS alone on XSokoban (20,000 nodes per level) solved
/// 64 levels, not 57 (63 from the squares without the sides), among them
/// 36 and 42, which no search of boardkit's had solved at 10 s.
fn pushed_arrivals(board: &Board, inside: &[bool], outside: &[bool], start: &[bool]) -> Arrivals {
    let n = board.len();
    let mut reached = vec![false; n];
    // A box on a square with the worker beside it in a direction.
    let mut seen = vec![false; n * 4];
    let mut stack: Vec<(u16, usize)> = Vec::new();
    for s in (0..n).filter_map(|s| u16::try_from(s).ok()) {
        if !get(outside, s) || !get(start, s) {
            continue;
        }
        set(&mut reached, s);
        for d in 0..4 {
            let w = board.nbr(s, d);
            if w != NONE && !get(inside, w) {
                seen[usize::from(s) * 4 + d] = true;
                stack.push((s, d));
            }
        }
    }
    if stack.is_empty() {
        return Arrivals {
            squares: outside.to_vec(),
            sides: Vec::new(),
        };
    }
    let mut walls = inside.to_vec();
    let mut reach = Reach::new(n);
    while let Some((b, d)) = stack.pop() {
        let at = usize::from(b);
        walls[at] = true;
        reach.fill(board, &walls, board.nbr(b, d));
        walls[at] = false;
        for w in 0..4 {
            let to = board.nbr(b, opposite(w));
            if !reach.reached(board.nbr(b, w)) || to == NONE || get(inside, to) {
                continue;
            }
            // Pushed away from the worker, who then stands where it was.
            if let Some(x) = seen.get_mut(usize::from(to) * 4 + w) {
                if !*x {
                    *x = true;
                    set(&mut reached, to);
                    stack.push((to, w));
                }
            }
        }
    }
    Arrivals {
        squares: reached,
        sides: seen,
    }
}

/// Whether square `s` of `v` is set (false off the board).
fn get(v: &[bool], s: u16) -> bool {
    v.get(usize::from(s)).copied().unwrap_or(false)
}

/// Sets square `s` of `v` (nothing off the board).
fn set(v: &mut [bool], s: u16) {
    if let Some(x) = v.get_mut(usize::from(s)) {
        *x = true;
    }
}

/// Breadth-first search of pulls for one box, over (box, worker) pairs.
pub(crate) struct Puller {
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<(u16, u16, u32)>,
}

impl Puller {
    /// Work arrays for a board of `n` squares.
    pub(crate) fn new(n: usize) -> Puller {
        Puller {
            seen: vec![0; n * n],
            stamp: 0,
            queue: VecDeque::new(),
        }
    }

    /// Fewest pulls that bring the box on `b` out of the room, onto a
    /// square of `arrive` with the worker free to walk to one of the
    /// square's `sides` (by square and direction; any side when empty),
    /// and that square, with the other boxes fixed, the worker starting on
    /// any free square of `outside`; `None` when it cannot come out.
    fn pull_out(
        &mut self,
        board: &Board,
        occupied: &[bool],
        outside: &[bool],
        (arrive, sides): (&[bool], &[bool]),
        b: u16,
    ) -> Option<(u32, u16)> {
        let n = board.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.queue.clear();
        let free = |s: u16, boxat: u16| {
            s != NONE
                && s != boxat
                && !(occupied.get(usize::from(s)).copied().unwrap_or(true) && s != b)
        };
        let id = |x: u16, w: u16| usize::from(x) * n + usize::from(w);
        // The worker starts on any free square outside the room.
        for w in 0..n {
            let Ok(w) = u16::try_from(w) else { break };
            if outside[usize::from(w)] && free(w, b) && self.seen[id(b, w)] != self.stamp {
                self.seen[id(b, w)] = self.stamp;
                self.queue.push_back((b, w, 0));
            }
        }
        while let Some((x, w, pulls)) = self.queue.pop_front() {
            let beside = |d: usize| {
                board.nbr(x, d) == w && sides.get(usize::from(x) * 4 + d).copied().unwrap_or(false)
            };
            if get(arrive, x) && (sides.is_empty() || (0..4).any(beside)) {
                return Some((pulls, x));
            }
            for d in 0..4 {
                let w2 = board.nbr(w, d);
                if !free(w2, x) {
                    continue;
                }
                // Walk.
                if self.seen[id(x, w2)] != self.stamp {
                    self.seen[id(x, w2)] = self.stamp;
                    self.queue.push_front((x, w2, pulls));
                }
                // Pull: the box is behind the worker, opposite to `d`.
                if board.nbr(w, d ^ 1) == x && self.seen[id(w, w2)] != self.stamp {
                    self.seen[id(w, w2)] = self.stamp;
                    self.queue.push_back((w, w2, pulls + 1));
                }
            }
        }
        None
    }
}

/// Breadth-first search of pushes for one box in a search state: the
/// fewest pushes that bring it to a square, and where the worker ends.
#[derive(Clone, Debug)]
pub(crate) struct Pusher {
    seen: Vec<u32>,
    stamp: u32,
    queue: VecDeque<(u16, u16, u32)>,
}

impl Pusher {
    /// Work arrays for a board of `n` squares.
    pub(crate) fn new(n: usize) -> Pusher {
        Pusher {
            seen: vec![0; n * n],
            stamp: 0,
            queue: VecDeque::new(),
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.seen.capacity() * 4
    }

    /// Fewest pushes taking the box on `from` to `to`, the worker starting
    /// on `worker`, the other boxes fixed where `occupied` says (`from`
    /// marked too), and the worker's final square; `None` when impossible.
    pub(crate) fn push_to(
        &mut self,
        board: &Board,
        occupied: &[bool],
        from: u16,
        to: u16,
        worker: u16,
    ) -> Option<(u32, u16)> {
        let n = board.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.queue.clear();
        let free = |s: u16, boxat: u16| {
            s != NONE
                && s != boxat
                && (s == from || !occupied.get(usize::from(s)).copied().unwrap_or(true))
        };
        let id = |x: u16, w: u16| usize::from(x) * n + usize::from(w);
        *self.seen.get_mut(id(from, worker))? = self.stamp;
        self.queue.push_back((from, worker, 0));
        while let Some((x, w, pushes)) = self.queue.pop_front() {
            if x == to {
                return Some((pushes, w));
            }
            for d in 0..4 {
                let w2 = board.nbr(w, d);
                if w2 == NONE {
                    continue;
                }
                if w2 == x {
                    let x2 = board.nbr(x, d);
                    if free(x2, x) && self.seen[id(x2, w2)] != self.stamp {
                        self.seen[id(x2, w2)] = self.stamp;
                        self.queue.push_back((x2, w2, pushes + 1));
                    }
                } else if free(w2, x) && self.seen[id(x, w2)] != self.stamp {
                    self.seen[id(x, w2)] = self.stamp;
                    self.queue.push_front((x, w2, pushes));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rooms(text: &str) -> (crate::level::Level, Board, GoalRooms) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let mut start = vec![false; board.len()];
        for b in level.start().boxes() {
            start[usize::from(board.square(b))] = true;
        }
        let rooms = GoalRooms::new(&board, &start, &Clock::default());
        (level, board, rooms)
    }

    /// Three goals at the end of a corridor (row 3) that boxes enter from
    /// column 5, pushed down from row 2.
    const DEAD_END: &str = "##########\n#@    ####\n#  $ $ $ #\n####  ...#\n   #######\n";

    #[test]
    fn a_dead_end_room_fills_from_the_back() {
        // Goals in a dead-end corridor, entered from column 5: the deepest
        // goal first.
        let (level, board, rooms) = rooms(DEAD_END);
        assert_eq!(rooms.len(), 1);
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let mut occ = vec![false; board.len()];
        assert_eq!(rooms.state(0, &occ), RoomState::Next(sq(3, 8)));
        occ[usize::from(sq(3, 8))] = true;
        assert_eq!(rooms.state(0, &occ), RoomState::Next(sq(3, 7)));
        occ[usize::from(sq(3, 6))] = true;
        assert_eq!(rooms.state(0, &occ), RoomState::Free);
        occ[usize::from(sq(3, 7))] = true;
        assert_eq!(rooms.state(0, &occ), RoomState::Full);
        assert_eq!(rooms.room(sq(3, 6)), 0);
        assert_eq!(rooms.room(sq(2, 6)), NONE);
    }

    #[test]
    fn a_goal_at_the_far_end_of_a_pocket_is_filled_while_the_way_round_is_open() {
        // Boxes enter the pocket of row 5 only down the gap at column 2,
        // the worker above them; to push one along row 5 to the goal at
        // (5, 4), the worker must come round by row 6, so that goal is
        // filled first. Ending pull-outs on any square a box can come to,
        // the analysis filled it third, after (6, 4) and (6, 3) had closed
        // the way round; with relaxed pushes, last.
        let (level, board, rooms) = rooms(
            "##########\n#@       #\n# $ $ $  #\n#   $    #\n## ##### #\n#   .#   #\n# ...    #\n##########\n",
        );
        assert_eq!(rooms.len(), 1);
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let mut occ = vec![false; board.len()];
        for (r, c) in [(5, 4), (6, 4), (6, 3), (6, 2)] {
            assert_eq!(
                rooms.state(0, &occ),
                RoomState::Next(sq(r, c)),
                "({r}, {c})"
            );
            occ[usize::from(sq(r, c))] = true;
        }
        assert_eq!(rooms.state(0, &occ), RoomState::Full);
    }

    /// The level of `text`, its board, its goals as the room's squares and
    /// its boxes' start squares.
    fn around(text: &str) -> (crate::level::Level, Board, Vec<bool>, Vec<bool>) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let (inside, start) = marks(&level, &board);
        (level, board, inside, start)
    }

    /// The goals of `level` as the room's squares, and its boxes' start
    /// squares, on `board`.
    fn marks(level: &crate::level::Level, board: &Board) -> (Vec<bool>, Vec<bool>) {
        let mut inside = vec![false; board.len()];
        for &g in board.goals() {
            inside[usize::from(g)] = true;
        }
        let mut start = vec![false; board.len()];
        for b in level.start().boxes() {
            start[usize::from(board.square(b))] = true;
        }
        (inside, start)
    }

    #[test]
    fn boxes_come_from_around_the_room_not_from_a_pocket_it_encloses() {
        // A ring of goals round a pocket (row 2, columns 6 and 8 to 9): the
        // pocket is off the room but no box can come from it.
        let (level, board, inside, start) =
            around("###########\n#@$$$...###\n#$$$$. .  #\n#$   ...  #\n###########\n");
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let out = outside(&board, &inside, &start);
        for (r, c) in [(2, 6), (2, 8), (2, 9), (3, 8), (3, 9)] {
            assert!(!out[usize::from(sq(r, c))], "({r}, {c})");
        }
        for (r, c) in [(1, 1), (2, 4), (3, 2), (3, 4)] {
            assert!(out[usize::from(sq(r, c))], "({r}, {c})");
        }
        assert!(!out[usize::from(sq(1, 5))]);
        // With no box off the room, every square off it.
        let none = vec![false; board.len()];
        let all = outside(&board, &inside, &none);
        for s in 0..board.len() {
            assert_eq!(all[s], !inside[s]);
        }
    }

    #[test]
    fn each_area_round_a_room_gives_as_many_boxes_as_start_there() {
        // The room is column 4; one box starts left of it, two right.
        let (level, board, mut inside, start) =
            around("#########\n#$  .  $#\n#@  . .$#\n#########\n");
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        inside[usize::from(sq(2, 6))] = false;
        let out = outside(&board, &inside, &start);
        let mut supply = Supply::new(&board, &out, &start);
        let (left, right) = (
            supply.area[usize::from(sq(2, 1))],
            supply.area[usize::from(sq(2, 6))],
        );
        assert_ne!(left, right);
        assert_eq!(supply.area[usize::from(sq(1, 3))], left);
        assert_eq!(supply.area[usize::from(sq(1, 5))], right);
        assert_eq!(supply.area[usize::from(sq(1, 4))], NONE);
        assert_eq!(supply.by_boxes_left(), vec![right, left]);
        supply.draw(sq(1, 6));
        assert_eq!(supply.by_boxes_left(), vec![left, right]);
        supply.draw(sq(2, 5));
        assert_eq!(supply.by_boxes_left(), vec![left]);
        supply.draw(sq(1, 7));
        assert_eq!(supply.by_boxes_left(), vec![left]);
        let mut arrive = vec![false; board.len()];
        supply.mask(left, &out, &mut arrive);
        let in_left: Vec<bool> = supply.area.iter().map(|&a| a == left).collect();
        assert_eq!(arrive, in_left);
    }

    #[test]
    fn a_pull_out_ends_only_where_a_box_can_come_from() {
        // Column 2 below the boxes is floor round the goals, but a box can
        // only enter it pushed down from row 1, with the worker in the wall
        // above: no box comes from there. The boxes reach row 1 only.
        let (level, board, inside, start) = around("#####\n#@$$#\n## ##\n#. .#\n#####\n");
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let out = outside(&board, &inside, &start);
        let arrive = arrivals(&board, &out, &start);
        for (r, c) in [(1, 1), (1, 2), (1, 3)] {
            assert!(out[usize::from(sq(r, c))] && arrive[usize::from(sq(r, c))]);
        }
        for (r, c) in [(2, 2), (3, 2)] {
            assert!(out[usize::from(sq(r, c))], "({r}, {c})");
            assert!(!arrive[usize::from(sq(r, c))], "({r}, {c})");
        }
        // With no box off the room, everywhere off it.
        let none = vec![false; board.len()];
        assert_eq!(arrivals(&board, &out, &none), out);
    }

    #[test]
    fn a_pushed_box_arrives_only_where_the_worker_can_follow_it() {
        // A box pushed down the gap at column 2 lands in the pocket of row
        // 4, the worker above it: the worker cannot get round to push it
        // along the row, since the goal at (4, 5) walls the pocket off.
        // The relaxed pushes take it to the whole row.
        let (level, board, inside, start) =
            around("#######\n#@    #\n# $   #\n## ####\n#    .#\n#######\n");
        let sq = |r, c| usize::from(board.square(level.cell(r, c).unwrap()));
        let out = outside(&board, &inside, &start);
        let relaxed = arrivals(&board, &out, &start);
        let Arrivals {
            squares: pushed,
            sides,
        } = pushed_arrivals(&board, &inside, &out, &start);
        // It arrives from above only.
        let up = (0..4)
            .find(|&d| {
                board.nbr(board.square(level.cell(4, 2).unwrap()), d)
                    == board.square(level.cell(3, 2).unwrap())
            })
            .unwrap();
        for d in 0..4 {
            assert_eq!(sides[sq(4, 2) * 4 + d], d == up, "{d}");
        }
        for c in 1..=4 {
            assert!(relaxed[sq(4, c)], "(4, {c})");
            assert_eq!(pushed[sq(4, c)], c == 2, "(4, {c})");
        }
        assert!(pushed[sq(3, 2)] && pushed[sq(1, 4)] && pushed[sq(1, 1)]);
        for s in 0..board.len() {
            assert!(!pushed[s] || relaxed[s], "{s}");
        }
        // With no box off the room, everywhere off it.
        let none = vec![false; board.len()];
        let anywhere = pushed_arrivals(&board, &inside, &out, &none);
        assert_eq!(anywhere.squares, out);
        assert!(anywhere.sides.is_empty());
    }

    /// The (box, worker) pairs reached from the start squares off the
    /// room, by a plain search that moves the worker one step at a time:
    /// the reference of [`pushed_arrivals`].
    fn pushed_by_steps(
        board: &Board,
        inside: &[bool],
        start: &[bool],
    ) -> std::collections::HashSet<(u16, u16)> {
        let n = board.len();
        let free = |s: u16| s != NONE && !inside[usize::from(s)];
        let mut seen = std::collections::HashSet::new();
        let mut stack = Vec::new();
        for b in (0..n).filter_map(|s| u16::try_from(s).ok()) {
            if start[usize::from(b)] && !inside[usize::from(b)] {
                for d in 0..4 {
                    if free(board.nbr(b, d)) && seen.insert((b, board.nbr(b, d))) {
                        stack.push((b, board.nbr(b, d)));
                    }
                }
            }
        }
        while let Some((b, w)) = stack.pop() {
            for d in 0..4 {
                let to = board.nbr(w, d);
                let next = if to == b {
                    let beyond = board.nbr(b, d);
                    free(beyond).then_some((beyond, b))
                } else {
                    free(to).then_some((b, to))
                };
                if let Some(state) = next {
                    if seen.insert(state) {
                        stack.push(state);
                    }
                }
            }
        }
        seen
    }

    #[test]
    fn pushed_arrivals_match_a_search_of_single_steps_on_random_boards() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
        let mut checked = 0;
        let mut narrower = 0;
        while checked < 300 {
            let Some((text, _)) = crate::solver::random_position(&mut rng, 0.25, |_, _| 0) else {
                continue;
            };
            let Ok(level) = crate::xsb::parse_level(&text) else {
                continue;
            };
            let Some(board) = Board::new(&level) else {
                continue;
            };
            let (inside, start) = marks(&level, &board);
            let out = outside(&board, &inside, &start);
            let Arrivals {
                squares: pushed,
                sides,
            } = pushed_arrivals(&board, &inside, &out, &start);
            let pairs = pushed_by_steps(&board, &inside, &start);
            // The squares: the start's off the room and every box square
            // of the reference.
            let mut squares: Vec<bool> = (0..board.len()).map(|s| start[s] && !inside[s]).collect();
            for &(b, _) in &pairs {
                squares[usize::from(b)] = true;
            }
            assert_eq!(pushed, squares, "{text}");
            // The sides: with the worker walking on from each, every pair
            // of the reference.
            let mut walls = inside.clone();
            let mut reach = Reach::new(board.len());
            let mut walked = std::collections::HashSet::new();
            for (i, _) in sides.iter().enumerate().filter(|(_, &s)| s) {
                let b = u16::try_from(i / 4).unwrap();
                walls[usize::from(b)] = true;
                reach.fill(&board, &walls, board.nbr(b, i % 4));
                walls[usize::from(b)] = false;
                walked.extend(reach.squares.iter().map(|&w| (b, w)));
            }
            assert_eq!(walked, pairs, "{text}");
            let relaxed = arrivals(&board, &out, &start);
            assert!(
                pushed.iter().zip(&relaxed).all(|(&p, &r)| !p || r),
                "{text}"
            );
            narrower += usize::from(pushed != relaxed);
            checked += 1;
        }
        assert!(narrower >= 20, "{narrower}");
    }

    #[test]
    fn a_triggered_interrupt_leaves_every_room_without_an_order() {
        let (_, board, found) = rooms(DEAD_END);
        assert_eq!(found.len(), 1);
        let interrupt = boardkit_grid::Interrupt::new();
        let clock = Clock {
            deadline: None,
            interrupt: Some(interrupt.clone()),
        };
        let start = vec![false; board.len()];
        assert_eq!(GoalRooms::new(&board, &start, &clock).len(), 1);
        interrupt.trigger();
        assert!(GoalRooms::new(&board, &start, &clock).is_empty());
    }

    #[test]
    fn pusher_counts_pushes() {
        let (level, board, _) = rooms("#######\n#     #\n#.$@  #\n#######\n");
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let mut occ = vec![false; board.len()];
        occ[usize::from(sq(2, 2))] = true;
        let mut p = Pusher::new(board.len());
        assert_eq!(
            p.push_to(&board, &occ, sq(2, 2), sq(2, 1), sq(2, 3)),
            Some((1, sq(2, 2)))
        );
        assert_eq!(
            p.push_to(&board, &occ, sq(2, 2), sq(2, 5), sq(2, 3)),
            Some((3, sq(2, 4)))
        );
        assert_eq!(p.push_to(&board, &occ, sq(2, 2), sq(1, 2), sq(2, 3)), None);
    }
}
