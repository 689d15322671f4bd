//! The node store: every state the search has seen, kept compactly in flat
//! arrays (structure of arrays, no allocation per node), and the
//! transposition table that finds a state again.
//!
//! A node is its box bitset (in one arena of `u64` words), its worker
//! square (normalised or exact, as the search decides), its Zobrist hash,
//! its parent, its cost so far `g` and its bound `h`. The table is open
//! addressing over node numbers, keyed by hash and confirmed on the full
//! state, so two states never merge by a hash collision.
//!
//! Memory is accounted here: [`Store::bytes`] counts the capacity of every
//! array, and [`Store::insert`] refuses a node whose arrays would have to
//! grow past the budget, so the search stops cleanly instead of leaving the
//! allocator to fail.

/// The fields of a new node besides its boxes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// Zobrist hash of boxes and worker.
    pub(crate) hash: u64,
    /// Worker square.
    pub(crate) worker: u16,
    /// Parent node, or [`NIL`].
    pub(crate) parent: u32,
    /// Cost so far.
    pub(crate) g: u32,
    /// Lower bound of the cost to go.
    pub(crate) h: u16,
}

impl Node {
    /// A search root: no parent, no cost so far.
    pub(crate) fn root(hash: u64, worker: u16, h: u16) -> Node {
        Node {
            hash,
            worker,
            parent: NIL,
            g: 0,
            h,
        }
    }
}

/// "No node".
pub(crate) const NIL: u32 = u32::MAX;

/// An empty table slot.
const EMPTY: u64 = u64::MAX;

/// The hash's high half, which a table slot keeps beside its node number.
const HIGH: u64 = 0xffff_ffff_0000_0000;

/// A table slot for node `i` with hash `hash`.
#[inline]
fn slot_of(hash: u64, i: u32) -> u64 {
    (hash & HIGH) | u64::from(i)
}

/// Why a node could not be stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Full;

/// All nodes seen, and the table to find them.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    words: usize,
    boxes: Vec<u64>,
    worker: Vec<u16>,
    hash: Vec<u64>,
    parent: Vec<u32>,
    g: Vec<u32>,
    h: Vec<u16>,
    /// Slots: the node number in the low half, the hash's high 32 bits in
    /// the high half (so a probe rejects most other states without
    /// touching the node arrays), or [`EMPTY`].
    table: Vec<u64>,
    budget: usize,
}

/// Bytes that growing `v` by one element would add (0 when it has room).
fn growth<T>(v: &Vec<T>, extra: usize) -> usize {
    if v.len() + extra <= v.capacity() {
        0
    } else {
        v.capacity().max(4 * extra) * std::mem::size_of::<T>()
    }
}

fn bytes_of<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

impl Store {
    /// An empty store for box bitsets of `words` words, allowed `budget`
    /// bytes in all.
    pub(crate) fn new(words: usize, budget: usize) -> Store {
        Store {
            words,
            boxes: Vec::new(),
            worker: Vec::new(),
            hash: Vec::new(),
            parent: Vec::new(),
            g: Vec::new(),
            h: Vec::new(),
            table: vec![EMPTY; 1024],
            budget,
        }
    }

    /// Number of nodes.
    pub(crate) fn len(&self) -> usize {
        self.hash.len()
    }

    /// Bytes held by the store's arrays.
    pub(crate) fn bytes(&self) -> usize {
        bytes_of(&self.boxes)
            + bytes_of(&self.worker)
            + bytes_of(&self.hash)
            + bytes_of(&self.parent)
            + bytes_of(&self.g)
            + bytes_of(&self.h)
            + bytes_of(&self.table)
    }

    /// Bytes that one more node would add (array growth, table doubling).
    fn next_growth(&self) -> usize {
        let table = self.table_growth();
        growth(&self.boxes, self.words)
            + growth(&self.worker, 1)
            + growth(&self.hash, 1)
            + growth(&self.parent, 1)
            + growth(&self.g, 1)
            + growth(&self.h, 1)
            + table
    }

    /// The box bitset of node `i`.
    #[inline]
    pub(crate) fn boxes(&self, i: u32) -> &[u64] {
        let at = i as usize * self.words;
        self.boxes.get(at..at + self.words).unwrap_or(&[])
    }

