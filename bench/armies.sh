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
    theirs=$(python3 bench/cpsat_armies.py "$n" "$timeout" "$workers")
    echo "| $n | $ours | $theirs |"
done
