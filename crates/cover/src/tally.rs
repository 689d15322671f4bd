//! The numbers a frontier table holds per state: machine words while they
//! suffice, big integers after.
//!
//! The DP only ever adds counts, so a table starts in `u64`, and when a
//! checked addition overflows, the table of the step before is widened to
//! `u128`, then to [`BigUint`], and the step is done again. Every count is
//! exact at every width. `()` is the tally of a reachability-only table
//! (used to find one covering).

use num_bigint::BigUint;

/// A per-state count in a frontier table.
pub(crate) trait Tally: Clone {
    /// Adds `other`; false when the result does not fit (then `self` is
    /// unspecified and the table must be widened).
    fn add(&mut self, other: &Self) -> bool;

    /// Bytes one table entry takes with this tally (key included), counting
    /// heap storage when the tally has some.
    fn entry_bytes(&self) -> usize {
        std::mem::size_of::<u64>() + std::mem::size_of::<Self>()
    }

    /// Bytes per entry of a table holding `counts`: the largest tally
    /// decides for big integers.
    fn table_entry_bytes(_counts: &[Self]) -> usize {
        std::mem::size_of::<u64>() + std::mem::size_of::<Self>()
    }

    /// The tally as a big integer.
    fn to_big(&self) -> BigUint;
}

impl Tally for () {
    fn add(&mut self, _: &()) -> bool {
        true
    }

    fn to_big(&self) -> BigUint {
        BigUint::from(1u8)
    }
}

impl Tally for u64 {
    #[inline]
    fn add(&mut self, other: &u64) -> bool {
        match self.checked_add(*other) {
            Some(v) => {
                *self = v;
                true
            }
            None => false,
        }
    }

    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Tally for u128 {
    #[inline]
    fn add(&mut self, other: &u128) -> bool {
        match self.checked_add(*other) {
            Some(v) => {
                *self = v;
                true
            }
            None => false,
        }
    }

    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Tally for BigUint {
    #[inline]
    fn add(&mut self, other: &BigUint) -> bool {
        *self += other;
        true
    }

    fn entry_bytes(&self) -> usize {
        let limbs = usize::try_from(self.bits().div_ceil(64)).unwrap_or(usize::MAX);
        std::mem::size_of::<u64>() + std::mem::size_of::<Self>() + 8 * limbs
    }

    fn table_entry_bytes(counts: &[Self]) -> usize {
        counts.iter().map(Tally::entry_bytes).max().unwrap_or(8)
    }

    fn to_big(&self) -> BigUint {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overflow_is_reported() {
        let mut a = u64::MAX - 1;
        assert!(a.add(&1));
        assert_eq!(a, u64::MAX);
        assert!(!a.add(&1));
        let mut b = u128::MAX;
        assert!(!b.add(&1));
        let mut c = BigUint::from(u128::MAX);
        assert!(c.add(&BigUint::from(1u8)));
        assert_eq!(c, BigUint::from(u128::MAX) + 1u8);
        assert_eq!(c.entry_bytes(), 8 + std::mem::size_of::<BigUint>() + 24);
        assert_eq!(5u64.entry_bytes(), 16);
        assert_eq!(().entry_bytes(), 8);
    }
}
