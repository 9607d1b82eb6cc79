#!/usr/bin/env bash
# Hint benchmarks (issue 9): the seeds' hard instances with and without hints.
#
#   blog     Q_3(n), queens each attacking exactly 3 others on n x n: the
#            bound b = 2*floor((6n-2)/5) found, b+1 and b+2 proven impossible;
#            the default (automatic `hint lines`) against --no-auto-hints, and
#            --rays chain (the default) against --rays direct.
#   optimum  Q_3(n) as an optimisation (`maximize count`): the optimum proven
#            by `solve`, which decides the line identity's bound first, for
#            n = N_FROM (default 5) .. OPT_TO (default 30).
#   thesis   (n,d)-queens "Inf" instances (count >= optimum + 1, impossible):
#            Base, Cube, Star, C+S, C+S+symmetry (the thesis' variants), with
#            the default engine, and Base with the clique engine (no SAT
#            solver); LP=1 adds HiGHS and SCIP on the C+S LP.
#            (7,3) takes the clique engine about 3 minutes: TIMEOUT=300.
#   blocked  the least-walls model on 8x8, m = 12..16 queens, with and
#            without `hint break_symmetry`.
#
# Usage: bench/hints.sh [blog|optimum|thesis|blocked|all]
#   TIMEOUT=60      seconds per run (qspec's --timeout, and a hard limit)
#   N_FROM=8 N_TO=18  the blog's board sizes
#   LP=1            also run HiGHS and SCIP on the thesis' C+S LP
#   QSPEC=path      the qspec to measure (default: this tree's release build)
# Each cell is "seconds verdict": SAT found, UNSAT proven, OPT optimum proven
# (with its value), or ">T" at the timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
timeout=${TIMEOUT:-60}
. bench/common.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One run of `qspec solve ARGS...`: prints "seconds verdict"; a verdict
# that is not EXPECTED (SAT, UNSAT or "OPT value") stops the script.
cell() { # expected args...
  local expected=$1 start took verdict
  shift
  start=$(now)
  verdict=$(timeout $((timeout + 10)) "$QSPEC" solve "$@" --timeout "$timeout" 2>/dev/null |
    awk '/^o /{best=$2} /^s /{s=$2} END{
      if (s=="SATISFIABLE") print "SAT";
      else if (s=="UNSATISFIABLE") print "UNSAT";
      else if (s=="OPTIMUM") print "OPT " best;
      else print "-"}' || true)
  took=$(since "$start")
  [ "$verdict" = "-" ] || expect "solve $*" "$expected" "$verdict"
  if [ "$verdict" = "-" ]; then
    echo ">$timeout"
  elif python3 -c "import sys; sys.exit(0 if $took < $timeout else 1)"; then
    echo "$took $verdict"
  else
    echo ">$timeout ($verdict)"
  fi
}

blog() {
  local model=models/queens-attacking-exactly-k.qspec
  echo "Q_3(n) (blog): seconds, timeout $timeout s; b = 2*floor((6n-2)/5)"
  echo
  echo "| n | b | find b | find b, --no-auto-hints | find b, --rays direct | b+1 | b+2 | b+2, --no-auto-hints |"
  echo "|---|---|---|---|---|---|---|---|"
  for n in $(seq "${N_FROM:-8}" "${N_TO:-18}"); do
    local b=$((2 * ((6 * n - 2) / 5)))
    local args=("$model" -D "n=$n" -D k=3)
    echo "| $n | $b | $(cell SAT "${args[@]}" -D "m=$b") | $(cell SAT "${args[@]}" -D "m=$b" --no-auto-hints)" \
      "| $(cell SAT "${args[@]}" -D "m=$b" --rays direct) | $(cell UNSAT "${args[@]}" -D "m=$((b + 1))")" \
      "| $(cell UNSAT "${args[@]}" -D "m=$((b + 2))") | $(cell UNSAT "${args[@]}" -D "m=$((b + 2))" --no-auto-hints) |"
  done
}

optimum() {
  local model=models/queens-attacking-exactly-k-max.qspec
  echo "Q_3(n) maximised (solve): seconds, timeout $timeout s; b = 2*floor((6n-2)/5)"
  echo
  echo "| n | b | solve |"
  echo "|---|---|---|"
  for n in $(seq "${N_FROM:-5}" "${OPT_TO:-30}"); do
    # Q_3(n) = b for every n = 5..30 (proven by qspec: docs/benchmarks.md).
    local b=$((2 * ((6 * n - 2) / 5)))
    echo "| $n | $b | $(cell "OPT $b" "$model" -D "n=$n" -D k=3) |"
  done
}

# The thesis' variants: "name|hint lines".
VARIANTS=(
  "Base|"
  "Cube|hint cliques cube"
  "Star|hint cliques star"
  "C+S|hint cliques cube star"
  "C+S+sym|hint cliques cube star
hint break_symmetry"
)
# The Inf instances: "n d m" (m = the known maximum + 1, impossible).
# INSTANCES="6 3 22,7 3 33" picks some.
IFS=, read -r -a INSTANCES <<< "${INSTANCES:-5 3 14,6 3 22,4 4 17,7 3 33}"

thesis() {
  echo "(n,d)-queens, count >= max+1 proven impossible: seconds, timeout $timeout s"
  echo
  local header="| instance |" rule="|---|"
  for v in "${VARIANTS[@]}"; do header+=" ${v%%|*} |"; rule+="---|"; done
  header+=" Base, --engine clique |"; rule+="---|"
  if [ -n "${LP:-}" ]; then header+=" C+S HiGHS (LP) | C+S SCIP (LP) |"; rule+="---|---|"; fi
  echo "$header"; echo "$rule"
  for inst in "${INSTANCES[@]}"; do
    read -r n d m <<< "$inst"
    local row="| ($n,$d) >= $m |"
    for v in "${VARIANTS[@]}"; do
      local file="$work/${v%%|*}.qspec"
      printf 'board %s^%s\npiece queen\nrule no_attack\ncount >= %s\n%s\n' "$n" "$d" "$m" "${v#*|}" > "$file"
      row+=" $(cell UNSAT "$file") |"
    done
    row+=" $(cell UNSAT "$work/Base.qspec" --engine clique) |"
    if [ -n "${LP:-}" ]; then
      row+=" $(cell UNSAT "$work/C+S.qspec" --solver highs) | $(cell UNSAT "$work/C+S.qspec" --solver scip) |"
    fi
    echo "$row"
  done
}

blocked() {
  echo "Least walls on 8x8 (blocked article): seconds and the proven optimum, timeout $timeout s"
  echo
  echo "| queens | known | no hint | hint break_symmetry |"
  echo "|---|---|---|---|"
  local known=([12]=5 [13]=7 [14]=9 [15]=11 [16]=12)
  for m in 12 13 14 15 16; do
    echo "| $m | ${known[$m]} | $(cell "OPT ${known[$m]}" models/blocked-least-walls.qspec -D "m=$m")" \
      "| $(cell "OPT ${known[$m]}" models/blocked-least-walls-symmetry.qspec -D "m=$m") |"
  done
}

case $what in
  blog) blog ;;
  optimum) optimum ;;
  thesis) thesis ;;
  blocked) blocked ;;
  all) blog; echo; optimum; echo; thesis; echo; blocked ;;
  *) echo "usage: bench/hints.sh [blog|thesis|blocked|all]" >&2; exit 2 ;;
esac
