//! The packing plan and FESS's *packing* feature: how far the boxes on
//! goals follow an order in which every goal can still be filled.
//!
//! The goals fall into rooms (4-connected goal squares; a lone goal is a
//! room of one). Each room's fill order comes from the backward analysis of
//! [`super::macros::packing_order`]: from the solved room, repeatedly pull
//! out (to the floor the boxes come from) a box that can leave with the
//! others in place; reversed, that order fills the room so that each box
//! can still be pushed in. A room gets up to two orders: the first fills
//! the goals that hold boxes at the start first where it can, the second
//! (kept when it differs, and first when the first is not found) ignores
//! the start. A position's packing is the sum over rooms of the length of
//! the longest prefix of one of the room's orders that holds boxes (for a
//! room whose analysis got stuck, the number of its goals with boxes). It
//! grows by one with each box packed in plan, is the number of goals
//! exactly when the level is solved, and a box pushed onto a goal out of
//! turn does not raise it.
//!
//! The second order is a hedge for the start's boxes: filling around them
//! is right when they stand where the room is finished first, and wrong
//! when they must make way. With FESS alone on XSokoban it took level 49
//! from 24,304 nodes to 1,742 and 48 from 3,855 to 192 (20,000 nodes per
//! level: 54 solved → 55; 60,000: 59, the same levels), where the second
//! order in place of the first solved 54 and 58: the longer of the two
//! keeps what each finds. The goals a room fills next
//! ([`Packing::next_goals`]) follow the first order.
//!
//! Both orders are then reordered where they cannot be followed from the
//! start ([`super::follow`]): a goal that, filled early, would leave
//! another goal no box can reach any more waits for one that does not.
//!
//! A [`Packing`] can also carry a parking plan ([`super::parking`]) in
//! place of the rooms' orders, for the FESS searches that steer by one.

use super::compact::{Board, NONE};
use super::distance::Distances;
use super::follow::Follow;
use super::limit::{Clock, Limit};
use super::macros::{packing_order, Puller, MAX_SQUARES};
use super::parking::Parking;

/// A packing plan: the goal rooms of a board and their fill orders, or a
/// parking plan ([`Packing::parked`]) that stands in for them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Packing {
    rooms: Vec<Room>,
    /// When set, the plan that counts instead of the rooms' orders.
    parking: Option<Parking>,
}

/// One goal room's plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Room {
    /// The room's goals: in fill order when `ordered`, otherwise (the
    /// analysis got stuck) in no particular order and only counted.
    goals: Vec<u16>,
    ordered: bool,
    /// A second fill order, when the room has one that differs (empty
    /// otherwise).
    second: Vec<u16>,
}

impl Room {
    /// The boxes the room counts as packed where `has` says boxes are: the
    /// longer of its orders' prefixes with boxes, or every box on its goals
    /// when it has no order.
    fn packed(&self, has: impl Fn(u16) -> bool) -> usize {
        if self.ordered {
            let first = self.goals.iter().take_while(|&&g| has(g)).count();
            first.max(self.second.iter().take_while(|&&g| has(g)).count())
        } else {
            self.goals.iter().filter(|&&g| has(g)).count()
        }
    }

    /// The first goal of the (first) order without a box, when the room
    /// has an order and is not full.
    fn next(&self, has: impl Fn(u16) -> bool) -> Option<u16> {
        if self.ordered {
            self.goals.iter().copied().find(|&g| !has(g))
        } else {
            None
        }
    }

    /// Bytes held.
    fn bytes(&self) -> usize {
        (self.goals.capacity() + self.second.capacity()) * 2 + std::mem::size_of::<Room>()
    }
}

