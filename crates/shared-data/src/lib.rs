//! Test support: the data that lives in `../shared/` beside the checkout
//! (the judge specs and the public Sokoban level sets). None of it is in
//! the repository except the judge problems' samples, which
//! `crates/cli/tests/judge/` keeps as test vectors; a fresh clone has no
//! `../shared/`.
//!
//! The rule every test that reads `../shared/` follows:
//!
//! * Its package has a build script that looks for the folder its tests
//!   need (`../shared/levels` for `boardkit-sokoban`, `../shared/specs` for
//!   `boardkit-cli`) and, when it is missing, sets the cfg `no_shared_data`.
//!   Each such test carries
//!   `#[cfg_attr(no_shared_data, ignore = "needs ../shared/<folder> beside
//!   the checkout (not in a clone)")]`, so a clone reports it as ignored,
//!   with that reason, rather than as passed.
//! * `BOARDKIT_REQUIRE_SHARED=1` (CI sets it) keeps the cfg unset: the tests
//!   run, and [`read`] fails them, saying which file is missing. The build
//!   scripts themselves never fail, so a crate packaged by `cargo package`
//!   (where no `../shared/` is beside it) still builds.
//! * A build script watches the folder while it is there. It cannot watch a
//!   missing one (cargo would rerun it, and rebuild the package, every
//!   time), so after putting `../shared/` beside a checkout, build once with
//!   `BOARDKIT_REQUIRE_SHARED=1` (a changed value reruns the scripts).
//!
//! Only tests and benches depend on this crate.
//!
//! ```
//! let specs = shared_data::root().join("specs");
//! assert!(specs.ends_with("shared/specs"));
//! ```

use std::path::PathBuf;

/// The folder `../shared/` beside the checkout.
#[must_use]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// The text of `../shared/<path>`.
///
/// # Panics
/// When the file cannot be read. The tests that call this are ignored when
/// their folder is missing (see the crate's docs), so they get here without
/// the data only when `BOARDKIT_REQUIRE_SHARED=1` requires it, or when the
/// folder is there but the file is not: either way the missing file is the
/// failure to report.
#[must_use]
#[allow(clippy::panic)]
pub fn read(path: &str) -> String {
    let full = root().join(path);
    match std::fs::read_to_string(&full) {
        Ok(text) => text,
        Err(e) => panic!(
            "{} cannot be read ({e}): this test needs ../shared/ beside the checkout \
             (without it the test is ignored, unless BOARDKIT_REQUIRE_SHARED=1)",
            full.display()
        ),
    }
}
