#!/usr/bin/env bash
# --engine auto (issue 23) against every single engine, on every case of
# bench/solve.sh and bench/hints.sh: the median wall time of RUNS runs of
# each engine (cadical, kissat, portfolio, clique where it takes the model,
# auto), the best single engine, and auto's time over it.
#
# Usage: bench/auto.sh [solve|blog|optimum|thesis|blocked|extra|all]
#   RUNS=3         runs per engine and case (the median is shown)
#   TIMEOUT=30     qspec's --timeout per run, seconds (a run that hits it
#                  counts as the timeout)
#   N_FROM=8 N_TO=18   the blog's board sizes; OPT_TO=30 the optimum's
#   QSPEC=path     the qspec to measure (default: this tree's release build)
# A cell is "seconds verdict"; ">T" at the timeout; "-" where the clique
# engine refuses the model.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
runs=${RUNS:-3}
timeout=${TIMEOUT:-30}
. bench/common.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One case per line on standard input: its row of the table.
cat > "$work/measure.py" <<'PY'
import statistics, subprocess, sys, time
qspec, runs, timeout = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
def run(args, engine):
    t0 = time.monotonic()
    try:
        p = subprocess.run([qspec, "solve"] + args + ["--engine", engine, "--timeout", str(timeout)],
                           capture_output=True, text=True, timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return timeout, "-"
    t = time.monotonic() - t0
    if p.returncode == 2 and "cannot take this model" in p.stderr:
        return None, "refused"
    best = status = None
    for line in p.stdout.splitlines():
        if line.startswith("o "): best = line[2:]
        if line.startswith("s "): status = line[2:]
    verdict = {"OPTIMUM FOUND": f"OPT {best}", "UNSATISFIABLE": "UNSAT"}.get(status)
    if verdict is None and status == "SATISFIABLE" and best is None:
        verdict = "SAT"
    if verdict is None:
        return timeout, f">{timeout:g}"
    return t, verdict
for line in sys.stdin:
    label, args = line.rstrip("\n").split("|", 1)
    cells, times = [], {}
    for engine in ["cadical", "kissat", "portfolio", "clique", "auto"]:
        results = [run(args.split(), engine) for _ in range(runs)]
        if results[0][0] is None:
            cells.append("-"); continue
        t = statistics.median(r[0] for r in results)
        verdict = results[-1][1]
        times[engine] = t
        cells.append(f">{timeout:g}" if t >= timeout else f"{t:.2f} {verdict}")
    singles = [times[e] for e in times if e != "auto"]
    best = min(singles)
    auto = times["auto"]
    ratio = "-" if best >= timeout and auto >= timeout else f"{auto / max(best, 1e-9):.2f}"
    print(f"| {label} | " + " | ".join(cells) + f" | {ratio} |", flush=True)
PY

# Every case: "label|model and arguments", in the scripts' order.
cases() {
  case $1 in
  solve)
    echo "5^3 queens (13)|models/queens-3d-5.qspec"
    echo "6^3 queens (21)|bench/models/queens-3d-6.qspec"
    echo "knights 60x60 (1800)|models/knights.qspec -D n=60"
    echo "kings 100x100 (2500)|models/kings.qspec -D n=100"
    echo "bishops 30x30 (58)|models/bishops.qspec -D n=30"
    echo "rooks 50x50 (50)|models/rooks.qspec -D n=50"
    echo "blocked 8x8, 3 walls (11)|models/blocked-8x8-three-walls.qspec"
    echo "least walls, 8x8, 11 queens (3)|models/blocked-least-walls.qspec -D m=11"
    echo "Q_2(6), exactly 2 attacked (10)|models/queens-attacking-exactly-k-max.qspec -D n=6 -D k=2"
    echo "q_4(6), at most 4 attacked (16)|models/queens-attacking-at-most-k.qspec -D n=6 -D k=4"
    ;;
  blog)
    local m=models/queens-attacking-exactly-k.qspec
    for n in $(seq "${N_FROM:-8}" "${N_TO:-18}"); do
      local b=$((2 * ((6 * n - 2) / 5))) a="$m -D n=$n -D k=3"
      echo "Q_3($n) >= $b|$a -D m=$b"
      echo "Q_3($n) >= $b, --no-auto-hints|$a -D m=$b --no-auto-hints"
      echo "Q_3($n) >= $b, --rays direct|$a -D m=$b --rays direct"
      echo "Q_3($n) >= $((b + 1))|$a -D m=$((b + 1))"
      echo "Q_3($n) >= $((b + 2))|$a -D m=$((b + 2))"
      echo "Q_3($n) >= $((b + 2)), --no-auto-hints|$a -D m=$((b + 2)) --no-auto-hints"
    done
    ;;
  optimum)
    for n in $(seq "${N_FROM:-5}" "${OPT_TO:-30}"); do
      echo "Q_3($n) maximised|models/queens-attacking-exactly-k-max.qspec -D n=$n -D k=3"
    done
    ;;
  thesis)
    for inst in "5 3 14" "6 3 22" "4 4 17" "7 3 33"; do
      read -r n d m <<< "$inst"
      for v in "Base|" "Cube|hint cliques cube" "Star|hint cliques star" \
        "C+S|hint cliques cube star" "C+S+sym|hint cliques cube star
hint break_symmetry"; do
        local file="$work/$n-$d-$m-${v%%|*}.qspec"
        printf 'board %s^%s\npiece queen\nrule no_attack\ncount >= %s\n%s\n' "$n" "$d" "$m" "${v#*|}" > "$file"
        echo "($n,$d) >= $m ${v%%|*}|$file"
      done
    done
    ;;
  blocked)
    for m in 12 13 14 15 16; do
      echo "least walls, $m queens|models/blocked-least-walls.qspec -D m=$m"
      echo "least walls, $m queens, break_symmetry|models/blocked-least-walls-symmetry.qspec -D m=$m"
    done
    ;;
  extra)
    echo "30 queens on 30x30|models/n-queens.qspec -D n=30"
    echo "(7,3) optimum (32)|models/queens-nd-cliques.qspec -D n=7"
    ;;
  esac
}

# The table of one section.
table() {
  echo "auto against each engine: median seconds of $runs, timeout $timeout s ($1)"
  echo
  echo "| case | cadical | kissat | portfolio | clique | auto | auto / best |"
  echo "|---|---|---|---|---|---|---|"
  cases "$1" | python3 "$work/measure.py" "$QSPEC" "$runs" "$timeout"
  echo
}

case $what in
  solve|blog|optimum|thesis|blocked|extra) table "$what" ;;
  all) for s in solve blog optimum thesis blocked extra; do table "$s"; done ;;
  *) echo "usage: bench/auto.sh [solve|blog|optimum|thesis|blocked|extra|all]" >&2; exit 2 ;;
esac
