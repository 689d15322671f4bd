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

use std::time::Instant;

use boardkit_grid::Pos;
use num_bigint::BigUint;
use ruint::Uint;

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

impl Scan {
    /// Prepares `board` scanned as given (no transposing); `Err` with the
    /// frontier width in bits when a placement reaches 64 cells or more
    /// ahead.
    fn oriented(board: &Board, pieces: &PieceSet) -> Result<Scan, usize> {
        let (h, w) = (board.height(), board.width());
        let shapes: Vec<Vec<(isize, isize)>> =
            pieces.shapes().iter().map(|s| s.anchored()).collect();
        let mut starts = Vec::with_capacity(h * w + 1);
        let mut placements = Vec::new();
        let mut widest = 0;
        for r in 0..h {
            for c in 0..w {
                starts.push(placements.len());
                let (ri, ci) = (to_isize(r), to_isize(c));
                if !board.is_white_at(ri, ci) {
                    continue;
                }
                for shape in &shapes {
                    if !shape
                        .iter()
                        .all(|&(dr, dc)| board.is_white_at(ri + dr, ci + dc))
                    {
                        continue;
                    }
                    // Each cell lies in a later row or further right in the
                    // anchor's row, so its offset in the scan is positive.
                    let offsets = shape.iter().map(|&(dr, dc)| {
                        usize::try_from(dr * to_isize(w) + dc).unwrap_or(usize::MAX)
                    });
                    let last = offsets.clone().max().unwrap_or(0);
                    widest = widest.max(last.saturating_add(1));
                    if last < 64 {
                        placements.push(offsets.fold(0u64, |m, o| m | 1 << o));
                    }
                }
            }
        }
        starts.push(placements.len());
        if widest > 64 {
            return Err(widest);
        }
        Ok(Scan {
            height: h,
            width: w,
            transposed: false,
            bits: widest,
            white: board.cells().to_vec(),
            starts,
            placements,
        })
    }

    /// Prepares a region, scanning along whichever side needs the narrower
    /// frontier (the shorter side, for sets closed under transposition).
    pub fn new(board: &Board, pieces: &PieceSet) -> Result<Scan, CoverError> {
        let across = Scan::oriented(board, pieces);
        let down = Scan::oriented(&board.transpose(), &pieces.transpose()).map(|mut s| {
            s.transposed = true;
            s
        });
        match (across, down) {
            (Ok(a), Ok(d)) => {
                let key = |s: &Scan| (s.bits, s.width);
                Ok(if key(&d) < key(&a) { d } else { a })
            }
            (Ok(a), Err(_)) => Ok(a),
            (Err(_), Ok(d)) => Ok(d),
            (Err(a), Err(d)) => Err(CoverError::TooWide {
                height: board.height(),
                width: board.width(),
                bits: a.min(d),
            }),
        }
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
    deadline: Option<Instant>,
    stats: TableStats,
}

impl Run<'_> {
    fn check_time(&self, done: usize) -> Result<(), CoverError> {
        match (self.deadline, self.limits.time) {
            (Some(deadline), Some(limit)) if Instant::now() >= deadline => Err(CoverError::Time {
                limit,
                done,
                cells: self.scan.cells(),
            }),
            _ => Ok(()),
        }
    }

    /// Room for a destination table beside `src` and `held` other bytes.
    fn max_entries<C: Tally>(&self, src: &Table<C>, held: usize) -> (usize, usize) {
        let entry = src.entry_bytes().max(1);
        let limit = usize::try_from(self.limits.memory).unwrap_or(usize::MAX);
        let used = src.capacity() * entry + held;
        (limit.saturating_sub(used) / entry, entry)
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

/// The regions of `board` ready to scan, or the count when it is settled
/// without scanning (0 when some region's cell count does not suit the
/// piece sizes).
fn prepare(board: &Board, pieces: &PieceSet) -> Result<Result<Vec<Scan>, BigUint>, CoverError> {
    let regions: Vec<Region> = regions(board);
    let g = pieces.size_gcd().max(1);
    if regions.iter().any(|r| r.board.white_count() % g != 0) {
        return Ok(Err(BigUint::default()));
    }
    regions
        .iter()
        .map(|r| Scan::new(&r.board, pieces))
        .collect::<Result<Vec<_>, _>>()
        .map(Ok)
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
    let started = Instant::now();
    let deadline = limits.time.and_then(|t| started.checked_add(t));
    let mut stats = TableStats::default();
    let scans = match prepare(board, pieces)? {
        Ok(scans) => scans,
        Err(count) => return Ok(Counted { count, stats }),
    };
    let mut total = BigUint::from(1u8);
    for scan in &scans {
        let mut run = Run {
            scan,
            limits,
            deadline,
            stats,
        };
        let count = count_scan(&mut run)?;
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

/// One covering of a scanned region, as the scan cells of each piece.
///
/// Reachability only (no counts), with the table at the start of every scan
/// row kept: then, from the last row up, the row's tables are recomputed and
/// walked backwards from the empty final state, choosing at each cell a
/// source state the table holds. Memory: one table per scan row plus one
/// row of tables.
fn find_scan(run: &mut Run<'_>) -> Result<Option<Vec<Vec<usize>>>, CoverError> {
    let scan = run.scan;
    let w = scan.width.max(1);
    let mut checkpoints: Vec<Table<()>> = Vec::with_capacity(scan.height);
    let mut held = 0;
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
    let mut pieces = Vec::new();
    let mut target = 0u64;
    let mut row_tables: Vec<Table<()>> = Vec::with_capacity(w);
    for (r, start) in checkpoints.iter().enumerate().rev() {
        row_tables.clear();
        row_tables.push(start.clone());
        let row_start = r * w;
        let row_end = (row_start + w).min(scan.cells());
        for p in row_start..row_end.saturating_sub(1) {
            run.check_time(p)?;
            let prev = row_tables.last().cloned().unwrap_or_default();
            let (max, entry) = run.max_entries(&prev, held);
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
                pieces.push((0..64).filter(|i| b >> i & 1 == 1).map(|i| p + i).collect());
                target = full & !b;
            }
        }
        for t in &row_tables {
            held = held.saturating_sub(t.len() * 8);
        }
    }
    Ok(Some(pieces))
}

/// One covering of `board` by `pieces`: the cells (row, column) of each
/// piece, or `None` when there is none.
pub(crate) fn find(
    board: &Board,
    pieces: &PieceSet,
    limits: &Limits,
) -> Result<Option<Vec<Vec<Pos>>>, CoverError> {
    let started = Instant::now();
    let deadline = limits.time.and_then(|t| started.checked_add(t));
    let regions = regions(board);
    let g = pieces.size_gcd().max(1);
    if regions.iter().any(|r| r.board.white_count() % g != 0) {
        return Ok(None);
    }
    let mut all = Vec::new();
    for region in &regions {
        let scan = Scan::new(&region.board, pieces)?;
        let mut run = Run {
            scan: &scan,
            limits,
            deadline,
            stats: TableStats::default(),
        };
        let Some(found) = find_scan(&mut run)? else {
            return Ok(None);
        };
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
    }
    Ok(Some(all))
}
