//! Building the next layer of the search: positions with the best score
//! reaching each, merged from every move of the layer before.
//!
//! Small layers go into one hash map. A large layer (millions of positions
//! with 7 or 8 pieces) would make nearly every insert a cache miss, so it is
//! built in [`SHARDS`] shards instead: successors are first appended to the
//! buffer of their shard (chosen by hash), and a full set of buffers is then
//! merged shard by shard into that shard's own map, which is small enough to
//! stay in cache. Both ways give the same layer. [`ShardedValues`] answers
//! look-ups into a large layer the same way (a hash join by shard).
//!
//! ```
//! use boardkit_yut::layer::LayerBuilder;
//!
//! for sharded in [false, true] {
//!     let mut b = LayerBuilder::default();
//!     b.begin(sharded);
//!     for (state, score) in [(7, 1), (3, 5), (7, 4), (3, 2)] {
//!         b.offer(state, score);
//!     }
//!     let mut layer = Vec::new();
//!     b.finish_into(&mut layer);
//!     layer.sort_unstable();
//!     assert_eq!(layer, vec![(3, 5), (7, 4)]);
//! }
//! ```

use rustc_hash::FxHashMap;

/// The number of shards of a large layer.
pub const SHARDS: usize = 256;

/// Successors buffered before they are merged into the shard maps.
const FLUSH_AT: usize = 1 << 18;

/// Positions per layer from which the next layer is built in shards.
pub const SHARD_FROM: usize = 1 << 15;

/// Raises `map[key]` to at least `value`.
#[inline]
fn keep_max(map: &mut FxHashMap<u64, u32>, key: u64, value: u32) {
    map.entry(key)
        .and_modify(|v| *v = (*v).max(value))
        .or_insert(value);
}

/// The shard of a position: the top bits of a multiplicative hash whose
/// multiplier differs from the maps' own hash, so the positions of one shard
/// still spread over their map.
#[inline]
fn shard(state: u64) -> usize {
    (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARDS.trailing_zeros())) as usize
}

/// Collects (position, score) offers, keeping the best score per position.
/// Reuse one builder for many layers: its memory is kept.
#[derive(Clone, Debug, Default)]
pub struct LayerBuilder {
    single: FxHashMap<u64, u32>,
    shards: Vec<FxHashMap<u64, u32>>,
    buffers: Vec<Vec<(u64, u32)>>,
    pending: usize,
    sharded: bool,
}

impl LayerBuilder {
    /// Starts an empty layer, built in shards or in one map.
    pub fn begin(&mut self, sharded: bool) {
        self.single.clear();
        self.pending = 0;
        self.sharded = sharded;
        if self.sharded && self.shards.len() != SHARDS {
            self.shards = vec![FxHashMap::default(); SHARDS];
            self.buffers = vec![Vec::new(); SHARDS];
        }
    }

    /// Offers `state` reached with `score`.
    #[inline]
    pub fn offer(&mut self, state: u64, score: u32) {
        if !self.sharded {
            keep_max(&mut self.single, state, score);
            return;
        }
        if let Some(buffer) = self.buffers.get_mut(shard(state)) {
            buffer.push((state, score));
        }
        self.pending += 1;
        if self.pending >= FLUSH_AT {
            self.flush();
        }
    }

    /// Merges the buffered offers into the shard maps.
    fn flush(&mut self) {
        for (map, buffer) in self.shards.iter_mut().zip(&mut self.buffers) {
            for (state, score) in buffer.drain(..) {
                keep_max(map, state, score);
            }
        }
        self.pending = 0;
    }

    /// The number of distinct positions offered so far (exact once the
    /// buffers are merged; a lower bound before).
    #[must_use]
    pub fn len(&self) -> usize {
        self.single.len() + self.shards.iter().map(FxHashMap::len).sum::<usize>()
    }

    /// True when nothing was offered since [`LayerBuilder::begin`] (or the
    /// offers are still buffered).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ends the layer: replaces `out` with every position and its best
    /// score, in no particular order.
    pub fn finish_into(&mut self, out: &mut Vec<(u64, u32)>) {
        out.clear();
        if self.sharded {
            self.flush();
            out.reserve(self.len());
            for map in &mut self.shards {
                out.extend(map.drain());
            }
        } else {
            out.reserve(self.single.len());
            out.extend(self.single.drain());
        }
    }
}

/// A look-up waiting in its shard: the position asked for, the index of the
/// asker, and the points to add.
type Request = (u64, u32, u32);

/// The values of a large layer split into shards, answering look-ups in
/// batches shard by shard so that each shard's map is in cache while it
/// answers.
///
/// ```
/// use boardkit_yut::layer::ShardedValues;
///
/// let mut join = ShardedValues::new(&[10, 20, 30], &[1, 2, 3]);
/// let mut best = vec![0; 2];
/// join.ask(30, 0, 5, &mut best); // best[0] = max(best[0], 3 + 5)
/// join.ask(10, 0, 1, &mut best);
/// join.ask(20, 1, 0, &mut best);
/// join.finish(&mut best);
/// assert_eq!(best, vec![8, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct ShardedValues {
    maps: Vec<FxHashMap<u64, u32>>,
    requests: Vec<Vec<Request>>,
    pending: usize,
}

impl ShardedValues {
    /// Splits `layer` (positions) and their `values` into shards.
    #[must_use]
    pub fn new(layer: &[u64], values: &[u32]) -> ShardedValues {
        // Bucket first, so that each shard map is built while it is in cache.
        let mut buckets: Vec<Vec<(u64, u32)>> = vec![Vec::new(); SHARDS];
        for (&state, &value) in layer.iter().zip(values) {
            if let Some(bucket) = buckets.get_mut(shard(state)) {
                bucket.push((state, value));
            }
        }
        let maps = buckets
            .into_iter()
            .map(|bucket| bucket.into_iter().collect())
            .collect();
        ShardedValues {
            maps,
            requests: vec![Vec::new(); SHARDS],
            pending: 0,
        }
    }

    /// Raises `best[index]` to the value of `state` plus `points` (a
    /// position not in the layer counts 0); answered by the time
    /// [`ShardedValues::finish`] returns.
    #[inline]
    pub fn ask(&mut self, state: u64, index: u32, points: u32, best: &mut [u32]) {
        if let Some(requests) = self.requests.get_mut(shard(state)) {
            requests.push((state, index, points));
        }
        self.pending += 1;
        if self.pending >= FLUSH_AT {
            self.finish(best);
        }
    }

    /// Answers every waiting look-up.
    pub fn finish(&mut self, best: &mut [u32]) {
        for (map, requests) in self.maps.iter().zip(&mut self.requests) {
            for (state, index, points) in requests.drain(..) {
                let value = map.get(&state).copied().unwrap_or(0);
                if let Some(b) = best.get_mut(index as usize) {
                    *b = (*b).max(points + value);
                }
            }
        }
        self.pending = 0;
    }
}
