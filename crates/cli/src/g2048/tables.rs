//! The AI's late-game lookup tables on disk: where they live (the user's
//! cache directory, or `--tables DIR`), reading them with the library's
//! checks, building the missing or damaged ones with a progress bar, and
//! `boardkit 2048 tables build`.
//!
//! The library turns a table into bytes and back and verifies them
//! ([`Table::from_bytes`]); this module only reads and writes the files. A
//! file that fails the checks is reported on stderr and rebuilt, never used.
//! A new file is written beside its final name and renamed into place, so an
//! interrupted write leaves no half file under the table's name.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use boardkit_2048::tables::{Subproblem, Table, Tables};
use clap::{Args, Subcommand};

use crate::error::CliError;
use crate::report::mib;

/// The default limit on the memory one table's building may use.
const DEFAULT_MEMORY_LIMIT: &str = "1G";

/// The table options of `ai` and `hint`.
#[derive(Args, Debug, Clone)]
pub struct TablesArgs {
    /// Directory of the late-game lookup tables, built there when missing or
    /// damaged [the cache directory's boardkit/2048-tables].
    #[arg(long, value_name = "DIR", conflicts_with = "no_tables")]
    pub tables: Option<PathBuf>,
    /// Search every board: no lookup tables are read or built.
    #[arg(long)]
    pub no_tables: bool,
    /// The most memory building one table may use; a table that needs more
    /// is left out (with a warning) [1G].
    #[arg(long, value_name = "SIZE", value_parser = crate::values::bytes,
          default_value = DEFAULT_MEMORY_LIMIT, hide_default_value = true)]
    pub memory_limit: u64,
}

impl TablesArgs {
    /// The tables to play with: none with --no-tables, else the standard set
    /// read from the directory, building what is missing or damaged.
    pub fn load(&self) -> Result<Arc<Tables>, CliError> {
        if self.no_tables {
            return Ok(Arc::new(Tables::none()));
        }
        let dir = self.tables.clone().or_else(default_dir);
        if dir.is_none() {
            warn("no cache directory: the lookup tables are built in memory and not saved");
        }
        let (tables, _) = load_or_build(
            dir.as_deref(),
            &Subproblem::standard(),
            self.memory_limit,
            Rebuild::Missing,
            Unsaved::Warn,
        )?;
        Ok(Arc::new(tables))
    }
}

/// `<cache dir>/boardkit/2048-tables`, where the system has a cache
/// directory.
pub fn default_dir() -> Option<PathBuf> {
    dirs::cache_dir().map(|d| d.join("boardkit").join("2048-tables"))
}

/// Loads the tables of `subs` only where they are already on disk and
/// sound, building nothing (for the terminal game's hint).
pub fn load_present() -> Arc<Tables> {
    let Some(dir) = default_dir() else {
        return Arc::new(Tables::none());
    };
    let tables = Subproblem::standard()
        .into_iter()
        .filter_map(|sub| {
            let bytes = fs::read(dir.join(sub.file_name())).ok()?;
            Table::from_bytes(sub, &bytes).ok()
        })
        .collect();
    Arc::new(Tables::new(tables))
}

fn warn(message: &str) {
    eprintln!("warning: {message}");
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
    /// Warn on stderr and use the table from memory (`ai`, `hint`: the
    /// game goes on).
    Warn,
    /// Fail (`tables build`, whose whole job is to save them).
    Fail,
}

