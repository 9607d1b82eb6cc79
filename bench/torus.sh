#!/usr/bin/env bash
# Peaceable queens on the torus (OEIS A279405, issue 63):
# `models/peaceable-queens-torus.qspec` solved three ways, each asked to
# prove the optimum of n = N_FROM..N_TO: the armies search (`auto`'s pick),
# the SAT route (`--engine portfolio`: Kissat and CaDiCaL side by side on
# qspec's encoding), and OR-tools CP-SAT on the pairwise model (w[i] +
# b[j] <= 1 for every two cells on one wrapped row, column or diagonal,
# sum w == sum b, maximize sum w). Every optimum is checked against the
# sequence (n <= 12) or the value docs/results.md establishes.
#
# Usage: bench/torus.sh
#   N_FROM=8 N_TO=12   the board sizes
#   TIMEOUT=300        seconds per run, any solver
#   WORKERS=2          CP-SAT's workers (qspec uses both cores)
#   QSPEC=path         the qspec to measure (default: this tree's release build)
# A cell is "m in seconds", or ">T" when the optimum is not proven in time.
# Needs `pip install ortools`.
set -euo pipefail
cd "$(dirname "$0")/.."
from=${N_FROM:-8}
to=${N_TO:-12}
timeout=${TIMEOUT:-300}
workers=${WORKERS:-2}
. bench/common.sh
known=(0 0 0 0 2 2 4 4 8 7 12 10 18 16 25 20 32)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/cpsat.py" <<'PY'
import sys, time
from ortools.sat.python import cp_model
n, timeout, workers = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
cells = [(r, c) for r in range(n) for c in range(n)]
def together(a, b):
    dr, dc = (b[0] - a[0]) % n, (b[1] - a[1]) % n
    return dr == 0 or dc == 0 or dr == dc or (dr + dc) % n == 0
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
PY
# "m in T s" for qspec's solve of n with the extra arguments, or ">T".
qspec_cell() {
    local n=$1
    shift
    local start out
    start=$(now)
    if out=$(timeout "$timeout" "$QSPEC" solve models/peaceable-queens-torus.qspec -D "n=$n" "$@" 2>/dev/null); then
        local t m
        t=$(since "$start")
        m=$(echo "$out" | sed -n 's/^count white = \([0-9]*\) (proven optimal)$/\1/p')
        [ -n "$m" ] || m=0
        expect "n=$n $*" "${known[$n]}" "$m"
        echo "$m in $t s"
    else
        echo ">$timeout"
    fi
}
echo "| n | armies search (2 threads) | SAT route (portfolio, 2 cores) | CP-SAT ($workers workers) |"
echo "|---|---|---|---|"
for n in $(seq "$from" "$to"); do
    armies=$(qspec_cell "$n")
    sat=$(qspec_cell "$n" --engine portfolio)
    theirs=$(python3 "$work/cpsat.py" "$n" "$timeout" "$workers")
    case "$theirs" in
        ">"*) ;;
        *) expect "CP-SAT n=$n" "${known[$n]}" "${theirs%% *}" ;;
    esac
    echo "| $n | $armies | $sat | $theirs |"
done
