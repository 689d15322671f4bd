//! Expectimax search over the 4 × 4 bitboard.
//!
//! *Max nodes* are the player's turns: the value of a position is the best
//! value over its legal moves (0 when there is none: the game is lost).
//! *Chance nodes* are the positions right after a move (afterstates): their
//! value is the average, over every empty cell, of 0.9 × the value with a 2
//! there plus 0.1 × the value with a 4 there. The depth counts the random
//! tiles looked ahead, so a search at depth d looks at d + 1 moves: at depth 1
//! a move is valued by the average, over the tiles that may appear after it,
//! of the evaluation of the best next move's afterstate. Leaves are always
//! afterstates, scored by an [`Evaluate`] (normally the table-driven
//! [`Heuristic`]): the evaluation judges the
//! player's last choice, not where a random tile happened to land.
//!
//! Three things keep the search small:
//! * a transposition table of chance nodes (board → remaining depth and
//!   value), cleared before each move, so a position reached along several
//!   move orders is searched once;
//! * a cut-off on the probability of reaching a chance node (the product of
//!   the spawn probabilities on the way): below [`Config::prob_cutoff`] the
//!   node is evaluated instead of searched;
//! * [`Depth::Adaptive`]: few distinct tiles (an easy position) get a shallow
//!   search, many distinct tiles (a crowded, dangerous one) a deeper one.
//!
//! [`Depth::Timed`] deepens one depth at a time until the time per move is
//! spent, keeping the deepest finished search; unlike the other settings its
//! moves depend on the machine's speed.
//!
//! A searcher given an [`Interrupt`] ([`Searcher::with_interrupt`]) reads it
//! where a timed search reads the clock, every 1,024 evaluations, and once
//! it is triggered ends the search at once with a
//! [`Decision::interrupted`].

use std::fmt;
use std::time::{Duration, Instant};

use boardkit_grid::{Dir, Interrupt};
use rustc_hash::FxHashMap;

use crate::heuristic::{Evaluate, Heuristic};
use crate::Bitboard;

/// How deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Always this many moves ahead (at least 1).
    Fixed(u32),
    /// `distinct tiles − offset` moves ahead, clamped to `min..=max`.
    Adaptive {
        /// The shallowest search.
        min: u32,
        /// The deepest search.
        max: u32,
        /// Subtracted from the number of distinct tile values.
        offset: u32,
    },
    /// Deepen from 1 until `per_move` is spent (or `max` is reached).
    Timed {
        /// The time budget of one move.
        per_move: Duration,
        /// The deepest search.
        max: u32,
    },
}

/// The search settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    /// The depth policy.
    pub depth: Depth,
    /// Chance nodes reached with a smaller probability are evaluated, not
    /// searched.
    pub prob_cutoff: f32,
}

/// The adaptive depth's default offset: a position with k distinct tile
/// values is searched k − 5 spawns deep (within the setting's bounds).
pub const DEPTH_OFFSET: u32 = 5;

impl Config {
    /// The fast setting: adaptive depth 2 to 6, cut-off 0.5 %. The cut-off
    /// does most of the limiting: open positions (many empty cells, so
    /// improbable spawns) stay shallow, crowded ones are searched deeper.
    pub const FAST: Config = Config {
        depth: Depth::Adaptive {
            min: 2,
            max: 6,
            offset: DEPTH_OFFSET,
        },
        prob_cutoff: 0.005,
    };

    /// The strong setting: adaptive depth 3 to 8, cut-off 0.1 %.
    pub const STRONG: Config = Config {
        depth: Depth::Adaptive {
            min: 3,
            max: 8,
            offset: DEPTH_OFFSET,
        },
        prob_cutoff: 0.001,
    };

    /// The fast setting for a learned evaluation ([`NTuple`](crate::ntuple::NTuple)),
    /// which costs about ten times the heuristic per position but needs far
    /// less search: two spawns ahead; cut-off 0.5 %.
    pub const LEARNED_FAST: Config = Config {
        depth: Depth::Adaptive {
            min: 2,
            max: 2,
            offset: DEPTH_OFFSET,
        },
        prob_cutoff: 0.005,
    };

