//! What every game's bindings share: the `ValueError` that bad input
//! raises, the checked arguments (integers of any size, seconds, sizes in
//! bytes) read through the game crates' own checks, so that Python and the
//! command line take the same values and refuse the others in the same
//! words, and [`interruptible`], which runs a long call on a worker thread
//! with the GIL released and stops it at Ctrl-C.

use std::sync::{Condvar, Mutex, PoisonError};
use std::thread::ScopedJoinHandle;
use std::time::Duration;

use boardkit_grid::value::{self, IntParam, ValueError};
use boardkit_grid::Interrupt;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

/// A `ValueError` carrying `message`, as the CLI would print it.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}

/// The `ValueError` of an argument its check refused, in the command
/// line's words with the argument's Python name: `invalid value '-1' for
/// 'moves': expected a number of moves from 0 to 64`.
pub(crate) fn invalid(name: &str, value: impl std::fmt::Display, e: &ValueError) -> PyErr {
    value_error(e.for_argument(name, value))
}

/// A Python `int` of any size, as a check reads it: one beyond `i128`
/// becomes `i128::MIN` or `i128::MAX`, outside every parameter's range, so
/// that `-1` and `10**40` get the parameter's message instead of an
/// `OverflowError`. Anything but an `int` is still a `TypeError`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Int(pub(crate) i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Int(if obj.lt(0)? { i128::MIN } else { i128::MAX }))
            }
            Err(e) => Err(e),
        }
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            i128::MIN => f.write_str("a negative number beyond 2^127"),
            i128::MAX => f.write_str("a number beyond 2^127"),
            v => write!(f, "{v}"),
        }
    }
}

/// The argument `name` checked by `param`, as the type the caller keeps.
pub(crate) fn int_arg<T: TryFrom<i128>>(name: &str, v: Int, param: IntParam) -> PyResult<T> {
    param.check_as(v.0).map_err(|e| invalid(name, v, &e))
}

/// A time limit of `seconds`, checked as the command line checks
/// `--time-limit` (`None`: no limit).
pub(crate) fn seconds_arg(name: &str, seconds: Option<f64>) -> PyResult<Option<Duration>> {
    seconds
        .map(|s| value::seconds(s).map_err(|e| invalid(name, s, &e)))
        .transpose()
}

/// A memory limit in bytes, checked as the command line checks
/// `--memory-limit`.
pub(crate) fn bytes_arg(name: &str, bytes: Int) -> PyResult<u64> {
    value::bytes(bytes.0).map_err(|e| invalid(name, bytes, &e))
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
