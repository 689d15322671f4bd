//! Where boardkit keeps what it builds once: the 2048 AI's lookup tables,
//! in the user's cache folder ([`default_dir`]) or a folder given.
//!
//! The game crate writes a table and reads it back with its checks
//! ([`Table::write_to`], [`Table::read_from`]: header, size, checksum, a
//! chunk at a time, so a table never needs a second copy in memory); this
//! crate only opens, names and renames the files, so every front end (the command line, Python, the
//! web server) plays with the same tables as the others. A file that fails
//! the checks is reported ([`Report::warn`]) and rebuilt, never used. A new
//! file is written beside its final name and renamed into place, so an
//! interrupted write leaves no half file under the table's name. Building
//! reports its progress through [`Report`], which each front end shows its
//! own way (a progress bar, a line on Python's stderr).
//!
//! ```no_run
//! use boardkit_2048::tables::Subproblem;
//! use boardkit_cache::{default_dir, load_or_build, Quiet, Rebuild, Unsaved};
//!
//! let dir = default_dir();
//! let (tables, _fates) = load_or_build(
//!     dir.as_deref(),
//!     &Subproblem::standard(),
//!     1 << 30,
//!     Rebuild::Missing,
//!     Unsaved::Warn,
//!     &mut Quiet,
//! )?;
//! assert!(!tables.is_empty());
//! # Ok::<(), boardkit_cache::CacheError>(())
//! ```

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use boardkit_2048::tables::{Subproblem, Table, Tables};

/// `<cache dir>/boardkit/2048-tables`, where the system has a cache
/// directory (`$XDG_CACHE_HOME` or `~/.cache` on Linux).
#[must_use]
pub fn default_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("boardkit").join("2048-tables"))
}

/// What happened to one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// Read from its file.
    Read,
    /// Built (the time it took), and saved unless saving failed.
    Built(Duration),
    /// Not built: it needs more memory than the limit.
    OverLimit,
}

/// Which tables [`load_or_build`] builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rebuild {
    /// Those missing or damaged.
    Missing,
    /// All of them.
    All,
}

/// What [`load_or_build`] does when a table it built cannot be saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unsaved {
    /// Warn and use the table from memory (a game goes on).
    Warn,
    /// Fail (a build whose whole job is to save them).
    Fail,
}

/// Why the tables could not be had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheError(String);

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CacheError {}

/// How a front end hears of [`load_or_build`]'s work.
pub trait Report {
    /// Something the user should know that does not stop the work: a file
    /// damaged and rebuilt, a table left out, a table not saved.
    fn warn(&mut self, message: &str);
    /// Building starts: `tables` tables of `states` states in all, to be
    /// saved in `dir` (`None`: kept in memory only).
    fn building(&mut self, tables: usize, states: u64, dir: Option<&Path>);
    /// `done` of the states announced are built.
    fn progress(&mut self, done: u64);
    /// Building is over (or failed).
    fn finished(&mut self);
}

/// The line a front end shows when a build starts ([`Report::building`]),
/// without the program's name: the same words from the command line, the
/// server and Python.
///
/// ```
/// use boardkit_cache::building_line;
///
/// assert_eq!(
///     building_line(4, 24_612_258, None),
///     "building the 2048 AI's lookup tables (once): 4 tables, 24612258 states, kept in memory only"
/// );
/// ```
#[must_use]
pub fn building_line(tables: usize, states: u64, dir: Option<&Path>) -> String {
    let place = dir.map_or_else(
        || "kept in memory only".to_string(),
        |d| format!("saved in {}", d.display()),
    );
    format!(
        "building the 2048 AI's lookup tables (once): {tables} tables, {states} states, {place}"
    )
}

/// The line a front end shows when a build that started `took` ago ends
/// ([`Report::finished`]).
#[must_use]
pub fn built_line(took: Duration) -> String {
    format!("lookup tables built in {:.1} s", took.as_secs_f64())
}

/// A [`Report`] that drops everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Quiet;

impl Report for Quiet {
    fn warn(&mut self, _: &str) {}
    fn building(&mut self, _: usize, _: u64, _: Option<&Path>) {}
    fn progress(&mut self, _: u64) {}
    fn finished(&mut self) {}
}

