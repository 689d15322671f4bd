//! The frontier (broken-profile) dynamic program.
//!
//! Cells are scanned in row-major order along the shorter side of a region
//! (a region wider than tall is transposed, so its scan rows are short).
//! Before cell `p` is scanned, a
//! state is a bit mask of the cells `p, p + 1, …` already covered by pieces
//! placed earlier; bit `i` stands for cell `p + i`. Scanning `p`:
//!
//! * if `p` is black, or already covered (bit 0 set), the state moves on
//!   unchanged: `m >> 1`;
//! * otherwise `p` must be the anchor (first cell in row-major order) of a
//!   piece: for each placement whose cells are on the board, white and free
//!   (`m & b == 0`), the state becomes `(m | b) >> 1`.
//!
//! The covering count is the count of the empty state after the last cell.
//! A placement's mask spans `dr * width + dc` bits for its lowest cell, so
//! the L-tromino needs `width + 2` bits; regions needing more than 64 are
//! refused.
//!
//! A table is a vector of states sorted by mask, with their counts beside
//! them. Because a placement needs `m & b == 0`, `(m | b) >> 1 = (m + b) >> 1`
//! is increasing in `m`: each transition maps the sorted table to a sorted
//! stream, and the next table is a merge of those streams (one per
//! placement, plus the pass-through), adding the counts of equal masks. No
//! hashing, no sorting, and the tables are reused from step to step. Each
//! table is kept in two halves by bit 0, so the pass-through stream reads
//! only the covered states and the placements only the uncovered ones, and
//! the merge is compiled for each small number of streams.

use boardkit_grid::Pos;
use num_bigint::BigUint;
use ruint::Uint;

use crate::budget::{Budget, Clock};
use crate::estimate::{board_bytes, scan_bytes, RectangleScan, MAX_FRONTIER_BITS};
use crate::limits::{CoverError, Limits};
use crate::region::{regions, Region};
use crate::tally::{from_u128, widen_uint, Tally};
use crate::{Board, PieceSet};

/// One region prepared for scanning: its cells (in scan order) and the
/// placements anchored at each.
#[derive(Clone, Debug)]
pub(crate) struct Scan {
    /// Rows of the scan.
    pub height: usize,
    /// Cells per scan row: the shorter side of the region.
    pub width: usize,
    /// True when scan row r, column c is region row c, column r.
    pub transposed: bool,
    /// Bits of the frontier: one more than the largest placement offset.
    pub bits: usize,
    /// Whether each cell is white, in scan order.
    white: Vec<bool>,
    /// `placements[starts[p]..starts[p + 1]]` are the masks of the placements
    /// anchored at cell `p` (bit `i` is cell `p + i`).
    starts: Vec<usize>,
    placements: Vec<u64>,
}

/// A region seen in scan order: as it is, or transposed.
#[derive(Clone, Copy, Debug)]
struct View<'a> {
    board: &'a Board,
    transposed: bool,
}

impl View<'_> {
    /// Scan rows and cells per scan row.
    fn dims(&self) -> (usize, usize) {
        let (h, w) = (self.board.height(), self.board.width());
        if self.transposed {
            (w, h)
        } else {
            (h, w)
        }
    }

    fn is_white_at(&self, r: isize, c: isize) -> bool {
        if self.transposed {
            self.board.is_white_at(c, r)
        } else {
            self.board.is_white_at(r, c)
        }
    }
}

/// What [`walk`] meets, in scan order.
enum Event {
    /// The next cell starts.
    Cell,
    /// A placement anchored at the current cell, within 64 bits.
    Placement(u64),
}

/// The anchored cells of each shape.
fn anchored(pieces: &PieceSet) -> Vec<Vec<(isize, isize)>> {
    pieces.shapes().iter().map(|s| s.anchored()).collect()
}

/// Goes through the cells of `view` in scan order and the placements of
/// `shapes` anchored at each (cells white and on the board), telling `f`;
/// returns the frontier bits: one more than the farthest placement offset.
/// The time limit is checked once per scan row.
fn walk(
    view: View<'_>,
    shapes: &[Vec<(isize, isize)>],
    clock: &Clock,
    mut f: impl FnMut(Event),
) -> Result<usize, CoverError> {
    let (h, w) = view.dims();
    let mut widest = 0;
    for r in 0..h {
        clock.check(0, h * w)?;
        for c in 0..w {
            f(Event::Cell);
            let (ri, ci) = (to_isize(r), to_isize(c));
            if !view.is_white_at(ri, ci) {
                continue;
            }
            for shape in shapes {
                if !shape
                    .iter()
                    .all(|&(dr, dc)| view.is_white_at(ri + dr, ci + dc))
                {
                    continue;
                }
                // Each cell lies in a later row or further right in the
                // anchor's row, so its offset in the scan is positive.
                let offsets = shape
                    .iter()
                    .map(|&(dr, dc)| usize::try_from(dr * to_isize(w) + dc).unwrap_or(usize::MAX));
                let last = offsets.clone().max().unwrap_or(0);
                widest = widest.max(last.saturating_add(1));
                if last < MAX_FRONTIER_BITS {
                    f(Event::Placement(offsets.fold(0u64, |m, o| m | 1 << o)));
                }
            }
        }
    }
    Ok(widest)
}

