//! An n-tuple network: a learned evaluation of 4 × 4 afterstates.
//!
//! The network is the 4 × 6-tuple one of the 2048 literature (Yeh et al.
//! 2016, Jaśkowski 2016): four shapes of six cells, each a table of 16^6
//! weights indexed by the six cells' exponents, each placed in the board's
//! eight symmetric images (rotations and reflections). The value of a board
//! is the sum of the 32 weights its placements pick:
//!
//! ```text
//!   shape 0       shape 1       shape 2       shape 3
//!   x x x x       . . . .       x x x .       . . . .
//!   x x . .       x x x x       x x x .       x x x .
//!   . . . .       x x . .       . . . .       x x x .
//!   . . . .       . . . .       . . . .       . . . .
//! ```
//!
//! [`NTuple::value`] estimates the score still to come after an afterstate
//! (the board right after a move, before its random tile); it is learned by
//! [`train`](crate::train). As a search evaluation ([`Evaluate`]) the network
//! adds the score already banked in the board, [`banked_score`], so that
//! comparing two afterstates of one position compares "reward of the move +
//! value after it", the quantity the training maximises.
//!
//! The tables take 4 × 16^6 × 4 bytes = 256 MiB. They are saved in a plain
//! binary format ([`NTuple::write_to`], [`NTuple::read_from`]): the header
//! line [`HEADER`], then every weight as a little-endian `f32`.

use std::io::{self, Read, Write};

use crate::downgrade::downgrade;
use crate::heuristic::Evaluate;
use crate::Bitboard;

/// The number of shapes.
pub const SHAPES: usize = 4;
/// The cells of one shape.
pub const TUPLE: usize = 6;
/// Weights per shape: one per combination of six exponents 0..=15.
pub const TABLE: usize = 1 << (4 * TUPLE);
/// The eight symmetric images of the board each shape is placed in.
pub const SYMMETRIES: usize = 8;
/// The weights each value sums: one per shape and symmetry.
pub const FEATURES: usize = SHAPES * SYMMETRIES;
/// The first line of a saved network.
pub const HEADER: &[u8] = b"boardkit 2048 n-tuple 4x6 v1\n";

/// The cells (row-major indices) of each shape, for reference and tests.
pub const SHAPE_CELLS: [[usize; TUPLE]; SHAPES] = [
    [0, 1, 2, 3, 4, 5],
    [4, 5, 6, 7, 8, 9],
    [0, 1, 2, 4, 5, 6],
    [4, 5, 6, 8, 9, 10],
];

/// The score a board's tiles stand for: a tile 2^k (k ≥ 1) was made by
/// merges worth (k − 1) · 2^k in all, so this is the score of the game that
/// built the board, except for the 4 points of every spawned 4. A move's
/// reward is exactly `banked_score(after) − banked_score(before)`.
///
/// ```
/// use boardkit_2048::ntuple::banked_score;
/// use boardkit_2048::Bitboard;
/// use boardkit_grid::Dir;
///
/// let b = Bitboard::from_rows([[1, 1, 2, 2], [3, 0, 0, 0], [0; 4], [0; 4]]);
/// let m = b.slide_scored(Dir::Left);
/// assert_eq!(banked_score(m.board) - banked_score(b), f64::from(m.score));
/// ```
#[must_use]
pub fn banked_score(board: Bitboard) -> f64 {
    let mut x = board.0;
    let mut total = 0u64;
    for _ in 0..16 {
        let k = x & 0xF;
        if k > 1 {
            total += (k - 1) << k;
        }
        x >>= 4;
    }
    total as f64
}

/// The board mirrored left to right.
#[inline]
fn mirror(x: u64) -> u64 {
    Bitboard(x).mirror().0
}

/// The board flipped top to bottom.
#[inline]
fn flip(x: u64) -> u64 {
    Bitboard(x).flip().0
}

/// The eight symmetric images of a board.
#[inline]
fn images(board: Bitboard) -> [u64; SYMMETRIES] {
    let a = board.0;
    let b = mirror(a);
    let c = flip(a);
    let d = flip(b);
    let t = |x: u64| Bitboard(x).transpose().0;
    [a, b, c, d, t(a), t(b), t(c), t(d)]
}

