//! The cache against scratch folders: built once then read, damaged files
//! rebuilt, the memory limit, saves that fail, and what is reported.

// Test code that clippy cannot tell from the rest.
#![allow(clippy::unwrap_used, clippy::panic)]

use boardkit_2048::tables::Region;

use super::*;

fn tiny() -> Vec<Subproblem> {
    let region = Region::new("row", 0xF000, 8, 1 << 12).unwrap_or_else(|e| panic!("{e}"));
    (3..=5).map(|goal| Subproblem { region, goal }).collect()
}

/// Everything reported, in order.
#[derive(Default)]
struct Recorded {
    warnings: Vec<String>,
    building: Vec<(usize, u64, Option<PathBuf>)>,
    last_progress: Option<u64>,
    finished: usize,
}

impl Report for Recorded {
    fn warn(&mut self, message: &str) {
        self.warnings.push(message.to_string());
    }
    fn building(&mut self, tables: usize, states: u64, dir: Option<&Path>) {
        self.building
            .push((tables, states, dir.map(Path::to_path_buf)));
    }
    fn progress(&mut self, done: u64) {
        assert!(
            self.last_progress.is_none_or(|p| done >= p),
            "progress goes forward"
        );
        self.last_progress = Some(done);
    }
    fn finished(&mut self) {
        self.finished += 1;
    }
}

/// [`load_or_build`] as a game calls it: the missing tables built, a failed
/// save only warned about.
fn load(
    dir: Option<&Path>,
    subs: &[Subproblem],
    limit: u64,
) -> (Tables, Vec<(Subproblem, Fate)>, Recorded) {
    let mut report = Recorded::default();
    let (tables, fates) = load_or_build(
        dir,
        subs,
        limit,
        Rebuild::Missing,
        Unsaved::Warn,
        &mut report,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    (tables, fates, report)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardkit-cache-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn tables_are_built_once_then_read() {
    let dir = scratch("once");
    let subs = tiny();
    let states: u64 = subs.iter().map(Subproblem::states).sum();
    let (built, fates, report) = load(Some(&dir), &subs, u64::MAX);
    assert!(fates.iter().all(|(_, f)| matches!(f, Fate::Built(_))));
    assert_eq!(report.building, vec![(3, states, Some(dir.clone()))]);
    assert_eq!((report.last_progress, report.finished), (Some(states), 1));
    assert!(report.warnings.is_empty());
    let (read, fates, report) = load(Some(&dir), &subs, u64::MAX);
    assert!(fates.iter().all(|(_, f)| *f == Fate::Read));
    assert!(report.building.is_empty() && report.finished == 0);
    assert_eq!(built, read);
    assert_eq!(load_present(&dir, &subs), read);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_or_truncated_file_is_rebuilt() {
    let dir = scratch("damaged");
    let subs = tiny();
    let (good, _, _) = load(Some(&dir), &subs, u64::MAX);
    let first = dir.join(subs[0].file_name());
    let second = dir.join(subs[1].file_name());
    let mut bytes = fs::read(&first).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    fs::write(&first, &bytes).unwrap();
    let len = fs::metadata(&second).map(|m| m.len()).unwrap_or(0);
    let short = fs::read(&second).unwrap();
    fs::write(&second, &short[..short.len() / 3]).unwrap();
    // A hint reads only the sound one.
    assert_eq!(load_present(&dir, &subs).tables().len(), 1);
    let (again, fates, report) = load(Some(&dir), &subs, u64::MAX);
    assert!(matches!(fates[0].1, Fate::Built(_)));
    assert!(matches!(fates[1].1, Fate::Built(_)));
    assert_eq!(fates[2].1, Fate::Read);
    assert_eq!(again, good);
    assert_eq!(report.warnings.len(), 2, "{:?}", report.warnings);
    assert!(report.warnings[0].starts_with(&format!("{}: checksum mismatch", first.display())));
    assert!(report.warnings[1].starts_with(&format!("{}: truncated", second.display())));
    // The rebuilt files are whole again.
    assert_eq!(fs::metadata(&second).map(|m| m.len()).unwrap_or(0), len);
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_table_over_the_memory_limit_is_left_out() {
    let subs = tiny();
    let limit = subs[1].build_bytes();
    let (tables, fates, report) = load(None, &subs, limit);
    assert_eq!(tables.tables().len(), 2);
    assert_eq!(fates[2].1, Fate::OverLimit);
    assert_eq!(
        report.warnings,
        vec![format!(
            "lookup table {} left out: building it needs 1 MiB, over the memory limit of {limit} bytes",
            subs[2].file_name(),
        )]
    );
    assert_eq!(report.building[0].2, None);
}

#[test]
fn a_table_that_cannot_be_saved_fails_a_build_and_warns_a_game() {
    // A file where the folder should be: nothing can be saved in it.
    let blocked = scratch("blocked");
    fs::write(&blocked, b"not a directory").unwrap();
    let subs = tiny();
    let mut report = Recorded::default();
    let failed = load_or_build(
        Some(&blocked),
        &subs,
        u64::MAX,
        Rebuild::All,
        Unsaved::Fail,
        &mut report,
    );
    let message = failed.map(|_| ()).map_err(|e| e.to_string());
    assert!(
        matches!(&message, Err(m) if m.starts_with(&format!("cannot save {}", blocked.display()))),
        "{message:?}"
    );
    assert_eq!(report.finished, 1, "the progress is closed on failure too");
    let mut report = Recorded::default();
    let (tables, fates) = load_or_build(
        Some(&blocked),
        &subs,
        u64::MAX,
        Rebuild::All,
        Unsaved::Warn,
        &mut report,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tables.tables().len(), 3);
    assert!(fates.iter().all(|(_, f)| matches!(f, Fate::Built(_))));
    assert_eq!(report.warnings.len(), 3);
    assert!(check_writable(&blocked).is_err());
    let _ = fs::remove_file(&blocked);
    let fresh = scratch("writable");
    assert!(check_writable(&fresh).is_ok());
    assert_eq!(fs::read_dir(&fresh).map(Iterator::count).ok(), Some(0));
    let _ = fs::remove_dir_all(&fresh);
}