/// How a region is to be scanned, found without allocating.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    transposed: bool,
    bits: usize,
    placements: u64,
}

impl Scan {
    /// How to scan a region: along whichever side needs the narrower
    /// frontier (the shorter side, for sets closed under transposition),
    /// or `TooWide` when both need more than 64 bits.
    /// An all-white region is planned from its size and the shapes alone
    /// ([`RectangleScan`]), which gives the same plan.
    pub fn plan(board: &Board, pieces: &PieceSet, clock: &Clock) -> Result<Plan, CoverError> {
        let (h, w) = (board.height(), board.width());
        if board.white_count() == h * w {
            return RectangleScan::of(h, w, pieces)
                .map(|s| Plan {
                    transposed: s.transposed,
                    bits: s.bits,
                    placements: s.placements,
                })
                .map_err(|bits| CoverError::TooWide {
                    height: h,
                    width: w,
                    bits,
                });
        }
        Scan::walked_plan(board, pieces, clock)
    }

    /// [`Scan::plan`] by walking the cells: the placements of each shape
    /// anchored at each white cell.
    fn walked_plan(board: &Board, pieces: &PieceSet, clock: &Clock) -> Result<Plan, CoverError> {
        let survey = |transposed: bool, pieces: &PieceSet| -> Result<Plan, CoverError> {
            let mut placements = 0u64;
            let bits = walk(View { board, transposed }, &anchored(pieces), clock, |e| {
                if let Event::Placement(_) = e {
                    placements += 1;
                }
            })?;
            Ok(Plan {
                transposed,
                bits,
                placements,
            })
        };
        let across = survey(false, pieces)?;
        let down = survey(true, &pieces.transpose())?;
        let fits = |p: &Plan| p.bits <= MAX_FRONTIER_BITS;
        match (fits(&across), fits(&down)) {
            (true, true) => {
                let key = |p: &Plan, width: usize| (p.bits, width);
                Ok(
                    if key(&down, board.height()) < key(&across, board.width()) {
                        down
                    } else {
                        across
                    },
                )
            }
            (true, false) => Ok(across),
            (false, true) => Ok(down),
            (false, false) => Err(CoverError::TooWide {
                height: board.height(),
                width: board.width(),
                bits: across.bits.min(down.bits),
            }),
        }
    }

    /// Prepares a region as `plan` says, its bytes ([`scan_bytes`]) taken
    /// from `budget` first; returns them with the scan.
    pub fn build(
        board: &Board,
        pieces: &PieceSet,
        plan: &Plan,
        budget: &mut Budget,
        clock: &Clock,
    ) -> Result<(Scan, u64), CoverError> {
        let view = View {
            board,
            transposed: plan.transposed,
        };
        let (h, w) = view.dims();
        let cells = h * w;
        let bytes = scan_bytes(cells as u64, plan.placements);
        budget.take(bytes)?;
        let shapes = if plan.transposed {
            anchored(&pieces.transpose())
        } else {
            anchored(pieces)
        };
        let mut starts = Vec::with_capacity(cells + 1);
        let mut placements =
            Vec::with_capacity(usize::try_from(plan.placements).unwrap_or(usize::MAX));
        walk(view, &shapes, clock, |e| match e {
            Event::Cell => starts.push(placements.len()),
            Event::Placement(m) => placements.push(m),
        })?;
        starts.push(placements.len());
        let white = if plan.transposed {
            let mut white = Vec::with_capacity(cells);
            for r in 0..h {
                for c in 0..w {
                    white.push(view.is_white_at(to_isize(r), to_isize(c)));
                }
            }
            white
        } else {
            board.cells().to_vec()
        };
        let scan = Scan {
            height: h,
            width: w,
            transposed: plan.transposed,
            bits: plan.bits,
            white,
            starts,
            placements,
        };
        Ok((scan, bytes))
    }

    /// Cells scanned.
    pub fn cells(&self) -> usize {
        self.white.len()
    }

    /// The placements anchored at cell `p`.
    fn placements(&self, p: usize) -> &[u64] {
        match (self.starts.get(p), self.starts.get(p + 1)) {
            (Some(&a), Some(&b)) => self.placements.get(a..b).unwrap_or_default(),
            _ => &[],
        }
    }

    fn is_white(&self, p: usize) -> bool {
        self.white.get(p).copied().unwrap_or(false)
    }

    /// The scan cell `p` as (row, column) of the region.
    pub fn region_pos(&self, p: usize) -> (usize, usize) {
        let (r, c) = (p / self.width.max(1), p % self.width.max(1));
        if self.transposed {
            (c, r)
        } else {
            (r, c)
        }
    }
}

fn to_isize(x: usize) -> isize {
    isize::try_from(x).unwrap_or(isize::MAX)
}

/// Masks sorted increasing, with their tallies beside them.
#[derive(Clone, Debug, Default)]
struct Half<C> {
    keys: Vec<u64>,
    counts: Vec<C>,
}

