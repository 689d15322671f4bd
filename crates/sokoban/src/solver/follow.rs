//! Fill orders that can be followed from the start: a goal room's packing
//! order ([`super::packing`]) reordered so that filling its goals in turn
//! never leaves a goal that no box can still reach.
//!
//! The backward analysis that makes a room's order takes the room's boxes
//! out one at a time, with the other boxes of the level gone. It can put
//! first a goal that, once filled, walls off the way by which the boxes
//! behind one doorway reach the rest of the room: on XSokoban 69 the
//! order filled first the room's lower corner, which the boxes coming up
//! through the lower doorway need free as the worker's way round them, so
//! every position FESS reached with a box packed in plan was dead.
//!
//! The check here: a box may first go anywhere in its *area* (the floor
//! connected to its square round the room's goals), so it stands for its
//! area. Filling goal `g` next is allowed when, with the goals filled so
//! far as walls, some box reaches `g`, and, with `g` walled too, the
//! start's boxes can still be matched to distinct goals: each goal filled
//! so far to a box that reached it when it was filled, `g` to one that
//! reaches it now, and every open goal to one that reaches it on the board
//! with all of them walled (push distances of one box alone, the worker on
//! any side: [`Distances::walled`]). [`Follow::repair`] keeps the order's
//! own next goal when it passes, and otherwise takes the first later goal
//! that does; when none does, the rest stays as it was.
//!
//! On XSokoban, FESS alone at 20,000 and 60,000 nodes per level makes the
//! same moves on every level but 50, 66, 69 and 77, whose orders change;
//! within 60,000 nodes FESS then packs up to 3, 9 and 7 boxes in plan on
//! 50, 66 and 69, where before it packed 1, 2 and 1.

use super::compact::Board;
use super::distance::{Distances, INF};
use super::limit::{Clock, Limit};
use super::matching::Perfect;
use super::reach::Reach;

/// Walled tables one order's repair may build, per goal of the order
/// (the repairs of XSokoban's orders take at most 5 per goal).
const BUILDS_PER_GOAL: usize = 8;

/// Larger boards keep their orders: each check builds a walled table,
/// which holds `len²` region labels (as for [`super::walled`]).
const MAX_SQUARES: usize = 512;

/// For the goal about to be filled: per area, which open goals it reaches
/// with that goal walled too, and which boxes reach that goal.
type Step = (Vec<Vec<bool>>, Vec<bool>);

/// The check of fill orders for one level's start, and its work state.
pub(crate) struct Follow<'b> {
    board: &'b Board,
    /// The push distances of the board without walls.
    dist: &'b Distances,
    /// The start's boxes.
    boxes: Vec<u16>,
    /// For the room being repaired: the areas' squares (a box on a goal of
    /// the room is an area of its own square), and each box's area.
    areas: Vec<Vec<u16>>,
    area_of: Vec<usize>,
    /// The goals filled so far, as walls.
    walls: Vec<bool>,
    /// Per goal filled so far, which boxes reached it when it was filled.
    filled: Vec<Vec<bool>>,
    /// Per area, which open goals it reaches with the goals filled so far
    /// as walls.
    last: Vec<Vec<bool>>,
    perfect: Perfect,
    /// Walled tables built for the order being repaired.
    builds: usize,
}

