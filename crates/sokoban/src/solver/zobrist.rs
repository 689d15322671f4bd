//! Zobrist keys: one random `u64` per square for a box standing there and
//! one for the worker's (normalised) square. A state's hash is the XOR of
//! the keys of its boxes and its worker square, so a push updates it with
//! two XORs. The keys come from a fixed SplitMix64 sequence: hashes, and
//! so the order of the search, are the same on every run.

/// The keys of one board.
#[derive(Clone, Debug)]
pub(crate) struct Zobrist {
    boxes: Vec<u64>,
    worker: Vec<u64>,
}

/// SplitMix64: a small, well-mixed generator (Steele, Lea and Flood).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Zobrist {
    /// Keys for `squares` squares.
    pub(crate) fn new(squares: usize) -> Zobrist {
        let mut seed = 0x5eed_50c0_ba11_u64;
        let boxes = (0..squares).map(|_| splitmix(&mut seed)).collect();
        let worker = (0..squares).map(|_| splitmix(&mut seed)).collect();
        Zobrist { boxes, worker }
    }

    /// The key of a box on square `s`.
    #[inline]
    pub(crate) fn box_key(&self, s: u16) -> u64 {
        self.boxes.get(usize::from(s)).copied().unwrap_or(0)
    }

    /// The key of the worker on square `s`.
    #[inline]
    pub(crate) fn worker_key(&self, s: u16) -> u64 {
        self.worker.get(usize::from(s)).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_fixed_and_distinct() {
        let a = Zobrist::new(100);
        let b = Zobrist::new(100);
        let mut all: Vec<u64> = (0..100)
            .flat_map(|s| [a.box_key(s), a.worker_key(s)])
            .collect();
        assert_eq!(a.box_key(7), b.box_key(7));
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 200);
        assert_eq!(a.box_key(100), 0);
    }
}
