//! Exact lookup tables for the late game: small sub-problems solved once by
//! dynamic programming, looked up during play.
//!
//! Late in a game the search keeps the large tiles in a formation along an
//! edge; what remains is always the same kind of task: with those tiles
//! fixed, build the next tile in the cells left free and bring it next to
//! its twin. A [`Region`] says which cells are free, which fixed cell holds
//! the twin (the *anchor*) and in which free cells a new tile of the same
//! value counts as success (the *targets*); a [`Subproblem`] adds the goal
//! exponent g. Its rules:
//!
//! * a state is the content of the free cells, every tile within its
//!   cell's cap: 2^(g − d) for the cell's drop d, which is 1 (every tile
//!   below 2^g) unless the region caps the cell lower;
//! * a move is allowed when it changes the board and leaves every fixed cell
//!   as it is;
//! * after an allowed move, a 2^g tile on a target cell is success
//!   (probability 1); a 2^g tile elsewhere in the free cells, or any free
//!   tile above its cell's cap, is failure (0): the board has left the
//!   table; otherwise a 2 (p 0.9) or a 4 (p 0.1) appears in a uniformly
//!   chosen empty free cell, one above that cell's cap being failure too;
//! * a state's value is its best allowed move's probability of success, 0
//!   when no move is allowed.
//!
//! Invariant: a stored probability is the best success probability of this
//! model, to within the rounding of its 16-bit steps (1/65,535) at each
//! state it depends on: at most half a step per spawn to the end, in
//! practice a few steps. With caps it is a lower bound of the uncapped model's (a
//! capped player is an uncapped one that gives up where a tile exceeds its
//! cap), and the stored move reaches it while the board stays within the
//! caps. Caps make larger free regions affordable: a state's index is mixed
//! radix over cap + 1 per free cell.
//!
//! [`Table::build`] solves every state of a sub-problem exactly (expectimax
//! to success or dead end): a move keeps the sum of the tiles and a spawn
//! raises it, so the states are solved from the largest sum down and every
//! successor is known when it is needed. The fixed cells are modelled by
//! walls of 2^14 and 2^15 in a checkerboard, which no free tile can merge
//! with and no two neighbours of which are equal.
//!
//! A real board matches a table, in one of its eight symmetric images
//! ([`Symmetry`]), when the anchor holds 2^g, every fixed cell holds a tile
//! of 2^g or more with no two neighbouring fixed tiles equal, and every free
//! tile is within its cell's cap. A region that builds its goal tile beside
//! the fixed ones ([`Region::building`]) has no twin: there every fixed tile
//! must be above 2^g. A region's fixed cells form, in every row
//! and column, one run that starts at an edge ([`Region::new`] checks it),
//! so that such a board moves exactly as the model does: its fixed tiles
//! can neither merge with each other nor with a free tile.
//! [`Tables::lookup`] returns the stored move of the best matching table,
//! mapped back to the board.
//!
//! A table is stored as one 16-bit probability per state (p · 65,535,
//! rounded; states in the mixed-radix order of the free cells' exponents,
//! the first free cell lowest) and two bits per state for its move; [`Table::to_bytes`] and
//! [`Table::from_bytes`] give it a versioned header (followed by the drops
//! when the region is capped) and a CRC-32 checksum, and a damaged or
//! truncated file is an error, never a table.

use std::fmt;
use std::io::{self, Read, Write};

use boardkit_grid::Dir;

use crate::symmetry::Symmetry;
use crate::Bitboard;

/// The largest goal exponent (8192): free tiles stay below the walls'
/// 2^14.
pub const MAX_GOAL: u8 = 13;

/// The most states one table may have.
pub const MAX_STATES: u64 = 1 << 32;

/// Bytes of memory per state while a table is built: 2 for the probability
/// and a quarter for the move, rounded up.
pub const BUILD_BYTES_PER_STATE: u64 = 3;

/// A probability's steps in a table: p is stored as the 16-bit integer
/// nearest p · 65,535.
const STEPS: f64 = 65_535.0;

/// The stored form of a probability.
fn quantize(p: f64) -> u16 {
    (p.clamp(0.0, 1.0) * STEPS).round() as u16
}

/// The probability a stored value stands for.
fn dequantize(q: u16) -> f64 {
    f64::from(q) / STEPS
}

/// Which cells of a 4 × 4 board are free, which fixed cell holds the goal
/// tile's twin, and where a new goal tile counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    name: &'static str,
    free: u16,
    anchor: u8,
    targets: u16,
    /// Per cell d: a free cell holds at most 2^(g − d) in a state (1 on
    /// fixed cells and on every cell of an uncapped region).
    drops: [u8; 16],
    /// Whether the anchor must hold the goal tile's twin (else every fixed
    /// tile must be above the goal: the goal tile is built beside them).
    twin: bool,
    /// Whether success also needs a second goal tile under way beside the
    /// first ([`Region::with_second_under_way`]).
    second: bool,
}

/// The drops of an uncapped region: every free tile below the goal.
const UNCAPPED: [u8; 16] = [1; 16];

/// The largest drop a cell may have (it is stored in a nibble).
pub const MAX_DROP: u8 = 15;

/// Why a region cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionError(String);

impl fmt::Display for RegionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RegionError {}

fn bit(mask: u16, cell: usize) -> bool {
    mask >> cell & 1 == 1
}

/// Whether the cells of one line (four cell indices in order) that are
/// fixed form one run from an edge (or none, or all).
fn fixed_run_from_edge(free: u16, line: [usize; 4]) -> bool {
    let fixed: Vec<bool> = line.iter().map(|&c| !bit(free, c)).collect();
    fixed.windows(2).filter(|w| w.first() != w.last()).count() <= 1
}

impl Region {
    /// The lower two rows free, the upper two fixed: the goal tile's twin at
    /// the left end of the second row, the new tile wanted right below it.
    /// (Its mirror image, the twin at the right end, is found by symmetry.)
    pub const TWO_ROWS: Region = Region {
        name: "2x4",
        free: 0xFF00,
        anchor: 4,
        targets: 1 << 8,
        drops: UNCAPPED,
        twin: true,
        second: false,
    };

    /// The perimeter formation's last stage: the upper-left 3 × 3 block
    /// fixed, the last row and the last column free (seven cells); the goal
    /// tile's twin in the block's inner corner, the new tile wanted on
    /// either free cell next to it.
    pub const BLOCK_3X3: Region = Region {
        name: "3x3",
        free: 0xF888,
        anchor: 10,
        targets: (1 << 11) | (1 << 14),
        drops: UNCAPPED,
        twin: true,
        second: false,
    };

    /// The stage before [`Region::BLOCK_3X3`]'s: the same block without its
    /// inner corner fixed (eight fixed cells, eight free); the twin left of
    /// that corner, the new tile wanted on the corner or below the twin.
    /// (The transposed block, the twin above the corner, is found by
    /// symmetry.)
    pub const BLOCK_3X3_CORNER: Region = Region {
        name: "3x3c",
        free: 0xFC88,
        anchor: 9,
        targets: (1 << 10) | (1 << 13),
        drops: UNCAPPED,
        twin: true,
        second: false,
    };

