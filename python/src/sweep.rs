//! `qspec.sweep` and `qspec.Sweep`: one model over parameter values and
//! wall placements, as the command line's `qspec sweep` runs it, each
//! instance's result a dict (a record: a DataFrame's row), in order, as
//! soon as it is ready.
//!
//! The sweep runs on threads of its own without the GIL
//! ([`qspec::sweep::run_until`]), its lines sent over a channel; the
//! iterating thread waits for the next one checking Python's signals a few
//! times a second, and calls the progress callback (never a worker). Ctrl-C,
//! an exception of the callback, the end, `close()` and the iterator's drop
//! all stop the sweep the same way: the cancellation raised, the threads
//! joined — nothing is left running.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyTuple};

use qspec::instance::{LoadOptions, Source};
use qspec::sweep::plan::{parts, product};
use qspec::sweep::{n_instances, run_until, Defines, Line, Options, Part};
use qspec::Error;

use crate::errors::{panicked, to_py, OrRaise};
use crate::model::Model;
use crate::progress::Progress;

/// How often the signals are checked while waiting for a line.
const TICK: Duration = Duration::from_millis(50);

/// What the sweep's thread sends: each line, then how the run ended.
enum Message {
    Line(Line),
    End(qspec::Result<()>),
}

/// Runs `model` over the cartesian product of the parameter values
/// (`n=range(4, 13)`, the first parameter slowest) and, with `walls`, every
/// placement of that many walls (one per symmetry class with `symmetry`);
/// an iterator of one dict per instance, in order.
#[pyfunction]
#[pyo3(signature = (model, *, walls = None, symmetry = true, optimal_count = None, jobs = None, progress = None, **params))]
#[allow(clippy::too_many_arguments)]
pub fn sweep(
    py: Python<'_>,
    model: &Bound<'_, PyAny>,
    walls: Option<&Bound<'_, PyAny>>,
    symmetry: bool,
    optimal_count: Option<u64>,
    jobs: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Sweep> {
    let (source, fixed) = family(py, model)?;
    let ranges = ranges(params)?;
    let walls = match walls {
        Some(w) => wall_counts(&ints("walls", w)?)?,
        None => Vec::new(),
    };
    let combos = with_fixed(&fixed, product(&ranges));
    let options = Options {
        symmetry,
        optimal_count,
    };
    let parts = parts(&combos, &walls);
    // Every combination checked (milliseconds each, nothing built), and
    // the instances counted, before any thread starts: a wrong parameter
    // is an error here, not in the middle of the rows.
    let total = py
        .detach(|| {
            for combo in &combos {
                source.check(combo)?;
            }
            n_instances(&source, &options, &parts)
        })
        .or_raise()?;
    let progress = Progress::new(py, progress, "instance", Some(total))?;
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let columns = Columns {
        params: ranges.into_iter().map(|(name, _)| name).collect(),
        walls: !walls.is_empty(),
        optimal_count: optimal_count.is_some(),
    };
    Sweep::start(source, options, parts, jobs, total, columns, progress)
}

/// The model's text and the parameter values it was loaded with, or a
/// model file's text.
fn family(py: Python<'_>, model: &Bound<'_, PyAny>) -> PyResult<(Arc<Source>, Defines)> {
    if let Ok(m) = model.cast::<Model>() {
        return Ok(m.get().family());
    }
    let path: PathBuf = model.extract().map_err(|_| {
        PyTypeError::new_err("sweep takes a qspec.Model or the path of a model file")
    })?;
    let text = py
        .detach(|| Source::read(&path, LoadOptions::default()))
        .or_raise()?;
    Ok((Arc::new(text), Vec::new()))
}

/// The swept parameters, each with its values, in the order given.
fn ranges(params: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, Vec<i64>)>> {
    let Some(params) = params else {
        return Ok(Vec::new());
    };
    params
        .iter()
        .map(|(name, values)| {
            let name: String = name.extract()?;
            let values = ints(&name, &values)?;
            Ok((name, values))
        })
        .collect()
}

/// An int, or an iterable of ints, as a list.
fn ints(what: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let refused = || {
        to_py(Error::usage(format!(
            "`{what}` takes an int or an iterable of ints (range(4, 13), [1, 2])"
        )))
    };
    // `True` is an int to Python, never a parameter's value.
    if value.is_instance_of::<PyBool>() {
        return Err(refused());
    }
    if let Ok(v) = value.extract::<i64>() {
        return Ok(vec![v]);
    }
    let items = value.try_iter().map_err(|_| refused())?;
    items
        .map(|item| {
            let item = item?;
            if item.is_instance_of::<PyBool>() {
                return Err(refused());
            }
            item.extract::<i64>().map_err(|_| refused())
        })
        .collect()
}

/// Numbers of walls: none negative.
fn wall_counts(values: &[i64]) -> PyResult<Vec<usize>> {
    values
        .iter()
        .map(|&k| {
            usize::try_from(k).map_err(|_| {
                to_py(Error::usage(format!(
                    "`walls` takes numbers of walls to place, not {k}"
                )))
            })
        })
        .collect()
}

/// Each combination after the model's own parameter values that it does
/// not vary.
fn with_fixed(fixed: &[(String, i64)], combos: Vec<Vec<(String, i64)>>) -> Vec<Vec<(String, i64)>> {
    combos
        .into_iter()
        .map(|combo| {
            let mut all: Defines = fixed
                .iter()
                .filter(|(name, _)| !combo.iter().any(|(n, _)| n == name))
                .cloned()
                .collect();
            all.extend(combo);
            all
        })
        .collect()
}

/// The keys of every row, the same in each (clean DataFrame columns).
#[derive(Clone, Debug)]
struct Columns {
    /// The swept parameters.
    params: Vec<String>,
    /// `walls` and `class_size` (a wall sweep).
    walls: bool,
    /// `optimal_count` (when asked).
    optimal_count: bool,
}

impl Columns {
    /// The keys in order: as a result line's JSON has them, the
    /// parameters first.
    fn names(&self) -> Vec<String> {
        let mut names = self.params.clone();
        if self.walls {
            names.extend(["walls".to_string(), "class_size".to_string()]);
        }
        names.extend(["value".to_string(), "status".to_string()]);
        if self.optimal_count {
            names.push("optimal_count".to_string());
        }
        names.push("cells".to_string());
        names
    }

    /// `line` as a dict of these keys.
    fn row<'py>(&self, py: Python<'py>, line: &Line) -> PyResult<Bound<'py, PyDict>> {
        let row = PyDict::new(py);
        for name in &self.params {
            let value = line.defines.iter().find(|(n, _)| n == name).map(|d| d.1);
            row.set_item(name, value)?;
        }
        if self.walls {
            row.set_item("walls", cells(py, line.walls.as_deref())?)?;
            row.set_item("class_size", line.class_size)?;
        }
        row.set_item("value", line.value)?;
        row.set_item("status", line.status.name())?;
        if self.optimal_count {
            row.set_item("optimal_count", line.optimal_count)?;
        }
        row.set_item("cells", cells(py, line.solution.as_deref())?)?;
        Ok(row)
    }
}

