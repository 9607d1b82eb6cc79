#!/usr/bin/env bash
# Solve benchmarks for issue 12: the embedded engines and the optimiser.
#
# 1. Engines: CaDiCaL, Kissat and the portfolio on a fixed set of 10 models
#    with objectives: the time the optimum was first printed (`o N`) and the
#    time it was proven (the run's end), median of RUNS runs.
# 2. The optimiser before and after, on issue 12's targets (knights 60x60,
#    kings 100x100, 5^3, 6^3): the same times for a baseline binary BASE
#    (e.g. main's, built elsewhere) and this tree's default engine.
#
# Usage: bench/solve.sh [engines|targets|all]
#   RUNS=3       runs per case (the median is shown)
#   TIMEOUT=120  qspec's --timeout per run, seconds
#   BASE=path    the baseline qspec for the before/after table (omitted without it)
#   QSPEC=path   the qspec to measure (default: this tree's release build)
# Each cell is "time to optimum / time to proof" in seconds; ">T" when the
# run hit the timeout (then the best value found is shown too).
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
runs=${RUNS:-3}
timeout=${TIMEOUT:-120}
. bench/common.sh

# One run: prints "best t_best t_end status" (times from the start, wall clock).
run_once() { # qspec-binary args...
  python3 - "$@" <<'PY'
import subprocess, sys, time
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
best, t_best, status = None, None, "none"
for line in p.stdout:
    if line.startswith("o "):
        best, t_best = int(line[2:]), time.monotonic() - t0
    elif line.startswith("s "):
        status = line[2:].strip().replace(" ", "_")
p.wait()
print(best, f"{t_best:.3f}" if t_best is not None else "-", f"{time.monotonic() - t0:.3f}", status)
PY
}

# The median cell of RUNS runs: "t_opt / t_proof" (or ">T (best N)");
# every run that proves an optimum must prove EXPECTED.
measure() { # label expected qspec-binary args...
  local label=$1 expected=$2 results=() result
  shift 2
  for _ in $(seq "$runs"); do
    result=$(run_once "$@" --timeout "$timeout")
    read -r best _ _ status <<< "$result"
    [ "$status" = OPTIMUM_FOUND ] && expect "$label" "$expected" "$best"
    results+=("$result")
  done
  printf '%s\n' "${results[@]}" | python3 -c '
import sys, statistics
rows = [l.split() for l in sys.stdin if l.strip()]
proven = [r for r in rows if r[3] == "OPTIMUM_FOUND"]
if len(proven) * 2 > len(rows):
    t_best = statistics.median(float(r[1]) for r in proven)
    t_end = statistics.median(float(r[2]) for r in proven)
    print(f"{t_best:.2f} / {t_end:.2f}")
else:
    best = max((int(r[0]) for r in rows if r[0] != "None"), default=None)
    print(f">{'$timeout'} (best {best})")
'
}

# The fixed set: "label|the optimum|model and -D arguments" (the label
# is shown with the optimum, which every proof must reach).
MODELS=(
  "5^3 queens|13|models/queens-3d-5.qspec"
  "6^3 queens|21|bench/models/queens-3d-6.qspec"
  "knights 60x60|1800|models/knights.qspec -D n=60"
  "kings 100x100|2500|models/kings.qspec -D n=100"
  "bishops 30x30|58|models/bishops.qspec -D n=30"
  "rooks 50x50|50|models/rooks.qspec -D n=50"
  "blocked 8x8, 3 walls|11|models/blocked-8x8-three-walls.qspec"
  "least walls, 8x8, 11 queens|3|models/blocked-least-walls.qspec -D m=11"
  "Q_2(6), exactly 2 attacked|10|models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=2"
  "q_4(6), at most 4 attacked|16|models/queens-attacking-at-most-k.qspec -D n=6 -D k=4"
)

engines() {
  echo "Engines: time to optimum / time to proof (s), median of $runs, timeout $timeout s"
  echo
  echo "| model | cadical | kissat | portfolio |"
  echo "|---|---|---|---|"
  for entry in "${MODELS[@]}"; do
    IFS='|' read -r label expected spec <<< "$entry"
    read -r -a args <<< "$spec"
    row="| $label ($expected) |"
    for engine in cadical kissat portfolio; do
      row+=" $(measure "$label, $engine" "$expected" "$QSPEC" solve "${args[@]}" --engine "$engine") |"
    done
    echo "$row"
  done
}

TARGETS=(
  "knights 60x60|1800|models/knights.qspec -D n=60"
  "kings 100x100|2500|models/kings.qspec -D n=100"
  "5^3 queens|13|models/queens-3d-5.qspec"
  "6^3 queens|21|bench/models/queens-3d-6.qspec"
)

targets() {
  echo "Optimiser before/after: time to optimum / time to proof (s), median of $runs, timeout $timeout s"
  echo
  if [ -n "${BASE:-}" ]; then
    echo "| target | before ($BASE) | after (default engine) |"
    echo "|---|---|---|"
  else
    echo "| target | after (default engine) |"
    echo "|---|---|"
  fi
  for entry in "${TARGETS[@]}"; do
    IFS='|' read -r label expected spec <<< "$entry"
    read -r -a args <<< "$spec"
    row="| $label ($expected) |"
    if [ -n "${BASE:-}" ]; then
      row+=" $(measure "$label, before" "$expected" "$BASE" solve "${args[@]}") |"
    fi
    row+=" $(measure "$label" "$expected" "$QSPEC" solve "${args[@]}") |"
    echo "$row"
  done
}

case $what in
  engines) engines ;;
  targets) targets ;;
  all) targets; echo; engines ;;
  *) echo "usage: bench/solve.sh [engines|targets|all]" >&2; exit 2 ;;
esac