/// A frontier table, kept as two sorted halves by the mask's bit 0 (is the
/// next cell covered?): the pass-through stream then reads the odd half and
/// the placements the even one, each without testing bit 0.
#[derive(Clone, Debug)]
pub(crate) struct Table<C> {
    halves: [Half<C>; 2],
}

impl<C> Default for Table<C> {
    fn default() -> Table<C> {
        Table {
            halves: [
                Half {
                    keys: Vec::new(),
                    counts: Vec::new(),
                },
                Half {
                    keys: Vec::new(),
                    counts: Vec::new(),
                },
            ],
        }
    }
}

impl<C: Tally> Table<C> {
    /// The table before the first cell: the empty state, counted once.
    fn start(one: C) -> Table<C> {
        let mut t = Table::default();
        t.halves[0].keys.push(0);
        t.halves[0].counts.push(one);
        t
    }

    fn len(&self) -> usize {
        self.halves[0].keys.len() + self.halves[1].keys.len()
    }

    fn capacity(&self) -> usize {
        self.halves[0].keys.capacity() + self.halves[1].keys.capacity()
    }

    /// Bytes per entry.
    fn entry_bytes(&self) -> usize {
        C::table_entry_bytes(&self.halves[0].counts)
            .max(C::table_entry_bytes(&self.halves[1].counts))
    }

    fn widen<D>(self, f: impl Fn(C) -> D) -> Table<D> {
        let [even, odd] = self.halves;
        let half = |h: Half<C>| Half {
            keys: h.keys,
            counts: h.counts.into_iter().map(&f).collect(),
        };
        Table {
            halves: [half(even), half(odd)],
        }
    }

    /// The tally of `key`, if present.
    // `halves` has 2 entries and `key & 1` is 0 or 1.
    #[allow(clippy::indexing_slicing)]
    fn get(&self, key: u64) -> Option<&C> {
        let half = &self.halves[(key & 1) as usize];
        let i = half.keys.binary_search(&key).ok()?;
        half.counts.get(i)
    }
}

/// Why one step stopped.
enum Halt {
    /// A count overflowed its width: widen and redo.
    Overflow,
    /// The table reached the entry limit.
    Memory,
}

/// One transition stream of a step: the source states `m` of one half with
/// `m & and == 0`, sent to `(m + add) >> 1`.
#[derive(Clone, Copy, Debug)]
struct Stream {
    half: usize,
    and: u64,
    add: u64,
    pos: usize,
    key: u64,
}

impl Stream {
    /// A stream taking every state of the even half, only shifted.
    const BLANK: Stream = Stream {
        half: 0,
        and: 0,
        add: 0,
        pos: 0,
        key: 0,
    };

    /// Moves to the first source state at or after `pos` the stream takes;
    /// its key is `u64::MAX` when there is none (real keys stay below
    /// 2^63).
    #[inline]
    fn seek(&mut self, keys: &[u64]) {
        while let Some(&m) = keys.get(self.pos) {
            if m & self.and == 0 {
                self.key = (m + self.add) >> 1;
                return;
            }
            self.pos += 1;
        }
        self.key = u64::MAX;
    }
}

/// Scans cell `p`: the next table from `src` into `dst`, holding at most
/// `max_entries` states.
fn step<C: Tally>(
    scan: &Scan,
    p: usize,
    src: &Table<C>,
    dst: &mut Table<C>,
    streams: &mut Vec<Stream>,
    max_entries: usize,
) -> Result<(), Halt> {
    streams.clear();
    if scan.is_white(p) {
        // Covered already: the odd half moves on. Uncovered: the even half
        // places a piece anchored here (bit 0 of `b` is the anchor).
        streams.push(Stream {
            half: 1,
            ..Stream::BLANK
        });
        for &b in scan.placements(p) {
            streams.push(Stream {
                and: b & !1,
                add: b,
                ..Stream::BLANK
            });
        }
    } else {
        // Nothing covers a black cell: every state is even and moves on.
        streams.push(Stream::BLANK);
    }
    for half in &mut dst.halves {
        half.keys.clear();
        half.counts.clear();
    }
    // A fixed number of streams lets the compiler unroll the merge's inner
    // loops.
    macro_rules! fixed {
        ($($n:literal)*) => {
            match streams.len() {
                $($n => {
                    let mut fixed = [Stream::BLANK; $n];
                    fixed.copy_from_slice(streams);
                    merge(&mut fixed, src, dst, max_entries)
                })*
                _ => merge(streams, src, dst, max_entries),
            }
        };
    }
    fixed!(1 2 3 4 5 6 7 8 9)
}

