//! What MiniZinc says when it cannot run the solver it is asked for, in
//! qspec's words, with what to install (as for a missing `cbc` or
//! `gurobipy`): a tag it has no solver for (`minizinc --solvers` lists
//! those it has), or a solver it knows but whose library it cannot load
//! (SCIP, Gurobi, CPLEX, Xpress are configured but need their own
//! library).
//!
//! Measured with MiniZinc 2.6.4 (Debian): `--solver chuffed` prints
//! `Config exception: no solver with tag chuffed found`; `--solver scip`
//! prints `plugin loading error: Failed to load plugin libscip` (and with
//! `--scip-dll` pointed at SCIP 10, `Failed to load symbol ...`);
//! `--solver gurobi` prints `cannot load gurobi dll, specify --gurobi-dll`
//! (and with gurobipy's library, `PIP license can only be used from
//! gurobipy interface`).

use crate::error::Error;

/// The error for MiniZinc's complaint in `stderr` about the solver of
/// `tool` (`minizinc:chuffed`), if it made one.
pub fn minizinc_trouble(tool: &str, stderr: &str) -> Option<Error> {
    let tag = tool.split_once(':').map_or("", |(_, t)| t);
    let has = "`minizinc --solvers` lists the solvers this MiniZinc has";
    let (message, help) = if let Some(rest) = stderr.split("no solver with tag ").nth(1) {
        let tag = rest.split_whitespace().next().unwrap_or(tag);
        (
            format!("MiniZinc has no solver `{tag}`"),
            format!("{has}; {}", install(tag)),
        )
    } else if stderr.contains("plugin loading error") || stderr.contains("cannot load") {
        let library = if stderr.contains("gurobi") {
            "Gurobi's library: pass it with --solver 'minizinc --solver gurobi --gurobi-dll /path/to/libgurobiNNN.so' (the size-limited licence of the gurobipy wheel works only from Python: use --solver gurobi)".to_string()
        } else {
            format!("the solver's library: install it and pass its path with --solver 'minizinc --solver {tag} --{tag}-dll /path/to/lib{tag}.so' (a library of another version than MiniZinc's plugin expects fails to load too)")
        };
        (
            format!("MiniZinc knows the solver `{tag}` but cannot load it"),
            format!("it needs {library}"),
        )
    } else if stderr.contains("PIP license") {
        (
            "MiniZinc loaded Gurobi, but the pip licence of gurobipy works only from Python"
                .to_string(),
            "use --solver gurobi (qspec's gurobipy runner), or a full Gurobi licence".to_string(),
        )
    } else {
        return None;
    };
    Some(Error::Solver {
        message,
        detail: Some(format!("  = help: {help}")),
    })
}

/// Where to get the solver tagged `tag`.
fn install(tag: &str) -> String {
    let bundle = "the MiniZinc bundle from minizinc.org has it";
    match tag {
        "chuffed" => format!("install Chuffed ({bundle}; or build it from github.com/chuffed/chuffed and add its .msc file to MiniZinc's solver path)"),
        "cp-sat" | "cpsat" | "ortools" => format!("install OR-tools' MiniZinc solver ({bundle}; or OR-tools' release archive, whose share/minizinc holds the .msc file)"),
        "highs" => format!("MiniZinc 2.8 or later loads HiGHS ({bundle})"),
        "gecode" => "install Gecode's MiniZinc solver (Debian: apt-get install minizinc, which brings gecode)".to_string(),
        _ => format!("install the solver `{tag}` and add its .msc file to MiniZinc's solver path (`minizinc --solvers` shows the path)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minizinc_complaints_become_advice() {
        let missing = minizinc_trouble(
            "minizinc:chuffed",
            "Config exception: no solver with tag chuffed found\n",
        )
        .unwrap()
        .to_string();
        assert!(
            missing.contains("MiniZinc has no solver `chuffed`")
                && missing.contains("minizinc --solvers")
                && missing.contains("install Chuffed"),
            "{missing}"
        );
        let scip = minizinc_trouble(
            "minizinc:scip",
            "Error: plugin loading error: Failed to load plugin libscip\n",
        )
        .unwrap()
        .to_string();
        assert!(
            scip.contains("cannot load") && scip.contains("--scip-dll"),
            "{scip}"
        );
        let gurobi = minizinc_trouble(
            "minizinc:gurobi",
            "Error: error: cannot load gurobi dll, specify --gurobi-dll\n",
        )
        .unwrap()
        .to_string();
        assert!(gurobi.contains("--gurobi-dll"), "{gurobi}");
        assert!(minizinc_trouble("minizinc:gecode", "Warning: included file\n").is_none());
    }
}
