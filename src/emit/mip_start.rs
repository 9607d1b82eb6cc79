//! Warm starts for MIP solvers: a value for every variable of the model,
//! under the names qspec's LP and MPS files give them, in the three forms
//! the solvers read.
//!
//! * [`MipStart::Gurobi`] — a Gurobi MIP start (`.mst`): `name value`
//!   lines after a `#` comment (`gurobi_cl InputFile=q.mst q.lp`).
//! * [`MipStart::Scip`] — a SCIP solution file (`.sol`): the same lines,
//!   which SCIP reads with `read q.sol` (Gurobi reads it too).
//! * [`MipStart::Highs`] — a HiGHS solution file (`.highs.sol`): HiGHS
//!   wants its own headers (`Model status`, `# Primal solution values`,
//!   `Feasible`, `Objective`, `# Columns N`), which SCIP rejects.

use std::io::{self, Write};

use super::names::SolverNames;
use crate::model::{Model, Var};

/// The form of a MIP start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MipStart {
    /// Gurobi's `.mst`.
    Gurobi,
    /// SCIP's `.sol`.
    Scip,
    /// HiGHS's solution file.
    Highs,
}

impl MipStart {
    /// Every form, in the order `compile --start` writes them.
    pub const ALL: [MipStart; 3] = [MipStart::Gurobi, MipStart::Scip, MipStart::Highs];

    /// The file name's ending (`q.mst`, `q.sol`, `q.highs.sol`).
    pub fn extension(self) -> &'static str {
        match self {
            MipStart::Gurobi => "mst",
            MipStart::Scip => "sol",
            MipStart::Highs => "highs.sol",
        }
    }
}

/// Writes the start `values` (`values[v.index()]` for every variable of
/// `model`) in `form`; `objective` is the start's objective value (HiGHS
/// wants one), `note` a line of provenance.
pub fn write_start(
    w: &mut dyn Write,
    model: &Model,
    values: &[bool],
    objective: i64,
    form: MipStart,
    note: &str,
) -> io::Result<()> {
    let names = SolverNames::of(model);
    match form {
        MipStart::Gurobi => writeln!(w, "# MIP start: {note}")?,
        MipStart::Scip => writeln!(w, "# solution: {note}")?,
        MipStart::Highs => {
            write!(
                w,
                "Model status\nUnknown\n\n# Primal solution values\nFeasible\nObjective {objective}\n# Columns {}\n",
                model.n_vars()
            )?;
        }
    }
    for (index, &value) in values.iter().enumerate().take(model.n_vars() as usize) {
        let var = Var::from_dimacs(index as u32 + 1);
        writeln!(w, "{} {}", names.var(var), u8::from(value))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> Model {
        let mut m = Model::default();
        m.new_var("x_0_0".into());
        m.new_var("end".into());
        m
    }

    fn written(form: MipStart) -> String {
        let mut out = Vec::new();
        write_start(&mut out, &model(), &[true, false], 1, form, "test").unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn each_form_names_variables_as_the_lp_file_does() {
        assert_eq!(
            written(MipStart::Gurobi),
            "# MIP start: test\nx_0_0 1\n_end 0\n"
        );
        assert_eq!(
            written(MipStart::Scip),
            "# solution: test\nx_0_0 1\n_end 0\n"
        );
        assert!(written(MipStart::Highs).ends_with("Objective 1\n# Columns 2\nx_0_0 1\n_end 0\n"));
    }
}
