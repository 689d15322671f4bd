//! Test support: the data that lives in `../shared/` beside the checkout
//! (the judge specs and the public Sokoban level sets), which is never
//! copied into the repository.
//!
//! A test asks for a file with [`read`]. When the file is there it gets the
//! text; when it is not, it gets `None` and a note on stderr, so the test can
//! skip on a fresh clone, unless the variable `BOARDKIT_REQUIRE_SHARED=1` is
//! set (CI sets it), in which case [`read`] panics with the reason. Only tests
//! and benches depend on this crate.
//!
//! ```
//! // A file that is never there: a note, and nothing to test.
//! if std::env::var("BOARDKIT_REQUIRE_SHARED").as_deref() != Ok("1") {
//!     assert_eq!(shared_data::read("no/such/file.txt"), None);
//! }
//! ```

use std::path::PathBuf;

/// The folder `../shared/` beside the checkout.
#[must_use]
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// The text of `../shared/<path>`, or `None` with a note on stderr when it
/// cannot be read.
///
/// # Panics
/// When the file cannot be read and `BOARDKIT_REQUIRE_SHARED=1` is set: a
/// run that must check the shared data fails instead of skipping.
#[must_use]
pub fn read(path: &str) -> Option<String> {
    let full = root().join(path);
    match std::fs::read_to_string(&full) {
        Ok(text) => Some(text),
        Err(e) => {
            assert!(
                std::env::var("BOARDKIT_REQUIRE_SHARED").as_deref() != Ok("1"),
                "BOARDKIT_REQUIRE_SHARED=1 but {} cannot be read: {e}",
                full.display()
            );
            eprintln!("note: skipping, {} not found ({e})", full.display());
            None
        }
    }
}