    /// A 2 × 3 block fixed in the upper-left corner (rows 0-1, columns
    /// 0-2), the ten cells of the L around it free: the twin at the left end
    /// of the block's lower row, the new tile wanted right below it. Each
    /// free cell is capped by its distance from that target
    /// ([`Region::capped_by_distance`]): the target and its two neighbours
    /// hold at most 2^(g−1), the next two 2^(g−2), and so on to 2^(g−5) in
    /// the upper-right corner, so a goal of 128 has 14.8 M states where the
    /// uncapped region would have 7^10 = 282 M. A chain falling away from
    /// the target, and its collapse into the goal tile, stay within the
    /// caps. Not in [`Subproblem::standard`].
    pub const BLOCK_2X3_CAPPED: Region = Region {
        name: "2x3cap",
        free: 0xFF88,
        anchor: 4,
        targets: 1 << 8,
        drops: [1, 1, 1, 5, 1, 1, 1, 4, 1, 1, 2, 3, 1, 2, 3, 4],
        twin: true,
        second: false,
    };

    /// The region building its goal tile beside the fixed ones instead of
    /// the anchor's twin: a board matches when every fixed tile is above
    /// 2^g (no two neighbours equal), and the table's value is the chance
    /// of making 2^g on a target. The solved model is the same; only the
    /// matching differs.
    #[must_use]
    pub fn building(self, name: &'static str) -> Region {
        Region {
            name,
            twin: false,
            ..self
        }
    }

    /// The region whose goal is the goal tile on a target *and* a second
    /// one under way beside it: a neighbouring free cell holds 2^(g−1) and
    /// one of its other neighbours 2^(g−1) too, or 2^(g−2) followed by
    /// another 2^(g−2) (a chain that merges into the second goal tile). The
    /// targets may hold the goal tile in a state (their drop is 0), so a
    /// board that has made it stays in the table until the second is under
    /// way; the goal tile anywhere else is still failure. This hands the
    /// search a board ready for the next merge rather than one that spent
    /// its small tiles on the first. As the goal tile stays on the board,
    /// no fixed tile may merge with it: the region becomes a building one
    /// ([`Region::building`]: every fixed tile above the goal).
    #[must_use]
    pub fn with_second_under_way(self, name: &'static str) -> Region {
        let mut drops = self.drops;
        for (c, d) in drops.iter_mut().enumerate() {
            if bit(self.targets, c) {
                *d = 0;
            }
        }
        Region {
            name,
            drops,
            second: true,
            twin: false,
            ..self
        }
    }

    /// Whether success needs a second goal tile under way
    /// ([`Region::with_second_under_way`]).
    #[must_use]
    pub fn needs_second(&self) -> bool {
        self.second
    }

    /// Whether the anchor must hold the goal tile's twin
    /// ([`Region::building`] regions: no).
    #[must_use]
    pub fn is_twin(&self) -> bool {
        self.twin
    }

    /// The corner block of five, "3 + 2": the first three cells of the top
    /// row and the first two of the second fixed, the sixth block tile (the
    /// second row's third cell) to be built below the third and beside the
    /// fifth ([`Region::building`]). Free tiles at most 2^(g−1) in the top
    /// row's last cell, the second row and the third row, 2^(g−2) in the
    /// last row: the caps macroxue's player gives its 11-cell table. 34 M
    /// states at 32, 175 M at 64.
    #[must_use]
    pub fn block_3_2() -> Region {
        let free = !((1 << 0) | (1 << 1) | (1 << 2) | (1 << 4) | (1 << 5));
        let mut drops = [1; 16];
        for d in drops.iter_mut().skip(12) {
            *d = 2;
        }
        Region {
            name: "3p2",
            free,
            anchor: 5,
            targets: 1 << 6,
            drops,
            twin: false,
            second: false,
        }
    }

