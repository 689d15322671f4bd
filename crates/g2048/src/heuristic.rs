//! The AI's evaluation of a 4 × 4 position, from per-row lookup tables.
//!
//! A position's value is a constant ([`Weights::alive`], so that live
//! positions score above a lost one, which scores 0) plus the value of each of
//! its four rows and four columns. The search takes the best move's value
//! with 0 as the floor, so a live position scoring 0 or less counts as lost.
//! With the default 1.6 million that happens to clumsy positions of the 16384
//! and 32768 stages, whose penalties reach a few million; a larger `alive`
//! (e.g. 4 million) keeps them apart from losing but also makes the search
//! more averse to any risk of losing (BENCHMARKS.md measures both).
//!
//! The value of a line of four exponents `r0 r1 r2 r3` (0 = empty) is
//!
//! ```text
//!   empty  × (number of empty cells)
//! + merges × (number of neighbouring equal tiles, gaps ignored)
//! − mono   × min(Σ increases, Σ decreases) of rank^mono_power along the line
//! − sum    × Σ rank^sum_power over the tiles
//! − smooth × Σ |rank difference| between neighbouring tiles, gaps ignored
//! ```
//!
//! *Monotonic* lines (tiles growing towards one end) keep merges possible;
//! the *sum* term makes a board of many mid-sized tiles worse than one that
//! merged them, and grows steeply with the tiles so that the search protects
//! the large ones; *empty* cells and possible *merges* keep the game alive.
//! This is the set of terms of the best known hand-made 2048 evaluations
//! (nneonneo's expectimax player); the weights are ours, chosen by the
//! self-play comparisons written down in BENCHMARKS.md.
//!
//! All 65,536 rows are scored once into a table, so a position costs eight
//! lookups and a transpose.

use std::sync::LazyLock;

use crate::Bitboard;

/// The weights of the evaluation's terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A constant added to every live position (a lost one scores 0).
    pub alive: f32,
    /// Per empty cell.
    pub empty: f32,
    /// Per pair of neighbouring equal tiles (gaps ignored).
    pub merges: f32,
    /// The power ranks are raised to in the monotonicity penalty.
    pub mono_power: f32,
    /// Weight of the monotonicity penalty.
    pub mono: f32,
    /// The power ranks are raised to in the sum penalty.
    pub sum_power: f32,
    /// Weight of the sum penalty.
    pub sum: f32,
    /// Weight of the smoothness penalty.
    pub smooth: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            alive: 1_600_000.0,
            empty: 500.0,
            merges: 700.0,
            mono_power: 4.0,
            mono: 25.0,
            sum_power: 3.5,
            sum: 11.0,
            smooth: 20.0,
        }
    }
}

impl Weights {
    /// The names of the weights, in the order of the struct's fields.
    pub const NAMES: [&'static str; 8] = [
        "alive",
        "empty",
        "merges",
        "mono_power",
        "mono",
        "sum_power",
        "sum",
        "smooth",
    ];

    fn fields(&mut self) -> [&mut f32; 8] {
        [
            &mut self.alive,
            &mut self.empty,
            &mut self.merges,
            &mut self.mono_power,
            &mut self.mono,
            &mut self.sum_power,
            &mut self.sum,
            &mut self.smooth,
        ]
    }

    /// These weights changed by a list like `empty=300,smooth=20` (names
    /// from [`Weights::NAMES`]).
    ///
    /// ```
    /// use boardkit_2048::heuristic::Weights;
    ///
    /// let w = Weights::default().with_spec("empty=300, smooth=20").unwrap();
    /// assert_eq!((w.empty, w.smooth), (300.0, 20.0));
    /// assert!(Weights::default().with_spec("speed=1").is_err());
    /// ```
    pub fn with_spec(mut self, spec: &str) -> Result<Weights, String> {
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (name, value) = item
                .split_once('=')
                .ok_or_else(|| format!("expected NAME=VALUE, found `{item}`"))?;
            let (name, value) = (name.trim(), value.trim());
            let v: f32 = value
                .parse()
                .ok()
                .filter(|v: &f32| v.is_finite())
                .ok_or_else(|| format!("`{value}` is not a number (weight {name})"))?;
            let i = Weights::NAMES
                .iter()
                .position(|&n| n == name)
                .ok_or_else(|| {
                    format!(
                        "unknown weight `{name}`: expected one of {}",
                        Weights::NAMES.join(", ")
                    )
                })?;
            if let Some(field) = self.fields().into_iter().nth(i) {
                *field = v;
            }
        }
        Ok(self)
    }
}

impl std::fmt::Display for Weights {
    /// The weights as a list [`Weights::with_spec`] reads back.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut copy = *self;
        let mut sep = "";
        for (name, v) in Weights::NAMES.iter().zip(copy.fields()) {
            write!(f, "{sep}{name}={v}")?;
            sep = ",";
        }
        Ok(())
    }
}

