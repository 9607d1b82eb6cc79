//! Progress of long work as Python asks for it: `progress=True` draws a
//! tqdm bar (`tqdm.auto`, a widget in a notebook) when tqdm is installed
//! and nothing when it is not; a callable is called as `progress(done,
//! total)` (`total` `None` when unknown); `None` reports nothing. Reports
//! are made from the thread that called, never from a worker.

use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Where progress goes.
pub enum Progress<'py> {
    /// Nowhere.
    Silent,
    /// To a callable `(done, total)`.
    Callback {
        call: Bound<'py, PyAny>,
        total: Option<u64>,
        last: Option<u64>,
    },
    /// To a tqdm bar.
    Bar { bar: Bound<'py, PyAny>, last: u64 },
}

impl<'py> Progress<'py> {
    /// The progress `arg` asks for, counting `unit`s out of `total`.
    pub fn new(
        py: Python<'py>,
        arg: Option<&Bound<'py, PyAny>>,
        unit: &str,
        total: Option<u64>,
    ) -> PyResult<Progress<'py>> {
        let Some(arg) = arg.filter(|a| !a.is_none()) else {
            return Ok(Progress::Silent);
        };
        if arg.is_callable() {
            return Ok(Progress::Callback {
                call: arg.clone(),
                total,
                last: None,
            });
        }
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
        Ok(Progress::Bar { bar, last: 0 })
    }

    /// `done` units are done (reported only when it changed).
    pub fn report(&mut self, done: u64) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Callback { call, total, last } => {
                if *last != Some(done) {
                    *last = Some(done);
                    call.call1((done, *total))?;
                }
                Ok(())
            }
            Progress::Bar { bar, last } => {
                if done > *last {
                    bar.call_method1("update", (done - *last,))?;
                    *last = done;
                }
                Ok(())
            }
        }
    }

    /// The work ended with `done` units: a last report, and the bar closed.
    pub fn finish(&mut self, done: u64) -> PyResult<()> {
        let reported = self.report(done);
        if let Progress::Bar { bar, .. } = self {
            bar.call_method0("close")?;
        }
        reported
    }
}