impl Packing {
    /// The plan of `board`, whose push distances are `dist`; `start` marks
    /// the squares with boxes at the start, which the orders fill first
    /// when they can; the limit `clock` reports when it passes its
    /// deadline or interrupt first. Boards larger than the macro tables
    /// allow get rooms without orders.
    pub(crate) fn new(
        board: &Board,
        dist: &Distances,
        start: &[bool],
        clock: &Clock,
    ) -> Result<Packing, Limit> {
        let n = board.len();
        let mut room = vec![NONE; n];
        let mut members: Vec<Vec<u16>> = Vec::new();
        for &g in board.goals() {
            if room.get(usize::from(g)).is_none_or(|&r| r != NONE) {
                continue;
            }
            let id = u16::try_from(members.len()).unwrap_or(NONE);
            let mut list = vec![g];
            room[usize::from(g)] = id;
            let mut k = 0;
            while let Some(&s) = list.get(k) {
                k += 1;
                for t in board.nbrs(s) {
                    if t != NONE && board.is_goal(t) && room[usize::from(t)] == NONE {
                        room[usize::from(t)] = id;
                        list.push(t);
                    }
                }
            }
            members.push(list);
        }
        let mut puller = (n <= MAX_SQUARES).then(|| Puller::new(n));
        let mut rooms = Vec::with_capacity(members.len());
        for list in members {
            // The two orders differ only when a box starts in the room.
            let filled = list
                .iter()
                .any(|&g| start.get(usize::from(g)).copied().unwrap_or(false));
            let (order, second) = match puller.as_mut() {
                Some(p) if list.len() > 1 => (
                    packing_order(board, p, &list, start, true, clock),
                    filled
                        .then(|| packing_order(board, p, &list, start, false, clock))
                        .flatten(),
                ),
                _ => (None, None),
            };
            if let Some(limit) = clock.passed() {
                return Err(limit);
            }
            rooms.push(match (order, second) {
                (Some(goals), second) => Room {
                    second: second.filter(|s| *s != goals).unwrap_or_default(),
                    goals,
                    ordered: true,
                },
                // A second order stands in for a first that was not found.
                (None, Some(goals)) => Room {
                    goals,
                    ordered: true,
                    second: Vec::new(),
                },
                (None, None) => Room {
                    ordered: list.len() == 1,
                    goals: list,
                    second: Vec::new(),
                },
            });
        }
        let mut follow = Follow::new(board, dist, start);
        for room in rooms.iter_mut().filter(|r| r.ordered && r.goals.len() > 1) {
            let goals = room.goals.clone();
            room.goals = follow.repair(&goals, &goals, clock)?;
            if !room.second.is_empty() {
                room.second = follow.repair(&goals, &room.second, clock)?;
                if room.second == room.goals {
                    room.second.clear();
                }
            }
        }
        Ok(Packing {
            rooms,
            parking: None,
        })
    }

    /// The plan that steers by `parking` instead of the rooms' orders.
    pub(crate) fn parked(parking: Parking) -> Packing {
        Packing {
            rooms: Vec::new(),
            parking: Some(parking),
        }
    }

    /// The packing of the position whose boxes are where `occupied` says.
    pub(crate) fn value(&self, occupied: &[bool]) -> u16 {
        if let Some(p) = &self.parking {
            return p.value(occupied);
        }
        let has = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(false);
        let total: usize = self.rooms.iter().map(|r| r.packed(has)).sum();
        u16::try_from(total).unwrap_or(u16::MAX)
    }

