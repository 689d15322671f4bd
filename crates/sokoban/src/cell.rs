//! Square numbers, shared by [`Level`](crate::Level) and
//! [`State`](crate::State).

/// The index of a square: `row * cols + col`.
pub type Cell = u16;

/// The most squares a level may have (rows × columns after padding), so that
/// every square fits in a [`Cell`].
pub const MAX_CELLS: usize = u16::MAX as usize;
