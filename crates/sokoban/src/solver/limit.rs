//! [`Limit`], the limit that stopped a search: made by the searches
//! ([`super::search`]), reported in [`super::Outcome`]; and [`Clock`], the
//! deadline and interrupt that the searches and the long precomputations
//! look at. They have a module of their own so that the solver's inner
//! modules name them without importing the public API in the parent
//! module, which imports them.

use std::fmt;
use std::time::Instant;

use boardkit_grid::Interrupt;

/// The limit that stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
    /// The node limit.
    Nodes,
    /// The [`Config::interrupt`](super::Config::interrupt) was triggered.
    Interrupted,
}

impl Limit {
    /// The limit's short name, as JSON records give it: `time`, `memory`,
    /// `nodes` or `interrupted`.
    ///
    /// ```
    /// use boardkit_sokoban::solver::Limit;
    /// assert_eq!(Limit::Nodes.name(), "nodes");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Limit::Time => "time",
            Limit::Memory => "memory",
            Limit::Nodes => "nodes",
            Limit::Interrupted => "interrupted",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Time => "time limit",
            Limit::Memory => "memory limit",
            Limit::Nodes => "node limit",
            Limit::Interrupted => "interrupt",
        })
    }
}

/// When a solve must stop whatever it is doing: its deadline and its
/// interrupt, read together wherever the solver looks at the clock.
#[derive(Clone, Debug, Default)]
pub(crate) struct Clock {
    /// Stop at this instant.
    pub(crate) deadline: Option<Instant>,
    /// Stop once this is triggered.
    pub(crate) interrupt: Option<Interrupt>,
}

impl Clock {
    /// The limit reached now, if any: [`Limit::Interrupted`] once the
    /// interrupt is triggered, else [`Limit::Time`] once the deadline has
    /// passed.
    pub(crate) fn passed(&self) -> Option<Limit> {
        if self.interrupt.as_ref().is_some_and(Interrupt::is_triggered) {
            Some(Limit::Interrupted)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Limit::Time)
        } else {
            None
        }
    }
}
