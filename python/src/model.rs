//! `qspec.load`, `qspec.loads` and `qspec.Model`: a loaded instance, and
//! everything a Python user does with it — compile it, solve it, list or
//! count its solutions, verify an answer, hand its clauses to PySAT.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use pyo3::exceptions::PyImportError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use qspec::count::{self, Optimum};
use qspec::emit::EmitOptions;
use qspec::encode::{encode_model, ClauseArena};
use qspec::files::FileUses;
use qspec::instance::{CompileOptions, LoadOptions, Source};
use qspec::options::{EngineChoice, Format, RayEncoding};
use qspec::service::listing::Lister;
use qspec::solve::{SolveOptions, Stop};
use qspec::{Error, Instance};

use crate::errors::{to_py, OrRaise};
use crate::listing::{Count, Solutions};
use crate::options::{choice, deadline, defines, encodings, maybe};
use crate::outcomes::SolveResult;
use crate::progress::Progress;
use crate::session::Session;
use crate::verdict::{Clauses, Verdict};
use crate::wait::interruptible;

/// A model loaded from a `.qspec` file or text: its spec, board and
/// solver-neutral constraints.
#[pyclass(module = "qspec", frozen)]
pub struct Model {
    instance: Arc<Instance>,
    /// The file it was loaded from (`load`; `loads` has none), which
    /// `compile` never writes over.
    source: Option<PathBuf>,
    /// Its text and load options, and the parameter values it was loaded
    /// with: a sweep loads it again for each instance.
    text: Arc<Source>,
    defines: Vec<(String, i64)>,
}

fn load_options(auto_hints: bool, rays: Option<&str>) -> PyResult<LoadOptions> {
    Ok(LoadOptions {
        rays: maybe::<RayEncoding>("rays", rays)?,
        auto_hints,
        ..LoadOptions::default()
    })
}

fn params(values: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, i64)>> {
    let map: Option<BTreeMap<String, i64>> = values.map(|d| d.extract()).transpose()?;
    Ok(defines(map))
}

/// Loads the model in the file `path`; keyword arguments set its
/// parameters (`n=5`, as `-D n=5` does).
#[pyfunction]
#[pyo3(signature = (path, *, auto_hints = true, rays = None, **params_))]
pub fn load(
    py: Python<'_>,
    path: PathBuf,
    auto_hints: bool,
    rays: Option<&str>,
    params_: Option<&Bound<'_, PyDict>>,
) -> PyResult<Model> {
    let options = load_options(auto_hints, rays)?;
    let defines = params(params_)?;
    // As `qspec::load_file`, the text kept.
    let (text, instance) = py
        .detach(|| {
            let text = Source::read(&path, options)?;
            let instance = text.load(&defines)?;
            Ok((text, instance))
        })
        .or_raise()?;
    Ok(Model {
        source: Some(path),
        ..Model::of(instance, text, defines)
    })
}

/// Loads a model from its text (`name` names it in messages).
#[pyfunction]
#[pyo3(signature = (text, *, name = "<string>", auto_hints = true, rays = None, **params_))]
pub fn loads(
    py: Python<'_>,
    text: &str,
    name: &str,
    auto_hints: bool,
    rays: Option<&str>,
    params_: Option<&Bound<'_, PyDict>>,
) -> PyResult<Model> {
    let options = load_options(auto_hints, rays)?;
    let defines = params(params_)?;
    let text = Source {
        name: name.to_string(),
        text: text.to_string(),
        options,
    };
    let instance = py.detach(|| text.load(&defines)).or_raise()?;
    Ok(Model::of(instance, text, defines))
}

impl Model {
    fn of(instance: Instance, text: Source, defines: Vec<(String, i64)>) -> Model {
        Model {
            instance: Arc::new(instance),
            source: None,
            text: Arc::new(text),
            defines,
        }
    }

    /// What a sweep of the model loads: its text, and the parameter values
    /// it was loaded with (those the sweep does not vary keep them; the
    /// file's own, which may depend on others, are left to the file).
    pub fn family(&self) -> (Arc<Source>, qspec::sweep::Defines) {
        (Arc::clone(&self.text), self.defines.clone())
    }