/// Reads each table of `subs` from `dir`, or builds it when the file is
/// missing or damaged (or always, with [`Rebuild::All`]), and saves what it
/// built. Damaged files are warned about on stderr, and failed saves as
/// `unsaved` says; tables over `memory_limit` are left out with a warning.
/// Returns the tables and what happened to each.
pub fn load_or_build(
    dir: Option<&Path>,
    subs: &[Subproblem],
    memory_limit: u64,
    rebuild: Rebuild,
    unsaved: Unsaved,
) -> Result<(Tables, Vec<(Subproblem, Fate)>), CliError> {
    let force = rebuild == Rebuild::All;
    let mut tables = Vec::new();
    let mut fates = Vec::new();
    let mut to_build = Vec::new();
    for &sub in subs {
        let path = dir.map(|d| d.join(sub.file_name()));
        match path.as_deref().filter(|_| !force).map(fs::read) {
            None => to_build.push(sub),
            Some(Err(e)) if e.kind() == io::ErrorKind::NotFound => to_build.push(sub),
            Some(Err(e)) => {
                warn(&format!("cannot read {}: {e}; rebuilding it", show(&path)));
                to_build.push(sub);
            }
            Some(Ok(bytes)) => match Table::from_bytes(sub, &bytes) {
                Ok(table) => {
                    tables.push(table);
                    fates.push((sub, Fate::Read));
                }
                Err(e) => {
                    warn(&format!("{}: {e}; rebuilding it", show(&path)));
                    to_build.push(sub);
                }
            },
        }
    }
    let (fits, over): (Vec<Subproblem>, Vec<Subproblem>) = to_build
        .into_iter()
        .partition(|s| s.build_bytes() <= memory_limit);
    for sub in over {
        warn(&format!(
            "lookup table {} left out: building it needs {} MiB, over --memory-limit",
            sub.file_name(),
            mib(sub.build_bytes())
        ));
        fates.push((sub, Fate::OverLimit));
    }
    if !fits.is_empty() {
        let total: u64 = fits.iter().map(Subproblem::states).sum();
        let bar = crate::parallel::bar(total, "states");
        bar.set_message("building the 2048 lookup tables (once)");
        let mut before = 0;
        for sub in fits {
            let start = Instant::now();
            let table = Table::build(sub, |done, _| bar.set_position(before + done))
                .map_err(|e| CliError::input(format!("cannot build a lookup table: {e}")))?;
            before += sub.states();
            if let Some(d) = dir {
                if let Err(e) = save(d, &table) {
                    let message = format!("cannot save {}: {e}", d.join(sub.file_name()).display());
                    if unsaved == Unsaved::Fail {
                        bar.finish_and_clear();
                        return Err(CliError::input(message));
                    }
                    warn(&message);
                }
            }
            tables.push(table);
            fates.push((sub, Fate::Built(start.elapsed())));
        }
        bar.finish_and_clear();
    }
    // Keep the tables in the order asked for, whatever was read or built.
    tables.sort_by_key(|t| {
        subs.iter()
            .position(|s| *s == t.subproblem())
            .unwrap_or(usize::MAX)
    });
    fates.sort_by_key(|(s, _)| subs.iter().position(|x| x == s).unwrap_or(usize::MAX));
    Ok((Tables::new(tables), fates))
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
    fs::write(&tmp, table.to_bytes())?;
    fs::rename(&tmp, dir.join(name)).inspect_err(|_| {
        let _ = fs::remove_file(&tmp);
    })
}

/// Fails unless files can be written in `dir` (made if missing), so that
/// `tables build` says so before it spends time building.
fn check_writable(dir: &Path) -> Result<(), CliError> {
    let cannot = |e: io::Error| CliError::input(format!("cannot write in {}: {e}", dir.display()));
    fs::create_dir_all(dir).map_err(cannot)?;
    let probe = dir.join(format!(".write-test-{}", std::process::id()));
    fs::write(&probe, b"").map_err(cannot)?;
    fs::remove_file(&probe).map_err(cannot)
}

/// `boardkit 2048 tables …`.
#[derive(Subcommand, Debug)]
pub enum TablesCommand {
    /// Build the AI's lookup tables now (those missing or damaged), rather
    /// than on the first `ai` or `hint`.
    Build(BuildArgs),
}

/// Arguments of `2048 tables build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Directory of the tables [the cache directory's boardkit/2048-tables].
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// The most memory building one table may use [1G].
    #[arg(long, value_name = "SIZE", value_parser = crate::values::bytes,
          default_value = DEFAULT_MEMORY_LIMIT, hide_default_value = true)]
    pub memory_limit: u64,
    /// Rebuild every table, even those already on disk and sound.
    #[arg(long)]
    pub force: bool,
}

/// Runs `2048 tables …`.
pub fn run(cmd: &TablesCommand) -> Result<String, CliError> {
    match cmd {
        TablesCommand::Build(args) => build(args),
    }
}

