//! The floor's cut squares, for a box-path search: with one box lifted off
//! the board, which squares a box standing on would split the floor, and
//! into what.
//!
//! One depth-first search per area of free floor (the position's boxes
//! all in place) numbers its squares (discovery order), keeps for each the
//! least number its subtree reaches by one back edge (`low`, Tarjan's
//! articulation points), its subtree's size and its subtree's smallest
//! square. A box on square `t` then leaves `t`'s area in *raw pieces*: the
//! subtree of each child `c` of `t` with `low[c] >= disc[t]` is a piece of
//! its own, and the rest of the area (everything not in those subtrees and
//! not `t`) is one more piece unless `t` is the root. With the box that
//! moved to `t` lifted from square `b`, `b` joins the raw pieces beside it
//! and the other areas beside it into one piece; the others stay as they
//! are. Whether the worker beside `t` reaches another side of it, how many
//! pieces the floor around `b` falls into with the box on `t`, and the
//! smallest square of the worker's piece (its normalised square) are then
//! a few lookups each, where a flood fill per square would cost the whole
//! area. The areas are numbered once per position for all the boxes lifted
//! in it, and the numbering counts them too. Tests compare every answer
//! with flood fills on many random boards.

use super::areas::{insert, LEAST};
use super::compact::{Board, NONE};

/// Marks a neighbour's raw piece as the rest of the area (not a child's
/// subtree).
const REST: u16 = NONE;

/// One square's entries in the numbering.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Generation stamp: the entries are valid when equal to
    /// [`Blocks::current`].
    stamp: u32,
    /// Discovery order.
    disc: u16,
    /// The least discovery order the subtree reaches by one back edge.
    low: u16,
    /// The subtree's squares.
    size: u16,
    /// The parent in the depth-first tree ([`NONE`] for the root).
    parent: u16,
    /// The subtree's smallest square.
    min: u16,
    /// The square's area: an index into [`Blocks::areas`].
    area: u16,
}

/// One numbered area of free floor.
#[derive(Clone, Copy, Debug)]
struct Area {
    /// The root of its depth-first search.
    root: u16,
    /// Its smallest squares, increasing ([`NONE`] after the last when it
    /// has fewer).
    least: [u16; LEAST],
}

/// The numbering of the areas of free floor of one position, and the box
/// lifted in it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    /// Per square (boards have fewer than [`NONE`] squares, so every count
    /// fits a `u16`).
    node: Vec<Node>,
    current: u32,
    /// Discovery order's next number in the position.
    time: u16,
    /// The depth-first search's stack: a square and its next side to try.
    stack: Vec<(u16, u8)>,
    /// The areas numbered in the position.
    areas: Vec<Area>,
    /// The lifted box's square.
    lifted: u16,
    /// Its free neighbours ([`NONE`] for the others).
    beside: [u16; 4],
    /// Their entries (all zero for [`NONE`]).
    beside_nodes: [Node; 4],
}

/// A box on square `t` with the lifted box's square free: the raw pieces
/// of `t`'s area and which of them the lifted square joins.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    t: u16,
    /// `t`'s area ([`NONE`] when `t` is the lifted box's square).
    area: u16,
    /// `t`'s discovery order.
    disc: u16,
    /// The children of `t` whose subtrees are raw pieces of their own: the
    /// first `cut` of them.
    cuts: [Node; 4],
    /// Their squares.
    heads: [u16; 4],
    cut: usize,
    /// Whether the rest of the area is a raw piece (`t` is not the root).
    rest: bool,
    /// The raw pieces the lifted square joins: bit `i` for `cuts[i]`, bit
    /// [`REST_BIT`] for the rest.
    joined: u8,
}

/// [`Split::joined`]'s bit for the rest of the area.
const REST_BIT: usize = 4;

impl Split {
    /// The raw piece of a square with entries `node` in `t`'s area (not
    /// `t`): the index of the cut subtree holding it, or [`REST_BIT`]. A
    /// square numbered before `t`, or after `t`'s subtree, is in none.
    fn raw(&self, node: &Node) -> usize {
        let d = node.disc;
        if d < self.disc {
            return REST_BIT;
        }
        self.cuts
            .iter()
            .take(self.cut)
            .position(|c| c.disc <= d && d - c.disc < c.size)
            .unwrap_or(REST_BIT)
    }

    /// Whether the lifted square joins raw piece `raw`.
    fn joins(&self, raw: usize) -> bool {
        self.joined & (1 << raw) != 0
    }
}

