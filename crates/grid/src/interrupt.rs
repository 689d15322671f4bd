//! A cancellation flag that long computations read where they read their
//! deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A shared flag asking a long computation to stop.
///
/// Every clone is a handle to the same flag: one thread hands a clone to
/// the computation (in its limits) and keeps another, which it
/// [`trigger`](Interrupt::trigger)s to stop it. The games read the flag only
/// where they already look at their deadline, so an interrupt is honoured
/// at the next of those checks and costs nothing in between; a computation
/// stopped by it reports its own "interrupted" outcome.
///
/// Two handles are equal when they are handles to the same flag.
///
/// ```
/// use boardkit_grid::Interrupt;
///
/// let interrupt = Interrupt::new();
/// let handed_out = interrupt.clone();
/// let worker = std::thread::spawn(move || {
///     let mut rounds = 0u64;
///     while !handed_out.is_triggered() {
///         rounds += 1;
///         std::thread::yield_now();
///     }
///     rounds
/// });
/// interrupt.trigger();
/// let _rounds_done = worker.join().unwrap();
/// assert!(interrupt.is_triggered());
/// assert_ne!(interrupt, Interrupt::new());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag not yet triggered.
    #[must_use]
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Asks every computation holding a handle to this flag to stop. The
    /// flag stays triggered.
    pub fn trigger(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag has been triggered. A relaxed load: the flag
    /// guards no other data, it only has to be seen eventually.
    #[must_use]
    pub fn is_triggered(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl PartialEq for Interrupt {
    fn eq(&self, other: &Interrupt) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Interrupt {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_clone_sees_the_trigger() {
        let a = Interrupt::new();
        let b = a.clone();
        let other = Interrupt::new();
        assert!(!a.is_triggered() && !b.is_triggered());
        b.trigger();
        assert!(a.is_triggered() && b.is_triggered());
        assert!(!other.is_triggered());
        assert_eq!(a, b);
        assert_ne!(a, other);
    }
}
