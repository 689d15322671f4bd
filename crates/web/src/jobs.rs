//! The pool that Sokoban solves run on: at most [`Config::solve_jobs`]
//! solves at once and [`Config::solve_queue`] more waiting their turn; a
//! solve past both is refused at once with 503 and a `Retry-After` header
//! ([`ApiError::busy`]) rather than left waiting.
//!
//! A solve first takes a place ([`Jobs::admit`], which never waits), then
//! [`Jobs::run`] waits for a running slot and runs the work on a blocking
//! thread. The place and the slot are both held by the work itself and
//! given back when it ends, however it ends: a panic in the work is a 500
//! answer and frees them like any other end. The work is handed an
//! [`Interrupt`] that a [`Cancel`] guard triggers when it is dropped, so a
//! solve whose client went away stops at its next limit check.
//!
//! [`Config::solve_jobs`]: crate::Config::solve_jobs
//! [`Config::solve_queue`]: crate::Config::solve_queue

use std::sync::Arc;

use boardkit_grid::Interrupt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;

/// The solves running and waiting, each bounded.
#[derive(Debug)]
pub struct Jobs {
    /// One permit per place, running or waiting.
    places: Arc<Semaphore>,
    /// One permit per solve that may run at once.
    running: Arc<Semaphore>,
}

/// A place in the pool, running or waiting: given back when dropped.
#[derive(Debug)]
pub struct Place {
    /// The permit of the place.
    _permit: OwnedSemaphorePermit,
}

impl Jobs {
    /// A pool running at most `jobs` solves (at least one) with at most
    /// `queue` more waiting.
    #[must_use]
    pub fn new(jobs: usize, queue: usize) -> Jobs {
        let jobs = jobs.max(1);
        Jobs {
            places: Arc::new(Semaphore::new(jobs.saturating_add(queue))),
            running: Arc::new(Semaphore::new(jobs)),
        }
    }

    /// A place for one more solve, or 503 when every place is taken.
    ///
    /// # Errors
    /// [`ApiError::busy`] when the pool is full.
    pub fn admit(&self) -> Result<Place, ApiError> {
        Arc::clone(&self.places)
            .try_acquire_owned()
            .map(|permit| Place { _permit: permit })
            .map_err(|_| {
                ApiError::busy("every solver is busy and the queue is full: try again shortly")
            })
    }

    /// True when a solve admitted now would start at once.
    #[must_use]
    pub fn has_free_slot(&self) -> bool {
        self.running.available_permits() > 0
    }

    /// Runs `work` on a blocking thread once a running slot is free,
    /// holding `place` and the slot until it ends. A panic in `work` is a
    /// 500 answer.
    ///
    /// # Errors
    /// `work`'s own error, or [`ApiError::internal`] when it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        place: Place,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = Arc::clone(&self.running)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::internal())?;
        tokio::task::spawn_blocking(move || {
            let answer = work();
            drop((slot, place));
            answer
        })
        .await
        .map_err(|_| ApiError::internal())
    }
}

/// Triggers its interrupt when dropped: whoever holds it stands for the
/// client, so dropping it (the client went away) stops the work.
#[derive(Debug, Default)]
pub struct Cancel(Interrupt);

impl Cancel {
    /// A guard with a fresh interrupt.
    #[must_use]
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// The interrupt to hand to the work.
    #[must_use]
    pub fn interrupt(&self) -> Interrupt {
        self.0.clone()
    }
}

impl Drop for Cancel {
    fn drop(&mut self) {
        self.0.trigger();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    #[tokio::test]
    async fn a_full_pool_refuses_and_frees_its_places() {
        let jobs = Jobs::new(1, 1);
        let first = jobs.admit().unwrap();
        let second = jobs.admit().unwrap();
        let refused = jobs.admit().unwrap_err();
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            refused.message,
            "every solver is busy and the queue is full: try again shortly"
        );
        assert_eq!(jobs.run(first, || 6 * 7).await, Ok(42));
        drop(second);
        let _two = (jobs.admit().unwrap(), jobs.admit().unwrap());
    }

    /// A panicking job answers 500 and gives back its place and slot.
    #[tokio::test]
    async fn a_panicking_job_frees_its_place() {
        let jobs = Jobs::new(1, 0);
        let place = jobs.admit().unwrap();
        let answer: Result<(), ApiError> = jobs.run(place, || panic!("a job that fails")).await;
        assert_eq!(answer, Err(ApiError::internal()));
        assert!(jobs.has_free_slot());
        let place = jobs.admit().unwrap();
        assert_eq!(jobs.run(place, || "ran").await, Ok("ran"));
    }

    #[test]
    fn dropping_the_guard_triggers_its_interrupt() {
        let cancel = Cancel::new();
        let interrupt = cancel.interrupt();
        assert!(!interrupt.is_triggered());
        drop(cancel);
        assert!(interrupt.is_triggered());
    }
}