    fn solve_options(
        &self,
        engine: Option<&str>,
        timeout: Option<f64>,
        amo: Option<&str>,
        card: Option<&str>,
        cancel: &Arc<AtomicBool>,
    ) -> PyResult<SolveOptions> {
        Ok(SolveOptions {
            encodings: encodings(&self.instance, amo, card)?,
            engine: maybe::<EngineChoice>("engine", engine)?.unwrap_or_default(),
            deadline: deadline(timeout)?,
            start: Vec::new(),
            cancel: Some(cancel.clone()),
            ..SolveOptions::default()
        })
    }

    /// The optimum for `optimal` (`None` without), or the error that ends
    /// the listing.
    fn optimum(
        &self,
        py: Python<'_>,
        optimal: bool,
        opts: &SolveOptions,
    ) -> PyResult<Option<Optimum>> {
        if !optimal {
            return Ok(None);
        }
        qspec::service::listing::needs_objective(&self.instance.spec).or_raise()?;
        let cancel = opts.cancel.clone().unwrap_or_default();
        let instance = &*self.instance;
        let found = interruptible(py, &cancel, || count::optimum(instance, opts, &mut |_| {}))?
            .or_raise()?;
        match found {
            Optimum::Unproven(best) => Err(to_py(Error::solver(format!(
                "no optimum proven before the timeout (best found: {best:?}): the solutions at it cannot be listed"
            )))),
            other => Ok(Some(other)),
        }
    }
}

#[pymethods]
impl Model {
    /// The file the model came from, as given.
    #[getter]
    fn file(&self) -> &str {
        &self.instance.spec.file
    }

    /// The parameters and their values.
    #[getter]
    fn params(&self) -> BTreeMap<String, i64> {
        self.instance.spec.params.iter().cloned().collect()
    }

    /// The board's sides.
    #[getter]
    fn dims(&self) -> Vec<usize> {
        self.instance.board.dims().to_vec()
    }

    /// The names of the model's variables, the board's first (`x_0_0`).
    #[getter]
    fn variables(&self) -> Vec<String> {
        self.instance.model.names.clone()
    }

    /// How many constraints the model holds.
    #[getter]
    fn n_constraints(&self) -> usize {
        self.instance.model.constraints.len()
    }

    /// `maximize count`, `minimize walls`, or `None`.
    #[getter]
    fn objective(&self) -> Option<String> {
        self.instance.model.objective.as_ref().map(|o| {
            let sense = match o.sense {
                qspec::model::Sense::Maximize => "maximize",
                qspec::model::Sense::Minimize => "minimize",
            };
            format!("{sense} {}", o.what)
        })
    }

    /// The hints the model holds, each with what it does to the solutions.
    #[getter]
    fn hints(&self) -> Vec<String> {
        self.instance
            .model
            .hints
            .iter()
            .map(|h| h.describe())
            .collect()
    }

    /// What the file says that is probably not what was meant, as qspec
    /// prints it (`None` when there is nothing to say).
    #[getter]
    fn warnings(&self) -> Option<String> {
        let w = &self.instance.warnings;
        (!w.errors.is_empty()).then(|| w.to_string().trim_end().to_string())
    }

    fn __repr__(&self) -> String {
        let dims: Vec<String> = self
            .instance
            .board
            .dims()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!(
            "<qspec.Model {:?}: board {}, {} variables, {} constraints>",
            self.instance.spec.file,
            dims.join("x"),
            self.instance.model.n_vars(),
            self.instance.model.constraints.len()
        )
    }

