//! The open list: a bucket queue of node numbers keyed by a small integer
//! (the bound, or cost plus bound), smallest key first and, within a key,
//! the node added last first, which makes ties go deep.

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

#[cfg(test)]
mod tests {
    use super::*;

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