/// Cells as a list of coordinate tuples (`None` stays `None`).
fn cells<'py>(
    py: Python<'py>,
    cells: Option<&[Vec<usize>]>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let Some(cells) = cells else {
        return Ok(None);
    };
    let tuples = cells
        .iter()
        .map(|c| PyTuple::new(py, c))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, tuples).map(Some)
}

/// A running sweep: an iterator of one dict per instance, in order.
#[pyclass(module = "qspec")]
pub struct Sweep {
    /// The lines from the sweep's thread.
    lines: Mutex<Receiver<Message>>,
    cancel: Arc<AtomicBool>,
    /// The sweep's thread (its workers are joined inside it), until joined.
    thread: Option<JoinHandle<()>>,
    /// The number of instances.
    #[pyo3(get)]
    total: u64,
    /// The rows given so far.
    #[pyo3(get)]
    done: u64,
    columns: Columns,
    progress: Progress,
}

impl Sweep {
    /// Starts the sweep's thread.
    fn start(
        source: Arc<Source>,
        options: Options,
        parts: Vec<Part>,
        jobs: usize,
        total: u64,
        columns: Columns,
        progress: Progress,
    ) -> PyResult<Sweep> {
        let (tx, rx) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let thread = std::thread::Builder::new()
            .name("qspec-sweep".into())
            .spawn(move || {
                // A line nobody waits for any more is dropped: the
                // cancellation, raised first, stops the run.
                let mut emit = |_: u64, line: &Line| {
                    let _ = tx.send(Message::Line(line.clone()));
                    Ok(())
                };
                let ran = run_until(&source, &options, &parts, jobs, 0, Some(stop), &mut emit);
                let _ = tx.send(Message::End(ran.map(drop)));
            })
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        Ok(Sweep {
            lines: Mutex::new(rx),
            cancel,
            thread: Some(thread),
            total,
            done: 0,
            columns,
            progress,
        })
    }