    /// Puts in `out` (cleared first) the goal each ordered room fills
    /// next in the position whose boxes are where `occupied` says: the
    /// first of its (first) order without a box, for the rooms not yet
    /// full; for a parking plan, the square of its first step that does not
    /// hold.
    pub(crate) fn next_goals(&self, occupied: &[bool], out: &mut Vec<u16>) {
        out.clear();
        if let Some(p) = &self.parking {
            out.extend(p.next(occupied));
            return;
        }
        let has = |s: u16| occupied.get(usize::from(s)).copied().unwrap_or(false);
        out.extend(self.rooms.iter().filter_map(|r| r.next(has)));
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.rooms.iter().map(Room::bytes).sum::<usize>()
            + self.parking.as_ref().map_or(0, Parking::bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(text: &str) -> (crate::level::Level, Board, Packing) {
        let level = crate::xsb::parse_level(text).unwrap();
        let board = Board::new(&level).unwrap();
        let mut start = vec![false; board.len()];
        for b in level.start().boxes() {
            start[usize::from(board.square(b))] = true;
        }
        let packing =
            Packing::new(&board, &Distances::new(&board), &start, &Clock::default()).unwrap();
        (level, board, packing)
    }

    #[test]
    fn a_dead_end_room_counts_only_boxes_packed_from_the_back() {
        let (level, board, packing) = plan("##########\n#@ $ $ ..#\n#.$  #####\n##########\n");
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let mut occ = vec![false; board.len()];
        assert_eq!(packing.value(&occ), 0);
        // The lone goal is a room of its own, counted as soon as filled.
        occ[usize::from(sq(2, 1))] = true;
        assert_eq!(packing.value(&occ), 1);
        // The corridor's mouth first is out of plan: no packing.
        occ[usize::from(sq(1, 7))] = true;
        assert_eq!(packing.value(&occ), 1);
        occ[usize::from(sq(1, 8))] = true;
        assert_eq!(packing.value(&occ), 3);
    }

    /// The packing by its definition, goal by goal: a goal with a box
    /// counts when its room has no order, or when every goal before it in
    /// the order has a box too; of a room's two orders, the one that
    /// counts more.
    fn reference(packing: &Packing, occupied: &[bool]) -> usize {
        let count = |goals: &[u16], ordered: bool| {
            let mut count = 0;
            for (i, &g) in goals.iter().enumerate() {
                let before_filled = goals[..i].iter().all(|&h| occupied[usize::from(h)]);
                if occupied[usize::from(g)] && (!ordered || before_filled) {
                    count += 1;
                }
            }
            count
        };
        packing
            .rooms
            .iter()
            .map(|r| count(&r.goals, r.ordered).max(count(&r.second, true)))
            .sum()
    }

    /// A 2 x 2 room of goals, one filled at the start (row 3, column 3).
    const FILLED_AT_START: &str = "#######\n#@ $$ #\n# $.. #\n#  *. #\n#######\n";

    #[test]
    fn a_room_with_a_box_at_the_start_has_a_second_order_that_counts_too() {
        let (level, board, packing) = plan(FILLED_AT_START);
        let sq = |r, c| board.square(level.cell(r, c).unwrap());
        let Room {
            goals: first,
            ordered,
            second,
        } = &packing.rooms[0];
        assert!(*ordered);
        // The first order keeps the start's box where it is; the second
        // does not.
        assert_eq!(first[0], sq(3, 3));
        assert_eq!(second.len(), 4);
        assert_ne!(second[0], sq(3, 3));
        // Boxes on the second order's first two goals pack two, though the
        // first order's first goal is empty.
        let mut occ = vec![false; board.len()];
        occ[usize::from(second[0])] = true;
        assert_eq!(packing.value(&occ), 1);
        occ[usize::from(second[1])] = true;
        assert_eq!(packing.value(&occ), 2);
        // The goals filled next follow the first order.
        let mut next = Vec::new();
        packing.next_goals(&occ, &mut next);
        assert_eq!(next, vec![first[0]]);
        for &g in first {
            occ[usize::from(g)] = true;
        }
        assert_eq!(packing.value(&occ), 4);
    }

    #[test]
    fn the_packing_matches_its_definition_on_random_positions() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut rooms_seen = 0;
        let mut seconds_seen = 0;
        let extra = crate::xsb::parse_level(FILLED_AT_START).unwrap();
        for level in crate::builtin::levels().into_iter().chain([extra]) {
            let board = Board::new(&level).unwrap();
            let mut start = vec![false; board.len()];
            for b in level.start().boxes() {
                start[usize::from(board.square(b))] = true;
            }
            let packing =
                Packing::new(&board, &Distances::new(&board), &start, &Clock::default()).unwrap();
            rooms_seen += packing
                .rooms
                .iter()
                .filter(|r| r.ordered && r.goals.len() > 1)
                .count();
            seconds_seen += packing
                .rooms
                .iter()
                .filter(|r| !r.second.is_empty())
                .count();
            for _ in 0..200 {
                let occ: Vec<bool> = (0..board.len()).map(|_| rng.gen_bool(0.5)).collect();
                assert_eq!(usize::from(packing.value(&occ)), reference(&packing, &occ));
            }
        }
        assert!(rooms_seen >= 3, "{rooms_seen}");
        assert!(seconds_seen >= 1);
    }

    #[test]
    fn following_the_order_alone_fills_a_corridor_of_goals() {
        // Goals in a dead-end corridor off a room: filling the mouth first
        // would block the rest; in the order, each goal takes any box the
        // worker can push there with the others in place.
        let (level, board, packing) =
            plan("#########\n#@      #\n# $ $ $ ####\n#       ...#\n############\n");
        let Room {
            goals: order,
            ordered,
            ..
        } = packing.rooms.first().unwrap();
        assert!(*ordered && order.len() == 3);
        let mut occ = vec![false; board.len()];
        let mut boxes: Vec<u16> = level.start().boxes().map(|b| board.square(b)).collect();
        for &b in &boxes {
            occ[usize::from(b)] = true;
        }
        let mut worker = board.square(level.start().worker());
        let mut pusher = crate::solver::macros::Pusher::new(board.len());
        for &goal in order {
            let (i, pushes, end) = boxes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| !board.is_goal(b))
                .find_map(|(i, &b)| {
                    pusher
                        .push_to(&board, &occ, b, goal, worker)
                        .map(|(p, w)| (i, p, w))
                })
                .unwrap();
            assert!(pushes > 0);
            occ[usize::from(boxes[i])] = false;
            occ[usize::from(goal)] = true;
            boxes[i] = goal;
            worker = end;
        }
        assert!(board.goals().iter().all(|&g| occ[usize::from(g)]));
        assert_eq!(usize::from(packing.value(&occ)), 3);
    }