impl Blocks {
    /// Work space for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Blocks {
        Blocks {
            node: vec![Node::default(); len],
            lifted: NONE,
            beside: [NONE; 4],
            ..Blocks::default()
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.node.capacity() * std::mem::size_of::<Node>()
            + self.stack.capacity() * 4
            + self.areas.capacity() * std::mem::size_of::<Area>()
    }

    /// Numbers every area of free floor of a new position, whose boxes
    /// stand where `occupied` says.
    pub(crate) fn begin(&mut self, board: &Board, occupied: &[bool]) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.node.iter_mut().for_each(|n| n.stamp = 0);
            self.current = 1;
        }
        self.time = 0;
        self.areas.clear();
        self.lifted = NONE;
        for s in 0..board.len() {
            let Ok(s) = u16::try_from(s) else {
                break;
            };
            if !occupied.get(usize::from(s)).copied().unwrap_or(true) && !self.numbered(s) {
                self.number(board, occupied, s);
            }
        }
    }

    /// The areas of free floor of the position.
    pub(crate) fn count(&self) -> u32 {
        u32::try_from(self.areas.len()).unwrap_or(u32::MAX)
    }

    /// The areas of free floor of the position with the box on `b`
    /// lifted.
    pub(crate) fn count_lifted(&self, board: &Board, b: u16) -> u32 {
        let joined = distinct(board.nbrs(b).map(|n| self.area(n).map(|a| a.root)));
        (self.count() + 1).saturating_sub(joined)
    }

    /// Lifts the box on `b` in the position since [`Blocks::begin`].
    pub(crate) fn lift(&mut self, board: &Board, b: u16) {
        self.lifted = b;
        self.beside = [NONE; 4];
        for ((slot, node), n) in self
            .beside
            .iter_mut()
            .zip(self.beside_nodes.iter_mut())
            .zip(board.nbrs(b))
        {
            *node = Node::default();
            if let Some(&numbered) = self
                .node
                .get(usize::from(n))
                .filter(|x| x.stamp == self.current)
            {
                *slot = n;
                *node = numbered;
            }
        }
    }

    /// Numbers the area of free squares (`occupied` false) that holds
    /// `root`.
    fn number(&mut self, board: &Board, occupied: &[bool], root: u16) {
        let Ok(area) = u16::try_from(self.areas.len()) else {
            return;
        };
        self.areas.push(Area {
            root,
            least: [NONE; LEAST],
        });
        self.stack.clear();
        let mut least = [NONE; LEAST];
        // The square being searched, its neighbours and the next side to
        // try; the stack holds its ancestors, each with its next side.
        let mut v = root;
        let mut nbrs = board.nbrs(v);
        let mut side = 0;
        self.visit(root, NONE, area, &mut least);
        loop {
            if let Some(&n) = nbrs.get(side) {
                side += 1;
                if n == NONE || occupied.get(usize::from(n)).copied().unwrap_or(true) {
                    continue;
                }
                let Some(&seen) = self.node.get(usize::from(n)) else {
                    continue;
                };
                if seen.stamp != self.current {
                    self.stack.push((v, side as u8));
                    self.visit(n, v, area, &mut least);
                    (v, nbrs, side) = (n, board.nbrs(n), 0);
                } else if let Some(node) = self.node.get_mut(usize::from(v)) {
                    if n != node.parent {
                        node.low = node.low.min(seen.disc);
                    }
                }
                continue;
            }
            let Some((p, next)) = self.stack.pop() else {
                break;
            };
            let done = self.at(v);
            if let Some(parent) = self.node.get_mut(usize::from(p)) {
                parent.low = parent.low.min(done.low);
                parent.size += done.size;
                parent.min = parent.min.min(done.min);
            }
            (v, nbrs, side) = (p, board.nbrs(p), usize::from(next));
        }
        if let Some(a) = self.areas.last_mut() {
            a.least = least;
        }
    }

    fn visit(&mut self, s: u16, parent: u16, area: u16, least: &mut [u16; LEAST]) {
        if let Some(node) = self.node.get_mut(usize::from(s)) {
            *node = Node {
                stamp: self.current,
                disc: self.time,
                low: self.time,
                size: 1,
                parent,
                min: s,
                area,
            };
            self.time = self.time.wrapping_add(1);
            insert(least, s);
        }
    }

    /// The entries of square `s` (all zero for a square off the board).
    fn at(&self, s: u16) -> Node {
        self.node.get(usize::from(s)).copied().unwrap_or_default()
    }

    /// Whether square `s` is in a numbered area.
    fn numbered(&self, s: u16) -> bool {
        self.node
            .get(usize::from(s))
            .is_some_and(|n| n.stamp == self.current)
    }

    /// The area of square `s` (numbered), if any.
    fn area(&self, s: u16) -> Option<Area> {
        let node = self.node.get(usize::from(s))?;
        if node.stamp != self.current {
            return None;
        }
        self.areas.get(usize::from(node.area)).copied()
    }

    /// The box on `t` (the lifted box's square, or a square of an area
    /// beside it).
    pub(crate) fn split(&self, board: &Board, t: u16) -> Split {
        let node = self.at(t);
        let mut split = Split {
            t,
            area: NONE,
            disc: node.disc,
            cuts: [Node::default(); 4],
            heads: [NONE; 4],
            cut: 0,
            rest: false,
            joined: 0,
        };
        if t == self.lifted || node.stamp != self.current {
            return split;
        }
        split.area = node.area;
        split.rest = self
            .areas
            .get(usize::from(node.area))
            .is_some_and(|a| a.root != t);
        for c in board.nbrs(t) {
            let Some(&child) = self.node.get(usize::from(c)) else {
                continue;
            };
            if child.stamp == self.current && child.parent == t && child.low >= node.disc {
                if let (Some(slot), Some(head)) = (
                    split.cuts.get_mut(split.cut),
                    split.heads.get_mut(split.cut),
                ) {
                    *slot = child;
                    *head = c;
                    split.cut += 1;
                }
            }
        }
        for (n, node) in self.beside.iter().zip(&self.beside_nodes) {
            if *n != t && node.stamp == self.current && node.area == split.area {
                split.joined |= 1 << split.raw(node);
            }
        }
        split
    }

    /// The entries of square `a` when it is numbered in area `area`.
    fn in_area(&self, a: u16, area: u16) -> Option<Node> {
        self.node
            .get(usize::from(a))
            .filter(|n| n.stamp == self.current && n.area == area)
            .copied()
    }

    /// The piece holding `a` (the lifted box's square or a square of an
    /// area beside it, not the box's) in `split`: the lifted box's square
    /// for the piece holding it, else the head of a cut subtree or
    /// [`REST`] (with the box back on the lifted square, an area's root).
    /// The worker on `a` reaches `c` exactly when the two have the same
    /// piece.
    pub(crate) fn piece(&self, split: &Split, a: u16) -> u16 {
        if split.t == self.lifted {
            // The box back on its own square: the areas stay apart.
            return self.area(a).map_or(NONE, |area| area.root);
        }
        let Some(node) = self.in_area(a, split.area) else {
            return self.lifted;
        };
        let raw = split.raw(&node);
        if split.joins(raw) {
            self.lifted
        } else {
            split.heads.get(raw).copied().unwrap_or(REST)
        }
    }

    /// The pieces the lifted box's area of free floor falls into in
    /// `split`.
    pub(crate) fn pieces(&self, split: &Split) -> u32 {
        if split.t == self.lifted {
            return self.beside_areas();
        }
        let raw = split.cut + usize::from(split.rest);
        let joined = split.joined.count_ones() as usize;
        u32::try_from(raw - joined.min(raw) + 1).unwrap_or(u32::MAX)
    }

    /// The smallest square of piece `p` ([`Blocks::piece`]) in `split`, or
    /// [`NONE`] when the rest's smallest is not among the few squares kept
    /// (the caller fills).
    pub(crate) fn smallest(&self, split: &Split, p: u16) -> u16 {
        if split.t == self.lifted {
            return self
                .areas
                .iter()
                .find(|area| area.root == p)
                .and_then(|area| area.least.first().copied())
                .unwrap_or(NONE);
        }
        if p != self.lifted {
            let raw = split.heads.iter().take(split.cut).position(|&h| h == p);
            return self.raw_smallest(split, raw.unwrap_or(REST_BIT));
        }
        let mut min = self.lifted;
        for raw in (0..split.cut).chain(std::iter::once(REST_BIT)) {
            if split.joins(raw) {
                let s = self.raw_smallest(split, raw);
                if s == NONE {
                    return NONE;
                }
                min = min.min(s);
            }
        }
        for n in self.beside {
            if n != NONE && self.in_area(n, split.area).is_none() {
                let s = self
                    .area(n)
                    .and_then(|a| a.least.first().copied())
                    .unwrap_or(NONE);
                min = min.min(s);
            }
        }
        min
    }

    /// The smallest square of raw piece `raw` in `split`, or [`NONE`] when
    /// the rest's smallest is not among the few squares kept.
    fn raw_smallest(&self, split: &Split, raw: usize) -> u16 {
        if let Some(c) = split.cuts.get(raw).filter(|_| raw < split.cut) {
            return c.min;
        }
        let outside = |s: u16| {
            s != split.t
                && self
                    .in_area(s, split.area)
                    .is_some_and(|n| split.raw(&n) == REST_BIT)
        };
        self.areas
            .get(usize::from(split.area))
            .and_then(|area| {
                area.least
                    .iter()
                    .copied()
                    .find(|&s| s == NONE || outside(s))
            })
            .unwrap_or(NONE)
    }

    /// The different areas beside the lifted box's square.
    fn beside_areas(&self) -> u32 {
        distinct(self.beside.map(|n| self.area(n).map(|a| a.root)))
    }
}

