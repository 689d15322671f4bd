//! The numbers a frontier table holds per state: machine words while they
//! suffice, big integers after.
//!
//! The DP only ever adds counts, so a table starts in `u64`, and when a
//! checked addition overflows, the table of the step before is widened and
//! the step is done again: `u64`, `u128`, then fixed-width integers of
//! 192, 256, … 1024 bits ([`ruint::Uint`]: no heap, and several times
//! faster than big integers in a table), then [`BigUint`] (num-bigint)
//! without bound. The rungs are 64 bits apart up to 512 bits, so a table
//! never carries much more width than its counts need: in the wide phases
//! the DP is bound by the bytes it moves. Every count is exact at every
//! width. `()` is the tally of a reachability-only table (used to find one
//! covering).

use num_bigint::BigUint;
use ruint::Uint;

/// A big integer from little-endian 64-bit limbs.
pub(crate) fn limbs_to_big(limbs: &[u64]) -> BigUint {
    let digits: Vec<u32> = limbs
        .iter()
        .flat_map(|&l| [(l & 0xffff_ffff) as u32, (l >> 32) as u32])
        .collect();
    BigUint::new(digits)
}

/// `u128` as a wider fixed-width integer (`L` ≥ 2 limbs).
pub(crate) fn from_u128<const B: usize, const L: usize>(x: u128) -> Uint<B, L> {
    let mut limbs = [0u64; L];
    if let Some(low) = limbs.get_mut(..2) {
        low.copy_from_slice(&[x as u64, (x >> 64) as u64]);
    }
    Uint::from_limbs(limbs)
}

/// A fixed-width integer as a wider one (`L2` ≥ `L1` limbs).
pub(crate) fn widen_uint<const B1: usize, const L1: usize, const B2: usize, const L2: usize>(
    x: Uint<B1, L1>,
) -> Uint<B2, L2> {
    let mut limbs = [0u64; L2];
    if let Some(low) = limbs.get_mut(..L1) {
        low.copy_from_slice(x.as_limbs());
    }
    Uint::from_limbs(limbs)
}

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

impl<const BITS: usize, const LIMBS: usize> Tally for Uint<BITS, LIMBS> {
    #[inline]
    fn add(&mut self, other: &Self) -> bool {
        let (sum, overflow) = self.overflowing_add(*other);
        *self = sum;
        !overflow
    }

    fn to_big(&self) -> BigUint {
        limbs_to_big(self.as_limbs())
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
        type U192 = Uint<192, 3>;
        type U256 = Uint<256, 4>;
        let one = || from_u128::<192, 3>(1);
        let mut d = from_u128::<192, 3>(u128::MAX);
        assert!(d.add(&one()));
        assert_eq!(d.to_big(), BigUint::from(u128::MAX) + 1u8);
        let mut e = widen_uint::<192, 3, 256, 4>(U192::MAX);
        assert_eq!(e.to_big(), (BigUint::from(1u8) << 192) - 1u8);
        assert!(e.add(&widen_uint(one())));
        assert_eq!(e.to_big(), BigUint::from(1u8) << 192);
        let mut f = U256::MAX;
        assert!(!f.add(&widen_uint(one())));
        assert_eq!(U256::MAX.entry_bytes(), 40);
        assert_eq!(().entry_bytes(), 8);
    }
}
