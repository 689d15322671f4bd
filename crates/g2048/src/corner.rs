//! The corner evaluation: a board is good when every row, read from the
//! left, and every column, read from the top, falls away from the upper-left
//! corner, with the large tiles weighing most.
//!
//! A tile of exponent r weighs w(r) = r · 2^r (an empty cell 0). A line of
//! four cells a, b, c, d (read from the corner outward) scores w(a), plus,
//! for each neighbouring pair (x, y) in reading order, w(x) + w(y) when
//! w(x) ≥ w(y) (the line falls there) and 12 · (w(x) − w(y)) when it rises,
//! plus w(x) once more when the two tiles are equal and not empty (a merge
//! is ready). The board's score is the sum over its four rows and four
//! columns, plus [`Corner::OFFSET`], which keeps every board above the 0 the
//! search gives a position with no legal move. This is the kind of
//! evaluation macroxue's player uses (BENCHMARKS.md describes it); its
//! large penalty for a rise is what keeps the largest tiles packed in one
//! corner block, where exact tables can take over.
//!
//! The 65,536 line scores are computed once into a table; [`Corner::line`]
//! is the direct computation the table is tested against.
//!
//! ```
//! use boardkit_2048::corner::Corner;
//! use boardkit_2048::heuristic::Evaluate;
//! use boardkit_2048::Bitboard;
//!
//! let corner = Corner::new();
//! let packed = Bitboard::from_rows([[9, 8, 7, 6], [5, 4, 3, 2], [1, 0, 0, 0], [0; 4]]);
//! let inverted = Bitboard::from_rows([[6, 7, 8, 9], [5, 4, 3, 2], [1, 0, 0, 0], [0; 4]]);
//! assert!(corner.evaluate(packed) > corner.evaluate(inverted));
//! ```

use crate::heuristic::Evaluate;
use crate::Bitboard;

/// The corner evaluation's line table.
#[derive(Clone)]
pub struct Corner {
    lines: Box<[f32]>,
}

impl std::fmt::Debug for Corner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Corner")
    }
}

impl Default for Corner {
    fn default() -> Corner {
        Corner::new()
    }
}

/// The weight of a tile of exponent `r`: r · 2^r (0 for an empty cell).
fn weight(r: u8) -> f64 {
    f64::from(r) * f64::from(1u32 << r.min(31))
}

impl Corner {
    /// Added to every board's score: more than eight lines can lose
    /// (a rise from an empty cell to 2^15 costs 12 · 15 · 2^15 per pair).
    pub const OFFSET: f32 = 8.0 * 3.0 * 12.0 * 15.0 * 32768.0;

    /// The evaluation, its line table built.
    #[must_use]
    pub fn new() -> Corner {
        let lines = (0..=u16::MAX)
            .map(|row| {
                let cells = [0, 1, 2, 3].map(|i| (row >> (4 * i) & 0xF) as u8);
                Corner::line(cells) as f32
            })
            .collect();
        Corner { lines }
    }

    /// The score of one line of exponents, read from the corner outward
    /// (the direct computation).
    #[must_use]
    pub fn line(cells: [u8; 4]) -> f64 {
        let mut score = weight(cells[0]);
        for pair in cells.windows(2) {
            let (x, y) = (pair[0], pair[1]);
            let (wx, wy) = (weight(x), weight(y));
            score += if wx >= wy { wx + wy } else { 12.0 * (wx - wy) };
            if x == y && x != 0 {
                score += wx;
            }
        }
        score
    }

    #[inline]
    fn rows(&self, board: Bitboard) -> f32 {
        let x = board.0;
        let at = |r: u32| {
            let row = (x >> (16 * r) & 0xFFFF) as usize;
            self.lines.get(row).copied().unwrap_or(0.0)
        };
        at(0) + at(1) + at(2) + at(3)
    }
}

impl Evaluate for Corner {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        self.evaluate_transposed(board, board.transpose())
    }

    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        Corner::OFFSET + self.rows(board) + self.rows(transposed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn a_line_scores_as_worked_by_hand() {
        // 8 4 2 _: w = 24, 8, 2, 0; falls everywhere.
        assert_eq!(
            Corner::line([3, 2, 1, 0]),
            24.0 + (24.0 + 8.0) + (8.0 + 2.0) + 2.0
        );
        // 2 8 _ _: a rise costs 12 · (2 − 24); then 24 + 0.
        assert_eq!(Corner::line([1, 3, 0, 0]), 2.0 + 12.0 * (2.0 - 24.0) + 24.0);
        // 4 4 _ _: equal, so 8 + 8 and 8 more for the ready merge; then 8 + 0.
        assert_eq!(Corner::line([2, 2, 0, 0]), 8.0 + (16.0 + 8.0) + 8.0);
        assert_eq!(Corner::line([0; 4]), 0.0);
    }

    #[test]
    fn the_table_is_the_direct_computation_on_rows_and_columns() {
        let corner = Corner::new();
        let mut rng = ChaCha8Rng::seed_from_u64(2048);
        for _ in 0..2000 {
            let mut rows = [[0u8; 4]; 4];
            for row in &mut rows {
                for cell in row.iter_mut() {
                    *cell = if rng.gen_bool(0.3) {
                        0
                    } else {
                        rng.gen_range(1..=15)
                    };
                }
            }
            let board = Bitboard::from_rows(rows);
            let mut want = f64::from(Corner::OFFSET);
            for (r, row) in rows.iter().enumerate() {
                want += Corner::line(*row);
                want += Corner::line(rows.map(|x| x[r]));
            }
            let got = f64::from(corner.evaluate(board));
            assert!(
                (got - want).abs() <= want.abs() * 1e-6,
                "{rows:?}: {got} against {want}"
            );
            assert!(got > 0.0, "{rows:?}: every board scores above a lost one");
        }
    }
}
