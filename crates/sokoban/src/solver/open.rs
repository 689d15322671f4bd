//! The open lists: a bucket queue of node numbers keyed by a small integer
//! (the bound, or cost plus bound), smallest key first and, within a key,
//! the node added last first, which makes ties go deep; and a queue of such
//! queues for a key pair, ordered by the first key, then the second.

/// A bucket queue.
#[derive(Clone, Debug, Default)]
pub(crate) struct Open {
    buckets: Vec<Vec<u32>>,
    min: usize,
    bytes: usize,
}

impl Open {
    /// Adds node `i` with `key`.
    pub(crate) fn push(&mut self, key: u32, i: u32) {
        let k = key as usize;
        if k >= self.buckets.len() {
            self.bytes += (k + 1 - self.buckets.len()) * std::mem::size_of::<Vec<u32>>();
            self.buckets.resize_with(k + 1, Vec::new);
        }
        if let Some(b) = self.buckets.get_mut(k) {
            let cap = b.capacity();
            b.push(i);
            self.bytes += (b.capacity() - cap) * std::mem::size_of::<u32>();
        }
        self.min = self.min.min(k);
    }

    /// Takes a node with the smallest key, and the key.
    pub(crate) fn pop(&mut self) -> Option<(u32, u32)> {
        while let Some(b) = self.buckets.get_mut(self.min) {
            if let Some(i) = b.pop() {
                return Some((u32::try_from(self.min).unwrap_or(u32::MAX), i));
            }
            self.min += 1;
        }
        None
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

/// Bucket queues by a first key, each ordered by a second: pairs come out
/// smallest first key first, then smallest second key, then last in.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tiered {
    tiers: Vec<Open>,
    min: usize,
    bytes: usize,
}

impl Tiered {
    /// Adds node `i` with the keys `(tier, key)`.
    pub(crate) fn push(&mut self, tier: u32, key: u32, i: u32) {
        let t = tier as usize;
        if t >= self.tiers.len() {
            self.bytes += (t + 1 - self.tiers.len()) * std::mem::size_of::<Open>();
            self.tiers.resize_with(t + 1, Open::default);
        }
        if let Some(open) = self.tiers.get_mut(t) {
            let before = open.bytes();
            open.push(key, i);
            self.bytes += open.bytes() - before;
        }
        self.min = self.min.min(t);
    }

    /// Takes a node with the smallest keys.
    pub(crate) fn pop(&mut self) -> Option<u32> {
        while let Some(open) = self.tiers.get_mut(self.min) {
            if let Some((_, i)) = open.pop() {
                return Some(i);
            }
            self.min += 1;
        }
        None
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_first_then_keys_then_last_in() {
        let mut t = Tiered::default();
        t.push(3, 0, 1);
        t.push(1, 9, 2);
        t.push(1, 4, 3);
        t.push(1, 4, 4);
        t.push(2, 1, 5);
        assert_eq!(t.pop(), Some(4));
        assert_eq!(t.pop(), Some(3));
        t.push(0, 50, 6);
        assert_eq!(t.pop(), Some(6));
        assert_eq!(t.pop(), Some(2));
        assert_eq!(t.pop(), Some(5));
        assert_eq!(t.pop(), Some(1));
        assert_eq!(t.pop(), None);
        assert!(t.bytes() > 0);
    }

    #[test]
    fn smallest_key_first_last_in_first() {
        let mut o = Open::default();
        o.push(5, 1);
        o.push(2, 2);
        o.push(2, 3);
        o.push(9, 4);
        assert_eq!(o.pop(), Some((2, 3)));
        o.push(1, 5);
        assert_eq!(o.pop(), Some((1, 5)));
        assert_eq!(o.pop(), Some((2, 2)));
        assert_eq!(o.pop(), Some((5, 1)));
        assert_eq!(o.pop(), Some((9, 4)));
        assert_eq!(o.pop(), None);
        assert!(o.bytes() > 0);
    }
}
