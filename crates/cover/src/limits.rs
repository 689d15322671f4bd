//! Resource limits of a count, and how a count can stop short of an answer.

use std::fmt;
use std::time::Duration;

use boardkit_grid::Interrupt;

/// The resources a count may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes a count may take: the board, its white regions, the scan of a
    /// region (placements of pieces), the frontier state tables (keys,
    /// counts and the heap storage of big counts) and, for a covering, its
    /// pieces.
    pub memory: u64,
    /// Wall-clock time for the whole call, if limited.
    pub time: Option<Duration>,
    /// Stop with [`CoverError::Interrupted`] once this is triggered (read
    /// where the time limit is: once per scanned cell, and per row while a
    /// board is prepared).
    pub interrupt: Option<Interrupt>,
}

impl Limits {
    /// The default memory limit: 4 GiB (a full 64 x 24 board needs 1.7 GiB;
    /// longer ones need more as their counts widen).
    pub const DEFAULT_MEMORY: u64 = 4 << 30;

    /// The same limits, and also stopping once `interrupt` is triggered.
    ///
    /// ```
    /// use boardkit_cover::{count_rectangle, CoverError, Limits, PieceSet};
    /// use boardkit_grid::Interrupt;
    ///
    /// let l3 = PieceSet::named("l3").unwrap();
    /// let interrupt = Interrupt::new();
    /// let limits = Limits::default().with_interrupt(interrupt.clone());
    /// assert_eq!(count_rectangle(6, 6, &l3, &limits).unwrap().count, 162u32.into());
    /// interrupt.trigger();
    /// assert!(matches!(
    ///     count_rectangle(6, 6, &l3, &limits),
    ///     Err(CoverError::Interrupted { done: 0, cells: 36 })
    /// ));
    /// ```
    #[must_use]
    pub fn with_interrupt(self, interrupt: Interrupt) -> Limits {
        Limits {
            interrupt: Some(interrupt),
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            memory: Limits::DEFAULT_MEMORY,
            time: None,
            interrupt: None,
        }
    }
}

/// Why a count or a search for a covering stopped without an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverError {
    /// A white region is too wide for the pieces: the frontier would need
    /// more than 64 bits.
    TooWide {
        /// Height of the region's bounding box, in board rows.
        height: usize,
        /// Width of the region's bounding box, in board columns.
        width: usize,
        /// Bits the frontier needs, scanning along the shorter side.
        bits: usize,
    },
    /// The state tables outgrew the memory limit.
    Memory {
        /// The limit in bytes.
        limit: u64,
        /// States the tables held when they reached it.
        states: usize,
        /// Bytes per state at that point.
        entry_bytes: usize,
    },
    /// The board and the scan of its regions would not fit in the memory
    /// limit: refused before they are made.
    Prepare {
        /// Rows of the board.
        height: usize,
        /// Columns of the board.
        width: usize,
        /// Bytes they would take at least.
        bytes: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// A covering's pieces and drawing would not fit in the memory limit.
    Drawing {
        /// Pieces of the covering.
        pieces: usize,
        /// Bytes they would take at least.
        bytes: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The time limit passed.
    Time {
        /// The limit.
        limit: Duration,
        /// Cells scanned in the region where it stopped.
        done: usize,
        /// Cells of that region.
        cells: usize,
    },
    /// The [`Limits::interrupt`] was triggered.
    Interrupted {
        /// Cells scanned in the region where it stopped.
        done: usize,
        /// Cells of that region.
        cells: usize,
    },
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CoverError::TooWide {
                height,
                width,
                bits,
            } => write!(
                f,
                "a white region spanning {height} x {width} cells is too wide for these pieces: \
                 its frontier needs {bits} bits, at most 64"
            ),
            CoverError::Memory {
                limit,
                states,
                entry_bytes,
            } => write!(
                f,
                "the frontier tables need more than the memory limit of {} \
                 ({states} states of {entry_bytes} bytes reached it)",
                format_bytes(*limit)
            ),
            CoverError::Prepare {
                height,
                width,
                bytes,
                limit,
            } => write!(
                f,
                "a {height} x {width} board and its scan need more than the memory limit of {} \
                 ({} before the first frontier table)",
                format_bytes(*limit),
                format_bytes(*bytes)
            ),
            CoverError::Drawing {
                pieces,
                bytes,
                limit,
            } => write!(
                f,
                "the covering and its drawing need more than the memory limit of {} \
                 ({} for {pieces} pieces)",
                format_bytes(*limit),
                format_bytes(*bytes)
            ),
            CoverError::Time { limit, done, cells } => write!(
                f,
                "not solved within the time limit of {} s (stopped after {done} of {cells} cells)",
                limit.as_secs_f64()
            ),
            CoverError::Interrupted { done, cells } => {
                write!(f, "interrupted (stopped after {done} of {cells} cells)")
            }
        }
    }
}

impl std::error::Error for CoverError {}

const UNITS: [(&str, u64); 4] = [
    ("TiB", 1 << 40),
    ("GiB", 1 << 30),
    ("MiB", 1 << 20),
    ("KiB", 1 << 10),
];

/// Bytes in the largest binary unit that keeps the number at least 1, with
/// at most one decimal: `2 GiB`, `1.5 MiB`, `512 bytes`.
///
/// ```
/// assert_eq!(boardkit_cover::limits::format_bytes(2 << 30), "2 GiB");
/// assert_eq!(boardkit_cover::limits::format_bytes(1536 << 10), "1.5 MiB");
/// assert_eq!(boardkit_cover::limits::format_bytes(100), "100 bytes");
/// ```
#[must_use]
pub fn format_bytes(bytes: u64) -> String {
    for (name, size) in UNITS {
        if bytes >= size {
            // Tenths of the unit, rounded down: precise enough for a limit.
            let tenths = u128::from(bytes) * 10 / u128::from(size);
            return if tenths % 10 == 0 {
                format!("{} {name}", tenths / 10)
            } else {
                format!("{}.{} {name}", tenths / 10, tenths % 10)
            };
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardkit_grid::value::parse_bytes;

    #[test]
    fn sizes_round_trip() {
        for text in ["1K", "3M", "2G", "1T", "1.5G", "100"] {
            let b = parse_bytes(text).unwrap();
            assert_eq!(parse_bytes(&format_bytes(b)).unwrap(), b, "{text}");
        }
        assert_eq!(
            CoverError::Memory {
                limit: 1 << 30,
                states: 10,
                entry_bytes: 16
            }
            .to_string(),
            "the frontier tables need more than the memory limit of 1 GiB (10 states of 16 bytes reached it)"
        );
        assert_eq!(
            CoverError::Prepare {
                height: 60,
                width: 30_000_000,
                bytes: 74_160_000_008,
                limit: 4 << 30
            }
            .to_string(),
            "a 60 x 30000000 board and its scan need more than the memory limit of 4 GiB (69 GiB before the first frontier table)"
        );
        assert_eq!(
            CoverError::Drawing {
                pieces: 3,
                bytes: 1536,
                limit: 1024
            }
            .to_string(),
            "the covering and its drawing need more than the memory limit of 1 KiB (1.5 KiB for 3 pieces)"
        );
    }
}