    /// The 2 × 3 corner block (three cells of each of the top two rows)
    /// fixed, the twin of its inner corner (the second row's third cell)
    /// wanted beside it, on its right or below it; the free cells capped by
    /// their distance from those two, at most three steps
    /// ([`Region::capped_by_distance_within`]). The stage after
    /// [`Region::block_3_2`]'s: that table builds the block's sixth tile,
    /// this one doubles it. 127 M states at 128, 539 M at 256.
    #[must_use]
    pub fn block_2_3_twin() -> Region {
        let fixed: u16 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 4) | (1 << 5) | (1 << 6);
        let region = Region {
            name: "2x3t",
            free: !fixed,
            anchor: 6,
            targets: (1 << 7) | (1 << 10),
            drops: UNCAPPED,
            twin: true,
            second: false,
        };
        region.capped_by_distance_within("2x3t", 3)
    }

    /// The cells of the snake formation in order, from the upper-left
    /// corner along the top row, back along the second row, and so on.
    pub const SNAKE: [usize; 16] = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];

    /// Stage `k` of the snake formation (5 ≤ k ≤ 7): the first k cells of
    /// [`Region::SNAKE`] fixed, the twin of the last of them (the anchor)
    /// wanted on a free cell next to it, and the free cells capped by their
    /// distance from those targets, at most three steps
    /// ([`Region::capped_by_distance_within`]). Stage 5 fixes the top row and
    /// the cell below its end, stage 7 all of the second row but its first
    /// cell; stage 8 is [`Region::TWO_ROWS`]. Named `s5` to `s7`.
    ///
    /// ```
    /// use boardkit_2048::tables::Region;
    ///
    /// let s5 = Region::snake_stage(5).unwrap();
    /// assert_eq!((s5.anchor(), s5.targets()), (7, (1 << 6) | (1 << 11)));
    /// assert!(Region::snake_stage(8).is_none());
    /// ```
    #[must_use]
    pub fn snake_stage(k: usize) -> Option<Region> {
        let name = match k {
            5 => "s5",
            6 => "s6",
            7 => "s7",
            _ => return None,
        };
        let fixed: u16 = Region::SNAKE.iter().take(k).fold(0, |m, &c| m | 1 << c);
        let anchor = *Region::SNAKE.get(k - 1)?;
        let free = !fixed;
        let neighbours = [
            (anchor % 4 > 0).then(|| anchor - 1),
            (anchor % 4 < 3).then_some(anchor + 1),
            anchor.checked_sub(4),
            (anchor < 12).then_some(anchor + 4),
        ];
        let targets = neighbours
            .into_iter()
            .flatten()
            .filter(|&c| bit(free, c))
            .fold(0u16, |m, c| m | 1 << c);
        Region::new(name, free, anchor, targets)
            .ok()
            .map(|r| r.capped_by_distance_within(name, 3))
    }

    /// The regions defined here, by name: [`Region::TWO_ROWS`],
    /// [`Region::BLOCK_3X3`], [`Region::BLOCK_3X3_CORNER`].
    pub const NAMED: [Region; 3] = [
        Region::TWO_ROWS,
        Region::BLOCK_3X3,
        Region::BLOCK_3X3_CORNER,
    ];

    /// The region of [`Region::NAMED`], [`Region::BLOCK_2X3_CAPPED`] or
    /// [`Region::snake_stage`] with this name (`2x4`, `3x3`, `3x3c`,
    /// `2x3cap`, `s5`, `s6`, `s7`).
    #[must_use]
    pub fn named(name: &str) -> Option<Region> {
        Region::NAMED
            .into_iter()
            .chain([Region::BLOCK_2X3_CAPPED])
            .chain((5..=7).filter_map(Region::snake_stage))
            .chain([
                Region::block_3_2(),
                Region::block_3_2().with_second_under_way("3p2s"),
                Region::block_2_3_twin(),
            ])
            .find(|r| r.name == name)
    }

    /// A region: `free` is a mask of free cells (bit 4 × row + col),
    /// `anchor` a fixed cell, `targets` a non-empty mask of free cells.
    ///
    /// ```
    /// use boardkit_2048::tables::Region;
    ///
    /// assert!(Region::new("bottom row", 0xF000, 8, 1 << 12).is_ok());
    /// // A fixed cell between two free ones in a row: not a run from an edge.
    /// assert!(Region::new("gap", 0xFFFF & !(1 << 13), 8, 1 << 12).is_err());
    /// ```
    ///
    /// # Errors
    /// An anchor that is not fixed, targets that are empty or not free, no
    /// free cell, or a row or column whose fixed cells are not one run from
    /// an edge.
    pub fn new(
        name: &'static str,
        free: u16,
        anchor: usize,
        targets: u16,
    ) -> Result<Region, RegionError> {
        let err = |m: &str| Err(RegionError(format!("region {name}: {m}")));
        if free == 0 {
            return err("no free cell");
        }
        if anchor >= 16 || bit(free, anchor) {
            return err("the anchor must be a fixed cell");
        }
        if targets == 0 || targets & !free != 0 {
            return err("the targets must be free cells");
        }
        for i in 0..4 {
            let row = [4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3];
            let col = [i, i + 4, i + 8, i + 12];
            if !fixed_run_from_edge(free, row) || !fixed_run_from_edge(free, col) {
                return err("the fixed cells of every row and column must be one run from an edge");
            }
        }
        Ok(Region {
            name,
            free,
            anchor: anchor as u8,
            targets,
            drops: UNCAPPED,
            twin: true,
            second: false,
        })
    }

    /// The region with per-cell caps: in a sub-problem of goal g, free cell
    /// c holds at most 2^(g − `drops[c]`) (entries of fixed cells are
    /// ignored). Drops of 1 everywhere is the uncapped region.
    ///
    /// ```
    /// use boardkit_2048::tables::{Region, Subproblem};
    ///
    /// let row = Region::new("row", 0xF000, 8, 1 << 12).unwrap();
    /// let mut drops = [1; 16];
    /// drops[15] = 2;
    /// let capped = row.with_drops("row-capped", drops).unwrap();
    /// assert_eq!(capped.cap(4, 15), Some(2));
    /// assert_eq!(Subproblem { region: capped, goal: 4 }.states(), 4 * 4 * 4 * 3);
    /// ```
    ///
    /// # Errors
    /// A free cell's drop outside 1..=[`MAX_DROP`].
    pub fn with_drops(self, name: &'static str, drops: [u8; 16]) -> Result<Region, RegionError> {
        let mut kept = UNCAPPED;
        for c in self.free_cells() {
            let d = drops.get(c).copied().unwrap_or(1);
            if !(1..=MAX_DROP).contains(&d) {
                return Err(RegionError(format!(
                    "region {name}: cell {c}'s drop {d} outside 1..={MAX_DROP}"
                )));
            }
            if let Some(k) = kept.get_mut(c) {
                *k = d;
            }
        }
        Ok(Region {
            name,
            drops: kept,
            ..self
        })
    }

    /// The region with each free cell capped by its distance k from the
    /// nearest target, counted in steps between neighbouring free cells:
    /// drop max(1, k), so a target and its free neighbours hold up to
    /// 2^(g−1), a cell two steps away 2^(g−2), and so on. A chain of
    /// tiles halving away from a target along a shortest path fits, and so
    /// does every step of its collapse: the merge that makes 2^(g−k) makes
    /// it k steps from the target, where the cap is 2^(g−k). A free cell no
    /// path reaches gets drop [`MAX_DROP`] (no goal accepts it).
    #[must_use]
    pub fn capped_by_distance(self, name: &'static str) -> Region {
        self.capped_by_distance_within(name, MAX_DROP)
    }

    /// [`Region::capped_by_distance`] with no drop above `most`: every cell
    /// `most` or more steps from a target holds up to 2^(g − `most`), so far
    /// cells keep room for the small tiles that gather there while the
    /// cells near a target are capped as before.
    ///
    /// ```
    /// use boardkit_2048::tables::Region;
    ///
    /// let row = Region::new("row", 0xF000, 8, 1 << 12).unwrap();
    /// let capped = row.capped_by_distance_within("row-3", 2);
    /// assert_eq!(capped.drops()[12..], [1, 1, 2, 2]);
    /// ```
    #[must_use]
    pub fn capped_by_distance_within(self, name: &'static str, most: u8) -> Region {
        let most = most.clamp(1, MAX_DROP);
        let mut dist = [u8::MAX; 16];
        let mut queue: Vec<usize> = (0..16).filter(|&c| bit(self.targets, c)).collect();
        for &c in &queue {
            if let Some(d) = dist.get_mut(c) {
                *d = 0;
            }
        }
        let mut head = 0;
        while let Some(&c) = queue.get(head) {
            head += 1;
            let next = dist.get(c).map_or(u8::MAX, |d| d.saturating_add(1));
            let left = (c % 4 > 0).then(|| c - 1);
            let right = (c % 4 < 3).then_some(c + 1);
            let up = c.checked_sub(4);
            let down = (c < 12).then_some(c + 4);
            for n in [left, right, up, down].into_iter().flatten() {
                if let Some(d) = dist.get_mut(n) {
                    if bit(self.free, n) && *d == u8::MAX {
                        *d = next;
                        queue.push(n);
                    }
                }
            }
        }
        let mut drops = UNCAPPED;
        for c in self.free_cells() {
            if let (Some(d), Some(&k)) = (drops.get_mut(c), dist.get(c)) {
                *d = k.clamp(1, most);
            }
        }
        Region {
            name,
            drops,
            ..self
        }
    }

    /// The region's name (used in file names).
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The mask of free cells.
    #[must_use]
    pub fn free(&self) -> u16 {
        self.free
    }

    /// The fixed cell holding the goal tile's twin.
    #[must_use]
    pub fn anchor(&self) -> usize {
        usize::from(self.anchor)
    }

    /// The mask of free cells where a goal tile counts as success.
    #[must_use]
    pub fn targets(&self) -> u16 {
        self.targets
    }

    /// Per cell, the drop d of its cap 2^(g − d) (1 on fixed cells and on
    /// every cell of an uncapped region).
    #[must_use]
    pub fn drops(&self) -> [u8; 16] {
        self.drops
    }

    /// Whether some free cell is capped below 2^(g−1).
    #[must_use]
    pub fn is_capped(&self) -> bool {
        self.drops != UNCAPPED
    }

    /// The largest exponent free cell `cell` may hold in a state at goal
    /// `goal`: g − d; `None` for a fixed cell or a cap below 1.
    #[must_use]
    pub fn cap(&self, goal: u8, cell: usize) -> Option<u8> {
        let d = *self.drops.get(cell)?;
        (bit(self.free, cell) && goal > d).then(|| goal - d)
    }

    fn free_cells(&self) -> Vec<usize> {
        (0..16).filter(|&c| bit(self.free, c)).collect()
    }
}