impl<'b> Follow<'b> {
    /// The check for `board`, whose push distances are `dist`, with boxes
    /// at the start where `start` says.
    pub(crate) fn new(board: &'b Board, dist: &'b Distances, start: &[bool]) -> Follow<'b> {
        Follow {
            board,
            dist,
            boxes: (0..board.len())
                .filter(|&s| start.get(s).copied().unwrap_or(false))
                .filter_map(|s| u16::try_from(s).ok())
                .collect(),
            areas: Vec::new(),
            area_of: Vec::new(),
            walls: vec![false; board.len()],
            filled: Vec::new(),
            last: Vec::new(),
            perfect: Perfect::default(),
            builds: 0,
        }
    }

    /// `order`, a fill order of the room whose goals are `room`, with each
    /// goal in turn the first of those left (in `order`'s own order) that
    /// can be filled next (see the module docs); when none can, or the
    /// order's budget of tables is spent, the rest as `order` has it. The
    /// limit of `clock` when it is reached first.
    pub(crate) fn repair(
        &mut self,
        room: &[u16],
        order: &[u16],
        clock: &Clock,
    ) -> Result<Vec<u16>, Limit> {
        if self.boxes.len() != self.board.goals().len() || self.board.len() > MAX_SQUARES {
            return Ok(order.to_vec());
        }
        (self.areas, self.area_of) = areas(self.board, room, &self.boxes);
        self.walls.iter_mut().for_each(|w| *w = false);
        self.filled.clear();
        self.last = self.reaches(self.dist);
        self.builds = 0;
        let budget = BUILDS_PER_GOAL * order.len();
        let mut rest = order.to_vec();
        let mut out = Vec::with_capacity(order.len());
        while !rest.is_empty() {
            let mut pick = None;
            for (i, &g) in rest.iter().enumerate() {
                if self.builds >= budget {
                    break;
                }
                if let Some(step) = self.next(g, clock)? {
                    pick = Some((i, step));
                    break;
                }
            }
            let Some((i, (rows, reach))) = pick else {
                out.extend_from_slice(&rest);
                break;
            };
            let g = rest.remove(i);
            set(&mut self.walls, g, true);
            self.filled.push(reach);
            self.last = rows;
            out.push(g);
        }
        Ok(out)
    }

    /// Per area, which open goals (the columns of `table`) some square of
    /// it reaches.
    fn reaches(&self, table: &Distances) -> Vec<Vec<bool>> {
        self.areas
            .iter()
            .map(|area| {
                let mut row = vec![false; table.goals()];
                for &s in area {
                    for (r, &d) in row.iter_mut().zip(table.row(s, 4)) {
                        *r |= d != INF;
                    }
                }
                row
            })
            .collect()
    }

    /// Whether goal `g` can be filled next, and if so the [`Step`].
    fn next(&mut self, g: u16, clock: &Clock) -> Result<Option<Step>, Limit> {
        let Some(column) = self
            .board
            .goals()
            .iter()
            .filter(|&&x| !get(&self.walls, x))
            .position(|&x| x == g)
        else {
            return Ok(None);
        };
        let last = &self.last;
        let reach: Vec<bool> = self
            .area_of
            .iter()
            .map(|&a| {
                last.get(a)
                    .and_then(|row| row.get(column))
                    .copied()
                    .unwrap_or(false)
            })
            .collect();
        if !reach.contains(&true) {
            return Ok(None);
        }
        set(&mut self.walls, g, true);
        self.builds += 1;
        let table = Distances::walled(self.board, &self.walls, clock);
        set(&mut self.walls, g, false);
        let rows = self.reaches(&table?);
        let k = self.filled.len();
        let (filled, area_of) = (&self.filled, &self.area_of);
        // Columns: the goals filled so far, then `g`, then the open goals.
        let ok = self.perfect.exists(self.boxes.len(), |i, j| {
            let cell = match j.cmp(&k) {
                std::cmp::Ordering::Less => filled.get(j).and_then(|f| f.get(i)),
                std::cmp::Ordering::Equal => reach.get(i),
                std::cmp::Ordering::Greater => area_of
                    .get(i)
                    .and_then(|&a| rows.get(a))
                    .and_then(|r| r.get(j - k - 1)),
            };
            cell.copied().unwrap_or(false)
        });
        Ok(ok.then_some((rows, reach)))
    }
}

/// The areas of the start's `boxes` for the room of goals `room`: the
/// floor connected to a box's square with the room's goals as walls, or
/// its own square for a box on one of them; and each box's area.
fn areas(board: &Board, room: &[u16], boxes: &[u16]) -> (Vec<Vec<u16>>, Vec<usize>) {
    let mut inside = vec![false; board.len()];
    for &g in room {
        set(&mut inside, g, true);
    }
    let mut area = vec![usize::MAX; board.len()];
    let mut squares: Vec<Vec<u16>> = Vec::new();
    let mut reach = Reach::new(board.len());
    let area_of = boxes
        .iter()
        .map(|&b| {
            if let Some(&a) = area.get(usize::from(b)).filter(|&&a| a != usize::MAX) {
                return a;
            }
            let a = squares.len();
            if get(&inside, b) {
                squares.push(vec![b]);
            } else {
                reach.fill(board, &inside, b);
                for &x in &reach.squares {
                    if let Some(slot) = area.get_mut(usize::from(x)) {
                        *slot = a;
                    }
                }
                squares.push(reach.squares.clone());
            }
            a
        })
        .collect();
    (squares, area_of)
}

fn get(v: &[bool], s: u16) -> bool {
    v.get(usize::from(s)).copied().unwrap_or(false)
}

