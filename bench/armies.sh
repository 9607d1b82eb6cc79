#!/usr/bin/env bash
# Peaceable queens (issue 39): qspec's `models/peaceable-queens.qspec`
# (the line view: one indicator a colour and line segment) beside OR-tools
# CP-SAT on the standard pairwise model (w[i] + b[j] <= 1 for every two
# cells a queen's move apart, sum w == sum b, maximize sum w), each asked to
# prove the optimum of n = N_FROM..N_TO.
#
# Usage: bench/armies.sh
#   N_FROM=6 N_TO=9   the board sizes
#   TIMEOUT=300       seconds per run, either solver
#   WORKERS=2         CP-SAT's workers (qspec's portfolio uses both cores)
#   QSPEC=path        the qspec to measure (default: this tree's release build)
# A cell is "m in seconds", or ">T" when the optimum is not proven in time.
# Needs `pip install ortools`.
set -euo pipefail
cd "$(dirname "$0")/.."
from=${N_FROM:-6}
to=${N_TO:-9}
timeout=${TIMEOUT:-300}
workers=${WORKERS:-2}
. bench/common.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/cpsat.py" <<'PY'
import sys, time
from ortools.sat.python import cp_model
n, timeout, workers = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
cells = [(r, c) for r in range(n) for c in range(n)]
m = cp_model.CpModel()
w = {x: m.NewBoolVar(f"w{x}") for x in cells}
b = {x: m.NewBoolVar(f"b{x}") for x in cells}
for x in cells:
    m.Add(w[x] + b[x] <= 1)
for (r1, c1) in cells:
    for (r2, c2) in cells:
        if (r1, c1) != (r2, c2) and (r1 == r2 or c1 == c2 or abs(r1 - r2) == abs(c1 - c2)):
            m.Add(w[(r1, c1)] + b[(r2, c2)] <= 1)
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
PY
echo "| n | qspec (portfolio, 2 cores) | CP-SAT ($workers workers) |"
echo "|---|---|---|"
for n in $(seq "$from" "$to"); do
    start=$(now)
    if out=$(timeout "$timeout" "$QSPEC" solve models/peaceable-queens.qspec -D "n=$n" 2>/dev/null); then
        t=$(since "$start")
        m=$(echo "$out" | sed -n 's/^count white = \([0-9]*\) (proven optimal)$/\1/p')
        ours="$m in $t s"
    else
        ours=">$timeout"
    fi
    theirs=$(python3 "$work/cpsat.py" "$n" "$timeout" "$workers")
    echo "| $n | $ours | $theirs |"
done