    /// The strong setting for a learned evaluation: two spawns ahead, three
    /// from 11 distinct tile values; cut-off 0.1 %.
    pub const LEARNED_STRONG: Config = Config {
        depth: Depth::Adaptive {
            min: 2,
            max: 3,
            offset: 8,
        },
        prob_cutoff: 0.001,
    };

    /// Fixed depth `d` with the fast setting's cut-off.
    #[must_use]
    pub fn fixed(d: u32) -> Config {
        Config {
            depth: Depth::Fixed(d),
            prob_cutoff: Config::FAST.prob_cutoff,
        }
    }
}

/// Reads as the commands print it: `depth 2..=6 (distinct tiles - 5),
/// probability cut-off 0.005`.
///
/// ```
/// use boardkit_2048::expectimax::Config;
///
/// assert_eq!(Config::fixed(3).to_string(), "depth 3, probability cut-off 0.005");
/// assert_eq!(
///     Config::STRONG.to_string(),
///     "depth 3..=8 (distinct tiles - 5), probability cut-off 0.001"
/// );
/// ```
impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.depth {
            Depth::Fixed(d) => write!(f, "depth {d}")?,
            Depth::Adaptive { min, max, .. } if min == max => write!(f, "depth {max}")?,
            Depth::Adaptive { min, max, offset } => {
                write!(f, "depth {min}..={max} (distinct tiles - {offset})")?;
            }
            Depth::Timed { per_move, .. } => write!(f, "{} ms per move", per_move.as_millis())?,
        }
        write!(f, ", probability cut-off {}", self.prob_cutoff)
    }
}

/// The number of distinct tile values on the board.
#[must_use]
pub fn distinct_tiles(board: Bitboard) -> u32 {
    let mut seen = 0u32;
    let mut x = board.0;
    for _ in 0..16 {
        seen |= 1 << (x & 0xF);
        x >>= 4;
    }
    (seen & !1).count_ones()
}

/// The AI's choice in a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// The best move (`None` when no move is legal).
    pub best: Option<Dir>,
    /// The expected value of each legal move, indexed by [`Dir::index`].
    pub values: [Option<f32>; 4],
    /// The depth searched.
    pub depth: u32,
    /// Leaf evaluations made.
    pub evaluations: u64,
    /// Whether the searcher's interrupt came during this decision: the
    /// search was cut short (a timed one keeps its last finished depth), so
    /// the move is not one to play.
    pub interrupted: bool,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: f32,
}

/// How often (in evaluations, a power of two) a timed search looks at the
/// clock, and a searcher with an interrupt at it.
const CLOCK_EVERY: u64 = 1024;

/// An expectimax searcher with its transposition table.
///
/// ```
/// use boardkit_2048::expectimax::{Config, Searcher};
/// use boardkit_2048::Bitboard;
///
/// let board = Bitboard::from_rows([[1, 1, 0, 0], [0; 4], [0; 4], [0; 4]]);
/// let mut ai = Searcher::standard(Config::fixed(2));
/// let d = ai.decide(board);
/// let best = d.best.unwrap();
/// assert!(board.legal_moves().contains(best));
/// assert_eq!(d.values.iter().flatten().count(), board.legal_moves().len());
/// ```
pub struct Searcher<E: Evaluate> {
    eval: E,
    config: Config,
    table: FxHashMap<u64, Entry>,
    evaluations: u64,
    deadline: Option<Instant>,
    interrupt: Option<Interrupt>,
    /// The deadline passed or the interrupt came: the search unwinds.
    stopped: bool,
    /// The interrupt came during this decision.
    interrupted: bool,
}

impl Searcher<&'static Heuristic> {
    /// A searcher with the standard heuristic.
    #[must_use]
    pub fn standard(config: Config) -> Searcher<&'static Heuristic> {
        Searcher::new(Heuristic::standard(), config)
    }
}

impl<E: Evaluate> Searcher<E> {
    /// A searcher scoring leaves with `eval`.
    pub fn new(eval: E, config: Config) -> Searcher<E> {
        crate::bitboard::init_tables();
        Searcher {
            eval,
            config,
            table: FxHashMap::default(),
            evaluations: 0,
            deadline: None,
            interrupt: None,
            stopped: false,
            interrupted: false,
        }
    }

