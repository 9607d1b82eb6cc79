//! Long work (a solve, a count, the next solution) without the GIL, on a
//! thread of its own, while the calling thread checks Python's signals a
//! few times a second: Ctrl-C raises the work's cancellation flag (the
//! solvers stop within milliseconds), the thread is joined, and the
//! `KeyboardInterrupt` is raised — nothing is left running.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::panicked;

/// How often the signals are checked.
const TICK: Duration = Duration::from_millis(50);

/// Stack of the working thread (the solvers recurse in places).
const STACK: usize = 64 << 20;

/// Runs `work` on a thread of its own, the GIL released; `cancel` is
/// raised when a signal handler raises an exception (`KeyboardInterrupt`),
/// which is then raised here once `work` has returned.
pub fn interruptible<T, F>(py: Python<'_>, cancel: &Arc<AtomicBool>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    interruptible_ticking(py, cancel, work, &mut |_| Ok(()))
}

/// As [`interruptible`], calling `tick` on the calling thread (the GIL
/// held) between checks: a progress report. An error from `tick` stops
/// the work as Ctrl-C does, and is raised.
pub fn interruptible_ticking<T, F>(
    py: Python<'_>,
    cancel: &Arc<AtomicBool>,
    work: F,
    tick: &mut dyn FnMut(Python<'_>) -> PyResult<()>,
) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        // A receiver may not be shared between threads, a mutex of one may.
        let rx = Mutex::new(rx);
        let worker = std::thread::Builder::new()
            .name("qspec".into())
            .stack_size(STACK)
            .spawn_scoped(scope, move || {
                let _ = tx.send(work());
            })
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        loop {
            let received = py.detach(|| match rx.lock() {
                Ok(rx) => rx.recv_timeout(TICK),
                Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
            });
            match received {
                Ok(value) => {
                    let _ = py.detach(|| worker.join());
                    return Ok(value);
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let _ = py.detach(|| worker.join());
                    return Err(panicked());
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(signal) = py.check_signals().and_then(|()| tick(py)) {
                cancel.store(true, Ordering::SeqCst);
                let _ = py.detach(|| worker.join());
                return Err(signal);
            }
        }
    })
}