    /// The next line (`None` at the end), waited for without the GIL;
    /// a signal's exception (Ctrl-C) stops the sweep and is raised.
    fn receive(&mut self, py: Python<'_>) -> PyResult<Option<Line>> {
        if self.thread.is_none() {
            return Ok(None);
        }
        loop {
            let lines = &self.lines;
            let received = py.detach(|| match lines.lock() {
                Ok(rx) => rx.recv_timeout(TICK),
                Err(_) => Err(RecvTimeoutError::Disconnected),
            });
            match received {
                Ok(Message::Line(line)) => return Ok(Some(line)),
                Ok(Message::End(ended)) => {
                    self.stop(py);
                    return ended.or_raise().map(|()| None);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop(py);
                    return Err(panicked());
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(signal) = py.check_signals() {
                self.stop(py);
                return Err(signal);
            }
        }
    }

    /// Stops the sweep: the cancellation raised, its thread joined (its
    /// workers with it), the bar closed.
    fn stop(&mut self, py: Python<'_>) {
        self.cancel.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = py.detach(|| thread.join());
        }
        self.progress.close(py);
    }

    /// The next row, the progress told (an exception of the callback
    /// stops the sweep and is raised).
    fn next_row<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let py = slf.py();
        // Borrowed only while no Python code runs (the callback may look
        // at the sweep: `len(s)`); another thread's `next` meanwhile is an
        // error, not a wait.
        let (row, done, mut told) = {
            let mut me = slf.try_borrow_mut()?;
            let Some(line) = me.receive(py)? else {
                return Ok(None);
            };
            me.done += 1;
            let row = me.columns.row(py, &line)?;
            (row, me.done, me.progress.clone_ref(py))
        };
        if let Err(e) = told.report(py, done) {
            slf.try_borrow_mut()?.stop(py);
            return Err(e);
        }
        Ok(Some(row))
    }
}

#[pymethods]
impl Sweep {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(slf: &Bound<'py, Self>) -> PyResult<Option<Bound<'py, PyDict>>> {
        Sweep::next_row(slf)
    }

    /// The number of instances (rows), given or not.
    fn __len__(&self) -> usize {
        usize::try_from(self.total).unwrap_or(usize::MAX)
    }

    /// The keys of every row, in order.
    #[getter]
    fn columns(&self) -> Vec<String> {
        self.columns.names()
    }

    /// The rows not given yet, as a list (the sweep run to its end).
    fn records<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let rows = PyList::empty(slf.py());
        while let Some(row) = Sweep::next_row(slf)? {
            rows.append(row)?;
        }
        Ok(rows)
    }

    /// The rows not given yet as a pandas DataFrame (`pip install pandas`).
    fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Sweep::frame(slf, "to_pandas")
    }

    /// The rows not given yet as a polars DataFrame (`pip install polars`).
    fn to_polars<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Sweep::frame(slf, "to_polars")
    }

    /// Stops the sweep (its threads joined); the iterator then ends.
    fn close(&mut self, py: Python<'_>) {
        self.stop(py);
    }

    fn __repr__(&self) -> String {
        format!("<qspec.Sweep: {} of {} instances>", self.done, self.total)
    }
}

impl Sweep {
    /// The remaining rows as a DataFrame, made by `qspec._records.<how>`
    /// (which says what to install when the library is missing).
    fn frame<'py>(slf: &Bound<'py, Self>, how: &str) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("qspec._records")?.call_method1(how, (slf,))
    }
}

impl Drop for Sweep {
    /// A sweep dropped before its end (a `break`) stops and is joined.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        if Python::try_attach(|py| self.stop(py)).is_none() {
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }
}
