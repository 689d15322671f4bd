//! The floor's cut squares, for a box-path search: with one box lifted off
//! the board, which squares a box standing on would split the floor, and
//! into what.
//!
//! One depth-first search over the area of free floor holding the lifted
//! box's square numbers its squares (discovery order), keeps for each the
//! least number its subtree reaches by one back edge (`low`, Tarjan's
//! articulation points), its subtree's size and its subtree's smallest
//! square. A box on square `t` then leaves the area in *pieces*: the
//! subtree of each child `c` of `t` with `low[c] >= disc[t]` is a piece of
//! its own, and the rest of the area (everything not in those subtrees and
//! not `t`) is one more piece unless `t` is the root. Whether the worker
//! beside `t` reaches another side of it, how many areas the floor has
//! with the box on `t`, and the smallest square of the worker's piece (its
//! normalised square) are then a few lookups each, where a flood fill per
//! square would cost the whole area. Tests compare every answer with flood
//! fills on many random boards.

use super::areas::{insert, LEAST};
use super::compact::{Board, NONE};

/// Marks a neighbour's piece as the rest of the area (not a child's
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
}

/// The numbering of one area of free floor.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    /// Per square (boards have fewer than [`NONE`] squares, so every count
    /// fits a `u16`).
    node: Vec<Node>,
    current: u32,
    /// The depth-first search's stack: a square and its next side to try.
    stack: Vec<(u16, u8)>,
    /// The root of the numbering.
    root: u16,
    /// The area's smallest squares, increasing ([`NONE`] after the last
    /// when it has fewer).
    least: [u16; LEAST],
}

