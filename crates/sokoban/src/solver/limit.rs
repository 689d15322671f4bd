//! [`Limit`], the limit that stopped a search: made by the searches
//! ([`super::search`]), reported in [`super::Outcome`]. It has a module of
//! its own so that the solver's inner modules name it without importing
//! the public API in the parent module, which imports them.

use std::fmt;

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
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Time => "time limit",
            Limit::Memory => "memory limit",
            Limit::Nodes => "node limit",
        })
    }
}