/// The raw terms of one line of four exponents (index 0 first).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct LineTerms {
    /// Empty cells.
    pub empty: u32,
    /// Neighbouring equal tiles, gaps ignored.
    pub merges: u32,
    /// Σ of rank^power rises from index 0 to 3 (tiles growing to the right).
    pub rises: f64,
    /// Σ of rank^power falls from index 0 to 3.
    pub falls: f64,
    /// Σ rank^sum_power.
    pub sum: f64,
    /// Σ |rank difference| between neighbouring tiles, gaps ignored.
    pub roughness: u32,
}

impl LineTerms {
    /// The terms of `line` under the powers of `w`.
    #[must_use]
    pub fn of(line: [u8; 4], w: &Weights) -> LineTerms {
        let mut t = LineTerms::default();
        let mut prev: Option<u8> = None;
        for &r in &line {
            t.sum += f64::from(r).powf(f64::from(w.sum_power));
            if r == 0 {
                t.empty += 1;
                continue;
            }
            if let Some(p) = prev {
                if p == r {
                    t.merges += 1;
                }
                t.roughness += u32::from(p.abs_diff(r));
            }
            prev = Some(r);
        }
        for pair in line.windows(2) {
            let a = f64::from(pair[0]).powf(f64::from(w.mono_power));
            let b = f64::from(pair[1]).powf(f64::from(w.mono_power));
            if b > a {
                t.rises += b - a;
            } else {
                t.falls += a - b;
            }
        }
        t
    }

    /// The weighted value of these terms.
    #[must_use]
    pub fn value(&self, w: &Weights) -> f64 {
        f64::from(w.empty) * f64::from(self.empty) + f64::from(w.merges) * f64::from(self.merges)
            - f64::from(w.mono) * self.rises.min(self.falls)
            - f64::from(w.sum) * self.sum
            - f64::from(w.smooth) * f64::from(self.roughness)
    }
}

/// Something that scores 4 × 4 positions for the search (higher is better; a
/// live position must score above 0, the value of a lost one).
pub trait Evaluate {
    /// The value of `board`.
    fn evaluate(&self, board: Bitboard) -> f32;

    /// The value of `board` given also its transpose (saves the transpose
    /// for evaluations that score columns); equal to `evaluate(board)`.
    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        let _ = transposed;
        self.evaluate(board)
    }
}

/// The table-driven evaluation.
///
/// ```
/// use boardkit_2048::heuristic::{Evaluate, Heuristic};
/// use boardkit_2048::Bitboard;
///
/// let h = Heuristic::standard();
/// // A monotonic corner beats the same tiles scattered.
/// let corner = Bitboard::from_rows([[5, 4, 3, 2], [1, 0, 0, 0], [0; 4], [0; 4]]);
/// let scattered = Bitboard::from_rows([[5, 0, 3, 0], [0, 1, 0, 0], [0, 0, 2, 0], [0, 4, 0, 0]]);
/// assert!(h.evaluate(corner) > h.evaluate(scattered));
/// ```
#[derive(Clone, Debug)]
pub struct Heuristic {
    weights: Weights,
    rows: Vec<f32>,
}

static STANDARD: LazyLock<Heuristic> = LazyLock::new(|| Heuristic::new(Weights::default()));

impl Heuristic {
    /// The tables for `weights`.
    #[must_use]
    pub fn new(weights: Weights) -> Heuristic {
        let rows = (0..=u16::MAX)
            .map(|row| {
                let line = [0, 4, 8, 12].map(|s| ((row >> s) & 0xF) as u8);
                LineTerms::of(line, &weights).value(&weights) as f32
            })
            .collect();
        Heuristic { weights, rows }
    }

    /// The evaluation with the default weights, built once.
    #[must_use]
    pub fn standard() -> &'static Heuristic {
        &STANDARD
    }

    /// The weights the tables were built from.
    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The table value of one 16-bit row (cell 0 in the low nibble).
    #[must_use]
    pub fn row_value(&self, row: u16) -> f32 {
        self.rows.get(usize::from(row)).copied().unwrap_or(0.0)
    }

    #[inline]
    fn lines(&self, x: u64) -> f32 {
        let r = &self.rows;
        r[(x & 0xFFFF) as usize]
            + r[((x >> 16) & 0xFFFF) as usize]
            + r[((x >> 32) & 0xFFFF) as usize]
            + r[(x >> 48) as usize]
    }
}

impl Evaluate for Heuristic {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        self.evaluate_transposed(board, board.transpose())
    }

    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        self.weights.alive + self.lines(board.0) + self.lines(transposed.0)
    }
}