/// Merges the streams of a step into `dst`, adding the counts of equal
/// masks.
#[inline(always)]
// Hot loop: `halves` has 2 entries, indexed by a stream's half (0 or 1) or a
// mask's bit 0.
#[allow(clippy::indexing_slicing)]
fn merge<C: Tally>(
    streams: &mut [Stream],
    src: &Table<C>,
    dst: &mut Table<C>,
    max_entries: usize,
) -> Result<(), Halt> {
    for s in streams.iter_mut() {
        s.seek(&src.halves[s.half].keys);
    }
    loop {
        let min = streams.iter().fold(u64::MAX, |m, s| m.min(s.key));
        if min == u64::MAX {
            return Ok(());
        }
        let mut acc: Option<C> = None;
        for s in streams.iter_mut() {
            if s.key != min {
                continue;
            }
            let half = &src.halves[s.half];
            if let Some(c) = half.counts.get(s.pos) {
                match acc.as_mut() {
                    None => acc = Some(c.clone()),
                    Some(a) => {
                        if !a.add(c) {
                            return Err(Halt::Overflow);
                        }
                    }
                }
            }
            s.pos += 1;
            s.seek(&half.keys);
        }
        if let Some(a) = acc {
            let capacity = dst.capacity();
            let half = &mut dst.halves[(min & 1) as usize];
            if half.keys.len() == half.keys.capacity() {
                // Grow by an eighth at a time (tables reach millions of
                // wide entries; doubling would waste up to half), and keep
                // both halves' capacity together within the limit.
                let room = max_entries.saturating_sub(capacity);
                if room == 0 {
                    return Err(Halt::Memory);
                }
                let more = (half.keys.len() / 8).max(1024).min(room);
                half.keys.reserve_exact(more);
                half.counts.reserve_exact(more);
            }
            half.keys.push(min);
            half.counts.push(a);
        }
    }
}

/// Peak sizes of the tables of a count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableStats {
    /// The most states one table held.
    pub peak_states: usize,
    /// The most bytes the tables took at once (source and destination).
    pub peak_bytes: usize,
    /// The widest frontier scanned, in bits.
    pub frontier_bits: usize,
}

/// What stays fixed while a region is scanned.
struct Run<'a> {
    scan: &'a Scan,
    limits: &'a Limits,
    clock: Clock<'a>,
    /// Bytes held outside the tables (board, regions, scan, results so
    /// far): they count against the memory limit, not in the stats.
    base: u64,
    stats: TableStats,
}

impl Run<'_> {
    fn check_time(&self, done: usize) -> Result<(), CoverError> {
        self.clock.check(done, self.scan.cells())
    }

    /// Bytes left under the memory limit beside the bytes held outside the
    /// tables and `held` more.
    fn room(&self, held: usize) -> usize {
        let limit = usize::try_from(self.limits.memory).unwrap_or(usize::MAX);
        let base = usize::try_from(self.base).unwrap_or(usize::MAX);
        limit.saturating_sub(base).saturating_sub(held)
    }

    /// Room for a destination table beside `src` and `held` other bytes.
    fn max_entries<C: Tally>(&self, src: &Table<C>, held: usize) -> (usize, usize) {
        let entry = src.entry_bytes().max(1);
        let used = src.capacity() * entry;
        (self.room(held).saturating_sub(used) / entry, entry)
    }

    fn note<C: Tally>(&mut self, src: &Table<C>, dst: &Table<C>, held: usize) {
        let entry = dst.entry_bytes().max(src.entry_bytes());
        self.stats.peak_states = self.stats.peak_states.max(dst.len());
        self.stats.peak_bytes = self
            .stats
            .peak_bytes
            .max((src.capacity() + dst.capacity()) * entry + held);
    }

    /// Scans cells from `*cell` on; `Ok(false)` when a count overflowed at
    /// `*cell` (then `table` is the table before it, ready to be widened).
    fn scan_counts<C: Tally>(
        &mut self,
        table: &mut Table<C>,
        cell: &mut usize,
    ) -> Result<bool, CoverError> {
        let mut spare = Table::default();
        let mut streams = Vec::new();
        while *cell < self.scan.cells() {
            self.check_time(*cell)?;
            let (max, entry) = self.max_entries(table, 0);
            match step(self.scan, *cell, table, &mut spare, &mut streams, max) {
                Ok(()) => {
                    self.note(table, &spare, 0);
                    std::mem::swap(table, &mut spare);
                    *cell += 1;
                }
                Err(Halt::Overflow) => return Ok(false),
                Err(Halt::Memory) => {
                    return Err(self.memory_error(table.len() + spare.len(), entry))
                }
            }
        }
        Ok(true)
    }

    fn memory_error(&self, states: usize, entry_bytes: usize) -> CoverError {
        CoverError::Memory {
            limit: self.limits.memory,
            states,
            entry_bytes,
        }
    }
}

/// Scans `table` from `*cell` on: the count when it gets to the end, or the
/// table widened by `widen` when a count overflowed.
fn climb<C: Tally, D>(
    run: &mut Run<'_>,
    mut table: Table<C>,
    cell: &mut usize,
    widen: impl Fn(C) -> D,
) -> Result<Result<BigUint, Table<D>>, CoverError> {
    if run.scan_counts(&mut table, cell)? {
        return Ok(Ok(table
            .get(0)
            .map_or_else(BigUint::default, Tally::to_big)));
    }
    Ok(Err(table.widen(widen)))
}

