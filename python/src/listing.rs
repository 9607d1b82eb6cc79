//! What Python gets back from listing: the iterator of `Model.solutions()`,
//! each `next()` one more solution found with the GIL released, and the
//! result of `Model.count()`.

use crate::errors::OrRaise;
use crate::outcomes::{end_name, Judged, Solution};
use crate::progress::Progress;
use crate::wait::{interruptible, interruptible_ticking};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use qspec::count::{End, Solutions as Enumeration, Tally};
use qspec::Instance;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The iterator `Model.solutions()` returns: each `next()` finds one more
/// solution (the GIL released, Ctrl-C honoured).
#[pyclass(module = "qspec")]
pub struct Solutions {
    /// Taken out while a worker thread enumerates.
    enumeration: Mutex<Option<Enumeration<'static>>>,
    cancel: Arc<AtomicBool>,
    tally: Tally,
    end: Option<End>,
    group_order: Option<usize>,
    optimum: Option<i64>,
    /// The model the solutions are drawn as boards of.
    model: Arc<Instance>,
}

impl Solutions {
    pub fn of(
        enumeration: Enumeration<'static>,
        cancel: Arc<AtomicBool>,
        optimum: Option<i64>,
        model: Arc<Instance>,
    ) -> Solutions {
        let group_order = enumeration.group_order();
        Solutions {
            enumeration: Mutex::new(Some(enumeration)),
            model,
            cancel,
            tally: Tally::default(),
            end: None,
            group_order,
            optimum,
        }
    }

    /// No solution at all (a model proven to have none).
    pub fn empty(cancel: Arc<AtomicBool>, model: Arc<Instance>) -> Solutions {
        Solutions {
            enumeration: Mutex::new(None),
            model,
            cancel,
            tally: Tally::default(),
            end: Some(End::Complete),
            group_order: None,
            optimum: None,
        }
    }

    /// The next solution, or `None` at the end.
    fn step(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        if self.end.is_some() {
            return Ok(None);
        }
        let mut taken = self.take()?;
        let model = self.model.clone();
        let outcome = interruptible(py, &self.cancel, move || {
            let next = taken.next_solution().map(|found| {
                found.map(|s| {
                    let value = qspec::verify::objective_value(&taken.target().spec, &s.placement);
                    Solution {
                        number: s.number,
                        class_size: s.class_size,
                        value,
                        judged: Judged::checked_by(taken.target(), &model, &s.placement),
                    }
                })
            });
            (next, taken)
        });
        self.put_back(outcome)
    }

    /// Runs the enumeration to its end (on one worker thread, the
    /// solutions counted, not kept), reporting the solutions found (the
    /// classes, up to symmetry) to `progress`.
    pub fn exhaust(&mut self, py: Python<'_>, progress: &mut Progress) -> PyResult<()> {
        if self.end.is_some() {
            return Ok(());
        }
        let mut taken = self.take()?;
        let found = Arc::new(AtomicU64::new(self.tally.found));
        let counter = found.clone();
        let outcome = interruptible_ticking(
            py,
            &self.cancel,
            move || {
                let result = loop {
                    match taken.next_solution() {
                        Ok(Some(_)) => counter.fetch_add(1, Ordering::Relaxed),
                        Ok(None) => break Ok(()),
                        Err(e) => break Err(e),
                    };
                };
                (result, taken)
            },
            &mut |py| progress.report(py, found.load(Ordering::Relaxed)),
        );
        let ended = self.put_back(outcome);
        let told = progress.report(py, self.tally.found);
        progress.close(py);
        ended.and(told)
    }

    /// The enumeration, out of its slot while a worker thread has it.
    fn take(&self) -> PyResult<Enumeration<'static>> {
        self.enumeration
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the enumeration failed earlier"))?
            .take()
            .ok_or_else(|| PyRuntimeError::new_err("the enumeration is in use"))
    }

    /// The enumeration back in its slot after `outcome`, its tally and end
    /// taken over; the worker's result.
    fn put_back<T>(
        &mut self,
        outcome: PyResult<(qspec::Result<T>, Enumeration<'static>)>,
    ) -> PyResult<T> {
        let (result, taken) = match outcome {
            Ok(done) => done,
            Err(signal) => {
                self.end = Some(End::Interrupted);
                return Err(signal);
            }
        };
        self.tally = taken.tally();
        self.end = taken.end();
        if let Ok(mut slot) = self.enumeration.lock() {
            *slot = Some(taken);
        }
        result.or_raise()
    }

    /// The count so far.
    pub fn count(&self) -> Count {
        let end = self.end.unwrap_or(End::Complete);
        Count {
            solutions: self.tally.raw,
            classes: self.group_order.map(|_| self.tally.found),
            complete: end == End::Complete,
            end: end_name(end),
            group_order: self.group_order,
            optimum: self.optimum,
        }
    }
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Solution>> {
        self.step(py)
    }

    /// How the enumeration ended (`complete`, `limit`, `timeout`,
    /// `interrupted`), `None` while it goes on.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.end.map(end_name)
    }

    /// The count so far.
    #[getter]
    fn counted(&self) -> Count {
        self.count()
    }
}

/// The result of `Model.count()`.
#[pyclass(module = "qspec", frozen)]
#[derive(Clone)]
pub struct Count {
    /// The solutions (with classes: the sum of the class sizes).
    #[pyo3(get)]
    solutions: u64,
    /// The symmetry classes, when counted up to symmetry.
    #[pyo3(get)]
    classes: Option<u64>,
    /// Whether every solution was found (else `solutions` is a lower bound).
    #[pyo3(get)]
    complete: bool,
    /// `complete`, `limit`, `timeout` or `interrupted`.
    #[pyo3(get)]
    end: &'static str,
    /// The order of the symmetry group whose classes were counted.
    #[pyo3(get)]
    group_order: Option<usize>,
    /// The optimum the solutions are at (`optimal=True`).
    #[pyo3(get)]
    optimum: Option<i64>,
}

#[pymethods]
impl Count {
    fn __repr__(&self) -> String {
        let classes = self
            .classes
            .map_or(String::new(), |c| format!(", classes={c}"));
        format!(
            "Count(solutions={}{classes}, complete={})",
            self.solutions,
            if self.complete { "True" } else { "False" }
        )
    }

    /// The count as a small table, for a notebook.
    fn _repr_html_(&self) -> String {
        let mut rows = vec![("solutions", self.solutions.to_string())];
        if let Some(c) = self.classes {
            rows.push(("classes", c.to_string()));
        }
        if let Some(g) = self.group_order {
            rows.push(("symmetries", g.to_string()));
        }
        if let Some(o) = self.optimum {
            rows.push(("at the optimum", o.to_string()));
        }
        rows.push(("end", self.end.to_string()));
        let cells: String = rows
            .iter()
            .map(|(k, v)| format!("<tr><th style=\"text-align:left\">{k}</th><td>{v}</td></tr>"))
            .collect();
        format!("<table class=\"qspec-count\">{cells}</table>")
    }

    fn __eq__(&self, other: &Count) -> bool {
        (self.solutions, self.classes, self.complete)
            == (other.solutions, other.classes, other.complete)
    }
}