fn set(v: &mut [bool], s: u16, x: bool) {
    if let Some(w) = v.get_mut(usize::from(s)) {
        *w = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{seq::SliceRandom, SeedableRng};

    /// Whether goal `g` can be filled after `prefix`, recomputed from
    /// scratch: areas by flood fills, push distances per walled board, and
    /// the matching by trying every assignment.
    fn fillable(board: &Board, room: &[u16], boxes: &[u16], prefix: &[u16], g: u16) -> bool {
        let mut inside = vec![false; board.len()];
        for &x in room {
            inside[usize::from(x)] = true;
        }
        let areas: Vec<Vec<u16>> = boxes
            .iter()
            .map(|&b| {
                if inside[usize::from(b)] {
                    return vec![b];
                }
                let mut reach = Reach::new(board.len());
                reach.fill(board, &inside, b);
                reach.squares.clone()
            })
            .collect();
        let reaches = |walls: &[u16], goal: u16| -> Vec<bool> {
            let mut w = vec![false; board.len()];
            for &x in walls {
                w[usize::from(x)] = true;
            }
            let table = Distances::walled(board, &w, &Clock::default()).unwrap();
            let open: Vec<u16> = board
                .goals()
                .iter()
                .copied()
                .filter(|x| !w[usize::from(*x)])
                .collect();
            let j = open.iter().position(|&x| x == goal).unwrap();
            areas
                .iter()
                .map(|a| a.iter().any(|&s| table.row(s, 4)[j] != INF))
                .collect()
        };
        // Each goal of prefix + [g], reached with the goals before it
        // walled; every other goal, with all of them walled.
        let mut order = prefix.to_vec();
        order.push(g);
        let mut columns: Vec<Vec<bool>> = (0..order.len())
            .map(|t| reaches(&order[..t], order[t]))
            .collect();
        for &x in board.goals() {
            if !order.contains(&x) {
                columns.push(reaches(&order, x));
            }
        }
        fn assign(columns: &[Vec<bool>], used: &mut Vec<bool>) -> bool {
            let Some((first, rest)) = columns.split_first() else {
                return true;
            };
            for i in 0..used.len() {
                if first[i] && !used[i] {
                    used[i] = true;
                    if assign(rest, used) {
                        return true;
                    }
                    used[i] = false;
                }
            }
            false
        }
        assign(&columns, &mut vec![false; boxes.len()])
    }

    #[test]
    fn a_repaired_order_takes_the_first_goal_that_can_be_filled_next() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(61);
        let (mut orders, mut changed, mut stuck) = (0, 0, 0);
        for _ in 0..400 {
            let Some((text, _)) = crate::solver::random_position(&mut rng, 0.2, |rng, n| {
                use rand::Rng;
                rng.gen_range(0..n)
            }) else {
                continue;
            };
            let level = crate::xsb::parse_level(&text).unwrap();
            let Some(board) = Board::new(&level) else {
                continue;
            };
            let mut start = vec![false; board.len()];
            for b in level.start().boxes() {
                start[usize::from(board.square(b))] = true;
            }
            let boxes: Vec<u16> = (0..board.len())
                .filter(|&s| start[s])
                .map(|s| u16::try_from(s).unwrap())
                .collect();
            if boxes.len() < 2 || boxes.len() > 6 {
                continue;
            }
            let room = board.goals().to_vec();
            let mut order = room.clone();
            order.shuffle(&mut rng);
            let dist = Distances::new(&board);
            let got = Follow::new(&board, &dist, &start)
                .repair(&room, &order, &Clock::default())
                .unwrap();
            orders += 1;
            let mut sorted = got.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, room, "{text}");
            // Step by step: the goal taken is the first of those left that
            // can be filled next; once none can, the rest keeps its order.
            let mut rest = order.clone();
            for (t, &g) in got.iter().enumerate() {
                let first = rest
                    .iter()
                    .copied()
                    .find(|&x| fillable(&board, &room, &boxes, &got[..t], x));
                match first {
                    Some(x) => assert_eq!(g, x, "{text} {order:?} {got:?}"),
                    None => {
                        assert_eq!(got[t..], rest[..], "{text} {order:?}");
                        stuck += 1;
                        break;
                    }
                }
                rest.retain(|&x| x != g);
            }
            changed += usize::from(got != order);
        }
        assert!(
            orders > 300 && changed > 20 && stuck > 100,
            "{orders} {changed} {stuck}"
        );
    }

    #[test]
    fn an_order_that_can_be_followed_is_kept() {
        // A corridor of two goals fed from the left: the far goal first.
        let level = crate::xsb::parse_level("#########\n#@ $ $..#\n#########\n").unwrap();
        let board = Board::new(&level).unwrap();
        let sq = |c| board.square(level.cell(1, c).unwrap());
        let mut start = vec![false; board.len()];
        start[usize::from(sq(3))] = true;
        start[usize::from(sq(5))] = true;
        let room = [sq(6), sq(7)];
        let dist = Distances::new(&board);
        let mut follow = Follow::new(&board, &dist, &start);
        let clock = Clock::default();
        assert_eq!(
            follow.repair(&room, &[sq(7), sq(6)], &clock).unwrap(),
            [sq(7), sq(6)]
        );
        // The near goal first walls off the far one: it goes first.
        assert_eq!(
            follow.repair(&room, &[sq(6), sq(7)], &clock).unwrap(),
            [sq(7), sq(6)]
        );
    }
}