/// Counts the coverings of one scanned region, widening the counts as they
/// grow: `u64`, `u128`, 192 to 512 bits in steps of 64, 640, 768 and 1024
/// bits, then big integers.
fn count_scan(run: &mut Run<'_>) -> Result<BigUint, CoverError> {
    let mut cell = 0;
    macro_rules! rung {
        ($table:expr, $widen:expr) => {
            match climb(run, $table, &mut cell, $widen)? {
                Ok(count) => return Ok(count),
                Err(wider) => wider,
            }
        };
    }
    let t = rung!(Table::start(1u64), u128::from);
    let t = rung!(t, from_u128::<192, 3>);
    let t = rung!(t, widen_uint::<192, 3, 256, 4>);
    let t = rung!(t, widen_uint::<256, 4, 320, 5>);
    let t = rung!(t, widen_uint::<320, 5, 384, 6>);
    let t = rung!(t, widen_uint::<384, 6, 448, 7>);
    let t = rung!(t, widen_uint::<448, 7, 512, 8>);
    let t = rung!(t, widen_uint::<512, 8, 640, 10>);
    let t = rung!(t, widen_uint::<640, 10, 768, 12>);
    let t = rung!(t, widen_uint::<768, 12, 1024, 16>);
    let mut big = rung!(t, |x: Uint<1024, 16>| x.to_big());
    run.scan_counts(&mut big, &mut cell)?;
    Ok(big.get(0).cloned().unwrap_or_default())
}

/// A count with the sizes of the tables it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The number of coverings.
    pub count: BigUint,
    /// Peak table sizes over all regions.
    pub stats: TableStats,
}

/// The regions of `board` with how each is scanned, or the count when it
/// is settled without scanning (0 when some region's cell count does not
/// suit the piece sizes). Every region is planned before any is scanned, so
/// a region too wide is refused before anything is counted.
fn prepare<'a>(
    board: &'a Board,
    pieces: &PieceSet,
    budget: &mut Budget,
    clock: &Clock,
) -> Result<Result<Vec<(Region<'a>, Plan)>, BigUint>, CoverError> {
    let regions: Vec<Region<'a>> = regions(board, budget, clock)?;
    let g = pieces.size_gcd().max(1);
    if regions.iter().any(|r| r.board.white_count() % g != 0) {
        return Ok(Err(BigUint::default()));
    }
    regions
        .into_iter()
        .map(|r| Scan::plan(&r.board, pieces, clock).map(|plan| (r, plan)))
        .collect::<Result<Vec<_>, _>>()
        .map(Ok)
}

/// Bytes of a big integer's digits.
fn big_bytes(x: &BigUint) -> u64 {
    x.bits().div_ceil(64) * 8
}

