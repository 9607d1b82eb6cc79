"""qspec's stand-in for gurobi_cl, through gurobipy (pip install gurobipy).

    python3 gurobi_cl.py [Parameter=value ...] MODEL

The command line is gurobi_cl's: MODEL is an LP or MPS file (optionally
.gz); ResultFile=F writes the solution (a .sol file, or any file Gurobi
writes: .mst, .json ...), InputFile=F reads a MIP start (.mst, .sol) or
hints before optimising; every other Parameter=value is a Gurobi parameter
(TimeLimit=10, Threads=1, ...). It prints Gurobi's log and, last, the line
gurobi_cl prints for the outcome ("Optimal solution found", "Model is
infeasible", ...). The exit code is 0 unless Gurobi raised an error.

`qspec solve --solver gurobi` writes this file into its work directory and
runs it; it works with the size-limited licence the gurobipy wheel brings.
"""

import sys

try:
    import gurobipy as gp
    from gurobipy import GRB
except ImportError:
    sys.exit("qspec's Gurobi runner needs gurobipy: pip install gurobipy")

OUTCOME = {
    GRB.OPTIMAL: "Optimal solution found",
    GRB.INFEASIBLE: "Model is infeasible",
    GRB.INF_OR_UNBD: "Model is infeasible or unbounded",
    GRB.UNBOUNDED: "Model is unbounded",
    GRB.TIME_LIMIT: "Time limit reached",
    GRB.INTERRUPTED: "Solve interrupted",
}


def split(args):
    """(parameters in order, the model file)."""
    params, files = [], []
    for arg in args:
        name, sep, value = arg.partition("=")
        if sep and name.isidentifier():
            params.append((name, value))
        else:
            files.append(arg)
    if len(files) != 1:
        sys.exit("usage: gurobi_cl.py [Parameter=value ...] MODEL")
    return params, files[0]


def number(text):
    """A parameter's value: an int, else a float, else the text."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main(args):
    params, model_file = split(args)
    model = gp.read(model_file)
    results = []
    for name, value in params:
        if name.lower() == "resultfile":
            results.append(value)
        elif name.lower() == "inputfile":
            model.read(value)
        else:
            model.setParam(name, number(value))
    model.optimize()
    if model.SolCount > 0:
        for path in results:
            model.write(path)
    print(OUTCOME.get(model.Status, "Optimization ended with status %d" % model.Status))


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except gp.GurobiError as e:
        sys.exit("Gurobi error: %s" % e)