/// How many different areas (named by their roots) `roots` holds.
fn distinct(roots: [Option<u16>; 4]) -> u32 {
    let mut count = 0;
    for (i, r) in roots.iter().enumerate() {
        if r.is_some() && !roots.iter().take(i).any(|q| q == r) {
            count += 1;
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::lcg;
    use crate::solver::reach::Reach;

    fn boards() -> Vec<Board> {
        let corridor = "#########\n#.@$    #\n#### ####\n   # #\n   ###\n";
        let mut boards = crate::solver::area_boards();
        boards.push(Board::new(&crate::xsb::parse_level(corridor).unwrap()).unwrap());
        boards
    }

    #[test]
    fn every_answer_equals_flood_fills_on_random_boards() {
        let mut next = lcg(11);
        let mut split = [0u32; 2];
        let mut lifts = 0;
        for board in boards() {
            let n = board.len();
            let mut blocks = Blocks::new(n);
            let mut fill = Reach::new(n);
            for _ in 0..300 {
                let density = next() % 60;
                let mut occ: Vec<bool> = (0..n).map(|_| next() % 100 < density).collect();
                // Several boxes lifted in turn in one position, as the
                // box-path search lifts them.
                blocks.begin(&board, &occ);
                for _ in 0..5 {
                    let b = u16::try_from(next() % n as u64).unwrap();
                    if !occ[usize::from(b)] {
                        // A box put down: a new position.
                        occ[usize::from(b)] = true;
                        blocks.begin(&board, &occ);
                    }
                    assert_eq!(blocks.count(), fill.regions(&board, &occ));
                    blocks.lift(&board, b);
                    occ[usize::from(b)] = false;
                    lifts += 1;
                    fill.fill(&board, &occ, b);
                    let area: Vec<u16> = fill.squares.clone();
                    let before = fill.regions(&board, &occ);
                    assert_eq!(blocks.count_lifted(&board, b), before);
                    for &t in &area {
                        assert!(t == b || blocks.numbered(t));
                        occ[usize::from(t)] = true;
                        let after = fill.regions(&board, &occ);
                        let cut = blocks.split(&board, t);
                        let pieces = blocks.pieces(&cut);
                        assert_eq!(before - 1 + pieces, after, "box on {t}, {b} lifted");
                        split[usize::from(pieces > 1)] += 1;
                        let sides: Vec<u16> = board
                            .nbrs(t)
                            .into_iter()
                            .filter(|&a| a != NONE && !occ[usize::from(a)])
                            .collect();
                        for &a in &sides {
                            let min = fill.fill(&board, &occ, a);
                            let piece = blocks.piece(&cut, a);
                            let got = blocks.smallest(&cut, piece);
                            assert!(got == min || got == NONE, "smallest beside {t} from {a}");
                            for &c in area.iter().filter(|&&c| c != t) {
                                let reached = fill.reached(c);
                                let joined = piece == blocks.piece(&cut, c);
                                assert_eq!(joined, reached, "{a} and {c}, box on {t}, {b} lifted");
                            }
                        }
                        occ[usize::from(t)] = false;
                    }
                    // The box goes back, or stays lifted in a new position.
                    if next().is_multiple_of(2) {
                        occ[usize::from(b)] = true;
                    } else {
                        blocks.begin(&board, &occ);
                    }
                }
            }
        }
        assert!(split[0] > 1000 && split[1] > 1000, "{split:?}");
        assert!(lifts > 1000, "{lifts}");
    }
}