impl Blocks {
    /// Work space for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Blocks {
        Blocks {
            node: vec![Node::default(); len],
            ..Blocks::default()
        }
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.node.capacity() * std::mem::size_of::<Node>() + self.stack.capacity() * 4
    }

    /// Numbers the area of squares where `occupied` is false that holds
    /// `root` (a free square), replacing the last numbering.
    pub(crate) fn number(&mut self, board: &Board, occupied: &[bool], root: u16) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.node.iter_mut().for_each(|n| n.stamp = 0);
            self.current = 1;
        }
        self.root = root;
        self.least = [NONE; LEAST];
        self.stack.clear();
        let mut time = 0;
        // The square being searched, its neighbours and the next side to
        // try; the stack holds its ancestors, each with its next side.
        let mut v = root;
        let mut nbrs = board.nbrs(v);
        let mut side = 0;
        self.visit(root, NONE, &mut time);
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
                    self.visit(n, v, &mut time);
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
    }

    fn visit(&mut self, s: u16, parent: u16, time: &mut u16) {
        if let Some(node) = self.node.get_mut(usize::from(s)) {
            *node = Node {
                stamp: self.current,
                disc: *time,
                low: *time,
                size: 1,
                parent,
                min: s,
            };
            *time += 1;
            insert(&mut self.least, s);
        }
    }

    /// The entries of square `s` (all zero for a square off the board).
    fn at(&self, s: u16) -> Node {
        self.node.get(usize::from(s)).copied().unwrap_or_default()
    }

    /// Whether square `s` is in the numbered area.
    #[cfg(test)]
    fn numbered(&self, s: u16) -> bool {
        self.node
            .get(usize::from(s))
            .is_some_and(|n| n.stamp == self.current)
    }

    /// Whether the subtree of `c`, a child of `t`, is a piece of its own
    /// when a box stands on `t`.
    fn splits(&self, t: u16, c: u16) -> bool {
        self.at(c).low >= self.at(t).disc
    }

    /// Whether `a` is in the subtree of `c`.
    fn within(&self, a: u16, c: u16) -> bool {
        let (da, c) = (self.at(a).disc, self.at(c));
        c.disc <= da && da - c.disc < c.size
    }

    /// The children of `t` in the numbering.
    fn children(&self, board: &Board, t: u16) -> impl Iterator<Item = u16> + '_ {
        board.nbrs(t).into_iter().filter(move |&c| {
            self.node
                .get(usize::from(c))
                .is_some_and(|n| n.stamp == self.current && n.parent == t)
        })
    }

    /// The piece holding `a` when a box stands on `t` (both numbered, `a`
    /// not `t`): the child of `t` heading it, or [`REST`]. The worker on
    /// `a` reaches `b` exactly when the two have the same piece. A square
    /// numbered before `t`, or after `t`'s subtree, is not in the subtree.
    pub(crate) fn piece(&self, board: &Board, t: u16, a: u16) -> u16 {
        if self.at(a).disc < self.at(t).disc {
            return REST;
        }
        self.children(board, t)
            .find(|&c| self.within(a, c))
            .filter(|&c| self.splits(t, c))
            .unwrap_or(REST)
    }

    /// The pieces the area falls into when a box stands on `t` (a numbered
    /// square).
    pub(crate) fn pieces(&self, board: &Board, t: u16) -> u32 {
        let split = self
            .children(board, t)
            .filter(|&c| self.splits(t, c))
            .count();
        u32::try_from(split).unwrap_or(u32::MAX) + u32::from(t != self.root)
    }

    /// The smallest square of piece `p` ([`Blocks::piece`] of a numbered
    /// neighbour of `t`) when a box stands on `t`, or [`NONE`] when the
    /// rest's smallest is not among the few squares kept (the caller
    /// fills).
    pub(crate) fn smallest(&self, board: &Board, t: u16, p: u16) -> u16 {
        if p != REST {
            return self.node.get(usize::from(p)).map_or(NONE, |n| n.min);
        }
        let outside = |s: u16| {
            s != t
                && !self
                    .children(board, t)
                    .any(|c| self.splits(t, c) && self.within(s, c))
        };
        self.least
            .iter()
            .copied()
            .find(|&s| s == NONE || outside(s))
            .unwrap_or(NONE)
    }
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
        for board in boards() {
            let n = board.len();
            let mut blocks = Blocks::new(n);
            let mut fill = Reach::new(n);
            for _ in 0..1_500 {
                let density = next() % 60;
                let mut occ: Vec<bool> = (0..n).map(|_| next() % 100 < density).collect();
                let root = u16::try_from(next() % n as u64).unwrap();
                occ[usize::from(root)] = false;
                blocks.number(&board, &occ, root);
                fill.fill(&board, &occ, root);
                let area: Vec<u16> = fill.squares.clone();
                let numbered = (0..n).filter(|&s| blocks.numbered(s as u16)).count();
                assert_eq!(numbered, area.len());
                let before = fill.regions(&board, &occ);
                for &t in &area {
                    assert!(blocks.numbered(t));
                    occ[usize::from(t)] = true;
                    let after = fill.regions(&board, &occ);
                    let pieces = blocks.pieces(&board, t);
                    assert_eq!(before - 1 + pieces, after, "box on {t}");
                    split[usize::from(pieces > 1)] += 1;
                    let sides: Vec<u16> = board
                        .nbrs(t)
                        .into_iter()
                        .filter(|&a| a != NONE && !occ[usize::from(a)])
                        .collect();
                    for &a in &sides {
                        let min = fill.fill(&board, &occ, a);
                        let got = blocks.smallest(&board, t, blocks.piece(&board, t, a));
                        assert!(got == min || got == NONE, "smallest beside {t} from {a}");
                        for &b in area.iter().filter(|&&b| b != t) {
                            let reached = fill.reached(b);
                            let joined = blocks.piece(&board, t, a) == blocks.piece(&board, t, b);
                            assert_eq!(joined, reached);
                        }
                    }
                    occ[usize::from(t)] = false;
                }
            }
        }
        assert!(split[0] > 1000 && split[1] > 1000, "{split:?}");
    }
}
