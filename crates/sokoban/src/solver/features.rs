//! FESS's feature space: where a position stands by the features FESS
//! steers by ([`Features`]).

/// A position's place in the feature space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Features {
    /// Boxes placed in plan ([`super::packing`]).
    pub(crate) packing: u16,
    /// Separate areas of free floor ([`super::areas`]); 0 when unknown.
    pub(crate) areas: u16,
}