/// Counts the coverings of `board` by `pieces` exactly, with the sizes of
/// the frontier tables it took.
///
/// ```
/// use boardkit_cover::{count_detailed, Board, Limits, PieceSet};
///
/// let c = count_detailed(&Board::rectangle(12, 12), &PieceSet::named("l3").unwrap(), &Limits::default()).unwrap();
/// assert_eq!(c.count.to_string(), "2033502499954");
/// assert_eq!(c.stats.frontier_bits, 14);
/// ```
pub fn count_detailed(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Counted, CoverError> {
    count_with(board, pieces, limits, count_scan)
}

/// Counts like [`count`], but in big integers from the first cell on: the
/// baseline the width ladder (`u64`, `u128`, 192 to 1024 bits, then big
/// integers) is measured against in the benchmarks.
///
/// ```
/// use boardkit_cover::{count_big_integers_only, Board, Limits, PieceSet};
///
/// let l3 = PieceSet::named("l3").unwrap();
/// let c = count_big_integers_only(&Board::rectangle(9, 9), &l3, &Limits::default()).unwrap();
/// assert_eq!(c.count, 1193600u32.into());
/// ```
pub fn count_big_integers_only(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Counted, CoverError> {
    count_with(board, pieces, limits, |run| {
        let mut big = Table::start(BigUint::from(1u8));
        run.scan_counts(&mut big, &mut 0)?;
        Ok(big.get(0).cloned().unwrap_or_default())
    })
}

fn count_with(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
    count_scan: impl Fn(&mut Run<'_>) -> Result<BigUint, CoverError>,
) -> Result<Counted, CoverError> {
    let clock = Clock::start(limits);
    let mut budget = Budget::new(limits, board.height(), board.width());
    budget.take(board_bytes(board.height(), board.width()))?;
    let mut stats = TableStats::default();
    let plans = match prepare(board, pieces, &mut budget, &clock)? {
        Ok(plans) => plans,
        Err(count) => return Ok(Counted { count, stats }),
    };
    let mut total = BigUint::from(1u8);
    for (region, plan) in &plans {
        let (scan, bytes) = Scan::build(&region.board, pieces, plan, &mut budget, &clock)?;
        let mut run = Run {
            scan: &scan,
            limits,
            clock,
            base: budget.used.saturating_add(big_bytes(&total)),
            stats,
        };
        let count = count_scan(&mut run)?;
        budget.release(bytes);
        stats = run.stats;
        stats.frontier_bits = stats.frontier_bits.max(scan.bits);
        total *= count;
        if total == BigUint::default() {
            break;
        }
    }
    Ok(Counted {
        count: total,
        stats,
    })
}

/// Counts the coverings of the full `height` x `width` rectangle like
/// [`count_detailed`], refusing before the board is made when it is too
/// wide or it and its scan would pass the memory limit
/// ([`estimate::rectangle_bytes`](crate::estimate::rectangle_bytes)); a
/// cell count the piece sizes do not divide gives 0 at once.
///
/// ```
/// use boardkit_cover::{count_rectangle, CoverError, Limits, PieceSet};
///
/// let l3 = PieceSet::named("l3").unwrap();
/// let limits = Limits::default();
/// assert_eq!(count_rectangle(12, 12, &l3, &limits).unwrap().count.to_string(), "2033502499954");
/// // 10^10 cells: not a multiple of 3.
/// assert_eq!(count_rectangle(100_000, 100_000, &l3, &limits).unwrap().count, 0u32.into());
/// assert!(matches!(
///     count_rectangle(99_999, 100_000, &l3, &limits),
///     Err(CoverError::TooWide { bits: 100_001, .. })
/// ));
/// ```
pub fn count_rectangle(
    height: usize,
    width: usize,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Counted, CoverError> {
    if !check_rectangle(height, width, pieces, limits)? {
        return Ok(Counted {
            count: BigUint::default(),
            stats: TableStats::default(),
        });
    }
    count_detailed(&Board::rectangle(height, width), pieces, limits)
}

/// Whether the full `height` x `width` rectangle can have coverings by its
/// cell count (`Ok(false)`: none), after refusing it when it is too wide
/// or would pass the memory limit before its first table.
pub(crate) fn check_rectangle(
    height: usize,
    width: usize,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<bool, CoverError> {
    let too_much = |bytes| CoverError::Prepare {
        height,
        width,
        bytes,
        limit: limits.memory,
    };
    let Some(cells) = height.checked_mul(width) else {
        return Err(too_much(u64::MAX));
    };
    if cells == 0 {
        return Ok(true);
    }
    if cells % pieces.size_gcd().max(1) != 0 {
        return Ok(false);
    }
    let bytes = crate::estimate::rectangle_bytes(height, width, pieces).map_err(|bits| {
        CoverError::TooWide {
            height,
            width,
            bits,
        }
    })?;
    if bytes > limits.memory {
        return Err(too_much(bytes));
    }
    Ok(true)
}

/// Counts the coverings of `board` by `pieces` exactly.
///
/// ```
/// use boardkit_cover::{count, Board, Limits, PieceSet};
///
/// // 2 x 3 inside a frame: two coverings.
/// let frame = Board::from_rows(&["#####", "#...#", "#...#", "#####"]).unwrap();
/// let l3 = PieceSet::named("l3").unwrap();
/// assert_eq!(count(&frame, &l3, &Limits::default()).unwrap(), 2u32.into());
/// ```
pub fn count(board: &Board, pieces: &PieceSet, limits: &Limits) -> Result<BigUint, CoverError> {
    count_detailed(board, pieces, limits).map(|c| c.count)
}

/// The pieces of a region's covering as scan cells, and the bytes they take.
type Found = (Vec<Vec<usize>>, usize);

/// Bytes of one table's vectors, outside their heap storage.
const TABLE_BYTES: usize = std::mem::size_of::<Table<()>>();

/// One covering of a scanned region, as the scan cells of each piece, with
/// the bytes the pieces take.
///
/// Reachability only (no counts), with the table at the start of every scan
/// row kept: then, from the last row up, the row's tables are recomputed and
/// walked backwards from the empty final state, choosing at each cell a
/// source state the table holds. Memory: one table per scan row plus one
/// row of tables, and the pieces, all counted against the limit before
/// they are made.
fn find_scan(run: &mut Run<'_>) -> Result<Option<Found>, CoverError> {
    let scan = run.scan;
    let w = scan.width.max(1);
    // The two vectors of tables, at their full length.
    let mut held = (scan.height + w).saturating_mul(TABLE_BYTES);
    if run.room(held) == 0 {
        return Err(run.memory_error(0, TABLE_BYTES));
    }
    let mut checkpoints: Vec<Table<()>> = Vec::with_capacity(scan.height);
    let mut table = Table::start(());
    let mut spare = Table::default();
    let mut streams = Vec::new();
    for p in 0..scan.cells() {
        if p % w == 0 {
            held += table.len() * 8;
            checkpoints.push(table.clone());
        }
        run.check_time(p)?;
        let (max, entry) = run.max_entries(&table, held);
        if step(scan, p, &table, &mut spare, &mut streams, max).is_err() {
            return Err(run.memory_error(table.len() + spare.len(), entry));
        }
        run.note(&table, &spare, held);
        std::mem::swap(&mut table, &mut spare);
    }
    if table.get(0).is_none() {
        return Ok(None);
    }
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    let mut pieces_bytes = 0;
    let mut target = 0u64;
    let mut row_tables: Vec<Table<()>> = Vec::with_capacity(w);
    for (r, start) in checkpoints.iter().enumerate().rev() {
        row_tables.clear();
        held += start.len() * 8;
        row_tables.push(start.clone());
        let row_start = r * w;
        let row_end = (row_start + w).min(scan.cells());
        for p in row_start..row_end.saturating_sub(1) {
            run.check_time(p)?;
            let prev = row_tables.last().cloned().unwrap_or_default();
            let (max, entry) = run.max_entries(&prev, held + pieces_bytes);
            let mut next = Table::default();
            if step(scan, p, &prev, &mut next, &mut streams, max).is_err() {
                return Err(run.memory_error(prev.len() + next.len(), entry));
            }
            held += next.len() * 8;
            row_tables.push(next);
        }
        for p in (row_start..row_end).rev() {
            let before = row_tables.get(p - row_start);
            let holds = |m: u64| before.is_some_and(|t| t.get(m).is_some());
            let full = (target << 1) | 1;
            if !scan.is_white(p) {
                target <<= 1;
            } else if holds(full) {
                target = full;
            } else {
                let chosen = scan
                    .placements(p)
                    .iter()
                    .find(|&&b| full & b == b && holds(full & !b));
                let Some(&b) = chosen else {
                    // The tables guarantee a source; stay exact if not.
                    return Ok(None);
                };
                // A piece: its cells, and its vector in `pieces` (twice, as
                // that grows by doubling).
                pieces_bytes += 2 * std::mem::size_of::<Vec<usize>>() + 8 * b.count_ones() as usize;
                if run.room(held + pieces_bytes) == 0 {
                    return Err(CoverError::Drawing {
                        pieces: pieces.len() + 1,
                        bytes: run.base.saturating_add((held + pieces_bytes) as u64),
                        limit: run.limits.memory,
                    });
                }
                pieces.push((0..64).filter(|i| b >> i & 1 == 1).map(|i| p + i).collect());
                target = full & !b;
            }
        }
        for t in &row_tables {
            held = held.saturating_sub(t.len() * 8);
        }
    }
    Ok(Some((pieces, pieces_bytes)))
}

/// One covering of `board` by `pieces`: the cells (row, column) of each
/// piece, or `None` when there is none.
pub(crate) fn find(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Option<Vec<Vec<Pos>>>, CoverError> {
    let clock = Clock::start(limits);
    let mut budget = Budget::new(limits, board.height(), board.width());
    budget.take(board_bytes(board.height(), board.width()))?;
    let regions = regions(board, &mut budget, &clock)?;
    let g = pieces.size_gcd().max(1);
    if regions.iter().any(|r| r.board.white_count() % g != 0) {
        return Ok(None);
    }
    let mut all: Vec<Vec<Pos>> = Vec::new();
    // Bytes of `all`: each piece's vector (twice, as `all` grows by
    // doubling) and 16 bytes a cell.
    let mut kept = 0u64;
    for region in &regions {
        let plan = Scan::plan(&region.board, pieces, &clock)?;
        let (scan, bytes) = Scan::build(&region.board, pieces, &plan, &mut budget, &clock)?;
        let mut run = Run {
            scan: &scan,
            limits,
            clock,
            base: budget.used.saturating_add(kept),
            stats: TableStats::default(),
        };
        let Some((found, found_bytes)) = find_scan(&mut run)? else {
            return Ok(None);
        };
        let more: u64 = found
            .iter()
            .map(|p| (2 * std::mem::size_of::<Vec<Pos>>() + 16 * p.len()) as u64)
            .sum();
        let total = run
            .base
            .saturating_add(found_bytes as u64)
            .saturating_add(more);
        if total > limits.memory {
            return Err(CoverError::Drawing {
                pieces: all.len() + found.len(),
                bytes: total,
                limit: limits.memory,
            });
        }
        kept += more;
        for piece in found {
            all.push(
                piece
                    .into_iter()
                    .map(|p| {
                        let (r, c) = scan.region_pos(p);
                        Pos::new(region.top + r, region.left + c)
                    })
                    .collect(),
            );
        }
        budget.release(bytes);
    }
    Ok(Some(all))
}

/// One covering of the full `height` x `width` rectangle, refused before
/// the board is made like [`count_rectangle`].
pub(crate) fn find_rectangle(
    height: usize,
    width: usize,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Option<Vec<Vec<Pos>>>, CoverError> {
    if !check_rectangle(height, width, pieces, limits)? {
        return Ok(None);
    }
    find(&Board::rectangle(height, width), pieces, limits)
}

#[cfg(test)]
mod tests {
    use boardkit_grid::Interrupt;

    use super::*;

    fn l3() -> PieceSet {
        PieceSet::named("l3").unwrap()
    }

    #[test]
    fn a_rectangle_counts_as_its_board() {
        let limits = Limits::default();
        for (h, w) in [(2, 3), (6, 6), (9, 12), (1, 7), (5, 5)] {
            assert_eq!(
                count_rectangle(h, w, &l3(), &limits),
                count_detailed(&Board::rectangle(h, w), &l3(), &limits),
                "{h} x {w}"
            );
        }
    }

    #[test]
    fn an_interrupt_changes_nothing_until_triggered_then_stops_at_the_first_check() {
        let interrupt = Interrupt::new();
        let watched = Limits::default().with_interrupt(interrupt.clone());
        // A corner cut off: one region, not the whole board, so its cells
        // are labelled.
        let cut = Board::from_rows(&["##....", "#.....", "......", "......", "......", "......"])
            .unwrap();
        let counted = count_detailed(&cut, &l3(), &watched).unwrap();
        assert_eq!(
            counted,
            count_detailed(&cut, &l3(), &Limits::default()).unwrap()
        );
        assert_eq!(counted.count, BigUint::from(90u32));
        let found = find(&cut, &l3(), &watched).unwrap().unwrap();
        assert_eq!(found.iter().map(Vec::len).sum::<usize>(), 33);
        assert_eq!(
            count_rectangle(9, 9, &l3(), &watched).unwrap().count,
            BigUint::from(1_193_600u32)
        );
        interrupt.trigger();
        let stopped = |cells| Some(CoverError::Interrupted { done: 0, cells });
        // The cut board stops while its regions are labelled, the rectangle
        // at its first scanned cell.
        assert_eq!(count_detailed(&cut, &l3(), &watched).err(), stopped(36));
        assert_eq!(find(&cut, &l3(), &watched).err(), stopped(36));
        assert_eq!(count_rectangle(9, 9, &l3(), &watched).err(), stopped(81));
        let covering = crate::find_covering_rectangle(9, 9, &l3(), &watched);
        assert_eq!(covering.err(), stopped(81));
    }

    #[test]
    fn a_full_region_is_planned_as_its_cells_say() {
        let limits = Limits::default();
        let clock = Clock::start(&limits);
        for pieces in ["l3", "domino", "i3", "l3+i3"] {
            let pieces = PieceSet::named(pieces).unwrap();
            for (h, w) in [
                (1, 1),
                (1, 5),
                (2, 3),
                (3, 2),
                (4, 4),
                (7, 3),
                (2, 40),
                (70, 66),
            ] {
                let full = Board::rectangle(h, w);
                let got = Scan::plan(&full, &pieces, &clock);
                let walked = Scan::walked_plan(&full, &pieces, &clock);
                match (got, walked) {
                    (Ok(a), Ok(b)) => {
                        assert_eq!(
                            (a.transposed, a.bits, a.placements),
                            (b.transposed, b.bits, b.placements),
                            "{h} x {w}"
                        );
                    }
                    (
                        Err(CoverError::TooWide { bits: a, .. }),
                        Err(CoverError::TooWide { bits: b, .. }),
                    ) => {
                        assert_eq!(a, b, "{h} x {w}");
                    }
                    other => panic!("{h} x {w}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn refused_before_the_board_is_made() {
        let limits = Limits {
            memory: 1 << 20,
            ..Limits::default()
        };
        // 3 x 300000 scanned down: 900000 cells, 4 L shapes in 299999 x 2
        // places each.
        let bytes = 900_000 + 8 * 900_001 + 8 * 4 * 599_998 + 900_000;
        assert_eq!(
            count_rectangle(3, 300_000, &l3(), &limits),
            Err(CoverError::Prepare {
                height: 3,
                width: 300_000,
                bytes,
                limit: 1 << 20
            })
        );
        assert_eq!(
            crate::find_covering_rectangle(3, 300_000, &l3(), &limits),
            Err(CoverError::Prepare {
                height: 3,
                width: 300_000,
                bytes,
                limit: 1 << 20
            })
        );
        assert_eq!(
            count_rectangle(usize::MAX, 2, &l3(), &limits),
            Err(CoverError::Prepare {
                height: usize::MAX,
                width: 2,
                bytes: u64::MAX,
                limit: 1 << 20
            })
        );
    }

    #[test]
    fn the_board_and_its_scan_count_against_the_limit() {
        let board = Board::from_rows(&["...#", "...#", "####", "####"]).unwrap();
        let tiny = |memory| Limits {
            memory,
            ..Limits::default()
        };
        // The board is 16 bytes.
        assert_eq!(
            count_detailed(&board, &l3(), &tiny(15)),
            Err(CoverError::Prepare {
                height: 4,
                width: 4,
                bytes: 16,
                limit: 15
            })
        );
        // Then a byte per cell for the labels and the flood fill's stack,
        // grown at once to the 6 white cells (8 bytes each).
        assert_eq!(
            count_detailed(&board, &l3(), &tiny(40)),
            Err(CoverError::Prepare {
                height: 4,
                width: 4,
                bytes: 16 + 16 + 6 * 8,
                limit: 40
            })
        );
        // The labels and stack are given back, the 2 x 3 box (6 bytes)
        // stays; the region is scanned down its columns (4 bits, not 5),
        // with 4 L shapes in 2 x 1 places each: 6 cells, 8 placements.
        let scan = 8 * 7 + 8 * 8 + 6;
        assert_eq!(
            count_detailed(&board, &l3(), &tiny(16 + 6 + scan - 1)),
            Err(CoverError::Prepare {
                height: 4,
                width: 4,
                bytes: 16 + 6 + scan,
                limit: 16 + 6 + scan - 1
            })
        );
        assert_eq!(
            count_detailed(&board, &l3(), &tiny(1 << 20)).map(|c| c.count),
            Ok(2u32.into())
        );
    }
}