fn build(args: &BuildArgs) -> Result<String, CliError> {
    let dir = args
        .tables
        .clone()
        .or_else(default_dir)
        .ok_or_else(|| CliError::input("no cache directory: give --tables DIR"))?;
    let start = Instant::now();
    check_writable(&dir)?;
    let subs = Subproblem::standard();
    let rebuild = if args.force {
        Rebuild::All
    } else {
        Rebuild::Missing
    };
    let (_, fates) = load_or_build(Some(&dir), &subs, args.memory_limit, rebuild, Unsaved::Fail)?;
    let mut out = format!("lookup tables in {}\n", dir.display());
    let mut bytes = 0;
    for (sub, fate) in &fates {
        let what = match fate {
            Fate::Read => "present".to_string(),
            Fate::Built(t) => format!("built in {:.1} s", t.as_secs_f64()),
            Fate::OverLimit => "left out (over --memory-limit)".to_string(),
        };
        if *fate != Fate::OverLimit {
            bytes += sub.file_bytes();
        }
        let _ = writeln!(
            out,
            "  {:<16} {:>10} states {:>6} MiB  {what}",
            sub.file_name(),
            sub.states(),
            mib(sub.file_bytes())
        );
    }
    let _ = writeln!(
        out,
        "{} MiB on disk, {:.1} s",
        mib(bytes),
        start.elapsed().as_secs_f64()
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardkit_2048::tables::Region;

    fn tiny() -> Vec<Subproblem> {
        let region = Region::new("row", 0xF000, 8, 1 << 12).unwrap_or_else(|e| panic!("{e}"));
        (3..=5).map(|goal| Subproblem { region, goal }).collect()
    }

    /// [`load_or_build`] as `ai` calls it: the missing tables built, a
    /// failed save only warned about.
    fn load(
        dir: Option<&Path>,
        subs: &[Subproblem],
        limit: u64,
    ) -> (Tables, Vec<(Subproblem, Fate)>) {
        load_or_build(dir, subs, limit, Rebuild::Missing, Unsaved::Warn)
            .unwrap_or_else(|e| panic!("{}", e.message))
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardkit-tables-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn tables_are_built_once_then_read() {
        let dir = scratch("once");
        let (built, fates) = load(Some(&dir), &tiny(), u64::MAX);
        assert!(fates.iter().all(|(_, f)| matches!(f, Fate::Built(_))));
        let (read, fates) = load(Some(&dir), &tiny(), u64::MAX);
        assert!(fates.iter().all(|(_, f)| *f == Fate::Read));
        assert_eq!(built, read);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_or_truncated_file_is_rebuilt() {
        let dir = scratch("damaged");
        let subs = tiny();
        let (good, _) = load(Some(&dir), &subs, u64::MAX);
        let first = dir.join(subs[0].file_name());
        let second = dir.join(subs[1].file_name());
        let mut bytes = fs::read(&first).unwrap_or_else(|e| panic!("{e}"));
        let middle = bytes.len() / 2;
        bytes[middle] ^= 1;
        fs::write(&first, &bytes).unwrap_or_else(|e| panic!("{e}"));
        let len = fs::metadata(&second).map(|m| m.len()).unwrap_or(0);
        let short = fs::read(&second).unwrap_or_else(|e| panic!("{e}"));
        fs::write(&second, &short[..short.len() / 3]).unwrap_or_else(|e| panic!("{e}"));
        let (again, fates) = load(Some(&dir), &subs, u64::MAX);
        assert!(matches!(fates[0].1, Fate::Built(_)));
        assert!(matches!(fates[1].1, Fate::Built(_)));
        assert_eq!(fates[2].1, Fate::Read);
        assert_eq!(again, good);
        // The rebuilt files are whole again.
        assert_eq!(fs::metadata(&second).map(|m| m.len()).unwrap_or(0), len);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_table_over_the_memory_limit_is_left_out() {
        let subs = tiny();
        let limit = subs[1].build_bytes();
        let (tables, fates) = load(None, &subs, limit);
        assert_eq!(tables.tables().len(), 2);
        assert_eq!(fates[2].1, Fate::OverLimit);
    }

    #[test]
    fn a_table_that_cannot_be_saved_fails_a_build_and_warns_a_game() {
        // A file where the directory should be: nothing can be saved in it.
        let blocked = scratch("blocked");
        fs::write(&blocked, b"not a directory").unwrap_or_else(|e| panic!("{e}"));
        let subs = tiny();
        let failed = load_or_build(Some(&blocked), &subs, u64::MAX, Rebuild::All, Unsaved::Fail);
        let message = failed.map(|_| ()).map_err(|e| e.message);
        assert!(
            matches!(&message, Err(m) if m.starts_with(&format!("cannot save {}", blocked.display()))),
            "{message:?}"
        );
        let (tables, fates) =
            load_or_build(Some(&blocked), &subs, u64::MAX, Rebuild::All, Unsaved::Warn)
                .unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(tables.tables().len(), 3);
        assert!(fates.iter().all(|(_, f)| matches!(f, Fate::Built(_))));
        assert!(check_writable(&blocked).is_err());
        let _ = fs::remove_file(&blocked);
        let fresh = scratch("writable");
        assert!(check_writable(&fresh).is_ok());
        assert_eq!(fs::read_dir(&fresh).map(Iterator::count).ok(), Some(0));
        let _ = fs::remove_dir_all(&fresh);
    }
}