/// A region and a goal exponent: one table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Subproblem {
    /// Which cells move and where the goal tile counts.
    pub region: Region,
    /// The exponent of the tile to build (3 ≤ g ≤ [`MAX_GOAL`]).
    pub goal: u8,
}

/// Why a sub-problem cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubproblemError(String);

impl fmt::Display for SubproblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SubproblemError {}

impl Subproblem {
    /// The tables the AI uses by default: [`Region::TWO_ROWS`], building 32
    /// to 256. (Adding the two perimeter regions lowers the share of games
    /// that reach 16384 with this search: BENCHMARKS.md.)
    #[must_use]
    pub fn standard() -> Vec<Subproblem> {
        Subproblem::for_regions(&[Region::TWO_ROWS])
    }

    /// The tables of `regions`, each building 32 to 256.
    ///
    /// ```
    /// use boardkit_2048::tables::{Region, Subproblem};
    ///
    /// let subs = Subproblem::for_regions(&[Region::BLOCK_3X3]);
    /// assert_eq!(subs.len(), 4);
    /// assert_eq!(subs[1].file_name(), "3x3-64.table");
    /// ```
    #[must_use]
    pub fn for_regions(regions: &[Region]) -> Vec<Subproblem> {
        regions
            .iter()
            .flat_map(|&region| (5..=8).map(move |goal| Subproblem { region, goal }))
            .collect()
    }

    /// Checks the goal and the table's size.
    ///
    /// # Errors
    /// A goal outside 3..=[`MAX_GOAL`], a free cell whose cap at this goal
    /// is below 2^1 (a drop of g or more), or more than [`MAX_STATES`] states.
    pub fn check(&self) -> Result<(), SubproblemError> {
        if !(3..=MAX_GOAL).contains(&self.goal) {
            return Err(SubproblemError(format!(
                "goal exponent {} outside 3..={MAX_GOAL}",
                self.goal
            )));
        }
        if let Some(c) = self
            .region
            .free_cells()
            .into_iter()
            .find(|&c| self.region.cap(self.goal, c).is_none())
        {
            return Err(SubproblemError(format!(
                "{}: cell {c} cannot hold a 2 at this goal",
                self.file_name()
            )));
        }
        if self.states_checked().is_none() {
            return Err(SubproblemError(format!(
                "{} has more than {MAX_STATES} states",
                self.file_name()
            )));
        }
        Ok(())
    }

    fn states_checked(&self) -> Option<u64> {
        self.radices()
            .into_iter()
            .try_fold(1u64, |n, r| n.checked_mul(r))
            .filter(|&n| n <= MAX_STATES)
    }

    /// Per free cell in index order, the number of its exponents in a state:
    /// cap + 1 (g when uncapped; 1 where the cap is below 1).
    fn radices(&self) -> Vec<u64> {
        self.region
            .free_cells()
            .into_iter()
            .map(|c| u64::from(self.region.cap(self.goal, c).unwrap_or(0)) + 1)
            .collect()
    }

    /// The number of states: the product over the free cells of cap + 1
    /// (g^(free cells) when uncapped).
    #[must_use]
    pub fn states(&self) -> u64 {
        self.states_checked().unwrap_or(u64::MAX)
    }

    /// Memory needed to build the table, in bytes.
    #[must_use]
    pub fn build_bytes(&self) -> u64 {
        self.states().saturating_mul(BUILD_BYTES_PER_STATE)
    }

    /// Bytes of the table's file ([`Table::to_bytes`]).
    #[must_use]
    pub fn file_bytes(&self) -> u64 {
        let n = self.states();
        (header_bytes(&self.region) as u64)
            .saturating_add(n.saturating_mul(2))
            .saturating_add(n.div_ceil(4) + 4)
    }

    /// Whether `board`, as it stands (no symmetry), is a state of this
    /// sub-problem: the fixed cells fit (2^g on the anchor, 2^g or more on
    /// the others, no two neighbours equal) and every free tile is within
    /// its cell's cap. A table of this sub-problem has an entry for exactly
    /// these boards. It builds the sub-problem's model on every call: for
    /// analysis, not for play.
    ///
    /// ```
    /// use boardkit_2048::tables::{Region, Subproblem};
    /// use boardkit_2048::Bitboard;
    ///
    /// // Exponents: 9 is 512. The twin of the 32 (2^5) is to be built below it.
    /// let sub = Subproblem { region: Region::TWO_ROWS, goal: 5 };
    /// assert!(sub.fits(Bitboard::from_rows([[9, 8, 7, 6], [5, 6, 8, 10], [1, 2, 0, 0], [4, 0, 0, 1]])));
    /// // A 32 among the free tiles is not below the goal: outside the table.
    /// assert!(!sub.fits(Bitboard::from_rows([[9, 8, 7, 6], [5, 6, 8, 10], [1, 5, 0, 0], [4, 0, 0, 1]])));
    /// ```
    #[must_use]
    pub fn fits(&self, board: Bitboard) -> bool {
        let model = Model::new(self);
        model.fixed_fit(self, board) && model.within_caps(board)
    }

    /// The file name of the table: `2x4-256.table`.
    #[must_use]
    pub fn file_name(&self) -> String {
        format!(
            "{}-{}.table",
            self.region.name,
            crate::tile_value(self.goal)
        )
    }
}

/// A move of a table, as [`Tables::lookup`] returns it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableMove {
    /// The move on the board looked up.
    pub dir: Dir,
    /// The probability of reaching the sub-problem's goal with best play.
    pub probability: f32,
    /// The sub-problem whose table gave the move.
    pub subproblem: Subproblem,
}

/// The move of a state with no allowed move (stored with probability 0).
const NO_MOVE: u8 = 0;

/// A solved sub-problem: every state's best move and success probability.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    sub: Subproblem,
    /// Per state, the success probability ([`quantize`]d).
    values: Vec<u16>,
    /// Per state, two bits: the index of the best move in [`Dir::ALL`]
    /// (meaningless where the probability is 0).
    moves: Vec<u8>,
    model: Model,
}

/// What the solver and the matcher precompute from a sub-problem.
#[derive(Clone, Debug, PartialEq)]
struct Model {
    free_cells: Vec<usize>,
    /// The largest exponent of each free cell in a state (g − 1 uncapped).
    caps: Vec<u8>,
    /// The radix weight of each free cell in a state's index.
    weights: Vec<u64>,
    /// Nibble mask of the fixed cells.
    fixed_mask: u64,
    /// The walls standing for the fixed tiles (14 and 15 in a checkerboard).
    walls: u64,
    /// Pairs of neighbouring fixed cells, which must differ on a real board.
    fixed_pairs: Vec<(usize, usize)>,
    fixed_cells: Vec<usize>,
    /// The boards that are success when a second goal tile must be under
    /// way: (nibble mask, value) pairs, empty otherwise.
    patterns: Vec<(u64, u64)>,
}

