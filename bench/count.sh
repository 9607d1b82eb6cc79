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
#   cubes    the optimal placements of non-attacking queens on 5^3, 6^3,
#            7^3, 4^4 and 3^5 (22, 19, 2, 1075, 22 classes; 3^5 whole: 72192),
#            listed by the clique search (the default there), and 5^3 and
#            6^3 by CaDiCaL beside it.
#   split    CaDiCaL's listing past its first 2000 solutions, in 256 cubes
#            on 1 and 2 threads: OEIS A019654 n = 9, 10 (queens attacking
#            exactly 4 others, the most: 615 and 16573 classes) and 13-queens
#            up to symmetry (9233 classes).
#
# Usage: bench/count.sh [queens|a051759|blocked|cubes|split|all]
#   TIMEOUT=300   seconds per run (qspec's --timeout)
#   QSPEC=path    the qspec to measure (default: this tree's release build)
# Each row: the command's count lines and its wall-clock time.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
timeout=${TIMEOUT:-300}
. bench/common.sh

# One run of `qspec count ARGS...`: "| args | count | seconds |"; the
# count must begin with EXPECTED (`92 solutions`, `12 classes`), or the
# script stops.
row() { # expected args...
  local expected=$1 start took counted
  shift
  start=$(now)
  counted=$("$QSPEC" count "$@" --timeout "$timeout" 2>/dev/null | grep -v '^[co] ' | paste -sd ';' || true)
  took=$(since "$start")
  expect "count $*" "$expected" "${counted:0:${#expected}}"
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
  local solutions=([8]=92 [10]=724 [12]=14200) classes=([8]=12 [10]=92 [12]=1787)
  for n in 8 10 12; do
    row "${solutions[$n]} solutions" models/n-queens.qspec -D "n=$n"
    row "${classes[$n]} classes" models/n-queens.qspec -D "n=$n" --up-to-symmetry
  done
  row "1787 classes" models/n-queens.qspec -D n=12 --up-to-symmetry --amo pairwise
}

a051759() {
  echo
  echo "OEIS A051759 (queens each attacking exactly 3 others, most of them)"
  header
  local classes=([5]=31 [6]=307 [7]=2 [8]=9) most=([5]=10 [6]=12 [7]=16 [8]=18)
  for n in 5 6 7 8; do
    row "${classes[$n]} classes" models/queens-attacking-exactly-k-max.qspec -D "n=$n" -D k=3 --optimal --up-to-symmetry
  done
  local b
  for n in 5 6 7 8; do
    b=${most[$n]}
    row "${classes[$n]} classes" models/queens-attacking-exactly-k.qspec -D "n=$n" -D k=3 -D "m=$b" --up-to-symmetry
    row "0 solutions" models/queens-attacking-exactly-k.qspec -D "n=$n" -D k=3 -D "m=$((b + 1))"
  done
}

blocked() {
  echo
  echo "16 queens on 8x8, fewest walls"
  header
  row "1 class" models/blocked-least-walls.qspec -D m=16 --optimal --up-to-symmetry
  row "1 class" models/blocked-least-walls.qspec -D m=16 --optimal --engine cadical --up-to-symmetry
}

cubes() {
  echo
  echo "The optimal placements of non-attacking queens on n^d"
  header
  local dir board
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  for board in 5^3 6^3 7^3 4^4 3^5; do
    printf 'board %s\npiece queen\nrule no_attack\nmaximize count\n' "$board" > "$dir/q$board.qspec"
  done
  row "22 classes" "$dir/q5^3.qspec" --optimal --up-to-symmetry
  row "22 classes" "$dir/q5^3.qspec" --optimal --up-to-symmetry --engine cadical
  row "19 classes" "$dir/q6^3.qspec" --optimal --up-to-symmetry
  row "19 classes" "$dir/q6^3.qspec" --optimal --up-to-symmetry --engine cadical
  row "2 classes" "$dir/q7^3.qspec" --optimal --up-to-symmetry
  row "1075 classes" "$dir/q4^4.qspec" --optimal --up-to-symmetry
  row "22 classes" "$dir/q3^5.qspec" --optimal --up-to-symmetry
  row "72192 solutions" "$dir/q3^5.qspec" --optimal
}

split() {
  echo
  echo "CaDiCaL's listing in cubes, on 1 and 2 threads"
  header
  local threads
  for threads in 1 2; do
    row "615 classes" models/queens-attacking-exactly-k-max.qspec -D n=9 -D k=4 --optimal --up-to-symmetry --threads "$threads"
    row "16573 classes" models/queens-attacking-exactly-k-max.qspec -D n=10 -D k=4 --optimal --up-to-symmetry --threads "$threads"
    row "9233 classes" models/n-queens.qspec -D n=13 --up-to-symmetry --threads "$threads"
  done
}

case "$what" in
  queens) queens ;;
  a051759) a051759 ;;
  blocked) blocked ;;
  cubes) cubes ;;
  split) split ;;
  all) queens; a051759; blocked; cubes; split ;;
  *) echo "usage: bench/count.sh [queens|a051759|blocked|cubes|split|all]" >&2; exit 2 ;;
esac