    /// The worker square of node `i`.
    #[inline]
    pub(crate) fn worker(&self, i: u32) -> u16 {
        self.worker.get(i as usize).copied().unwrap_or(0)
    }

    /// The hash of node `i`.
    #[inline]
    pub(crate) fn hash(&self, i: u32) -> u64 {
        self.hash.get(i as usize).copied().unwrap_or(0)
    }

    /// The parent of node `i` ([`NIL`] for the start).
    #[inline]
    pub(crate) fn parent(&self, i: u32) -> u32 {
        self.parent.get(i as usize).copied().unwrap_or(NIL)
    }

    /// The cost so far of node `i`.
    #[inline]
    pub(crate) fn g(&self, i: u32) -> u32 {
        self.g.get(i as usize).copied().unwrap_or(u32::MAX)
    }

    /// The bound of node `i`.
    #[inline]
    pub(crate) fn h(&self, i: u32) -> u16 {
        self.h.get(i as usize).copied().unwrap_or(u16::MAX)
    }

    /// Gives node `i` a cheaper path: new parent and cost.
    pub(crate) fn improve(&mut self, i: u32, parent: u32, g: u32) {
        if let Some(p) = self.parent.get_mut(i as usize) {
            *p = parent;
        }
        if let Some(x) = self.g.get_mut(i as usize) {
            *x = g;
        }
    }

