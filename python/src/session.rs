//! `Model.session()`: one loaded model solved again and again under
//! assumptions without rebuilding — pieces fixed, cells forbidden, named
//! variables set, in frames (`push`, `pop`, `with s.fixed(...)`) — and
//! `why_not()`, a set of them that cannot hold together, each needed. The
//! solver is the library's [`qspec::service::session::Session`]; each call
//! runs on a thread of its own without the GIL, and Ctrl-C stops it.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use qspec::service::session::{Assumption, Listed, Session as Engine, WhyNot};
use qspec::solve::Stop;
use qspec::{Error, Instance};

use crate::errors::{to_py, OrRaise};
use crate::options::deadline;
use crate::outcomes::{tuples, Solution, SolveResult};
use crate::wait::interruptible;

/// A model held by one incremental solver, asked under assumptions.
#[pyclass(module = "qspec")]
pub struct Session {
    engine: Arc<Mutex<Engine>>,
    instance: Arc<Instance>,
}

impl Session {
    pub fn of(engine: Engine, instance: Arc<Instance>) -> Session {
        Session {
            engine: Arc::new(Mutex::new(engine)),
            instance,
        }
    }

    /// Runs `work` on the engine, on a thread of its own, stoppable by
    /// Ctrl-C and by `timeout` seconds.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        work: impl FnOnce(&mut Engine, &Stop) -> qspec::Result<T> + Send,
    ) -> PyResult<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Stop::with_cancel(deadline(timeout)?, Some(cancel.clone()));
        let engine = self.engine.clone();
        interruptible(py, &cancel, move || match engine.lock() {
            Ok(mut engine) => work(&mut engine, &stop),
            Err(_) => Err(Error::internal("the session failed earlier")),
        })?
        .or_raise()
    }

    /// The engine, for a quick change on the calling thread.
    fn engine(&self) -> PyResult<std::sync::MutexGuard<'_, Engine>> {
        self.engine
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the session failed earlier"))
    }

    /// The board index of each cell of `cells` (a list of coordinate
    /// tuples, or one tuple).
    fn cells(&self, cells: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let listed: Vec<Vec<usize>> = match cells.extract::<Vec<usize>>() {
            Ok(one) => vec![one],
            Err(_) => cells.extract().map_err(|_| {
                to_py(Error::usage(
                    "cells are coordinate tuples: [(0, 3), (1, 5)], or one cell (0, 3)",
                ))
            })?,
        };
        let board = &self.instance.board;
        listed
            .iter()
            .map(|c| {
                let fits = c.len() == board.dims().len()
                    && c.iter().zip(board.dims()).all(|(x, side)| x < side);
                if fits {
                    Ok(board.index(c))
                } else {
                    Err(to_py(Error::usage(format!(
                        "{c:?} is not a cell of the board {:?}",
                        board.dims()
                    ))))
                }
            })
            .collect()
    }

    /// The index of the kind called `name`.
    fn kind(&self, name: Option<&str>) -> PyResult<Option<usize>> {
        let Some(name) = name else { return Ok(None) };
        let kinds = &self.instance.spec.kinds;
        kinds
            .iter()
            .position(|k| k.name == name)
            .map(Some)
            .ok_or_else(|| {
                let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
                to_py(Error::usage(format!(
                    "kind={name:?} is not one of {}",
                    names.join(", ")
                )))
            })
    }

    fn assume_all(&self, assumptions: Vec<Assumption>) -> PyResult<()> {
        self.engine()?.assume_all(assumptions).or_raise()
    }

    fn fixes(&self, cells: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<Vec<Assumption>> {
        let kind = self.kind(kind)?;
        Ok(self
            .cells(cells)?
            .into_iter()
            .map(|cell| Assumption::Fixed { cell, kind })
            .collect())
    }

    fn forbids(&self, cells: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<Vec<Assumption>> {
        let kind = self.kind(kind)?;
        Ok(self
            .cells(cells)?
            .into_iter()
            .map(|cell| Assumption::Forbidden { cell, kind })
            .collect())
    }

    /// One assumption as Python shows it: `("fix", (0, 3))`,
    /// `("forbid", (1, 1))`, `("assume", "-x_2_2")`.
    fn shown<'py>(&self, py: Python<'py>, a: &Assumption) -> PyResult<Bound<'py, PyTuple>> {
        let board = &self.instance.board;
        match a {
            Assumption::Fixed { cell, .. } => {
                ("fix", PyTuple::new(py, board.coords(*cell))?).into_pyobject(py)
            }
            Assumption::Forbidden { cell, .. } => {
                ("forbid", PyTuple::new(py, board.coords(*cell))?).into_pyobject(py)
            }
            Assumption::Named { name, value } => {
                let sign = if *value { "" } else { "-" };
                ("assume", format!("{sign}{name}")).into_pyobject(py)
            }
        }
    }
}

