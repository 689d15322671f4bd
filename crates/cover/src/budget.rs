//! The memory and time a count has left, checked before each allocation
//! and in every long loop.

use std::time::{Duration, Instant};

use boardkit_grid::Interrupt;

use crate::limits::{CoverError, Limits};

/// Bytes taken so far against the memory limit, by what the count made
/// before its frontier tables (board, regions, scan, pieces found).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Budget {
    /// The memory limit.
    pub limit: u64,
    /// Bytes taken.
    pub used: u64,
    /// The board's rows and columns, for the error.
    pub height: usize,
    /// See `height`.
    pub width: usize,
}

impl Budget {
    /// A budget for a count on a `height` x `width` board, nothing taken.
    pub fn new(limits: &Limits, height: usize, width: usize) -> Budget {
        Budget {
            limit: limits.memory,
            used: 0,
            height,
            width,
        }
    }

    /// Takes `bytes`, or refuses when they would pass the limit.
    pub fn take(&mut self, bytes: u64) -> Result<(), CoverError> {
        let used = self.used.saturating_add(bytes);
        if used > self.limit {
            return Err(CoverError::Prepare {
                height: self.height,
                width: self.width,
                bytes: used,
                limit: self.limit,
            });
        }
        self.used = used;
        Ok(())
    }

    /// Gives back `bytes` taken earlier.
    pub fn release(&mut self, bytes: u64) {
        self.used = self.used.saturating_sub(bytes);
    }
}

/// The deadline and the interrupt of a count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Clock<'a> {
    limit: Option<Duration>,
    deadline: Option<Instant>,
    interrupt: Option<&'a Interrupt>,
}

impl<'a> Clock<'a> {
    /// The clock of a call starting now.
    pub fn start(limits: &'a Limits) -> Clock<'a> {
        Clock {
            limit: limits.time,
            deadline: limits.time.and_then(|t| Instant::now().checked_add(t)),
            interrupt: limits.interrupt.as_ref(),
        }
    }

    /// `Err` once the interrupt is triggered or the time limit has passed,
    /// saying `done` of `cells` cells were scanned.
    pub fn check(&self, done: usize, cells: usize) -> Result<(), CoverError> {
        if self.interrupt.is_some_and(Interrupt::is_triggered) {
            return Err(CoverError::Interrupted { done, cells });
        }
        match (self.deadline, self.limit) {
            (Some(deadline), Some(limit)) if Instant::now() >= deadline => {
                Err(CoverError::Time { limit, done, cells })
            }
            _ => Ok(()),
        }
    }
}
