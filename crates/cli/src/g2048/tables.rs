//! The AI's late-game lookup tables on disk, as the command line sees
//! them: the `--tables`/`--no-tables`/`--memory-limit` options, a progress
//! bar and warnings on stderr while `boardkit-cache` reads or builds them,
//! and `boardkit 2048 tables build`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use boardkit_2048::tables::{Subproblem, Tables};
use boardkit_cache::{
    building_line, built_line, check_writable, default_dir, load_or_build, Fate, Rebuild, Report,
    Unsaved,
};
use clap::{Args, Subcommand};
use indicatif::ProgressBar;

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
        self.load_reporting(&mut Terminal::default())
    }

    /// [`TablesArgs::load`] telling `report` of its work instead of drawing
    /// a progress bar.
    pub fn load_reporting(&self, report: &mut impl Report) -> Result<Arc<Tables>, CliError> {
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
            report,
        )
        .map_err(|e| CliError::input(e.to_string()))?;
        Ok(Arc::new(tables))
    }
}

/// The cache's [`Report`] for work in the background: warnings and one
/// line when a build starts and one when it ends, on stderr.
#[derive(Default)]
pub struct Lines {
    started: Option<Instant>,
}

impl Report for Lines {
    fn warn(&mut self, message: &str) {
        warn(message);
    }
    fn building(&mut self, tables: usize, states: u64, dir: Option<&Path>) {
        self.started = Some(Instant::now());
        eprintln!("boardkit: {}", building_line(tables, states, dir));
    }
    fn progress(&mut self, _: u64) {}
    fn finished(&mut self) {
        if let Some(start) = self.started.take() {
            eprintln!("boardkit: {}", built_line(start.elapsed()));
        }
    }
}

/// The cache's [`Report`] on the terminal: warnings on stderr, a progress
/// bar while tables are built.
#[derive(Default)]
struct Terminal {
    bar: Option<ProgressBar>,
}

impl Report for Terminal {
    fn warn(&mut self, message: &str) {
        warn(message);
    }
    fn building(&mut self, _: usize, states: u64, _: Option<&Path>) {
        let bar = crate::parallel::bar(states, "states");
        bar.set_message("building the 2048 lookup tables (once)");
        self.bar = Some(bar);
    }
    fn progress(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }
    fn finished(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The standard tables already in the cache folder and sound, building
/// nothing (for the terminal game's hint).
pub fn load_present() -> Arc<Tables> {
    Arc::new(default_dir().map_or_else(Tables::none, |dir| {
        boardkit_cache::load_present(&dir, &Subproblem::standard())
    }))
}

fn warn(message: &str) {
    eprintln!("warning: {message}");
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
    check_writable(&dir).map_err(|e| CliError::input(e.to_string()))?;
    let subs = Subproblem::standard();
    let rebuild = if args.force {
        Rebuild::All
    } else {
        Rebuild::Missing
    };
    let (_, fates) = load_or_build(
        Some(&dir),
        &subs,
        args.memory_limit,
        rebuild,
        Unsaved::Fail,
        &mut Terminal::default(),
    )
    .map_err(|e| CliError::input(e.to_string()))?;
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
