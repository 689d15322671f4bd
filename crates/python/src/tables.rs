//! The 2048 AI's lookup tables for Python: the standard set from the same
//! cache folder as `boardkit 2048 ai` (through `boardkit-cache`), read or
//! built on the first call that wants them and kept for the process. A
//! build says on Python's `sys.stderr` what it builds and where.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use boardkit_2048::tables::{Subproblem, Tables};
use boardkit_cache::{
    building_line, built_line, default_dir, load_or_build, Rebuild, Report, Unsaved,
};
use pyo3::prelude::*;

/// The most memory building one table may use: the command line's default.
const MEMORY_LIMIT: u64 = 1 << 30;

/// The standard tables once loaded.
static STANDARD: Mutex<Option<Arc<Tables>>> = Mutex::new(None);

/// The tables a call plays with: the standard set when `wanted`, else none.
pub(crate) fn tables(py: Python<'_>, wanted: bool) -> PyResult<Arc<Tables>> {
    if !wanted {
        return Ok(Arc::new(Tables::none()));
    }
    let mut held = STANDARD.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(tables) = held.as_ref() {
        return Ok(Arc::clone(tables));
    }
    let dir = default_dir();
    let mut report = Stderr {
        py,
        started: None,
        failed: None,
    };
    if dir.is_none() {
        report.line(
            "warning: no cache folder: the 2048 lookup tables are built in memory and not saved",
        );
    }
    let loaded = load_or_build(
        dir.as_deref(),
        &Subproblem::standard(),
        MEMORY_LIMIT,
        Rebuild::Missing,
        Unsaved::Warn,
        &mut report,
    )
    .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
    if let Some(e) = report.failed {
        return Err(e);
    }
    let tables = Arc::new(loaded.0);
    *held = Some(Arc::clone(&tables));
    Ok(tables)
}

/// The cache's [`Report`] as lines on Python's `sys.stderr` (so a notebook
/// shows them too).
struct Stderr<'py> {
    py: Python<'py>,
    started: Option<Instant>,
    /// The first failure to write, raised once the tables are had.
    failed: Option<PyErr>,
}

impl Stderr<'_> {
    fn line(&mut self, text: &str) {
        let written = self
            .py
            .import("sys")
            .and_then(|sys| sys.getattr("stderr"))
            .and_then(|err| err.call_method1("write", (format!("boardkit: {text}\n"),)));
        if let Err(e) = written {
            self.failed.get_or_insert(e);
        }
    }
}

impl Report for Stderr<'_> {
    fn warn(&mut self, message: &str) {
        self.line(&format!("warning: {message}"));
    }
    fn building(&mut self, tables: usize, states: u64, dir: Option<&Path>) {
        self.started = Some(Instant::now());
        self.line(&building_line(tables, states, dir));
    }
    fn progress(&mut self, _: u64) {}
    fn finished(&mut self) {
        if let Some(start) = self.started.take() {
            self.line(&built_line(start.elapsed()));
        }
    }
}
