"""qspec's runner for the model counters d4 and Ganak, through their Python
packages (pip install d4solver, pip install pyganak).

    python3 counters.py d4|ganak FILE.cnf

FILE.cnf is a CNF qspec wrote: its `c p show ... 0` line is the projection
(the board's decision variables). d4 reads the file itself and honours the
line; Ganak is given the clauses and the projection as its sampling set. It
prints `s mc COUNT` (the model counting competition's line) and exits 0;
exit 3 with `missing: pip install ...` when the package is not installed.
"""

import sys


def clauses_and_projection(path):
    """(number of variables, clauses, projected variables or None)."""
    n_vars, clauses, show = 0, [], None
    clause = []
    with open(path) as f:
        for line in f:
            if line.startswith("c p show"):
                show = [int(v) for v in line.split()[3:] if v != "0"]
            elif line.startswith("p cnf"):
                n_vars = int(line.split()[2])
            elif line[:1] in ("c", "p", "\n", ""):
                continue
            else:
                for lit in line.split():
                    lit = int(lit)
                    if lit == 0:
                        clauses.append(clause)
                        clause = []
                    else:
                        clause.append(lit)
    return n_vars, clauses, show


def ganak(path):
    try:
        import pyganak
    except ImportError:
        print("missing: pip install pyganak")
        sys.exit(3)
    n_vars, clauses, show = clauses_and_projection(path)
    counter = pyganak.Counter()
    counter.new_vars(n_vars)
    counter.add_clauses(clauses)
    if show is not None:
        counter.set_sampling_set(show)
    return counter.count()


def d4(path):
    try:
        import py_d4
    except ImportError:
        print("missing: pip install d4solver")
        sys.exit(3)
    return int(py_d4.Solver(path).count().getIntResult())


def main(args):
    if len(args) != 2 or args[0] not in ("d4", "ganak"):
        sys.exit("usage: counters.py d4|ganak FILE.cnf")
    count = ganak(args[1]) if args[0] == "ganak" else d4(args[1])
    sys.stdout.flush()
    print("s mc %d" % count)


if __name__ == "__main__":
    main(sys.argv[1:])
