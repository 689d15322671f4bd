//! Where the worker can walk without pushing: a flood fill over the squares
//! not holding a box. The smallest reachable square is the worker's
//! *normalised* position: two states with the same boxes whose workers can
//! reach each other are the same node of a push search.

use super::compact::{Board, NONE};

/// A reusable flood fill: a generation stamp per square (so clearing is
/// free) and a stack.
#[derive(Clone, Debug)]
pub(crate) struct Reach {
    stamp: Vec<u32>,
    current: u32,
    stack: Vec<u16>,
    walk: Vec<u16>,
    /// The squares reached by the last fill, in the order reached.
    pub(crate) squares: Vec<u16>,
}

impl Reach {
    /// A flood fill for a board of `len` squares.
    pub(crate) fn new(len: usize) -> Reach {
        Reach {
            stamp: vec![0; len],
            current: 0,
            stack: Vec::with_capacity(len),
            walk: vec![0; len],
            squares: Vec::with_capacity(len),
        }
    }

    /// Fills from `start` over squares where `occupied` is false and
    /// returns the smallest square reached (the normalised position).
    pub(crate) fn fill(&mut self, board: &Board, occupied: &[bool], start: u16) -> u16 {
        self.next_generation();
        self.squares.clear();
        self.stack.clear();
        let mut min = start;
        self.mark(start);
        self.stack.push(start);
        let current = self.current;
        while let Some(s) = self.stack.pop() {
            self.squares.push(s);
            min = min.min(s);
            for n in board.nbrs(s) {
                let i = usize::from(n);
                if occupied.get(i) == Some(&false) {
                    if let Some(stamp) = self.stamp.get_mut(i) {
                        if *stamp != current {
                            *stamp = current;
                            self.stack.push(n);
                        }
                    }
                }
            }
        }
        min
    }

    /// Fills breadth-first from `start`, keeping the length of the
    /// shortest walk to each square reached ([`Reach::walk`]).
    pub(crate) fn bfs(&mut self, board: &Board, occupied: &[bool], start: u16) {
        self.next_generation();
        self.squares.clear();
        self.mark(start);
        self.set_walk(start, 0);
        self.squares.push(start);
        let mut head = 0;
        while let Some(&s) = self.squares.get(head) {
            head += 1;
            let w = self.walk(s).saturating_add(1);
            for d in 0..4 {
                let n = board.nbr(s, d);
                if n != NONE
                    && !occupied.get(usize::from(n)).copied().unwrap_or(true)
                    && !self.reached(n)
                {
                    self.mark(n);
                    self.set_walk(n, w);
                    self.squares.push(n);
                }
            }
        }
    }

    /// The number of separate areas the floor not `occupied` falls into
    /// (a fill of its own: the last fill's marks are gone afterwards); the
    /// reference that [`super::areas`] is tested against.
    #[cfg(test)]
    pub(crate) fn regions(&mut self, board: &Board, occupied: &[bool]) -> u32 {
        self.next_generation();
        self.stack.clear();
        let mut count = 0;
        for s in 0..board.len() {
            let Ok(s) = u16::try_from(s) else { break };
            if occupied.get(usize::from(s)).copied().unwrap_or(true) || self.reached(s) {
                continue;
            }
            count += 1;
            self.mark(s);
            self.stack.push(s);
            while let Some(x) = self.stack.pop() {
                for d in 0..4 {
                    let n = board.nbr(x, d);
                    if n != NONE
                        && !occupied.get(usize::from(n)).copied().unwrap_or(true)
                        && !self.reached(n)
                    {
                        self.mark(n);
                        self.stack.push(n);
                    }
                }
            }
        }
        count
    }

    /// Steps from the start of the last [`Reach::bfs`] to `s`.
    #[inline]
    pub(crate) fn walk(&self, s: u16) -> u16 {
        self.walk.get(usize::from(s)).copied().unwrap_or(u16::MAX)
    }

    #[inline]
    fn set_walk(&mut self, s: u16, w: u16) {
        if let Some(x) = self.walk.get_mut(usize::from(s)) {
            *x = w;
        }
    }

    fn next_generation(&mut self) {
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
    }

    #[inline]
    fn mark(&mut self, s: u16) {
        if let Some(x) = self.stamp.get_mut(usize::from(s)) {
            *x = self.current;
        }
    }

    /// True when the last fill reached `s`.
    #[inline]
    pub(crate) fn reached(&self, s: u16) -> bool {
        self.stamp.get(usize::from(s)) == Some(&self.current)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_stops_at_boxes() {
        let level = crate::xsb::parse_level("#######\n#. $@ #\n#######\n").unwrap();
        let board = Board::new(&level).unwrap();
        let mut occ = vec![false; board.len()];
        occ[2] = true; // the box
        let mut r = Reach::new(board.len());
        assert_eq!(r.fill(&board, &occ, 4), 3);
        assert_eq!(r.squares.len(), 2);
        assert!(r.reached(4) && r.reached(3) && !r.reached(1));
        occ[2] = false;
        assert_eq!(r.fill(&board, &occ, 4), 0);
        assert_eq!(r.squares.len(), 5);
        r.bfs(&board, &occ, 4);
        assert_eq!(r.walk(0), 4);
        assert_eq!(r.walk(4), 0);
    }

    #[test]
    fn regions_count_the_separate_areas() {
        let level = crate::xsb::parse_level("#########\n#. $@$ .#\n#########\n").unwrap();
        let board = Board::new(&level).unwrap();
        let mut occ = vec![false; board.len()];
        let mut r = Reach::new(board.len());
        assert_eq!(r.regions(&board, &occ), 1);
        occ[2] = true;
        assert_eq!(r.regions(&board, &occ), 2);
        occ[4] = true;
        assert_eq!(r.regions(&board, &occ), 3);
        // A box at the end of the corridor leaves one area beside it.
        occ[2] = false;
        occ[4] = false;
        occ[0] = true;
        assert_eq!(r.regions(&board, &occ), 1);
        occ.iter_mut().for_each(|o| *o = true);
        assert_eq!(r.regions(&board, &occ), 0);
    }
}
