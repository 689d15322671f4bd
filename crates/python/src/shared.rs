//! What every game's bindings share: the `ValueError` that bad input
//! raises, and [`interruptible`], which runs a long call on a worker thread
//! with the GIL released and stops it at Ctrl-C.

use std::sync::{Condvar, Mutex, PoisonError};
use std::thread::ScopedJoinHandle;
use std::time::Duration;

use boardkit_grid::Interrupt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A `ValueError` carrying `message`, as the CLI would print it.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// How long the calling thread waits for a long call between two runs of
/// Python's signal handlers.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a worker thread, handing it an [`Interrupt`] to put in
/// its limits, while the calling thread waits for it with the GIL released,
/// taking the GIL back every [`SIGNAL_POLL`] to run Python's signal
/// handlers. When a handler raises (Ctrl-C's `KeyboardInterrupt`), the
/// interrupt is triggered, the worker stops at its next limit check (where
/// it reads its deadline) and is joined, and the exception is returned;
/// whatever the worker computed is dropped. A panic of the worker goes on
/// in this thread.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(Interrupt) -> T + Send,
) -> PyResult<T> {
    let interrupt = Interrupt::new();
    let handed = interrupt.clone();
    let finished = (Mutex::new(false), Condvar::new());
    let signal = &finished;
    std::thread::scope(|scope| {
        let worker = scope.spawn(move || {
            let value = work(handed);
            *signal.0.lock().unwrap_or_else(PoisonError::into_inner) = true;
            signal.1.notify_one();
            value
        });
        let join = |worker: ScopedJoinHandle<'_, T>| {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        };
        loop {
            let done = py.detach(|| {
                let flag = finished.0.lock().unwrap_or_else(PoisonError::into_inner);
                let (flag, _) = finished
                    .1
                    .wait_timeout_while(flag, SIGNAL_POLL, |done| !*done)
                    .unwrap_or_else(PoisonError::into_inner);
                *flag
            });
            // A worker that panicked never says it is done, but finishes.
            if done || worker.is_finished() {
                return Ok(join(worker));
            }
            if let Err(signalled) = py.check_signals() {
                interrupt.trigger();
                join(worker);
                return Err(signalled);
            }
        }
    })
}