    /// The node with this state, if stored.
    #[inline]
    pub(crate) fn find(&self, hash: u64, boxes: &[u64], worker: u16) -> Option<u32> {
        let mask = self.table.len() - 1;
        let mut slot = (hash as usize) & mask;
        let high = hash & HIGH;
        loop {
            let e = self.table.get(slot).copied().unwrap_or(EMPTY);
            if e == EMPTY {
                return None;
            }
            if e & HIGH == high {
                // The low half is the node number.
                let i = e as u32;
                if self.hash(i) == hash && self.worker(i) == worker && self.boxes(i) == boxes {
                    return Some(i);
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    /// Reads what a probe for `hash` reads first: the table slot where it
    /// starts and, when that slot's high half matches, the hash of its
    /// node. A search reads these for all the children of a node before it
    /// probes for any of them, so that their cache misses overlap instead
    /// of coming one after another; the value only keeps the reads from
    /// being optimised away.
    #[inline]
    pub(crate) fn touch(&self, hash: u64) -> u64 {
        let slot = (hash as usize) & (self.table.len() - 1);
        let e = self.table.get(slot).copied().unwrap_or(EMPTY);
        if e != EMPTY && e & HIGH == hash & HIGH {
            e ^ self.hash(e as u32)
        } else {
            e
        }
    }

    /// Stores a new node (the caller has checked it is not stored yet);
    /// `Err(Full)` when that would take the store past its budget, or past
    /// 2³² − 1 nodes.
    ///
    /// The arrays double as they fill, and the table doubles before more
    /// than half its slots are taken, while that fits in the budget. Near
    /// the budget the store fills it instead of stopping at the last
    /// doubling, up to half of it short ([`Store::near_budget`]).
    pub(crate) fn insert(
        &mut self,
        node: Node,
        boxes: &[u64],
        other_bytes: usize,
    ) -> Result<u32, Full> {
        let i = u32::try_from(self.len())
            .ok()
            .filter(|&i| i != NIL)
            .ok_or(Full)?;
        let free = self.budget.saturating_sub(self.bytes() + other_bytes);
        let double_table = if self.next_growth() <= free {
            self.table_growth() > 0
        } else {
            self.near_budget(free)?
        };
        if double_table {
            self.grow_table();
        }
        self.boxes.extend_from_slice(boxes);
        self.worker.push(node.worker);
        self.hash.push(node.hash);
        self.parent.push(node.parent);
        self.g.push(node.g);
        self.h.push(node.h);
        self.place(i);
        Ok(i)
    }

    /// Bytes one more node takes in the node arrays.
    fn node_bytes(&self) -> usize {
        self.words * std::mem::size_of::<u64>()
            + std::mem::size_of::<u16>()
            + std::mem::size_of::<u64>()
            + std::mem::size_of::<u32>()
            + std::mem::size_of::<u32>()
            + std::mem::size_of::<u16>()
    }

    /// Bytes the table's doubling takes before the next node, or 0.
    fn table_growth(&self) -> usize {
        if (self.len() + 1) * 2 > self.table.len() {
            self.table.len() * 2 * std::mem::size_of::<u64>()
        } else {
            0
        }
    }

    /// Makes room for one more node when doubling would not fit in the
    /// `free` bytes left: the table doubles only when more than three
    /// quarters of its slots would be taken (a probe stays short at that
    /// load, and the bytes go to nodes instead), and full arrays grow by
    /// as many nodes as still fit. Whether the table must double now;
    /// `Err(Full)` when not one more node fits.
    fn near_budget(&mut self, free: usize) -> Result<bool, Full> {
        let must = (self.len() + 1) * 4 > self.table.len() * 3;
        let table = if must { self.table_growth() } else { 0 };
        if table > free {
            return Err(Full);
        }
        let arrays_full = growth(&self.boxes, self.words) > 0
            || growth(&self.worker, 1) > 0
            || growth(&self.hash, 1) > 0
            || growth(&self.parent, 1) > 0
            || growth(&self.g, 1) > 0
            || growth(&self.h, 1) > 0;
        if arrays_full {
            let more = (free - table) / self.node_bytes();
            if more == 0 {
                return Err(Full);
            }
            self.boxes.reserve_exact(more * self.words);
            self.worker.reserve_exact(more);
            self.hash.reserve_exact(more);
            self.parent.reserve_exact(more);
            self.g.reserve_exact(more);
            self.h.reserve_exact(more);
        }
        Ok(must)
    }

    fn place(&mut self, i: u32) {
        let mask = self.table.len() - 1;
        let hash = self.hash(i);
        let mut slot = (hash as usize) & mask;
        while let Some(s) = self.table.get_mut(slot) {
            if *s == EMPTY {
                *s = slot_of(hash, i);
                return;
            }
            slot = (slot + 1) & mask;
        }
    }

    fn grow_table(&mut self) {
        self.table = vec![EMPTY; self.table.len() * 2];
        for i in 0..self.len() {
            if let Ok(i) = u32::try_from(i) {
                self.place(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(hash: u64, worker: u16) -> Node {
        Node::root(hash, worker, 0)
    }

    #[test]
    fn finds_what_it_stored_and_respects_the_budget() {
        let mut s = Store::new(2, 1 << 20);
        let mut ids = Vec::new();
        for k in 0..3000u64 {
            // Every 7th pair of states shares a hash: only the full state
            // tells them apart.
            let hash = k / 2 * 7919;
            let boxes = [k, !k];
            ids.push(s.insert(node(hash, 3), &boxes, 0).unwrap());
        }
        for k in 0..3000u64 {
            let hash = k / 2 * 7919;
            assert_eq!(s.find(hash, &[k, !k], 3), Some(ids[k as usize]));
            assert_eq!(s.find(hash, &[k, !k], 4), None);
        }
        assert!(s.bytes() <= 1 << 20);
        let mut small = Store::new(2, 20_000);
        let mut stored = 0;
        while small.insert(node(stored, 0), &[stored, 0], 0).is_ok() {
            stored += 1;
        }
        assert!(stored > 100);
        assert!(small.bytes() <= 20_000);
        // Full means full: not one more node fits beside the table, where
        // doubling alone would have stopped with up to half the budget
        // left.
        assert!(small.bytes() + small.table_growth() + small.node_bytes() > 20_000);
    }

    #[test]
    fn a_store_near_its_budget_grows_by_what_fits_and_keeps_every_node() {
        for budget in [20_000, 77_777, 300_000, 1 << 20] {
            for other in [0, 1_000] {
                let mut s = Store::new(3, budget);
                let mut stored = 0u64;
                while s
                    .insert(node(stored * 31, 1), &[stored, 1, 2], other)
                    .is_ok()
                {
                    stored += 1;
                }
                assert!(s.bytes() + other <= budget, "{budget} {other}");
                assert!(
                    s.bytes() + other + s.table_growth() + s.node_bytes() > budget,
                    "{budget} {other}: {} bytes left",
                    budget - s.bytes() - other
                );
                for k in 0..stored {
                    assert_eq!(s.find(k * 31, &[k, 1, 2], 1), Some(k as u32));
                }
            }
        }
    }
}