/// The free neighbours of `cell` in `free`.
fn free_neighbours(free: u16, cell: usize) -> impl Iterator<Item = usize> {
    let left = (!cell.is_multiple_of(4)).then(|| cell - 1);
    let right = (cell % 4 < 3).then_some(cell + 1);
    let up = cell.checked_sub(4);
    let down = (cell < 12).then_some(cell + 4);
    [left, right, up, down]
        .into_iter()
        .flatten()
        .filter(move |&c| bit(free, c))
}

/// The success patterns of a region whose goal needs a second tile under
/// way (see [`Region::with_second_under_way`]): the goal tile on a target
/// t, 2^(g−1) on a free neighbour n of t, and on a free neighbour m of n
/// (not t) 2^(g−1), or 2^(g−2) with 2^(g−2) on a free neighbour k of m (not
/// n or t).
fn second_patterns(region: &Region, g: u8) -> Vec<(u64, u64)> {
    let free = region.free;
    let cell = |c: usize, e: u8| (0xFu64 << (4 * c), u64::from(e) << (4 * c));
    let join = |parts: &[(u64, u64)]| {
        parts
            .iter()
            .fold((0, 0), |(m, v), &(pm, pv)| (m | pm, v | pv))
    };
    let mut out = Vec::new();
    if g < 3 {
        return out;
    }
    for t in (0..16).filter(|&c| bit(region.targets, c)) {
        for n in free_neighbours(free, t) {
            for m in free_neighbours(free, n).filter(|&m| m != t) {
                out.push(join(&[cell(t, g), cell(n, g - 1), cell(m, g - 1)]));
                for k in free_neighbours(free, m).filter(|&k| k != n && k != t) {
                    out.push(join(&[
                        cell(t, g),
                        cell(n, g - 1),
                        cell(m, g - 2),
                        cell(k, g - 2),
                    ]));
                }
            }
        }
    }
    out
}

impl Model {
    fn new(sub: &Subproblem) -> Model {
        let free_cells = sub.region.free_cells();
        let caps: Vec<u8> = free_cells
            .iter()
            .map(|&c| sub.region.cap(sub.goal, c).unwrap_or(0))
            .collect();
        let mut weights = Vec::with_capacity(free_cells.len());
        let mut w = 1u64;
        for &cap in &caps {
            weights.push(w);
            w = w.saturating_mul(u64::from(cap) + 1);
        }
        let fixed_cells: Vec<usize> = (0..16).filter(|&c| !bit(sub.region.free, c)).collect();
        let mut fixed_mask = 0u64;
        let mut walls = 0u64;
        for &c in &fixed_cells {
            fixed_mask |= 0xF << (4 * c);
            let wall = if (c / 4 + c % 4) % 2 == 0 { 14 } else { 15 };
            walls |= wall << (4 * c);
        }
        let mut fixed_pairs = Vec::new();
        for &c in &fixed_cells {
            if c % 4 < 3 && !bit(sub.region.free, c + 1) {
                fixed_pairs.push((c, c + 1));
            }
            if c < 12 && !bit(sub.region.free, c + 4) {
                fixed_pairs.push((c, c + 4));
            }
        }
        Model {
            free_cells,
            caps,
            weights,
            fixed_mask,
            walls,
            fixed_pairs,
            fixed_cells,
            patterns: if sub.region.second {
                second_patterns(&sub.region, sub.goal)
            } else {
                Vec::new()
            },
        }
    }

    /// The model board of state `index`.
    fn board(&self, mut index: u64) -> Bitboard {
        let mut x = self.walls;
        for (&c, &cap) in self.free_cells.iter().zip(&self.caps) {
            let radix = u64::from(cap) + 1;
            x |= (index % radix) << (4 * c);
            index /= radix;
        }
        Bitboard(x)
    }

    /// Whether every free tile of `board` is within its cell's cap.
    fn within_caps(&self, board: Bitboard) -> bool {
        self.free_cells
            .iter()
            .zip(&self.caps)
            .all(|(&c, &cap)| board.cell(c) <= cap)
    }

    /// Whether the fixed cells of `board` fit `sub`: 2^g on the anchor,
    /// 2^g or more on every fixed cell, no two neighbouring fixed tiles
    /// equal.
    fn fixed_fit(&self, sub: &Subproblem, board: Bitboard) -> bool {
        let g = sub.goal;
        let fixed_ok = if sub.region.twin {
            board.cell(sub.region.anchor()) == g
                && self.fixed_cells.iter().all(|&c| board.cell(c) >= g)
        } else {
            self.fixed_cells.iter().all(|&c| board.cell(c) > g)
        };
        fixed_ok
            && self
                .fixed_pairs
                .iter()
                .all(|&(a, b)| board.cell(a) != board.cell(b))
    }

    /// Whether `board` is already a success of a goal that needs a second
    /// tile under way (then the table has done its part: it does not
    /// match).
    fn reached(&self, board: Bitboard) -> bool {
        self.patterns.iter().any(|&(m, v)| board.0 & m == v)
    }

    /// The index of a model board whose free tiles are all within their
    /// caps.
    fn index(&self, board: Bitboard) -> u64 {
        self.free_cells
            .iter()
            .zip(&self.weights)
            .map(|(&c, &w)| u64::from(board.cell(c)) * w)
            .sum()
    }
}

/// Why bytes are not a table.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// Fewer or more bytes than the header says.
    Length {
        /// The bytes the header (or the smallest header) needs.
        expected: u64,
        /// The bytes given.
        found: u64,
    },
    /// Not a table file, or one of another format version.
    Header(String),
    /// The table is of another sub-problem than the one asked for.
    Subproblem,
    /// The checksum does not match the contents.
    Checksum,
    /// The bytes could not be read (an I/O error of the reader).
    Read(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Length { expected, found } => {
                write!(
                    f,
                    "truncated or overlong: {found} bytes, expected {expected}"
                )
            }
            TableError::Header(m) => write!(f, "not a table file of this version: {m}"),
            TableError::Subproblem => f.write_str("the table is of another sub-problem"),
            TableError::Checksum => f.write_str("checksum mismatch: the file is damaged"),
            TableError::Read(e) => write!(f, "cannot read: {e}"),
        }
    }
}

impl std::error::Error for TableError {}

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"BK2048T\n";

/// The format version; a file of another version is rebuilt.
pub const FORMAT_VERSION: u32 = 2;

/// Magic, version, free mask, targets mask, anchor, goal, a flag byte (1
/// when the region is capped, plus 2 when its goal needs a second tile
/// under way), a flag byte (1 when the region builds its
/// goal beside the fixed tiles rather than the anchor's twin), state count.
const HEADER_BYTES: usize = 8 + 4 + 2 + 2 + 1 + 1 + 2 + 8;

/// The bytes after the header of a capped region: its drops, a nibble per
/// cell, cell 0 lowest.
const DROPS_BYTES: usize = 8;

