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
    theirs=$(python3 bench/cpsat_armies.py "$n" "$timeout" "$workers" --torus)
    case "$theirs" in
        ">"*) ;;
        *) expect "CP-SAT n=$n" "${known[$n]}" "${theirs%% *}" ;;
    esac
    echo "| $n | $armies | $sat | $theirs |"
done