/// The four shapes' table indices in one image.
#[inline]
fn indices(x: u64) -> [usize; SHAPES] {
    [
        (x & 0xFF_FFFF) as usize,
        ((x >> 16) & 0xFF_FFFF) as usize,
        ((x & 0xFFF) | ((x >> 4) & 0xFF_F000)) as usize,
        (((x >> 16) & 0xFFF) | ((x >> 20) & 0xFF_F000)) as usize,
    ]
}

/// The 32 weight positions a board's value sums.
#[inline]
fn features(board: Bitboard) -> [usize; FEATURES] {
    let mut out = [0usize; FEATURES];
    for (chunk, image) in out.chunks_exact_mut(SHAPES).zip(images(board)) {
        for (t, (slot, i)) in chunk.iter_mut().zip(indices(image)).enumerate() {
            *slot = t * TABLE + i;
        }
    }
    out
}

/// The network's weights.
///
/// ```
/// use boardkit_2048::ntuple::NTuple;
/// use boardkit_2048::Bitboard;
///
/// let mut net = NTuple::zeroed();
/// let b = Bitboard::from_rows([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]);
/// assert_eq!(net.value(b), 0.0);
/// net.update(b, 3.2);
/// // Each of the 32 features (all different here) moved by 3.2 / 32 = 0.1.
/// assert!((net.value(b) - 3.2).abs() < 1e-4);
/// ```
#[derive(Clone, PartialEq)]
pub struct NTuple {
    weights: Vec<f32>,
}

impl std::fmt::Debug for NTuple {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "NTuple({} weights)", self.weights.len())
    }
}

impl NTuple {
    /// A network with every weight 0.
    #[must_use]
    pub fn zeroed() -> NTuple {
        crate::bitboard::init_tables();
        NTuple {
            weights: vec![0.0; SHAPES * TABLE],
        }
    }

    /// The learned value of `board`: the expected score still to come after
    /// this afterstate.
    #[inline]
    #[must_use]
    pub fn value(&self, board: Bitboard) -> f32 {
        features(board)
            .iter()
            .map(|&i| self.weights.get(i).copied().unwrap_or(0.0))
            .sum()
    }

    /// Moves `board`'s value by `delta`, spread evenly over its 32 features
    /// (a feature met twice, in two symmetric images, moves twice).
    #[inline]
    pub fn update(&mut self, board: Bitboard, delta: f32) {
        let step = delta / FEATURES as f32;
        for i in features(board) {
            if let Some(w) = self.weights.get_mut(i) {
                *w += step;
            }
        }
    }

    /// Moves `board`'s value towards an `error` with per-weight rates from
    /// temporal coherence (Beal & Smith 1997; Jaśkowski 2016): each weight
    /// keeps the sum of the errors it was updated with and the sum of their
    /// sizes, and moves by `beta` × |sum| / (sum of sizes) of its share of the
    /// error. A weight whose errors keep one sign learns at the full rate; one
    /// whose errors cancel out (noise) slows down.
    #[inline]
    pub fn update_coherent(&mut self, board: Bitboard, error: f32, beta: f32, tc: &mut Coherence) {
        let share = error / FEATURES as f32;
        for i in features(board) {
            let (Some(w), Some(sum), Some(size)) = (
                self.weights.get_mut(i),
                tc.sum.get_mut(i),
                tc.size.get_mut(i),
            ) else {
                continue;
            };
            let rate = if *size > 0.0 { sum.abs() / *size } else { 1.0 };
            *w += beta * rate * share;
            *sum += share;
            *size += share.abs();
        }
    }

    /// Writes the network in its binary format.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_to<W: Write>(&self, mut out: W) -> io::Result<()> {
        out.write_all(HEADER)?;
        write_floats(&mut out, &self.weights)?;
        out.flush()
    }

    /// Reads a network written by [`NTuple::write_to`].
    ///
    /// # Errors
    /// `InvalidData` when the header is wrong, the data is cut short or goes
    /// on past the last weight, or a weight is not finite; any error of
    /// `input`.
    pub fn read_from<R: Read>(mut input: R) -> io::Result<NTuple> {
        read_header(&mut input, HEADER, "n-tuple network")?;
        let mut net = NTuple::zeroed();
        read_floats(&mut input, &mut net.weights, "n-tuple network")?;
        read_end(&mut input, "n-tuple network")?;
        Ok(net)
    }
}

fn bad(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what)
}

fn write_floats<W: Write>(out: &mut W, values: &[f32]) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in values.chunks(1 << 14) {
        buf.clear();
        for w in chunk {
            buf.extend_from_slice(&w.to_le_bytes());
        }
        out.write_all(&buf)?;
    }
    Ok(())
}

