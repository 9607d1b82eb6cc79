//! What Python gets back: a solve's result, a solution, the iterator of
//! solutions, a count, a verdict on an answer, the clauses. Each holds
//! plain values (and the text qspec prints, as `str()`), so it outlives the
//! model and crosses threads freely.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use qspec::count::{End, Solutions as Enumeration, Tally};
use qspec::encode::ClauseArena;
use qspec::solve::{Answer, Status};
use qspec::{Board, Instance, Placement};

use crate::errors::OrRaise;
use crate::progress::Progress;
use crate::wait::{interruptible, interruptible_ticking};

/// The cells of `flags`, as coordinate tuples.
fn coords(board: &Board, flags: &[bool]) -> Vec<Vec<usize>> {
    (0..board.n_cells())
        .filter(|&c| flags[c])
        .map(|c| board.coords(c))
        .collect()
}

/// Coordinates as Python tuples.
pub fn tuples<'py>(py: Python<'py>, cells: &[Vec<usize>]) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    cells.iter().map(|c| PyTuple::new(py, c)).collect()
}

/// `text` safe inside HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Optimal => "optimal",
        Status::Satisfiable => "satisfiable",
        Status::Unsatisfiable => "unsatisfiable",
        Status::Feasible => "feasible",
        Status::Unknown => "unknown",
    }
}

fn end_name(end: End) -> &'static str {
    match end {
        End::Complete => "complete",
        End::Limit => "limit",
        End::Timeout => "timeout",
        End::Interrupted => "interrupted",
        End::Capacity => "capacity",
    }
}

/// The board, the verdict of the verifier on it, and its picture.
struct Judged {
    cells: Vec<Vec<usize>>,
    /// The kind of each piece of `cells`, by name.
    kinds: Vec<String>,
    walls: Vec<Vec<usize>>,
    violations: Vec<String>,
    board: String,
    /// The model and board to draw, when there is a board.
    drawing: Option<(Arc<Instance>, Placement)>,
    /// Its SVG picture, drawn when first asked for (a notebook asks; a
    /// listing of many solutions need not pay for it).
    svg: OnceLock<String>,
}

impl Judged {
    fn of(instance: &Arc<Instance>, placement: &Placement) -> Judged {
        Judged::checked_by(instance, instance, placement)
    }

    /// The board judged by `checker` (the model an enumeration solves)
    /// and drawn as a board of `model`.
    fn checked_by(checker: &Instance, model: &Arc<Instance>, placement: &Placement) -> Judged {
        let (spec, board) = (&checker.spec, &checker.board);
        Judged {
            cells: coords(board, &placement.pieces),
            kinds: (0..board.n_cells())
                .filter(|&c| placement.pieces[c])
                .map(|c| spec.kinds[placement.kinds[c]].name.clone())
                .collect(),
            walls: coords(board, &placement.chosen_walls),
            violations: qspec::verify(spec, board, placement)
                .iter()
                .map(ToString::to_string)
                .collect(),
            board: qspec::draw::text(spec, board, placement),
            drawing: Some((model.clone(), placement.clone())),
            svg: OnceLock::new(),
        }
    }

    /// The picture for a notebook, `None` without a board (the text
    /// form is shown then).
    fn svg(&self) -> Option<&str> {
        let (model, placement) = self.drawing.as_ref()?;
        Some(
            self.svg
                .get_or_init(|| qspec::draw::svg(&model.spec, &model.board, placement, false)),
        )
    }

    /// The picture under a caption, as HTML.
    fn html(&self, caption: &str) -> Option<String> {
        self.svg().map(|svg| {
            format!(
                "<figure style=\"margin:0\">{svg}<figcaption>{}</figcaption></figure>",
                escape(caption)
            )
        })
    }

    fn none() -> Judged {
        Judged {
            cells: Vec::new(),
            kinds: Vec::new(),
            walls: Vec::new(),
            violations: Vec::new(),
            board: String::new(),
            drawing: None,
            svg: OnceLock::new(),
        }
    }
}

