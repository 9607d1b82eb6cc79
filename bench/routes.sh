#!/usr/bin/env bash
# Which solver for which model: the seed problems through every route qspec
# offers — the embedded engines, and each external solver family on the file
# it reads (CNF for SAT, OPB for PB, WCNF for MaxSAT, LP/MPS for MIP, MPS for
# CP-SAT, MiniZinc for CP) — one row a problem, one column a route, each cell
# the time to a proven answer (">T": not within the timeout; "—": the route
# cannot take the model, e.g. a SAT solver and an objective; "fails": the
# solver stopped with an error, e.g. Gurobi's size-limited licence), and
# every answer checked: a route that answers another value than the one
# expected stops the script with an error.
#
# Usage: bench/routes.sh
#   TIMEOUT=60   seconds per run (qspec's --timeout)
#   ROUTES="..." the routes to run (default: every one whose solver is installed)
#   QSPEC=path   the qspec to measure (default: this tree's release build)
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${TIMEOUT:-60}
. bench/common.sh

# problem label | model and defines | the value to expect (an optimum, or
# "sat"/"unsat" for a decision problem)
problems=(
  "8 queens|models/eight-queens.qspec|sat"
  "5^3 most queens|models/queens-3d-5.qspec|13"
  "Q_3(8): 8x8, each attacks 3|models/queens-attacking-exactly-k-max.qspec -D n=8 -D k=3|18"
  "Q_2(6): 6x6, each attacks 2|models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=2|10"
  "8x8 queen domination with 4|models/queen-domination.qspec -D n=8 -D m=4|unsat"
  "8x8 least walls for 10 queens|models/blocked-least-walls.qspec -D m=10|2"
  "kings 20x20|models/kings.qspec -D n=20|100"
  "(6,3) >= 22|models/queens-nd-cliques-inf.qspec -D n=6 -D m=22|unsat"
)

installed() { command -v "$1" >/dev/null 2>&1; }
py_has() { python3 -c "import $1" >/dev/null 2>&1; }

all_routes=("embedded" "embedded:clique")
installed kissat && all_routes+=("kissat")
installed cadical && all_routes+=("cadical")
installed clasp && all_routes+=("clasp")
installed cbc && all_routes+=("cbc")
py_has highspy && installed highs && all_routes+=("highs")
installed scip && all_routes+=("scip")
py_has gurobipy && all_routes+=("gurobi")
py_has ortools && all_routes+=("cp-sat")
installed minizinc && all_routes+=("minizinc:gecode")
read -r -a routes <<<"${ROUTES:-${all_routes[*]}}"

# The qspec arguments of a route.
route_args() {
  case "$1" in
    embedded) echo "" ;;
    embedded:clique) echo "--engine clique" ;;
    *) echo "--solver $1" ;;
  esac
}

# One run: "time verdict" (verdict: the optimum, sat, unsat, >T, refused, failed).
run() { # route model...
  local route=$1; shift
  local t0 out code verdict
  t0=$(now)
  set +e
  out=$($QSPEC solve "$@" $(route_args "$route") --timeout "$timeout" 2>/dev/null)
  code=$?
  set -e
  case $code in
    0) verdict=$(grep -m1 -oE '^(count|walls) = -?[0-9]+' <<<"$out" | awk '{print $3}') ;;
    10) if grep -q "proven optimal" <<<"$out"; then verdict=opt; elif grep -q '^s SATISFIABLE' <<<"$out" && ! grep -qE '^(count|walls) = ' <<<"$out"; then verdict=sat; else verdict=">$timeout"; fi ;;
    20) verdict=unsat ;;
    2) verdict=refused ;;
    1) if grep -q "no solution found before" <<<"$out"; then verdict=">$timeout"; else verdict=failed; fi ;;
    *) verdict=">$timeout" ;;
  esac
  if [ "$verdict" != "sat" ] && grep -q "breaks" <<<"$out"; then verdict=WRONG; fi
  echo "$(since "$t0") $verdict"
}

printf '| problem | %s |\n' "$(IFS='|'; echo "${routes[*]}" | sed 's/|/ | /g')"
printf '|---|%s\n' "$(for _ in "${routes[@]}"; do printf -- '---|'; done)"
for p in "${problems[@]}"; do
  IFS='|' read -r label spec expect <<<"$p"
  read -r -a args <<<"$spec"
  row="| $label |"
  for route in "${routes[@]}"; do
    read -r secs verdict <<<"$(run "$route" "${args[@]}")"
    case $verdict in
      "$expect") cell="$secs s" ;;
      refused) cell="—" ;;
      failed) cell="fails" ;;
      ">"*) cell=">$timeout s" ;;
      *) echo "error: $route on $label answered $verdict, expected $expect" >&2; exit 1 ;;
    esac
    row="$row $cell |"
  done
  echo "$row"
done
