//! boardkit's own levels: twelve small warehouses of rising difficulty,
//! designed for boardkit (not taken from any published set). `boardkit
//! sokoban play` starts with them when given no file.
//!
//! Each is solved in `tests/builtin.rs` by a stored solution; that file also
//! lists each level's fewest moves and fewest pushes, found by exhaustive
//! breadth-first search.

use crate::level::Level;

/// The levels as XSB text.
pub const XSB: &str = include_str!("builtin.xsb");

/// The built-in levels, in order of difficulty.
///
/// ```
/// let levels = boardkit_sokoban::builtin::levels();
/// assert_eq!(levels.len(), 12);
/// assert_eq!(levels[0].title(), Some("First push"));
/// ```
#[must_use]
pub fn levels() -> Vec<Level> {
    // The text is fixed and tested to parse, so this never comes up empty.
    crate::xsb::parse_collection(XSB).unwrap_or_default()
}