fn read_header<R: Read>(input: &mut R, header: &[u8], what: &str) -> io::Result<()> {
    let mut got = vec![0u8; header.len()];
    input
        .read_exact(&mut got)
        .map_err(|_| bad(format!("not a boardkit {what} (file too short)")))?;
    if got != header {
        return Err(bad(format!("not a boardkit {what} (wrong header)")));
    }
    Ok(())
}

fn read_floats<R: Read>(input: &mut R, values: &mut [f32], what: &str) -> io::Result<()> {
    let mut buf = vec![0u8; 4 << 14];
    for chunk in values.chunks_mut(1 << 14) {
        let bytes = buf
            .get_mut(..chunk.len() * 4)
            .ok_or_else(|| bad("buffer".to_string()))?;
        input
            .read_exact(bytes)
            .map_err(|_| bad(format!("{what} cut short")))?;
        for (w, b) in chunk.iter_mut().zip(bytes.chunks_exact(4)) {
            let v =
                f32::from_le_bytes(<[u8; 4]>::try_from(b).map_err(|_| bad("buffer".to_string()))?);
            if !v.is_finite() {
                return Err(bad(format!("{what} holds a weight that is not a number")));
            }
            *w = v;
        }
    }
    Ok(())
}

fn read_end<R: Read>(input: &mut R, what: &str) -> io::Result<()> {
    if input.read(&mut [0u8; 1])? != 0 {
        return Err(bad(format!("{what} has data past its last weight")));
    }
    Ok(())
}

/// The running sums of temporal-coherence learning, one pair per weight
/// (512 MiB), saved beside a network so that training can go on with them
/// ([`Coherence::write_to`]: the header line [`COHERENCE_HEADER`], then the
/// sums and the sizes as little-endian `f32`).
pub struct Coherence {
    sum: Vec<f32>,
    size: Vec<f32>,
}

/// The first line of saved coherence sums.
pub const COHERENCE_HEADER: &[u8] = b"boardkit 2048 n-tuple coherence v1\n";

impl Coherence {
    /// Sums of zero: every weight starts at the full rate.
    #[must_use]
    pub fn new() -> Coherence {
        Coherence {
            sum: vec![0.0; SHAPES * TABLE],
            size: vec![0.0; SHAPES * TABLE],
        }
    }

    /// Writes the sums.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_to<W: Write>(&self, mut out: W) -> io::Result<()> {
        out.write_all(COHERENCE_HEADER)?;
        write_floats(&mut out, &self.sum)?;
        write_floats(&mut out, &self.size)?;
        out.flush()
    }

    /// Reads sums written by [`Coherence::write_to`].
    ///
    /// # Errors
    /// As [`NTuple::read_from`].
    pub fn read_from<R: Read>(mut input: R) -> io::Result<Coherence> {
        let what = "n-tuple coherence file";
        read_header(&mut input, COHERENCE_HEADER, what)?;
        let mut tc = Coherence::new();
        read_floats(&mut input, &mut tc.sum, what)?;
        read_floats(&mut input, &mut tc.size, what)?;
        read_end(&mut input, what)?;
        Ok(tc)
    }
}

impl std::fmt::Debug for Coherence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Coherence({} weights)", self.sum.len())
    }
}

impl Default for Coherence {
    fn default() -> Coherence {
        Coherence::new()
    }
}

/// The network as a search evaluation that sees boards with a tile of
/// 2^`from` or more through [`downgrade`]: the banked score of the board
/// itself plus the learned value of its downgraded layout, by the `late`
/// network when there is one (a second stage, trained for those boards with
/// [`TrainConfig::stage`](crate::train::TrainConfig)), else by `net`.
///
/// ```
/// use boardkit_2048::heuristic::Evaluate;
/// use boardkit_2048::ntuple::{Downgrading, NTuple};
/// use boardkit_2048::Bitboard;
///
/// let net = NTuple::zeroed();
/// let eval = Downgrading { net: &net, late: None, from: 14 };
/// let board = Bitboard::from_rows([[14, 12, 0, 0], [0; 4], [0; 4], [0; 4]]);
/// // A zero network values every board at its banked score.
/// assert_eq!(eval.evaluate(board), net.evaluate(board));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Downgrading<N> {
    /// The network (an `NTuple`, a reference or a box of one).
    pub net: N,
    /// The network for boards with a tile of 2^`from` or more, if not `net`.
    pub late: Option<N>,
    /// The exponent from which boards are downgraded (14: 16384).
    pub from: u8,
}