/// The result of `Model.solve()`.
#[pyclass(module = "qspec", frozen, name = "Result")]
pub struct SolveResult {
    /// `optimal`, `satisfiable`, `unsatisfiable`, `feasible` (the best
    /// found, unproven) or `unknown`.
    #[pyo3(get)]
    status: &'static str,
    /// The objective's value, if the model has one and a board was found.
    #[pyo3(get)]
    value: Option<i64>,
    judged: Judged,
    /// What `qspec solve` prints: the status, the value, the board, the
    /// verifier's judgement.
    #[pyo3(get)]
    text: String,
}

impl SolveResult {
    pub fn of(instance: &Arc<Instance>, answer: &Answer) -> SolveResult {
        let shown = qspec::service::show_answer(instance, answer, &[]);
        let judged = shown
            .placement
            .as_ref()
            .map_or_else(Judged::none, |p| Judged::of(instance, p));
        SolveResult {
            status: status_name(answer.status),
            value: answer.objective,
            judged,
            text: shown.text,
        }
    }
}

#[pymethods]
impl SolveResult {
    /// The cells holding a piece, as coordinate tuples.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.judged.cells)
    }

    /// The kind of each piece of `cells`, by the kind's name (`white`,
    /// `black`; the model's piece, `queen`, in a model of one kind).
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.judged.kinds.clone()
    }

    /// The walls the solver chose (`walls free`), as coordinate tuples.
    #[getter]
    fn walls<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.judged.walls)
    }

    /// Whether a board was found and every rule holds on it (checked from
    /// the geometry, never from the encoding).
    #[getter]
    fn verified(&self) -> bool {
        !self.judged.board.is_empty() && self.judged.violations.is_empty()
    }

    /// The rules the board breaks (empty for a verified board).
    #[getter]
    fn violations(&self) -> Vec<String> {
        self.judged.violations.clone()
    }

    /// The board as a picture (`Q` a piece, `#` a wall), `""` without one.
    #[getter]
    fn board(&self) -> &str {
        &self.judged.board
    }

    /// The board drawn as `qspec solve --svg` draws it (`None` without
    /// one): what a notebook shows.
    fn _repr_svg_(&self) -> Option<&str> {
        self.judged.svg()
    }

    /// The board with its status and value under it, for a notebook.
    fn _repr_html_(&self) -> Option<String> {
        let value = self.value.map_or(String::new(), |v| format!(", value {v}"));
        let verified = if self.verified() { ", verified" } else { "" };
        self.judged.html(&format!(
            "{}{value}, {} pieces{verified}",
            self.status,
            self.judged.cells.len()
        ))
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "<qspec.Result {} value={:?} pieces={}>",
            self.status,
            self.value,
            self.judged.cells.len()
        )
    }
}

/// One solution of `Model.solutions()`, verified.
#[pyclass(module = "qspec", frozen)]
pub struct Solution {
    /// Its number, from 1, in the order found.
    #[pyo3(get)]
    number: u64,
    /// The size of its symmetry class (`up_to_symmetry=True`), else `None`.
    #[pyo3(get)]
    class_size: Option<u64>,
    /// The objective's value on it, if the model has one.
    #[pyo3(get)]
    value: Option<usize>,
    judged: Judged,
}

impl Solution {
    /// The `number`-th solution found, `placement`, of `instance`.
    pub fn of(instance: &Arc<Instance>, number: u64, placement: &Placement) -> Solution {
        Solution {
            number,
            class_size: None,
            value: qspec::verify::objective_value(&instance.spec, placement),
            judged: Judged::of(instance, placement),
        }
    }
}