/// The header's length for `region`: the drops follow it when capped.
fn header_bytes(region: &Region) -> usize {
    if region.is_capped() {
        HEADER_BYTES + DROPS_BYTES
    } else {
        HEADER_BYTES
    }
}

/// The header's flag byte of `region`: 1 when capped, plus 2 when its goal
/// needs a second tile under way.
fn region_flags(region: &Region) -> u8 {
    u8::from(region.is_capped()) | u8::from(region.second) << 1
}

/// The drops of `region` packed a nibble per cell.
fn packed_drops(region: &Region) -> u64 {
    region
        .drops
        .iter()
        .enumerate()
        .fold(0, |x, (c, &d)| x | u64::from(d & 0xF) << (4 * c))
}

impl Table {
    /// Solves `sub` exactly. `progress(done, total)` is called now and then
    /// with the states solved so far.
    ///
    /// ```
    /// use boardkit_2048::tables::{Region, Subproblem, Table};
    ///
    /// // Build an 8 in the bottom row next to the 8 above its left end.
    /// let region = Region::new("row", 0xF000, 8, 1 << 12).unwrap();
    /// let table = Table::build(Subproblem { region, goal: 3 }, |_, _| {}).unwrap();
    /// assert_eq!(table.states(), 3u64.pow(4));
    /// ```
    ///
    /// # Errors
    /// A sub-problem that [`Subproblem::check`] refuses.
    pub fn build(
        sub: Subproblem,
        mut progress: impl FnMut(u64, u64),
    ) -> Result<Table, SubproblemError> {
        sub.check()?;
        crate::bitboard::init_tables();
        let model = Model::new(&sub);
        let n = usize::try_from(sub.states())
            .map_err(|_| SubproblemError("too many states for this machine".into()))?;
        let mut values = vec![0u16; n];
        let mut moves = vec![0u8; n.div_ceil(4)];
        let total = n as u64;
        let mut done = 0u64;
        for_each_state_by_sum(&model, |state| {
            let (dir, value) = solve_state(&sub, &model, &values, state);
            if let Ok(i) = usize::try_from(state) {
                if let Some(v) = values.get_mut(i) {
                    *v = quantize(f64::from(value));
                }
                set_move(&mut moves, i, dir);
            }
            if done.is_multiple_of(1 << 16) {
                progress(done, total);
            }
            done += 1;
        });
        progress(total, total);
        Ok(Table {
            sub,
            values,
            moves,
            model,
        })
    }

    /// The sub-problem solved.
    #[must_use]
    pub fn subproblem(&self) -> Subproblem {
        self.sub
    }

    /// The number of states.
    #[must_use]
    pub fn states(&self) -> u64 {
        self.values.len() as u64
    }

    /// The best move and success probability of a board already in the
    /// table's orientation (its fixed cells are not checked); `None` when a
    /// free tile is above its cell's cap or no move has a chance.
    fn entry(&self, board: Bitboard) -> Option<(Dir, f32)> {
        if !self.model.within_caps(board) {
            return None;
        }
        let i = usize::try_from(self.model.index(board)).ok()?;
        let q = *self.values.get(i)?;
        (q > 0).then(|| (get_move(&self.moves, i), dequantize(q) as f32))
    }

    /// The best move and probability of success of a board matching this
    /// table as it stands (no symmetry): `None` when it does not match or
    /// no move has a chance.
    #[must_use]
    pub fn probe(&self, board: Bitboard) -> Option<(Dir, f32)> {
        if !self.model.fixed_fit(&self.sub, board) || self.model.reached(board) {
            return None;
        }
        self.entry(board)
    }

    /// Per move (indexed by [`Dir::index`]), the probability of success
    /// after it with best play from then on, for a board matching this
    /// table as it stands (no symmetry): `None` for a move the table does
    /// not allow (it changes nothing or moves a fixed tile). `None` in all
    /// when the board does not match.
    #[must_use]
    pub fn chances(&self, board: Bitboard) -> Option<[Option<f32>; 4]> {
        let m = &self.model;
        if !m.fixed_fit(&self.sub, board) || !m.within_caps(board) || m.reached(board) {
            return None;
        }
        let model_board = Bitboard((board.0 & !m.fixed_mask) | m.walls);
        let mut out = [None; 4];
        for (slot, after) in out.iter_mut().zip(model_board.slides()) {
            if after != model_board && after.0 & m.fixed_mask == m.walls {
                let p = move_value(&self.sub, m, &self.values, after);
                // Rounded as a stored value is, so the best move's chance
                // is the probability stored for the board.
                *slot = Some(dequantize(quantize(f64::from(p))) as f32);
            }
        }
        Some(out)
    }

    /// The success probability of the state of the free cells in `board`
    /// (its fixed cells ignored), for tests and analysis; `None` when a free
    /// tile is above its cell's cap.
    #[must_use]
    pub fn probability(&self, board: Bitboard) -> Option<f32> {
        if !self.model.within_caps(board) {
            return None;
        }
        let i = usize::try_from(self.model.index(board)).ok()?;
        self.values.get(i).map(|&q| dequantize(q) as f32)
    }

