"""qspec's runner for OR-tools' CP-SAT, through the ortools package (pip
install ortools), with gurobi_cl's command line so that qspec runs it as it
runs Gurobi:

    python3 cpsat_cl.py [TimeLimit=S] [Threads=N] [InputFile=START.mst] ResultFile=SOL MODEL.mps

MODEL is an MPS file (OR-tools' LP reader takes lp_solve's dialect only,
not CPLEX LP, google/or-tools#4205; `qspec compile --lp-dialect lp_solve`
writes that dialect, but MPS needs no choice).
ResultFile=SOL gets the solution as a Gurobi .sol file (`# Objective value
= V`, then `name value` lines); InputFile=START.mst (`name value` lines)
becomes CP-SAT's hints. It prints, last, gurobi_cl's line for the outcome
("Optimal solution found", "Model is infeasible", "Time limit reached").
"""

import sys

try:
    from ortools.linear_solver.python import model_builder as mb
except ImportError:
    sys.exit("qspec's CP-SAT runner needs OR-tools: pip install ortools")


def split(args):
    """(parameters by lower-case name, the model file)."""
    params, files = {}, []
    for arg in args:
        name, sep, value = arg.partition("=")
        if sep and name.isidentifier():
            params[name.lower()] = value
        else:
            files.append(arg)
    if len(files) != 1:
        sys.exit("usage: cpsat_cl.py [Parameter=value ...] MODEL.mps")
    return params, files[0]


def hints(model, path):
    """The start's values as CP-SAT hints."""
    by_name = {v.name: v for v in model.get_variables()}
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) == 2 and not line.startswith("#") and words[0] in by_name:
                model.add_hint(by_name[words[0]], float(words[1]))


def main(args):
    params, model_file = split(args)
    model = mb.Model()
    if not model.import_from_mps_file(model_file):
        sys.exit("CP-SAT: cannot read the MPS file %s" % model_file)
    if "inputfile" in params:
        hints(model, params["inputfile"])
    solver = mb.Solver("sat")
    if "timelimit" in params:
        solver.set_time_limit_in_seconds(float(params["timelimit"]))
    if "threads" in params:
        solver.set_solver_specific_parameters("num_workers:%d" % int(params["threads"]))
    status = solver.solve(model)
    found = status in (mb.SolveStatus.OPTIMAL, mb.SolveStatus.FEASIBLE)
    if found and "resultfile" in params:
        with open(params["resultfile"], "w") as out:
            out.write("# Objective value = %.17g\n" % solver.objective_value)
            for v in model.get_variables():
                out.write("%s %d\n" % (v.name, round(solver.value(v))))
    if status == mb.SolveStatus.OPTIMAL:
        print("Optimal solution found")
    elif status == mb.SolveStatus.INFEASIBLE:
        print("Model is infeasible")
    elif found or (status == mb.SolveStatus.NOT_SOLVED and "timelimit" in params):
        # gurobi_cl's words for a stop at the time limit, with or without a
        # solution (CP-SAT says NOT_SOLVED when it found none in time).
        print("Time limit reached")
    else:
        print("Optimization ended with status %s" % status)


if __name__ == "__main__":
    main(sys.argv[1:])