/// Reads each table of `subs` from `dir`, or builds it when the file is
/// missing or damaged (or always, with [`Rebuild::All`]), and saves what it
/// built. Damaged files and failed saves are reported (a failed save fails
/// the call with [`Unsaved::Fail`]); tables whose building needs more than
/// `memory_limit` bytes are left out with a warning. Returns the tables, in
/// the order of `subs`, and what happened to each.
///
/// # Errors
/// A table cannot be built (a sub-problem the game crate refuses), or,
/// with [`Unsaved::Fail`], one cannot be saved.
pub fn load_or_build(
    dir: Option<&Path>,
    subs: &[Subproblem],
    memory_limit: u64,
    rebuild: Rebuild,
    unsaved: Unsaved,
    report: &mut impl Report,
) -> Result<(Tables, Vec<(Subproblem, Fate)>), CacheError> {
    let force = rebuild == Rebuild::All;
    let mut tables = Vec::new();
    let mut fates = Vec::new();
    let mut to_build = Vec::new();
    for &sub in subs {
        let path = dir.map(|d| d.join(sub.file_name()));
        match path.as_deref().filter(|_| !force).map(fs::File::open) {
            None => to_build.push(sub),
            Some(Err(e)) if e.kind() == io::ErrorKind::NotFound => to_build.push(sub),
            Some(Err(e)) => {
                report.warn(&format!("cannot read {}: {e}; rebuilding it", show(&path)));
                to_build.push(sub);
            }
            Some(Ok(file)) => match Table::read_from(sub, &mut io::BufReader::new(file)) {
                Ok(table) => {
                    tables.push(table);
                    fates.push((sub, Fate::Read));
                }
                Err(e) => {
                    report.warn(&format!("{}: {e}; rebuilding it", show(&path)));
                    to_build.push(sub);
                }
            },
        }
    }
    let (fits, over): (Vec<Subproblem>, Vec<Subproblem>) = to_build
        .into_iter()
        .partition(|s| s.build_bytes() <= memory_limit);
    for sub in over {
        report.warn(&format!(
            "lookup table {} left out: building it needs {}, over the memory limit of {}",
            sub.file_name(),
            size(sub.build_bytes().div_ceil(1 << 20) << 20),
            size(memory_limit)
        ));
        fates.push((sub, Fate::OverLimit));
    }
    if !fits.is_empty() {
        let total: u64 = fits.iter().map(Subproblem::states).sum();
        report.building(fits.len(), total, dir);
        let built = build_all(dir, &fits, unsaved, report, &mut tables, &mut fates);
        report.finished();
        built?;
    }
    // Keep the tables in the order asked for, whatever was read or built.
    let order = |s: &Subproblem| subs.iter().position(|x| x == s).unwrap_or(usize::MAX);
    tables.sort_by_key(|t| order(&t.subproblem()));
    fates.sort_by_key(|(s, _)| order(s));
    Ok((Tables::new(tables), fates))
}

/// Builds `fits` one after another, saving each into `dir`.
fn build_all(
    dir: Option<&Path>,
    fits: &[Subproblem],
    unsaved: Unsaved,
    report: &mut impl Report,
    tables: &mut Vec<Table>,
    fates: &mut Vec<(Subproblem, Fate)>,
) -> Result<(), CacheError> {
    let mut before = 0;
    for &sub in fits {
        let start = Instant::now();
        let table = Table::build(sub, |done, _| report.progress(before + done))
            .map_err(|e| CacheError(format!("cannot build a lookup table: {e}")))?;
        before += sub.states();
        if let Some(d) = dir {
            if let Err(e) = save(d, &table) {
                let message = format!("cannot save {}: {e}", d.join(sub.file_name()).display());
                if unsaved == Unsaved::Fail {
                    return Err(CacheError(message));
                }
                report.warn(&message);
            }
        }
        tables.push(table);
        fates.push((sub, Fate::Built(start.elapsed())));
    }
    Ok(())
}

/// The tables of `subs` that are already in `dir` and sound, building
/// nothing (for a hint that must answer at once).
#[must_use]
pub fn load_present(dir: &Path, subs: &[Subproblem]) -> Tables {
    let tables = subs
        .iter()
        .filter_map(|&sub| {
            let file = fs::File::open(dir.join(sub.file_name())).ok()?;
            Table::read_from(sub, &mut io::BufReader::new(file)).ok()
        })
        .collect();
    Tables::new(tables)
}

/// A size in whole MiB, or in bytes below 1 MiB.
fn size(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

fn show(path: &Option<PathBuf>) -> String {
    path.as_deref()
        .map_or_else(String::new, |p| p.display().to_string())
}

/// Writes `table` into `dir` under a temporary name, then renames it into
/// place.
fn save(dir: &Path, table: &Table) -> io::Result<()> {
    fs::create_dir_all(dir)?;
    let name = table.subproblem().file_name();
    let tmp = dir.join(format!("{name}.tmp-{}", std::process::id()));
    let written = fs::File::create(&tmp).and_then(|file| {
        let mut out = io::BufWriter::new(file);
        table.write_to(&mut out)?;
        out.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()
    });
    written
        .and_then(|()| fs::rename(&tmp, dir.join(name)))
        .inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })
}

/// Fails unless files can be written in `dir` (made if missing), so that a
/// build says so before it spends time building.
///
/// # Errors
/// The folder cannot be made, or a file cannot be written or removed in it.
pub fn check_writable(dir: &Path) -> Result<(), CacheError> {
    let cannot = |e: io::Error| CacheError(format!("cannot write in {}: {e}", dir.display()));
    fs::create_dir_all(dir).map_err(cannot)?;
    let probe = dir.join(format!(".write-test-{}", std::process::id()));
    fs::write(&probe, b"").map_err(cannot)?;
    fs::remove_file(&probe).map_err(cannot)
}

#[cfg(test)]
mod tests;