impl<N: AsRef<NTuple>> Evaluate for Downgrading<N> {
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        let value = if board.max_exponent() < self.from {
            self.net.as_ref().value(board)
        } else {
            let net = self.late.as_ref().unwrap_or(&self.net);
            net.as_ref().value(downgrade(board, self.from))
        };
        (banked_score(board) as f32 + value).max(1e-3)
    }
}

impl AsRef<NTuple> for NTuple {
    fn as_ref(&self) -> &NTuple {
        self
    }
}

impl Evaluate for NTuple {
    /// The banked score plus the learned value, never below a small positive
    /// number (0 is the value of a lost game).
    #[inline]
    fn evaluate(&self, board: Bitboard) -> f32 {
        (banked_score(board) as f32 + self.value(board)).max(1e-3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn random_board(rng: &mut ChaCha8Rng) -> Bitboard {
        let mut b = Bitboard::EMPTY;
        for i in 0..16 {
            if rng.gen_bool(0.7) {
                b = b.with_cell(i, rng.gen_range(1..=15));
            }
        }
        b
    }

    /// The eight images by coordinates: (row, col) of the image's cell
    /// (r, c) in the original board.
    fn image_cell(s: usize, r: usize, c: usize) -> (usize, usize) {
        let (r, c) = if s >= 4 { (c, r) } else { (r, c) };
        let c = if s % 2 == 1 { 3 - c } else { c };
        let r = if s % 4 >= 2 { 3 - r } else { r };
        (r, c)
    }

    /// The features by the book: each shape's cells read through each image.
    fn reference_features(b: Bitboard) -> Vec<usize> {
        let mut out = Vec::new();
        for s in 0..SYMMETRIES {
            for (t, cells) in SHAPE_CELLS.iter().enumerate() {
                let mut index = 0usize;
                for (k, &cell) in cells.iter().enumerate() {
                    let (r, c) = image_cell(s, cell / 4, cell % 4);
                    index |= usize::from(b.cell(4 * r + c)) << (4 * k);
                }
                out.push(t * TABLE + index);
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn bit_tricks_pick_the_same_features_as_coordinates() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..5000 {
            let b = random_board(&mut rng);
            let mut fast = features(b).to_vec();
            fast.sort_unstable();
            assert_eq!(fast, reference_features(b), "{b:?}");
        }
    }

    #[test]
    fn downgrading_values_late_boards_by_their_lower_layout() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let mut net = NTuple::zeroed();
        for w in net.weights.iter_mut().step_by(5) {
            *w = rng.gen_range(-100.0..100.0);
        }
        let eval = Downgrading {
            net: &net,
            late: None,
            from: 14,
        };
        let lower = Bitboard::from_rows([[13, 12, 11, 0], [1, 0, 0, 0], [0; 4], [0; 4]]);
        let late = Bitboard::from_rows([[14, 13, 11, 0], [1, 0, 0, 0], [0; 4], [0; 4]]);
        // The banked score of the real board, the value of the lower one.
        let want = (banked_score(late) as f32 + net.value(lower)).max(1e-3);
        assert_eq!(eval.evaluate(late), want);
        assert_ne!(net.value(late), net.value(lower));
        // Below 16384 it is the plain evaluation.
        let mut same = 0;
        for _ in 0..500 {
            let b = random_board(&mut rng);
            if b.max_exponent() < 14 {
                assert_eq!(eval.evaluate(b), net.evaluate(b));
                same += 1;
            }
        }
        assert!(same > 0);

        // With a late network, that one judges the late boards.
        let mut late_net = NTuple::zeroed();
        late_net.update(lower, 640.0);
        let staged = Downgrading {
            net: &net,
            late: Some(&late_net),
            from: 14,
        };
        let want = (banked_score(late) as f32 + late_net.value(lower)).max(1e-3);
        assert_eq!(staged.evaluate(late), want);
        assert!(late_net.value(lower) >= 640.0, "{}", late_net.value(lower));
        assert_eq!(staged.evaluate(lower), net.evaluate(lower));
    }

    #[test]
    fn symmetric_boards_have_equal_values() {
        let mut rng = ChaCha8Rng::seed_from_u64(22);
        let mut net = NTuple::zeroed();
        for w in net.weights.iter_mut().step_by(7) {
            *w = rng.gen_range(-1.0..1.0);
        }
        for _ in 0..500 {
            let b = random_board(&mut rng);
            let v = net.value(b);
            for image in images(b) {
                assert!((net.value(Bitboard(image)) - v).abs() < 1e-3);
            }
            let rotated = Bitboard(mirror(b.transpose().0));
            assert!((net.value(rotated) - v).abs() < 1e-3);
        }
    }

    #[test]
    fn banked_score_is_the_sum_of_move_rewards() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        for _ in 0..2000 {
            let b = random_board(&mut rng);
            for dir in boardkit_grid::Dir::ALL {
                let m = b.slide_scored(dir);
                if !m.overflow {
                    assert_eq!(banked_score(m.board) - banked_score(b), f64::from(m.score));
                }
            }
        }
        let b = Bitboard::from_rows([[1, 2, 3, 11], [0; 4], [0; 4], [0; 4]]);
        assert_eq!(banked_score(b), (4 + 2 * 8 + 10 * 2048) as f64);
    }

    #[test]
    fn coherent_updates_slow_down_on_noise_only() {
        let b = Bitboard::from_rows([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]);
        // Errors of one sign: every step is the full one.
        let mut net = NTuple::zeroed();
        let mut tc = Coherence::new();
        for k in 1..=3 {
            net.update_coherent(b, 3.2, 0.5, &mut tc);
            assert!((net.value(b) - 1.6 * k as f32).abs() < 1e-4);
        }
        // Alternating errors: after +e, -e the rate is 0, so the next +e
        // does nothing; after it the rate is 1/3.
        let mut net = NTuple::zeroed();
        let mut tc = Coherence::new();
        net.update_coherent(b, 3.2, 1.0, &mut tc);
        net.update_coherent(b, -3.2, 1.0, &mut tc);
        assert!(net.value(b).abs() < 1e-4);
        net.update_coherent(b, 3.2, 1.0, &mut tc);
        assert!(net.value(b).abs() < 1e-4);
        net.update_coherent(b, 3.2, 1.0, &mut tc);
        assert!((net.value(b) - 3.2 / 3.0).abs() < 1e-4);
    }

    #[test]
    fn coherence_sums_round_trip() {
        let mut rng = ChaCha8Rng::seed_from_u64(25);
        let mut net = NTuple::zeroed();
        let mut tc = Coherence::new();
        for _ in 0..300 {
            net.update_coherent(
                random_board(&mut rng),
                rng.gen_range(-50.0..50.0),
                1.0,
                &mut tc,
            );
        }
        let mut bytes = Vec::new();
        tc.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len(), COHERENCE_HEADER.len() + 8 * SHAPES * TABLE);
        let back = Coherence::read_from(bytes.as_slice()).unwrap();
        assert!(back.sum == tc.sum && back.size == tc.size);
        assert!(Coherence::read_from(&bytes[..bytes.len() - 4]).is_err());
        let mut net_bytes = Vec::new();
        net.write_to(&mut net_bytes).unwrap();
        assert!(Coherence::read_from(net_bytes.as_slice())
            .unwrap_err()
            .to_string()
            .contains("wrong header"));
    }

    #[test]
    fn networks_round_trip_and_bad_files_are_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(24);
        let mut net = NTuple::zeroed();
        for _ in 0..1000 {
            let b = random_board(&mut rng);
            net.update(b, rng.gen_range(-100.0..100.0));
        }
        let mut bytes = Vec::new();
        net.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len(), HEADER.len() + 4 * SHAPES * TABLE);
        assert_eq!(NTuple::read_from(bytes.as_slice()).unwrap(), net);

        let short = &bytes[..bytes.len() - 1];
        assert!(NTuple::read_from(short)
            .unwrap_err()
            .to_string()
            .contains("cut short"));
        let mut long = bytes.clone();
        long.push(0);
        assert!(NTuple::read_from(long.as_slice())
            .unwrap_err()
            .to_string()
            .contains("past its last"));
        let mut header = bytes.clone();
        header[0] = b'x';
        assert!(NTuple::read_from(header.as_slice())
            .unwrap_err()
            .to_string()
            .contains("wrong header"));
        let mut nan = bytes;
        let at = HEADER.len() + 8;
        nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(NTuple::read_from(nan.as_slice()).is_err());
        assert!(NTuple::read_from(&b"boardkit"[..]).is_err());
    }
}
