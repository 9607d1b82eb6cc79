//! What Python gets back from judging: the verdict of `Model.verify()` on
//! a solver's answer, and a model's clauses as the CNF file numbers them.

use crate::outcomes::{tuples, Judged};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use qspec::encode::ClauseArena;
use qspec::Instance;
use std::collections::BTreeMap;
use std::sync::Arc;

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