    /// The same searcher, stopping a decision once `interrupt` is
    /// triggered (see [`Decision::interrupted`]).
    #[must_use]
    pub fn with_interrupt(mut self, interrupt: Interrupt) -> Searcher<E> {
        self.interrupt = Some(interrupt);
        self
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> Config {
        self.config
    }

    /// Leaf evaluations made by this searcher so far, over all moves.
    #[must_use]
    pub fn evaluations(&self) -> u64 {
        self.evaluations
    }

    /// Searches `board` and returns the best move with every legal move's
    /// expected value.
    pub fn decide(&mut self, board: Bitboard) -> Decision {
        let before = self.evaluations;
        self.interrupted = false;
        self.table.clear();
        let mut decision = match self.config.depth {
            Depth::Fixed(d) => self.search_root(board, d.max(1)),
            Depth::Adaptive { min, max, offset } => {
                let d = distinct_tiles(board).saturating_sub(offset);
                self.search_root(board, d.clamp(min.max(1), max.max(min).max(1)))
            }
            Depth::Timed { per_move, max } => self.deepen(board, per_move, max.max(1)),
        };
        decision.evaluations = self.evaluations - before;
        decision.interrupted = self.interrupted;
        self.stopped = false;
        decision
    }

    fn deepen(&mut self, board: Bitboard, per_move: Duration, max: u32) -> Decision {
        let mut best = self.search_root(board, 1);
        self.deadline = Some(Instant::now() + per_move);
        for d in 2..=max {
            let attempt = self.search_root(board, d);
            if self.stopped {
                break;
            }
            best = attempt;
        }
        self.deadline = None;
        best
    }

    fn search_root(&mut self, board: Bitboard, depth: u32) -> Decision {
        let mut decision = Decision {
            best: None,
            values: [None; 4],
            depth,
            evaluations: 0,
            interrupted: false,
        };
        let mut best_value = f32::NEG_INFINITY;
        for dir in Dir::ALL {
            let after = board.slide(dir);
            if after == board {
                continue;
            }
            let v = self.chance(after, depth, 1.0);
            decision.values[dir.index()] = Some(v);
            if v > best_value {
                best_value = v;
                decision.best = Some(dir);
            }
        }
        decision
    }

    #[inline]
    fn count_leaf(&mut self) {
        self.evaluations += 1;
        if self.evaluations & (CLOCK_EVERY - 1) == 0 {
            if let Some(deadline) = self.deadline {
                self.stopped |= Instant::now() >= deadline;
            }
            if self.interrupt.as_ref().is_some_and(Interrupt::is_triggered) {
                self.interrupted = true;
                self.stopped = true;
            }
        }
    }

    #[inline]
    fn leaf(&mut self, board: Bitboard) -> f32 {
        self.count_leaf();
        self.eval.evaluate(board)
    }

    /// The value of the player to move in `board`: the best of its moves'
    /// afterstates, searched `depth` spawns further.
    fn max_node(&mut self, board: Bitboard, depth: u32, prob: f32) -> f32 {
        let mut best = 0.0f32;
        if depth == 0 {
            // The afterstates are leaves: evaluate them straight away, with
            // the transposes the moves computed anyway.
            for (after, transposed) in board.slides_transposed() {
                if after != board {
                    self.count_leaf();
                    best = best.max(self.eval.evaluate_transposed(after, transposed));
                }
            }
            return best;
        }
        for after in board.slides() {
            if after != board {
                best = best.max(self.chance(after, depth, prob));
            }
        }
        best
    }

    /// The expected value of `board` right after a move, before its spawn,
    /// looking `depth` spawns ahead (0: its evaluation).
    fn chance(&mut self, board: Bitboard, depth: u32, prob: f32) -> f32 {
        if depth == 0 || prob < self.config.prob_cutoff || self.stopped {
            return self.leaf(board);
        }
        if let Some(e) = self.table.get(&board.0) {
            if e.depth >= depth {
                return e.value;
            }
        }
        let empty = board.empty_count();
        if empty == 0 {
            // Only reachable from a position the search itself built.
            return self.leaf(board);
        }
        let share = 1.0 / empty as f32;
        let (p2, p4) = (prob * 0.9 * share, prob * 0.1 * share);
        let mut total = 0.0f32;
        let mut x = board.0;
        let mut tile = 1u64;
        for _ in 0..16 {
            if x & 0xF == 0 {
                total += 0.9 * self.max_node(Bitboard(board.0 | tile), depth - 1, p2);
                total += 0.1 * self.max_node(Bitboard(board.0 | (tile << 1)), depth - 1, p4);
            }
            x >>= 4;
            tile <<= 4;
        }
        let value = total * share;
        if !self.stopped {
            self.table.insert(board.0, Entry { depth, value });
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A tiny evaluation for hand computation: 1 + the number of empty
    /// cells.
    struct Tiny;
    impl Evaluate for Tiny {
        fn evaluate(&self, b: Bitboard) -> f32 {
            1.0 + b.empty_count() as f32
        }
    }

    fn no_cutoff(depth: u32) -> Config {
        Config {
            depth: Depth::Fixed(depth),
            prob_cutoff: 0.0,
        }
    }

    #[test]
    fn depth_one_is_the_hand_computed_expectation() {
        // 2 2 _ _ on the top row, everything else empty.
        let board = Bitboard::from_rows([[1, 1, 0, 0], [0; 4], [0; 4], [0; 4]]);
        let mut s = Searcher::new(Tiny, no_cutoff(1));
        let d = s.decide(board);
        // LEFT makes a 4 in the corner. Of the 15 spawns, a 4 (p 0.1) in the
        // 6 cells of its row or column can merge with it next move (1 tile
        // left: 15 empty, value 16); anything else leaves 2 tiles (value 15).
        let left = 15.0 + 0.1 * 6.0 / 15.0;
        assert!((d.values[Dir::Left.index()].unwrap() - left).abs() < 1e-5);
        assert!((d.values[Dir::Right.index()].unwrap() - left).abs() < 1e-5);
        // DOWN keeps 2 2 (now on the bottom row); after any spawn the best
        // next move merges one pair of the three tiles: always value 15.
        assert!((d.values[Dir::Down.index()].unwrap() - 15.0).abs() < 1e-5);
        // UP changes nothing: illegal.
        assert_eq!(d.values[Dir::Up.index()], None);
        // LEFT and RIGHT are mirror images: either is best.
        assert!(matches!(d.best, Some(Dir::Left | Dir::Right)));
    }

    /// Plain expectimax on the generic board, no table, no cut-off: the
    /// value of an afterstate `depth` spawns ahead.
    fn reference_chance(b: &Board, depth: u32) -> f64 {
        if depth == 0 {
            return f64::from(Tiny.evaluate(b.to_bitboard().unwrap()));
        }
        let empties: Vec<usize> = (0..16).filter(|&i| b.exponents()[i] == 0).collect();
        let mut total = 0.0;
        for &i in &empties {
            for (e, p) in [(1, 0.9), (2, 0.1)] {
                let mut c = b.clone();
                c.set(i / 4, i % 4, e);
                let best = Dir::ALL
                    .into_iter()
                    .filter_map(|d| {
                        let (after, out) = c.slid(d);
                        out.changed.then(|| reference_chance(&after, depth - 1))
                    })
                    .fold(0.0, f64::max);
                total += p * best;
            }
        }
        total / empties.len() as f64
    }

    #[test]
    fn search_equals_plain_expectimax_on_sparse_boards() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for depth in [1, 2] {
            for _ in 0..10 {
                let mut cells = vec![0u8; 16];
                for _ in 0..rng.gen_range(9..=13) {
                    cells[rng.gen_range(0..16)] = rng.gen_range(1..=6);
                }
                let board = Board::from_exponents(4, cells).unwrap();
                let d = Searcher::new(Tiny, no_cutoff(depth)).decide(board.to_bitboard().unwrap());
                for dir in Dir::ALL {
                    let (after, out) = board.slid(dir);
                    let got = d.values[dir.index()];
                    if out.changed {
                        let want = reference_chance(&after, depth);
                        assert!((f64::from(got.unwrap()) - want).abs() < 1e-4 * want);
                    } else {
                        assert_eq!(got, None);
                    }
                }
            }
        }
    }

    #[test]
    fn the_ai_only_picks_legal_moves() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut ai = Searcher::standard(Config::fixed(1));
        for _ in 0..3000 {
            let cells: Vec<u8> = (0..16)
                .map(|_| {
                    if rng.gen_bool(0.2) {
                        0
                    } else {
                        rng.gen_range(1..=12)
                    }
                })
                .collect();
            let b = Board::from_exponents(4, cells)
                .unwrap()
                .to_bitboard()
                .unwrap();
            let d = ai.decide(b);
            match d.best {
                Some(m) => assert!(b.legal_moves().contains(m)),
                None => assert!(b.legal_moves().is_empty()),
            }
            for dir in Dir::ALL {
                assert_eq!(
                    d.values[dir.index()].is_some(),
                    b.legal_moves().contains(dir)
                );
            }
        }
    }

    #[test]
    fn distinct_tiles_counts_values() {
        let b = Bitboard::from_rows([[1, 1, 2, 0], [3, 0, 0, 15], [0; 4], [0; 4]]);
        assert_eq!(distinct_tiles(b), 4);
        assert_eq!(distinct_tiles(Bitboard::EMPTY), 0);
    }

    #[test]
    fn adaptive_depth_follows_distinct_tiles() {
        let config = Config {
            depth: Depth::Adaptive {
                min: 1,
                max: 3,
                offset: 2,
            },
            prob_cutoff: 0.0,
        };
        let mut s = Searcher::new(Tiny, config);
        let few = Bitboard::from_rows([[1, 2, 0, 0], [0; 4], [0; 4], [0; 4]]);
        assert_eq!(s.decide(few).depth, 1);
        let four = Bitboard::from_rows([[1, 2, 3, 4], [0; 4], [0; 4], [0; 4]]);
        assert_eq!(s.decide(four).depth, 2);
        let many = Bitboard::from_rows([[1, 2, 3, 4], [5, 6, 0, 0], [0; 4], [0; 4]]);
        assert_eq!(s.decide(many).depth, 3);
    }

    #[test]
    fn timed_search_returns_a_finished_depth() {
        let config = Config {
            depth: Depth::Timed {
                per_move: Duration::from_millis(5),
                max: 20,
            },
            prob_cutoff: 1e-4,
        };
        let mut s = Searcher::standard(config);
        let b = Bitboard::from_rows([[1, 2, 3, 4], [5, 6, 7, 8], [1, 0, 0, 0], [0; 4]]);
        let d = s.decide(b);
        assert!(d.depth >= 1 && d.depth < 20);
        assert!(b.legal_moves().contains(d.best.unwrap()));
    }

    #[test]
    fn an_interrupt_changes_nothing_until_triggered_then_ends_the_decision() {
        let board = Bitboard::from_rows([[1, 2, 3, 4], [5, 6, 0, 0], [0; 4], [0, 0, 0, 1]]);
        let plain = Searcher::standard(Config::fixed(3)).decide(board);
        assert!(!plain.interrupted && plain.evaluations > 10 * CLOCK_EVERY);
        assert!(board.legal_moves().contains(plain.best.unwrap()));
        let interrupt = Interrupt::new();
        let mut watched = Searcher::standard(Config::fixed(3)).with_interrupt(interrupt.clone());
        assert_eq!(watched.decide(board), plain);
        interrupt.trigger();
        let stopped = watched.decide(board);
        assert!(stopped.interrupted);
        // Stopped at the next look (the searcher counts evaluations over all
        // its moves, and looks every 1,024), then unwound through leaves.
        assert!(stopped.evaluations < 2 * CLOCK_EVERY);
        // A timed search keeps its finished depth but says it was stopped.
        let timed = Config {
            depth: Depth::Timed {
                per_move: Duration::from_secs(60),
                max: 20,
            },
            prob_cutoff: 1e-4,
        };
        let d = Searcher::standard(timed)
            .with_interrupt(interrupt)
            .decide(board);
        assert!(d.interrupted && d.depth == 1);
    }
}