#[pymethods]
impl Solution {
    /// The cells holding a piece, as coordinate tuples.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.judged.cells)
    }

    /// The walls the solver chose, as coordinate tuples.
    #[getter]
    fn walls<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.judged.walls)
    }

    /// The board as a picture.
    #[getter]
    fn board(&self) -> &str {
        &self.judged.board
    }

    /// The board drawn as `--svg` draws it: what a notebook shows.
    fn _repr_svg_(&self) -> Option<&str> {
        self.judged.svg()
    }

    /// The board with its number (and class size) under it.
    fn _repr_html_(&self) -> Option<String> {
        let class = self
            .class_size
            .map_or(String::new(), |c| format!(", a class of {c}"));
        self.judged.html(&format!(
            "solution {}, {} pieces{class}",
            self.number,
            self.judged.cells.len()
        ))
    }

    fn __str__(&self) -> &str {
        &self.judged.board
    }

    fn __repr__(&self) -> String {
        format!(
            "<qspec.Solution {} pieces={} class_size={:?}>",
            self.number,
            self.judged.cells.len(),
            self.class_size
        )
    }
}

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

/// The verdict of `Model.verify()` on a solver's answer.
#[pyclass(module = "qspec", frozen)]
pub struct Verdict {
    /// Whether the answer holds a board and every rule holds on it.
    #[pyo3(get)]
    ok: bool,
    /// Whether the answer says that no solution exists.
    #[pyo3(get)]
    claims_no_solution: bool,
    /// What `qspec verify` prints.
    #[pyo3(get)]
    text: String,
    judged: Judged,
}

impl Verdict {
    pub fn of(instance: &Arc<Instance>, verdict: &qspec::service::Verdict) -> Verdict {
        let judged = verdict
            .placement
            .as_ref()
            .map_or_else(Judged::none, |p| Judged::of(instance, p));
        Verdict {
            ok: verdict.exit_code == 0,
            claims_no_solution: verdict.claims_no_solution,
            text: verdict.text.clone(),
            judged,
        }
    }
}

#[pymethods]
impl Verdict {
    /// The cells of the answer's board, as coordinate tuples.
    #[getter]
    fn cells<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        tuples(py, &self.judged.cells)
    }

    /// The rules the answer's board breaks.
    #[getter]
    fn violations(&self) -> Vec<String> {
        self.judged.violations.clone()
    }

    fn __bool__(&self) -> bool {
        self.ok
    }

    /// The answer's board drawn (`None` without one).
    fn _repr_svg_(&self) -> Option<&str> {
        self.judged.svg()
    }

    /// The answer's board with the verdict under it.
    fn _repr_html_(&self) -> Option<String> {
        let verdict = if self.ok {
            "every rule holds".to_string()
        } else {
            self.judged.violations.join("; ")
        };
        self.judged.html(&verdict)
    }

    fn __str__(&self) -> &str {
        &self.text
    }

    fn __repr__(&self) -> String {
        format!(
            "<qspec.Verdict ok={} violations={}>",
            if self.ok { "True" } else { "False" },
            self.judged.violations.len()
        )
    }
}

/// A model's clauses, numbered as in the CNF file qspec writes.
#[pyclass(module = "qspec", frozen)]
pub struct Clauses {
    /// Variables, auxiliary ones included.
    #[pyo3(get)]
    pub n_vars: u32,
    /// The clauses, DIMACS literals.
    #[pyo3(get)]
    pub clauses: Vec<Vec<i32>>,
    /// The named variables: number → name (`x_1_3`).
    #[pyo3(get)]
    pub names: BTreeMap<u32, String>,
    /// The board's decision variables (the projection for model counters).
    #[pyo3(get)]
    pub decisions: Vec<u32>,
}

impl Clauses {
    pub fn of(instance: &Instance, arena: &ClauseArena, n_vars: u32) -> Clauses {
        let model = &instance.model;
        Clauses {
            n_vars,
            clauses: arena.iter().map(<[i32]>::to_vec).collect(),
            names: (1..=model.n_vars())
                .zip(model.names.iter().cloned())
                .collect(),
            decisions: (1..=model.n_decisions()).collect(),
        }
    }
}

#[pymethods]
impl Clauses {
    fn __len__(&self) -> usize {
        self.clauses.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<qspec.Clauses {} variables, {} clauses>",
            self.n_vars,
            self.clauses.len()
        )
    }
}
