//! Tile downgrading: a late-stage board seen as the same layout one stage
//! lower, for an evaluation that has rarely met its largest tiles.
//!
//! A learned network ([`NTuple`](crate::ntuple::NTuple)) sees boards with a
//! 16384 far less often than boards with an 8192, so its weights for the
//! largest tiles are poorly trained. Yet the game looks the same one stage
//! down: if the exponent `k` is missing from a board, lowering every tile
//! above `2^k` by one step keeps every pair of equal tiles equal and every
//! pair of different tiles different (no tile lands on a value already
//! there), so the layout, its merges and its monotone chains are unchanged.
//! [`downgrade`] does this at the highest missing exponent below the largest
//! tile, repeatedly, until the largest tile is below the threshold or no
//! exponent is missing (Yeh et al. and Guei et al. use the same idea to
//! carry a network past the tiles it was trained on).

use crate::Bitboard;

/// The exponents present on `board`, as bits (bit k: a tile 2^k; bit 0:
/// an empty cell).
#[inline]
fn present(board: Bitboard) -> u32 {
    let mut seen = 0u32;
    let mut x = board.0;
    for _ in 0..16 {
        seen |= 1 << (x & 0xF);
        x >>= 4;
    }
    seen
}

/// `board` with every tile above 2^`k` lowered by one step.
#[inline]
fn lower_above(board: Bitboard, k: u32) -> Bitboard {
    let mut out = 0u64;
    let mut x = board.0;
    for i in 0..16 {
        let e = x & 0xF;
        let e = if e > u64::from(k) { e - 1 } else { e };
        out |= e << (4 * i);
        x >>= 4;
    }
    Bitboard(out)
}

/// `board` downgraded while its largest tile is 2^`from` or more: each step
/// finds the highest exponent missing below the largest tile and lowers
/// every tile above it by one. A board whose largest tile is below 2^`from`,
/// or that holds every exponent from 2 up to its largest, is returned as it
/// is.
///
/// ```
/// use boardkit_2048::downgrade::downgrade;
/// use boardkit_2048::Bitboard;
///
/// // 16384 8192 2048 | 2: 4096 is missing, so 16384 and 8192 step down.
/// let late = Bitboard::from_rows([[14, 13, 11, 0], [1, 0, 0, 0], [0; 4], [0; 4]]);
/// let seen = Bitboard::from_rows([[13, 12, 11, 0], [1, 0, 0, 0], [0; 4], [0; 4]]);
/// assert_eq!(downgrade(late, 14), seen);
/// // Below the threshold nothing changes.
/// assert_eq!(downgrade(seen, 14), seen);
/// ```
#[must_use]
pub fn downgrade(board: Bitboard, from: u8) -> Bitboard {
    let mut b = board;
    loop {
        let seen = present(b);
        let max = 31 - seen.leading_zeros();
        if max < u32::from(from) {
            return b;
        }
        // Exponents 1..max that no tile has.
        let missing = !seen & ((1u32 << max) - 1) & !1;
        if missing == 0 {
            return b;
        }
        b = lower_above(b, 31 - missing.leading_zeros());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The definition on a list of exponents: one step at a time, the
    /// highest exponent below the largest that no cell holds.
    fn reference(cells: &[u8; 16], from: u8) -> [u8; 16] {
        let mut c = *cells;
        loop {
            let max = c.iter().copied().max().unwrap_or(0);
            if max < from {
                return c;
            }
            let Some(k) = (1..max).rev().find(|k| !c.contains(k)) else {
                return c;
            };
            for e in c.iter_mut() {
                if *e > k {
                    *e -= 1;
                }
            }
        }
    }

    fn cells(b: Bitboard) -> [u8; 16] {
        std::array::from_fn(|i| b.cell(i))
    }

    /// Late-looking boards: a few large tiles and many small ones.
    fn random_board(rng: &mut ChaCha8Rng) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for i in 0..16 {
            let e = match rng.gen_range(0..10) {
                0..=1 => 0,
                2..=6 => rng.gen_range(1..=9),
                _ => rng.gen_range(10..=15),
            };
            b = b.with_cell(i, e);
        }
        b
    }

    #[test]
    fn equals_the_definition_on_random_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let mut changed = 0;
        for _ in 0..20_000 {
            let b = random_board(&mut rng);
            let from = rng.gen_range(2..=15);
            let d = downgrade(b, from);
            assert_eq!(cells(d), reference(&cells(b), from), "{b:?} from {from}");
            changed += usize::from(d != b);
        }
        // Most of these boards have a gap below a large tile.
        assert!(changed > 10_000, "{changed}");
    }

    #[test]
    fn keeps_the_layout_and_its_merges() {
        let mut rng = ChaCha8Rng::seed_from_u64(32);
        for _ in 0..5_000 {
            let b = random_board(&mut rng);
            let d = downgrade(b, 14);
            let (cb, cd) = (cells(b), cells(d));
            for i in 0..16 {
                // Empty stays empty, tiles stay tiles, none grows.
                assert_eq!(cb[i] == 0, cd[i] == 0);
                assert!(cd[i] <= cb[i]);
                for j in 0..16 {
                    assert_eq!(cb[i] == cb[j], cd[i] == cd[j]);
                    assert_eq!(cb[i] < cb[j], cd[i] < cd[j]);
                }
            }
            // Hence every move slides and merges the same way.
            for dir in boardkit_grid::Dir::ALL {
                assert_eq!(b.slide(dir) == b, d.slide(dir) == d);
            }
        }
    }

    #[test]
    fn hand_worked_boards() {
        let row = |r: [u8; 4]| Bitboard::from_rows([r, [1, 0, 0, 0], [0; 4], [0; 4]]);
        // A full chain 2..16384 has no gap: unchanged.
        let full =
            Bitboard::from_rows([[14, 13, 12, 11], [7, 8, 9, 10], [6, 5, 4, 3], [2, 1, 0, 0]]);
        assert_eq!(downgrade(full, 14), full);
        // 16384 with only small tiles drops as far as the gap allows, once.
        assert_eq!(downgrade(row([14, 3, 2, 0]), 14), row([13, 3, 2, 0]));
        // A lower threshold goes on: 14 -> 13 -> 12 (11..4 missing).
        assert_eq!(downgrade(row([14, 3, 2, 0]), 13), row([12, 3, 2, 0]));
        assert_eq!(downgrade(row([14, 3, 2, 0]), 5), row([4, 3, 2, 0]));
        // 32768 16384 4096: 8192 is missing, so 15 14 -> 14 13; that is
        // still 16384, and now 2048 is missing: 14 13 12 -> 13 12 11.
        assert_eq!(downgrade(row([15, 14, 12, 0]), 14), row([13, 12, 11, 0]));
    }
}