    /// The model's size and what every encoding choice makes of it, as
    /// `qspec stats --json` says it: a dict.
    #[pyo3(signature = (*, amo = None, card = None))]
    fn stats<'py>(
        &self,
        py: Python<'py>,
        amo: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let chosen = encodings(&self.instance, amo, card)?;
        let instance = &*self.instance;
        let text = py.detach(|| {
            let rows = qspec::encode::stats(&instance.model, chosen);
            qspec::service::stats_json(instance, &rows)
        });
        py.import("json")?.call_method1("loads", (text,))
    }

    /// Writes the model to the file `path` (format from the extension, or
    /// `format`; `.gz` compresses), atomically. Returns what was written.
    #[pyo3(signature = (path, *, format = None, amo = None, card = None, wcnf_legacy = false, mps_negate = false, force = false))]
    #[allow(clippy::too_many_arguments)]
    fn compile<'py>(
        &self,
        py: Python<'py>,
        path: PathBuf,
        format: Option<&str>,
        amo: Option<&str>,
        card: Option<&str>,
        wcnf_legacy: bool,
        mps_negate: bool,
        force: bool,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut uses = FileUses::default();
        if let Some(source) = &self.source {
            uses.reads("the model", source);
        }
        uses.writes("the output", &path).check().or_raise()?;
        let opts = CompileOptions {
            output: path,
            format: maybe::<Format>("format", format)?,
            encodings: encodings(&self.instance, amo, card)?,
            emit: EmitOptions {
                wcnf_legacy,
                mps_negate,
                ..EmitOptions::default()
            },
            limits: self.instance.options.limits,
            force,
        };
        let instance = &*self.instance;
        let report = py.detach(|| instance.compile(&opts)).or_raise()?;
        let out = PyDict::new(py);
        out.set_item("format", report.format.name())?;
        out.set_item("variables", report.variables)?;
        out.set_item(
            if report.format.is_clausal() {
                "clauses"
            } else {
                "constraints"
            },
            report.constraints,
        )?;
        Ok(out)
    }

    /// The model in `format` (`cnf`, `wcnf`, `opb`, `lp`, `mps`, `mzn`) as a string.
    #[pyo3(signature = (format = "cnf", *, amo = None, card = None, wcnf_legacy = false, mps_negate = false))]
    fn compile_str(
        &self,
        py: Python<'_>,
        format: &str,
        amo: Option<&str>,
        card: Option<&str>,
        wcnf_legacy: bool,
        mps_negate: bool,
    ) -> PyResult<String> {
        let format = choice::<Format>("format", format)?;
        let enc = encodings(&self.instance, amo, card)?;
        let emit = EmitOptions {
            wcnf_legacy,
            mps_negate,
            ..EmitOptions::default()
        };
        let instance = &*self.instance;
        let bytes = py
            .detach(|| {
                let mut out = Vec::new();
                instance
                    .write_to(&mut out, format, &enc, &emit)
                    .map(|_| out)
            })
            .or_raise()?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Solves the model with an embedded engine (`auto`, the default,
    /// `cadical`, `kissat`, `portfolio`, `clique`, `rows`, `armies`); the board found is
    /// verified from the geometry. Ctrl-C stops it (`KeyboardInterrupt`).
    #[pyo3(signature = (*, engine = None, timeout = None, amo = None, card = None))]
    fn solve(
        &self,
        py: Python<'_>,
        engine: Option<&str>,
        timeout: Option<f64>,
        amo: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<SolveResult> {
        let cancel = Arc::new(AtomicBool::new(false));
        let opts = self.solve_options(engine, timeout, amo, card, &cancel)?;
        let instance = &*self.instance;
        let answer = interruptible(py, &cancel, || {
            qspec::solve::solve(instance, &opts, &mut |_| {})
        })?
        .or_raise()?;
        Ok(SolveResult::of(&self.instance, &answer))
    }

    /// Every solution, one at a time, each verified from the geometry:
    /// with `up_to_symmetry`, one per class with its `class_size`; with
    /// `optimal`, the solutions at the optimum (found first). CaDiCaL lists
    /// them, or the clique search (with `engine="clique"`, and `auto` on
    /// boards of three or more dimensions) for a `rule no_attack` count
    /// bounded from below or at the optimum, or the row search (with
    /// `engine="rows"`, and `auto` where it applies: no three in line):
    /// those find them all first.
    #[pyo3(signature = (*, up_to_symmetry = false, optimal = false, limit = None, timeout = None, engine = None, amo = None, card = None))]
    #[allow(clippy::too_many_arguments)]
    fn solutions(
        &self,
        py: Python<'_>,
        up_to_symmetry: bool,
        optimal: bool,
        limit: Option<u64>,
        timeout: Option<f64>,
        engine: Option<&str>,
        amo: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<Solutions> {
        let cancel = Arc::new(AtomicBool::new(false));
        let opts = self.solve_options(engine, timeout, amo, card, &cancel)?;
        let lister = Lister::new(&self.instance, &opts, optimal, up_to_symmetry).or_raise()?;
        let optimum = self.optimum(py, optimal, &opts)?;
        let stop = Stop::with_cancel(opts.deadline, Some(cancel.clone()));
        if optimum == Some(Optimum::NoSolution) {
            return Ok(Solutions::empty(cancel, self.instance.clone()));
        }
        let at = match optimum {
            Some(Optimum::At(v)) => Some(v),
            _ => None,
        };
        let instance = (*self.instance).clone();
        let listed = py
            .detach(|| lister.list(Cow::Owned(instance), at, limit, &stop, &opts, &mut |_| {}))
            .or_raise()?;
        let enumeration = listed.solutions;
        Ok(Solutions::of(
            enumeration,
            cancel,
            at,
            self.instance.clone(),
        ))
    }

    /// A session over this model: one solver holding it, asked again and
    /// again under assumptions (`fix`, `forbid`, `assume`, in frames) —
    /// `solve()`, `solutions()`, `why_not()` — without rebuilding.
    #[pyo3(signature = (*, amo = None, card = None))]
    fn session(&self, py: Python<'_>, amo: Option<&str>, card: Option<&str>) -> PyResult<Session> {
        let enc = encodings(&self.instance, amo, card)?;
        let instance = &*self.instance;
        let engine = py
            .detach(|| qspec::service::session::Session::new(instance, &enc))
            .or_raise()?;
        Ok(Session::of(engine, self.instance.clone()))
    }

    /// Counts the solutions (with `up_to_symmetry`, the classes too; with
    /// `optimal`, those at the optimum), each verified. `progress=True`
    /// draws a tqdm bar when tqdm is installed; a callable is called as
    /// `progress(found, None)` a few times a second.
    #[pyo3(signature = (*, up_to_symmetry = false, optimal = false, limit = None, timeout = None, engine = None, amo = None, card = None, progress = None))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        up_to_symmetry: bool,
        optimal: bool,
        limit: Option<u64>,
        timeout: Option<f64>,
        engine: Option<&str>,
        amo: Option<&str>,
        card: Option<&str>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Count> {
        let unit = if up_to_symmetry { "class" } else { "solution" };
        let mut progress = Progress::new(py, progress, unit, None)?;
        let mut listing = self.solutions(
            py,
            up_to_symmetry,
            optimal,
            limit,
            timeout,
            engine,
            amo,
            card,
        )?;
        listing.exhaust(py, &mut progress)?;
        Ok(listing.count())
    }

    /// Reads a solver's answer (its text; the form told from the content,
    /// or `format`), maps it onto the model (through the header of the
    /// compiled file `map` the solver read, when given) and judges the
    /// board from the geometry alone.
    #[pyo3(signature = (answer, *, map = None, format = None, name = "<answer>"))]
    fn verify(
        &self,
        py: Python<'_>,
        answer: &str,
        map: Option<PathBuf>,
        format: Option<&str>,
        name: &str,
    ) -> PyResult<Verdict> {
        let form = maybe::<qspec::answer::read::Form>("format", format)?;
        let instance = &*self.instance;
        let verdict = py
            .detach(|| qspec::service::verify_text(instance, answer, name, map.as_deref(), form))
            .or_raise()?;
        Ok(Verdict::of(&self.instance, &verdict))
    }

    /// The model's clauses with the encodings in force, numbered as in the
    /// CNF file `compile` writes, with the names of the numbered variables.
    #[pyo3(signature = (*, amo = None, card = None))]
    fn clauses(&self, py: Python<'_>, amo: Option<&str>, card: Option<&str>) -> PyResult<Clauses> {
        let enc = encodings(&self.instance, amo, card)?;
        self.instance.check_format(Format::Cnf).or_raise()?;
        let instance = &*self.instance;
        Ok(py.detach(|| {
            let mut arena = ClauseArena::new();
            let vars = encode_model(&instance.model, &enc, &mut arena);
            Clauses::of(instance, &arena, vars.n_vars())
        }))
    }

    /// The clauses as a PySAT `CNF` (`pip install python-sat`), with the
    /// variable names in its `comments` (`c var 12 x_1_3`) and as a dict
    /// in its attribute `names`.
    #[pyo3(signature = (*, amo = None, card = None))]
    fn to_pysat<'py>(
        &self,
        py: Python<'py>,
        amo: Option<&str>,
        card: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let formula = py
            .import("pysat.formula")
            .map_err(|_| PyImportError::new_err("to_pysat needs PySAT: pip install python-sat"))?;
        let clauses = self.clauses(py, amo, card)?;
        let list = PyList::new(py, &clauses.clauses)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("from_clauses", list)?;
        let cnf = formula.getattr("CNF")?.call((), Some(&kwargs))?;
        cnf.setattr("nv", clauses.n_vars)?;
        let comments: Vec<String> = clauses
            .names
            .iter()
            .map(|(id, name)| format!("c var {id} {name}"))
            .collect();
        cnf.setattr("comments", comments)?;
        cnf.setattr("names", clauses.names.clone())?;
        Ok(cnf)
    }
}
