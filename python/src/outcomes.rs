//! What Python gets back: a solve's result and a solution (the iterator of
//! solutions and a count are [`crate::listing`]'s, a verdict on an answer
//! and the clauses [`crate::verdict`]'s). Each holds plain values (and the
//! text qspec prints, as `str()`), so it outlives the model and crosses
//! threads freely.

use std::sync::{Arc, OnceLock};

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use qspec::count::End;
use qspec::solve::{Answer, Status};
use qspec::{Board, Instance, Placement};

/// The cells of `flags`, as coordinate tuples.
pub(crate) fn coords(board: &Board, flags: &[bool]) -> Vec<Vec<usize>> {
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
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

pub(crate) fn status_name(status: Status) -> &'static str {
    match status {
        Status::Optimal => "optimal",
        Status::Satisfiable => "satisfiable",
        Status::Unsatisfiable => "unsatisfiable",
        Status::Feasible => "feasible",
        Status::Unknown => "unknown",
    }
}

pub(crate) fn end_name(end: End) -> &'static str {
    match end {
        End::Complete => "complete",
        End::Limit => "limit",
        End::Timeout => "timeout",
        End::Interrupted => "interrupted",
        End::Capacity => "capacity",
    }
}

/// The board, the verdict of the verifier on it, and its picture.
pub(crate) struct Judged {
    pub(crate) cells: Vec<Vec<usize>>,
    /// The kind of each piece of `cells`, by name.
    kinds: Vec<String>,
    walls: Vec<Vec<usize>>,
    pub(crate) violations: Vec<String>,
    board: String,
    /// The model and board to draw, when there is a board.
    drawing: Option<(Arc<Instance>, Placement)>,
    /// Its SVG picture, drawn when first asked for (a notebook asks; a
    /// listing of many solutions need not pay for it).
    svg: OnceLock<String>,
}

impl Judged {
    pub(crate) fn of(instance: &Arc<Instance>, placement: &Placement) -> Judged {
        Judged::checked_by(instance, instance, placement)
    }

    /// The board judged by `checker` (the model an enumeration solves)
    /// and drawn as a board of `model`.
    pub(crate) fn checked_by(
        checker: &Instance,
        model: &Arc<Instance>,
        placement: &Placement,
    ) -> Judged {
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
    pub(crate) fn svg(&self) -> Option<&str> {
        let (model, placement) = self.drawing.as_ref()?;
        Some(
            self.svg
                .get_or_init(|| qspec::draw::svg(&model.spec, &model.board, placement, false)),
        )
    }

    /// The picture under a caption, as HTML.
    pub(crate) fn html(&self, caption: &str) -> Option<String> {
        self.svg().map(|svg| {
            format!(
                "<figure style=\"margin:0\">{svg}<figcaption>{}</figcaption></figure>",
                escape(caption)
            )
        })
    }

    pub(crate) fn none() -> Judged {
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
    pub(crate) number: u64,
    /// The size of its symmetry class (`up_to_symmetry=True`), else `None`.
    #[pyo3(get)]
    pub(crate) class_size: Option<u64>,
    /// The objective's value on it, if the model has one.
    #[pyo3(get)]
    pub(crate) value: Option<usize>,
    pub(crate) judged: Judged,
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
