#!/usr/bin/env python3
"""OR-tools CP-SAT on peaceable queens, the standard pairwise model:
w[i] + b[j] <= 1 for every two cells a queen's move apart (on a torus,
`--torus`, the lines wrap round the edges), sum w == sum b, maximize sum w.
Prints "m in T s" when the optimum is proven in time, else ">T (best m)".
Used by bench/armies.sh and bench/torus.sh.

Usage: python3 bench/cpsat_armies.py N TIMEOUT WORKERS [--torus]
"""

import sys
import time

from ortools.sat.python import cp_model

n, timeout, workers = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
torus = "--torus" in sys.argv[4:]
cells = [(r, c) for r in range(n) for c in range(n)]


def together(a, b):
    """Whether a queen on `a` attacks `b` (nothing stands between in the
    line view: a line holds one army)."""
    if torus:
        dr, dc = (b[0] - a[0]) % n, (b[1] - a[1]) % n
        return dr == 0 or dc == 0 or dr == dc or (dr + dc) % n == 0
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


m = cp_model.CpModel()
w = {x: m.NewBoolVar(f"w{x}") for x in cells}
b = {x: m.NewBoolVar(f"b{x}") for x in cells}
for x in cells:
    m.Add(w[x] + b[x] <= 1)
for x in cells:
    for y in cells:
        if x != y and together(x, y):
            m.Add(w[x] + b[y] <= 1)
m.Add(sum(w.values()) == sum(b.values()))
m.Maximize(sum(w.values()))
s = cp_model.CpSolver()
s.parameters.max_time_in_seconds = timeout
s.parameters.num_workers = workers
t = time.monotonic()
status = s.Solve(m)
t = time.monotonic() - t
if status == cp_model.OPTIMAL:
    print(f"{int(s.ObjectiveValue())} in {t:.1f} s")
else:
    print(f">{timeout:.0f} (best {int(s.ObjectiveValue()) if status == cp_model.FEASIBLE else '-'})")