/// A named literal: `x_1_3` true, `-x_1_3` (or `~x_1_3`) false.
fn named(literal: &str) -> Assumption {
    match literal
        .strip_prefix('-')
        .or_else(|| literal.strip_prefix('~'))
    {
        Some(name) => Assumption::Named {
            name: name.to_string(),
            value: false,
        },
        None => Assumption::Named {
            name: literal.to_string(),
            value: true,
        },
    }
}

#[pymethods]
impl Session {
    /// Pieces on `cells` (coordinate tuples, or one tuple) until the frame
    /// they were fixed in is popped; `kind` names the kind in a model of
    /// several.
    #[pyo3(signature = (cells, *, kind = None))]
    fn fix(&self, cells: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<()> {
        let fixes = self.fixes(cells, kind)?;
        self.assume_all(fixes)
    }

    /// No piece on `cells` (of `kind`, or of any kind).
    #[pyo3(signature = (cells, *, kind = None))]
    fn forbid(&self, cells: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<()> {
        let forbids = self.forbids(cells, kind)?;
        self.assume_all(forbids)
    }

    /// Named variables set: `"x_1_3"` true, `"-w_0_2"` false (any of
    /// `Model.variables`).
    fn assume(&self, literals: Vec<String>) -> PyResult<()> {
        self.assume_all(literals.iter().map(|l| named(l)).collect())
    }

    /// Opens a frame: what is assumed from now on goes at the next `pop()`.
    fn push(&self) -> PyResult<()> {
        self.engine()?.push();
        Ok(())
    }

    /// Drops the innermost frame and what was assumed in it.
    fn pop(&self) -> PyResult<()> {
        self.engine()?.pop().or_raise()
    }

    /// Drops every assumption and frame.
    fn clear(&self) -> PyResult<()> {
        self.engine()?.clear();
        Ok(())
    }

    /// The frames open (pushed and not popped).
    #[getter]
    fn depth(&self) -> PyResult<usize> {
        Ok(self.engine()?.depth())
    }

    /// Every assumption in force, the oldest first: `("fix", (0, 3))`,
    /// `("forbid", (1, 1))`, `("assume", "-x_2_2")`.
    #[getter]
    fn assumptions<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        let held = self.engine()?.assumptions();
        held.iter().map(|a| self.shown(py, a)).collect()
    }

    /// A scope for `with`: pieces on `cells` inside it, gone after it.
    #[pyo3(signature = (cells, *, kind = None))]
    fn fixed(
        slf: Py<Self>,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        kind: Option<&str>,
    ) -> PyResult<Scope> {
        let assumptions = slf.borrow(py).fixes(cells, kind)?;
        Ok(Scope {
            session: slf,
            assumptions,
        })
    }

    /// A scope for `with`: `cells` empty inside it.
    #[pyo3(signature = (cells, *, kind = None))]
    fn forbidden(
        slf: Py<Self>,
        py: Python<'_>,
        cells: &Bound<'_, PyAny>,
        kind: Option<&str>,
    ) -> PyResult<Scope> {
        let assumptions = slf.borrow(py).forbids(cells, kind)?;
        Ok(Scope {
            session: slf,
            assumptions,
        })
    }

    /// Solves under the assumptions (the optimum under them, with an
    /// objective); the board is verified from the geometry.
    #[pyo3(signature = (*, timeout = None))]
    fn solve(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<SolveResult> {
        let answer = self.run(py, timeout, |engine, stop| engine.solve(stop))?;
        Ok(SolveResult::of(&self.instance, &answer))
    }

    /// The solutions under the assumptions (with `optimal`, those at the
    /// optimum under them), up to `limit`, each verified.
    #[pyo3(signature = (*, optimal = false, limit = None, timeout = None))]
    fn solutions(
        &self,
        py: Python<'_>,
        optimal: bool,
        limit: Option<u64>,
        timeout: Option<f64>,
    ) -> PyResult<Vec<Solution>> {
        let instance = self.instance.clone();
        let listed: Listed = self.run(py, timeout, move |engine, stop| {
            engine.solutions(&instance, optimal, limit, stop)
        })?;
        Ok(listed
            .placements
            .iter()
            .zip(1..)
            .map(|(p, number)| Solution::of(&self.instance, number, p))
            .collect())
    }

    /// `None` when the model has a solution under the assumptions; else
    /// a set of them that cannot hold together, irreducible (each needed:
    /// without any one of them a solution exists; empty when the model
    /// has no solution at all); with `smallest`, one of the fewest there
    /// are (more solver calls: for tens of assumptions, not thousands).
    #[pyo3(signature = (*, smallest = false, timeout = None))]
    fn why_not(
        &self,
        py: Python<'_>,
        smallest: bool,
        timeout: Option<f64>,
    ) -> PyResult<Option<Core>> {
        match self.run(py, timeout, move |engine, stop| {
            engine.why_not(smallest, stop)
        })? {
            WhyNot::Possible => Ok(None),
            WhyNot::Stopped => Err(to_py(Error::solver(
                "stopped before it was known whether the assumptions are possible",
            ))),
            WhyNot::Conflict(core) => Ok(Some(Core::of(&self.instance, &core))),
        }
    }

    fn __repr__(&self) -> PyResult<String> {
        let engine = self.engine()?;
        Ok(format!(
            "<qspec.Session {:?}: {} assumptions, {} frames open>",
            self.instance.spec.file,
            engine.assumptions().len(),
            engine.depth()
        ))
    }
}

/// `with s.fixed(cells):` — a frame pushed with the assumptions on entry,
/// popped on exit.
#[pyclass(module = "qspec")]
pub struct Scope {
    session: Py<Session>,
    assumptions: Vec<Assumption>,
}

#[pymethods]
impl Scope {
    fn __enter__(&self, py: Python<'_>) -> PyResult<Py<Session>> {
        let session = self.session.borrow(py);
        session.engine()?.push();
        if let Err(e) = session.assume_all(self.assumptions.clone()) {
            session.engine()?.pop().or_raise()?;
            return Err(e);
        }
        Ok(self.session.clone_ref(py))
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.session.borrow(py).engine()?.pop().or_raise()?;
        Ok(false)
    }
}

/// The assumptions that cannot hold together, by what they say.
#[pyclass(module = "qspec", frozen)]
pub struct Core {
    fixed: Vec<Vec<usize>>,
    forbidden: Vec<Vec<usize>>,
    /// The named literals among them (`-x_2_2`).
    #[pyo3(get)]
    assumed: Vec<String>,
}

impl Core {
    fn of(instance: &Instance, core: &[Assumption]) -> Core {
        let board = &instance.board;
        let mut out = Core {
            fixed: Vec::new(),
            forbidden: Vec::new(),
            assumed: Vec::new(),
        };
        for a in core {
            match a {
                Assumption::Fixed { cell, .. } => out.fixed.push(board.coords(*cell)),
                Assumption::Forbidden { cell, .. } => out.forbidden.push(board.coords(*cell)),
                Assumption::Named { name, value } => out
                    .assumed
                    .push(format!("{}{name}", if *value { "" } else { "-" })),
            }
        }
        out
    }
}

#[pymethods]
impl Core {
    /// The fixed cells among them, as coordinate tuples.
    #[getter]
    fn fixed<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.fixed)
    }

    /// The forbidden cells among them.
    #[getter]
    fn forbidden<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.forbidden)
    }

    fn __len__(&self) -> usize {
        self.fixed.len() + self.forbidden.len() + self.assumed.len()
    }

    fn __repr__(&self) -> String {
        let cells = |cells: &[Vec<usize>]| {
            let shown: Vec<String> = cells
                .iter()
                .map(|c| {
                    let xs: Vec<String> = c.iter().map(ToString::to_string).collect();
                    format!("({})", xs.join(", "))
                })
                .collect();
            format!("[{}]", shown.join(", "))
        };
        let mut parts = Vec::new();
        if !self.fixed.is_empty() {
            parts.push(format!("fixed={}", cells(&self.fixed)));
        }
        if !self.forbidden.is_empty() {
            parts.push(format!("forbidden={}", cells(&self.forbidden)));
        }
        if !self.assumed.is_empty() {
            parts.push(format!("assumed={:?}", self.assumed));
        }
        format!("Core({})", parts.join(", "))
    }
}
