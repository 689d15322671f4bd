//! What a count needs, computed from sizes alone, before anything is
//! allocated.
//!
//! * The frontier of a full rectangle follows from the shapes: a shape
//!   whose anchored cells reach `dr` rows down and `dc` columns across needs
//!   `dr * width + dc + 1` bits, so a region is [too wide](crate::CoverError::TooWide)
//!   when its narrow side passes about 62 (L-tromino) whatever else it holds.
//! * The bytes of the board and its scan are exact sums of the vectors the
//!   count allocates ([`board_bytes`], [`scan_bytes`]); the frontier tables
//!   and the counts in them are checked as they grow.
//! * The decimal digits of a count follow from its bits ([`decimal_digits`]).

use crate::{PieceSet, Shape};

/// The widest frontier the DP handles: a state is a `u64` bit mask.
pub const MAX_FRONTIER_BITS: usize = 64;

/// How a full rectangle is scanned: the orientation the DP picks and what
/// its scan holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RectangleScan {
    /// Bits of the frontier.
    pub bits: usize,
    /// Cells per scan row.
    pub scan_width: usize,
    /// True when the rectangle is scanned down its columns.
    pub transposed: bool,
    /// Placements of pieces the scan keeps (one mask each).
    pub placements: u64,
}

/// The frontier bits and placement count of an `h` x `w` rectangle scanned
/// along its rows with `shapes`.
fn oriented(h: usize, w: usize, shapes: &[Shape]) -> (usize, u64) {
    let (h128, w128) = (h as u128, w as u128);
    let mut widest: u128 = 0;
    let mut placements: u128 = 0;
    for shape in shapes {
        let (sh, sw) = (shape.height() as u128, shape.width() as u128);
        if sh > h128 || sw > w128 {
            continue;
        }
        // Anchored cells lie in later rows or further right: offsets >= 0.
        let last = shape
            .anchored()
            .iter()
            .map(|&(dr, dc)| {
                let dr = u128::try_from(dr).unwrap_or(0);
                let across = i128::try_from(dr * w128).unwrap_or(i128::MAX);
                u128::try_from(across.saturating_add(dc as i128)).unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        widest = widest.max(last.saturating_add(1));
        if last < MAX_FRONTIER_BITS as u128 {
            placements = placements.saturating_add((h128 - sh + 1) * (w128 - sw + 1));
        }
    }
    (
        usize::try_from(widest).unwrap_or(usize::MAX),
        u64::try_from(placements).unwrap_or(u64::MAX),
    )
}

impl RectangleScan {
    /// How the DP scans a full `height` x `width` rectangle with `pieces`:
    /// along whichever side needs fewer bits (then the narrower scan row),
    /// or `Err` with the fewer bits when both need more than 64.
    ///
    /// ```
    /// use boardkit_cover::estimate::RectangleScan;
    /// use boardkit_cover::PieceSet;
    ///
    /// let l3 = PieceSet::named("l3").unwrap();
    /// let s = RectangleScan::of(12, 30, &l3).unwrap();
    /// assert_eq!((s.bits, s.scan_width, s.transposed), (14, 12, true));
    /// assert_eq!(RectangleScan::of(99_999, 100_000, &l3), Err(100_001));
    /// ```
    pub fn of(height: usize, width: usize, pieces: &PieceSet) -> Result<RectangleScan, usize> {
        let (a_bits, a_placements) = oriented(height, width, pieces.shapes());
        let (d_bits, d_placements) = oriented(width, height, pieces.transpose().shapes());
        let across = RectangleScan {
            bits: a_bits,
            scan_width: width,
            transposed: false,
            placements: a_placements,
        };
        let down = RectangleScan {
            bits: d_bits,
            scan_width: height,
            transposed: true,
            placements: d_placements,
        };
        let fits = |s: &RectangleScan| s.bits <= MAX_FRONTIER_BITS;
        match (fits(&across), fits(&down)) {
            (true, true) => {
                let key = |s: &RectangleScan| (s.bits, s.scan_width);
                Ok(if key(&down) < key(&across) {
                    down
                } else {
                    across
                })
            }
            (true, false) => Ok(across),
            (false, true) => Ok(down),
            (false, false) => Err(a_bits.min(d_bits)),
        }
    }
}

/// Bytes of a board of `height` x `width` cells (one byte each).
///
/// ```
/// assert_eq!(boardkit_cover::estimate::board_bytes(100_000, 100_000), 10_000_000_000);
/// ```
#[must_use]
pub fn board_bytes(height: usize, width: usize) -> u64 {
    (height as u64).saturating_mul(width as u64)
}

/// Bytes of the scan of a region of `cells` cells holding `placements`
/// placements: where each cell's placements start (8 bytes a cell, one
/// more at the end), the placements (8 bytes each) and whether each cell is
/// white (1 byte a cell).
///
/// ```
/// assert_eq!(boardkit_cover::estimate::scan_bytes(144, 484), 8 * 145 + 8 * 484 + 144);
/// ```
#[must_use]
pub fn scan_bytes(cells: u64, placements: u64) -> u64 {
    cells
        .saturating_add(1)
        .saturating_mul(8)
        .saturating_add(placements.saturating_mul(8))
        .saturating_add(cells)
}

/// Bytes a count of a full `height` x `width` rectangle takes before its
/// first frontier table: the board and the scan of its one region, or
/// `Err` with the frontier bits when it is too wide.
///
/// ```
/// use boardkit_cover::estimate::rectangle_bytes;
/// use boardkit_cover::PieceSet;
///
/// let l3 = PieceSet::named("l3").unwrap();
/// // 144 cells, 4 L shapes in 11 x 11 places each.
/// assert_eq!(rectangle_bytes(12, 12, &l3), Ok(144 + 8 * 145 + 8 * 484 + 144));
/// ```
pub fn rectangle_bytes(height: usize, width: usize, pieces: &PieceSet) -> Result<u64, usize> {
    let scan = RectangleScan::of(height, width, pieces)?;
    let cells = board_bytes(height, width);
    Ok(cells.saturating_add(scan_bytes(cells, scan.placements)))
}

/// The most decimal digits a number below 2^`bits` has (1 for 0 bits):
/// ⌊bits · log10 2⌋ + 1, with log10 2 rounded up to 0.30103.
///
/// ```
/// use boardkit_cover::estimate::decimal_digits;
/// assert_eq!(decimal_digits(64), 20); // u64::MAX = 18446744073709551615
/// ```
#[must_use]
pub fn decimal_digits(bits: u64) -> u64 {
    u64::try_from(u128::from(bits) * 30_103 / 100_000 + 1).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str) -> PieceSet {
        PieceSet::named(name).unwrap()
    }

    #[test]
    fn l3_needs_the_narrow_side_plus_two_bits() {
        let l3 = set("l3");
        // The shape `#. / ##` anchored at its top cell reaches (1, 1): w + 2.
        assert_eq!(
            RectangleScan::of(12, 12, &l3),
            Ok(RectangleScan {
                bits: 14,
                scan_width: 12,
                transposed: false,
                placements: 484
            })
        );
        assert_eq!(RectangleScan::of(62, 1000, &l3).map(|s| s.bits), Ok(64));
        assert_eq!(RectangleScan::of(63, 1000, &l3), Err(65));
        assert_eq!(RectangleScan::of(69, 69, &l3), Err(71));
        assert_eq!(RectangleScan::of(100_000, 100_000, &l3), Err(100_002));
        // Too small for any L: no placements, no frontier.
        assert_eq!(
            RectangleScan::of(1, 1_000_000, &l3),
            Ok(RectangleScan {
                bits: 0,
                scan_width: 1,
                transposed: true,
                placements: 0
            })
        );
    }

    #[test]
    fn other_sets() {
        // Dominoes: the vertical one reaches w; 2 x 3 holds 2*2 + 1*3.
        assert_eq!(
            RectangleScan::of(2, 3, &set("domino")),
            Ok(RectangleScan {
                bits: 3,
                scan_width: 2,
                transposed: true,
                placements: 7
            })
        );
        // The straight tromino: the vertical bar reaches 2w.
        assert_eq!(
            RectangleScan::of(40, 31, &set("i3")).map(|s| s.bits),
            Ok(63)
        );
        assert_eq!(RectangleScan::of(40, 33, &set("i3")), Err(67));
        // A lone horizontal bar never needs more than its length, however
        // wide the board: 3 bits across 10^5 columns, 3 placements a row
        // short of the full width.
        let bar = PieceSet::parse("piece\n###\n", "bar").unwrap();
        assert_eq!(
            RectangleScan::of(100_000, 100_000, &bar),
            Ok(RectangleScan {
                bits: 3,
                scan_width: 100_000,
                transposed: false,
                placements: 100_000 * 99_998
            })
        );
    }

    #[test]
    fn bytes() {
        assert_eq!(board_bytes(20_000, 20_000), 400_000_000);
        assert_eq!(scan_bytes(0, 0), 8);
        assert_eq!(scan_bytes(6, 7), 56 + 56 + 6);
        let l3 = set("l3");
        // 60 x 3*10^7: 4 shapes in 59 x (3*10^7 - 1) places each.
        let cells = 1_800_000_000u64;
        let placements = 4 * 59 * 29_999_999u64;
        assert_eq!(
            rectangle_bytes(60, 30_000_000, &l3),
            Ok(cells + 8 * (cells + 1) + 8 * placements + cells)
        );
        assert_eq!(rectangle_bytes(100_000, 100_000, &l3), Err(100_002));
        assert_eq!(scan_bytes(u64::MAX, 1), u64::MAX);
    }

    #[test]
    fn digits() {
        assert_eq!(decimal_digits(0), 1);
        assert_eq!(decimal_digits(3), 1); // 7
        assert_eq!(decimal_digits(4), 2); // 15
        assert_eq!(decimal_digits(10), 4); // 1023
        assert_eq!(decimal_digits(128), 39); // u128::MAX has 39 digits
        assert_eq!(decimal_digits(1_000_000), 301_031);
    }
}