    #[test]
    fn the_next_goals_follow_each_order() {
        let (_, board, packing) =
            plan("#########\n#@      #\n# $ $ $ ####\n#       ...#\n#.$ ########\n####\n");
        let order = packing
            .rooms
            .iter()
            .find(|r| r.goals.len() == 3)
            .unwrap()
            .goals
            .clone();
        let lone = packing
            .rooms
            .iter()
            .find(|r| r.goals.len() == 1)
            .unwrap()
            .goals[0];
        let mut occ = vec![false; board.len()];
        let mut next = Vec::new();
        let sorted = |mut v: Vec<u16>| {
            v.sort_unstable();
            v
        };
        packing.next_goals(&occ, &mut next);
        assert_eq!(sorted(next.clone()), sorted(vec![order[0], lone]));
        occ[usize::from(order[0])] = true;
        occ[usize::from(lone)] = true;
        packing.next_goals(&occ, &mut next);
        assert_eq!(next, vec![order[1]]);
        // A box on a goal out of turn does not make it next or done.
        occ[usize::from(order[2])] = true;
        packing.next_goals(&occ, &mut next);
        assert_eq!(next, vec![order[1]]);
        occ[usize::from(order[1])] = true;
        packing.next_goals(&occ, &mut next);
        assert!(next.is_empty());
    }

    #[test]
    fn the_solved_position_packs_every_goal() {
        for level in crate::builtin::levels() {
            let board = Board::new(&level).unwrap();
            let packing = Packing::new(
                &board,
                &Distances::new(&board),
                &vec![false; board.len()],
                &Clock::default(),
            )
            .unwrap();
            let mut occ = vec![false; board.len()];
            for &g in board.goals() {
                occ[usize::from(g)] = true;
            }
            assert_eq!(usize::from(packing.value(&occ)), board.goals().len());
        }
    }
}