impl<E: Evaluate + ?Sized> Evaluate for &E {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        (**self).evaluate(board)
    }

    #[inline]
    fn evaluate_transposed(&self, board: Bitboard, transposed: Bitboard) -> f32 {
        (**self).evaluate_transposed(board, transposed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use boardkit_grid::Dir;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The line value written straight from the module's definition.
    fn reference(line: &[u8], w: &Weights) -> f64 {
        let tiles: Vec<u8> = line.iter().copied().filter(|&r| r != 0).collect();
        let empty = line.len() - tiles.len();
        let merges = tiles.windows(2).filter(|p| p[0] == p[1]).count();
        let rough: u32 = tiles
            .windows(2)
            .map(|p| u32::from(p[0].abs_diff(p[1])))
            .sum();
        let pw = |r: u8, e: f32| f64::from(r).powf(f64::from(e));
        let sum: f64 = line.iter().map(|&r| pw(r, w.sum_power)).sum();
        let mut up = 0.0;
        let mut down = 0.0;
        for i in 1..line.len() {
            let d = pw(line[i], w.mono_power) - pw(line[i - 1], w.mono_power);
            if d > 0.0 {
                up += d;
            } else {
                down -= d;
            }
        }
        f64::from(w.empty) * empty as f64 + f64::from(w.merges) * merges as f64
            - f64::from(w.mono) * up.min(down)
            - f64::from(w.sum) * sum
            - f64::from(w.smooth) * f64::from(rough)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-3 * (1.0 + a.abs().max(b.abs()))
    }

    #[test]
    fn hand_worked_lines() {
        let w = Weights {
            alive: 0.0,
            empty: 1.0,
            merges: 10.0,
            mono_power: 1.0,
            mono: 100.0,
            sum_power: 1.0,
            sum: 1000.0,
            smooth: 10_000.0,
        };
        // 2 _ 2 4: one empty, one merge (2,2 across the gap), rises 1+1
        // (_ to 2, 2 to 4) vs falls 1 (2 to _), sum 1+1+2, roughness 0+1.
        let t = LineTerms::of([1, 0, 1, 2], &w);
        assert_eq!((t.empty, t.merges, t.roughness), (1, 1, 1));
        assert_eq!((t.rises, t.falls, t.sum), (2.0, 1.0, 4.0));
        assert_eq!(t.value(&w), 1.0 + 10.0 - 100.0 - 4000.0 - 10_000.0);
        let h = Heuristic::new(w);
        assert_eq!(h.row_value(0x2101), -14_089.0);
        assert_eq!(h.row_value(0), 4.0);
    }

    #[test]
    fn clumsy_endgame_positions_score_below_zero_with_the_default_alive() {
        // A 32768 stage in good order. DOWN pulls the whole chain out of its
        // row: with the default `alive` its afterstate scores below 0 (as
        // bad as losing, for the search); with 4 million every afterstate
        // stays above 0.
        let board =
            Bitboard::from_rows([[15, 14, 13, 12], [6, 7, 8, 11], [5, 4, 3, 10], [1, 0, 0, 1]]);
        let standard = Heuristic::standard();
        assert!(standard.evaluate(board.slide(Dir::Left)) > 0.0);
        assert!(standard.evaluate(board.slide(Dir::Down)) < 0.0);
        let raised = Heuristic::new(Weights {
            alive: 4_000_000.0,
            ..Weights::default()
        });
        for after in board.slides() {
            if after != board {
                assert!(raised.evaluate(after) > 0.0, "{:?}", after.rows());
            }
        }
    }

    #[test]
    fn weights_print_as_a_spec_that_reads_back() {
        let w = Weights::default().with_spec("smooth=7.5,alive=10").unwrap();
        assert_eq!(Weights::default().with_spec(&w.to_string()).unwrap(), w);
        assert_eq!(
            Weights::default().with_spec("empty").unwrap_err(),
            "expected NAME=VALUE, found `empty`"
        );
        assert_eq!(
            Weights::default().with_spec("empty=x").unwrap_err(),
            "`x` is not a number (weight empty)"
        );
        assert!(Weights::default().with_spec("empty=inf").is_err());
    }

    #[test]
    fn tables_equal_direct_computation() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let weights = [
            Weights::default(),
            Weights {
                smooth: 35.0,
                mono_power: 2.0,
                ..Weights::default()
            },
        ];
        for w in weights {
            let h = Heuristic::new(w);
            for _ in 0..2000 {
                let row: u16 = rng.gen();
                let line = [0, 4, 8, 12].map(|s| ((row >> s) & 0xF) as u8);
                assert!(close(f64::from(h.row_value(row)), reference(&line, &w)));
            }
            for _ in 0..500 {
                let cells: Vec<u8> = (0..16).map(|_| rng.gen_range(0..=15)).collect();
                let board = Board::from_exponents(4, cells.clone()).unwrap();
                let bb = board.to_bitboard().unwrap();
                let mut direct = f64::from(w.alive);
                for i in 0..4 {
                    let row: Vec<u8> = (0..4).map(|j| cells[4 * i + j]).collect();
                    let col: Vec<u8> = (0..4).map(|j| cells[4 * j + i]).collect();
                    direct += reference(&row, &w) + reference(&col, &w);
                }
                assert!(close(f64::from(h.evaluate(bb)), direct));
            }
        }
    }
}
