#!/usr/bin/env bash
# Which solver for which model: the seed problems through every route qspec
# offers — the embedded engines, and each external solver family on the file
# it reads (CNF for SAT, OPB for PB, WCNF for MaxSAT, LP/MPS for MIP, MPS for
# CP-SAT, MiniZinc for CP) — one row a problem, one column a route, each cell
# the time `qspec solve` took to a proven answer (compiling, solving, reading
# back and verifying the board; ">T s": not within the timeout; "—": the
# route cannot take the model, e.g. a SAT solver and an objective; "fails":
# the solver stopped with an error, e.g. Gurobi's size-limited licence), the
# fastest route of each problem in bold, and every answer checked: a route
# that answers another value than the one expected, or a board that fails
# verification, stops the script with an error.
#
# HiGHS and SCIP run as their `highs` and `scip` programs; where those are
# not installed, stand-ins through the Python packages (highspy,
# pyscipopt) that take the same command lines are put on the PATH, and
# Kissat is the binary passagemath-kissat installs when none is on the PATH.
#
# Usage: bench/routes.sh
#   TIMEOUT=60   seconds per run (qspec's --timeout)
#   ROUTES="..." the routes to run (default: every one whose solver is installed;
#                SOLVER/FORMAT hands the solver that file, e.g. clasp/wcnf)
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

# Stand-ins for the programs that are missing, on the PATH.
standins=$(mktemp -d)
trap 'rm -rf "$standins"' EXIT
export PATH="$standins:$PATH"
if ! installed kissat && py_has sage_wheels; then
  ln -s "$(python3 -c "import os, sage_wheels; print(os.path.join(list(sage_wheels.__path__)[0], 'bin', 'kissat'))")" "$standins/kissat"
fi
if ! installed highs && py_has highspy; then
  cat >"$standins/highs" <<'PY'
#!/usr/bin/env python3
# `highs --model_file F --solution_file S [--time_limit T] [--read_solution_file R]` through highspy.
import sys, highspy
opts = dict(zip(sys.argv[1::2], sys.argv[2::2]))
h = highspy.Highs()
h.setOptionValue("output_flag", False)
if "--time_limit" in opts:
    h.setOptionValue("time_limit", float(opts["--time_limit"]))
h.readModel(opts["--model_file"])
if "--read_solution_file" in opts:
    h.readSolution(opts["--read_solution_file"], 0)
h.run()
h.writeSolution(opts["--solution_file"], 0)
PY
  chmod +x "$standins/highs"
fi
if ! installed scip && py_has pyscipopt; then
  cat >"$standins/scip" <<'PY'
#!/usr/bin/env python3
# `scip -c "[set limits time T] read F [read START] optimize write solution S quit"` through pyscipopt.
import sys, pyscipopt
words = sys.argv[sys.argv.index("-c") + 1].split()
m = pyscipopt.Model()
m.hideOutput()
reads, out = [], None
i = 0
while i < len(words):
    if words[i:i + 3] == ["set", "limits", "time"]:
        m.setParam("limits/time", float(words[i + 3])); i += 4
    elif words[i] == "read":
        reads.append(words[i + 1]); i += 2
    elif words[i:i + 2] == ["write", "solution"]:
        out = words[i + 2]; i += 3
    else:
        i += 1
m.readProblem(reads[0])
for start in reads[1:]:
    m.readSol(start)
m.optimize()
status = {"optimal": "optimal solution found", "infeasible": "infeasible"}.get(m.getStatus(), m.getStatus())
if m.getNSols() > 0:
    m.writeBestSol(out + ".best")
    best = open(out + ".best").read()
else:
    best = "no solution available\n"
open(out, "w").write("solution status: " + status + "\n" + best)
PY
  chmod +x "$standins/scip"
fi

all_routes=("embedded" "embedded:clique")
installed kissat && all_routes+=("kissat")
installed cadical && all_routes+=("cadical")
# clasp twice: a PB solver on the OPB file, a MaxSAT solver on the WCNF.
installed clasp && all_routes+=("clasp" "clasp/wcnf")
installed cbc && all_routes+=("cbc")
installed highs && all_routes+=("highs")
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
    */*) echo "--solver ${1%/*} --format ${1#*/}" ;;
    *) echo "--solver $1" ;;
  esac
}

# One run: "time verdict" (verdict: the optimum, sat, unsat, >T, refused,
# failed, WRONG).
run() { # route model...
  local route=$1; shift
  local t0 out code verdict
  t0=$(now)
  set +e
  out=$($QSPEC solve "$@" $(route_args "$route") --timeout "$timeout" 2>/dev/null)
  code=$?
  set -e
  local optimum
  optimum=$(grep -m1 -oE '^(count|walls) = -?[0-9]+' <<<"$out" | awk '{print $3}' || true)
  case $code in
    0) verdict=$optimum ;;
    # A solution without a proof: of a decision problem, the answer; of an
    # optimisation ("not proven optimal"), the timeout came first.
    10) if [ -z "$optimum" ]; then verdict=sat; else verdict=">$timeout"; fi ;;
    20) verdict=unsat ;;
    2) verdict=refused ;;
    1) if grep -q "no solution found before" <<<"$out"; then verdict=">$timeout"; else verdict=failed; fi ;;
    *) verdict=">$timeout" ;;
  esac
  if grep -q "VERIFICATION FAILED" <<<"$out"; then verdict=WRONG; fi
  echo "$(since "$t0") $verdict"
}

printf '| problem | %s |\n' "$(IFS='|'; echo "${routes[*]}" | sed 's/|/ | /g')"
printf '|---|%s\n' "$(for _ in "${routes[@]}"; do printf -- '---|'; done)"
for p in "${problems[@]}"; do
  IFS='|' read -r label spec expect <<<"$p"
  read -r -a args <<<"$spec"
  cells=()
  best=""
  for route in "${routes[@]}"; do
    read -r secs verdict <<<"$(run "$route" "${args[@]}")"
    case $verdict in
      "$expect")
        cell="$secs s"
        if [ -z "$best" ] || awk -v a="$secs" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$secs; fi ;;
      refused) cell="—" ;;
      failed) cell="fails" ;;
      ">"*) cell=">$timeout s" ;;
      *) echo "error: $route on $label answered $verdict, expected $expect" >&2; exit 1 ;;
    esac
    cells+=("$cell")
  done
  row="| $label |"
  for cell in "${cells[@]}"; do
    if [ -n "$best" ] && [ "$cell" = "$best s" ]; then cell="**$cell**"; fi
    row="$row $cell |"
  done
  echo "$row"
done
