//! `qspec._qspec`: the Python binding of qspec's library (the curated API:
//! loading, compiling, solving, counting, verifying), not of its command
//! line. The Python package `qspec` re-exports it and defines the
//! exceptions ([`errors`]).
//!
//! * [`model`]: `load`, `loads` and the `Model` (an instance);
//! * [`outcomes`]: what a solve, a count, an enumeration and a verification
//!   give back;
//! * [`progress`]: a tqdm bar or a callback for long work;
//! * [`session`]: one model solved again and again under assumptions;
//! * [`sweep`]: `sweep` and the `Sweep`, one model over parameter values
//!   and wall placements, its results as records;
//! * [`wait`]: long work runs without the GIL on a thread of its own, and
//!   Ctrl-C (Python's `KeyboardInterrupt`) stops it promptly.

mod errors;
mod listing;
mod model;
mod options;
mod outcomes;
mod progress;
mod session;
mod sweep;
mod verdict;
mod wait;

use pyo3::prelude::*;

/// The native part of the `qspec` package.
#[pymodule]
fn _qspec(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(model::load, m)?)?;
    m.add_function(wrap_pyfunction!(model::loads, m)?)?;
    m.add_class::<model::Model>()?;
    m.add_class::<outcomes::SolveResult>()?;
    m.add_class::<outcomes::Solution>()?;
    m.add_class::<listing::Solutions>()?;
    m.add_class::<listing::Count>()?;
    m.add_class::<verdict::Verdict>()?;
    m.add_class::<verdict::Clauses>()?;
    m.add_class::<session::Session>()?;
    m.add_class::<session::Scope>()?;
    m.add_class::<session::Core>()?;
    m.add_function(wrap_pyfunction!(sweep::sweep, m)?)?;
    m.add_class::<sweep::Sweep>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
