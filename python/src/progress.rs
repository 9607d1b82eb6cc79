//! Progress of long work as Python asks for it: `progress=True` draws a
//! tqdm bar (`tqdm.auto`, a widget in a notebook) when tqdm is installed
//! and nothing when it is not; a callable is called as `progress(done,
//! total)` (`total` `None` when unknown); `None` or `False` report
//! nothing. Reports are made from the thread that called, never from a
//! worker.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use qspec::Error;

use crate::errors::to_py;

/// Where progress goes.
pub enum Progress {
    /// Nowhere.
    Silent,
    /// To a callable `(done, total)`.
    Call {
        call: Py<PyAny>,
        total: Option<u64>,
        /// The count last told, not to tell it twice.
        last: Option<u64>,
    },
    /// To a tqdm bar.
    Bar(Py<PyAny>),
}

impl Progress {
    /// The progress `arg` asks for, counting `unit`s out of `total`.
    pub fn new(
        py: Python<'_>,
        arg: Option<&Bound<'_, PyAny>>,
        unit: &str,
        total: Option<u64>,
    ) -> PyResult<Progress> {
        let Some(arg) = arg.filter(|a| !a.is_none()) else {
            return Ok(Progress::Silent);
        };
        if arg.is_instance_of::<PyBool>() {
            if !arg.is_truthy()? {
                return Ok(Progress::Silent);
            }
            let Ok(tqdm) = py.import("tqdm.auto") else {
                return Ok(Progress::Silent);
            };
            let kwargs = PyDict::new(py);
            kwargs.set_item("total", total)?;
            kwargs.set_item("unit", unit)?;
            kwargs.set_item("desc", "qspec")?;
            let bar = tqdm.getattr("tqdm")?.call((), Some(&kwargs))?;
            return Ok(Progress::Bar(bar.unbind()));
        }
        if arg.is_callable() {
            return Ok(Progress::Call {
                call: arg.clone().unbind(),
                total,
                last: None,
            });
        }
        Err(to_py(Error::usage(
            "`progress` takes None, True (a tqdm bar) or a callable progress(done, total)",
        )))
    }

    /// The same progress, to tell without borrowing what holds it.
    pub fn clone_ref(&self, py: Python<'_>) -> Progress {
        match self {
            Progress::Silent => Progress::Silent,
            Progress::Call { call, total, last } => Progress::Call {
                call: call.clone_ref(py),
                total: *total,
                last: *last,
            },
            Progress::Bar(bar) => Progress::Bar(bar.clone_ref(py)),
        }
    }

    /// `done` units are done (told only when it changed).
    pub fn report(&mut self, py: Python<'_>, done: u64) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Call { call, total, last } => {
                if *last != Some(done) {
                    *last = Some(done);
                    call.bind(py).call1((done, *total))?;
                }
                Ok(())
            }
            Progress::Bar(bar) => {
                let bar = bar.bind(py);
                let shown: u64 = bar.getattr("n")?.extract()?;
                if done > shown {
                    bar.call_method1("update", (done - shown,))?;
                }
                Ok(())
            }
        }
    }

    /// The bar closed (once; a bar that cannot close is no reason to lose
    /// the work's result).
    pub fn close(&mut self, py: Python<'_>) {
        if let Progress::Bar(bar) = std::mem::replace(self, Progress::Silent) {
            let _ = bar.bind(py).call_method0("close");
        }
    }
}
