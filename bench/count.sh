#!/usr/bin/env bash
# Counting benchmarks (issue 10): `qspec count` on the seeds' counts.
#
#   queens   n-queens, n = 8, 10, 12 (92, 724, 14200 solutions; 12, 92, 1787
#            classes): every solution, and --up-to-symmetry.
#   a051759  OEIS A051759, the classes of the most queens each attacking
#            exactly 3 others on n x n (31, 307, 2, 9 for n = 5..8): with
#            --optimal on the maximisation model (the optimiser proves the
#            maximum first), and at the known maximum b on the bounded model
#            (count >= b, and count >= b+1: no solution).
#   blocked  16 queens on 8x8 with the fewest walls (12): 2 boards, 1 class.
#
# Usage: bench/count.sh [queens|a051759|blocked|all]
#   TIMEOUT=300   seconds per run (qspec's --timeout)
#   QSPEC=path    the qspec to measure (default: this tree's release build)
# Each row: the command's count lines and its wall-clock time.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
timeout=${TIMEOUT:-300}
. bench/common.sh

# One run of `qspec count ARGS...`: "| args | count | seconds |".
row() {
  local start took counted
  start=$(now)
  counted=$("$QSPEC" count "$@" --timeout "$timeout" 2>/dev/null | grep -v '^[co] ' | paste -sd ';' || true)
  took=$(since "$start")
  echo "| ${*} | ${counted} | ${took} s |"
}

header() {
  echo
  echo "| arguments | count | time |"
  echo "|---|---|---|"
}

queens() {
  echo "n-queens"
  header
  for n in 8 10 12; do
    row models/n-queens.qspec -D "n=$n"
    row models/n-queens.qspec -D "n=$n" --up-to-symmetry
  done
  row models/n-queens.qspec -D n=12 --up-to-symmetry --amo pairwise
}

a051759() {
  echo
  echo "OEIS A051759 (queens each attacking exactly 3 others, most of them)"
  header
  for n in 5 6 7 8; do
    row models/queens-attacking-exactly-k-max.qspec -D "n=$n" -D k=3 --optimal --up-to-symmetry
  done
  local b
  for n in 5 6 7 8; do
    b=$(case $n in 5) echo 10 ;; 6) echo 12 ;; 7) echo 16 ;; 8) echo 18 ;; esac)
    row models/queens-attacking-exactly-k.qspec -D "n=$n" -D k=3 -D "m=$b" --up-to-symmetry
    row models/queens-attacking-exactly-k.qspec -D "n=$n" -D k=3 -D "m=$((b + 1))"
  done
}

blocked() {
  echo
  echo "16 queens on 8x8, fewest walls"
  header
  row models/blocked-least-walls.qspec -D m=16 --optimal --up-to-symmetry
  row models/blocked-least-walls.qspec -D m=16 --optimal --engine cadical --up-to-symmetry
}

case "$what" in
  queens) queens ;;
  a051759) a051759 ;;
  blocked) blocked ;;
  all) queens; a051759; blocked ;;
  *) echo "usage: bench/count.sh [queens|a051759|blocked|all]" >&2; exit 2 ;;
esac