    /// The table as bytes, as [`Table::write_to`] writes them.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(usize::try_from(self.sub.file_bytes()).unwrap_or(0));
        // Writing into a Vec cannot fail.
        let _ = self.write_to(&mut out);
        out
    }

    /// Writes the table: header (followed by the drops when the region is
    /// capped), probabilities (little-endian `u16` steps of 1/65,535), moves
    /// (two bits each), CRC-32 of everything before it. The table is
    /// written a chunk at a time, never copied whole, so saving a table
    /// needs no memory beyond the table's own.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        let region = &self.sub.region;
        let mut head = Vec::with_capacity(header_bytes(region));
        head.extend_from_slice(MAGIC);
        head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        head.extend_from_slice(&region.free.to_le_bytes());
        head.extend_from_slice(&region.targets.to_le_bytes());
        head.push(region.anchor);
        head.push(self.sub.goal);
        head.extend_from_slice(&[region_flags(region), u8::from(!region.twin)]);
        head.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        if region.is_capped() {
            head.extend_from_slice(&packed_drops(region).to_le_bytes());
        }
        let mut crc = crc32fast::Hasher::new();
        let mut put = |bytes: &[u8]| {
            crc.update(bytes);
            w.write_all(bytes)
        };
        put(&head)?;
        let mut chunk = Vec::with_capacity(2 * CHUNK);
        for values in self.values.chunks(CHUNK) {
            chunk.clear();
            for v in values {
                chunk.extend_from_slice(&v.to_le_bytes());
            }
            put(&chunk)?;
        }
        put(&self.moves)?;
        let sum = crc.finalize();
        w.write_all(&sum.to_le_bytes())
    }

    /// Reads the table of `sub` from bytes written by [`Table::to_bytes`].
    ///
    /// # Errors
    /// Wrong length, magic or version, another sub-problem, or a checksum
    /// mismatch.
    pub fn from_bytes(sub: Subproblem, bytes: &[u8]) -> Result<Table, TableError> {
        Table::read_from(sub, &mut &*bytes)
    }

    /// Reads the table of `sub` from `r` (a file, say), as
    /// [`Table::write_to`] wrote it: a chunk at a time, so loading needs no
    /// memory beyond the table's own. Reads to the end of `r`: a byte more
    /// or less than the table's size is an error.
    ///
    /// # Errors
    /// Wrong length, magic or version, another sub-problem, a checksum
    /// mismatch, or the reader's error.
    pub fn read_from(sub: Subproblem, r: &mut impl Read) -> Result<Table, TableError> {
        sub.check().map_err(|_| TableError::Subproblem)?;
        let mut crc = crc32fast::Hasher::new();
        let mut got = 0u64;
        let mut read = |buf: &mut [u8], crc: &mut crc32fast::Hasher| -> Result<bool, TableError> {
            let n = fill(r, buf).map_err(|e| TableError::Read(e.to_string()))?;
            got += n as u64;
            crc.update(buf.get(..n).unwrap_or_default());
            Ok(n == buf.len())
        };
        let mut header = [0u8; HEADER_BYTES];
        if !read(&mut header, &mut crc)? {
            return Err(TableError::Length {
                expected: HEADER_BYTES as u64,
                found: got,
            });
        }
        let (magic, rest) = header.split_at(8);
        if magic != MAGIC {
            return Err(TableError::Header("wrong magic bytes".into()));
        }
        let version = u32::from_le_bytes(array(rest, 0));
        if version != FORMAT_VERSION {
            return Err(TableError::Header(format!(
                "format version {version}, this program reads {FORMAT_VERSION}"
            )));
        }
        let free = u16::from_le_bytes(array(rest, 4));
        let targets = u16::from_le_bytes(array(rest, 6));
        let anchor = rest.get(8).copied();
        let goal = rest.get(9).copied();
        let capped = rest.get(10).copied();
        let building = rest.get(11).copied();
        let n = u64::from_le_bytes(array(rest, 12));
        let region = sub.region;
        if (free, targets, anchor, goal)
            != (
                region.free,
                region.targets,
                Some(region.anchor),
                Some(sub.goal),
            )
            || capped != Some(region_flags(&region))
            || building != Some(u8::from(!region.twin))
            || n != sub.states()
        {
            return Err(TableError::Subproblem);
        }
        let expected = sub.file_bytes();
        let short = |got: u64| TableError::Length {
            expected,
            found: got,
        };
        if region.is_capped() {
            let mut drops = [0u8; DROPS_BYTES];
            if !read(&mut drops, &mut crc)? {
                return Err(short(got));
            }
            if u64::from_le_bytes(drops) != packed_drops(&region) {
                return Err(TableError::Subproblem);
            }
        }
        let n = usize::try_from(n).map_err(|_| TableError::Subproblem)?;
        let mut values = Vec::with_capacity(n);
        let mut chunk = vec![0u8; 2 * CHUNK];
        while values.len() < n {
            let len = 2 * CHUNK.min(n - values.len());
            let part = chunk.get_mut(..len).unwrap_or_default();
            if !read(part, &mut crc)? {
                return Err(short(got));
            }
            values.extend(
                part.chunks_exact(2)
                    .map(|c| u16::from_le_bytes(array(c, 0))),
            );
        }
        let mut moves = vec![0u8; n.div_ceil(4)];
        if !read(&mut moves, &mut crc)? {
            return Err(short(got));
        }
        let mut sum = [0u8; 4];
        let whole = read(&mut sum, &mut crc32fast::Hasher::new())?;
        if !whole {
            return Err(short(got));
        }
        let extra = io::copy(r, &mut io::sink()).map_err(|e| TableError::Read(e.to_string()))?;
        if extra > 0 {
            return Err(TableError::Length {
                expected,
                found: got + extra,
            });
        }
        if crc.finalize() != u32::from_le_bytes(sum) {
            return Err(TableError::Checksum);
        }
        Ok(Table {
            sub,
            values,
            moves,
            model: Model::new(&sub),
        })
    }
}

/// Values written or read at a time.
const CHUNK: usize = 1 << 15;

/// Reads into `buf` until it is full or `r` ends; returns the bytes read.
fn fill(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut at = 0;
    while let Some(rest) = buf.get_mut(at..).filter(|b| !b.is_empty()) {
        match r.read(rest) {
            Ok(0) => break,
            Ok(k) => at += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(at)
}

/// `N` bytes of `bytes` from `at` (zeros past its end; lengths are checked
/// before).
fn array<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    for (o, b) in out.iter_mut().zip(bytes.iter().skip(at)) {
        *o = *b;
    }
    out
}

fn set_move(moves: &mut [u8], i: usize, dir: Option<Dir>) {
    let code = dir.map_or(NO_MOVE, |d| d.index() as u8);
    if let Some(byte) = moves.get_mut(i / 4) {
        let shift = 2 * (i % 4);
        *byte = (*byte & !(3 << shift)) | (code << shift);
    }
}

fn get_move(moves: &[u8], i: usize) -> Dir {
    let code = moves.get(i / 4).map_or(0, |b| (b >> (2 * (i % 4))) & 3);
    Dir::ALL.get(usize::from(code)).copied().unwrap_or(Dir::Up)
}

/// A tile's share of the tile sum, in units of 2 (0 for an empty cell).
fn unit(e: u8) -> u64 {
    if e == 0 {
        0
    } else {
        1 << (e - 1)
    }
}

/// The states of a run of free cells grouped by their tiles' sum: the part
/// of the state index those cells give, in increasing order within a sum.
struct BySum {
    /// The parts of sum s are `parts[starts[s]..starts[s + 1]]`.
    starts: Vec<usize>,
    parts: Vec<u64>,
    /// The largest sum.
    most: u64,
}

impl BySum {
    /// Groups the states of the cells with these caps and radix weights
    /// (in index order); sums are in units of 2, as [`unit()`] counts them.
    fn new(caps: &[u8], weights: &[u64]) -> BySum {
        let count: u64 = caps.iter().map(|&c| u64::from(c) + 1).product();
        let most: u64 = caps.iter().map(|&c| unit(c)).sum();
        let mut sums = Vec::new();
        let mut parts = Vec::new();
        for mut rest in 0..count {
            let (mut sum, mut part) = (0, 0);
            for (&cap, &w) in caps.iter().zip(weights) {
                let radix = u64::from(cap) + 1;
                let d = rest % radix;
                rest /= radix;
                sum += unit(u8::try_from(d).unwrap_or(0));
                part += d * w;
            }
            sums.push(sum as usize);
            parts.push(part);
        }
        let mut starts = vec![0usize; most as usize + 2];
        for &s in &sums {
            if let Some(c) = starts.get_mut(s + 1) {
                *c += 1;
            }
        }
        let mut before = 0;
        for start in &mut starts {
            before += *start;
            *start = before;
        }
        let mut next = starts.clone();
        let mut sorted = vec![0u64; parts.len()];
        for (&s, &part) in sums.iter().zip(&parts) {
            if let Some(at) = next.get_mut(s) {
                if let Some(slot) = sorted.get_mut(*at) {
                    *slot = part;
                }
                *at += 1;
            }
        }
        BySum {
            starts,
            parts: sorted,
            most,
        }
    }

    /// The parts whose tiles sum to `sum`, increasing.
    fn with_sum(&self, sum: u64) -> &[u64] {
        let at = |s: u64| {
            usize::try_from(s)
                .ok()
                .and_then(|s| self.starts.get(s))
                .copied()
                .unwrap_or(0)
        };
        self.parts.get(at(sum)..at(sum + 1)).unwrap_or_default()
    }
}

/// Calls `visit` on every state once, largest tile sum first, so every
/// successor of a state (a move keeps the sum, a spawn raises it) is
/// visited before it. The free cells are split into a low and a high run of
/// about √n states each, both grouped by sum; the states of a sum are the
/// pairs of a low and a high part whose sums add up to it, so no per-state
/// order is stored.
fn for_each_state_by_sum(model: &Model, mut visit: impl FnMut(u64)) {
    let n: u64 = model.caps.iter().map(|&c| u64::from(c) + 1).product();
    let mut split = 0;
    let mut low_states = 1u64;
    while low_states.saturating_mul(low_states) < n {
        let Some(&cap) = model.caps.get(split) else {
            break;
        };
        low_states *= u64::from(cap) + 1;
        split += 1;
    }
    let (low_caps, high_caps) = model.caps.split_at(split.min(model.caps.len()));
    let (low_weights, high_weights) = model.weights.split_at(low_caps.len());
    let low = BySum::new(low_caps, low_weights);
    let high = BySum::new(high_caps, high_weights);
    for sum in (0..=low.most + high.most).rev() {
        for high_sum in sum.saturating_sub(low.most)..=sum.min(high.most) {
            let lows = low.with_sum(sum - high_sum);
            for &h in high.with_sum(high_sum) {
                for &l in lows {
                    visit(h + l);
                }
            }
        }
    }
}

/// The best move of state `index` and its probability, from the values of
/// the states with larger sums.
fn solve_state(sub: &Subproblem, model: &Model, values: &[u16], index: u64) -> (Option<Dir>, f32) {
    let board = model.board(index);
    let mut best: Option<Dir> = None;
    let mut best_value = 0f32;
    for (dir, after) in Dir::ALL.into_iter().zip(board.slides()) {
        if after == board || after.0 & model.fixed_mask != model.walls {
            continue;
        }
        let value = move_value(sub, model, values, after);
        if value > best_value {
            best_value = value;
            best = Some(dir);
        }
    }
    (best, best_value)
}

/// The success probability of an allowed move's result `after`: 1 when it
/// made the goal tile on a target (whatever else it did), 0 when it made
/// it elsewhere or left a free tile above its cell's cap (the board is
/// outside the table), else the average over the spawns, a spawn above its
/// cell's cap counting 0.
fn move_value(sub: &Subproblem, model: &Model, values: &[u16], after: Bitboard) -> f32 {
    let g = sub.goal;
    let second = sub.region.second;
    let mut failed = false;
    for (&c, &cap) in model.free_cells.iter().zip(&model.caps) {
        let e = after.cell(c);
        if e == g && !second && bit(sub.region.targets, c) {
            return 1.0;
        }
        failed |= e > cap;
    }
    if failed {
        return 0.0;
    }
    if model.reached(after) {
        return 1.0;
    }
    let base = model.index(after);
    let v = |i: u64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| values.get(i))
            .map_or(0.0, |&q| dequantize(q))
    };
    let mut total = 0f64;
    let mut empty = 0u32;
    for ((&c, &w), &cap) in model.free_cells.iter().zip(&model.weights).zip(&model.caps) {
        if after.cell(c) == 0 {
            empty += 1;
            let four = if cap >= 2 { 0.1 * v(base + 2 * w) } else { 0.0 };
            total += 0.9 * v(base + w) + four;
        }
    }
    if empty == 0 {
        return 0.0;
    }
    (total / f64::from(empty)) as f32
}

/// The tables the AI plays with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tables {
    tables: Vec<Table>,
    /// The least probability of success at which a table's move is taken.
    min_probability: f32,
}

impl Tables {
    /// No tables: every board is searched.
    #[must_use]
    pub fn none() -> Tables {
        Tables::default()
    }

    /// These tables.
    #[must_use]
    pub fn new(tables: Vec<Table>) -> Tables {
        Tables {
            tables,
            min_probability: 0.0,
        }
    }

    /// These tables, their moves taken only at a probability of success of
    /// `p` or more (any chance at all with [`Tables::new`]): below it the
    /// board is searched.
    #[must_use]
    pub fn with_min_probability(self, p: f32) -> Tables {
        Tables {
            min_probability: p,
            ..self
        }
    }

    /// The least probability of success at which a table's move is taken
    /// (0: any chance).
    #[must_use]
    pub fn min_probability(&self) -> f32 {
        self.min_probability
    }

    /// Per move of `board` (indexed by [`Dir::index`]), the probability of
    /// success the best matching table gives it, from the table and
    /// symmetry whose best move has the highest chance (ties as in
    /// [`Tables::lookup`]); `None` for a move that table does not allow, and
    /// in all when no table matches with a chance of success or the best
    /// chance is below [`Tables::min_probability`].
    #[must_use]
    pub fn chances(&self, board: Bitboard) -> Option<[Option<f32>; 4]> {
        let mut best: Option<(f32, [Option<f32>; 4])> = None;
        for s in Symmetry::ALL {
            let image = s.apply(board);
            for t in &self.tables {
                let Some(chances) = t.chances(image) else {
                    continue;
                };
                let top = chances.iter().flatten().fold(0f32, |a, &p| a.max(p));
                if top > 0.0 && best.is_none_or(|(b, _)| top > b) {
                    let mut mapped = [None; 4];
                    for (d, p) in Dir::ALL.into_iter().zip(chances) {
                        if let Some(slot) = mapped.get_mut(s.undo_dir(d).index()) {
                            *slot = p;
                        }
                    }
                    best = Some((top, mapped));
                }
            }
        }
        best.filter(|(top, _)| *top >= self.min_probability)
            .map(|(_, chances)| chances)
    }

    /// The tables held.
    #[must_use]
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The stored move for `board` of the matching table with the highest
    /// probability of success, over the board's eight symmetric images
    /// (ties: the first table, then the first symmetry in
    /// [`Symmetry::ALL`]); `None` when no table matches with a chance of
    /// success, or the best chance is below [`Tables::min_probability`].
    /// The move is always legal on `board`.
    #[must_use]
    pub fn lookup(&self, board: Bitboard) -> Option<TableMove> {
        let mut best: Option<TableMove> = None;
        for s in Symmetry::ALL {
            let image = s.apply(board);
            for t in &self.tables {
                if let Some((d, p)) = t.probe(image) {
                    if best.is_none_or(|b| p > b.probability) {
                        best = Some(TableMove {
                            dir: s.undo_dir(d),
                            probability: p,
                            subproblem: t.sub,
                        });
                    }
                }
            }
        }
        best.filter(|m| m.probability >= self.min_probability && board.slide(m.dir) != board)
    }
}

#[cfg(test)]
mod tests;
